import { z } from 'zod';

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

/** Badge colours (Tailwind classes); each status has its own. */
export const COMPANY_STATUS_BADGE_CLASSES: Record<TCompanyStatus, string> = {
  prospect: 'bg-slate-100 text-slate-800',
  contacted: 'bg-blue-100 text-blue-800',
  negotiating: 'bg-amber-100 text-amber-800',
  sponsor: 'bg-green-100 text-green-800',
  former_sponsor: 'bg-purple-100 text-purple-800',
  declined: 'bg-orange-100 text-orange-800',
  blacklisted: 'bg-red-100 text-red-800',
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
export const CONTACT_EVENT_TYPES = ['note', 'quote_sent', 'invoice_email_sent', 'agreement_email_sent'] as const;

export const NOTE_MAX_LENGTH = 2000;
export const PHONE_MAX_LENGTH = 14;

// ---------------------------------------------------------------------------------------------
// Field helpers. Blank text becomes null, so forms can send '' for an empty input; an absent
// field stays undefined, which an update reads as "leave unchanged".
// ---------------------------------------------------------------------------------------------

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} cannot exceed ${max} characters`).nullish().transform(blankToNull);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WEBSITE_PATTERN = /^(https?:\/\/)?[^\s/$.?#]+\.[^\s]+$/i;

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const WEBSITE_MESSAGE = 'Please enter a valid website';

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email cannot exceed 254 characters')
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), EMAIL_MESSAGE)
  .nullish()
  .transform(blankToNull);

const optionalWebsite = z
  .string()
  .trim()
  .max(500, 'Website cannot exceed 500 characters')
  .refine((v) => v === '' || WEBSITE_PATTERN.test(v), WEBSITE_MESSAGE)
  .nullish()
  .transform(blankToNull);

const optionalPhone = optionalText(PHONE_MAX_LENGTH, 'Phone number');

const companyName = z
  .string({ error: 'Company name is required' })
  .trim()
  .min(1, 'Company name is required')
  .max(200, 'Company name cannot exceed 200 characters');

export const ZCompanyStatus = z.enum(COMPANY_STATUSES, { error: 'Please choose a valid status' });

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** The optional primary contact of a new company: created only when both name and email are given. */
export const ZPrimaryContactInput = z.object({
  name: optionalText(120, 'Contact name'),
  title: optionalText(120, 'Title'),
  email: optionalEmail,
  phone: optionalPhone,
});

const companyFields = {
  website: optionalWebsite,
  industry: optionalText(120, 'Industry'),
  notes: optionalText(5000, 'Notes'),
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
    .array(z.uuid())
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
  search: z.string().trim().max(200, 'Search cannot exceed 200 characters').optional(),
  status: z
    .union([z.string(), z.array(z.string())])
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

/** Contact add and edit: save needs a name and an email. */
export const ZContact = z.object({
  name: z
    .string({ error: 'Contact name is required' })
    .trim()
    .min(1, 'Contact name is required')
    .max(120, 'Contact name cannot exceed 120 characters'),
  email: z
    .string({ error: 'Contact email is required' })
    .trim()
    .min(1, 'Contact email is required')
    .max(254, 'Email cannot exceed 254 characters')
    .refine((v) => EMAIL_PATTERN.test(v), EMAIL_MESSAGE),
  phone: optionalPhone,
  title: optionalText(120, 'Title'),
  isPrimary: z.boolean().optional(),
});
export type TContactInput = z.input<typeof ZContact>;
export type TContact = z.output<typeof ZContact>;

/** Edit: any subset; isActive false deactivates (and drops the primary flag). */
export const ZContactUpdate = z.object({
  name: ZContact.shape.name.optional(),
  email: ZContact.shape.email.optional(),
  phone: optionalPhone,
  title: optionalText(120, 'Title'),
  isActive: z.boolean().optional(),
});
export type TContactUpdateInput = z.input<typeof ZContactUpdate>;
export type TContactUpdate = z.output<typeof ZContactUpdate>;

export const ZNote = z.object({
  description: z
    .string({ error: 'Note description is required' })
    .trim()
    .min(1, 'Note description is required')
    .max(NOTE_MAX_LENGTH, 'Note cannot exceed 2000 characters'),
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

export const IMPORT_MESSAGES = {
  wrongType: 'Please upload a CSV or Excel file (.csv, .xlsx, .xls)',
  tooLarge: 'File size must be less than 10MB',
  emptyOrCorrupted: 'The file appears to be empty or corrupted',
  needsHeaderAndData: 'The file must contain at least a header row and one data row',
  noDataRows: 'No data rows found in the file',
  unpackedTooLarge: 'The workbook is too large to import once unpacked (over 100MB)',
  nameNotMapped: 'Company Name must be mapped to a column',
  targetMappedTwice: 'Each field can only be mapped to one column',
} as const;

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

/** File column header → target field. Columns not in the map are not imported. */
export const ZImportMapping = z
  .record(z.string(), z.enum(IMPORT_TARGETS))
  .refine((m) => new Set(Object.values(m)).size === Object.values(m).length, IMPORT_MESSAGES.targetMappedTwice)
  .refine((m) => Object.values(m).includes('name'), IMPORT_MESSAGES.nameNotMapped);
export type TImportMapping = z.infer<typeof ZImportMapping>;

export const DUPLICATE_ACTIONS = ['skip', 'merge', 'create_new'] as const;
export type TDuplicateAction = (typeof DUPLICATE_ACTIONS)[number];
export const DEFAULT_DUPLICATE_ACTION: TDuplicateAction = 'skip';

export const DUPLICATE_REASONS = ['Exact name match', 'Website match'] as const;
export type TDuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** rowIndex (the position in the import records, see toImportRecords) → what to do with that duplicate. */
export const ZImportDecisions = z.record(
  z.string().regex(/^\d+$/, 'Row index must be a number'),
  z.enum(DUPLICATE_ACTIONS),
);
export type TImportDecisions = z.infer<typeof ZImportDecisions>;

export const IMPORT_MAX_ROWS = 200_000;

export const ZImportDuplicatesRequest = z.object({
  rows: z
    .array(z.object({ name: z.string(), website: z.string().nullish() }))
    .max(IMPORT_MAX_ROWS, `An import can hold at most ${IMPORT_MAX_ROWS} rows`),
});
export type TImportDuplicatesRequest = z.infer<typeof ZImportDuplicatesRequest>;

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
  existingCompany: ZExistingCompany,
  matchReason: z.enum(DUPLICATE_REASONS),
  action: z.enum(DUPLICATE_ACTIONS),
});
export type TImportDuplicate = z.infer<typeof ZImportDuplicate>;

export const ZImportDuplicatesReply = z.object({ duplicates: z.array(ZImportDuplicate) });
export type TImportDuplicatesReply = z.infer<typeof ZImportDuplicatesReply>;

export const ZImportResult = z.object({
  imported: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  failedBatches: z.array(
    z.object({
      /** Spreadsheet row numbers (the header is row 1) of the batch's first and last rows. */
      fromRow: z.number().int(),
      toRow: z.number().int(),
      message: z.string(),
    }),
  ),
});
export type TImportResult = z.infer<typeof ZImportResult>;
