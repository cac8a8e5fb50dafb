import type { TInvoiceTab } from '@pennant/shared/invoices/schemas';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx } from '../../db/client';
import { timelineEvents } from '../../db/schema/companies';
import { invoiceLineItems, invoices } from '../../db/schema/invoices';
import { AGREEMENT_VALUE_SQL } from '../agreements/agreements.repo';
import { companiesNamed } from '../companies/companies.repo';
import { ZRowOrganizationBusiness } from '../organizations/organizations.repo';
import { organizationZoneSql } from '../organizations/profile.repo';

/*
 * Invoices (0014_invoices.sql): the list and its counts, the KPI cards, what can be invoiced, the
 * detail, the rows creation writes, the status changes (each a conditional update, so a double
 * click or a webhook racing a person changes a row once) and the daily overdue run. Every tenant
 * query names the org_id on top of row-level security, and the lists are led by an org_id index.
 */

const sqlList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The stored total, else the sum of the lines (spec §3); the lines are read only when the total is 0. */
const TOTAL_SQL = sql`COALESCE(NULLIF(i.total_amount_cents, 0),
    (SELECT sum(li.total_cents) FROM invoice_line_item li WHERE li.org_id = i.org_id AND li.invoice_id = i.id), 0)`;

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

/** What narrows the list besides its tab; the tab counts are counted under the same filters. */
export interface TInvoiceFilters {
  /** null: any status. */
  statuses: readonly string[] | null;
  /** null: any source. */
  source: string | null;
  companyId: string | null;
  /**
   * A case-insensitive substring of the company's name or the provider's invoice id, or the start
   * of the invoice's id (so the 8-character short id finds it).
   */
  search: string | null;
}

/** The rows each tab shows: active is everything still owed (not paid, not void). */
function tabSql(tab: TInvoiceTab): SQL {
  switch (tab) {
    case 'active':
      return sql`i.status IN ('draft', 'pending', 'sent', 'overdue')`;
    case 'paid':
      return sql`i.status = 'paid'`;
    case 'all':
      return sql`true`;
  }
}

/**
 * An invoice id's prefix as typed ('#52BE8BA3', '52be8ba3-156a') as the lowest and highest ids that
 * start with it; null when it is not hexadecimal.
 */
export function idPrefixRange(search: string): { low: string; high: string } | null {
  const hex = search.trim().replace(/^#/, '').replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return null;
  const uuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return { low: uuid(hex.padEnd(32, '0')), high: uuid(hex.padEnd(32, 'f')) };
}

function filterSql(orgId: string, f: TInvoiceFilters): SQL {
  const parts: SQL[] = [sql`i.org_id = ${orgId}`];
  if (f.statuses) parts.push(f.statuses.length ? sql`i.status IN (${sqlList(f.statuses)})` : sql`false`);
  if (f.source) parts.push(sql`i.invoice_source = ${f.source}`);
  if (f.companyId) parts.push(sql`i.company_id = ${f.companyId}`);
  if (f.search) {
    // Each way of matching is its own indexed lookup, OR-ed into one bitmap scan, so a search reads
    // the invoices it finds and not the organization's whole history: the companies whose name holds
    // the text (few next to their invoices; invoice_company_idx), an id prefix as a range of the
    // primary key (the 8-character short id), and a provider id's substring (a trigram index, 0015).
    const arms: SQL[] = [sql`i.company_id = ANY (ARRAY(${companiesNamed(orgId, f.search)}))`];
    const range = idPrefixRange(f.search);
    if (range) arms.push(sql`i.id BETWEEN ${range.low}::uuid AND ${range.high}::uuid`);
    // LIKE with the text taken literally (its %, _ and backslash escaped), so the trigram index serves it.
    const literal = `%${f.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    arms.push(sql`(i.stripe_invoice_id IS NOT NULL AND lower(i.stripe_invoice_id) LIKE ${literal})`);
    parts.push(sql`(${sql.join(arms, sql` OR `)})`);
  }
  return sql.join(parts, sql` AND `);
}

const ZCounts = z.object({
  active_n: column.count,
  paid_n: column.count,
  all_n: column.count,
  company_name: z.string().nullable(),
});
export type TInvoiceCountRow = z.output<typeof ZCounts>;

const ACTIVE_STATUSES: readonly string[] = ['draft', 'pending', 'sent', 'overdue'];

const ZStatusFigures = z.object({ status: z.string(), n: column.count, cents: column.count });

/** The organization's invoices per status with their amounts, from the counter table (0029_sales_lists.sql). */
function statusFigures(tx: TTx, orgId: string) {
  return preparedRows(tx, ZStatusFigures, sql`SELECT status, n, cents FROM invoice_status_counts(${orgId}::uuid)`);
}

/**
 * Every tab's count, and the filtered company's name (the 'Filtered by' badge). Under a status
 * filter alone they are added up from the counter table its statement triggers keep, instead of
 * counting 50,000 invoices per request; otherwise in one pass over the invoices the filters find,
 * with the company's name in the same statement.
 */
export async function countInvoiceTabs(tx: TTx, orgId: string, f: TInvoiceFilters): Promise<TInvoiceCountRow> {
  if (!f.source && !f.companyId && !f.search) {
    const counts = { active_n: 0, paid_n: 0, all_n: 0, company_name: null };
    for (const r of await statusFigures(tx, orgId)) {
      if (f.statuses && !f.statuses.includes(r.status)) continue;
      counts.all_n += r.n;
      if (ACTIVE_STATUSES.includes(r.status)) counts.active_n += r.n;
      if (r.status === 'paid') counts.paid_n += r.n;
    }
    return counts;
  }
  const [row] = await preparedRows(
    tx,
    ZCounts,
    sql`SELECT count(*) FILTER (WHERE ${tabSql('active')}) AS active_n,
               count(*) FILTER (WHERE ${tabSql('paid')}) AS paid_n,
               count(*) AS all_n,
               (SELECT co.name FROM company co WHERE co.org_id = ${orgId} AND co.id = ${f.companyId}) AS company_name
        FROM invoice i
        WHERE ${filterSql(orgId, f)}`,
  );
  return row ?? { active_n: 0, paid_n: 0, all_n: 0, company_name: null };
}

export const ZInvoiceListRow = z.object({
  id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  agreement_id: z.string().nullable(),
  quote_id: z.string().nullable(),
  invoice_source: z.enum(['agreement', 'quote', 'direct']),
  invoice_type: z.enum(['stripe', 'manual']),
  status: z.enum(['draft', 'pending', 'sent', 'overdue', 'paid', 'void']),
  total_cents: column.count,
  due_date: z.string(),
  created_at: column.instant,
  sent_at: column.instant.nullable(),
  paid_at: column.instant.nullable(),
  stripe_invoice_id: z.string().nullable(),
  hosted_url: z.string().nullable(),
});
export type TInvoiceListRow = z.output<typeof ZInvoiceListRow>;

const LIST_COLUMNS = sql`i.id, i.company_id, co.name AS company_name, i.agreement_id, i.quote_id, i.invoice_source,
  i.invoice_type, i.status, ${TOTAL_SQL} AS total_cents, i.due_date::text AS due_date, i.created_at, i.sent_at,
  i.paid_at, i.stripe_invoice_id, i.hosted_url`;

export interface TInvoicePageQuery extends TInvoiceFilters {
  tab: TInvoiceTab;
  limit: number;
  offset: number;
}

/**
 * One page of a tab, newest first (invoice_org_created_idx / invoice_org_status_created_idx): the
 * page's invoices are chosen first and only those get their company's name and total.
 */
export function listInvoicePage(tx: TTx, orgId: string, f: TInvoicePageQuery): Promise<TInvoiceListRow[]> {
  return preparedRows(
    tx,
    ZInvoiceListRow,
    sql`SELECT ${LIST_COLUMNS}
        FROM (
          SELECT i.* FROM invoice i
          WHERE ${filterSql(orgId, f)} AND ${tabSql(f.tab)}
          ORDER BY i.created_at DESC, i.id DESC
          LIMIT ${f.limit} OFFSET ${f.offset}
        ) i JOIN company co ON co.org_id = i.org_id AND co.id = i.company_id
        ORDER BY i.created_at DESC, i.id DESC`,
  );
}

// ---------------------------------------------------------------------------------------------
// The KPI cards
// ---------------------------------------------------------------------------------------------

const ZKpis = z.object({
  outstanding_n: column.count,
  outstanding_cents: column.count,
  past_due_n: column.count,
  past_due_cents: column.count,
  /** Sent invoices by due date over the span asked for, for the next-days card. */
  next_days: z.array(z.object({ day: z.string(), n: z.number().int(), cents: z.number().int() })),
});
export type TInvoiceKpiRow = z.output<typeof ZKpis>;

/** Sent invoices due from `from` to `to` (both included), summed by due date, as JSON, over invoice `i`. */
const nextDaysSql = (from: string, to: string, where: SQL) => sql`(
  SELECT coalesce(json_agg(json_build_object('day', d.due_date::text, 'n', d.n, 'cents', d.cents) ORDER BY d.due_date),
                  '[]'::json)
  FROM (SELECT i.due_date, count(*) AS n, coalesce(sum(i.total_amount_cents), 0) AS cents
        FROM invoice i
        WHERE ${where} AND i.status = 'sent' AND i.due_date BETWEEN ${from}::date AND ${to}::date
        GROUP BY i.due_date) d)`;

/**
 * The three cards (spec §7): outstanding is pending, sent or overdue; past due is overdue; the next
 * days are sent invoices due from today to the window's end, both included. Today is on the
 * organization's calendar (the member's), and the next days come as sums by due date over every
 * date the window can cover (`from` to `to`: nextDaysSpan), of which the caller keeps the window's:
 * the statement's text is the same whatever the day, so it stays prepared. For the organization the first two come from the counter
 * table and the next days are an index-only range of invoice_org_open_due_idx (which carries the
 * amount); for one company, one statement over its unpaid invoices.
 */
export async function invoiceKpiFigures(
  tx: TTx,
  orgId: string,
  v: { companyId: string | null; from: string; to: string },
): Promise<TInvoiceKpiRow> {
  const empty = { outstanding_n: 0, outstanding_cents: 0, past_due_n: 0, past_due_cents: 0 };
  if (!v.companyId) {
    const [row] = await preparedRows(
      tx,
      ZKpis,
      sql`SELECT f.*, ${nextDaysSql(v.from, v.to, sql`i.org_id = ${orgId}`)} AS next_days
          FROM (
            SELECT coalesce(sum(k.n) FILTER (WHERE k.status IN ('pending', 'sent', 'overdue')), 0) AS outstanding_n,
                   coalesce(sum(k.cents) FILTER (WHERE k.status IN ('pending', 'sent', 'overdue')), 0) AS outstanding_cents,
                   coalesce(sum(k.n) FILTER (WHERE k.status = 'overdue'), 0) AS past_due_n,
                   coalesce(sum(k.cents) FILTER (WHERE k.status = 'overdue'), 0) AS past_due_cents
            FROM invoice_status_counts(${orgId}::uuid) k
          ) f`,
    );
    return row ?? { ...empty, next_days: [] };
  }
  const [row] = await rows(
    tx,
    ZKpis,
    sql`SELECT f.*, ${nextDaysSql(v.from, v.to, sql`i.org_id = ${orgId} AND i.company_id = ${v.companyId}`)} AS next_days
        FROM (
          SELECT count(*) AS outstanding_n,
                 coalesce(sum(i.total_amount_cents), 0) AS outstanding_cents,
                 count(*) FILTER (WHERE i.status = 'overdue') AS past_due_n,
                 coalesce(sum(i.total_amount_cents) FILTER (WHERE i.status = 'overdue'), 0) AS past_due_cents
          FROM invoice i
          WHERE i.org_id = ${orgId} AND i.company_id = ${v.companyId} AND i.status IN ('pending', 'sent', 'overdue')
        ) f`,
  );
  return row ?? { ...empty, next_days: [] };
}

// ---------------------------------------------------------------------------------------------
// What can be invoiced
// ---------------------------------------------------------------------------------------------

const ZSourceAgreement = z.object({
  id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  value_cents: column.count.nullable(),
  start_date: z.string(),
  end_date: z.string(),
});
export type TSourceAgreementRow = z.output<typeof ZSourceAgreement>;

/** Active agreements that are not deleted, newest first, with their value by the rule of §3. */
export function listInvoiceableAgreements(tx: TTx, orgId: string, limit: number): Promise<TSourceAgreementRow[]> {
  return preparedRows(
    tx,
    ZSourceAgreement,
    sql`SELECT c.id, c.company_id, co.name AS company_name, ${AGREEMENT_VALUE_SQL} AS value_cents,
               c.start_date::text AS start_date, c.end_date::text AS end_date
        FROM (
          SELECT * FROM contract
          WHERE org_id = ${orgId} AND status = 'active' AND deleted_at IS NULL
          ORDER BY created_at DESC, id DESC LIMIT ${limit}
        ) c JOIN company co ON co.org_id = c.org_id AND co.id = c.company_id
        ORDER BY c.created_at DESC, c.id DESC`,
  );
}

const ZSourceQuote = z.object({
  id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  total_cents: column.count,
  accepted_at: column.instant.nullable(),
});
export type TSourceQuoteRow = z.output<typeof ZSourceQuote>;

/** Accepted quotes no agreement was made from yet, newest first; the total falls back to the lines'. */
export function listInvoiceableQuotes(tx: TTx, orgId: string, limit: number): Promise<TSourceQuoteRow[]> {
  return preparedRows(
    tx,
    ZSourceQuote,
    sql`SELECT q.id, q.company_id, co.name AS company_name, q.accepted_at,
               COALESCE(NULLIF(q.total_cents, 0),
                 (SELECT sum(ql.unit_price_cents::bigint * ql.qty) FROM quote_line ql
                  WHERE ql.org_id = q.org_id AND ql.quote_id = q.id), 0) AS total_cents
        FROM (
          SELECT * FROM quote qq
          WHERE qq.org_id = ${orgId} AND qq.status = 'accepted'
            AND NOT EXISTS (SELECT 1 FROM contract k WHERE k.org_id = qq.org_id AND k.quote_id = qq.id)
          ORDER BY qq.created_at DESC, qq.id DESC LIMIT ${limit}
        ) q JOIN company co ON co.org_id = q.org_id AND co.id = q.company_id
        ORDER BY q.created_at DESC, q.id DESC`,
  );
}

// ---------------------------------------------------------------------------------------------
// The organization and the company an invoice is made for
// ---------------------------------------------------------------------------------------------

const ZInvoicingOrganization = ZRowOrganizationBusiness.extend({
  name: z.string(),
  stripe_connected_account_id: z.string().nullable(),
  stripe_onboarding_complete: z.boolean(),
  stripe_account_enabled: z.boolean(),
  stripe_charges_enabled: z.boolean(),
  stripe_payouts_enabled: z.boolean(),
});
export type TInvoicingOrganization = z.output<typeof ZInvoicingOrganization>;

/** What the form's defaults and a card invoice read of the organization. */
export async function findInvoicingOrganization(tx: TTx, orgId: string): Promise<TInvoicingOrganization | null> {
  const [row] = await preparedRows(
    tx,
    ZInvoicingOrganization,
    sql`SELECT name, remit_to_address, ein, business_street, business_city, business_state, business_zip,
               default_payment_method, stripe_connected_account_id, stripe_onboarding_complete,
               stripe_account_enabled, stripe_charges_enabled, stripe_payouts_enabled
        FROM organization WHERE id = ${orgId}`,
  );
  return row ?? null;
}

const ZRowTimezone = z.object({ timezone: z.string().nullable() });

/**
 * The zone of the organization's calendar: its owner's (the first owner's) saved zone; null when
 * the owner never saved one. Platform: user_profiles belongs to the user, not the organization.
 */
export async function findOrganizationZone(tx: TTx, orgId: string): Promise<string | null> {
  const [row] = await preparedRows(
    tx,
    ZRowTimezone,
    sql`SELECT ${organizationZoneSql(sql`${orgId}::uuid`)} AS timezone`,
  );
  return row?.timezone ?? null;
}

const ZInvoiceCompany = z.object({
  id: z.string(),
  name: z.string(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
});
export type TInvoiceCompany = z.output<typeof ZInvoiceCompany>;

/**
 * The company with its primary contact (else its oldest active one, as the agreement does), held
 * until the transaction ends so it is not deleted under a new invoice; null for another
 * organization's or an unknown id.
 */
export async function holdInvoiceCompany(tx: TTx, orgId: string, companyId: string): Promise<TInvoiceCompany | null> {
  const [row] = await preparedRows(
    tx,
    ZInvoiceCompany,
    sql`SELECT co.id, co.name, pc.name AS contact_name, pc.email AS contact_email
        FROM company co
        LEFT JOIN LATERAL (
          SELECT name, email FROM company_contact cc
          WHERE cc.org_id = co.org_id AND cc.company_id = co.id AND cc.is_active
          ORDER BY cc.is_primary DESC, cc.created_at ASC, cc.id ASC LIMIT 1
        ) pc ON true
        WHERE co.org_id = ${orgId} AND co.id = ${companyId}
        FOR KEY SHARE OF co`,
  );
  return row ?? null;
}

const ZRowName = z.object({ name: z.string() });

/** The company's name, or null for another organization's or an unknown id. */
export async function findCompanyName(tx: TTx, orgId: string, companyId: string): Promise<string | null> {
  const [row] = await preparedRows(
    tx,
    ZRowName,
    sql`SELECT name FROM company WHERE org_id = ${orgId} AND id = ${companyId}`,
  );
  return row?.name ?? null;
}

const ZAgreementSource = z.object({
  id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  status: z.string(),
  deleted: z.boolean(),
});
export type TAgreementSource = z.output<typeof ZAgreementSource>;

/**
 * The agreement an invoice is made from, held until the transaction ends when `hold` (a delete
 * waits for the invoice); null for another organization's or an unknown id.
 */
export async function findAgreementSource(
  tx: TTx,
  orgId: string,
  id: string,
  hold: boolean,
): Promise<TAgreementSource | null> {
  const [row] = await rows(
    tx,
    ZAgreementSource,
    sql`SELECT c.id, c.company_id, co.name AS company_name, c.status, c.deleted_at IS NOT NULL AS deleted
        FROM contract c JOIN company co ON co.org_id = c.org_id AND co.id = c.company_id
        WHERE c.org_id = ${orgId} AND c.id = ${id}
        ${hold ? sql`FOR SHARE OF c` : sql``}`,
  );
  return row ?? null;
}

const ZQuoteSource = z.object({
  id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  status: z.string(),
  has_agreement: z.boolean(),
});
export type TQuoteSource = z.output<typeof ZQuoteSource>;

/** The quote an invoice is made from, held like the agreement; null for another organization's or an unknown id. */
export async function findQuoteSource(tx: TTx, orgId: string, id: string, hold: boolean): Promise<TQuoteSource | null> {
  const [row] = await rows(
    tx,
    ZQuoteSource,
    sql`SELECT q.id, q.company_id, co.name AS company_name, q.status,
               EXISTS (SELECT 1 FROM contract k WHERE k.org_id = q.org_id AND k.quote_id = q.id) AS has_agreement
        FROM quote q JOIN company co ON co.org_id = q.org_id AND co.id = q.company_id
        WHERE q.org_id = ${orgId} AND q.id = ${id}
        ${hold ? sql`FOR SHARE OF q` : sql``}`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Creation
// ---------------------------------------------------------------------------------------------

export interface TNewInvoice {
  orgId: string;
  companyId: string;
  agreementId: string | null;
  quoteId: string | null;
  source: string;
  type: string;
  dueDate: string;
  memo: string | null;
  remitToInfo: string | null;
  createdBy: string;
}

export interface TNewInvoiceLine {
  description: string;
  unitPriceCents: number;
  quantity: number;
}

/** The invoice (Ready to Send, its total the lines' sum) and its lines, in order. */
export async function insertInvoice(tx: TTx, v: TNewInvoice, lines: readonly TNewInvoiceLine[]): Promise<string> {
  const totals = lines.map((l) => l.unitPriceCents * l.quantity);
  const [row] = await tx
    .insert(invoices)
    .values({
      orgId: v.orgId,
      companyId: v.companyId,
      agreementId: v.agreementId,
      quoteId: v.quoteId,
      invoiceSource: v.source,
      invoiceType: v.type,
      status: 'pending',
      dueDate: v.dueDate,
      memo: v.memo,
      remitToInfo: v.remitToInfo,
      totalAmountCents: totals.reduce((s, t) => s + t, 0),
      createdBy: v.createdBy,
    })
    .returning({ id: invoices.id });
  if (!row) throw new Error('invoice insert returned no row');
  if (lines.length) {
    await tx.insert(invoiceLineItems).values(
      lines.map((l, position) => ({
        orgId: v.orgId,
        invoiceId: row.id,
        description: l.description,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        totalCents: totals[position] ?? 0,
        position,
      })),
    );
  }
  return row.id;
}

/** The card invoice as the provider made it: its id there, the account, its page and PDF. */
export async function setInvoiceProvider(
  tx: TTx,
  orgId: string,
  id: string,
  v: { stripeInvoiceId: string; stripeAccountId: string; hostedUrl: string | null; pdfUrl: string | null },
): Promise<void> {
  await tx.execute(
    sql`UPDATE invoice SET stripe_invoice_id = ${v.stripeInvoiceId}, stripe_account_id = ${v.stripeAccountId},
          hosted_url = ${v.hostedUrl}, pdf_url = ${v.pdfUrl}, updated_at = now()
        WHERE org_id = ${orgId} AND id = ${id}`,
  );
}

/** Removes an invoice the provider refused to make (its lines and events go with it). */
export async function deleteInvoice(tx: TTx, orgId: string, id: string): Promise<void> {
  await tx.execute(sql`DELETE FROM invoice WHERE org_id = ${orgId} AND id = ${id}`);
}

// ---------------------------------------------------------------------------------------------
// One invoice
// ---------------------------------------------------------------------------------------------

export const ZInvoiceRow = ZInvoiceListRow.extend({
  memo: z.string().nullable(),
  remit_to_info: z.string().nullable(),
  pdf_url: z.string().nullable(),
  stripe_account_id: z.string().nullable(),
  updated_at: column.instant,
  voided_at: column.instant.nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
});
export type TInvoiceRow = z.output<typeof ZInvoiceRow>;

/** The invoice with its company and the company's primary contact; null for another organization's or an unknown id. */
export async function findInvoice(tx: TTx, orgId: string, id: string): Promise<TInvoiceRow | null> {
  const [row] = await preparedRows(
    tx,
    ZInvoiceRow,
    sql`SELECT ${LIST_COLUMNS}, i.memo, i.remit_to_info, i.pdf_url, i.stripe_account_id, i.updated_at, i.voided_at,
               pc.name AS contact_name, pc.email AS contact_email
        FROM invoice i
        JOIN company co ON co.org_id = i.org_id AND co.id = i.company_id
        LEFT JOIN LATERAL (
          SELECT name, email FROM company_contact cc
          WHERE cc.org_id = co.org_id AND cc.company_id = co.id AND cc.is_active
          ORDER BY cc.is_primary DESC, cc.created_at ASC, cc.id ASC LIMIT 1
        ) pc ON true
        WHERE i.org_id = ${orgId} AND i.id = ${id}`,
  );
  return row ?? null;
}

const ZInvoiceLineRow = z.object({
  id: z.string(),
  description: z.string(),
  unit_price_cents: column.count,
  quantity: z.number().int(),
  total_cents: column.count,
});
export type TInvoiceLineRow = z.output<typeof ZInvoiceLineRow>;

export function listInvoiceLines(tx: TTx, orgId: string, invoiceId: string): Promise<TInvoiceLineRow[]> {
  return preparedRows(
    tx,
    ZInvoiceLineRow,
    sql`SELECT id, description, unit_price_cents, quantity, total_cents
        FROM invoice_line_item WHERE org_id = ${orgId} AND invoice_id = ${invoiceId}
        ORDER BY position, id`,
  );
}

const ZInvoiceRef = z.object({
  id: z.string(),
  company_id: z.string(),
  status: z.enum(['draft', 'pending', 'sent', 'overdue', 'paid', 'void']),
  invoice_type: z.enum(['stripe', 'manual']),
  stripe_invoice_id: z.string().nullable(),
  stripe_account_id: z.string().nullable(),
});
export type TInvoiceRef = z.output<typeof ZInvoiceRef>;

/** What a status change checks first; null for another organization's or an unknown id. */
export async function findInvoiceRef(tx: TTx, orgId: string, id: string): Promise<TInvoiceRef | null> {
  const [row] = await preparedRows(
    tx,
    ZInvoiceRef,
    sql`SELECT id, company_id, status, invoice_type, stripe_invoice_id, stripe_account_id
        FROM invoice WHERE org_id = ${orgId} AND id = ${id}`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Status changes
// ---------------------------------------------------------------------------------------------

export type TInvoiceTransition = 'sent' | 'paid' | 'void' | 'overdue';

const STAMP: Record<TInvoiceTransition, SQL | null> = {
  sent: sql.raw('sent_at'),
  paid: sql.raw('paid_at'),
  void: sql.raw('voided_at'),
  overdue: null,
};

const ZRowIdOrgIdCompanyId = z.object({ id: z.string(), org_id: z.string(), company_id: z.string() });

/**
 * Moves the invoice to `to` only while its status is one of `from` (a conditional update: a
 * second click, or a webhook that got there first, changes nothing), stamping sent_at, paid_at
 * or voided_at with `at`. The invoice as it was, or null when nothing changed.
 */
export async function transitionInvoice(
  tx: TTx,
  where: { orgId: string | null; id: string },
  to: TInvoiceTransition,
  from: readonly string[],
  at: Date,
): Promise<{ id: string; org_id: string; company_id: string } | null> {
  const stamp = STAMP[to];
  const [row] = await rows(
    tx,
    ZRowIdOrgIdCompanyId,
    sql`UPDATE invoice SET status = ${to}, updated_at = ${at} ${stamp ? sql`, ${stamp} = ${at}` : sql``}
        WHERE id = ${where.id} ${where.orgId ? sql`AND org_id = ${where.orgId}` : sql``}
          AND status IN (${sqlList(from)})
        RETURNING id, org_id, company_id`,
  );
  return row ?? null;
}

export interface TNewInvoiceEvent {
  orgId: string;
  companyId: string;
  invoiceId: string;
  eventType: string;
  description: string;
  /** null: the system (a webhook, the daily job). */
  createdBy: string | null;
  metadata: Record<string, unknown>;
  occurredAt?: Date;
}

/** Entries on the company's timeline that name the invoice (timeline_event.invoice_id). */
export async function insertInvoiceEvents(tx: TTx, events: readonly TNewInvoiceEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(timelineEvents).values(
    events.map((e) => ({
      orgId: e.orgId,
      companyId: e.companyId,
      invoiceId: e.invoiceId,
      eventType: e.eventType,
      description: e.description,
      createdBy: e.createdBy,
      metadata: e.metadata,
      sponsorId: null,
      ...(e.occurredAt ? { occurredAt: e.occurredAt } : {}),
    })),
  );
}

export const INVOICE_EVENTS_LIMIT = 200;

const ZEventRow = z.object({
  id: z.string(),
  event_type: z.string(),
  description: z.string(),
  occurred_at: column.instant,
  metadata: z.record(z.string(), z.unknown()).nullable(),
  created_by_name: z.string().nullable(),
});
export type TInvoiceEventRow = z.output<typeof ZEventRow>;

/** The invoice's history, newest first, with each author's name (app_org_members: this team only). */
export function listInvoiceEvents(tx: TTx, orgId: string, invoiceId: string): Promise<TInvoiceEventRow[]> {
  return preparedRows(
    tx,
    ZEventRow,
    sql`SELECT te.id, te.event_type, te.description, te.occurred_at, te.metadata, m.full_name AS created_by_name
        FROM timeline_event te LEFT JOIN app_org_members() m ON m.user_id = te.created_by
        WHERE te.org_id = ${orgId} AND te.invoice_id = ${invoiceId}
        ORDER BY te.occurred_at DESC, te.created_at DESC, te.id DESC
        LIMIT ${INVOICE_EVENTS_LIMIT}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The payment provider (platform: a webhook names only the provider's ids)
// ---------------------------------------------------------------------------------------------

const ZProviderInvoice = z.object({
  id: z.string(),
  org_id: z.string(),
  company_id: z.string(),
  status: z.enum(['draft', 'pending', 'sent', 'overdue', 'paid', 'void']),
  stripe_account_id: z.string().nullable(),
});
export type TProviderInvoiceRow = z.output<typeof ZProviderInvoice>;

/** Pennant's invoice behind a provider invoice id (unique), or null. */
export async function findInvoiceByProviderId(tx: TTx, stripeInvoiceId: string): Promise<TProviderInvoiceRow | null> {
  const [row] = await preparedRows(
    tx,
    ZProviderInvoice,
    sql`SELECT id, org_id, company_id, status, stripe_account_id FROM invoice WHERE stripe_invoice_id = ${stripeInvoiceId}`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// The daily overdue run (platform: every organization)
// ---------------------------------------------------------------------------------------------

const ZRowOrgIdTimezone = z.object({ org_id: z.string(), timezone: z.string().nullable() });

/**
 * Organizations with a sent invoice due before `latestToday` (the furthest-ahead calendar on
 * earth, so no organization's today is later), with their calendar's zone. Read on
 * invoice_sent_due_idx.
 */
export function listOverdueCandidates(
  tx: TTx,
  latestToday: string,
): Promise<{ org_id: string; timezone: string | null }[]> {
  return rows(
    tx,
    ZRowOrgIdTimezone,
    sql`SELECT o.org_id, ${organizationZoneSql(sql`o.org_id`)} AS timezone
        FROM (SELECT DISTINCT org_id FROM invoice WHERE status = 'sent' AND due_date < ${latestToday}::date) o`,
  );
}

const ZRowIdCompanyIdDueDate = z.object({ id: z.string(), company_id: z.string(), due_date: z.string() });

/**
 * The organization's sent invoices due before its `today` become overdue (a conditional update:
 * one paid or voided meanwhile, or made overdue by another run, is left alone). Those it changed.
 */
export function markOrgInvoicesOverdue(
  tx: TTx,
  orgId: string,
  today: string,
  at: Date,
): Promise<{ id: string; company_id: string; due_date: string }[]> {
  return rows(
    tx,
    ZRowIdCompanyIdDueDate,
    sql`UPDATE invoice SET status = 'overdue', updated_at = ${at}
        WHERE org_id = ${orgId} AND status = 'sent' AND due_date < ${today}::date
        RETURNING id, company_id, due_date::text AS due_date`,
  );
}
