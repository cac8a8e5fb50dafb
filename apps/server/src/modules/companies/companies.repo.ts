import type { TCompanySortField, TSortDirection } from '@pennant/shared/companies/schemas';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx } from '../../db/client';
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
const primaryContactJoin = (orgId: string, companyRef: SQL) => sql`
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
 * literally), for the agreements' and invoices' searches. The trigram index of company_search
 * narrows to the documents holding the text (a company's name is their first line, 0005), then the
 * names are checked: under row-level security no index serves strpos(lower(name)), and reading
 * every company of a 100,000-company organization per search took most of a second.
 */
export function companiesNamed(orgId: string, search: string): SQL {
  return sql`SELECT sc.id FROM company sc
    WHERE sc.org_id = ${orgId}
      AND sc.id IN (SELECT company_id FROM company_search_hits(${orgId}::uuid, ${containsPattern(search)}))
      AND strpos(lower(sc.name), lower(${search})) > 0`;
}

/**
 * The companies matching a search (with their status), through the trigram index of
 * company_search (see 0005_company_search.sql), materialised once.
 */
function searchHits(orgId: string, search: string, statuses: readonly string[] | null): SQL {
  const status = statusSql(statuses);
  return sql`matched AS MATERIALIZED (
    SELECT company_id, status FROM company_search_hits(${orgId}::uuid, ${containsPattern(search)})
    ${status ? sql`WHERE ${status}` : sql``}
  )`;
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

/**
 * One page of companies without a search (a search pages through searchCompanyPage), each with
 * its primary contact. `statuses`: the category and the status filter combined; null means any.
 */
export function listCompanyPage(
  tx: TTx,
  orgId: string,
  statuses: readonly string[] | null,
  sort: { field: TCompanySortField; dir: TSortDirection },
  limit: number,
  offset: number,
): Promise<TCompanyRow[]> {
  const page = sql`SELECT p.*, ${PRIMARY_COLUMNS}
    FROM (
      SELECT ${COMPANY_COLUMNS} FROM company
      WHERE ${filterSql(orgId, statuses)}
      ORDER BY ${orderSql('company', sort.field, sort.dir)}
      LIMIT ${limit} OFFSET ${offset}
    ) p`;
  return preparedRows(
    tx,
    ZCompanyRow,
    sql`${page}
        ${primaryContactJoin(orgId, sql.raw('p.id'))}
        ORDER BY ${orderSql('p', sort.field, sort.dir)}`,
  );
}

const ZSearchPageRow = z
  .object({ counts: z.record(z.string(), column.count) })
  .and(z.union([ZCompanyRow, z.object({ id: z.null() })]));

/**
 * A search's page and its tab counts in one statement, so the search runs once: the hits are
 * materialised, counted per status (under the status filter) and paged (under the filter and the
 * tab). Always one row at least, carrying the counts; an empty page is that row with no company.
 * Each hit is looked up by primary key (OFFSET 0 keeps that a parameterised index scan), so a rare
 * term never walks the whole table.
 */
export async function searchCompanyPage(
  tx: TTx,
  orgId: string,
  search: string,
  statuses: { count: readonly string[] | null; page: readonly string[] | null },
  sort: { field: TCompanySortField; dir: TSortDirection },
  limit: number,
  offset: number,
): Promise<{ companies: TCompanyRow[]; counts: Map<string, number> }> {
  const where = filterSql(orgId, statuses.page);
  const found = await preparedRows(
    tx,
    ZSearchPageRow,
    sql`WITH ${searchHits(orgId, search, statuses.count)},
        counted AS (
          SELECT coalesce(json_object_agg(status, n), '{}'::json) AS counts
          FROM (SELECT status, count(*)::int AS n FROM matched GROUP BY status) per_status
        ),
        page AS (
          SELECT c.* FROM matched
          CROSS JOIN LATERAL (
            SELECT ${COMPANY_COLUMNS} FROM company WHERE ${where} AND id = matched.company_id OFFSET 0
          ) c
          ORDER BY ${orderSql('c', sort.field, sort.dir)}
          LIMIT ${limit} OFFSET ${offset}
        )
        SELECT k.counts, p.*, ${PRIMARY_COLUMNS}
        FROM counted k
        LEFT JOIN page p ON true
        ${primaryContactJoin(orgId, sql.raw('p.id'))}
        ORDER BY ${orderSql('p', sort.field, sort.dir)}`,
  );
  const counts = new Map(Object.entries(found[0]?.counts ?? {}));
  const companies = found.flatMap((r) => (r.id === null ? [] : [r]));
  return { companies, counts };
}

const ZStatusCount = z.object({ status: z.string(), n: column.count });

/**
 * Companies per status (under a status filter) from the counter table the triggers keep
 * (company_status_counts), so the tabs never count 100,000 company rows. A search counts its
 * hits in searchCompanyPage instead.
 */
export async function countByStatus(
  tx: TTx,
  orgId: string,
  statuses: readonly string[] | null,
): Promise<Map<string, number>> {
  const found = await preparedRows(tx, ZStatusCount, sql`SELECT status, n FROM company_status_counts(${orgId}::uuid)`);
  const allowed = statuses ? new Set(statuses) : null;
  return new Map(found.filter((r) => !allowed || allowed.has(r.status)).map((r) => [r.status, Number(r.n)]));
}

export async function findCompany(tx: TTx, orgId: string, id: string): Promise<TCompanyDetailRow | null> {
  const [row] = await rows(
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

export async function findCompanyRef(
  tx: TTx,
  orgId: string,
  id: string,
): Promise<{ id: string; status: string } | null> {
  const [row] = await rows(
    tx,
    z.object({ id: z.string(), status: z.string() }),
    sql`SELECT id, status FROM company WHERE org_id = ${orgId} AND id = ${id}`,
  );
  return row ?? null;
}

/** Locks the company row for the rest of the transaction; null when the org has no such company. */
export async function lockCompany(tx: TTx, orgId: string, id: string): Promise<{ id: string; status: string } | null> {
  const [row] = await rows(
    tx,
    z.object({ id: z.string(), status: z.string() }),
    sql`SELECT id, status FROM company WHERE org_id = ${orgId} AND id = ${id} FOR UPDATE`,
  );
  return row ?? null;
}

/** Locks the org's companies among ids (in id order, so two bulk changes cannot deadlock). */
export function lockCompanies(tx: TTx, orgId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return rows(
    tx,
    z.object({ id: z.string(), name: z.string(), status: z.string() }),
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
    z.object({ n: column.count }),
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
