import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, instant, updatedAt } from './columns';
import { organizations } from './organizations';

/**
 * The searched text of a company (name, notes, industry, website, address, city, state), one
 * field per line. Must stay identical to the expression of company_search_trgm_idx.
 */
export const COMPANY_SEARCH_DOCUMENT = sql.raw(
  "(coalesce(name, '') || E'\\n' || coalesce(notes, '') || E'\\n' || coalesce(industry, '') || E'\\n' || " +
    "coalesce(website, '') || E'\\n' || coalesce(address, '') || E'\\n' || coalesce(city, '') || E'\\n' || " +
    "coalesce(state, ''))",
);

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
  },
  // Sort and search indexes of 0004_companies.sql: every list sort is an index scan ending in id.
  (t) => [
    index('company_org_name_idx').on(t.orgId, sql`lower(${t.name})`, t.id),
    index('company_org_status_idx').on(t.orgId, t.status),
    index('company_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('company_org_updated_idx').on(t.orgId, t.updatedAt, t.id),
    index('company_org_last_contacted_idx').on(t.orgId, t.lastContactedAt.asc().nullsFirst(), t.id),
    index('company_org_status_rank_idx').on(t.orgId, sql`company_status_rank(${t.status})`, sql`lower(${t.name})`, t.id),
    index('company_search_trgm_idx').using('gin', sql`${COMPANY_SEARCH_DOCUMENT} gin_trgm_ops`),
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
  },
  (t) => [
    index('company_contact_org_company_idx').on(t.orgId, t.companyId),
    index('company_contact_active_idx')
      .on(t.orgId, t.companyId, t.isPrimary.desc(), t.createdAt)
      .where(sql`is_active`),
    uniqueIndex('company_contact_one_primary_uq').on(t.companyId).where(sql`is_primary`),
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
    metadata: jsonb('metadata'),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('timeline_event_org_company_idx').on(t.orgId, t.companyId, t.occurredAt)],
);
