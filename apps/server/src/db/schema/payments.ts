import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns';
import { organizations } from './organizations';

/*
 * Premium billing (0013_payments.sql). The migration is the source of truth for constraints and
 * indexes; these declarations give the tenant list its tables.
 */

/** The payment provider's events, recorded once by the provider's event id (a platform table). */
export const paymentEvents = pgTable('payment_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
  processedAt: instant('processed_at'),
  attempts: integer('attempts').notNull().default(0),
});

/** A paid invoice of the organization's subscription (spec §3 invoice_receipt). */
export const invoiceReceipts = pgTable(
  'invoice_receipt',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    providerInvoiceId: text('provider_invoice_id').notNull().unique(),
    paidAt: instant('paid_at').notNull(),
    amountPaidCents: bigint('amount_paid_cents', { mode: 'number' }).notNull(),
    /** The provider's page for the invoice (Stripe's hosted invoice), when it has one. */
    hostedUrl: text('hosted_url'),
    /** The stored receipt PDF (deps.files key), for the simulator's invoices. */
    pdfKey: text('pdf_key'),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_receipt_org_paid_idx').on(t.orgId, t.paidAt.desc())],
);
