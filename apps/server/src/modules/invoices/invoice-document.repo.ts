import { INVOICE_STATUSES, INVOICE_TYPES } from '@pennant/shared/invoices/schemas';
import { z } from 'zod';
import { column, rows, sql, type TTx, ZRowId } from '../../db/client';
import { timelineEvents } from '../../db/schema/companies';
import { emailLogs } from '../../db/schema/sales';

/*
 * What the invoice's PDF and e-mails read and write: the invoice with its lines, company, primary
 * contact and organization; the e-mail log; the e-mail event; pending → sent after an e-mail.
 * Every query names the org_id, on top of row-level security.
 */

const ZInvoiceDocumentRow = z.object({
  id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  company_address: z.string().nullable(),
  company_city: z.string().nullable(),
  company_state: z.string().nullable(),
  agreement_id: z.string().nullable(),
  quote_id: z.string().nullable(),
  invoice_type: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  hosted_url: z.string().nullable(),
  due_date: z.string(),
  memo: z.string().nullable(),
  remit_to_info: z.string().nullable(),
  total_amount_cents: column.count,
  created_at: column.instant,
  sent_at: column.instant.nullable(),
  paid_at: column.instant.nullable(),
});
export type TInvoiceDocumentRow = z.output<typeof ZInvoiceDocumentRow>;

/** The invoice with its company's name and address, or null for another organization's or an unknown id. */
export async function findInvoiceDocument(tx: TTx, orgId: string, id: string): Promise<TInvoiceDocumentRow | null> {
  const [row] = await rows(
    tx,
    ZInvoiceDocumentRow,
    sql`SELECT i.id, i.company_id, co.name AS company_name, co.address AS company_address, co.city AS company_city,
               co.state AS company_state, i.agreement_id, i.quote_id, i.invoice_type, i.status, i.hosted_url,
               i.due_date::text AS due_date, i.memo, i.remit_to_info, i.total_amount_cents, i.created_at,
               i.sent_at, i.paid_at
        FROM invoice i JOIN company co ON co.org_id = i.org_id AND co.id = i.company_id
        WHERE i.org_id = ${orgId} AND i.id = ${id}`,
  );
  return row ?? null;
}

const ZInvoiceLineRow = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_price_cents: column.count,
  total_cents: column.count,
});
export type TInvoiceLineRow = z.output<typeof ZInvoiceLineRow>;

export function listInvoiceLines(tx: TTx, orgId: string, invoiceId: string): Promise<TInvoiceLineRow[]> {
  return rows(
    tx,
    ZInvoiceLineRow,
    sql`SELECT description, quantity, unit_price_cents, total_cents
        FROM invoice_line_item WHERE org_id = ${orgId} AND invoice_id = ${invoiceId}
        ORDER BY position, id`,
  );
}

const ZRowNameEmail = z.object({ name: z.string(), email: z.string() });

/**
 * Where the company's e-mail goes when nobody was e-mailed before: the primary contact's
 * address, else the first active contact that has one (a company has no address of its own).
 */
export async function findCompanyEmailContact(
  tx: TTx,
  orgId: string,
  companyId: string,
): Promise<{ name: string; email: string } | null> {
  const [row] = await rows(
    tx,
    ZRowNameEmail,
    sql`SELECT name, email FROM company_contact
        WHERE org_id = ${orgId} AND company_id = ${companyId} AND is_active AND coalesce(trim(email), '') <> ''
        ORDER BY is_primary DESC, created_at ASC, id ASC LIMIT 1`,
  );
  return row ?? null;
}

const ZOrganization = z.object({
  name: z.string(),
  ein: z.string().nullable(),
  remit_to_address: z.string().nullable(),
  business_street: z.string().nullable(),
  business_city: z.string().nullable(),
  business_state: z.string().nullable(),
  business_zip: z.string().nullable(),
  treasurer_email: z.string().nullable(),
  sponsorship_lead_email: z.string().nullable(),
});
export type TInvoiceOrganization = z.output<typeof ZOrganization>;

/** What the PDF's header and remit-to and the e-mail's sender rule read of the organization. */
export async function findInvoiceOrganization(tx: TTx, orgId: string): Promise<TInvoiceOrganization | null> {
  const [row] = await rows(
    tx,
    ZOrganization,
    sql`SELECT name, ein, remit_to_address, business_street, business_city, business_state, business_zip,
               treasurer_email, sponsorship_lead_email
        FROM organization WHERE id = ${orgId}`,
  );
  return row ?? null;
}

const ZRowIdCompanyIdStatus = z.object({ id: z.string(), company_id: z.string(), status: z.enum(INVOICE_STATUSES) });

/** Locks the invoice for the rest of the transaction; null when the organization has none with this id. */
export async function lockInvoice(
  tx: TTx,
  orgId: string,
  id: string,
): Promise<{ id: string; company_id: string; status: z.output<typeof ZInvoiceDocumentRow>['status'] } | null> {
  const [row] = await rows(
    tx,
    ZRowIdCompanyIdStatus,
    sql`SELECT id, company_id, status FROM invoice WHERE org_id = ${orgId} AND id = ${id} FOR UPDATE`,
  );
  return row ?? null;
}

/** Pending (Ready to Send) → sent, by conditional update; false when it was no longer pending. */
export async function markInvoiceEmailed(tx: TTx, orgId: string, id: string, at: Date): Promise<boolean> {
  const changed = await rows(
    tx,
    ZRowId,
    sql`UPDATE invoice SET status = 'sent', sent_at = ${at.toISOString()}::timestamptz, updated_at = now()
        WHERE org_id = ${orgId} AND id = ${id} AND status = 'pending'
        RETURNING id`,
  );
  return changed.length > 0;
}

export interface TNewInvoiceEmailLog {
  orgId: string;
  companyId: string;
  invoiceId: string;
  /** The recipient first, then the copy's address. */
  recipients: string;
  subject: string;
  bodyHtml: string;
  createdBy: string;
  createdAt?: Date;
}

export async function insertInvoiceEmailLog(tx: TTx, v: TNewInvoiceEmailLog): Promise<void> {
  await tx.insert(emailLogs).values({ ...v, direction: 'outbound', emailType: 'invoice' });
}

const ZLastEmail = z.object({ recipients: z.string(), subject: z.string(), body_html: z.string() });
export type TLastInvoiceEmail = z.output<typeof ZLastEmail>;

/** The newest e-mail logged for the invoice, or null when it was never e-mailed. */
export async function findLastInvoiceEmail(
  tx: TTx,
  orgId: string,
  invoiceId: string,
): Promise<TLastInvoiceEmail | null> {
  const [row] = await rows(
    tx,
    ZLastEmail,
    sql`SELECT recipients, subject, body_html FROM email_log
        WHERE org_id = ${orgId} AND invoice_id = ${invoiceId} AND email_type = 'invoice'
        ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row ?? null;
}

export interface TNewInvoiceEvent {
  orgId: string;
  companyId: string;
  invoiceId: string;
  eventType: string;
  description: string;
  createdBy: string;
  metadata: Record<string, unknown>;
  occurredAt?: Date;
}

export async function insertInvoiceEvent(tx: TTx, e: TNewInvoiceEvent): Promise<void> {
  await tx.insert(timelineEvents).values({ ...e, sponsorId: null });
}
