import { z } from 'zod';
import {
  EMAIL_MAX,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  ID_MAX,
  optionalEmail,
  optionalText,
  optionalWebsite,
  requiredText,
  SHORT_TEXT_MAX,
  text,
} from '../fields';

// ---------------------------------------------------------------------------------------------
// Statuses, categories and their presentation: one place for the list, the badge and the server.
// ---------------------------------------------------------------------------------------------

export const COMPANY_STATUSES = [
  'prospect',
  'contacted',
  'negotiating',
  'sponsor',
  'former_sponsor',
  'declined',
  'blacklisted',
] as const;
export type TCompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_STATUS_LABELS: Record<TCompanyStatus, string> = {
  prospect: 'Prospect',
  contacted: 'Contacted',
  negotiating: 'Negotiating',
  sponsor: 'Active Sponsor',
  former_sponsor: 'Former Sponsor',
  declined: 'Declined',
  blacklisted: 'Blacklisted',
};

export function companyStatusLabel(status: string): string {
  return (COMPANY_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export const COMPANY_CATEGORIES = ['all', 'pipeline', 'sponsors', 'former'] as const;
export type TCompanyCategory = (typeof COMPANY_CATEGORIES)[number];

export const COMPANY_CATEGORY_LABELS: Record<TCompanyCategory, string> = {
  all: 'All',
  pipeline: 'Pipeline',
  sponsors: 'Active Sponsors',
  former: 'Former',
};

/** The statuses in each category tab; 'all' has no status restriction. */
export const COMPANY_CATEGORY_STATUSES: Record<Exclude<TCompanyCategory, 'all'>, readonly TCompanyStatus[]> = {
  pipeline: ['prospect', 'contacted', 'negotiating'],
  sponsors: ['sponsor'],
  former: ['former_sponsor', 'declined', 'blacklisted'],
};

export function companyCategoryOf(status: string): Exclude<TCompanyCategory, 'all'> | null {
  for (const [category, statuses] of Object.entries(COMPANY_CATEGORY_STATUSES)) {
    if ((statuses as readonly string[]).includes(status)) return category as Exclude<TCompanyCategory, 'all'>;
  }
  return null;
}

export const COMPANY_PAGE_SIZE = 50;

export const COMPANY_SORT_FIELDS = ['name', 'created_at', 'updated_at', 'last_contacted_at', 'status'] as const;
export type TCompanySortField = (typeof COMPANY_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type TSortDirection = (typeof SORT_DIRECTIONS)[number];

export const COMPANY_SORT_LABELS: Record<TCompanySortField, string> = {
  name: 'Name',
  created_at: 'Date Added',
  updated_at: 'Last Updated',
  last_contacted_at: 'Last Contact',
  status: 'Status',
};

/** Timeline event types that count as a contact with the company (they move 'Last contact'). */
export const CONTACT_EVENT_TYPES = [
  'note',
  'quote_sent',
  'invoice_email_sent',
  'agreement_email_sent',
  'prospect_email_sent',
] as const;

export const NOTE_MAX_LENGTH = 2000;
export const PHONE_MAX_LENGTH = 14;

// ---------------------------------------------------------------------------------------------
// Field rules: every text goes through the shared field schemas (fields.ts), so NUL and
// over-long input are refused the same way by the form, the routes and the import.
// ---------------------------------------------------------------------------------------------

export { EMAIL_MESSAGE, WEBSITE_MESSAGE } from '../fields';

export const COMPANY_NAME_MAX = 200;
export const CONTACT_NAME_MAX = 120;
export const TITLE_MAX = 120;
export const INDUSTRY_MAX = 120;
export const COMPANY_NOTES_MAX = 5000;

/** Required text, trimmed before its length is counted; a missing value reads like a blank one. */
const requiredField = requiredText;

const optionalPhone = optionalText(PHONE_MAX_LENGTH, 'Phone number');

const companyName = requiredField(COMPANY_NAME_MAX, 'Company name');

export const ZCompanyStatus = z.enum(COMPANY_STATUSES, { error: 'Please choose a valid status' });

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** The optional primary contact of a new company: created only when both name and email are given. */
export const ZPrimaryContactInput = z.object({
  name: optionalText(CONTACT_NAME_MAX, 'Contact name'),
  title: optionalText(TITLE_MAX, 'Title'),
  email: optionalEmail(),
  phone: optionalPhone,
});

const companyFields = {
  website: optionalWebsite(),
  industry: optionalText(INDUSTRY_MAX, 'Industry'),
  notes: optionalText(COMPANY_NOTES_MAX, 'Notes'),
  address: optionalText(300, 'Address'),
  city: optionalText(120, 'City'),
  state: optionalText(60, 'State'),
};

export const ZCompanyCreate = z.object({
  name: companyName,
  ...companyFields,
  status: ZCompanyStatus.default('prospect'),
  primaryContact: ZPrimaryContactInput.optional(),
});
export type TCompanyCreateInput = z.input<typeof ZCompanyCreate>;
export type TCompanyCreate = z.output<typeof ZCompanyCreate>;

/** True when the new-company form's contact block would create a contact. */
export function hasPrimaryContact(contact: { name?: string | null; email?: string | null } | undefined): boolean {
  return Boolean(contact?.name?.trim() && contact.email?.trim());
}

/** Every field optional: absent means unchanged, blank or null clears it. */
export const ZCompanyUpdate = z.object({
  name: companyName.optional(),
  ...companyFields,
  status: ZCompanyStatus.optional(),
});
export type TCompanyUpdateInput = z.input<typeof ZCompanyUpdate>;
export type TCompanyUpdate = z.output<typeof ZCompanyUpdate>;

export const ZCompanyStatusChange = z.object({ status: ZCompanyStatus });
export type TCompanyStatusChange = z.infer<typeof ZCompanyStatusChange>;

export const BULK_STATUS_MAX = 1000;

export const ZBulkStatus = z.object({
  ids: z
    .array(text(ID_MAX, 'Company id').pipe(z.uuid()))
    .min(1, 'Select at least one company')
    .max(BULK_STATUS_MAX, `Select at most ${BULK_STATUS_MAX} companies`),
  status: ZCompanyStatus,
});
export type TBulkStatus = z.infer<typeof ZBulkStatus>;

/** Splits a status filter given as a comma list, repeated query values or an array. */
export function parseStatusFilter(raw: string | readonly string[] | undefined): string[] {
  if (raw === undefined) return [];
  const parts = (typeof raw === 'string' ? [raw] : raw).flatMap((v) => v.split(','));
  return [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
}

export const ZCompanyListQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1),
  search: text(SHORT_TEXT_MAX, 'Search').trim().optional(),
  status: z
    .union([text(SHORT_TEXT_MAX, 'Status'), z.array(text(ID_MAX, 'Status')).max(COMPANY_STATUSES.length * 2)])
    .optional()
    .transform((v) => parseStatusFilter(v))
    .pipe(z.array(ZCompanyStatus)),
  category: z.enum(COMPANY_CATEGORIES).default('all'),
  sort: z.enum(COMPANY_SORT_FIELDS).default('created_at'),
  dir: z.enum(SORT_DIRECTIONS).default('desc'),
});
export type TCompanyListQueryInput = z.input<typeof ZCompanyListQuery>;
export type TCompanyListQuery = z.output<typeof ZCompanyListQuery>;

/** The query string the list endpoint reads (without the '?'); defaults are left out. */
export function companyListQueryString(q: {
  page?: number;
  search?: string;
  status?: readonly TCompanyStatus[];
  category?: TCompanyCategory;
  sort?: TCompanySortField;
  dir?: TSortDirection;
}): string {
  const p: [string, string][] = [];
  if (q.page && q.page > 1) p.push(['page', String(q.page)]);
  if (q.search?.trim()) p.push(['search', q.search.trim()]);
  if (q.status?.length) p.push(['status', q.status.join(',')]);
  if (q.category && q.category !== 'all') p.push(['category', q.category]);
  if (q.sort) p.push(['sort', q.sort]);
  if (q.dir) p.push(['dir', q.dir]);
  return p.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}

/** Contact refusals, shared by the server's errors and the contact form. */
export const CONTACT_MESSAGES = {
  notFound: 'Contact not found',
  /** Add, edit or reactivate: one active contact per e-mail address (case-insensitive) in a company. */
  duplicateEmail: "This email is already in this company's contacts list",
  inactivePrimary: 'Only active contacts can be set as primary',
} as const;

/** Contact add and edit: save needs a name and an email. */
export const ZContact = z.object({
  name: requiredField(CONTACT_NAME_MAX, 'Contact name'),
  email: requiredText(EMAIL_MAX, 'Email', 'Contact email is required').regex(EMAIL_PATTERN, EMAIL_MESSAGE),
  phone: optionalPhone,
  title: optionalText(TITLE_MAX, 'Title'),
  isPrimary: z.boolean().optional(),
});
export type TContactInput = z.input<typeof ZContact>;
export type TContact = z.output<typeof ZContact>;

/** Edit: any subset; isActive false deactivates (and drops the primary flag). */
export const ZContactUpdate = z.object({
  name: ZContact.shape.name.optional(),
  email: ZContact.shape.email.optional(),
  phone: optionalPhone,
  title: optionalText(TITLE_MAX, 'Title'),
  isActive: z.boolean().optional(),
});
export type TContactUpdateInput = z.input<typeof ZContactUpdate>;
export type TContactUpdate = z.output<typeof ZContactUpdate>;

export const ZNote = z.object({
  description: requiredField(NOTE_MAX_LENGTH, 'Note', 'Note description is required'),
});
export type TNote = z.infer<typeof ZNote>;

// ---------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------

const instant = z.string();

export const ZContactSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
});
export type TContactSummary = z.infer<typeof ZContactSummary>;

export const ZCompany = z.object({
  id: z.uuid(),
  name: z.string(),
  status: ZCompanyStatus,
  website: z.string().nullable(),
  industry: z.string().nullable(),
  notes: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  tags: z.array(z.string()).nullable(),
  lastContactedAt: instant.nullable(),
  statusUpdatedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** The active primary contact, else the oldest active contact, else null. */
  primaryContact: ZContactSummary.nullable(),
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanyCounts = z.object({
  all: z.number().int(),
  pipeline: z.number().int(),
  sponsors: z.number().int(),
  former: z.number().int(),
});
export type TCompanyCounts = z.infer<typeof ZCompanyCounts>;

export const ZCompanyList = z.object({
  companies: z.array(ZCompany),
  /** Rows matching every filter (search, status, category): what 'Load More' pages through. */
  totalCount: z.number().int(),
  /** Per category tab, with the search and status filter applied but not the category. */
  counts: ZCompanyCounts,
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type TCompanyList = z.infer<typeof ZCompanyList>;

export const ZCompanyDetail = ZCompany.extend({
  /** Active contacts. */
  contactCount: z.number().int(),
});
export type TCompanyDetail = z.infer<typeof ZCompanyDetail>;

export const ZBulkStatusResult = z.object({ updated: z.number().int() });
export type TBulkStatusResult = z.infer<typeof ZBulkStatusResult>;

export const ZCompanyContact = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  role: z.string(),
  isPrimary: z.boolean(),
  isActive: z.boolean(),
  createdAt: instant,
});
export type TCompanyContact = z.infer<typeof ZCompanyContact>;

export const ZCompanyContactList = z.object({ contacts: z.array(ZCompanyContact) });

export const ZCompanyNote = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  /** 'note' for notes people write; 'status_changed' and others are audit entries. */
  eventType: z.string(),
  description: z.string(),
  bodyHtml: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdBy: z.uuid().nullable(),
  occurredAt: instant,
  createdAt: instant,
});
export type TCompanyNote = z.infer<typeof ZCompanyNote>;

export const ZCompanyNoteList = z.object({ notes: z.array(ZCompanyNote) });

// ---------------------------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------------------------

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Data rows (non-blank rows below the header) one import may hold. */
export const IMPORT_MAX_ROWS = 100_000;
/** The unpacked size a workbook may claim before the server refuses to open it. */
export const IMPORT_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
export const IMPORT_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
/** For the file input's accept attribute. */
export const IMPORT_ACCEPT = [
  ...IMPORT_EXTENSIONS,
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

const formatCount = (n: number) => n.toLocaleString('en-US');

export const IMPORT_MESSAGES = {
  wrongType: 'Please upload a CSV or Excel file (.csv, .xlsx, .xls)',
  tooLarge: 'File size must be less than 10MB',
  tooManyRows: `The file has more than ${formatCount(IMPORT_MAX_ROWS)} rows. Split it into smaller files and import them one at a time.`,
  emptyOrCorrupted: 'The file appears to be empty or corrupted',
  needsHeaderAndData: 'The file must contain at least a header row and one data row',
  noDataRows: 'No data rows found in the file',
  unpackedTooLarge: 'The workbook is too large to import once unpacked (over 100MB)',
  nameNotMapped: 'Company Name must be mapped to a column',
  targetMappedTwice: 'Each field can only be mapped to one column',
  planRequired: 'Bulk import is a Premium feature. Upgrade to Premium to import companies from a file.',
  notFound: 'Import not found',
  tooManyRunning: 'Another import is still running. Wait for it to finish, then try again.',
  notReviewed: 'Check the file for duplicates before starting the import.',
  alreadyStarted: 'This import has already started.',
  expired: 'This upload has expired. Upload the file again.',
} as const;

/** "1 duplicate", "2 duplicates": every count the import prints goes through this. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export function isImportFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

export const IMPORT_TARGETS = [
  'name',
  'contact_name',
  'contact_email',
  'notes',
  'website',
  'contact_phone',
  'industry',
] as const;
export type TImportTarget = (typeof IMPORT_TARGETS)[number];

export const IMPORT_TARGET_LABELS: Record<TImportTarget, string> = {
  name: 'Company Name',
  contact_name: 'Contact Name',
  contact_email: 'Contact Email',
  notes: 'Notes',
  website: 'Website',
  contact_phone: 'Contact Phone',
  industry: 'Industry',
};

export const REQUIRED_IMPORT_TARGETS: readonly TImportTarget[] = ['name'];

/** A file's column header as the mapping names it. */
const columnHeader = text(SHORT_TEXT_MAX, 'Column name');

/** File column header → target field. Columns not in the map are not imported. */
export const ZImportMapping = z
  .record(columnHeader, z.enum(IMPORT_TARGETS))
  .refine((m) => new Set(Object.values(m)).size === Object.values(m).length, IMPORT_MESSAGES.targetMappedTwice)
  .refine((m) => Object.values(m).includes('name'), IMPORT_MESSAGES.nameNotMapped);
export type TImportMapping = z.infer<typeof ZImportMapping>;

/**
 * One imported row, checked with exactly the fields of the company form: the same name, website,
 * industry and notes rules as a new company, the same contact rules as its primary contact.
 */
export const ZImportRow = z.object({
  name: companyName,
  website: companyFields.website,
  industry: companyFields.industry,
  notes: companyFields.notes,
  contactName: ZPrimaryContactInput.shape.name,
  contactEmail: ZPrimaryContactInput.shape.email,
  contactPhone: ZPrimaryContactInput.shape.phone,
});
export type TImportRowInput = z.input<typeof ZImportRow>;
export type TImportRowValid = z.output<typeof ZImportRow>;

export const DUPLICATE_ACTIONS = ['skip', 'merge', 'create_new'] as const;
export type TDuplicateAction = (typeof DUPLICATE_ACTIONS)[number];
export const DEFAULT_DUPLICATE_ACTION: TDuplicateAction = 'skip';

export const DUPLICATE_REASONS = ['Exact name match', 'Website match'] as const;
export type TDuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** Duplicates the review lists in full; past this many only the count and "Set all" remain. */
export const IMPORT_DUPLICATES_SHOWN = 1000;
/** Failed rows an import keeps with their reasons (the count is always exact). */
export const IMPORT_FAILURES_KEPT = 1000;

/** Upload: the file alone (multipart); the sheet and mapping come with the duplicate check. */
export const ZImportAnalyze = z.object({
  sheet: text(SHORT_TEXT_MAX, 'Sheet').optional(),
  mapping: ZImportMapping,
});
export type TImportAnalyze = z.infer<typeof ZImportAnalyze>;

/**
 * What to do with the duplicates: one action for all of them, and per-row exceptions keyed by
 * rowIndex (the position among the rows that have a company name, see toImportRecords).
 */
export const ZImportDecisions = z.object({
  defaultAction: z.enum(DUPLICATE_ACTIONS).default(DEFAULT_DUPLICATE_ACTION),
  overrides: z
    .record(text(ID_MAX, 'Row index').regex(/^\d+$/, 'Row index must be a number'), z.enum(DUPLICATE_ACTIONS))
    .refine((o) => Object.keys(o).length <= IMPORT_MAX_ROWS, `At most ${formatCount(IMPORT_MAX_ROWS)} decisions`)
    .default({}),
});
export type TImportDecisionsInput = z.input<typeof ZImportDecisions>;
export type TImportDecisions = z.output<typeof ZImportDecisions>;

/** The action for one duplicate: its own decision, else the one for all. */
export function duplicateAction(decisions: TImportDecisions, rowIndex: number): TDuplicateAction {
  return decisions.overrides[String(rowIndex)] ?? decisions.defaultAction;
}

export const ZExistingCompany = z.object({
  id: z.uuid(),
  name: z.string(),
  website: z.string().nullable(),
  status: z.string(),
  createdAt: instant,
});
export type TExistingCompany = z.infer<typeof ZExistingCompany>;

export const ZImportDuplicate = z.object({
  rowIndex: z.number().int(),
  /** Spreadsheet row number (the file's first line is row 1). */
  rowNumber: z.number().int(),
  importRow: z.object({ name: z.string(), website: z.string().nullable() }),
  existingCompany: ZExistingCompany,
  matchReason: z.enum(DUPLICATE_REASONS),
  action: z.enum(DUPLICATE_ACTIONS),
});
export type TImportDuplicate = z.infer<typeof ZImportDuplicate>;

export const ZImportDuplicatesReply = z.object({
  /** Data rows in the file (sheet), with or without a company name. */
  totalRows: z.number().int(),
  /** Rows with a company name: the companies the import would create. */
  records: z.number().int(),
  /** rowIndex of every duplicate, however many. */
  duplicateRows: z.array(z.number().int()),
  /** The first IMPORT_DUPLICATES_SHOWN duplicates in full. */
  duplicates: z.array(ZImportDuplicate),
});
export type TImportDuplicatesReply = z.infer<typeof ZImportDuplicatesReply>;

export const IMPORT_STATUSES = ['uploaded', 'reviewed', 'queued', 'running', 'done', 'failed', 'expired'] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_FILE_KINDS = ['csv', 'xlsx', 'xls'] as const;
export type TImportFileKind = (typeof IMPORT_FILE_KINDS)[number];

export const ZImportFailure = z.object({
  /** Spreadsheet row number (the header is usually row 1). */
  row: z.number().int(),
  reason: z.string(),
});
export type TImportFailure = z.infer<typeof ZImportFailure>;

export const ZImportState = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileKind: z.enum(IMPORT_FILE_KINDS),
  /** Workbook sheet names in order; empty for CSV. */
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  /** Data rows to go through; null until the duplicate check has read the file. */
  totalRows: z.number().int().nullable(),
  rowsDone: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** The first IMPORT_FAILURES_KEPT failed rows with their reasons. */
  failures: z.array(ZImportFailure),
  error: z.string().nullable(),
  createdAt: instant,
  finishedAt: instant.nullable(),
});
export type TImportState = z.infer<typeof ZImportState>;

export function isImportFinished(status: TImportStatus): boolean {
  return status === 'done' || status === 'failed' || status === 'expired';
}

/** Whole percent of rows done (0 until the total is known). */
export function importPercent(state: Pick<TImportState, 'rowsDone' | 'totalRows' | 'status'>): number {
  if (state.status === 'done') return 100;
  if (!state.totalRows) return 0;
  return Math.min(100, Math.floor((state.rowsDone / state.totalRows) * 100));
}

/** The spec's closing toast for a finished import, with every count in the right number. */
export function importResultMessage(
  state: Pick<TImportState, 'status' | 'imported' | 'failed' | 'skipped' | 'error'>,
): {
  tone: 'success' | 'error';
  title: string;
  description?: string;
} {
  if (state.status !== 'done') {
    return { tone: 'error', title: 'Import failed', description: state.error ?? undefined };
  }
  const skipped = state.skipped > 0 ? `${plural(state.skipped, 'duplicate')} skipped` : undefined;
  if (state.imported === 0 && state.failed > 0) {
    return {
      tone: 'error',
      title: `Failed to import ${plural(state.failed, 'company', 'companies')}`,
      description: skipped,
    };
  }
  return {
    tone: 'success',
    title: `Successfully imported ${plural(state.imported, 'company', 'companies')}${state.failed > 0 ? ` (${formatCount(state.failed)} failed)` : ''}`,
    description: skipped,
  };
}
