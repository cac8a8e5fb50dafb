import type { TAgreementSortField, TAgreementTab, TSortOrder } from '@pennant/shared/agreements/schemas';
import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx } from '../../db/client';
import { timelineEvents } from '../../db/schema/companies';
import { contractLines, contracts, emailLogs, quoteLines, quotes } from '../../db/schema/sales';
import { containsPattern, primaryContactJoin } from '../companies/companies.repo';

/*
 * Agreements (the spec's contracts): the list, the detail, the rows the form and the accept flow
 * write, the stored PDF's record and the agreement's history. Every query names the org_id (on
 * top of row-level security), and every list query is led by an index on org_id.
 */

/**
 * An agreement's value by the rule of spec §3, for a contract aliased `c`: the calculated total
 * if above 0, else the stored total if above 0, else the sum of its quote's lines (unit price ×
 * qty); null when that is 0 or absent too. COALESCE stops at the first value, so the quote's
 * lines are read only for an agreement without either total.
 */
export const AGREEMENT_VALUE_SQL = sql.raw(`COALESCE(
    NULLIF(c.calculated_total_value_cents, 0),
    NULLIF(c.total_value_cents, 0),
    (SELECT NULLIF(sum(ql.unit_price_cents::bigint * ql.qty), 0)::bigint
     FROM quote_line ql WHERE ql.org_id = c.org_id AND ql.quote_id = c.quote_id)
  )`);

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

/** What narrows the list besides its tab; the tab counts are counted under the same filters. */
export interface TAgreementFilters {
  /** null: any status. */
  statuses: readonly string[] | null;
  companyId: string | null;
  /** 'YYYY-MM-DD' on the viewer's calendar: what expiring and expired are measured from. */
  today: string;
}

/** The rows each tab shows (spec §2, §4): expiring is active with the end 1–60 days away. */
function tabSql(tab: TAgreementTab, today: string, windowDays: number): SQL {
  switch (tab) {
    case 'all':
      return sql`c.deleted_at IS NULL`;
    case 'active':
      return sql`c.deleted_at IS NULL AND c.status = 'active'`;
    case 'expiring':
      return sql`c.deleted_at IS NULL AND c.status = 'active'
        AND c.end_date BETWEEN ${today}::date + 1 AND ${today}::date + ${windowDays}::int`;
    case 'expired':
      return sql`c.deleted_at IS NULL AND (c.status = 'expired' OR (c.status = 'active' AND c.end_date < ${today}::date))`;
    case 'deleted':
      return sql`c.deleted_at IS NOT NULL`;
  }
}

/** The filters on contract `c` (a search is read through contract_search_rows, searchAgreementPage). */
function filterSql(orgId: string, f: TAgreementFilters): SQL {
  const parts: SQL[] = [sql`c.org_id = ${orgId}`];
  if (f.statuses) {
    parts.push(
      f.statuses.length
        ? sql`c.status IN (${sql.join(
            f.statuses.map((s) => sql`${s}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (f.companyId) parts.push(sql`c.company_id = ${f.companyId}`);
  return sql.join(parts, sql` AND `);
}

const ZCounts = z.object({
  all_n: column.count,
  active_n: column.count,
  expiring_n: column.count,
  expired_n: column.count,
  deleted_n: column.count,
});
export type TAgreementCountRow = z.output<typeof ZCounts>;

/** The tab counts' statement (exported for the benchmark's EXPLAIN). */
export function agreementCountsSql(orgId: string, f: TAgreementFilters, windowDays: number): SQL {
  return sql`SELECT count(*) FILTER (WHERE ${tabSql('all', f.today, windowDays)}) AS all_n,
               count(*) FILTER (WHERE ${tabSql('active', f.today, windowDays)}) AS active_n,
               count(*) FILTER (WHERE ${tabSql('expiring', f.today, windowDays)}) AS expiring_n,
               count(*) FILTER (WHERE ${tabSql('expired', f.today, windowDays)}) AS expired_n,
               count(*) FILTER (WHERE ${tabSql('deleted', f.today, windowDays)}) AS deleted_n
        FROM contract c
        WHERE ${filterSql(orgId, f)}`;
}

const ZTabFigures = z.object({
  status: z.string().nullable(),
  deleted: z.boolean().nullable(),
  n: column.count.nullable(),
  past_n: column.count,
  expiring_n: column.count,
});

/**
 * The organization's tab counts under a status filter alone: per status and deleted flag from the
 * counter table the statement triggers keep (contract_tab_counts, 0029_sales_lists.sql), and what
 * depends on the viewer's date, active agreements past their end or ending within the window, from
 * the active agreements kept per end date (org_agreement_end_counts, 0032): a row per distinct end
 * date, not per agreement. One statement; always one row at least.
 */
async function countAgreementTabsKept(
  tx: TTx,
  orgId: string,
  f: TAgreementFilters,
  windowDays: number,
): Promise<TAgreementCountRow> {
  const found = await preparedRows(
    tx,
    ZTabFigures,
    sql`SELECT k.status, k.deleted, k.n, r.past_n, r.expiring_n
        FROM org_agreement_end_counts(${orgId}::uuid, ${f.today}::date, ${windowDays}::int) r
        LEFT JOIN contract_tab_counts(${orgId}::uuid) k ON true`,
  );
  const allowed = (status: string) => !f.statuses || f.statuses.includes(status);
  const counts = { all_n: 0, active_n: 0, expiring_n: 0, expired_n: 0, deleted_n: 0 };
  for (const r of found) {
    if (r.status === null || r.n === null || !allowed(r.status)) continue;
    if (r.deleted) {
      counts.deleted_n += r.n;
      continue;
    }
    counts.all_n += r.n;
    if (r.status === 'active') counts.active_n += r.n;
    if (r.status === 'expired') counts.expired_n += r.n;
  }
  const dated = found[0];
  if (dated && allowed('active')) {
    counts.expired_n += dated.past_n;
    counts.expiring_n = dated.expiring_n;
  }
  return counts;
}

/**
 * Every tab's count: the kept counts for the organization (under a status filter at most), else one
 * pass over the agreements of the company filter.
 */
export async function countAgreementTabs(
  tx: TTx,
  orgId: string,
  f: TAgreementFilters,
  windowDays: number,
): Promise<TAgreementCountRow> {
  if (!f.companyId) return countAgreementTabsKept(tx, orgId, f, windowDays);
  const [row] = await preparedRows(tx, ZCounts, agreementCountsSql(orgId, f, windowDays));
  return row ?? { all_n: 0, active_n: 0, expiring_n: 0, expired_n: 0, deleted_n: 0 };
}

export const ZAgreementListRow = z.object({
  id: z.string(),
  status: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  quote_id: z.string().nullable(),
  season_label: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  term_months: z.number().int(),
  value_cents: column.count.nullable(),
  created_at: column.instant,
  deleted_at: column.instant.nullable(),
});
export type TAgreementListRow = z.output<typeof ZAgreementListRow>;

const LIST_COLUMNS = sql`c.id, c.status, c.company_id, co.name AS company_name, c.quote_id, c.season_label,
  c.start_date::text AS start_date, c.end_date::text AS end_date, c.term_months,
  ${AGREEMENT_VALUE_SQL} AS value_cents, c.created_at, c.deleted_at`;

/** The sort, on a contract `c` and its company `co`; ties by creation, then id, the same way. */
function orderSql(sort: TAgreementSortField, order: TSortOrder): SQL {
  const dir = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  const key: Record<TAgreementSortField, SQL> = {
    created_at: sql`c.created_at ${dir}`,
    company: sql`lower(co.name) ${dir}, c.created_at ${dir}`,
    start_date: sql`c.start_date ${dir}, c.created_at ${dir}`,
    end_date: sql`c.end_date ${dir}, c.created_at ${dir}`,
    // An agreement without a value is shown as a dash: last either way. sort_value_cents is the
    // rule's value as a stored column (0012_sales.sql), so the sort walks an index.
    value: sql`c.sort_value_cents ${dir} NULLS LAST, c.created_at ${dir}`,
    status: sql`c.status ${dir}, c.created_at ${dir}`,
  };
  return sql`${key[sort]}, c.id ${dir}`;
}

export interface TAgreementPageQuery extends TAgreementFilters {
  tab: TAgreementTab;
  windowDays: number;
  sort: TAgreementSortField;
  order: TSortOrder;
  limit: number;
  offset: number;
}

/**
 * The page's statement (exported for the benchmark's EXPLAIN): the page's contracts are chosen
 * first, joined to their company only for the company sort, and only those 50 get their
 * company's name and their value.
 */
export function agreementPageSql(orgId: string, f: TAgreementPageQuery): SQL {
  const byCompany = f.sort === 'company';
  const join = sql`JOIN company co ON co.org_id = c.org_id AND co.id = c.company_id`;
  return sql`SELECT ${LIST_COLUMNS}
        FROM (
          SELECT c.* FROM contract c ${byCompany ? join : sql``}
          WHERE ${filterSql(orgId, f)} AND ${tabSql(f.tab, f.today, f.windowDays)}
          ORDER BY ${orderSql(f.sort, f.order)}
          LIMIT ${f.limit} OFFSET ${f.offset}
        ) c ${join}
        ORDER BY ${orderSql(f.sort, f.order)}`;
}

/** One page of a tab, sorted, with the company's name and the value by the rule of §3. */
export function listAgreementPage(tx: TTx, orgId: string, f: TAgreementPageQuery): Promise<TAgreementListRow[]> {
  return preparedRows(tx, ZAgreementListRow, agreementPageSql(orgId, f));
}

const ZSearchPageRow = ZCounts.and(z.union([ZAgreementListRow, z.object({ id: z.null() })]));

/**
 * A search's tab counts and page in one statement, so the search runs once: its hits (a few
 * hundred agreements, found through contract_search, which keeps each agreement's status, dates
 * and sort keys beside its texts: 0037) are materialised, filtered, counted per tab and sorted where
 * they are found, and only the page's agreements are read, with their company. Always one row at
 * least, carrying the counts; an empty page is that row with no agreement.
 */
export async function searchAgreementPage(
  tx: TTx,
  orgId: string,
  f: TAgreementPageQuery & { search: string },
): Promise<{ counts: TAgreementCountRow; page: TAgreementListRow[] }> {
  const join = sql`JOIN company co ON co.org_id = c.org_id AND co.id = c.company_id`;
  // The hits carry the columns of contract that the filters, the tabs and the sorts read, under
  // their names, so the same conditions apply to them (`c`); the company sort reads its kept name.
  const found = await preparedRows(
    tx,
    ZSearchPageRow,
    sql`WITH hits AS MATERIALIZED (
          SELECT h.*, ${orgId}::uuid AS org_id
          FROM contract_search_rows(${orgId}::uuid, ${containsPattern(f.search)}, ${f.search}) h
        ),
        filtered AS MATERIALIZED (
          SELECT c.* FROM hits c WHERE ${filterSql(orgId, f)}
        ),
        counted AS (
          SELECT count(*) FILTER (WHERE ${tabSql('all', f.today, f.windowDays)}) AS all_n,
                 count(*) FILTER (WHERE ${tabSql('active', f.today, f.windowDays)}) AS active_n,
                 count(*) FILTER (WHERE ${tabSql('expiring', f.today, f.windowDays)}) AS expiring_n,
                 count(*) FILTER (WHERE ${tabSql('expired', f.today, f.windowDays)}) AS expired_n,
                 count(*) FILTER (WHERE ${tabSql('deleted', f.today, f.windowDays)}) AS deleted_n
          FROM filtered c
        ),
        page AS (
          SELECT c.id FROM filtered c CROSS JOIN LATERAL (SELECT c.company_name AS name) co
          WHERE ${tabSql(f.tab, f.today, f.windowDays)}
          ORDER BY ${orderSql(f.sort, f.order)}
          LIMIT ${f.limit} OFFSET ${f.offset}
        )
        SELECT k.*, ${LIST_COLUMNS}
        FROM counted k
        LEFT JOIN (page p JOIN contract c ON c.org_id = ${orgId} AND c.id = p.id ${join}) ON true
        ORDER BY ${orderSql(f.sort, f.order)}`,
  );
  const first = found[0];
  const counts = first
    ? {
        all_n: first.all_n,
        active_n: first.active_n,
        expiring_n: first.expiring_n,
        expired_n: first.expired_n,
        deleted_n: first.deleted_n,
      }
    : { all_n: 0, active_n: 0, expiring_n: 0, expired_n: 0, deleted_n: 0 };
  const page = found.flatMap((r) => (r.id === null ? [] : [r]));
  return { counts, page };
}

const ZRowName = z.object({ name: z.string() });

export async function findCompanyName(tx: TTx, orgId: string, companyId: string): Promise<string | null> {
  const [row] = await preparedRows(
    tx,
    ZRowName,
    sql`SELECT name FROM company WHERE org_id = ${orgId} AND id = ${companyId}`,
  );
  return row?.name ?? null;
}

// ---------------------------------------------------------------------------------------------
// One agreement
// ---------------------------------------------------------------------------------------------

export const ZAgreementRow = ZAgreementListRow.extend({
  clauses: z.array(z.string()),
  notes: z.string().nullable(),
});
export type TAgreementRow = z.output<typeof ZAgreementRow>;

/** The agreement (a deleted one too), or null for another organization's or an unknown id. */
export async function findAgreement(tx: TTx, orgId: string, id: string): Promise<TAgreementRow | null> {
  const [row] = await preparedRows(
    tx,
    ZAgreementRow,
    sql`SELECT ${LIST_COLUMNS}, c.clauses, c.notes
        FROM contract c JOIN company co ON co.org_id = c.org_id AND co.id = c.company_id
        WHERE c.org_id = ${orgId} AND c.id = ${id}`,
  );
  return row ?? null;
}

const ZAgreementDetailRow = ZAgreementRow.extend({
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
});
export type TAgreementDetailRow = z.output<typeof ZAgreementDetailRow>;

/**
 * The agreement with its company's primary contact (primaryContactJoin: findPrimaryContact's rule)
 * in one statement, so the detail needs nothing from it before its other reads: they all leave at
 * once. The PDF reads it too.
 */
export async function findAgreementDetail(tx: TTx, orgId: string, id: string): Promise<TAgreementDetailRow | null> {
  const [row] = await preparedRows(
    tx,
    ZAgreementDetailRow,
    sql`SELECT ${LIST_COLUMNS}, c.clauses, c.notes, pc.name AS contact_name, pc.email AS contact_email
        FROM contract c JOIN company co ON co.org_id = c.org_id AND co.id = c.company_id
        ${primaryContactJoin(orgId, sql.raw('co.id'))}
        WHERE c.org_id = ${orgId} AND c.id = ${id}`,
  );
  return row ?? null;
}

const ZAgreementRef = z.object({
  id: z.string(),
  company_id: z.string(),
  quote_id: z.string().nullable(),
  deleted: z.boolean(),
});
export type TAgreementRef = z.output<typeof ZAgreementRef>;

/**
 * Locks the agreement for the rest of the transaction (its PDF, its deletion and its e-mails
 * take turns); null when the organization has no agreement with this id.
 */
export async function lockAgreement(tx: TTx, orgId: string, id: string): Promise<TAgreementRef | null> {
  const [row] = await rows(
    tx,
    ZAgreementRef,
    sql`SELECT id, company_id, quote_id, deleted_at IS NOT NULL AS deleted
        FROM contract WHERE org_id = ${orgId} AND id = ${id} FOR UPDATE`,
  );
  return row ?? null;
}

export const ZAgreementLineRow = z.object({
  id: z.string(),
  product_id: z.string().nullable(),
  bundle_id: z.string().nullable(),
  item_name: z.string(),
  qty: z.number().int(),
  unit_price_cents: z.number().int(),
  setup_fee_cents: z.number().int(),
});
export type TAgreementLineRow = z.output<typeof ZAgreementLineRow>;

export function listAgreementLines(tx: TTx, orgId: string, agreementId: string): Promise<TAgreementLineRow[]> {
  return preparedRows(
    tx,
    ZAgreementLineRow,
    sql`SELECT id, product_id, bundle_id, item_name, qty, unit_price_cents, setup_fee_cents
        FROM contract_line WHERE org_id = ${orgId} AND contract_id = ${agreementId}
        ORDER BY position, id`,
  );
}

const ZRowNameEmail = z.object({ name: z.string(), email: z.string().nullable() });

/** The company's primary contact, else its oldest active one (spec §7); null when it has none. */
export async function findPrimaryContact(
  tx: TTx,
  orgId: string,
  companyId: string,
): Promise<{ name: string; email: string | null } | null> {
  const [row] = await rows(
    tx,
    ZRowNameEmail,
    sql`SELECT name, email FROM company_contact
        WHERE org_id = ${orgId} AND company_id = ${companyId} AND is_active
        ORDER BY is_primary DESC, created_at ASC, id ASC LIMIT 1`,
  );
  return row ?? null;
}

const ZDocumentRow = z.object({
  file_key: z.string(),
  file_name: z.string(),
  version: z.number().int(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: column.instant,
  updated_at: column.instant,
});
export type TAgreementDocumentRow = z.output<typeof ZDocumentRow>;

export async function findAgreementDocument(
  tx: TTx,
  orgId: string,
  agreementId: string,
): Promise<TAgreementDocumentRow | null> {
  const [row] = await preparedRows(
    tx,
    ZDocumentRow,
    sql`SELECT file_key, file_name, version, metadata, created_at, updated_at
        FROM agreement_document WHERE org_id = ${orgId} AND agreement_id = ${agreementId}`,
  );
  return row ?? null;
}

const ZRowVersion = z.object({ version: z.number().int() });

/**
 * Records the stored PDF (spec §3 agreement_document): the first one as version 1, a new one
 * over it as the next version; the metadata keys given replace theirs, the rest (who it was
 * e-mailed to) stay.
 */
export async function upsertAgreementDocument(
  tx: TTx,
  v: { orgId: string; agreementId: string; fileKey: string; fileName: string; createdBy: string; metadata: object },
): Promise<number> {
  const [row] = await rows(
    tx,
    ZRowVersion,
    sql`INSERT INTO agreement_document (org_id, agreement_id, file_key, file_name, pdf_generation_status, created_by, metadata)
        VALUES (${v.orgId}, ${v.agreementId}, ${v.fileKey}, ${v.fileName}, 'completed', ${v.createdBy},
                ${JSON.stringify(v.metadata)}::jsonb)
        ON CONFLICT (agreement_id) DO UPDATE SET
          file_key = excluded.file_key,
          file_name = excluded.file_name,
          pdf_generation_status = 'completed',
          created_by = excluded.created_by,
          metadata = agreement_document.metadata || excluded.metadata,
          version = agreement_document.version + 1,
          updated_at = now()
        RETURNING version`,
  );
  if (!row) throw new Error('agreement_document upsert returned no row');
  return row.version;
}

export async function deleteAgreementDocument(tx: TTx, orgId: string, agreementId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM agreement_document WHERE org_id = ${orgId} AND agreement_id = ${agreementId}`);
}

/** The document was e-mailed: its metadata's email_sent_to and sent_at (spec §3). */
export async function markDocumentEmailed(
  tx: TTx,
  orgId: string,
  agreementId: string,
  recipient: string,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`UPDATE agreement_document
        SET metadata = metadata || jsonb_build_object('email_sent_to', ${recipient}::text, 'sent_at', ${at.toISOString()}::text),
            updated_at = now()
        WHERE org_id = ${orgId} AND agreement_id = ${agreementId}`,
  );
}

/** Soft delete (deleted_at) or restore; false when it was already so. */
export async function setAgreementDeleted(tx: TTx, orgId: string, id: string, deleted: boolean): Promise<boolean> {
  const now = new Date();
  const changed = await tx
    .update(contracts)
    .set({ deletedAt: deleted ? now : null, updatedAt: now })
    .where(
      and(
        eq(contracts.orgId, orgId),
        eq(contracts.id, id),
        deleted ? isNull(contracts.deletedAt) : isNotNull(contracts.deletedAt),
      ),
    )
    .returning({ id: contracts.id });
  return changed.length > 0;
}

// ---------------------------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------------------------

export interface TNewAgreementEvent {
  orgId: string;
  companyId: string;
  contractId: string;
  quoteId: string | null;
  eventType: string;
  description: string;
  createdBy: string;
  metadata?: Record<string, unknown> | null;
}

export async function insertAgreementEvent(tx: TTx, e: TNewAgreementEvent): Promise<void> {
  await tx.insert(timelineEvents).values({ ...e, metadata: e.metadata ?? null, sponsorId: null });
}

export const EVENTS_LIMIT = 200;

const ZEventRow = z.object({
  id: z.string(),
  event_type: z.string(),
  description: z.string(),
  occurred_at: column.instant,
  metadata: z.record(z.string(), z.unknown()).nullable(),
  created_by_name: z.string().nullable(),
});
export type TAgreementEventRow = z.output<typeof ZEventRow>;

/** The agreement's history, newest first, with each author's name (app_org_members: this team only). */
export function listAgreementEvents(tx: TTx, orgId: string, agreementId: string): Promise<TAgreementEventRow[]> {
  return preparedRows(
    tx,
    ZEventRow,
    sql`SELECT te.id, te.event_type, te.description, te.occurred_at, te.metadata, m.full_name AS created_by_name
        FROM timeline_event te LEFT JOIN app_org_members() m ON m.user_id = te.created_by
        WHERE te.org_id = ${orgId} AND te.contract_id = ${agreementId}
        ORDER BY te.occurred_at DESC, te.created_at DESC, te.id DESC
        LIMIT ${EVENTS_LIMIT}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Making an agreement: the quote, its lines, the contract
// ---------------------------------------------------------------------------------------------

const ZQuoteRef = z.object({
  id: z.string(),
  company_id: z.string(),
  status: z.string(),
  has_agreement: z.boolean(),
});
export type TQuoteRef = z.output<typeof ZQuoteRef>;

/** Locks the quote; null when the organization has none with this id. */
export async function lockQuote(tx: TTx, orgId: string, quoteId: string): Promise<TQuoteRef | null> {
  const [row] = await rows(
    tx,
    ZQuoteRef,
    sql`SELECT q.id, q.company_id, q.status,
               EXISTS (SELECT 1 FROM contract k WHERE k.org_id = q.org_id AND k.quote_id = q.id) AS has_agreement
        FROM quote q WHERE q.org_id = ${orgId} AND q.id = ${quoteId} FOR UPDATE OF q`,
  );
  return row ?? null;
}

export interface TNewContract {
  orgId: string;
  quoteId: string;
  companyId: string;
  seasonLabel: string | null;
  startDate: string;
  endDate: string;
  termMonths: number;
  totalValueCents: number;
  clauses: string[];
  notes: string | null;
  createdBy: string;
}

export interface TNewContractLine {
  productId: string | null;
  bundleId: string | null;
  itemName: string;
  qty: number;
  unitPriceCents: number;
  setupFeeCents: number;
}

/** The contract (status active, both totals the lines' sum) and its lines, in order. */
export async function insertContract(tx: TTx, c: TNewContract, lines: readonly TNewContractLine[]): Promise<string> {
  const [row] = await tx
    .insert(contracts)
    .values({
      orgId: c.orgId,
      quoteId: c.quoteId,
      companyId: c.companyId,
      status: 'active',
      seasonLabel: c.seasonLabel,
      startDate: c.startDate,
      endDate: c.endDate,
      termMonths: c.termMonths,
      totalValueCents: c.totalValueCents,
      calculatedTotalValueCents: c.totalValueCents,
      clauses: c.clauses,
      notes: c.notes,
      createdBy: c.createdBy,
    })
    .returning({ id: contracts.id });
  if (!row) throw new Error('contract insert returned no row');
  if (lines.length) {
    await tx
      .insert(contractLines)
      .values(lines.map((l, position) => ({ ...l, orgId: c.orgId, contractId: row.id, position })));
  }
  return row.id;
}

export async function setQuoteStatus(tx: TTx, orgId: string, quoteId: string, status: string): Promise<void> {
  await tx
    .update(quotes)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(quotes.orgId, orgId), eq(quotes.id, quoteId)));
}

const ZRowIdNameSetupFeeCents = z.object({
  id: z.string(),
  name: z.string(),
  setup_fee_cents: z.number().int().nullable(),
});

/** The organization's products among ids, with what a line needs, each held until the transaction ends. */
export function holdFormProducts(
  tx: TTx,
  orgId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string; setup_fee_cents: number | null }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rows(
    tx,
    ZRowIdNameSetupFeeCents,
    sql`SELECT id, name, setup_fee_cents FROM product
        WHERE org_id = ${orgId} AND id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY id FOR KEY SHARE`,
  );
}

export interface TNewQuoteLine {
  productId: string | null;
  bundleId: string | null;
  itemName: string;
  qty: number;
  unitPriceCents: number;
  isSetupFee: boolean;
}

export interface TFormQuote {
  orgId: string;
  companyId: string;
  createdBy: string;
  notes: string | null;
  totalCents: number;
  renewalCents: number;
}

/** The accepted quote the agreement form stands on (spec §4: inserted with status accepted). */
export async function insertAcceptedQuote(tx: TTx, q: TFormQuote): Promise<string> {
  const now = new Date();
  const [row] = await tx
    .insert(quotes)
    .values({
      orgId: q.orgId,
      companyId: q.companyId,
      status: 'accepted',
      createdById: q.createdBy,
      notes: q.notes,
      totalCents: q.totalCents,
      renewalCents: q.renewalCents,
      acceptedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: quotes.id });
  if (!row) throw new Error('quote insert returned no row');
  return row.id;
}

/** An accepted quote made into an agreement from the form: its company and totals follow the form. */
export async function updateFormQuote(
  tx: TTx,
  orgId: string,
  quoteId: string,
  v: { companyId: string; totalCents: number; renewalCents: number },
): Promise<void> {
  await tx
    .update(quotes)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(quotes.orgId, orgId), eq(quotes.id, quoteId)));
}

/** Replaces the quote's lines by these, in order. */
export async function replaceQuoteLines(
  tx: TTx,
  orgId: string,
  quoteId: string,
  lines: readonly TNewQuoteLine[],
): Promise<void> {
  await tx.delete(quoteLines).where(and(eq(quoteLines.orgId, orgId), eq(quoteLines.quoteId, quoteId)));
  if (lines.length) {
    await tx.insert(quoteLines).values(lines.map((l, position) => ({ ...l, orgId, quoteId, position })));
  }
}

// ---------------------------------------------------------------------------------------------
// The PDF and the e-mail
// ---------------------------------------------------------------------------------------------

const ZOrganizationHead = z.object({
  name: z.string(),
  sponsorship_lead_email: z.string().nullable(),
  treasurer_email: z.string().nullable(),
  remit_to_address: z.string().nullable(),
  business_street: z.string().nullable(),
  business_city: z.string().nullable(),
  business_state: z.string().nullable(),
  business_zip: z.string().nullable(),
});
export type TOrganizationHead = z.output<typeof ZOrganizationHead>;

/** What the PDF's header and the e-mail's sender rule read of the organization. */
export async function findOrganizationHead(tx: TTx, orgId: string): Promise<TOrganizationHead | null> {
  const [row] = await preparedRows(
    tx,
    ZOrganizationHead,
    sql`SELECT name, sponsorship_lead_email, treasurer_email, remit_to_address,
               business_street, business_city, business_state, business_zip
        FROM organization WHERE id = ${orgId}`,
  );
  return row ?? null;
}

const ZRowAddressCityState = z.object({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});

/** The company's postal address as the PDF prints it. */
export async function findCompanyAddress(
  tx: TTx,
  orgId: string,
  companyId: string,
): Promise<{ address: string | null; city: string | null; state: string | null } | null> {
  const [row] = await rows(
    tx,
    ZRowAddressCityState,
    sql`SELECT address, city, state FROM company WHERE org_id = ${orgId} AND id = ${companyId}`,
  );
  return row ?? null;
}

const ZRowFullName = z.object({ full_name: z.string().nullable() });

/** A member of this organization by e-mail address (the sender's name), or null. */
export async function findMemberName(tx: TTx, email: string): Promise<string | null> {
  const [row] = await preparedRows(
    tx,
    ZRowFullName,
    sql`SELECT full_name FROM app_org_members() WHERE lower(email) = lower(${email}) LIMIT 1`,
  );
  return row?.full_name ?? null;
}

export async function insertEmailLog(
  tx: TTx,
  v: {
    orgId: string;
    companyId: string;
    contractId: string;
    quoteId: string | null;
    recipients: string;
    subject: string;
    bodyHtml: string;
    createdBy: string;
  },
): Promise<void> {
  await tx.insert(emailLogs).values({ ...v, direction: 'outbound', emailType: 'agreement' });
}
