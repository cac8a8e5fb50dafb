import { z } from 'zod';
import { EMAIL_SUBJECT_MAX } from '../ai/schemas';
import { requiredText, text } from '../fields';

/**
 * The prospect e-mail blast (spec 002 §2.6, §3 email blast entities, §4.5, §5.7, §7.6, §8.2, §9
 * Email blast): a sponsorship lead picks active prospects and a price list, the AI writes each
 * e-mail from two seeds, the lead edits what it wants, and the server sends them paced in the
 * background with the price sheet attached.
 */

// ---------------------------------------------------------------------------------------------
// Limits and defaults (§9 Email blast)
// ---------------------------------------------------------------------------------------------

export const BLAST_LIMITS = {
  /** Recipients in one blast: a club's whole prospect list, and a bound on one request's work. */
  recipientsMax: 500,
  /** Prospects in one page of the Recipients table (GET /outreach/prospects, keyset by contact name). */
  prospectPageSize: 50,
  /**
   * The matching prospects are counted up to this many, as many as one blast takes; past it the
   * total reads '500+' (the exact number would change nothing for the blast, and counting all 36,000
   * of a large organization on every search would cost more than the page itself).
   */
  prospectCountMax: 500,
  /** The Recipients search box (contact, company or e-mail). */
  searchMax: 100,
  /** The page cursor: a company id and a contact name key (names are at most 120 characters). */
  cursorMax: 1_000,
  subjectSeedMax: EMAIL_SUBJECT_MAX,
  bodySeedMax: 2_000,
  subjectMax: EMAIL_SUBJECT_MAX,
  /** One e-mail's edited HTML, before sanitising. */
  htmlMax: 20_000,
  /** Seconds between two e-mails of a blast (BLAST_SEND_CADENCE_SECONDS on the server). */
  defaultCadenceSeconds: 30,
  /** The client's status polls (§4.5): the first after 3 s, then every 8 s. */
  firstPollMs: 3_000,
  pollEveryMs: 8_000,
  /** A progress toast at every fifth e-mail sent (§8.2). */
  progressToastEvery: 5,
} as const;

/** Companies in these pipeline statuses are prospects (the CRM's statuses before a deal). */
export const PROSPECT_STATUSES = ['prospect', 'contacted', 'negotiating'] as const;

/** Who is copied on every e-mail of the blast (§2.6 step 4); the lead by default (§9). */
export const CC_ROLES = ['lead', 'treasurer', 'me'] as const;
export type TCcRole = (typeof CC_ROLES)[number];
export const CC_ROLE_LABELS: Record<TCcRole, string> = {
  lead: 'Sponsorship Lead',
  treasurer: 'Treasurer',
  me: 'Me',
};
export const DEFAULT_CC_ROLE: TCcRole = 'lead';

export const BLAST_STATUSES = ['queued', 'completed'] as const;
export type TBlastStatus = (typeof BLAST_STATUSES)[number];
/** A recipient is sent or failed (§4.5); skipped when the address opted out before its turn. */
export const BLAST_RECIPIENT_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type TBlastRecipientStatus = (typeof BLAST_RECIPIENT_STATUSES)[number];

/** The spec's words (§2.6, §5.7, §8.2); decisions.md records the ones the spec does not quote. */
export const BLAST_MESSAGES = {
  cardTitle: 'Prospect Email Blast',
  cardText: 'Send personalized sponsorship offers to your prospects, with your price sheet attached.',
  importHint: 'Only prospects with a primary contact e-mail are listed. Import companies on the Companies page.',
  noProspects: 'No active prospects with a primary contact e-mail.',
  seedsRequired: 'Please provide both subject and body seed text',
  noOrganization: 'Organization ID not found',
  notAuthenticated: 'Not authenticated. Please sign in to use this feature.',
  queueFailed: (message: string) => `Failed to queue email blast: ${message}`,
  startFailed: (message: string) => `Error starting email processing: ${message}. The system will retry automatically.`,
  previewHtml: 'Received HTML instead of JSON...',
  previewInvalidJson: 'Invalid JSON response from server',
  processing: 'Email blast is processing in the background',
  progress: (sent: number, total: number) => `Email blast progress: ${sent}/${total} emails sent`,
  completed: (n: number) => `Email blast completed! All ${n} emails sent successfully`,
  completedWithFailures: (failed: number, total: number) =>
    `Email blast completed with ${failed} failed emails out of ${total}`,
  priceListNotFound: 'Price list not found',
  blastNotFound: 'Email blast not found',
  prospectsGone: 'Some recipients are no longer active prospects. Go back to Recipients and choose again.',
  duplicateRecipients: 'Each prospect can receive the e-mail once',
  recipientsRequired: 'Select at least one recipient',
  tooManyRecipients: `At most ${BLAST_LIMITS.recipientsMax} recipients in one blast`,
  noMatchingProspects: 'No active prospect matches this search.',
  priceListRequired: 'Choose a price list',
  noCcAddress: (role: string) => `No e-mail address is set for the ${role}. Choose another CC or add it in Settings.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

/**
 * An active prospect (§3 prospect): a pipeline company with a primary contact e-mail that has not
 * opted out. The id is the company's: one primary contact per company.
 */
export const ZBlastProspect = z.object({
  id: z.string(),
  contactName: z.string(),
  companyName: z.string(),
  email: z.string(),
});
export type TBlastProspect = z.output<typeof ZBlastProspect>;

/** A page cursor: the last row's company id, a colon, and its contact name key (as the server wrote it). */
export const PROSPECT_CURSOR_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:/;

/** GET /outreach/prospects: a search (contact, company or e-mail, case-insensitive) and the page after a cursor. */
export const ZBlastProspectQuery = z.object({
  search: text(BLAST_LIMITS.searchMax, 'Search').trim().optional(),
  after: text(BLAST_LIMITS.cursorMax, 'Cursor').regex(PROSPECT_CURSOR_PATTERN, 'Not a page cursor').optional(),
});
export type TBlastProspectQuery = z.output<typeof ZBlastProspectQuery>;

/**
 * One page of active prospects by contact name (§7.6). The total is counted on the first page only
 * (a later page's is null: the first one's stands), and up to BLAST_LIMITS.prospectCountMax:
 * `totalCapped` says there are more than `totalCount`.
 */
export const ZBlastProspectPage = z.object({
  prospects: z.array(ZBlastProspect),
  /** The next page's `after`; null on the last page. */
  nextCursor: z.string().nullable(),
  totalCount: z.number().int().nullable(),
  totalCapped: z.boolean(),
});
export type TBlastProspectPage = z.output<typeof ZBlastProspectPage>;

// ---------------------------------------------------------------------------------------------
// Preview (§7.6 personalize-email): one AI call per recipient
// ---------------------------------------------------------------------------------------------

const ZSubjectSeed = requiredText(BLAST_LIMITS.subjectSeedMax, 'Subject seed', BLAST_MESSAGES.seedsRequired);
const ZBodySeed = requiredText(BLAST_LIMITS.bodySeedMax, 'Body seed', BLAST_MESSAGES.seedsRequired);
const ZPriceListId = z.uuid({ error: BLAST_MESSAGES.priceListRequired });
const ZProspectId = z.uuid({ error: 'Unknown prospect' });

export const ZBlastPreviewInput = z.object({
  priceListId: ZPriceListId,
  prospectId: ZProspectId,
  subjectSeed: ZSubjectSeed,
  bodySeed: ZBodySeed,
});
export type TBlastPreviewInput = z.output<typeof ZBlastPreviewInput>;

/** The e-mail for one recipient: a subject and sanitised HTML the editor opens. */
export const ZBlastPreview = z.object({ subject: z.string(), html: z.string() });
export type TBlastPreview = z.output<typeof ZBlastPreview>;

// ---------------------------------------------------------------------------------------------
// Queue (§7.6 queue-email-blast) and status (§4.5)
// ---------------------------------------------------------------------------------------------

export const ZBlastRecipientInput = z.object({
  prospectId: ZProspectId,
  subject: requiredText(BLAST_LIMITS.subjectMax, 'Subject'),
  /** The final HTML (generated or edited); the server sanitises it before it is stored or sent. */
  html: requiredText(BLAST_LIMITS.htmlMax, 'Email body'),
});
export type TBlastRecipientInput = z.output<typeof ZBlastRecipientInput>;

export const ZQueueBlastInput = z.object({
  priceListId: ZPriceListId,
  subjectSeed: ZSubjectSeed,
  bodySeed: ZBodySeed,
  ccRole: z.enum(CC_ROLES, { error: 'Choose who is copied' }).default(DEFAULT_CC_ROLE),
  attachPdf: z.boolean().default(true),
  recipients: z
    .array(ZBlastRecipientInput)
    .min(1, BLAST_MESSAGES.recipientsRequired)
    .max(BLAST_LIMITS.recipientsMax, BLAST_MESSAGES.tooManyRecipients)
    .refine((r) => new Set(r.map((x) => x.prospectId)).size === r.length, BLAST_MESSAGES.duplicateRecipients),
});
export type TQueueBlastInput = z.output<typeof ZQueueBlastInput>;
export type TQueueBlastRequest = z.input<typeof ZQueueBlastInput>;

export const ZBlastQueued = z.object({ campaignId: z.string(), recipientCount: z.number().int() });
export type TBlastQueued = z.output<typeof ZBlastQueued>;

export const ZBlastStatusReply = z.object({
  id: z.string(),
  status: z.enum(BLAST_STATUSES),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  queued: z.number().int(),
  completedAt: z.string().nullable(),
});
export type TBlastStatusReply = z.output<typeof ZBlastStatusReply>;

/**
 * The draft the dialog keeps in the browser (§3 Blast draft); closing clears it. The recipients are
 * kept whole (name, company, e-mail), not as ids: the table pages and searches, so the later steps
 * cannot look them up in one list.
 */
export const ZBlastDraft = z.object({
  step: z.number().int().min(0).max(3),
  recipients: z.array(ZBlastProspect).max(BLAST_LIMITS.recipientsMax),
  priceListId: z.string().nullable(),
  subjectSeed: text(BLAST_LIMITS.subjectSeedMax),
  bodySeed: text(BLAST_LIMITS.bodySeedMax),
  samples: z
    .array(
      z.object({
        prospectId: z.string(),
        subject: text(BLAST_LIMITS.subjectMax),
        html: text(BLAST_LIMITS.htmlMax),
        failed: z.boolean().default(false),
      }),
    )
    .max(BLAST_LIMITS.recipientsMax),
  ccRole: z.enum(CC_ROLES),
  attachPdf: z.boolean(),
  savedAt: z.number(),
});
export type TBlastDraft = z.output<typeof ZBlastDraft>;
