import {
  calendarRange,
  defaultCampaignDates,
  goalDollarsToCents,
  normalizeReminderDays,
} from '@pennant/shared/fundraising/rules';
import {
  DEFAULT_REMINDER_SCHEDULE,
  FUNDRAISING_LIMITS,
  FUNDRAISING_MESSAGES,
  type TCampaignContact,
  type TCampaignContactInput,
  type TCampaignDetail,
  type TCampaignInputRaw,
  type TCampaignType,
  type TMessagePerspective,
  type TReminderSchedule,
} from '@pennant/shared/fundraising/schemas';

/**
 * The campaign dialog's form state (spec 002 §3 "Campaign form state"), kept in the browser as a
 * draft (recent for 24 hours). Contacts come from CSV import or manual entry; a contact's player is
 * an index into `players` (−1 unassigned or alumni).
 */
export interface TCsvContact {
  /** Stable id within the draft (for React keys and edits). */
  id: string;
  'Contact Name': string;
  'Contact Email': string;
  'Player Name': string;
  matchedPlayerIndex: number;
}

export interface TManualContact {
  id: string;
  playerIndex: number;
  name: string;
  email: string;
}

export interface TManualAlumniContact {
  id: string;
  name: string;
  email: string;
}

export interface TCampaignFormState {
  campaign_type: TCampaignType;
  name: string;
  /** Dollars as typed; stored as cents (×100, rounded). Blank: no goal. */
  goal_dollars: string;
  /** YYYY-MM-DD */
  starts_at: string;
  ends_at: string;
  message_perspective: TMessagePerspective;
  players: string[];
  playerInput: string;
  csvContacts: TCsvContact[];
  manualContacts: TManualContact[];
  manualAlumniContacts: TManualAlumniContact[];
  min_contacts_per_player: number;
  behalf_of_name: string;
  currentStep: number;
  /** ISO instant of the last draft save. */
  lastSaved: string | null;
  reminder_schedule: TReminderSchedule;
}

/** A contact step's props: the contact parts of the form and whether the campaign is sent (contacts locked). */
export interface TContactsStepProps {
  form: TCampaignFormState;
  onChange: (patch: Partial<TCampaignFormState>) => void;
  /** The campaign is sent: editing, CSV import and the tabs are disabled, with a banner (§4.1). */
  locked: boolean;
  /** Lower-cased addresses already sent the campaign e-mail: 'Email Sent' badge, cannot be removed. */
  sentEmails: ReadonlySet<string>;
}

// ---------------------------------------------------------------------------------------------
// Helpers: steps, defaults, the edit-mode load, the save body, the Details checks (spec §4.3, §5.1, §7.1)
// ---------------------------------------------------------------------------------------------

export type TStepKey = 'details' | 'players' | 'perspective' | 'contacts' | 'review';

/** Player campaigns have five steps, alumni three (§2.2). */
export const CAMPAIGN_STEPS: Record<TCampaignType, readonly TStepKey[]> = {
  player: ['details', 'players', 'perspective', 'contacts', 'review'],
  alumni: ['details', 'contacts', 'review'],
};

export const STEP_LABELS: Record<TStepKey, string> = {
  details: 'Details',
  players: 'Players',
  perspective: 'Perspective',
  contacts: 'Contacts',
  review: 'Review',
};

/** The step index, kept inside the type's steps (a draft may hold a player step index for an alumni form). */
export function clampStep(form: Pick<TCampaignFormState, 'campaign_type' | 'currentStep'>): number {
  const last = CAMPAIGN_STEPS[form.campaign_type].length - 1;
  return Math.min(Math.max(0, Math.trunc(form.currentStep) || 0), last);
}

/** A fresh form: the new-campaign dialog starts with type player (§2.2), 30 days from today (§4.3). */
export function newCampaignForm(today: string, type: TCampaignType = 'player'): TCampaignFormState {
  const { startsAt, endsAt } = defaultCampaignDates(today);
  return {
    campaign_type: type,
    name: '',
    goal_dollars: '',
    starts_at: startsAt,
    ends_at: endsAt,
    message_perspective: 'player',
    players: [],
    playerInput: '',
    csvContacts: [],
    manualContacts: [],
    manualAlumniContacts: [],
    min_contacts_per_player: FUNDRAISING_LIMITS.defaultMinContactsPerPlayer,
    behalf_of_name: '',
    currentStep: 0,
    lastSaved: null,
    reminder_schedule: { ...DEFAULT_REMINDER_SCHEDULE, customIntervalsDays: [] },
  };
}

/** Cents as the dollars the goal input shows ('500', '123.45'); blank without a goal. */
function goalInput(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** A saved campaign as the editor loads it: its detail and all its contacts (their own read). */
export type TEditableCampaign = TCampaignDetail & { contacts: TCampaignContact[] };

/**
 * A saved campaign as the dialog edits it: every contact becomes a manual contact (alumni: an
 * alumni contact) whose player index is found from its player id (−1 when it has none).
 */
export function formFromCampaign(c: TEditableCampaign): TCampaignFormState {
  const playerIndex = new Map(c.players.map((p, i) => [p.id, i]));
  return {
    campaign_type: c.campaignType,
    name: c.name,
    goal_dollars: goalInput(c.goalCents),
    starts_at: c.startsAt.slice(0, 10),
    ends_at: c.endsAt.slice(0, 10),
    message_perspective: c.messagePerspective,
    players: c.players.map((p) => p.name),
    playerInput: '',
    csvContacts: [],
    manualContacts:
      c.campaignType === 'player'
        ? c.contacts.map((k) => ({
            id: k.id,
            playerIndex: k.playerId ? (playerIndex.get(k.playerId) ?? -1) : -1,
            name: k.name,
            email: k.email,
          }))
        : [],
    manualAlumniContacts:
      c.campaignType === 'alumni' ? c.contacts.map((k) => ({ id: k.id, name: k.name, email: k.email })) : [],
    min_contacts_per_player: c.minContactsPerPlayer,
    behalf_of_name: c.behalfOfName ?? '',
    currentStep: 0,
    lastSaved: null,
    reminder_schedule: { ...c.reminderSchedule, customIntervalsDays: [...c.reminderSchedule.customIntervalsDays] },
  };
}

/**
 * Every contact of the form in the save's shape (§7.1): CSV then manual contacts for player
 * campaigns (their player index, −1 unassigned), the alumni list (−1) for alumni campaigns.
 */
export function formContacts(form: TCampaignFormState): TCampaignContactInput[] {
  if (form.campaign_type === 'alumni') {
    return form.manualAlumniContacts.map((c) => ({ name: c.name.trim(), email: c.email.trim(), playerIndex: -1 }));
  }
  return [
    ...form.csvContacts.map((c) => ({
      name: c['Contact Name'].trim(),
      email: c['Contact Email'].trim(),
      playerIndex: c.matchedPlayerIndex,
    })),
    ...form.manualContacts.map((c) => ({ name: c.name.trim(), email: c.email.trim(), playerIndex: c.playerIndex })),
  ];
}

/**
 * The body of the campaign save (ZCampaignInput). Alumni campaigns have no players, their sender
 * name is sent (blank → null); player campaigns send no sender name. On edit the status goes back
 * unchanged (§4.1).
 */
export function toCampaignInput(form: TCampaignFormState, status?: string): TCampaignInputRaw {
  const alumni = form.campaign_type === 'alumni';
  return {
    name: form.name.trim(),
    campaignType: form.campaign_type,
    goalCents: goalDollarsToCents(form.goal_dollars.trim()),
    startsAt: form.starts_at,
    endsAt: form.ends_at,
    minContactsPerPlayer: form.min_contacts_per_player,
    messagePerspective: form.message_perspective,
    behalfOfName: alumni ? form.behalf_of_name.trim() || null : null,
    reminderSchedule: {
      ...form.reminder_schedule,
      customIntervalsDays: normalizeReminderDays(form.reminder_schedule.customIntervalsDays),
    },
    players: alumni ? [] : form.players.map((name) => ({ name })),
    contacts: formContacts(form),
    ...(status === undefined ? {} : { status }),
  };
}

/**
 * Removing a player (§2.2 Players): that player's contacts become unassigned (−1) and the
 * indexes above it move down one, so every other contact keeps its player.
 */
export function removePlayerAt(
  form: Pick<TCampaignFormState, 'players' | 'csvContacts' | 'manualContacts'>,
  index: number,
): Pick<TCampaignFormState, 'players' | 'csvContacts' | 'manualContacts'> {
  const shift = (i: number) => (i === index ? -1 : i > index ? i - 1 : i);
  return {
    players: form.players.filter((_, i) => i !== index),
    csvContacts: form.csvContacts.map((c) => ({ ...c, matchedPlayerIndex: shift(c.matchedPlayerIndex) })),
    manualContacts: form.manualContacts.map((c) => ({ ...c, playerIndex: shift(c.playerIndex) })),
  };
}

/** A start after the end moves the end to the start (§4.3). */
export function withStartDate(
  form: Pick<TCampaignFormState, 'ends_at'>,
  startsAt: string,
): Pick<TCampaignFormState, 'starts_at' | 'ends_at'> {
  return {
    starts_at: startsAt,
    ends_at: startsAt && form.ends_at && startsAt > form.ends_at ? startsAt : form.ends_at,
  };
}

export type TDetailsField =
  | 'name'
  | 'behalf_of_name'
  | 'goal_dollars'
  | 'starts_at'
  | 'ends_at'
  | 'min_contacts_per_player'
  | 'max_reminders'
  | 'custom_days';
export type TDetailsErrors = Partial<Record<TDetailsField, string>>;

/** A typed date outside the calendar's range (§2.2): the native picker stops at it, typing does not. */
export function dateRangeMessage(today: string): string {
  const { from, to } = calendarRange(today);
  return `Dates must be between ${from} and ${to}`;
}

/** The Details step's checks (§5.1), one message per field; empty when the step may be left. */
export function validateDetails(form: TCampaignFormState, today: string): TDetailsErrors {
  const M = FUNDRAISING_MESSAGES;
  const L = FUNDRAISING_LIMITS;
  const errors: TDetailsErrors = {};
  if (form.name.trim().length < L.nameMin) errors.name = M.nameMin;
  const behalf = form.behalf_of_name.trim();
  if (
    form.campaign_type === 'alumni' &&
    behalf !== '' &&
    (behalf.length < L.behalfOfMin || behalf.length > L.behalfOfMax)
  ) {
    errors.behalf_of_name = M.behalfOfLength;
  }
  const goal = form.goal_dollars.trim();
  if (goal !== '' && !(Number.isFinite(Number(goal)) && Number(goal) >= 0)) errors.goal_dollars = M.goalInvalid;
  const { from, to } = calendarRange(today);
  const outside = (d: string) => d < from || d > to;
  if (!form.starts_at) errors.starts_at = M.startRequired;
  else if (outside(form.starts_at)) errors.starts_at = dateRangeMessage(today);
  if (!form.ends_at) errors.ends_at = M.endRequired;
  else if (form.starts_at && form.ends_at < form.starts_at) errors.ends_at = M.endAfterStart;
  else if (outside(form.ends_at)) errors.ends_at = dateRangeMessage(today);
  const min = form.min_contacts_per_player;
  if (form.campaign_type === 'player' && !(Number.isInteger(min) && min >= 0 && min <= L.minContactsPerPlayerMax)) {
    errors.min_contacts_per_player = M.minContactsInvalid;
  }
  const r = form.reminder_schedule;
  if (!(Number.isInteger(r.maxReminders) && r.maxReminders >= 0 && r.maxReminders <= L.maxRemindersMax)) {
    errors.max_reminders = M.maxRemindersRange;
  }
  if (r.customScheduleEnabled && r.customIntervalsDays.length === 0) errors.custom_days = M.customDaysNeeded;
  return errors;
}
