import { z } from 'zod';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '../ai/schemas';
import { email, LONG_TEXT_MAX, optionalEmail, optionalText, requiredText, SHORT_TEXT_MAX, text } from '../fields';
import { MAX_PRICE_CENTS } from '../money';

/**
 * Agreements, also called contracts (spec 001 §2 Agreements, §3 agreement / contract, agreement
 * lines, agreement_document, agreement timeline events, §4 Agreement status, creation and PDF,
 * §5 Agreement form and e-mail, §8 Agreements, §9 terms).
 */

// ---------------------------------------------------------------------------------------------
// Statuses, tabs, sorting
// ---------------------------------------------------------------------------------------------

export const AGREEMENT_STATUSES = [
  'active',
  'draft',
  'pending',
  'pending_signature',
  'expired',
  'cancelled',
  'terminated',
  'invoiced',
  'closed',
] as const;
export type TAgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** The spec's labels (§4); any other value is shown capitalized. */
export const AGREEMENT_STATUS_LABELS: Record<TAgreementStatus, string> = {
  active: 'Active',
  draft: 'Draft',
  pending: 'Pending',
  pending_signature: 'Pending',
  expired: 'Expired',
  cancelled: 'Cancelled',
  terminated: 'Cancelled',
  invoiced: 'Invoiced',
  closed: 'Closed',
};
export const PENDING_TOOLTIP = 'Pending signature';
export const EXPIRING_BADGE = 'Expires within 60 days';
/** Expiring soon: active, the end date 1 to 60 days away (spec §4, §9). */
export const EXPIRING_WINDOW_DAYS = 60;

/** The status filter (spec §2): each choice stands for the statuses that show that label. */
export const AGREEMENT_STATUS_FILTERS = ['all', 'active', 'expired', 'cancelled', 'pending'] as const;
export type TAgreementStatusFilter = (typeof AGREEMENT_STATUS_FILTERS)[number];
export const AGREEMENT_STATUS_FILTER_LABELS: Record<TAgreementStatusFilter, string> = {
  all: 'All',
  active: 'Active',
  expired: 'Expired',
  cancelled: 'Cancelled',
  pending: 'Pending',
};
export const AGREEMENT_FILTER_STATUSES: Record<Exclude<TAgreementStatusFilter, 'all'>, readonly TAgreementStatus[]> = {
  active: ['active'],
  expired: ['expired'],
  cancelled: ['cancelled', 'terminated'],
  pending: ['pending', 'pending_signature'],
};

export const AGREEMENT_TABS = ['all', 'active', 'expiring', 'expired', 'deleted'] as const;
export type TAgreementTab = (typeof AGREEMENT_TABS)[number];
export const AGREEMENT_TAB_LABELS: Record<TAgreementTab, string> = {
  all: 'All',
  active: 'Active',
  expiring: 'Expiring',
  expired: 'Expired',
  deleted: 'Deleted',
};

export const AGREEMENT_SORT_FIELDS = ['created_at', 'company', 'start_date', 'end_date', 'value', 'status'] as const;
export type TAgreementSortField = (typeof AGREEMENT_SORT_FIELDS)[number];
export const AGREEMENT_SORT_LABELS: Record<TAgreementSortField, string> = {
  created_at: 'Date Created',
  company: 'Company',
  start_date: 'Start Date',
  end_date: 'End Date',
  value: 'Value',
  status: 'Status',
};
export const SORT_ORDERS = ['desc', 'asc'] as const;
export type TSortOrder = (typeof SORT_ORDERS)[number];
export const SORT_ORDER_LABELS: Record<TSortOrder, string> = { desc: 'Newest First', asc: 'Oldest First' };

// ---------------------------------------------------------------------------------------------
// Terms and limits (spec §9)
// ---------------------------------------------------------------------------------------------

export const AGREEMENT_TERMS = [3, 6, 12, 18, 24] as const;
export type TAgreementTerm = (typeof AGREEMENT_TERMS)[number];
export const DEFAULT_AGREEMENT_TERM: TAgreementTerm = 12;
export const AGREEMENT_PAGE_SIZE = 50;
export const AGREEMENT_LINES_MAX = 100;
export const AGREEMENT_QTY_MAX = 1000;
export const AGREEMENT_TERMS_TEXT_MAX = LONG_TEXT_MAX;
export const AGREEMENT_CLAUSES_MAX = 50;
export const AGREEMENT_SEARCH_MAX = 100;
export const AGREEMENT_DISPLAY_ID_LENGTH = 6;
/** The page waits this long before it checks for the PDF (spec §2). */
export const PDF_CHECK_DELAY_MS = 1000;

/** The default terms and conditions: five clauses, net 30 and 30 days' written notice (spec §9). */
export const DEFAULT_AGREEMENT_CLAUSES: readonly string[] = [
  'The Sponsor agrees to pay the total agreement value according to the payment terms below.',
  'Payment is due net 30 days from the invoice date.',
  'The Organization will display the sponsorship items listed in this agreement for the full term.',
  "Either party may terminate this agreement with 30 days' written notice.",
  'Any changes to this agreement must be made in writing and agreed to by both parties.',
];

export const AGREEMENT_MESSAGES = {
  company: 'Please select a company',
  products: 'Please add at least one product',
  endDate: 'Please specify an end date',
  endBeforeStart: 'End date must be after the start date',
  quantity: 'Quantity must be at least 1',
  price: 'Price must be 0 or more',
  fetchError: 'Error fetching contracts',
  copyLoadFailed: 'Failed to load agreement data for copying',
  quoteLoadFailed: 'Failed to load quote data for agreement creation',
  quoteNotFound: 'Quote not found',
  quoteNotAccepted: 'Only an accepted quote without an agreement can become one',
  createFailed: 'Failed to create agreement',
  created: 'Agreement created',
  detailsFailed: 'Failed to load agreement details',
  notFound: 'Agreement Not Found',
  deleteFailed: 'Failed to delete agreement',
  deleted: 'Agreement deleted',
  deletedDescription: 'Moved to deleted items',
  restoreFailed: 'Failed to restore agreement',
  restored: 'Agreement restored',
  deleteConfirm: 'Are you sure you want to delete this agreement? This action can be undone from the Deleted tab.',
  noDeleteRight: 'You do not have permission to delete agreements',
  pdfFailed: 'Failed to generate agreement PDF. Please try again.',
  pdfInvalid: 'Invalid PDF response',
  noPdfToDelete: 'No PDF found to delete',
  noPdfToDownload: 'No PDF available for download',
  noPdfToView: 'No PDF available to view',
  noPdfGenerate: 'No PDF available to view. You can generate the PDF from the agreement details page.',
  noPdfAuto: 'No PDF available to view. PDF should have been auto-generated when the agreement was created.',
  pdfReady: 'Agreement PDF is ready for preview.',
  pdfDeleted: 'Agreement PDF has been successfully deleted.',
  emailFailed: 'Failed to send email. Please try again.',
  recipient: 'Please enter a recipient email address.',
  subjectAndBody: 'Please enter both subject and body content.',
  recipientName: 'Please enter a recipient name for AI personalization.',
  organizationContext: 'Organization context not available. Please refresh the page.',
  sent: (recipient: string) => `Agreement successfully sent to ${recipient}`,
  empty: 'No agreements found',
  historyEmpty: 'No history yet',
  noLines: 'No line items available for this agreement.',
  unknownCompany: 'Unknown Company',
} as const;

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

const ZPage = z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(100_000).default(1);

export const ZAgreementListQuery = z.object({
  q: text(AGREEMENT_SEARCH_MAX, 'Search').trim().optional(),
  status: z.enum(AGREEMENT_STATUS_FILTERS).default('all'),
  sort: z.enum(AGREEMENT_SORT_FIELDS).default('created_at'),
  order: z.enum(SORT_ORDERS).default('desc'),
  tab: z.enum(AGREEMENT_TABS).default('all'),
  company: z.uuid({ error: 'Company must be an id' }).optional(),
  page: ZPage,
});
export type TAgreementListQuery = z.input<typeof ZAgreementListQuery>;

export const ZAgreementRow = z.object({
  id: z.uuid(),
  status: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  quoteId: z.uuid().nullable(),
  seasonLabel: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  termMonths: z.number().int(),
  /** By the value rule of §3; null when nothing gives a value (shown as a dash). */
  valueCents: z.number().int().nullable(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type TAgreementRow = z.infer<typeof ZAgreementRow>;

export const ZAgreementTabCounts = z.object({
  all: z.number().int(),
  active: z.number().int(),
  expiring: z.number().int(),
  expired: z.number().int(),
  deleted: z.number().int(),
});
export type TAgreementTabCounts = z.infer<typeof ZAgreementTabCounts>;

export const ZAgreementList = z.object({
  agreements: z.array(ZAgreementRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: ZAgreementTabCounts,
  /** The company of the `company` filter, for the 'Filtered by' badge. */
  companyName: z.string().nullable(),
});
export type TAgreementList = z.infer<typeof ZAgreementList>;

// ---------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------

export const ZAgreementLine = z.object({
  id: z.uuid(),
  productId: z.uuid().nullable(),
  bundleId: z.uuid().nullable(),
  itemName: z.string(),
  qty: z.number().int(),
  unitPriceCents: z.number().int(),
  /** The setup fee of one, charged once; 0 when none. */
  setupFeeCents: z.number().int(),
});
export type TAgreementLine = z.infer<typeof ZAgreementLine>;

export const ZAgreementDocument = z.object({
  fileName: z.string(),
  generatedAt: z.string(),
  version: z.number().int(),
  emailSentTo: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type TAgreementDocument = z.infer<typeof ZAgreementDocument>;

export const AGREEMENT_EVENT_TYPES = [
  'agreement_created',
  'agreement_pdf_generated',
  'agreement_pdf_deleted',
  'agreement_email_sent',
  'agreement_deleted',
  'agreement_restored',
] as const;
export type TAgreementEventType = (typeof AGREEMENT_EVENT_TYPES)[number];

export const ZAgreementEvent = z.object({
  id: z.uuid(),
  eventType: z.string(),
  description: z.string(),
  occurredAt: z.string(),
  createdByName: z.string().nullable(),
  /** recipient_email, subject, pdf_attached, file_name … as the event recorded them. */
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type TAgreementEvent = z.infer<typeof ZAgreementEvent>;

export const ZAgreementDetail = ZAgreementRow.extend({
  companyEmail: z.string().nullable(),
  primaryContactName: z.string().nullable(),
  lines: z.array(ZAgreementLine),
  clauses: z.array(z.string()),
  notes: z.string().nullable(),
  /** The end date differs from start + term by more than a day (spec §9). */
  customTerm: z.boolean(),
  /** Whole months between the dates (at least 1), shown with the 'Custom' badge. */
  derivedTermMonths: z.number().int(),
  document: ZAgreementDocument.nullable(),
  events: z.array(ZAgreementEvent),
});
export type TAgreementDetail = z.infer<typeof ZAgreementDetail>;

// ---------------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------------

const ZDate = text(10, 'Date').regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

export const ZAgreementLineInput = z.object({
  productId: z.uuid({ error: AGREEMENT_MESSAGES.products }),
  qty: z
    .number({ error: AGREEMENT_MESSAGES.quantity })
    .int(AGREEMENT_MESSAGES.quantity)
    .min(1, AGREEMENT_MESSAGES.quantity)
    .max(AGREEMENT_QTY_MAX, `Quantity cannot exceed ${AGREEMENT_QTY_MAX}`),
  unitPriceCents: z
    .number({ error: AGREEMENT_MESSAGES.price })
    .int('Amounts are whole cents')
    .min(0, AGREEMENT_MESSAGES.price)
    .max(MAX_PRICE_CENTS, 'Amount is too large'),
  /** The product's setup fee is charged (shown only when the product has one). */
  includeSetupFee: z.boolean().default(false),
});
export type TAgreementLineInput = z.input<typeof ZAgreementLineInput>;

export const ZAgreementInput = z
  .object({
    companyId: z.uuid({ error: AGREEMENT_MESSAGES.company }),
    termMonths: z.union(AGREEMENT_TERMS.map((t) => z.literal(t))).default(DEFAULT_AGREEMENT_TERM),
    startDate: ZDate,
    /** null: start + term. */
    customEndDate: ZDate.nullish().transform((v) => v ?? null),
    useCustomEndDate: z.boolean().default(false),
    /** null: the default clauses; else one clause per line. */
    customTerms: optionalText(AGREEMENT_TERMS_TEXT_MAX, 'Terms and conditions'),
    notes: optionalText(LONG_TEXT_MAX, 'Notes'),
    lines: z
      .array(ZAgreementLineInput, { error: AGREEMENT_MESSAGES.products })
      .min(1, AGREEMENT_MESSAGES.products)
      .max(AGREEMENT_LINES_MAX, `An agreement can hold at most ${AGREEMENT_LINES_MAX} lines`),
    /** source=quote: the accepted quote this agreement is made from. */
    quoteId: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.useCustomEndDate && !v.customEndDate) {
      ctx.addIssue({ code: 'custom', path: ['customEndDate'], message: AGREEMENT_MESSAGES.endDate });
    }
    if (v.useCustomEndDate && v.customEndDate && v.customEndDate <= v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['customEndDate'], message: AGREEMENT_MESSAGES.endBeforeStart });
    }
  });
export type TAgreementInput = z.input<typeof ZAgreementInput>;
export type TAgreementValues = z.output<typeof ZAgreementInput>;

export const ZAgreementCreated = z.object({
  id: z.uuid(),
  quoteId: z.uuid(),
  /** False when the agreement was saved but its PDF could not be made (the details page offers to retry). */
  pdfGenerated: z.boolean(),
});
export type TAgreementCreated = z.infer<typeof ZAgreementCreated>;

// ---------------------------------------------------------------------------------------------
// E-mail
// ---------------------------------------------------------------------------------------------

export const ZAgreementEmail = z.object({
  recipientEmail: email(AGREEMENT_MESSAGES.recipient),
  recipientName: optionalText(SHORT_TEXT_MAX, 'Recipient name'),
  ccEmail: optionalEmail(),
  subject: requiredText(EMAIL_SUBJECT_MAX, 'Subject', AGREEMENT_MESSAGES.subjectAndBody),
  body: requiredText(EMAIL_BODY_MAX, 'Body', AGREEMENT_MESSAGES.subjectAndBody),
  attachPdf: z.boolean().default(true),
});
export type TAgreementEmail = z.input<typeof ZAgreementEmail>;

export const ZAgreementEmailResult = z.object({ sentTo: z.string(), pdfAttached: z.boolean() });
export type TAgreementEmailResult = z.infer<typeof ZAgreementEmailResult>;

export const ZAgreementEmailDraftInput = z.object({
  recipientName: requiredText(SHORT_TEXT_MAX, 'Recipient name', AGREEMENT_MESSAGES.recipientName),
  recipientEmail: email(AGREEMENT_MESSAGES.recipient),
});
export type TAgreementEmailDraftInput = z.input<typeof ZAgreementEmailDraftInput>;
