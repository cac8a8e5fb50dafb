import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { dollarsToCents, formatMoney } from '../money';
import { FUNDRAISING_LIMITS, type TEmailHistory, type TReminderSchedule } from './schemas';

/**
 * The campaign rules both apps share (spec 002 §4.1, §4.2, §4.4, §5.5, §9): the reminder table,
 * the launch mode, the completion estimate, the donor key, progress and the e-mail placeholders.
 */

// ---------------------------------------------------------------------------------------------
// Dates and reminders (§4.3, §4.4)
// ---------------------------------------------------------------------------------------------

/** Start today, end 30 days later (§4.3), as YYYY-MM-DD. */
export function defaultCampaignDates(today: string): { startsAt: string; endsAt: string } {
  return {
    startsAt: today,
    endsAt: format(addDays(parseISO(today), FUNDRAISING_LIMITS.defaultLengthDays), 'yyyy-MM-dd'),
  };
}

/** The calendar's range: 1 January of this year to 31 December five years ahead (§2.2). */
export function calendarRange(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  return { from: `${year}-01-01`, to: `${year + FUNDRAISING_LIMITS.calendarYearsAhead}-12-31` };
}

/** Campaign length in days, or null without both dates. */
export function campaignLengthDays(
  startsAt: string | null | undefined,
  endsAt: string | null | undefined,
): number | null {
  if (!startsAt || !endsAt) return null;
  return differenceInCalendarDays(parseISO(endsAt), parseISO(startsAt));
}

/** The automatic schedule by campaign length (the §4.4 table); no dates → days 7 and 21. */
export function automaticReminderDays(lengthDays: number | null): number[] {
  if (lengthDays === null) return [7, 21];
  const n = lengthDays;
  if (n <= 7) return [Math.max(1, Math.floor(n / 2))];
  if (n <= 14) return [3, Math.max(7, n - 3)];
  if (n <= 21) return [5, 15];
  if (n <= 30) return [7, Math.max(14, n - 7)];
  if (n <= 45) return [7, 21, Math.max(28, n - 7)];
  if (n <= 60) return [7, 21, 35, Math.max(42, n - 7)];
  return [7, 21, 35, 49, Math.max(56, n - 7)];
}

/** Custom reminder days: duplicates ignored, kept sorted (§4.4). */
export function normalizeReminderDays(days: readonly number[]): number[] {
  return [...new Set(days)].sort((a, b) => a - b);
}

/**
 * The days after the start on which reminders go out: the automatic table or the custom list,
 * at most max_reminders of them; none when both modes are off. Reminders are at least 2 days
 * apart (§4.4): a custom day closer than that to the one before it is left out (the automatic
 * table is always spaced wider).
 */
export function reminderDays(schedule: TReminderSchedule, startsAt: string | null, endsAt: string | null): number[] {
  const days = schedule.customScheduleEnabled
    ? normalizeReminderDays(schedule.customIntervalsDays)
    : schedule.autoScheduleEnabled
      ? automaticReminderDays(campaignLengthDays(startsAt, endsAt))
      : [];
  const spaced: number[] = [];
  for (const day of days) {
    const last = spaced.at(-1);
    if (last === undefined || day - last >= FUNDRAISING_LIMITS.reminderSpacingDays) spaced.push(day);
  }
  return spaced.slice(0, schedule.maxReminders);
}

// ---------------------------------------------------------------------------------------------
// Launch (§4.2, §5.5)
// ---------------------------------------------------------------------------------------------

export type TLaunchMode = 'first' | 'incremental' | 'all_contacted';

export function launchMode(history: Pick<TEmailHistory, 'hasPreviousSends' | 'newContacts'>): TLaunchMode {
  if (!history.hasPreviousSends) return 'first';
  return history.newContacts > 0 ? 'incremental' : 'all_contacted';
}

/** Emails × 10 seconds, in minutes rounded up (§4.2). */
export function estimatedCompletionMinutes(
  emailCount: number,
  cadenceSeconds: number = FUNDRAISING_LIMITS.sendCadenceSeconds,
): number {
  return Math.ceil((emailCount * cadenceSeconds) / 60);
}

/** The body placeholders of §5.5, in the order the editor offers them. */
export const PLACEHOLDERS = [
  '[Recipient]',
  '[Player Name]',
  '[Campaign Name]',
  '[Organization Name]',
  '[Goal Amount]',
  '[Donate Buttons]',
  '[Unsubscribe]',
] as const;
export type TPlaceholder = (typeof PLACEHOLDERS)[number];

export interface TPlaceholderValues {
  recipient: string;
  playerName: string;
  campaignName: string;
  organizationName: string;
  goalCents: number | null;
}

/**
 * Fills the text placeholders. [Donate Buttons] and [Unsubscribe] stay: they become HTML blocks
 * where the e-mail is rendered (the server's template), never text a writer could forge.
 */
export function fillTextPlaceholders(text: string, v: TPlaceholderValues): string {
  // Replacer functions, not strings: a value holding $& or $' would otherwise pull the matched
  // text or the rest of the body into the e-mail.
  const goal = v.goalCents === null ? 'our goal' : formatMoney(v.goalCents, true);
  return text
    .replaceAll('[Recipient]', () => v.recipient)
    .replaceAll('[Player Name]', () => v.playerName)
    .replaceAll('[Campaign Name]', () => v.campaignName)
    .replaceAll('[Organization Name]', () => v.organizationName)
    .replaceAll('[Goal Amount]', () => goal);
}

/** The alumni sender label: '[Sender] via Pennant' (§1). */
export function senderLabel(behalfOfName: string | null, organizationName: string): string {
  return behalfOfName ? `${behalfOfName} via Pennant` : organizationName;
}

// ---------------------------------------------------------------------------------------------
// Money, donors and progress (§9)
// ---------------------------------------------------------------------------------------------

/** Donor uniqueness: donor e-mail (case-insensitive), else the contact, else anonymous. */
export function donorKey(d: { donorEmail: string | null; contactId: string | null }): string {
  const email = d.donorEmail?.trim().toLowerCase();
  if (email) return `email:${email}`;
  if (d.contactId) return `contact:${d.contactId}`;
  return 'anonymous';
}

/** Raised as a percentage of the goal, one decimal; 0 without a goal. May pass 100 (at goal at 100% or more). */
export function progressPercentage(raisedCents: number, goalCents: number | null): number {
  if (!goalCents || goalCents <= 0) return 0;
  return Math.round((raisedCents / goalCents) * 1000) / 10;
}

/** The progress bar's fill: capped at 100% (§9). */
export function progressBarPercent(percentage: number): number {
  return Math.max(0, Math.min(100, percentage));
}

/** Goal dollars → cents, rounded (§5.1); blank (or not a number) → null. */
export function goalDollarsToCents(dollars: number | string | null | undefined): number | null {
  if (dollars === null || dollars === undefined) return null;
  // Through the digits (dollarsToCents), not the float: 12.145 * 100 is 1214.4999…, which
  // Math.round would take down to 1214 instead of 1215.
  const text = typeof dollars === 'number' ? (Number.isFinite(dollars) ? String(dollars) : '') : dollars.trim();
  if (text === '') return null;
  const cents = dollarsToCents(text);
  if (cents !== null && Number.isFinite(cents)) return cents;
  // Exponent forms ('1e3', or String() of a tiny or huge number) are numbers the digit path refuses.
  const n = Number(text);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** The list badge colour by status (§4.1): draft yellow, ready green, sent blue, anything else grey. */
export function campaignStatusTone(status: string): 'yellow' | 'green' | 'blue' | 'grey' {
  switch (status) {
    case 'draft':
      return 'yellow';
    case 'ready':
      return 'green';
    case 'sent':
      return 'blue';
    default:
      return 'grey';
  }
}

/** The last-updated line shows only when updated differs from created by more than 60 s (§2.4). */
export function showLastUpdated(createdAt: string, updatedAt: string): boolean {
  return (
    Math.abs(new Date(updatedAt).getTime() - new Date(createdAt).getTime()) >
    FUNDRAISING_LIMITS.lastUpdatedAfterSeconds * 1000
  );
}

/** The /donate query: contact_id 'undefined' or 'null' (or blank) is ignored (§2.7). */
export function cleanQueryId(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  return v === '' || v === 'undefined' || v === 'null' ? null : v;
}

/** The error a donor reads (§8.3): the two payment-setup phrases are translated. */
export function donationErrorMessage(
  serverMessage: string | null | undefined,
  messages: {
    providerNotSetUp: string;
    chargesNotEnabled: string;
    notYet: string;
    temporarily: string;
    fallback: string;
  },
): string {
  if (!serverMessage) return messages.fallback;
  const lower = serverMessage.toLowerCase();
  if (lower.includes(messages.providerNotSetUp.toLowerCase())) return messages.notYet;
  if (lower.includes(messages.chargesNotEnabled.toLowerCase())) return messages.temporarily;
  return serverMessage;
}

// ---------------------------------------------------------------------------------------------
// The launch editor's starting content (§5.5)
// ---------------------------------------------------------------------------------------------

/**
 * What the launch editor starts with when the campaign has no saved template (the spec does not
 * give one): the placeholders do the personalising, so one text serves every contact. A player
 * campaign written from the player's perspective speaks in the first person (§2.2 Perspective).
 */
export function defaultCampaignEmail(
  campaignType: 'player' | 'alumni',
  perspective: 'player' | 'team',
): { subject: string; body: string } {
  if (campaignType === 'player' && perspective === 'player') {
    return {
      subject: 'Help [Player Name] reach [Goal Amount] for [Campaign Name]',
      body: [
        'Hi [Recipient],',
        '',
        'I am raising money for [Organization Name] through **[Campaign Name]**, and my goal is [Goal Amount].',
        'Every gift, big or small, helps our team this season.',
        '',
        '[Donate Buttons]',
        '',
        'Thank you for supporting me!',
        '',
        '[Player Name]',
        '',
        '[Unsubscribe]',
      ].join('\n'),
    };
  }
  if (campaignType === 'player') {
    return {
      subject: 'Support [Player Name] and [Organization Name]',
      body: [
        'Hi [Recipient],',
        '',
        'Our team is running **[Campaign Name]**, and [Player Name] is hoping to raise [Goal Amount].',
        'Every gift, big or small, goes straight to our season.',
        '',
        '[Donate Buttons]',
        '',
        'Thank you for supporting our team!',
        '',
        '[Organization Name]',
        '',
        '[Unsubscribe]',
      ].join('\n'),
    };
  }
  return {
    subject: '[Campaign Name]: support [Organization Name]',
    body: [
      'Hi [Recipient],',
      '',
      'As one of our alumni, you are part of what makes [Organization Name] special. We are raising [Goal Amount] through **[Campaign Name]**.',
      'Every gift, big or small, helps the next generation.',
      '',
      '[Donate Buttons]',
      '',
      'Thank you for your support!',
      '',
      '[Organization Name]',
      '',
      '[Unsubscribe]',
    ].join('\n'),
  };
}

// ---------------------------------------------------------------------------------------------
// The donation's transaction id (§2.7, §9)
// ---------------------------------------------------------------------------------------------

/** What the success page and the receipt show as the transaction ID: the session id's last 12 characters. */
export function donationTransactionId(sessionId: string): string {
  return sessionId.slice(-12);
}
