import type { TCompanySortField, TSortDirection } from '@pennant/shared/companies/schemas';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowN } from '../../db/client';
import { companies, companyContacts } from '../../db/schema/companies';

/** A company row with its primary contact (active primary, else oldest active) flattened in. */
export const ZCompanyRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  notes: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  tags: z.array(z.string()).nullable(),
  last_contacted_at: column.instant.nullable(),
  status_updated_at: column.instant.nullable(),
  created_at: column.instant,
  updated_at: column.instant,
  pc_id: z.string().nullable(),
  pc_name: z.string().nullable(),
  pc_email: z.string().nullable(),
  pc_phone: z.string().nullable(),
  pc_title: z.string().nullable(),
});
export type TCompanyRow = z.output<typeof ZCompanyRow>;

export const ZCompanyDetailRow = ZCompanyRow.extend({
  contact_count: column.count,
});
export type TCompanyDetailRow = z.output<typeof ZCompanyDetailRow>;

const COMPANY_COLUMNS = sql.raw(
  'id, name, status, website, industry, notes, address, city, state, country, tags, last_contacted_at, status_updated_at, created_at, updated_at',
);

/** The contact shown for a company: the active primary, else the oldest active contact. */
/** A company's primary contact, else its oldest active one (spec §7), as `pc` beside the company `companyRef`. */
export const primaryContactJoin = (orgId: string, companyRef: SQL) => sql`
  LEFT JOIN LATERAL (
    SELECT cc.id, cc.name, cc.email, cc.phone, cc.title FROM company_contact cc
    WHERE cc.org_id = ${orgId} AND cc.company_id = ${companyRef} AND cc.is_active
    ORDER BY cc.is_primary DESC, cc.created_at ASC, cc.id ASC LIMIT 1
  ) pc ON true`;

const PRIMARY_COLUMNS = sql.raw(
  'pc.id AS pc_id, pc.name AS pc_name, pc.email AS pc_email, pc.phone AS pc_phone, pc.title AS pc_title',
);

/** ILIKE pattern for a substring search, with the user's % _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The status condition (unqualified column); null when any status will do. */
function statusSql(statuses: readonly string[] | null): SQL | null {
  if (!statuses) return null;
  if (statuses.length === 0) return sql`false`;
  return sql`status IN (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )})`;
}

/** Organization and status conditions on company (unqualified columns). */
function filterSql(orgId: string, statuses: readonly string[] | null): SQL {
  const status = statusSql(statuses);
  return status ? sql`org_id = ${orgId} AND ${status}` : sql`org_id = ${orgId}`;
}

/**
 * The ids of the organization's companies whose name holds `search` (case-insensitive, taken
 * literally), for the invoices' search. The trigram index of company_search narrows to the
 * documents holding the text, then the name kept beside each document is checked
 * (company_name_hits, 0029_sales_lists.sql): under row-level security no index serves
 * strpos(lower(name)), and reading every company of a 100,000-company organization per search
 * took most of a second.
 */
export function companiesNamed(orgId: string, search: string): SQL {
  return sql`SELECT company_id FROM company_name_hits(${orgId}::uuid, ${containsPattern(search)}, ${search})`;
}

/**
 * A company's searched text (company_search_doc, 0005) holds the pattern: the walk's check on a row
 * `alias`, against the text each company keeps lower-cased (search_text, 0038), which is what ILIKE
 * compares on this collation without building and lower-casing it for every row.
 */
function docMatches(alias: string, pattern: string): SQL {
  return sql`${sql.raw(`${alias}.search_text`)} LIKE lower(${pattern})`;
}

/**
 * ORDER BY for a sort, written against a table alias. Every key ends with id and runs in one
 * direction, so each sort is a scan of its index (0004_companies.sql) that stops after a page.
 */
function orderSql(alias: string, field: TCompanySortField, dir: TSortDirection): SQL {
  const d = sql.raw(dir === 'asc' ? 'ASC' : 'DESC');
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  switch (field) {
    case 'name':
      return sql`lower(${col('name')}) ${d}, ${col('id')} ${d}`;
    case 'created_at':
      return sql`${col('created_at')} ${d}, ${col('id')} ${d}`;
    case 'updated_at':
      return sql`${col('updated_at')} ${d}, ${col('id')} ${d}`;
    case 'last_contacted_at':
      // Never contacted counts as the oldest contact: first ascending, last descending.
      return sql`${col('last_contacted_at')} ${d} ${sql.raw(dir === 'asc' ? 'NULLS FIRST' : 'NULLS LAST')}, ${col('id')} ${d}`;
    case 'status':
      return sql`company_status_rank(${col('status')}) ${d}, lower(${col('name')}) ${d}, ${col('id')} ${d}`;
  }
}

type TSort = { field: TCompanySortField; dir: TSortDirection };

/** The order within one status: the 'Status' sort is the name sort there (the rank is constant). */
function orderWithinStatus(alias: string, sort: TSort): SQL {
  return orderSql(alias, sort.field === 'status' ? 'name' : sort.field, sort.dir);
}

/**
 * The page's companies (company's columns) in the sort's order. Any status, or one: a range of the
 * sort's index (0004, or its per-status twin of 0029), stopping after the page. Several (a category
 * tab, a status filter): each status's range up to the page's end, merged, so a tab never walks
 * the other statuses' companies.
 */
function pageRowsSql(
  orgId: string,
  statuses: readonly string[] | null,
  sort: TSort,
  limit: number,
  offset: number,
): SQL {
  const distinct = statuses ? [...new Set(statuses)] : null;
  if (!distinct || distinct.length <= 1) {
    const order = distinct ? orderWithinStatus('company', sort) : orderSql('company', sort.field, sort.dir);
    return sql`SELECT ${COMPANY_COLUMNS} FROM company
      WHERE ${filterSql(orgId, distinct)}
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}`;
  }
  const parts = distinct.map(
    (s) => sql`(SELECT ${COMPANY_COLUMNS} FROM company
      WHERE org_id = ${orgId} AND status = ${s}
      ORDER BY ${orderWithinStatus('company', sort)}
      LIMIT ${limit + offset})`,
  );
  return sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) merged
    ORDER BY ${orderSql('merged', sort.field, sort.dir)}
    LIMIT ${limit} OFFSET ${offset}`;
}

/** The page's companies with their primary contact, in the sort's order. */
function withContacts(orgId: string, page: SQL, sort: TSort): SQL {
  return sql`SELECT p.*, ${PRIMARY_COLUMNS}
    FROM (
      ${page}
    ) p
    ${primaryContactJoin(orgId, sql.raw('p.id'))}
    ORDER BY ${orderSql('p', sort.field, sort.dir)}`;
}

/**
 * One page of companies without a search (a search pages through searchCompanyPage), each with
 * its primary contact. `statuses`: the category and the status filter combined; null means any.
 */
export function listCompanyPage(
  tx: TTx,
  orgId: string,
  statuses: readonly string[] | null,
  sort: TSort,
  limit: number,
  offset: number,
): Promise<TCompanyRow[]> {
  return preparedRows(tx, ZCompanyRow, withContacts(orgId, pageRowsSql(orgId, statuses, sort, limit, offset), sort));
}

const ZStatusCount = z.object({ status: z.string(), n: column.count });
const ZSearchFigure = ZStatusCount.extend({ kind: z.enum(['hits', 'org']) });

const sumOf = (m: ReadonlyMap<string, number>, statuses: readonly string[] | null) =>
  statuses ? statuses.reduce((t, s) => t + (m.get(s) ?? 0), 0) : [...m.values()].reduce((t, n) => t + n, 0);

/** The sorts a walk serves: dates, which say nothing of a company's text (a name sort would reach
 * the companies named after the term only where their names sort). */
const WALKED_SORTS: readonly TCompanySortField[] = ['created_at', 'updated_at', 'last_contacted_at'];

/**
 * How many of a status's companies (n, of which m match) a walk reads to find `end` matches: the
 * expected span, half again for chance, plus a margin; all of them at most.
 */
const walkWindow = (m: number, n: number, end: number) => Math.min(n, Math.ceil((1.5 * end * n) / m) + 100);

interface TWalkBranch {
  /** null: any status, one range of the sort's index. */
  status: string | null;
  window: number;
  /** The matches the branch must find when the window was wide enough: the page's end or all. */
  expect: number;
}

/**
 * A walk's row: a company of the page (or, when the page is empty, none) beside how many each
 * status kept, as the JSON text it was aggregated to. The text is read once, from the first row;
 * parsed on every row as an object intersected with the company, it was most of the search's
 * garbage.
 */
const ZWalkRow = z.union([ZCompanyRow.extend({ found: z.string() }), z.object({ id: z.null(), found: z.string() })]);
const ZWalkKept = z.record(z.string(), column.count);

/**
 * A broad search's page by walking the sort's index: each branch (a status, or every company) reads
 * a window of its range, the rows in front, and keeps the first `end` whose text holds the term; the
 * branches are merged and paged. How many each kept comes back beside the page: a branch that found
 * fewer than it must (its window too narrow for where the matches lie) makes the answer null, and
 * the caller reads the hits instead. Prepared: its text varies only with the sort and how many
 * branches there are, and its generic plan is the walk of each branch's sort index, the window
 * and the page bounding each walk (checked on the bench's large organization, where planning it
 * for its values took as long as running it).
 */
async function walkSearchPage(
  tx: TTx,
  orgId: string,
  pattern: string,
  branches: readonly TWalkBranch[],
  sort: TSort,
  limit: number,
  offset: number,
): Promise<TCompanyRow[] | null> {
  const order = (alias: string) => orderSql(alias, sort.field, sort.dir);
  const parts = branches.map(
    (b) => sql`(SELECT ${COMPANY_COLUMNS} FROM (
        SELECT ${COMPANY_COLUMNS}, search_text FROM company
        WHERE org_id = ${orgId} ${b.status === null ? sql`` : sql`AND status = ${b.status}`}
        ORDER BY ${order('company')}
        LIMIT ${b.window}
      ) win
      WHERE ${docMatches('win', pattern)}
      ORDER BY ${order('win')}
      LIMIT ${offset + limit})`,
  );
  const found = await preparedRows(
    tx,
    ZWalkRow,
    sql`WITH walked AS MATERIALIZED (${sql.join(parts, sql` UNION ALL `)}),
        kept AS (
          SELECT coalesce(json_object_agg(status, n), '{}'::json) AS found
          FROM (SELECT status, count(*)::int AS n FROM walked GROUP BY status) per_status
        ),
        page AS (SELECT * FROM walked ORDER BY ${order('walked')} LIMIT ${limit} OFFSET ${offset})
        SELECT k.found::text AS found, p.*, ${PRIMARY_COLUMNS}
        FROM kept k
        LEFT JOIN page p ON true
        ${primaryContactJoin(orgId, sql.raw('p.id'))}
        ORDER BY ${order('p')}`,
  );
  const kept = new Map(Object.entries(ZWalkKept.parse(JSON.parse(found[0]?.found ?? '{}'))));
  for (const b of branches) {
    const n = b.status === null ? sumOf(kept, null) : (kept.get(b.status) ?? 0);
    if (n < b.expect) return null;
  }
  return found.flatMap((r) => (r.id === null ? [] : [r]));
}

/**
 * A search's page from its hits through the trigram index of company_search (0005), each looked up
 * by primary key (OFFSET 0 keeps that a parameterised index scan), sorted and paged. Sorted by name
 * (or status, then name), the hits are ordered by the name and status company_search keeps, so only
 * the page's companies are read.
 */
function hitsSearchPage(
  tx: TTx,
  orgId: string,
  pattern: string,
  statuses: readonly string[] | null,
  sort: TSort,
  limit: number,
  offset: number,
): Promise<TCompanyRow[]> {
  const status = statusSql(statuses);
  const byName = sort.field === 'name' || sort.field === 'status';
  const page = sql`SELECT c.* FROM (
      SELECT h.id FROM (SELECT company_id AS id, status, name FROM company_search_hits(${orgId}::uuid, ${pattern})) h
      ${status ? sql`WHERE ${status}` : sql``}
      ${byName ? sql`ORDER BY ${orderSql('h', sort.field, sort.dir)} LIMIT ${offset + limit}` : sql``}
    ) matched
    CROSS JOIN LATERAL (
      SELECT ${COMPANY_COLUMNS} FROM company
      WHERE ${filterSql(orgId, statuses)} AND id = matched.id OFFSET 0
    ) c
    ORDER BY ${orderSql('c', sort.field, sort.dir)}
    LIMIT ${limit} OFFSET ${offset}`;
  return preparedRows(tx, ZCompanyRow, withContacts(orgId, page, sort));
}

/**
 * A search's tab counts and page. The counts per status are company_search_counts' (0029): kept
 * for a broad or short search until the organization's companies change, else counted through the
 * trigram index. The page is read one of two ways:
 *  - a broad search sorted by a date walks the sort's index and stops when the page is full (for a
 *    search matching 5% of the companies, the first page reads a thousand or so companies, not the
 *    5,000 hits), when its windows read fewer rows than the search has hits;
 *  - otherwise, or when a window proves too narrow, the hits are read and sorted.
 * Both read the same rows in the same order: the text checked is the one company_search keeps.
 */
export async function searchCompanyPage(
  tx: TTx,
  orgId: string,
  search: string,
  statuses: { count: readonly string[] | null; page: readonly string[] | null },
  sort: TSort,
  limit: number,
  offset: number,
): Promise<{ companies: TCompanyRow[]; counts: Map<string, number> }> {
  const pattern = containsPattern(search);
  const figures = await preparedRows(
    tx,
    ZSearchFigure,
    sql`SELECT 'hits' AS kind, status, n FROM company_search_counts(${orgId}::uuid, ${pattern})
        UNION ALL
        SELECT 'org' AS kind, status, n FROM company_status_counts(${orgId}::uuid)`,
  );
  const hits = new Map(figures.filter((f) => f.kind === 'hits').map((f) => [f.status, f.n]));
  const org = new Map(figures.filter((f) => f.kind === 'org').map((f) => [f.status, f.n]));
  const allowed = statuses.count ? new Set(statuses.count) : null;
  const counts = new Map([...hits].filter(([status]) => !allowed || allowed.has(status)));
  const pageStatuses = statuses.page ? [...new Set(statuses.page)] : null;
  if (offset >= sumOf(hits, pageStatuses)) return { companies: [], counts };

  const end = offset + limit;
  const branch = (status: string | null): TWalkBranch => {
    const m = status === null ? sumOf(hits, null) : (hits.get(status) ?? 0);
    const n = status === null ? sumOf(org, null) : (org.get(status) ?? 0);
    return { status, window: walkWindow(m, n, end), expect: Math.min(end, m) };
  };
  // Statuses without a hit have nothing to walk.
  const branches = pageStatuses ? pageStatuses.filter((s) => (hits.get(s) ?? 0) > 0).map(branch) : [branch(null)];
  if (WALKED_SORTS.includes(sort.field) && branches.reduce((t, b) => t + b.window, 0) <= sumOf(hits, null)) {
    const walked = await walkSearchPage(tx, orgId, pattern, branches, sort, limit, offset);
    if (walked) return { companies: walked, counts };
  }
  return { companies: await hitsSearchPage(tx, orgId, pattern, pageStatuses, sort, limit, offset), counts };
}

/**
 * Companies per status (under a status filter) from the counter table the triggers keep
 * (company_status_counts), so the tabs never count 100,000 company rows. A search's counts come
 * from searchCompanyPage instead.
 */
export async function countByStatus(
  tx: TTx,
  orgId: string,
  statuses: readonly string[] | null,
): Promise<Map<string, number>> {
  const found = await preparedRows(tx, ZStatusCount, sql`SELECT status, n FROM company_status_counts(${orgId}::uuid)`);
  const allowed = statuses ? new Set(statuses) : null;
  return new Map(found.filter((r) => !allowed || allowed.has(r.status)).map((r) => [r.status, r.n]));
}

export async function findCompany(tx: TTx, orgId: string, id: string): Promise<TCompanyDetailRow | null> {
  const [row] = await preparedRows(
    tx,
    ZCompanyDetailRow,
    sql`SELECT c.id, c.name, c.status, c.website, c.industry, c.notes, c.address, c.city, c.state, c.country,
               c.tags, c.last_contacted_at, c.status_updated_at, c.created_at, c.updated_at, ${PRIMARY_COLUMNS},
               (SELECT count(*) FROM company_contact a
                 WHERE a.org_id = c.org_id AND a.company_id = c.id AND a.is_active)::int AS contact_count
        FROM company c
        ${primaryContactJoin(orgId, sql.raw('c.id'))}
        WHERE c.org_id = ${orgId} AND c.id = ${id}`,
  );
  return row ?? null;
}

const ZRowIdStatus = z.object({ id: z.string(), status: z.string() });

export async function findCompanyRef(
  tx: TTx,
  orgId: string,
  id: string,
): Promise<{ id: string; status: string } | null> {
  const [row] = await preparedRows(
    tx,
    ZRowIdStatus,
    sql`SELECT id, status FROM company WHERE org_id = ${orgId} AND id = ${id}`,
  );
  return row ?? null;
}

/** Locks the company row for the rest of the transaction; null when the org has no such company. */
export async function lockCompany(tx: TTx, orgId: string, id: string): Promise<{ id: string; status: string } | null> {
  const [row] = await rows(
    tx,
    ZRowIdStatus,
    sql`SELECT id, status FROM company WHERE org_id = ${orgId} AND id = ${id} FOR UPDATE`,
  );
  return row ?? null;
}

const ZRowIdNameStatus = z.object({ id: z.string(), name: z.string(), status: z.string() });

/** Locks the org's companies among ids (in id order, so two bulk changes cannot deadlock). */
export function lockCompanies(tx: TTx, orgId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return rows(
    tx,
    ZRowIdNameStatus,
    sql`SELECT id, name, status FROM company
        WHERE org_id = ${orgId} AND id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY id FOR UPDATE`,
  );
}

/**
 * Serialises sponsor-count changes within one organization (locks its row), so two requests
 * cannot both take the last free-plan sponsor place.
 */
export async function lockOrganization(tx: TTx, orgId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM organization WHERE id = ${orgId} FOR UPDATE`);
}

export async function countActiveSponsors(tx: TTx, orgId: string): Promise<number> {
  const [row] = await rows(
    tx,
    ZRowN,
    sql`SELECT count(*) AS n FROM company WHERE org_id = ${orgId} AND status = 'sponsor'`,
  );
  return Number(row?.n ?? 0);
}

export interface TNewCompany {
  orgId: string;
  name: string;
  status: string;
  website: string | null;
  industry: string | null;
  notes: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
}

export async function insertCompany(tx: TTx, values: TNewCompany): Promise<string> {
  const [row] = await tx.insert(companies).values(values).returning({ id: companies.id });
  if (!row) throw new Error('company insert returned no row');
  return row.id;
}

export type TCompanyPatch = Partial<
  Pick<TNewCompany, 'name' | 'status' | 'website' | 'industry' | 'notes' | 'address' | 'city' | 'state'>
> & { statusUpdatedAt?: Date };

export async function updateCompany(tx: TTx, orgId: string, id: string, patch: TCompanyPatch): Promise<void> {
  await tx
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(companies.orgId, orgId), eq(companies.id, id)));
}

export async function setCompaniesStatus(tx: TTx, orgId: string, ids: readonly string[], status: string, at: Date) {
  if (ids.length === 0) return;
  await tx
    .update(companies)
    .set({ status, statusUpdatedAt: at, updatedAt: at })
    .where(and(eq(companies.orgId, orgId), inArray(companies.id, [...ids])));
}

export async function deleteCompany(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(companies)
    .where(and(eq(companies.orgId, orgId), eq(companies.id, id)))
    .returning({ id: companies.id });
  return deleted.length > 0;
}

export async function insertPrimaryContact(
  tx: TTx,
  values: { orgId: string; companyId: string; name: string; email: string; phone: string | null; title: string | null },
): Promise<void> {
  await tx.insert(companyContacts).values({ ...values, role: 'primary', isPrimary: true, isActive: true });
}
