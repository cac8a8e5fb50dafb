import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bundles, priceLists, products } from './catalogue';
import { createdAt, id, instant, updatedAt } from './columns';
import { companies } from './companies';
import { organizations } from './organizations';

/*
 * Quotes and agreements (0012_sales.sql). The migration is the source of truth for constraints
 * and indexes; these declarations give the repos typed columns and the tenant list its tables.
 */

const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const quotes = pgTable(
  'quote',
  {
    id: id(),
    orgId: orgId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sponsorId: uuid('sponsor_id'),
    status: text('status').notNull().default('draft'),
    originPriceListId: uuid('origin_price_list_id').references(() => priceLists.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    recipientEmails: text('recipient_emails'),
    emailSubject: text('email_subject'),
    emailBody: text('email_body'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    renewalCents: bigint('renewal_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: instant('sent_at'),
    expiresAt: instant('expires_at'),
    acceptedAt: instant('accepted_at'),
    rejectedAt: instant('rejected_at'),
    expiredAt: instant('expired_at'),
    archivedAt: instant('archived_at'),
  },
  (t) => [
    index('quote_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()),
    index('quote_org_status_created_idx').on(t.orgId, t.status, t.createdAt.desc(), t.id.desc()),
    index('quote_org_company_idx').on(t.orgId, t.companyId, t.createdAt.desc()),
    index('quote_company_idx').on(t.companyId),
    index('quote_sent_expiry_idx').on(t.expiresAt).where(sql`status = 'sent'`),
  ],
);

export const quoteLines = pgTable(
  'quote_line',
  {
    id: id(),
    orgId: orgId(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    bundleId: uuid('bundle_id').references(() => bundles.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    qty: integer('qty').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    isSetupFee: boolean('is_setup_fee').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Whether the quote is in draft or sent: set by the triggers of migration 0034, whatever is written. */
    quoteActive: boolean('quote_active').notNull().default(false),
  },
  (t) => [index('quote_line_quote_idx').on(t.orgId, t.quoteId, t.position)],
);

export const quoteDocuments = pgTable('quote_document', {
  id: id(),
  orgId: orgId(),
  quoteId: uuid('quote_id')
    .notNull()
    .unique()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull(),
  createdAt: createdAt(),
});

/** An agreement (the spec's contract): what a sponsor and the club agreed, for a term. */
export const contracts = pgTable(
  'contract',
  {
    id: id(),
    orgId: orgId(),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sponsorId: uuid('sponsor_id'),
    status: text('status').notNull().default('active'),
    seasonLabel: text('season_label'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    termMonths: integer('term_months').notNull(),
    totalValueCents: bigint('total_value_cents', { mode: 'number' }),
    calculatedTotalValueCents: bigint('calculated_total_value_cents', { mode: 'number' }),
    sortValueCents: bigint('sort_value_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`COALESCE(NULLIF(calculated_total_value_cents, 0), NULLIF(total_value_cents, 0))`,
    ),
    clauses: text('clauses').array().notNull().default(sql`'{}'`),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contract_quote_uq').on(t.quoteId).where(sql`quote_id IS NOT NULL`),
    index('contract_org_company_idx').on(t.orgId, t.companyId),
  ],
);

export const contractLines = pgTable(
  'contract_line',
  {
    id: id(),
    orgId: orgId(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    bundleId: uuid('bundle_id').references(() => bundles.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    qty: integer('qty').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    setupFeeCents: integer('setup_fee_cents').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('contract_line_contract_idx').on(t.orgId, t.contractId, t.position)],
);

export interface TAgreementDocumentMetadata {
  generated_at?: string;
  generated_by?: string;
  file_name?: string;
  email_sent_to?: string;
  sent_at?: string;
}

export const agreementDocuments = pgTable('agreement_document', {
  id: id(),
  orgId: orgId(),
  agreementId: uuid('agreement_id')
    .notNull()
    .unique()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull(),
  pdfGenerationStatus: text('pdf_generation_status').notNull().default('completed'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  metadata: jsonb('metadata').$type<TAgreementDocumentMetadata>().notNull().default({}),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const emailLogs = pgTable(
  'email_log',
  {
    id: id(),
    orgId: orgId(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    sponsorId: uuid('sponsor_id'),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    /** An invoice's e-mail (0014); the foreign key is declared in the migration (invoices.ts imports this file). */
    invoiceId: uuid('invoice_id'),
    recipients: text('recipients').notNull(),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull(),
    direction: text('direction').notNull().default('outbound'),
    emailType: text('email_type').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_log_org_created_idx').on(t.orgId, t.createdAt)],
);

/*
 * Kept by the quote and contract statement triggers (0029_sales_lists.sql); definer-only side
 * tables, read through quote_status_counts, contract_tab_counts and contract_search_rows.
 */

/** Quotes per organization and status: the list's tab counts. */
export const quoteStatusCounts = pgTable(
  'quote_status_count',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.status] })],
);

/** Agreements per organization, status and deleted flag: the list's tab counts. */
export const contractTabCounts = pgTable(
  'contract_tab_count',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    deleted: boolean('deleted').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.status, t.deleted] })],
);

/**
 * Per agreement, the two texts the list's search matches (its company's name and its season label)
 * and, kept beside them (0037), what the list's tabs and sorts read of the agreement, so a search's
 * hits are counted and sorted where they are found.
 */
export const contractSearch = pgTable(
  'contract_search',
  {
    contractId: uuid('contract_id')
      .primaryKey()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull(),
    companyId: uuid('company_id').notNull(),
    companyName: text('company_name').notNull(),
    seasonLabel: text('season_label'),
    status: text('status').notNull(),
    deletedAt: instant('deleted_at'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    sortValueCents: bigint('sort_value_cents', { mode: 'number' }),
    createdAt: instant('created_at').notNull(),
    // The two texts joined and lower-cased, for the trigram index (0040_agreement_search_text.sql).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(company_name || E'\n' || coalesce(season_label, ''))`),
  },
  (t) => [
    index('contract_search_company_idx').on(t.companyId),
    // Led by the organization (0041_search_indexes_by_organization.sql, btree_gin).
    index('contract_search_org_text_trgm_idx').using('gin', t.orgId, sql`${t.searchText} gin_trgm_ops`),
  ],
);
