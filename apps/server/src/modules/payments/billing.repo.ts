import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId } from '../../db/client';

// ---------------------------------------------------------------------------------------------
// Provider events (payment_event: a platform table, written and read under withPlatform)
// ---------------------------------------------------------------------------------------------

/** What an event row keeps of the verified webhook, enough to read it again in the job. */
export const ZStoredPayload = z.object({
  created: z.string(),
  objectId: z.string(),
  /** The connected account's events only; rows stored before it was kept are the platform's. */
  accountId: z.string().nullable().default(null),
  data: z.unknown(),
});
export type TStoredPayload = z.output<typeof ZStoredPayload>;

/** Records the event once: true when it is new, false when its id was seen before. */
export async function insertPaymentEvent(
  tx: TTx,
  event: { id: string; type: string; payload: TStoredPayload },
): Promise<boolean> {
  const inserted = await rows(
    tx,
    ZRowId,
    sql`INSERT INTO payment_event (id, type, payload)
        VALUES (${event.id}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb)
        ON CONFLICT (id) DO NOTHING
        RETURNING id`,
  );
  return inserted.length > 0;
}

const ZPaymentEventRow = z.object({
  id: z.string(),
  type: z.string(),
  payload: ZStoredPayload,
  processed: z.boolean(),
  attempts: z.number().int(),
});
export type TPaymentEventRow = z.output<typeof ZPaymentEventRow>;

export async function findPaymentEvent(tx: TTx, id: string): Promise<TPaymentEventRow | null> {
  const [row] = await preparedRows(
    tx,
    ZPaymentEventRow,
    sql`SELECT id, type, payload, processed_at IS NOT NULL AS processed, attempts
        FROM payment_event WHERE id = ${id}`,
  );
  return row ?? null;
}

/** Counts a try at handling the event (locks the row, so two workers take turns). */
export async function countPaymentEventAttempt(tx: TTx, id: string): Promise<void> {
  await tx.execute(sql`UPDATE payment_event SET attempts = attempts + 1 WHERE id = ${id}`);
}

export async function markPaymentEventProcessed(tx: TTx, id: string): Promise<void> {
  await tx.execute(sql`UPDATE payment_event SET processed_at = now() WHERE id = ${id} AND processed_at IS NULL`);
}

// ---------------------------------------------------------------------------------------------
// The organization's billing fields
// ---------------------------------------------------------------------------------------------

const ZBillingState = z.object({
  id: z.string(),
  name: z.string(),
  stripe_customer_id: z.string().nullable(),
  plan_key: z.string().nullable(),
  subscription_status: z.string().nullable(),
  current_period_end: column.instant.nullable(),
});
export type TBillingState = z.output<typeof ZBillingState>;

const BILLING_COLUMNS = sql`id, name, stripe_customer_id, plan_key, subscription_status, current_period_end`;

export async function findBillingState(tx: TTx, orgId: string): Promise<TBillingState | null> {
  const [row] = await preparedRows(
    tx,
    ZBillingState,
    sql`SELECT ${BILLING_COLUMNS} FROM organization WHERE id = ${orgId}`,
  );
  return row ?? null;
}

/** The organization whose customer at the provider this is (platform: the job does not know it yet). */
export async function findBillingStateByCustomer(tx: TTx, customerId: string): Promise<TBillingState | null> {
  const [row] = await preparedRows(
    tx,
    ZBillingState,
    sql`SELECT ${BILLING_COLUMNS} FROM organization WHERE stripe_customer_id = ${customerId}
        ORDER BY created_at LIMIT 1`,
  );
  return row ?? null;
}

export interface TPlanFields {
  customerId: string;
  /** null keeps the stored plan key (a price that is not one of the plans). */
  planKey: string | null;
  status: string;
  currentPeriodEnd: Date;
}

/**
 * Writes the plan fields as the provider has them; only when something differs, so a repeated
 * event changes nothing (and the organization's NOTIFY trigger stays quiet). True when it changed.
 */
export async function writePlanFields(tx: TTx, orgId: string, fields: TPlanFields): Promise<boolean> {
  const end = fields.currentPeriodEnd.toISOString();
  const changed = await rows(
    tx,
    ZRowId,
    sql`UPDATE organization
        SET stripe_customer_id = ${fields.customerId},
            plan_key = COALESCE(${fields.planKey}::text, plan_key),
            subscription_status = ${fields.status},
            current_period_end = ${end}::timestamptz,
            updated_at = now()
        WHERE id = ${orgId}
          AND (stripe_customer_id IS DISTINCT FROM ${fields.customerId}
            OR plan_key IS DISTINCT FROM COALESCE(${fields.planKey}::text, plan_key)
            OR subscription_status IS DISTINCT FROM ${fields.status}
            OR current_period_end IS DISTINCT FROM ${end}::timestamptz)
        RETURNING id`,
  );
  return changed.length > 0;
}

/** Remembers the organization's customer at the provider (a checkout without a subscription). */
export async function writeCustomerId(tx: TTx, orgId: string, customerId: string): Promise<boolean> {
  const changed = await rows(
    tx,
    ZRowId,
    sql`UPDATE organization SET stripe_customer_id = ${customerId}, updated_at = now()
        WHERE id = ${orgId} AND stripe_customer_id IS DISTINCT FROM ${customerId}
        RETURNING id`,
  );
  return changed.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Receipts (invoice_receipt: a tenant table)
// ---------------------------------------------------------------------------------------------

const ZReceiptRow = z.object({
  id: z.string(),
  org_id: z.string(),
  provider_invoice_id: z.string(),
  paid_at: column.instant,
  amount_paid_cents: column.count,
  hosted_url: z.string().nullable(),
  pdf_key: z.string().nullable(),
});
export type TReceiptRow = z.output<typeof ZReceiptRow>;

const RECEIPT_COLUMNS = sql`id, org_id, provider_invoice_id, paid_at, amount_paid_cents, hosted_url, pdf_key`;

/** One receipt per provider invoice: answers the row, new or already there. */
export async function upsertReceipt(
  tx: TTx,
  receipt: {
    orgId: string;
    providerInvoiceId: string;
    paidAt: Date;
    amountPaidCents: number;
    hostedUrl: string | null;
  },
): Promise<{ row: TReceiptRow; created: boolean }> {
  const [inserted] = await rows(
    tx,
    ZReceiptRow,
    sql`INSERT INTO invoice_receipt (org_id, provider_invoice_id, paid_at, amount_paid_cents, hosted_url)
        VALUES (${receipt.orgId}, ${receipt.providerInvoiceId}, ${receipt.paidAt.toISOString()}::timestamptz,
                ${receipt.amountPaidCents}, ${receipt.hostedUrl})
        ON CONFLICT (provider_invoice_id) DO NOTHING
        RETURNING ${RECEIPT_COLUMNS}`,
  );
  if (inserted) return { row: inserted, created: true };
  const [existing] = await rows(
    tx,
    ZReceiptRow,
    sql`SELECT ${RECEIPT_COLUMNS} FROM invoice_receipt WHERE provider_invoice_id = ${receipt.providerInvoiceId}`,
  );
  if (!existing) throw new Error(`receipt for invoice ${receipt.providerInvoiceId} vanished`);
  return { row: existing, created: false };
}

/** Sets the stored PDF of a receipt that has none yet; true when it did. */
export async function setReceiptPdf(tx: TTx, id: string, pdfKey: string): Promise<boolean> {
  const changed = await rows(
    tx,
    ZRowId,
    sql`UPDATE invoice_receipt SET pdf_key = ${pdfKey} WHERE id = ${id} AND pdf_key IS NULL RETURNING id`,
  );
  return changed.length > 0;
}

/** The organization's receipts, newest first. */
export function listReceiptRows(tx: TTx, orgId: string): Promise<TReceiptRow[]> {
  return preparedRows(
    tx,
    ZReceiptRow,
    sql`SELECT ${RECEIPT_COLUMNS} FROM invoice_receipt WHERE org_id = ${orgId}
        ORDER BY paid_at DESC, created_at DESC, id DESC`,
  );
}

export async function findReceipt(tx: TTx, orgId: string, id: string): Promise<TReceiptRow | null> {
  const [row] = await preparedRows(
    tx,
    ZReceiptRow,
    sql`SELECT ${RECEIPT_COLUMNS} FROM invoice_receipt WHERE org_id = ${orgId} AND id = ${id}`,
  );
  return row ?? null;
}

const ZRowIdAttempts = z.object({ id: z.string(), attempts: z.number().int() });

/**
 * Events recorded but still not handled a while after they came (their job ran out of retries, or
 * a node died between recording and enqueueing): the sweep enqueues them again. Oldest first, on
 * payment_event_unprocessed_idx. Events tried very many times are left to an operator (logged).
 */
export function listStalePaymentEvents(
  tx: TTx,
  opts: { olderThanSeconds: number; maxAttempts: number; limit: number },
): Promise<{ id: string; attempts: number }[]> {
  return rows(
    tx,
    ZRowIdAttempts,
    sql`SELECT id, attempts FROM payment_event
        WHERE processed_at IS NULL
          AND received_at < now() - make_interval(secs => ${opts.olderThanSeconds})
          AND attempts < ${opts.maxAttempts}
        ORDER BY received_at
        LIMIT ${opts.limit}`,
  );
}
