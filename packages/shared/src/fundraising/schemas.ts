import { z } from 'zod';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '../ai/schemas';
import { EMAIL_MAX, email, optionalEmail, requiredText, SHORT_TEXT_MAX, text } from '../fields';
import { MAX_PRICE_CENTS } from '../money';

/**
 * Fundraising (spec 002 §2.1–2.5, §2.7, §2.8, §3, §4.1–4.4, §4.6, §5.1–5.6, §7.1–7.5, §7.7, §8.1,
 * §8.3, §8.4, §9 Campaigns and Donation): player and alumni campaigns, their contacts, the launch,
 * reminders, donations and opt-outs.
 */

// ---------------------------------------------------------------------------------------------
// Types, statuses, limits (§9)
// ---------------------------------------------------------------------------------------------

export const CAMPAIGN_TYPES = ['player', 'alumni'] as const;
export type TCampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_TYPE_LABELS: Record<TCampaignType, string> = { player: 'Player', alumni: 'Alumni' };

/** The values the product writes (§4.1); any other stored value reads as given, with a grey badge. */
export const CAMPAIGN_STATUSES = ['draft', 'ready', 'sent'] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const MESSAGE_PERSPECTIVES = ['player', 'team'] as const;
export type TMessagePerspective = (typeof MESSAGE_PERSPECTIVES)[number];
export const MESSAGE_PERSPECTIVE_LABELS: Record<TMessagePerspective, string> = {
  player: 'Individual Player',
  team: 'Team/Organization',
};

export const DONATION_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type TDonationStatus = (typeof DONATION_STATUSES)[number];
export const DONATION_FILTERS = ['all', 'paid', 'pending'] as const;
export type TDonationFilter = (typeof DONATION_FILTERS)[number];

export const INSIGHT_FILTERS = ['all', 'eligible', 'donated', 'opted_out', 'no_email'] as const;
export type TInsightFilter = (typeof INSIGHT_FILTERS)[number];
export const REMINDER_STATUSES = ['eligible', 'exempt_donated', 'opted_out'] as const;

export const AI_TONES = ['friendly', 'professional', 'enthusiastic', 'urgent'] as const;
export type TAiTone = (typeof AI_TONES)[number];

export const FUNDRAISING_LIMITS = {
  nameMin: 3,
  nameMax: SHORT_TEXT_MAX,
  behalfOfMin: 2,
  behalfOfMax: 100,
  defaultMinContactsPerPlayer: 10,
  minContactsPerPlayerMax: 1000,
  maxRemindersMax: 5,
  defaultMaxReminders: 2,
  reminderDayMin: 1,
  reminderDayMax: 365,
  customDaysMax: 20,
  /** Reminders go out at 9:00 in the organization's time zone, at least 2 days apart (§4.4). */
  reminderHour: 9,
  reminderSpacingDays: 2,
  playersMax: 500,
  playerNameMax: 100,
  contactNameMax: 200,
  /** Contacts one campaign save (or one add) may carry; a campaign may grow past it by adding more. */
  contactsPerSaveMax: 10_000,
  contactsPerAddMax: 1_000,
  /** The default campaign length: 30 days from today (§4.3). */
  defaultLengthDays: 30,
  /** Calendar range: the current year through five years ahead (§2.2). */
  calendarYearsAhead: 5,
  /** Seconds between two campaign e-mails (§9). */
  sendCadenceSeconds: 10,
  donationMinCents: 100,
  donationMaxCents: MAX_PRICE_CENTS,
  quickAmounts: [25, 50, 100, 250],
  topDonorsHeld: 10,
  topDonorsShown: 5,
  insightsPageSize: 10,
  /** Contacts a page in the detail page's Contacts section. */
  contactsPageSize: 25,
  /**
   * Campaigns a page in the Fundraising list, newest first (§2.1 shows one table; the companies
   * and quotes lists' 50 a page, decisions.md): a club of many seasons keeps hundreds.
   */
  campaignsPageSize: 50,
  /**
   * Donation Details loads 20 donations at a time, newest first, 'Load More' for the next (the
   * spec lists them all; a campaign can hold thousands). The exports read 1,000 donations, or
   * 1,000 donors, per statement, so their memory stays bounded whatever the campaign's size.
   */
  donationsPageSize: 20,
  donationsExportBatch: 1_000,
  contactPreviewFirst: 5,
  /** Virtualised lists start at 20 rows, rows 44 px, a 400 px viewport (§9). */
  virtualiseFrom: 20,
  virtualRowHeight: 44,
  virtualHeight: 400,
  /** The last-updated line shows only past this difference from created (§2.4). */
  lastUpdatedAfterSeconds: 60,
  draftRecentHours: 24,
  focusAreaMax: 500,
  callToActionMax: 300,
  teamOrGroupMax: 100,
} as const;

// ---------------------------------------------------------------------------------------------
// Messages (§5, §8.1, §8.3, §8.4): every user-facing string, once
// ---------------------------------------------------------------------------------------------

export const FUNDRAISING_MESSAGES = {
  // List (§2.1)
  empty: 'No campaigns found. Click "New Campaign" to get started.',
  fetchError: 'Error Fetching Campaigns',
  accessPolicyHint:
    'This looks like an access-policy (row-level security) refusal: check that you are a member of this organization and signed in to it.',
  // Details (§5.1)
  nameMin: 'Campaign name must be at least 3 characters',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  endAfterStart: 'End date must be after or equal to start date',
  behalfOfLength: 'Sender name must be 2 to 100 characters',
  goalInvalid: 'Goal must be a number of at least 0',
  minContactsInvalid: 'Minimum contacts per player must be a whole number of at least 0',
  maxRemindersRange: 'Max reminders must be between 0 and 5',
  reminderDayRange: 'Reminder days are whole numbers from 1 to 365',
  customDaysNeeded: 'Add at least one reminder day to enable custom scheduling.',
  fixErrors: 'Please fix the highlighted errors before continuing.',
  typeFixed: 'The campaign type cannot be changed after creation',
  paymentAccountNotConfigured:
    'Payment account connection is not configured. Alumni campaigns take donations through your payment account: set it up in Settings → Payments before launching.',
  // Players (§5.2)
  noValidPlayers: 'No valid player names found',
  duplicatePlayersSkipped: (n: number) => `${n} duplicate player(s) skipped`,
  noNewPlayers: 'No new players to add',
  playerExists: 'Player already exists',
  // Contacts (§5.3)
  contactRequired: 'Add at least one contact',
  selectPlayer: 'Please select a player',
  contactNameRequired: 'Contact name is required',
  contactEmailRequired: 'Contact email is required',
  invalidEmailFormat: 'Invalid email format',
  emailInList: 'This email is already in your contacts list',
  mapRequiredColumns: 'Please map required columns.',
  mapAllRequired: 'Please map all required fields.',
  fixAllErrors: 'Please fix all errors before importing',
  noValidContacts: 'No valid contacts to import',
  skippedDuplicates: (n: number) => `Skipped ${n} duplicate contacts`,
  noNewContacts: 'No new contacts to import',
  pasteEmpty: 'Please paste contact lines (Player, Name, Email)',
  textOrCsvOnly: 'Please upload a text or CSV file',
  csvOnly: 'Please drop a .csv file',
  csvParseFailed: 'CSV parsing failed',
  csvError: 'Error processing CSV',
  mergePreviewOnly: 'Cannot merge duplicates in preview mode (no callback)',
  cannotDeleteSent: (n: number) => `Cannot delete ${n} contact(s) that have already been sent emails`,
  cannotRemoveSent: 'Cannot remove contact that has already been sent an email',
  contactsLocked:
    'This campaign has been sent. Contacts already emailed cannot be changed; add new contacts from the campaign page.',
  // Add contacts (§5.4)
  addOneValid: 'Please add at least one valid contact with name and email',
  noValidCsvContacts: 'No valid contacts found in CSV. Use format: "Name, {email}"',
  importedFromCsv: (n: number) => `Imported ${n} contacts from CSV`,
  enterNameAndEmail: 'Please enter both name and email',
  enterValidEmail: 'Please enter a valid email address',
  addAtLeastOne: 'Please add at least one contact',
  addFailed: 'Failed to add contacts. Please try again.',
  added: (added: number, skipped: number, failed: number) =>
    `Added ${added} new contacts${skipped > 0 ? `, skipped ${skipped} already existing` : ''}${failed > 0 ? `, failed to add ${failed}` : ''}`,
  // Saving (§8.1)
  created: 'Campaign created/updated successfully',
  upserted: 'Campaign upserted successfully!',
  saveFailed: (m: string) => `Failed to upsert campaign: ${m}`,
  createFailed: (m: string) => `Failed to create/update campaign: ${m}`,
  saveError: 'An error occurred while saving the campaign',
  changesSaved: 'Campaign changes saved successfully',
  changesFailed: 'Failed to save campaign changes',
  noCampaignId: 'Cannot save changes: No campaign ID provided',
  loadFailed: (m: string) => `Failed to load campaign data: ${m}`,
  notFound: "Campaign not found or you don't have permission to access it.",
  notFoundTitle: 'Campaign Not Found',
  notFoundText: 'The requested campaign could not be found.',
  cannotDeleteSentCampaign: 'Sent campaigns cannot be deleted',
  deleted: 'Campaign deleted',
  // Launch (§5.5, §8.1)
  subjectAndBody: 'Please provide both subject and email body content',
  campaignMissing: 'Campaign information is missing',
  stripeRequired:
    'Stripe Connect must be configured before launching alumni fundraising campaigns. Please configure Stripe Connect in your organization settings.',
  allContacted:
    'All contacts have already been sent emails for this campaign. Please add more contacts before launching again.',
  authRequired: 'Authentication required. Please log in again.',
  launched: 'Campaign Launched Successfully!',
  launchFailed: (m: string) => `Failed to launch campaign: ${m}`,
  emailSaveFailed: (m: string) => `Failed to save email content: ${m}`,
  templateSaved: 'Template saved',
  templateFailed: 'Failed to save template',
  templateNotLoaded: 'Cannot save template: campaign data not loaded',
  focusRequired: 'Please enter a focus area',
  aiFailed: (m: string) => `Failed to generate content: ${m}`,
  aiReady: 'AI-generated email content ready!',
  failedToLoad: 'Failed to load campaign',
  idRequired: 'Campaign ID is required',
  // Detail (§8.1)
  playerProgressFailed: 'Failed to load player progress',
  campaignProgressFailed: 'Failed to load campaign progress',
  analyticsFailed: 'Failed to load donation analytics',
  detailsFailed: 'Failed to load donation details',
  insightsFailed: 'Failed to load contact insights. Please try again.',
  /** The Contacts section's page: the catalogue's contacts failure (§8.1 Contacts). */
  contactsFailed: 'Failed to fetch campaign contacts',
  /** The launch page's read of the e-mail history (§8.1 Contacts). */
  historyFailed: 'Failed to fetch email campaign history',
  alumniOnly: 'This component is for alumni campaigns only',
  // Donation (§5.6, §8.3)
  validAmount: 'Please enter a valid amount',
  minimumDonation: 'Minimum donation is $1.00',
  campaignNotFound: 'Campaign not found',
  noCheckoutUrl: 'No checkout URL returned',
  donationFailed: 'Failed to process donation',
  /** The server's phrase when the organization has no connected account; the page translates it. */
  providerNotSetUp: 'payment account is not set up',
  chargesNotEnabled: 'charges not enabled',
  paymentNotYetAvailable:
    'Payment processing is not yet available. The organization is still setting up their payment system. Please try again later or contact them directly.',
  paymentTemporarilyUnavailable:
    'Payment processing is temporarily unavailable. The organization needs to complete their payment setup. Please try again later.',
  /** Our wording (the spec has none): more donation attempts from one client than the limit allows. */
  donationRateLimited: 'Too many donation attempts. Please wait a few minutes and try again.',
  // Plan (spec 000 §4: no new campaigns on free after a downgrade); the wording is ours.
  premiumRequired: 'New campaigns are a Premium feature. Upgrade to Premium to create campaigns.',
} as const;

/** Unsubscribe reasons (§8.4); the wording is ours (the spec does not show it). */
export const UNSUBSCRIBE_REASONS = ['invalid-link', 'config-error', 'database-error', 'unexpected-error'] as const;
export type TUnsubscribeReason = (typeof UNSUBSCRIBE_REASONS)[number];
export const UNSUBSCRIBE_REASON_MESSAGES: Record<TUnsubscribeReason | 'other', string> = {
  'invalid-link': 'The unsubscribe link seems to be invalid or incomplete.',
  'config-error': 'The unsubscribe service is not configured correctly right now.',
  'database-error': 'There was an error updating your email preferences.',
  'unexpected-error': 'An unexpected error occurred while processing your request.',
  other: 'We could not process your unsubscribe request.',
};

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

export const ZCampaignDate = text(10, 'Date').regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');
const L = FUNDRAISING_LIMITS;
const M = FUNDRAISING_MESSAGES;

export const ZReminderSchedule = z
  .object({
    autoScheduleEnabled: z.boolean(),
    customScheduleEnabled: z.boolean(),
    customIntervalsDays: z
      .array(
        z
          .number({ error: M.reminderDayRange })
          .int(M.reminderDayRange)
          .min(L.reminderDayMin, M.reminderDayRange)
          .max(L.reminderDayMax, M.reminderDayRange),
      )
      .max(L.customDaysMax, `At most ${L.customDaysMax} reminder days`),
    maxReminders: z
      .number({ error: M.maxRemindersRange })
      .int(M.maxRemindersRange)
      .min(0, M.maxRemindersRange)
      .max(L.maxRemindersMax, M.maxRemindersRange),
  })
  .superRefine((v, ctx) => {
    if (v.autoScheduleEnabled && v.customScheduleEnabled) {
      ctx.addIssue({
        code: 'custom',
        path: ['customScheduleEnabled'],
        message: 'Choose automatic or custom reminders',
      });
    }
    if (v.customScheduleEnabled && v.customIntervalsDays.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['customIntervalsDays'], message: M.customDaysNeeded });
    }
  });
export type TReminderSchedule = z.output<typeof ZReminderSchedule>;

export const DEFAULT_REMINDER_SCHEDULE: TReminderSchedule = {
  autoScheduleEnabled: true,
  customScheduleEnabled: false,
  customIntervalsDays: [],
  maxReminders: L.defaultMaxReminders,
};

const ZPlayerName = requiredText(L.playerNameMax, 'Player name');
const ZContactName = requiredText(L.contactNameMax, 'Contact name', M.contactNameRequired);
const ZContactEmail = email(M.invalidEmailFormat);

/** A contact as the campaign dialog saves it; playerIndex −1 for alumni or unassigned (§7.1). */
export const ZCampaignContactInput = z.object({
  name: ZContactName,
  email: ZContactEmail,
  playerIndex: z.number().int().min(-1).max(L.playersMax),
});
export type TCampaignContactInput = z.output<typeof ZCampaignContactInput>;

/** The campaign save (§7.1): create without id, edit with it. The type is fixed after creation. */
export const ZCampaignInput = z
  .object({
    name: text(L.nameMax, 'Campaign name').trim().min(L.nameMin, M.nameMin),
    campaignType: z.enum(CAMPAIGN_TYPES, { error: 'Campaign type must be player or alumni' }),
    goalCents: z
      .number({ error: M.goalInvalid })
      .int(M.goalInvalid)
      .min(0, M.goalInvalid)
      .max(MAX_PRICE_CENTS, 'Goal is too large')
      .nullable(),
    startsAt: z
      .string({ error: M.startRequired })
      .min(1, M.startRequired)
      .max(10, 'Dates are YYYY-MM-DD')
      .pipe(ZCampaignDate),
    endsAt: z
      .string({ error: M.endRequired })
      .min(1, M.endRequired)
      .max(10, 'Dates are YYYY-MM-DD')
      .pipe(ZCampaignDate),
    minContactsPerPlayer: z
      .number({ error: M.minContactsInvalid })
      .int(M.minContactsInvalid)
      .min(0, M.minContactsInvalid)
      .max(L.minContactsPerPlayerMax, M.minContactsInvalid),
    messagePerspective: z.enum(MESSAGE_PERSPECTIVES),
    behalfOfName: z
      .string()
      .trim()
      .max(L.behalfOfMax, M.behalfOfLength)
      .refine((v) => v.length === 0 || v.length >= L.behalfOfMin, M.behalfOfLength)
      .refine((v) => !v.includes('\0'), 'Text cannot contain NUL characters')
      .nullish()
      .transform((v) => (v ? v : null)),
    reminderSchedule: ZReminderSchedule,
    players: z.array(z.object({ name: ZPlayerName })).max(L.playersMax, `At most ${L.playersMax} players`),
    contacts: z
      .array(ZCampaignContactInput)
      .max(L.contactsPerSaveMax, `At most ${L.contactsPerSaveMax} contacts at a time`),
    /** On edit the existing status is passed back unchanged (§4.1). */
    status: text(20, 'Status').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startsAt && v.endsAt && v.endsAt < v.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endAfterStart });
    }
  });
export type TCampaignInput = z.output<typeof ZCampaignInput>;
export type TCampaignInputRaw = z.input<typeof ZCampaignInput>;

export const ZCampaignSaved = z.object({ id: z.string(), status: z.string(), message: z.string() });
export type TCampaignSaved = z.output<typeof ZCampaignSaved>;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const ZCampaignSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  campaignType: z.enum(CAMPAIGN_TYPES),
  goalCents: z.number().int().nullable(),
  /** The whole campaign's goal: per player × players for player campaigns. */
  totalGoalCents: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  raisedCents: z.number().int(),
  playerCount: z.number().int(),
  contactCount: z.number().int(),
  /** Contacts not yet sent the campaign e-mail (the incremental send, §4.1). */
  unsentCount: z.number().int(),
  createdAt: z.string(),
});
export type TCampaignSummary = z.output<typeof ZCampaignSummary>;
/** A page number of the area's paged reads, from the query string. */
const ZPageNumber = z.coerce.number().int().min(1).max(100_000);
/** The Fundraising list's page (1 when not given; a page past the last is empty). */
export const ZCampaignListQuery = z.object({ page: ZPageNumber.default(1) });
/** One page of `campaignsPageSize` campaigns, with how many there are in all. */
export const ZCampaignList = z.object({
  campaigns: z.array(ZCampaignSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TCampaignList = z.output<typeof ZCampaignList>;

export const ZCampaignPlayer = z.object({ id: z.string(), name: z.string() });
export const ZCampaignContact = z.object({
  /** The campaign_contact row. */
  id: z.string(),
  contactId: z.string(),
  playerId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  emailSent: z.boolean(),
  optedOut: z.boolean(),
});
export type TCampaignContact = z.output<typeof ZCampaignContact>;

export const ZCampaignDetail = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  campaignType: z.enum(CAMPAIGN_TYPES),
  goalCents: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  minContactsPerPlayer: z.number().int(),
  subjectSeed: z.string().nullable(),
  bodySeed: z.string().nullable(),
  behalfOfName: z.string().nullable(),
  messagePerspective: z.enum(MESSAGE_PERSPECTIVES),
  reminderSchedule: ZReminderSchedule,
  createdAt: z.string(),
  updatedAt: z.string(),
  organizationName: z.string(),
  players: z.array(ZCampaignPlayer),
  /** How many contacts the campaign holds; the contacts themselves are read page by page (below). */
  contactCount: z.number().int(),
});
export type TCampaignDetail = z.output<typeof ZCampaignDetail>;

/**
 * A campaign's contacts in the order they were entered: one page of `contactsPageSize` when a page
 * is asked for (the detail page's Contacts section), else all of them (the editor, which saves the
 * whole list back). A campaign can hold tens of thousands, so the detail read carries none.
 */
export const ZCampaignContactsQuery = z.object({ page: ZPageNumber.optional() });
export const ZCampaignContactList = z.object({
  contacts: z.array(ZCampaignContact),
  /** All the campaign's contacts, and those of them e-mailed (Email Sent), whatever the page. */
  total: z.number().int(),
  emailedCount: z.number().int(),
});
export type TCampaignContactList = z.output<typeof ZCampaignContactList>;

/** The email history summary (§3) that picks the launch mode (§4.2). */
export const ZEmailHistory = z.object({
  totalContacts: z.number().int(),
  previouslySentContacts: z.number().int(),
  newContacts: z.number().int(),
  hasPreviousSends: z.boolean(),
  /** The subject and body of the first send, shown read-only in later modes. */
  originalSubject: z.string().nullable(),
  originalBody: z.string().nullable(),
});
export type TEmailHistory = z.output<typeof ZEmailHistory>;

export const ZPlayerProgress = z.object({
  id: z.string(),
  name: z.string(),
  raisedCents: z.number().int(),
  contactCount: z.number().int(),
  goalCents: z.number().int().nullable(),
  progressPercentage: z.number(),
});
export type TPlayerProgress = z.output<typeof ZPlayerProgress>;
export const ZPlayerProgressList = z.object({ players: z.array(ZPlayerProgress) });

/** Campaign progress: paid totals against the goal. */
export const ZCampaignProgress = z.object({
  raisedCents: z.number().int(),
  goalCents: z.number().int().nullable(),
  donationCount: z.number().int(),
  donorCount: z.number().int(),
  contactCount: z.number().int(),
  progressPercentage: z.number(),
});
export type TCampaignProgress = z.output<typeof ZCampaignProgress>;

export const ZDonationRow = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  /** Falls back to the linked contact's name and e-mail (§3). */
  donorName: z.string().nullable(),
  donorEmail: z.string().nullable(),
  contactId: z.string().nullable(),
  playerId: z.string().nullable(),
  playerName: z.string().nullable(),
});
export type TDonationRow = z.output<typeof ZDonationRow>;

/**
 * Where the next page of donations starts: the last listed donation's created_at in whole
 * microseconds since 1970 (the database keeps microseconds, a JavaScript date only milliseconds)
 * and its id, which breaks ties. Opaque to the page; at most 16 digits (before the year 2286), so it
 * always names an instant the database can hold.
 */
export const DONATION_CURSOR_PATTERN = /^(\d{1,16})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
export const ZDonationCursor = z.string().max(60, 'Invalid cursor').regex(DONATION_CURSOR_PATTERN, 'Invalid cursor');
/** The cursor's parts, for the query: microseconds as text, so no digit is lost to a JavaScript number. */
export function parseDonationCursor(cursor: string): { micros: string; id: string } | null {
  const m = DONATION_CURSOR_PATTERN.exec(cursor);
  return m?.[1] && m[2] ? { micros: m[1], id: m[2] } : null;
}
export const donationCursor = (micros: string, id: string) => `${micros}_${id}`;

export const ZDonationFilterQuery = z.object({ status: z.enum(DONATION_FILTERS).default('all') });
export const ZDonationListQuery = ZDonationFilterQuery.extend({ cursor: ZDonationCursor.optional() });
export type TDonationListQuery = z.input<typeof ZDonationListQuery>;
export const ZDonationList = z.object({
  donations: z.array(ZDonationRow),
  /** The connected account, for links to the provider's dashboard (§7.3). */
  stripeAccountId: z.string().nullable(),
});
export type TDonationList = z.output<typeof ZDonationList>;
/** One page of Donation Details: up to donationsPageSize donations, newest first. */
export const ZDonationPage = ZDonationList.extend({
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Donations matching the filter, on the first page (no cursor); null on the pages after it. */
  total: z.number().int().nullable(),
});
export type TDonationPage = z.output<typeof ZDonationPage>;

export const ZTopDonor = z.object({
  key: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  totalCents: z.number().int(),
  donationCount: z.number().int(),
});
export const ZDonationAnalytics = z.object({
  totalRaisedCents: z.number().int(),
  donationCount: z.number().int(),
  donorCount: z.number().int(),
  averageDonationCents: z.number().int(),
  /** Paid donations by local date (the organization's time zone), oldest first. */
  timeline: z.array(z.object({ date: z.string(), amountCents: z.number().int(), count: z.number().int() })),
  /** Up to 10, largest first (5 shown, then '+N more donors'). */
  topDonors: z.array(ZTopDonor),
});
export type TDonationAnalytics = z.output<typeof ZDonationAnalytics>;

export const ZInsightsQuery = z.object({
  filter: z.enum(INSIGHT_FILTERS).default('all'),
  page: ZPageNumber.default(1),
});
export const ZContactInsight = z.object({
  contactId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  receivedCampaignEmail: z.boolean(),
  donationsMade: z.number().int(),
  totalDonatedCents: z.number().int(),
  emailOptOut: z.boolean(),
  optOutAt: z.string().nullable(),
  reminderStatus: z.string(),
});
export type TContactInsight = z.output<typeof ZContactInsight>;
export const ZContactInsights = z.object({
  rows: z.array(ZContactInsight),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Rows matching the filter. */
  total: z.number().int(),
  counts: z.record(z.enum(INSIGHT_FILTERS), z.number().int()),
  stats: z.object({ totalContacts: z.number().int(), emailsSent: z.number().int(), deliveryRate: z.number() }),
});
export type TContactInsights = z.output<typeof ZContactInsights>;

// ---------------------------------------------------------------------------------------------
// Writes on an existing campaign
// ---------------------------------------------------------------------------------------------

export const ZAddContactsInput = z.object({
  contacts: z
    .array(z.object({ name: ZContactName, email: ZContactEmail, playerId: z.uuid().nullish() }))
    .min(1, M.addAtLeastOne)
    .max(L.contactsPerAddMax, `At most ${L.contactsPerAddMax} contacts at a time`),
});
export const ZAddContactsResult = z.object({
  success: z.boolean(),
  message: z.string(),
  stats: z.object({
    contactsAdded: z.number().int(),
    contactsSkipped: z.number().int(),
    contactsFailed: z.number().int(),
  }),
});
export type TAddContactsResult = z.output<typeof ZAddContactsResult>;

export const ZTemplateInput = z.object({
  subjectSeed: text(EMAIL_SUBJECT_MAX, 'Subject'),
  bodySeed: text(EMAIL_BODY_MAX, 'Body'),
});

export const ZGenerateEmailInput = z.object({
  tone: z.enum(AI_TONES),
  focusArea: requiredText(L.focusAreaMax, 'Focus area', M.focusRequired),
  callToAction: text(L.callToActionMax, 'Call to action').optional(),
  teamOrGroup: text(L.teamOrGroupMax, 'Team or group name').optional(),
});
export type TGenerateEmailInput = z.output<typeof ZGenerateEmailInput>;
/** subject and body (the editor's markdown-like text) plus its HTML. */
export const ZGeneratedEmail = z.object({ subject: z.string(), body: z.string(), html: z.string() });

export const ZLaunchInput = z.object({
  subject: requiredText(EMAIL_SUBJECT_MAX, 'Subject', M.subjectAndBody),
  /** The markdown-like body with the placeholders of §5.5. */
  body: requiredText(EMAIL_BODY_MAX, 'Body', M.subjectAndBody),
});
export type TLaunchInput = z.output<typeof ZLaunchInput>;
export const ZLaunchResult = z.object({
  emailCampaignId: z.string(),
  queued: z.number().int(),
  /** Opted-out contacts left out. */
  skipped: z.number().int(),
  incremental: z.boolean(),
  estimatedMinutes: z.number().int(),
});
export type TLaunchResult = z.output<typeof ZLaunchResult>;

// ---------------------------------------------------------------------------------------------
// Public: the donation page and the unsubscribe link (§2.7, §2.8, §7.7)
// ---------------------------------------------------------------------------------------------

export const ZPublicCampaign = z.object({
  id: z.string(),
  name: z.string(),
  campaignType: z.enum(CAMPAIGN_TYPES),
  behalfOfName: z.string().nullable(),
  organizationName: z.string(),
});
export type TPublicCampaign = z.output<typeof ZPublicCampaign>;

/** The public donation payload (§3). Ids the page could not read arrive as null. */
export const ZDonationCheckoutInput = z.object({
  campaignId: z.uuid({ error: M.idRequired }),
  amountCents: z
    .number({ error: M.validAmount })
    .int(M.validAmount)
    .positive(M.validAmount)
    .min(L.donationMinCents, M.minimumDonation)
    .max(L.donationMaxCents, 'Amount is too large'),
  donorEmail: optionalEmail().nullish(),
  playerId: z.uuid().nullish(),
  contactId: z.uuid().nullish(),
});
export type TDonationCheckoutInput = z.output<typeof ZDonationCheckoutInput>;
export const ZDonationCheckout = z.object({ checkoutUrl: z.string() });

export const ZUnsubscribeQuery = z.object({ token: text(EMAIL_MAX * 2, 'Token') });
export const ZUnsubscribeResult = z.object({
  unsubscribe: z.enum(['success', 'error']),
  reason: z.string().optional(),
});
