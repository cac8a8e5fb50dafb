import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, instant, updatedAt } from './columns';
import { organizations } from './organizations';

export const companies = pgTable(
  'company',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('prospect'),
    website: text('website'),
    industry: text('industry'),
    country: text('country'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    notes: text('notes'),
    tags: text('tags').array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastContactedAt: instant('last_contacted_at'),
    statusUpdatedAt: instant('status_updated_at'),
    // The searched text, lower-cased, for the search's walk (0038_company_search_text.sql).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(company_search_doc(name, notes, industry, website, address, city, state))`),
  },
  // Sort indexes of 0004_companies.sql: every list sort is an index scan ending in id. The
  // triggers of 0005_company_search.sql keep company_search and company_status_count in step.
  (t) => [
    index('company_org_name_idx').on(t.orgId, sql`lower(${t.name})`, t.id),
    index('company_org_status_idx').on(t.orgId, t.status),
    index('company_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('company_org_updated_idx').on(t.orgId, t.updatedAt, t.id),
    index('company_org_last_contacted_idx').on(t.orgId, t.lastContactedAt.asc().nullsFirst(), t.id),
    index('company_org_status_rank_idx').on(
      t.orgId,
      sql`company_status_rank(${t.status})`,
      sql`lower(${t.name})`,
      t.id,
    ),
  ],
);

export const companyContacts = pgTable(
  'company_contact',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    title: text('title'),
    role: text('role').notNull().default('primary'),
    isPrimary: boolean('is_primary').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    /** Opted out of prospect e-mails (0020_prospect_blast.sql). */
    emailOptOut: boolean('email_opt_out').notNull().default(false),
    optOutAt: instant('opt_out_at'),
    /**
     * Kept by the database (0028_prospect_paging.sql): the prospects' order and opt-out match as
     * plain columns, which row-level security lets an index serve (lower and btrim are not leakproof).
     * The partial indexes on them (prospect order, opted-out addresses) are the migration's.
     */
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(name)`),
    emailKey: text('email_key').generatedAlwaysAs(sql`NULLIF(lower(btrim(email)), '')`),
    /**
     * Kept by the database's triggers (0036_prospect_flags.sql), whatever the app writes: the
     * company is in a pipeline status; the address opted out (as a company or fundraising contact of
     * the organization). An active prospect is one entry of the migration's prospect index.
     */
    companyInPipeline: boolean('company_in_pipeline').notNull().default(false),
    addressOptedOut: boolean('address_opted_out').notNull().default(false),
  },
  (t) => [
    index('company_contact_active_idx').on(t.orgId, t.companyId, t.isPrimary.desc(), t.createdAt).where(sql`is_active`),
    uniqueIndex('company_contact_one_primary_uq').on(t.companyId).where(sql`is_primary`),
    index('company_contact_company_idx').on(t.companyId),
  ],
);

/** Company notes and other history: one row per event on a company's timeline. */
export const timelineEvents = pgTable(
  'timeline_event',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    sponsorId: uuid('sponsor_id'),
    eventType: text('event_type').notNull().default('note'),
    description: text('description').notNull(),
    bodyHtml: text('body_html'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    quoteId: uuid('quote_id'),
    contractId: uuid('contract_id'),
    invoiceId: uuid('invoice_id'),
    metadata: jsonb('metadata'),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('timeline_event_org_company_idx').on(t.orgId, t.companyId, t.occurredAt),
    index('timeline_event_company_idx').on(t.companyId),
  ],
);

/**
 * The searched text of each company (name, notes, industry, website, address, city, state, one
 * per line) under a trigram index. Kept by company's triggers and read only through the
 * SECURITY DEFINER function company_search_hits(org, pattern): under row-level security an
 * ILIKE on company itself could never use an index. Not granted to the app role.
 */
export const companySearch = pgTable(
  'company_search',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull(),
    status: text('status').notNull(),
    doc: text('doc').notNull(),
    // The company's name, for name searches and the agreements' copies (0029_sales_lists.sql).
    name: text('name').notNull(),
  },
  // No org_id index of its own on purpose: a search must use the trigram index, which leads by
  // the organization (0041_search_indexes_by_organization.sql, btree_gin).
  (t) => [index('company_search_org_doc_trgm_idx').using('gin', t.orgId, sql`${t.doc} gin_trgm_ops`)],
);

/**
 * The searched text of each company contact (name and e-mail, one per line) under a trigram index,
 * kept by company_contact's triggers (0028_prospect_paging.sql) and read only through the SECURITY
 * DEFINER function company_contact_search_hits(org, pattern), as company_search is for companies:
 * the prospect blast's Recipients search. Not granted to the app role.
 */
export const companyContactSearch = pgTable(
  'company_contact_search',
  {
    contactId: uuid('contact_id')
      .primaryKey()
      .references(() => companyContacts.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull(),
    doc: text('doc').notNull(),
  },
  // As company_search's: the trigram index led by the organization (0041).
  (t) => [index('company_contact_search_org_doc_trgm_idx').using('gin', t.orgId, sql`${t.doc} gin_trgm_ops`)],
);

/**
 * Companies per organization and status, kept by company's triggers and read through
 * company_status_counts(org): the list's tab counts without counting every row. Not granted to
 * the app role.
 */
export const companyStatusCounts = pgTable(
  'company_status_count',
  {
    orgId: uuid('org_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.status] })],
);

/*
 * A search's counts kept between requests (0029_sales_lists.sql): company_search_memo holds a
 * costly search's hits per status, good while company_search_version (moved by the company
 * triggers) still reads the version they were counted at. Definer-only, read through
 * company_search_counts(org, pattern).
 */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

export const companySearchVersions = pgTable('company_search_version', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
  // The transaction that last moved it, so one transaction moves it once.
  xact: xid8('xact'),
});

export const companySearchMemos = pgTable(
  'company_search_memo',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    pattern: text('pattern').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    counts: jsonb('counts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.pattern] })],
);
