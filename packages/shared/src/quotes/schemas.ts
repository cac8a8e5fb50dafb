import { z } from 'zod';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '../ai/schemas';
import { LONG_TEXT_MAX, optionalEmail, optionalText, requiredText, SHORT_TEXT_MAX, text } from '../fields';
import { MAX_PRICE_CENTS } from '../money';

/**
 * Quotes (spec 001 §2 Quotes, §3 quote / quote_line / quote_document / email_log, §4 Quote
 * status, §5 Quote, §8 Quotes, §9). The wizard, the compose dialog and the server validate with
 * these same objects; the messages are the spec's words.
 */

// ---------------------------------------------------------------------------------------------
// Statuses and tabs
// ---------------------------------------------------------------------------------------------

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired', 'contracted', 'archived'] as const;
export type TQuoteStatus = (typeof QUOTE_STATUSES)[number];
export const ZQuoteStatus = z.enum(QUOTE_STATUSES, { error: 'Unknown quote status' });

export const QUOTE_STATUS_LABELS: Record<TQuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Expired',
  contracted: 'Contracted',
  archived: 'Archived',
};

export const QUOTE_TABS = ['all', 'active', 'accepted', 'closed'] as const;
export type TQuoteTab = (typeof QUOTE_TABS)[number];
export const QUOTE_TAB_LABELS: Record<TQuoteTab, string> = {
  all: 'All Quotes',
  active: 'Active',
  accepted: 'Accepted',
  closed: 'Closed',
};
/** The statuses in each tab (spec §2); 'all' has no restriction. */
export const QUOTE_TAB_STATUSES: Record<Exclude<TQuoteTab, 'all'>, readonly TQuoteStatus[]> = {
  active: ['draft', 'sent'],
  accepted: ['accepted', 'contracted'],
  closed: ['rejected', 'expired', 'archived'],
};
export const DEFAULT_QUOTE_TAB: TQuoteTab = 'active';

// ---------------------------------------------------------------------------------------------
// Limits and constants (spec §9)
// ---------------------------------------------------------------------------------------------

export const QUOTE_PAGE_SIZE = 50;
export const QUOTE_VALIDITY_DAYS = 30;
export const QUOTE_LINES_MAX = 100;
export const QUOTE_QTY_MAX = 1000;
export const QUOTE_RECIPIENTS_MAX = 20;
export const QUOTE_NOTES_MAX = LONG_TEXT_MAX;
export const QUOTE_ITEM_NAME_MAX = SHORT_TEXT_MAX;
export const QUOTE_SEARCH_MAX = 100;
/** The quote list is fresh for 5 minutes unless a change or a realtime event says otherwise (spec §9). */
export const QUOTE_STALE_MS = 5 * 60_000;
/** The quote id as people read it: the first 6 characters, upper case (spec §9). */
export const QUOTE_DISPLAY_ID_LENGTH = 6;

export const QUOTE_MESSAGES = {
  company: 'Please select a company',
  companyOrSponsor: 'Either company_id or sponsor_id must be provided',
  lines: 'Please add at least one quote line item',
  quantity: 'Quantity must be at least 1',
  setupFee: 'Setup fee must be 0 or more',
  price: 'Price must be 0 or more',
  subject: 'Please enter an email subject',
  body: 'Please enter email content',
  recipients: 'Please select at least one recipient',
  noQuote: 'No quote created',
  noValidEmail: 'No valid email address found for selected contacts',
  promptEmpty: 'The AI prompt cannot be empty',
  created: 'Quote created',
  createdSuccessfully: 'Quote created successfully',
  createError: 'Error creating quote',
  createFailed: 'Failed to create quote',
  statusUpdated: 'Quote status updated',
  statusFailed: 'Failed to update quote status',
  updateError: 'Error updating quote',
  deleted: 'Quote deleted successfully',
  deleteFailed: 'Failed to delete quote',
  deleteConfirm: 'Are you sure you want to delete this quote? This action cannot be undone.',
  sentTitle: 'Quote sent successfully!',
  sentDescription: 'The quote has been emailed and marked as sent.',
  sentWizard: 'Quote sent successfully',
  sendFailed: 'Failed to send quote',
  notFound: 'Quote not found',
  acceptFailed: 'Failed to accept quote',
  acceptAndCreateFailed: 'Failed to accept quote and create agreement',
  rejectFailed: 'Failed to reject quote',
  generatingPdf: 'Generating PDF...',
  pdfFailed: 'Failed to generate PDF',
  pdfFailedDescription: 'Please try again later',
  pdfNoUrl: 'PDF generation failed',
  pdfNoUrlDescription: 'No PDF URL returned',
  loadError: 'Error loading quotes',
  loading: 'Loading quotes...',
  empty: 'No quotes found',
  loadedForEditing: 'Quote loaded for editing',
  loadForEditingFailed: 'Failed to load quote for editing',
  noPermission: "You don't have permission to update quotes",
  noContacts: (company: string) => `No contacts found for company ${company}`,
  sponsorNoEmail: 'Sponsor has no email address',
  noCompany: 'Quote has no associated company or sponsor',
  sendEmailFailed: 'Failed to send email',
  notDraft: 'Only a draft quote can be edited',
  hasAgreement: 'This quote has an agreement; delete the agreement first',
  itemNotFound: 'This product or bundle is no longer in the catalogue',
  priceListNotFound: 'Price list not found',
  acceptedTitle: 'Quote Accepted Successfully!',
  agreementCreated: 'Agreement created',
} as const;

/** Why a quote in this status cannot be sent (spec §8 send blocks). */
export const QUOTE_SEND_BLOCKS: Partial<Record<TQuoteStatus, string>> = {
  accepted: 'This quote has already been accepted and cannot be sent again. Create a new quote if needed.',
  rejected: 'This quote has been rejected and cannot be sent again. Create a new quote if needed.',
  expired: 'This quote has expired and cannot be sent again. Create a new quote if needed.',
  contracted:
    'This quote has already been converted to a contract and cannot be sent again. Create a new quote if needed.',
  archived: 'This quote has been archived and cannot be sent again. Create a new quote if needed.',
};

// ---------------------------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------------------------

const cents = (message: string) =>
  z
    .number({ error: message })
    .int('Amounts are whole cents')
    .min(0, message)
    .max(MAX_PRICE_CENTS, 'Amount is too large');

const quantity = z
  .number({ error: QUOTE_MESSAGES.quantity })
  .int(QUOTE_MESSAGES.quantity)
  .min(1, QUOTE_MESSAGES.quantity)
  .max(QUOTE_QTY_MAX, `Quantity cannot exceed ${QUOTE_QTY_MAX}`);

/**
 * One line as the editor sends it: a product or a bundle (exactly one), or a setup-fee line that
 * names the product (or bundle) whose fee it is. The item name is the server's to fill from the
 * catalogue; a client value is only a fallback for an item since deleted.
 */
export const ZQuoteLineInput = z
  .object({
    productId: z.uuid({ error: 'Choose a product or bundle' }).nullish(),
    bundleId: z.uuid({ error: 'Choose a product or bundle' }).nullish(),
    qty: quantity,
    unitPriceCents: cents(QUOTE_MESSAGES.price),
    isSetupFee: z.boolean().default(false),
  })
  .refine((l) => Boolean(l.productId) !== Boolean(l.bundleId), {
    message: 'Choose a product or bundle',
    path: ['productId'],
  });
export type TQuoteLineInput = z.input<typeof ZQuoteLineInput>;
export type TQuoteLineValues = z.output<typeof ZQuoteLineInput>;

const ZLines = z
  .array(ZQuoteLineInput, { error: QUOTE_MESSAGES.lines })
  .min(1, QUOTE_MESSAGES.lines)
  .max(QUOTE_LINES_MAX, `A quote can hold at most ${QUOTE_LINES_MAX} lines`)
  .refine((lines) => lines.some((l) => !l.isSetupFee), QUOTE_MESSAGES.lines);

/** Creating a draft (leaving the wizard's first step) or replacing its lines and notes. */
export const ZQuoteInput = z.object({
  companyId: z.uuid({ error: QUOTE_MESSAGES.company }),
  lines: ZLines,
  notes: optionalText(QUOTE_NOTES_MAX, 'Notes'),
  /** The price list the lines were imported from, if any. */
  originPriceListId: z.uuid().nullish(),
});
export type TQuoteInput = z.input<typeof ZQuoteInput>;
export type TQuoteValues = z.output<typeof ZQuoteInput>;

export const ZQuoteLine = z.object({
  id: z.uuid(),
  productId: z.uuid().nullable(),
  bundleId: z.uuid().nullable(),
  itemName: z.string(),
  qty: z.number().int(),
  unitPriceCents: z.number().int(),
  isSetupFee: z.boolean(),
});
export type TQuoteLine = z.infer<typeof ZQuoteLine>;

// ---------------------------------------------------------------------------------------------
// List and detail
// ---------------------------------------------------------------------------------------------

const ZPage = z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(100_000).default(1);

export const ZQuoteListQuery = z.object({
  q: text(QUOTE_SEARCH_MAX, 'Search').trim().optional(),
  status: ZQuoteStatus.optional(),
  tab: z.enum(QUOTE_TABS).default(DEFAULT_QUOTE_TAB),
  company: z.uuid({ error: 'Company must be an id' }).optional(),
  page: ZPage,
});
export type TQuoteListQuery = z.input<typeof ZQuoteListQuery>;

export const ZQuoteSummary = z.object({
  id: z.uuid(),
  status: ZQuoteStatus,
  companyId: z.uuid(),
  companyName: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Year-1 total: every line's qty × unit price, setup fees included (spec §9). */
  totalCents: z.number().int(),
  hasPdf: z.boolean(),
  /** The agreement made from this quote, if any. */
  agreementId: z.uuid().nullable(),
});
export type TQuoteSummary = z.infer<typeof ZQuoteSummary>;

export const ZQuoteTabCounts = z.object({
  all: z.number().int(),
  active: z.number().int(),
  accepted: z.number().int(),
  closed: z.number().int(),
});
export type TQuoteTabCounts = z.infer<typeof ZQuoteTabCounts>;

export const ZQuoteList = z.object({
  quotes: z.array(ZQuoteSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: ZQuoteTabCounts,
});
export type TQuoteList = z.infer<typeof ZQuoteList>;

export const ZQuoteDetail = ZQuoteSummary.extend({
  companyStatus: z.string(),
  lines: z.array(ZQuoteLine),
  /** The annual renewal: the lines without setup fees (spec §9). */
  renewalCents: z.number().int(),
  notes: z.string().nullable(),
  /** The e-mail drafted for this quote, kept between the wizard's steps. */
  emailSubject: z.string().nullable(),
  emailBody: z.string().nullable(),
  recipientEmails: z.string().nullable(),
  originPriceListId: z.uuid().nullable(),
  acceptedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
});
export type TQuoteDetail = z.infer<typeof ZQuoteDetail>;

// ---------------------------------------------------------------------------------------------
// E-mail, send, accept
// ---------------------------------------------------------------------------------------------

/** Step 2 saved on the draft: the subject and body as typed, merge tags and all. */
export const ZQuoteEmailInput = z.object({
  subject: requiredText(EMAIL_SUBJECT_MAX, 'Subject', QUOTE_MESSAGES.subject),
  body: requiredText(EMAIL_BODY_MAX, 'Body', QUOTE_MESSAGES.body),
});
export type TQuoteEmailInput = z.input<typeof ZQuoteEmailInput>;

/**
 * Sending: the e-mail (plain text; line breaks become <br>), the company's contacts it goes to,
 * and an optional copy to the sender ('Send me a copy').
 */
export const ZQuoteSend = ZQuoteEmailInput.extend({
  contactIds: z
    .array(z.uuid({ error: QUOTE_MESSAGES.recipients }), { error: QUOTE_MESSAGES.recipients })
    .min(1, QUOTE_MESSAGES.recipients)
    .max(QUOTE_RECIPIENTS_MAX, `Select at most ${QUOTE_RECIPIENTS_MAX} recipients`),
  copyEmail: optionalEmail(),
});
export type TQuoteSend = z.input<typeof ZQuoteSend>;

export const ZQuoteSendResult = z.object({
  quote: ZQuoteDetail,
  /** The addresses the quote went to (the copy not included). */
  sentTo: z.array(z.string()),
});
export type TQuoteSendResult = z.infer<typeof ZQuoteSendResult>;

/**
 * Accepting (spec §4): 'create' is Create Agreement Now, 'skip' is Accept Quote Only (and
 * Customize Agreement, which opens the agreement form next), 'auto' follows the organization's
 * workflow mode (advanced creates one, basic does not).
 */
export const QUOTE_ACCEPT_AGREEMENT = ['create', 'skip', 'auto'] as const;
export const ZQuoteAccept = z.object({
  agreement: z.enum(QUOTE_ACCEPT_AGREEMENT).default('auto'),
  /** Reject the company's other sent quotes at the same time. */
  rejectOtherQuotes: z.boolean().default(false),
});
export type TQuoteAccept = z.input<typeof ZQuoteAccept>;

export const ZQuoteAcceptResult = z.object({
  quote: ZQuoteDetail,
  agreementId: z.uuid().nullable(),
  /** Other sent quotes of the company that were rejected with it. */
  rejectedQuoteIds: z.array(z.uuid()),
});
export type TQuoteAcceptResult = z.infer<typeof ZQuoteAcceptResult>;

/** 'Generate Message via AI' (the wizard's step 2 and the compose dialog). */
export const ZQuoteEmailDraftInput = z.object({
  companyId: z.uuid({ error: QUOTE_MESSAGES.company }),
  lines: z
    .array(
      z.object({
        itemName: requiredText(QUOTE_ITEM_NAME_MAX, 'Item name'),
        qty: quantity,
        unitPriceCents: cents(QUOTE_MESSAGES.price),
        isSetupFee: z.boolean().default(false),
      }),
    )
    .max(QUOTE_LINES_MAX)
    .default([]),
  /** The 'Customize AI Email Generation' prompt; blank uses the default. */
  customPrompt: optionalText(1000, 'AI prompt'),
});
export type TQuoteEmailDraftInput = z.input<typeof ZQuoteEmailDraftInput>;

export const ZQuoteEmailDraft = z.object({ subject: z.string(), body: z.string() });
export type TQuoteEmailDraft = z.infer<typeof ZQuoteEmailDraft>;
