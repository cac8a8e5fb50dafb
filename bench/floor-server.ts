// The floor for GET /api/companies (and GET /api/products): bare Hono and `pg`, no framework
// layers, doing the same logical work as the app for the lists' common cases, so
// bench/list.bench.ts can show how far the app's request path is from what the same SQL costs on
// its own.
//
// Per request, on one pooled connection (the app's pool size, 10):
//   1. `BEGIN; SET LOCAL ROLE pennant_platform` (one simple-protocol round trip, like the app's `begin`)
//   2. the session: better-auth's auth_session row for the cookie's token, joined to its user and the
//      user's current organization membership (the one they own, else the first joined) — and, in
//      the same statement, the tenant settings the app's withTenant sets:
//      set_config('role', 'pennant_app', true), set_config('app.org_id', …), set_config('app.user_id', …)
//   3. the page query, byte for byte the app's (companies.repo.ts: listCompanyPage without a search,
//      then the tab counts (countByStatus); with one, searchCompanyPage's counts, then its walk of
//      the sort's index or its hits, chosen as the app chooses)
//   4. `COMMIT`
// so five round trips, as many as the app makes (which answers the session from its per-node cache
// and sends `begin` and the set_config statement separately). The JSON is the app's, byte for byte.
// The products list is the same with one list statement (products.repo.ts listProducts): four.
//
// Not done here, on purpose: the cookie's HMAC signature is not checked (the app checks it, one
// HMAC-SHA256 per request, microseconds); no request validation beyond what the three cases need
// (page, search, category, sort, dir; a status filter is refused); no security headers, request id
// or logging.
//
//   DATABASE_URL=postgres://… PORT=4100 node --import tsx bench/floor-server.ts
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

/** The app's pool size (apps/server/src/db/client.ts openPostgres, `max = 10`). */
export const FLOOR_POOL_MAX = 10;
const PAGE_SIZE = 50;
const SESSION_COOKIE = 'pennant.session_token';

const STATUSES = new Set([
  'prospect',
  'contacted',
  'negotiating',
  'sponsor',
  'former_sponsor',
  'declined',
  'blacklisted',
]);
const CATEGORY_OF: Record<string, 'pipeline' | 'sponsors' | 'former'> = {
  prospect: 'pipeline',
  contacted: 'pipeline',
  negotiating: 'pipeline',
  sponsor: 'sponsors',
  former_sponsor: 'former',
  declined: 'former',
  blacklisted: 'former',
};
const CATEGORY_STATUSES: Record<string, readonly string[] | null> = {
  all: null,
  pipeline: ['prospect', 'contacted', 'negotiating'],
  sponsors: ['sponsor'],
  former: ['former_sponsor', 'declined', 'blacklisted'],
};
type TCategory = 'all' | 'pipeline' | 'sponsors' | 'former';
type TSortField = 'name' | 'created_at' | 'updated_at' | 'last_contacted_at' | 'status';
const SORT_FIELDS = new Set<string>(['name', 'created_at', 'updated_at', 'last_contacted_at', 'status']);

export interface TStatement {
  text: string;
  values: unknown[];
}

export interface TListQuery {
  page: number;
  search: string | null;
  category: TCategory;
  sort: TSortField;
  dir: 'asc' | 'desc';
}

// ---------------------------------------------------------------------------------------------
// SQL: the app's statements (apps/server/src/modules/companies/companies.repo.ts), with the same
// parameters in the same order; list.bench.ts checks them against what the app sends.
// ---------------------------------------------------------------------------------------------

const COMPANY_COLUMNS =
  'id, name, status, website, industry, notes, address, city, state, country, tags, last_contacted_at, status_updated_at, created_at, updated_at';
const PRIMARY_COLUMNS =
  'pc.id AS pc_id, pc.name AS pc_name, pc.email AS pc_email, pc.phone AS pc_phone, pc.title AS pc_title';

function orderSql(alias: string, field: TSortField, dir: 'asc' | 'desc'): string {
  const d = dir === 'asc' ? 'ASC' : 'DESC';
  const col = (name: string) => `${alias}.${name}`;
  switch (field) {
    case 'name':
      return `lower(${col('name')}) ${d}, ${col('id')} ${d}`;
    case 'created_at':
      return `${col('created_at')} ${d}, ${col('id')} ${d}`;
    case 'updated_at':
      return `${col('updated_at')} ${d}, ${col('id')} ${d}`;
    case 'last_contacted_at':
      return `${col('last_contacted_at')} ${d} ${dir === 'asc' ? 'NULLS FIRST' : 'NULLS LAST'}, ${col('id')} ${d}`;
    case 'status':
      return `company_status_rank(${col('status')}) ${d}, lower(${col('name')}) ${d}, ${col('id')} ${d}`;
  }
}

/** Parameters numbered in order of appearance, as drizzle numbers them. */
class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function statusSql(p: Params, statuses: readonly string[] | null): string | null {
  if (!statuses) return null;
  if (statuses.length === 0) return 'false';
  return `status IN (${statuses.map((s) => p.add(s)).join(', ')})`;
}

function primaryContactJoin(p: Params, orgId: string, companyRef: string): string {
  return `
  LEFT JOIN LATERAL (
    SELECT cc.id, cc.name, cc.email, cc.phone, cc.title FROM company_contact cc
    WHERE cc.org_id = ${p.add(orgId)} AND cc.company_id = ${companyRef} AND cc.is_active
    ORDER BY cc.is_primary DESC, cc.created_at ASC, cc.id ASC LIMIT 1
  ) pc ON true`;
}

function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** listCompanyPage without a search. */
export function pageStatement(orgId: string, q: TListQuery): TStatement {
  const p = new Params();
  const status = statusSql(p, CATEGORY_STATUSES[q.category] ?? null);
  const where = `org_id = ${p.add(orgId)}${status ? ` AND ${status}` : ''}`;
  const text = `SELECT p.*, ${PRIMARY_COLUMNS}
          FROM (
            SELECT ${COMPANY_COLUMNS} FROM company
            WHERE ${where}
            ORDER BY ${orderSql('company', q.sort, q.dir)}
            LIMIT ${p.add(PAGE_SIZE)} OFFSET ${p.add((q.page - 1) * PAGE_SIZE)}
          ) p
        ${primaryContactJoin(p, orgId, 'p.id')}
        ORDER BY ${orderSql('p', q.sort, q.dir)}`;
  return { text, values: p.values };
}

/** countByStatus without a search: the counter table. */
export function countsStatement(orgId: string): TStatement {
  return { text: 'SELECT status, n FROM company_status_counts($1::uuid)', values: [orgId] };
}

/** searchCompanyPage's first statement: the search's hits per status (kept or counted) beside the organization's. */
export function searchCountsStatement(orgId: string, search: string): TStatement {
  return {
    text: `SELECT 'hits' AS kind, status, n FROM company_search_counts($1::uuid, $2)
        UNION ALL
        SELECT 'org' AS kind, status, n FROM company_status_counts($3::uuid)`,
    values: [orgId, containsPattern(search), orgId],
  };
}

const WALKED_SORTS = new Set<TSortField>(['created_at', 'updated_at', 'last_contacted_at']);

interface TWalkBranch {
  status: string | null;
  window: number;
  expect: number;
}

/** The app's walk (companies.repo.ts walkSearchPage): windows of the sort's index, merged and paged. */
export function walkStatement(
  orgId: string,
  search: string,
  q: TListQuery,
  branches: readonly TWalkBranch[],
): TStatement {
  const p = new Params();
  const pattern = containsPattern(search);
  const end = q.page * PAGE_SIZE;
  const parts = branches.map(
    (b) => `(SELECT * FROM (
        SELECT ${COMPANY_COLUMNS} FROM company
        WHERE org_id = ${p.add(orgId)} ${b.status === null ? '' : `AND status = ${p.add(b.status)}`}
        ORDER BY ${orderSql('company', q.sort, q.dir)}
        LIMIT ${p.add(b.window)}
      ) win
      WHERE company_search_doc(win.name, win.notes, win.industry, win.website,
    win.address, win.city, win.state) ILIKE ${p.add(pattern)}
      ORDER BY ${orderSql('win', q.sort, q.dir)}
      LIMIT ${p.add(end)})`,
  );
  const union = parts.join(' UNION ALL ');
  const page = `SELECT * FROM walked ORDER BY ${orderSql('walked', q.sort, q.dir)} LIMIT ${p.add(PAGE_SIZE)} OFFSET ${p.add(end - PAGE_SIZE)}`;
  const text = `WITH walked AS MATERIALIZED (${union}),
        kept AS (
          SELECT coalesce(json_object_agg(status, n), '{}'::json) AS found
          FROM (SELECT status, count(*)::int AS n FROM walked GROUP BY status) per_status
        ),
        page AS (${page})
        SELECT k.found, p.*, ${PRIMARY_COLUMNS}
        FROM kept k
        LEFT JOIN page p ON true
        ${primaryContactJoin(p, orgId, 'p.id')}
        ORDER BY ${orderSql('p', q.sort, q.dir)}`;
  return { text, values: p.values };
}

/** The app's page from the hits (companies.repo.ts hitsSearchPage). */
export function hitsStatement(orgId: string, search: string, q: TListQuery): TStatement {
  const p = new Params();
  const statuses = CATEGORY_STATUSES[q.category] ?? null;
  const byName = q.sort === 'name' || q.sort === 'status';
  const hits = `SELECT h.id FROM (SELECT company_id AS id, status, name FROM company_search_hits(${p.add(orgId)}::uuid, ${p.add(containsPattern(search))})) h`;
  const hitStatus = statusSql(p, statuses);
  const presort = byName ? `ORDER BY ${orderSql('h', q.sort, q.dir)} LIMIT ${p.add(q.page * PAGE_SIZE)}` : '';
  const status = statusSql(p, statuses);
  const where = `org_id = ${p.add(orgId)}${status ? ` AND ${status}` : ''}`;
  const text = `SELECT p.*, ${PRIMARY_COLUMNS}
    FROM (
      SELECT c.* FROM (
      ${hits}
      ${hitStatus ? `WHERE ${hitStatus}` : ''}
      ${presort}
    ) matched
    CROSS JOIN LATERAL (
      SELECT ${COMPANY_COLUMNS} FROM company
      WHERE ${where} AND id = matched.id OFFSET 0
    ) c
    ORDER BY ${orderSql('c', q.sort, q.dir)}
    LIMIT ${p.add(PAGE_SIZE)} OFFSET ${p.add((q.page - 1) * PAGE_SIZE)}
    ) p
    ${primaryContactJoin(p, orgId, 'p.id')}
    ORDER BY ${orderSql('p', q.sort, q.dir)}`;
  return { text, values: p.values };
}

/**
 * The app's choice between the walk and the hits (companies.repo.ts searchCompanyPage): the walk
 * for a date sort when its windows read fewer rows than the search has hits. null: no page to read.
 */
export function walkBranches(
  q: TListQuery,
  hits: ReadonlyMap<string, number>,
  org: ReadonlyMap<string, number>,
): TWalkBranch[] | 'hits' | null {
  const sum = (m: ReadonlyMap<string, number>, statuses: readonly string[] | null) =>
    statuses ? statuses.reduce((t, s) => t + (m.get(s) ?? 0), 0) : [...m.values()].reduce((t, n) => t + n, 0);
  const statuses = CATEGORY_STATUSES[q.category] ?? null;
  const end = q.page * PAGE_SIZE;
  if (end - PAGE_SIZE >= sum(hits, statuses)) return null;
  const branch = (status: string | null): TWalkBranch => {
    const m = status === null ? sum(hits, null) : (hits.get(status) ?? 0);
    const n = status === null ? sum(org, null) : (org.get(status) ?? 0);
    return { status, window: Math.min(n, Math.ceil((1.5 * end * n) / m) + 100), expect: Math.min(end, m) };
  };
  const branches = statuses ? statuses.filter((s) => (hits.get(s) ?? 0) > 0).map(branch) : [branch(null)];
  const read = branches.reduce((t, b) => t + b.window, 0);
  return WALKED_SORTS.has(q.sort) && read <= sum(hits, null) ? branches : 'hits';
}

/**
 * The statements of one list request after the tenant settings, in the order the app sends them. A
 * search's second statement depends on the first's answer: only the first is given.
 */
export function listStatements(orgId: string, q: TListQuery): TStatement[] {
  return q.search ? [searchCountsStatement(orgId, q.search)] : [pageStatement(orgId, q), countsStatement(orgId)];
}

/** GET /api/products: the app's listProducts (apps/server/src/modules/catalogue/products.repo.ts). */
export function productsStatements(orgId: string): [TStatement] {
  const text = `SELECT p.id, p.name, p.master_type_id, t.label AS ad_type_label,
         (t.org_id IS NOT NULL) AS ad_type_is_custom,
         p.recurring_price_cents, p.setup_fee_cents, p.share_type, p.share_value, p.is_limited,
         p.location_text, p.season_label, p.updated_at,
         EXISTS (SELECT 1 FROM quote_line ql
                 WHERE ql.org_id = p.org_id AND ql.product_id = p.id AND ql.quote_active) AS has_active_quotes
  FROM product p
  LEFT JOIN master_ad_type t ON t.id = p.master_type_id AND (t.org_id IS NULL OR t.org_id = p.org_id)
        WHERE p.org_id = $1
        ORDER BY lower(p.name), p.id`;
  return [{ text, values: [orgId] }];
}

/** The quotes list's Active tab, page 1 (quotes.repo.ts countQuotesByStatus: the counter table, then listQuotePage). */
export const QUOTE_PAGE = 50;
export function quotesStatements(orgId: string): [TStatement, TStatement] {
  const counts = 'SELECT status, n FROM quote_status_counts($1::uuid)';
  const part = (a: number, b: number, c: number) =>
    `(SELECT id, status, company_id, created_at, sent_at, expires_at, total_cents FROM quote WHERE org_id = $${a} AND status = $${b} ORDER BY created_at DESC, id DESC LIMIT $${c})`;
  const page = `SELECT q.id, q.status, q.company_id, c.name AS company_name, q.created_at, q.sent_at, q.expires_at,
       q.total_cents, EXISTS (SELECT 1 FROM quote_document d WHERE d.org_id = $1 AND d.quote_id = q.id) AS has_pdf,
       (SELECT k.id FROM contract k WHERE k.org_id = $2 AND k.quote_id = q.id AND k.deleted_at IS NULL LIMIT 1) AS agreement_id
  FROM (SELECT * FROM (${part(3, 4, 5)} UNION ALL ${part(6, 7, 8)}) merged ORDER BY created_at DESC, id DESC LIMIT $9 OFFSET $10) q
  JOIN company c ON c.org_id = $11 AND c.id = q.company_id
  ORDER BY q.created_at DESC, q.id DESC`;
  return [
    { text: counts, values: [orgId] },
    {
      text: page,
      values: [orgId, orgId, orgId, 'draft', QUOTE_PAGE, orgId, 'sent', QUOTE_PAGE, QUOTE_PAGE, 0, orgId],
    },
  ];
}

/**
 * The session and the tenant settings in one statement: the lookup runs as pennant_platform (set
 * just before, BYPASSRLS, as the app's loadMember runs), and its row sets the role and settings of
 * the app's withTenant for the rest of the transaction. No row: no session, or no membership.
 */
const SESSION_AND_TENANT = `SELECT set_config('role', $2, true) AS role,
       set_config('app.org_id', m.org_id::text, true) AS org_id,
       set_config('app.user_id', u.id::text, true) AS user_id
FROM auth_session s
JOIN auth_user u ON u.id = s.user_id
CROSS JOIN LATERAL (
  SELECT ur.org_id FROM user_role ur WHERE ur.user_id = s.user_id
  ORDER BY ur.is_owner DESC, ur.created_at ASC LIMIT 1
) m
WHERE s.token = $1 AND s.expires_at > now()`;

// ---------------------------------------------------------------------------------------------
// Rows to the app's JSON (companies.service.ts toCompany and listCompanies)
// ---------------------------------------------------------------------------------------------

/** As drizzle's raw queries read them: timestamps stay text, everything else as pg parses it. */
const TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ ? (v: string) => v : pg.types.getTypeParser(oid, format ?? 'text'),
};

interface TCompanyRow {
  id: string | null;
  name: string;
  status: string;
  website: string | null;
  industry: string | null;
  notes: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  tags: string[] | null;
  last_contacted_at: string | null;
  status_updated_at: string | null;
  created_at: string;
  updated_at: string;
  pc_id: string | null;
  pc_name: string | null;
  pc_email: string | null;
  pc_phone: string | null;
  pc_title: string | null;
}

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

function toCompany(row: TCompanyRow) {
  return {
    id: row.id,
    name: row.name,
    status: STATUSES.has(row.status) ? row.status : 'prospect',
    website: row.website,
    industry: row.industry,
    notes: row.notes,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    tags: row.tags,
    lastContactedAt: iso(row.last_contacted_at),
    statusUpdatedAt: iso(row.status_updated_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    primaryContact:
      row.pc_id && row.pc_name !== null
        ? { id: row.pc_id, name: row.pc_name, email: row.pc_email, phone: row.pc_phone, title: row.pc_title }
        : null,
  };
}

function replyJson(q: TListQuery, rows: TCompanyRow[], byStatus: [string, number][]): string {
  const counts = { all: 0, pipeline: 0, sponsors: 0, former: 0 };
  for (const [status, n] of byStatus) {
    counts.all += n;
    const category = CATEGORY_OF[status];
    if (category) counts[category] += n;
  }
  const totalCount = counts[q.category];
  return JSON.stringify({
    companies: rows.map(toCompany),
    totalCount,
    counts,
    page: q.page,
    pageSize: PAGE_SIZE,
    hasMore: q.page * PAGE_SIZE < totalCount,
  });
}

interface TProductRow {
  id: string;
  name: string;
  master_type_id: string | null;
  ad_type_label: string | null;
  ad_type_is_custom: boolean;
  recurring_price_cents: number | null;
  setup_fee_cents: number | null;
  share_type: string;
  share_value: number | null;
  is_limited: boolean;
  location_text: string | null;
  season_label: string | null;
  updated_at: string;
  has_active_quotes: boolean;
}

const SHARE_TYPES = new Set(['none', 'percent', 'fixed']);

/** As products.service.ts toProduct builds it. */
function productsJson(rows: TProductRow[]): string {
  return JSON.stringify({
    products: rows.map((row) => ({
      id: row.id,
      name: row.name,
      masterTypeId: row.master_type_id,
      adTypeLabel: row.ad_type_label,
      adTypeIsCustom: row.ad_type_is_custom,
      recurringPriceCents: row.recurring_price_cents,
      setupFeeCents: row.setup_fee_cents,
      shareType: SHARE_TYPES.has(row.share_type) ? row.share_type : 'none',
      shareValue: row.share_value ?? 0,
      isLimited: row.is_limited,
      locationText: row.location_text,
      seasonLabel: row.season_label,
      updatedAt: iso(row.updated_at),
      hasActiveQuotes: row.has_active_quotes,
    })),
  });
}

interface TQuoteRow {
  id: string;
  status: string;
  company_id: string;
  company_name: string;
  created_at: string;
  sent_at: string | null;
  expires_at: string | null;
  /** bigint: text from node-postgres, a number in the app's reply (its row schema converts it). */
  total_cents: string;
  has_pdf: boolean;
  agreement_id: string | null;
}

const QUOTE_STATUSES = new Set(['draft', 'sent', 'accepted', 'contracted', 'rejected', 'expired', 'archived']);
const QUOTE_TABS = {
  active: ['draft', 'sent'],
  accepted: ['accepted', 'contracted'],
  closed: ['rejected', 'expired', 'archived'],
} as const;

/** As quotes.service.ts listQuotes builds it for the Active tab, page 1. */
function quotesJson(rows: TQuoteRow[], byStatus: [string, number][]): string {
  const counts = { all: 0, active: 0, accepted: 0, closed: 0 };
  for (const [raw, n] of byStatus) {
    const status = QUOTE_STATUSES.has(raw) ? raw : 'archived';
    counts.all += n;
    for (const tab of ['active', 'accepted', 'closed'] as const) {
      if ((QUOTE_TABS[tab] as readonly string[]).includes(status)) counts[tab] += n;
    }
  }
  return JSON.stringify({
    quotes: rows.map((r) => ({
      id: r.id,
      status: QUOTE_STATUSES.has(r.status) ? r.status : 'archived',
      companyId: r.company_id,
      companyName: r.company_name,
      createdAt: iso(r.created_at),
      sentAt: iso(r.sent_at),
      expiresAt: iso(r.expires_at),
      totalCents: Number(r.total_cents),
      hasPdf: r.has_pdf,
      agreementId: r.agreement_id,
    })),
    total: counts.active,
    page: 1,
    pageSize: QUOTE_PAGE,
    counts,
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

/** The session token of the cookie `pennant.session_token=<token>.<signature>` (signature not checked). */
function tokenFrom(cookie: string | undefined): string | null {
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = decodeURIComponent(part.slice(eq + 1).trim());
    const dot = value.lastIndexOf('.');
    return dot > 0 ? value.slice(0, dot) : null;
  }
  return null;
}

function parseQuery(get: (name: string) => string | undefined): TListQuery | null {
  if (get('status') !== undefined) return null;
  const page = Number(get('page') ?? '1');
  const category = get('category') ?? 'all';
  const sort = get('sort') ?? 'created_at';
  const dir = get('dir') ?? 'desc';
  if (!Number.isInteger(page) || page < 1 || page > 100_000) return null;
  if (!(category in CATEGORY_STATUSES) || !SORT_FIELDS.has(sort) || (dir !== 'asc' && dir !== 'desc')) return null;
  return {
    page,
    search: get('search')?.trim() || null,
    category: category as TCategory,
    sort: sort as TSortField,
    dir,
  };
}

const problem = (code: string, message: string) => JSON.stringify({ error: { code, message } });

/** Fresh headers for each reply: the Node server's Response keeps (and may add to) the object it is given. */
const jsonType = () => ({ 'content-type': 'application/json' });

/**
 * One request's transaction: BEGIN as the platform role, the session and tenant settings in one
 * statement, then `work` (the list's own statements, which build the reply), COMMIT.
 */
async function inTenant(
  pool: pg.Pool,
  cookie: string | undefined,
  work: (client: pg.PoolClient, orgId: string) => Promise<string>,
): Promise<{ status: 200 | 401 | 500; body: string }> {
  const token = tokenFrom(cookie);
  if (!token) return { status: 401, body: problem('unauthenticated', 'Please sign in') };
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN; SET LOCAL ROLE pennant_platform');
    const session = await client.query<{ org_id: string }>(SESSION_AND_TENANT, [token, 'pennant_app']);
    const orgId = session.rows[0]?.org_id;
    if (!orgId) {
      await client.query('ROLLBACK');
      return { status: 401, body: problem('unauthenticated', 'Please sign in') };
    }
    const body = await work(client, orgId);
    await client.query('COMMIT');
    return { status: 200, body };
  } catch (err) {
    broken = err instanceof Error ? err : new Error(String(err));
    await client.query('ROLLBACK').catch(() => undefined);
    return { status: 500, body: problem('internal', broken.message) };
  } finally {
    client.release(broken);
  }
}

export function createFloorApp(pool: pg.Pool) {
  const app = new Hono();
  app.get('/api/companies', async (c) => {
    const q = parseQuery((name) => c.req.query(name));
    if (!q) return c.body(problem('bad_request', 'Unsupported query'), 400, jsonType());
    const reply = await inTenant(pool, c.req.header('cookie'), async (client, orgId) => {
      if (q.search) {
        const k = searchCountsStatement(orgId, q.search);
        const figures = await client.query<{ kind: string; status: string; n: string }>({
          text: k.text,
          values: k.values,
        });
        const of = (kind: string) =>
          new Map(figures.rows.filter((r) => r.kind === kind).map((r) => [r.status, Number(r.n)]));
        const hits = of('hits');
        const plan = walkBranches(q, hits, of('org'));
        let rows: TCompanyRow[] = [];
        if (plan !== null && plan !== 'hits') {
          const w = walkStatement(orgId, q.search, q, plan);
          const walked = await client.query<TCompanyRow & { found?: Record<string, number> }>({
            text: w.text,
            values: w.values,
            types: TYPES,
          });
          const found = walked.rows[0]?.found ?? {};
          const total = Object.values(found).reduce((t, n) => t + n, 0);
          const enough = plan.every((b) => (b.status === null ? total : (found[b.status] ?? 0)) >= b.expect);
          rows = enough ? walked.rows.filter((r) => r.id !== null) : [];
          if (!enough) {
            const h = hitsStatement(orgId, q.search, q);
            rows = (await client.query<TCompanyRow>({ text: h.text, values: h.values, types: TYPES })).rows;
          }
        } else if (plan === 'hits') {
          const h = hitsStatement(orgId, q.search, q);
          rows = (await client.query<TCompanyRow>({ text: h.text, values: h.values, types: TYPES })).rows;
        }
        return replyJson(q, rows, [...hits]);
      }
      const s = pageStatement(orgId, q);
      const page = await client.query<TCompanyRow>({ text: s.text, values: s.values, types: TYPES });
      const k = countsStatement(orgId);
      const counts = await client.query<{ status: string; n: string }>({
        text: k.text,
        values: k.values,
        types: TYPES,
      });
      return replyJson(
        q,
        page.rows,
        counts.rows.map((r) => [r.status, Number(r.n)]),
      );
    });
    return c.body(reply.body, reply.status, jsonType());
  });
  app.get('/api/products', async (c) => {
    const reply = await inTenant(pool, c.req.header('cookie'), async (client, orgId) => {
      const [s] = productsStatements(orgId);
      const found = await client.query<TProductRow>({ text: s.text, values: s.values, types: TYPES });
      return productsJson(found.rows);
    });
    return c.body(reply.body, reply.status, jsonType());
  });
  app.get('/api/quotes', async (c) => {
    const reply = await inTenant(pool, c.req.header('cookie'), async (client, orgId) => {
      const [k, s] = quotesStatements(orgId);
      const counts = await client.query<{ status: string; n: string }>({ text: k.text, values: k.values });
      const page = await client.query<TQuoteRow>({ text: s.text, values: s.values, types: TYPES });
      return quotesJson(
        page.rows,
        counts.rows.map((r) => [r.status, Number(r.n)]),
      );
    });
    return c.body(reply.body, reply.status, jsonType());
  });
  return app;
}

/** Serves the floor on `port` (0: any free port); resolves with the port once listening. */
export function serveFloor(url: string, port: number, poolMax = FLOOR_POOL_MAX) {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  pool.on('error', () => undefined);
  const app = createFloorApp(pool);
  return new Promise<{ port: number; close(): Promise<void> }>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
      resolve({
        port: info.port,
        close: async () => {
          await new Promise<void>((done) => server.close(() => done()));
          await pool.end();
        },
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const floor = await serveFloor(url, Number(process.env.PORT ?? 0), Number(process.env.POOL_MAX ?? FLOOR_POOL_MAX));
  process.stdout.write(`READY ${floor.port}\n`);
  const stop = () => {
    void floor.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
