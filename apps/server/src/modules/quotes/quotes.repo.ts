import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId } from '../../db/client';
import { timelineEvents } from '../../db/schema/companies';
import { emailLogs, quoteDocuments, quoteLines, quotes } from '../../db/schema/sales';
import { idList } from '../catalogue/catalogue.repo';
import { containsPattern } from '../companies/companies.repo';

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/** A quote as the list shows it: its company's name, whether a PDF is stored, its agreement. */
export const ZQuoteSummaryRow = z.object({
  id: z.string(),
  status: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  created_at: column.instant,
  sent_at: column.instant.nullable(),
  expires_at: column.instant.nullable(),
  total_cents: column.count,
  has_pdf: z.boolean(),
  agreement_id: z.string().nullable(),
});
export type TQuoteSummaryRow = z.output<typeof ZQuoteSummaryRow>;

export const ZQuoteDetailRow = ZQuoteSummaryRow.extend({
  company_status: z.string(),
  renewal_cents: column.count,
  notes: z.string().nullable(),
  email_subject: z.string().nullable(),
  email_body: z.string().nullable(),
  recipient_emails: z.string().nullable(),
  origin_price_list_id: z.string().nullable(),
  accepted_at: column.instant.nullable(),
  rejected_at: column.instant.nullable(),
  expired_at: column.instant.nullable(),
  archived_at: column.instant.nullable(),
  /** Not shown: tells whether the quote changed between two reads. */
  updated_at: column.instant,
});
export type TQuoteDetailRow = z.output<typeof ZQuoteDetailRow>;

/** The columns a page reads from quote itself (unqualified, for the inner page queries). */
const PAGE_COLUMNS = sql.raw('id, status, company_id, created_at, sent_at, expires_at, total_cents');

/** The document and agreement of quote `q`, each one index probe (quote_document's and contract's unique quote_id). */
const extrasSql = (orgId: string) => sql`
  EXISTS (SELECT 1 FROM quote_document d WHERE d.org_id = ${orgId} AND d.quote_id = q.id) AS has_pdf,
  (SELECT k.id FROM contract k
    WHERE k.org_id = ${orgId} AND k.quote_id = q.id AND k.deleted_at IS NULL LIMIT 1) AS agreement_id`;

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

/**
 * Which companies' quotes a list reads: null for every company; else these ids (one company's
 * filter, or the companies a search matched), never empty (callers answer an empty list first).
 */
export type TCompanyScope = readonly string[] | null;

/**
 * The organization's companies whose name contains the term (case-insensitive, the user's % and _
 * taken literally), within one company when given. A scan of the organization's companies (an
 * index range on org_id), cheaper for an organization's few thousand companies than the trigram
 * index over every organization's searched text.
 */
export async function findCompaniesByName(
  tx: TTx,
  orgId: string,
  search: string,
  companyId: string | null,
): Promise<string[]> {
  const company = companyId ? sql`AND id = ${companyId}` : sql``;
  const found = await preparedRows(
    tx,
    ZRowId,
    sql`SELECT id FROM company WHERE org_id = ${orgId} AND name ILIKE ${containsPattern(search)} ${company}`,
  );
  return found.map((r) => r.id);
}

/** `<column> IN (…)` for a list of statuses (never empty: callers return early). */
function statusIn(statuses: readonly string[], columnName = 'status'): SQL {
  return sql`${sql.raw(columnName)} IN (${idList(statuses)})`;
}

/**
 * The company condition on quote (unqualified columns). Many ids go as one array parameter, in a
 * statement planned with its values (not a prepared one), so the planner sees how many there are:
 * a few are index probes, thousands a scan of the organization's quotes.
 */
function companySql(scope: TCompanyScope): SQL {
  if (!scope) return sql``;
  if (scope.length === 1) return sql`AND company_id = ${scope[0]}`;
  return sql`AND company_id = ANY(${`{${scope.join(',')}}`}::uuid[])`;
}

/** preparedRows for the fixed shapes, rows (planned with the values) for an id array. */
const runFor = (scope: TCompanyScope) => (scope && scope.length > 1 ? rows : preparedRows);

const ZStatusCount = z.object({ status: z.string(), n: column.count });

/**
 * Quotes per status of the scope. The whole organization's come from the counter table its
 * statement triggers keep (quote_status_counts, 0029_sales_lists.sql), not from counting 20,000
 * rows per request; a scope's companies are counted (an index range per company, or their quotes).
 */
export async function countQuotesByStatus(tx: TTx, orgId: string, scope: TCompanyScope): Promise<Map<string, number>> {
  const found = scope
    ? await runFor(scope)(
        tx,
        ZStatusCount,
        sql`SELECT status, count(*)::int AS n FROM quote WHERE org_id = ${orgId} ${companySql(scope)} GROUP BY status`,
      )
    : await preparedRows(tx, ZStatusCount, sql`SELECT status, n FROM quote_status_counts(${orgId}::uuid)`);
  return new Map(found.map((r) => [r.status, r.n]));
}

/**
 * The newest quotes of the page. For the whole organization each status of a tab is read from
 * its own (org_id, status, created_at, id) index range and merged, so a page never walks the
 * other statuses' rows.
 */
function pageSql(
  orgId: string,
  scope: TCompanyScope,
  statuses: readonly string[] | null,
  limit: number,
  offset: number,
): SQL {
  const order = sql.raw('ORDER BY created_at DESC, id DESC');
  if (scope || !statuses || statuses.length === 1) {
    const status = statuses ? sql`AND ${statusIn(statuses)}` : sql``;
    return sql`SELECT ${PAGE_COLUMNS} FROM quote
               WHERE org_id = ${orgId} ${companySql(scope)} ${status}
               ${order} LIMIT ${limit} OFFSET ${offset}`;
  }
  const parts = statuses.map(
    (s) => sql`(SELECT ${PAGE_COLUMNS} FROM quote WHERE org_id = ${orgId} AND status = ${s}
                ${order} LIMIT ${limit + offset})`,
  );
  return sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) merged ${order} LIMIT ${limit} OFFSET ${offset}`;
}

/** One page of quotes, newest first, with their company's name, PDF flag and agreement. */
export function listQuotePage(
  tx: TTx,
  orgId: string,
  scope: TCompanyScope,
  statuses: readonly string[] | null,
  limit: number,
  offset: number,
): Promise<TQuoteSummaryRow[]> {
  if (statuses?.length === 0 || scope?.length === 0) return Promise.resolve([]);
  return runFor(scope)(
    tx,
    ZQuoteSummaryRow,
    sql`SELECT q.id, q.status, q.company_id, c.name AS company_name, q.created_at, q.sent_at, q.expires_at,
               q.total_cents, ${extrasSql(orgId)}
        FROM (${pageSql(orgId, scope, statuses, limit, offset)}) q
        JOIN company c ON c.org_id = ${orgId} AND c.id = q.company_id
        ORDER BY q.created_at DESC, q.id DESC`,
  );
}

// ---------------------------------------------------------------------------------------------
// One quote
// ---------------------------------------------------------------------------------------------

export async function findQuote(tx: TTx, orgId: string, id: string): Promise<TQuoteDetailRow | null> {
  const [row] = await preparedRows(
    tx,
    ZQuoteDetailRow,
    sql`SELECT q.id, q.status, q.company_id, c.name AS company_name, c.status AS company_status,
               q.created_at, q.sent_at, q.expires_at, q.total_cents, q.renewal_cents, q.notes,
               q.email_subject, q.email_body, q.recipient_emails, q.origin_price_list_id,
               q.accepted_at, q.rejected_at, q.expired_at, q.archived_at, q.updated_at, ${extrasSql(orgId)}
        FROM quote q JOIN company c ON c.org_id = q.org_id AND c.id = q.company_id
        WHERE q.org_id = ${orgId} AND q.id = ${id}`,
  );
  return row ?? null;
}

const ZQuoteLineRow = z.object({
  id: z.string(),
  product_id: z.string().nullable(),
  bundle_id: z.string().nullable(),
  item_name: z.string(),
  qty: z.number().int(),
  unit_price_cents: z.number().int(),
  is_setup_fee: z.boolean(),
});
export type TQuoteLineRow = z.output<typeof ZQuoteLineRow>;

export function listQuoteLines(tx: TTx, orgId: string, quoteId: string): Promise<TQuoteLineRow[]> {
  return preparedRows(
    tx,
    ZQuoteLineRow,
    sql`SELECT id, product_id, bundle_id, item_name, qty, unit_price_cents, is_setup_fee
        FROM quote_line WHERE org_id = ${orgId} AND quote_id = ${quoteId}
        ORDER BY position, id`,
  );
}

const ZQuoteRef = z.object({
  id: z.string(),
  status: z.string(),
  company_id: z.string(),
  updated_at: column.instant,
});
export type TQuoteRef = z.output<typeof ZQuoteRef>;

/** Locks the quote for the transaction; null when the organization has no such quote. */
export async function lockQuote(tx: TTx, orgId: string, id: string): Promise<TQuoteRef | null> {
  const [row] = await rows(
    tx,
    ZQuoteRef,
    sql`SELECT id, status, company_id, updated_at FROM quote WHERE org_id = ${orgId} AND id = ${id} FOR UPDATE`,
  );
  return row ?? null;
}

/** The agreement made from the quote that is not deleted, if any. */
export async function findQuoteAgreement(tx: TTx, orgId: string, quoteId: string): Promise<string | null> {
  const [row] = await preparedRows(
    tx,
    ZRowId,
    sql`SELECT id FROM contract WHERE org_id = ${orgId} AND quote_id = ${quoteId} AND deleted_at IS NULL LIMIT 1`,
  );
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export interface TNewQuote {
  orgId: string;
  companyId: string;
  createdById: string;
  notes: string | null;
  originPriceListId: string | null;
  emailSubject: string;
  emailBody: string;
  totalCents: number;
  renewalCents: number;
}

export async function insertQuote(tx: TTx, values: TNewQuote): Promise<string> {
  const [row] = await tx
    .insert(quotes)
    .values({ ...values, status: 'draft' })
    .returning({ id: quotes.id });
  if (!row) throw new Error('quote insert returned no row');
  return row.id;
}

export interface TQuoteDraftPatch {
  companyId: string;
  notes: string | null;
  originPriceListId: string | null;
  totalCents: number;
  renewalCents: number;
}

export async function updateQuoteDraft(tx: TTx, orgId: string, id: string, patch: TQuoteDraftPatch): Promise<void> {
  await tx
    .update(quotes)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(quotes.orgId, orgId), eq(quotes.id, id)));
}

export interface TNewQuoteLine {
  productId: string | null;
  bundleId: string | null;
  itemName: string;
  qty: number;
  unitPriceCents: number;
  isSetupFee: boolean;
}

/** Every line of the quote replaced by these, in this order. */
export async function replaceQuoteLines(
  tx: TTx,
  orgId: string,
  quoteId: string,
  lines: readonly TNewQuoteLine[],
): Promise<void> {
  await tx.delete(quoteLines).where(and(eq(quoteLines.orgId, orgId), eq(quoteLines.quoteId, quoteId)));
  if (lines.length === 0) return;
  await tx.insert(quoteLines).values(lines.map((line, position) => ({ ...line, orgId, quoteId, position })));
}

export async function saveQuoteEmail(
  tx: TTx,
  orgId: string,
  id: string,
  email: { subject: string; body: string },
): Promise<void> {
  await tx
    .update(quotes)
    .set({ emailSubject: email.subject, emailBody: email.body, updatedAt: new Date() })
    .where(and(eq(quotes.orgId, orgId), eq(quotes.id, id)));
}

export interface TQuoteSent {
  sentAt: Date;
  expiresAt: Date;
  recipientEmails: string;
  emailSubject: string;
  emailBody: string;
}

/** draft or sent → sent (a quote may be sent again); false when the quote is in neither state. */
export async function markQuoteSent(tx: TTx, orgId: string, id: string, sent: TQuoteSent): Promise<boolean> {
  const updated = await rows(
    tx,
    ZRowId,
    sql`UPDATE quote SET status = 'sent', sent_at = ${sent.sentAt}, expires_at = ${sent.expiresAt},
          recipient_emails = ${sent.recipientEmails}, email_subject = ${sent.emailSubject},
          email_body = ${sent.emailBody}, updated_at = ${sent.sentAt}
        WHERE org_id = ${orgId} AND id = ${id} AND status IN ('draft', 'sent')
        RETURNING id`,
  );
  return updated.length > 0;
}

/** A sent quote accepted or rejected, with the matching timestamp; false when it was not sent. */
export async function decideQuote(
  tx: TTx,
  orgId: string,
  id: string,
  to: 'accepted' | 'rejected',
  at: Date,
): Promise<boolean> {
  const stamp = to === 'accepted' ? sql.raw('accepted_at') : sql.raw('rejected_at');
  const updated = await rows(
    tx,
    ZRowId,
    sql`UPDATE quote SET status = ${to}, ${stamp} = ${at}, updated_at = ${at}
        WHERE org_id = ${orgId} AND id = ${id} AND status = 'sent'
        RETURNING id`,
  );
  return updated.length > 0;
}

/** Rejects the company's other sent quotes; their ids, in id order. */
export async function rejectOtherSentQuotes(
  tx: TTx,
  orgId: string,
  companyId: string,
  exceptId: string,
  at: Date,
): Promise<string[]> {
  const updated = await rows(
    tx,
    ZRowId,
    sql`UPDATE quote SET status = 'rejected', rejected_at = ${at}, updated_at = ${at}
        WHERE org_id = ${orgId} AND company_id = ${companyId} AND status = 'sent' AND id <> ${exceptId}
        RETURNING id`,
  );
  return updated.map((r) => r.id).sort();
}

/**
 * Removes the quote with its timeline events (the e-mail logs, lines and document go with it by
 * their foreign keys). The document's file key, if any, for the caller to remove after commit.
 */
export async function deleteQuote(tx: TTx, orgId: string, id: string): Promise<{ fileKey: string | null }> {
  const doc = await findQuoteDocument(tx, orgId, id);
  await tx.delete(timelineEvents).where(and(eq(timelineEvents.orgId, orgId), eq(timelineEvents.quoteId, id)));
  await tx.delete(emailLogs).where(and(eq(emailLogs.orgId, orgId), eq(emailLogs.quoteId, id)));
  await tx.delete(quotes).where(and(eq(quotes.orgId, orgId), eq(quotes.id, id)));
  return { fileKey: doc?.fileKey ?? null };
}

// ---------------------------------------------------------------------------------------------
// The stored PDF
// ---------------------------------------------------------------------------------------------

export async function findQuoteDocument(
  tx: TTx,
  orgId: string,
  quoteId: string,
): Promise<{ fileKey: string; fileName: string } | null> {
  const [row] = await tx
    .select({ fileKey: quoteDocuments.fileKey, fileName: quoteDocuments.fileName })
    .from(quoteDocuments)
    .where(and(eq(quoteDocuments.orgId, orgId), eq(quoteDocuments.quoteId, quoteId)));
  return row ?? null;
}

/** The quote's one document, replaced; the key it replaced (null when none, or the same). */
export async function upsertQuoteDocument(
  tx: TTx,
  orgId: string,
  quoteId: string,
  doc: { fileKey: string; fileName: string },
): Promise<string | null> {
  const previous = await findQuoteDocument(tx, orgId, quoteId);
  await tx
    .insert(quoteDocuments)
    .values({ orgId, quoteId, ...doc })
    .onConflictDoUpdate({ target: quoteDocuments.quoteId, set: { ...doc, createdAt: new Date() } });
  return previous && previous.fileKey !== doc.fileKey ? previous.fileKey : null;
}

/** Forgets the stored PDF (a draft's lines changed); its key, for the caller to remove after commit. */
export async function deleteQuoteDocument(tx: TTx, orgId: string, quoteId: string): Promise<string | null> {
  const [row] = await tx
    .delete(quoteDocuments)
    .where(and(eq(quoteDocuments.orgId, orgId), eq(quoteDocuments.quoteId, quoteId)))
    .returning({ fileKey: quoteDocuments.fileKey });
  return row?.fileKey ?? null;
}

// ---------------------------------------------------------------------------------------------
// What a quote names: catalogue items, the price list, the company's contacts, the organization
// ---------------------------------------------------------------------------------------------

const ZRowIdName = z.object({ id: z.string(), name: z.string() });

/**
 * The organization's products (or bundles not deleted) among ids, by id → name, each held (FOR
 * SHARE) until the transaction ends, so none goes between this check and the lines that name it.
 */
export async function holdItemNames(
  tx: TTx,
  orgId: string,
  kind: 'product' | 'bundle',
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const live = kind === 'bundle' ? sql`AND NOT is_deleted` : sql``;
  const found = await rows(
    tx,
    ZRowIdName,
    sql`SELECT id, name FROM ${sql.raw(kind)}
        WHERE org_id = ${orgId} ${live} AND id IN (${idList(ids)}) ORDER BY id FOR SHARE`,
  );
  return new Map(found.map((r) => [r.id, r.name]));
}

const ZRowName = z.object({ name: z.string() });

export async function findCompanyName(tx: TTx, orgId: string, id: string): Promise<string | null> {
  const [row] = await preparedRows(tx, ZRowName, sql`SELECT name FROM company WHERE org_id = ${orgId} AND id = ${id}`);
  return row?.name ?? null;
}

export async function priceListExists(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const found = await preparedRows(
    tx,
    ZRowId,
    sql`SELECT id FROM price_list WHERE org_id = ${orgId} AND id = ${id} AND NOT is_deleted`,
  );
  return found.length > 0;
}

const ZContactRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  is_primary: z.boolean(),
});
export type TQuoteContactRow = z.output<typeof ZContactRow>;

/** The company's active contacts, primary first, then oldest first. */
export function listActiveContacts(tx: TTx, orgId: string, companyId: string): Promise<TQuoteContactRow[]> {
  return preparedRows(
    tx,
    ZContactRow,
    sql`SELECT id, name, email, is_primary FROM company_contact
        WHERE org_id = ${orgId} AND company_id = ${companyId} AND is_active
        ORDER BY is_primary DESC, created_at ASC, id ASC`,
  );
}

const ZOrganizationRow = z.object({
  name: z.string(),
  sponsorship_lead_email: z.string().nullable(),
  treasurer_email: z.string().nullable(),
  workflow_mode: z.string(),
  remit_to_address: z.string().nullable(),
  business_street: z.string().nullable(),
  business_city: z.string().nullable(),
  business_state: z.string().nullable(),
  business_zip: z.string().nullable(),
});
export type TQuoteOrganizationRow = z.output<typeof ZOrganizationRow>;

/** What quotes read of their organization (spec §7: name, contacts, workflow mode; the PDF's addresses). */
export async function findQuoteOrganization(tx: TTx, orgId: string): Promise<TQuoteOrganizationRow> {
  const [row] = await preparedRows(
    tx,
    ZOrganizationRow,
    sql`SELECT name, sponsorship_lead_email, treasurer_email, workflow_mode, remit_to_address,
               business_street, business_city, business_state, business_zip
        FROM organization WHERE id = ${orgId}`,
  );
  if (!row) throw new Error('organization not found');
  return row;
}

const ZRowFullName = z.object({ full_name: z.string().nullable() });

/** The name of the organization's member with this address (app_org_members, 0003), if any. */
export async function memberNameByEmail(tx: TTx, email: string): Promise<string | null> {
  const [row] = await preparedRows(
    tx,
    ZRowFullName,
    sql`SELECT full_name FROM app_org_members() WHERE lower(email) = lower(${email}) LIMIT 1`,
  );
  return row?.full_name?.trim() || null;
}

// ---------------------------------------------------------------------------------------------
// Timeline and e-mail log
// ---------------------------------------------------------------------------------------------

export interface TQuoteEvent {
  orgId: string;
  companyId: string;
  quoteId: string | null;
  eventType: string;
  description: string;
  createdBy: string | null;
  metadata: Record<string, unknown>;
  occurredAt: Date;
}

/** Timeline entries on the company that name the quote (timeline_event.quote_id). */
export async function insertQuoteEvents(tx: TTx, events: readonly TQuoteEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(timelineEvents).values(events.map((e) => ({ ...e, sponsorId: null })));
}

/** A draft moved to another company takes its timeline entries along. */
export async function moveQuoteEvents(tx: TTx, orgId: string, quoteId: string, companyId: string): Promise<void> {
  await tx
    .update(timelineEvents)
    .set({ companyId })
    .where(and(eq(timelineEvents.orgId, orgId), eq(timelineEvents.quoteId, quoteId)));
}

export interface TNewEmailLog {
  orgId: string;
  companyId: string;
  quoteId: string;
  recipients: string;
  subject: string;
  bodyHtml: string;
  createdBy: string;
}

export async function insertEmailLog(tx: TTx, log: TNewEmailLog): Promise<void> {
  await tx.insert(emailLogs).values({ ...log, direction: 'outbound', emailType: 'quote' });
}

// ---------------------------------------------------------------------------------------------
// Expiry (the daily job, as the platform)
// ---------------------------------------------------------------------------------------------

const ZExpired = z.object({ id: z.string(), org_id: z.string(), company_id: z.string() });
export type TExpiredQuote = z.output<typeof ZExpired>;

/**
 * Up to `limit` sent quotes past their expiry become expired (a conditional update: a quote
 * accepted meanwhile, or expired by another run, is left alone). Those it changed.
 */
export function expireDueQuotes(tx: TTx, at: Date, limit: number): Promise<TExpiredQuote[]> {
  return rows(
    tx,
    ZExpired,
    sql`UPDATE quote q SET status = 'expired', expired_at = ${at}, updated_at = ${at}
        FROM (
          SELECT id FROM quote WHERE status = 'sent' AND expires_at < ${at}
          ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
        ) due
        WHERE q.id = due.id AND q.status = 'sent'
        RETURNING q.id, q.org_id, q.company_id`,
  );
}
