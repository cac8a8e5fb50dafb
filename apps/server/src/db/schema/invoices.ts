import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, instant, updatedAt } from './columns';
import { companies } from './companies';
import { organizations } from './organizations';
import { contracts, quotes } from './sales';

/*
 * Invoices (0014_invoices.sql). The migration is the source of truth for constraints and indexes;
 * these declarations give the tenant list its tables and the repos their columns.
 */

const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** An invoice to a sponsor (spec 001 §3): manual (check, cash, transfer) or a card invoice at the provider. */
export const invoices = pgTable(
  'invoice',
  {
    id: id(),
    orgId: orgId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agreementId: uuid('agreement_id').references(() => contracts.id, { onDelete: 'set null' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    invoiceSource: text('invoice_source').notNull().default('direct'),
    invoiceType: text('invoice_type').notNull().default('manual'),
    status: text('status').notNull().default('pending'),
    stripeInvoiceId: text('stripe_invoice_id').unique(),
    stripeAccountId: text('stripe_account_id'),
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    memo: text('memo'),
    remitToInfo: text('remit_to_info'),
    totalAmountCents: bigint('total_amount_cents', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: instant('sent_at'),
    paidAt: instant('paid_at'),
    voidedAt: instant('voided_at'),
  },
  (t) => [
    index('invoice_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()),
    index('invoice_org_company_idx').on(t.orgId, t.companyId, t.createdAt.desc()),
  ],
);

export const invoiceLineItems = pgTable(
  'invoice_line_item',
  {
    id: id(),
    orgId: orgId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('invoice_line_item_invoice_idx').on(t.orgId, t.invoiceId, t.position)],
);

/**
 * Invoices per organization and status with their amount (0029_sales_lists.sql), kept by the
 * invoice statement triggers: the list's tab counts and the KPI cards. Definer-only, read through
 * invoice_status_counts(org).
 */
export const invoiceStatusCounts = pgTable(
  'invoice_status_count',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.status] })],
);
