import { z } from 'zod';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '../ai/schemas';
import { email, optionalEmail, optionalText, requiredText, SHORT_TEXT_MAX, text } from '../fields';
import { MAX_PRICE_CENTS } from '../money';

/**
 * Invoices (spec 001 §2 Invoices, §3 invoice and its line items, §4 Invoice status, §5 Invoice form
 * and e-mail, §6 rights and the invoice e-mail sender, §7 Invoices, §8 Invoices, §9 invoice rules).
 */

// ---------------------------------------------------------------------------------------------
// Statuses, sources, types, tabs
// ---------------------------------------------------------------------------------------------

export const INVOICE_STATUSES = ['draft', 'pending', 'sent', 'overdue', 'paid', 'void'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The spec's labels (§4): pending is shown as 'Ready to Send'. */
export const INVOICE_STATUS_LABELS: Record<TInvoiceStatus, string> = {
  draft: 'Draft',
  pending: 'Ready to Send',
  sent: 'Sent',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** Not paid and not void: what is still owed (the Active tab). */
export const ACTIVE_INVOICE_STATUSES = [
  'draft',
  'pending',
  'sent',
  'overdue',
] as const satisfies readonly TInvoiceStatus[];
/** Owed and out of the organization's hands (§7 outstanding). */
export const OUTSTANDING_INVOICE_STATUSES = ['pending', 'sent', 'overdue'] as const satisfies readonly TInvoiceStatus[];

export const INVOICE_SOURCES = ['agreement', 'quote', 'direct'] as const;
export type TInvoiceSource = (typeof INVOICE_SOURCES)[number];
export const INVOICE_SOURCE_LABELS: Record<TInvoiceSource, string> = {
  agreement: 'Agreement',
  quote: 'Quote',
  direct: 'Direct',
};

/** stripe: a card-payment-provider hosted invoice; manual: check, cash or bank transfer (§9). */
export const INVOICE_TYPES = ['stripe', 'manual'] as const;
export type TInvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABELS: Record<TInvoiceType, string> = {
  stripe: 'Online payment (card, ACH)',
  manual: 'Manual (check, cash, bank transfer)',
};

export const INVOICE_TABS = ['active', 'paid', 'all'] as const;
export type TInvoiceTab = (typeof INVOICE_TABS)[number];
export const INVOICE_TAB_LABELS: Record<TInvoiceTab, string> = { active: 'Active', paid: 'Paid', all: 'All' };

/** The status filter: a status, or 'outstanding' (the link the dashboard uses, §2). */
export const INVOICE_STATUS_FILTERS = ['all', 'outstanding', ...INVOICE_STATUSES] as const;
export type TInvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];
export const INVOICE_STATUS_FILTER_LABELS: Record<TInvoiceStatusFilter, string> = {
  all: 'All Statuses',
  outstanding: 'Outstanding',
  ...INVOICE_STATUS_LABELS,
};

export const INVOICE_SOURCE_FILTERS = ['all', ...INVOICE_SOURCES] as const;
export type TInvoiceSourceFilter = (typeof INVOICE_SOURCE_FILTERS)[number];

// ---------------------------------------------------------------------------------------------
// Limits and rules (spec §9)
// ---------------------------------------------------------------------------------------------

export const INVOICE_PAGE_SIZE = 50;
export const INVOICE_LINES_MAX = 100;
export const INVOICE_QTY_MAX = 10_000;
export const INVOICE_SEARCH_MAX = 100;
export const INVOICE_DESCRIPTION_MAX = 500;
export const INVOICE_MEMO_MAX = 2000;
export const INVOICE_REMIT_TO_MAX = 2000;
/** Invoice short id: the first 8 characters of the id, upper case. */
export const INVOICE_SHORT_ID_LENGTH = 8;
export const INVOICE_DEFAULT_DUE_DAYS = 30;
export const INVOICE_NEXT_DAYS_WINDOW = 7;
/** The KPI cards are kept this long in the browser; a change to an invoice refreshes them at once. */
export const INVOICE_KPI_CACHE_MS = 5 * 60_000;

export const INVOICE_MESSAGES = {
  company: 'Company is required',
  dueDatePast: 'Due date cannot be in the past',
  lines: 'At least one line item is required',
  description: 'Description is required',
  amount: 'Amount must be greater than 0',
  quantity: 'Quantity must be at least 1',
  loadFailed: 'Failed to load invoices',
  markPaidFailed: 'Failed to mark invoice as paid',
  voidFailed: 'Failed to void invoice',
  markSentFailed: 'Failed to mark invoice as sent',
  initialDataFailed: 'Failed to load initial data',
  createFailed: 'Failed to create invoice',
  unknownError: 'Unknown error occurred',
  invoiceLoadFailed: 'Failed to load invoice',
  pdfFailed: 'Failed to generate PDF',
  sendFailed: 'Failed to send invoice',
  aiFailed: 'Failed to generate AI content. Please try again.',
  invoicePdfFailed: 'Failed to generate invoice PDF. Please try again.',
  emailFailed: 'Failed to send email. Please try again.',
  metricsFailed: 'Error loading invoice metrics',
  notFound: 'Invoice not found',
  noSession: 'No active session found',
  markedPaid: 'Invoice marked as paid',
  voided: 'Invoice voided',
  markedSent: 'Invoice marked as sent',
  created: 'Invoice created successfully',
  resent: 'Email resent successfully',
  aiDone: 'AI has generated email content for you!',
  defaultApplied: 'Default email content applied!',
  pdfReady: 'Invoice PDF is ready for preview.',
  sent: (recipient: string) => `Invoice successfully sent to ${recipient}`,
  empty: 'No invoices found',
  noAgreements: 'No active agreements available',
  noQuotes: 'No accepted quotes available',
  recipient: 'Please enter a recipient email address.',
  subjectAndBody: 'Please enter both subject and body content.',
  recipientName: 'Please enter a recipient name for AI personalization.',
  organizationContext: 'Organization context not available. Please refresh the page.',
  cardNeedsAccount:
    'Online payment needs a connected payment account that can accept cards. Set it up in Settings → Payments, or choose Manual.',
  ccFailed: (cc: string) => `The copy to ${cc} could not be sent; the invoice itself was sent.`,
  noRecipient: 'This company has no e-mail address. Add a contact with an e-mail, or send the invoice from its page.',
  transitionRefused: 'This invoice cannot change that way in its current status.',
  sourceNotActive: 'Only an active agreement can be invoiced',
  quoteNotInvoiceable: 'Only an accepted quote without an agreement can be invoiced',
  premiumRequired: 'Invoicing is a Premium feature. Upgrade to Premium to create invoices.',
} as const;

// ---------------------------------------------------------------------------------------------
// List and KPIs
// ---------------------------------------------------------------------------------------------

const ZPage = z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(100_000).default(1);

export const ZInvoiceListQuery = z.object({
  q: text(INVOICE_SEARCH_MAX, 'Search').trim().optional(),
  status: z.enum(INVOICE_STATUS_FILTERS).default('all'),
  source: z.enum(INVOICE_SOURCE_FILTERS).default('all'),
  tab: z.enum(INVOICE_TABS).default('active'),
  company: z.uuid({ error: 'Company must be an id' }).optional(),
  page: ZPage,
});
export type TInvoiceListQuery = z.input<typeof ZInvoiceListQuery>;

export const ZInvoiceRow = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  agreementId: z.uuid().nullable(),
  quoteId: z.uuid().nullable(),
  source: z.enum(INVOICE_SOURCES),
  type: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  totalCents: z.number().int(),
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The card payment provider's invoice id (stripe invoices). */
  providerInvoiceId: z.string().nullable(),
  hostedUrl: z.string().nullable(),
});
export type TInvoiceRow = z.infer<typeof ZInvoiceRow>;

export const ZInvoiceTabCounts = z.object({
  active: z.number().int(),
  paid: z.number().int(),
  all: z.number().int(),
});
export type TInvoiceTabCounts = z.infer<typeof ZInvoiceTabCounts>;

export const ZInvoiceList = z.object({
  invoices: z.array(ZInvoiceRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: ZInvoiceTabCounts,
  /** The company of the `company` filter, for the 'Filtered by' badge. */
  companyName: z.string().nullable(),
});
export type TInvoiceList = z.infer<typeof ZInvoiceList>;

const ZKpi = z.object({ count: z.number().int(), cents: z.number().int() });

/** The three KPI cards (§7): outstanding, past due, due in the next 7 days. */
export const ZInvoiceKpis = z.object({
  outstanding: ZKpi,
  pastDue: ZKpi,
  nextSevenDays: ZKpi,
});
export type TInvoiceKpis = z.infer<typeof ZInvoiceKpis>;

export const ZInvoiceKpiQuery = z.object({ company: z.uuid({ error: 'Company must be an id' }).optional() });
export type TInvoiceKpiQuery = z.input<typeof ZInvoiceKpiQuery>;

// ---------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------

export const ZInvoiceLine = z.object({
  id: z.uuid(),
  description: z.string(),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  totalCents: z.number().int(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export const INVOICE_EVENT_TYPES = [
  'invoice_created',
  'invoice_email_sent',
  'invoice_sent',
  'invoice_paid',
  'invoice_voided',
  'invoice_overdue',
] as const;
export type TInvoiceEventType = (typeof INVOICE_EVENT_TYPES)[number];

export const ZInvoiceEvent = z.object({
  id: z.uuid(),
  eventType: z.string(),
  description: z.string(),
  occurredAt: z.string(),
  createdByName: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type TInvoiceEvent = z.infer<typeof ZInvoiceEvent>;

export const ZInvoiceDetail = ZInvoiceRow.extend({
  lines: z.array(ZInvoiceLine),
  memo: z.string().nullable(),
  remitToInfo: z.string().nullable(),
  /** The provider's PDF of a card invoice, when it made one. */
  providerPdfUrl: z.string().nullable(),
  companyEmail: z.string().nullable(),
  primaryContactName: z.string().nullable(),
  primaryContactEmail: z.string().nullable(),
  updatedAt: z.string(),
  events: z.array(ZInvoiceEvent),
});
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetail>;

// ---------------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------------

const ZDate = text(10, 'Date').regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

export const ZInvoiceLineInput = z.object({
  description: requiredText(INVOICE_DESCRIPTION_MAX, 'Description', INVOICE_MESSAGES.description),
  amountCents: z
    .number({ error: INVOICE_MESSAGES.amount })
    .int('Amounts are whole cents')
    .min(1, INVOICE_MESSAGES.amount)
    .max(MAX_PRICE_CENTS, 'Amount is too large'),
  quantity: z
    .number({ error: INVOICE_MESSAGES.quantity })
    .int(INVOICE_MESSAGES.quantity)
    .min(1, INVOICE_MESSAGES.quantity)
    .max(INVOICE_QTY_MAX, `Quantity cannot exceed ${INVOICE_QTY_MAX}`),
});
export type TInvoiceLineInput = z.input<typeof ZInvoiceLineInput>;

export const ZInvoiceInput = z.object({
  source: z.enum(INVOICE_SOURCES).default('direct'),
  companyId: z.uuid({ error: INVOICE_MESSAGES.company }),
  agreementId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  quoteId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  invoiceType: z.enum(INVOICE_TYPES).default('manual'),
  /** YYYY-MM-DD, today or later in the organization's time zone (checked by the server). */
  dueDate: ZDate,
  lines: z
    .array(ZInvoiceLineInput, { error: INVOICE_MESSAGES.lines })
    .min(1, INVOICE_MESSAGES.lines)
    .max(INVOICE_LINES_MAX, `An invoice can hold at most ${INVOICE_LINES_MAX} lines`),
  memo: optionalText(INVOICE_MEMO_MAX, 'Memo'),
  remitToInfo: optionalText(INVOICE_REMIT_TO_MAX, 'Remit-to info'),
});
export type TInvoiceInput = z.input<typeof ZInvoiceInput>;
export type TInvoiceValues = z.output<typeof ZInvoiceInput>;

export const ZInvoiceCreated = z.object({
  id: z.uuid(),
  /** The provider's invoice id for a card invoice. */
  providerInvoiceId: z.string().nullable(),
});
export type TInvoiceCreated = z.infer<typeof ZInvoiceCreated>;

/**
 * What the chooser offers (§2, §4), one kind at a time as its steps show them: active agreements,
 * or accepted quotes with no contract yet. The other list is empty.
 */
export const INVOICE_SOURCE_KINDS = ['agreements', 'quotes'] as const;
export type TInvoiceSourceKind = (typeof INVOICE_SOURCE_KINDS)[number];
export const ZInvoiceSourcesQuery = z.object({ kind: z.enum(INVOICE_SOURCE_KINDS) });
export const ZInvoiceSources = z.object({
  agreements: z.array(
    z.object({
      id: z.uuid(),
      companyId: z.uuid(),
      companyName: z.string(),
      valueCents: z.number().int().nullable(),
      startDate: z.string(),
      endDate: z.string(),
    }),
  ),
  quotes: z.array(
    z.object({
      id: z.uuid(),
      companyId: z.uuid(),
      companyName: z.string(),
      totalCents: z.number().int(),
      acceptedAt: z.string().nullable(),
    }),
  ),
});
export type TInvoiceSources = z.infer<typeof ZInvoiceSources>;

export const ZInvoiceFormQuery = z.object({
  source: z.enum(INVOICE_SOURCES).default('direct'),
  companyId: z.uuid().optional(),
  agreementId: z.uuid().optional(),
  quoteId: z.uuid().optional(),
});
export type TInvoiceFormQuery = z.input<typeof ZInvoiceFormQuery>;

/** The new-invoice form's starting values, from the source (§2 /dashboard/invoices/new). */
export const ZInvoiceFormDefaults = z.object({
  source: z.enum(INVOICE_SOURCES),
  companyId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  agreementId: z.uuid().nullable(),
  quoteId: z.uuid().nullable(),
  lines: z.array(z.object({ description: z.string(), amountCents: z.number().int(), quantity: z.number().int() })),
  invoiceType: z.enum(INVOICE_TYPES),
  /** The organization's payment account can take card payments now. */
  cardAvailable: z.boolean(),
  /** Today in the organization's time zone, and the default due date 30 days ahead (YYYY-MM-DD). */
  today: z.string(),
  dueDate: z.string(),
  remitToInfo: z.string().nullable(),
});
export type TInvoiceFormDefaults = z.infer<typeof ZInvoiceFormDefaults>;

// ---------------------------------------------------------------------------------------------
// E-mail
// ---------------------------------------------------------------------------------------------

export const ZInvoiceEmail = z.object({
  recipientEmail: email(INVOICE_MESSAGES.recipient),
  recipientName: optionalText(SHORT_TEXT_MAX, 'Recipient name'),
  ccEmail: optionalEmail(),
  subject: requiredText(EMAIL_SUBJECT_MAX, 'Subject', INVOICE_MESSAGES.subjectAndBody),
  body: requiredText(EMAIL_BODY_MAX, 'Body', INVOICE_MESSAGES.subjectAndBody),
  attachPdf: z.boolean().default(true),
});
export type TInvoiceEmail = z.input<typeof ZInvoiceEmail>;

export const ZInvoiceEmailResult = z.object({
  sentTo: z.string(),
  pdfAttached: z.boolean(),
  /** A CC that could not be sent only warns (§5): its message, else null. */
  ccWarning: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
});
export type TInvoiceEmailResult = z.infer<typeof ZInvoiceEmailResult>;

export const ZInvoiceEmailDraftInput = z.object({
  recipientName: requiredText(SHORT_TEXT_MAX, 'Recipient name', INVOICE_MESSAGES.recipientName),
  recipientEmail: email(INVOICE_MESSAGES.recipient),
});
export type TInvoiceEmailDraftInput = z.input<typeof ZInvoiceEmailDraftInput>;
