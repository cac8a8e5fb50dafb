// The simulated users of bench/load.bench.ts: signed-in members browsing, searching and creating
// quotes in their organization, and donors (not signed in) giving on a campaign's public page and
// paying on the payment simulator. Each person has a browser of their own: keep-alive connections
// (node:http, up to six, as a browser opens) from a client address of their own on the loopback
// network (127.x.y.z), so the server's per-client limits see a crowd, as they would in production.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { percentile } from './harness';

export const ACTION_KINDS = ['browse', 'search', 'quote', 'donate'] as const;
export type TActionKind = (typeof ACTION_KINDS)[number];

export interface TProduct {
  id: string;
  priceCents: number;
  setupFeeCents: number | null;
}

/** What the users of one organization work on: ids read from the seeded tables. */
export interface TOrgWorld {
  index: number;
  orgId: string;
  companyIds: string[];
  quoteIds: string[];
  agreementIds: string[];
  invoiceIds: string[];
  products: TProduct[];
  priceList: { id: string; items: { productId: string; displayPriceCents: number }[] };
  campaignId: string;
  /** The campaign's contacts, as a campaign e-mail's donate button names them. */
  contacts: { contactId: string; playerId: string | null }[];
}

export interface TTarget {
  port: number;
  /** The app's PUBLIC_URL origin (http://localhost:PORT): the Origin header of every write. */
  origin: string;
}

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

interface TBucket {
  latencies: number[];
  count: number;
  errors: number;
}

const bucket = (): TBucket => ({ latencies: [], count: 0, errors: 0 });

export interface TSummary {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

function summarize(b: TBucket): TSummary {
  const sorted = [...b.latencies].sort((x, y) => x - y);
  return {
    count: b.count,
    errors: b.errors,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

/**
 * Every request's latency (request written → last byte of the reply read), by action kind and by
 * endpoint (the route's template), and every error by status and endpoint. Latencies are kept
 * while `measuring` (after the warm-up); errors always.
 */
export class Stats {
  measuring = false;
  readonly byKind = new Map<TActionKind, TBucket>(ACTION_KINDS.map((k) => [k, bucket()]));
  readonly byEndpoint = new Map<string, TBucket>();
  readonly actions = new Map<TActionKind, TBucket>(ACTION_KINDS.map((k) => [k, bucket()]));
  /** `<status or error code> <endpoint>` → count and the first reply's start. */
  readonly errors = new Map<string, { count: number; sample: string }>();
  requests = 0;
  warmupRequests = 0;
  /** Requests sent again because the server had closed the idle keep-alive connection they were sent on. */
  retries = 0;

  request(kind: TActionKind, endpoint: string, ms: number, failure: { key: string; sample: string } | null): void {
    if (!this.measuring) {
      this.warmupRequests++;
      if (failure) this.error(failure);
      return;
    }
    this.requests++;
    const k = this.byKind.get(kind) ?? bucket();
    const e = this.byEndpoint.get(endpoint) ?? bucket();
    this.byKind.set(kind, k);
    this.byEndpoint.set(endpoint, e);
    for (const b of [k, e]) {
      b.count++;
      b.latencies.push(ms);
      if (failure) b.errors++;
    }
    if (failure) this.error(failure);
  }

  action(kind: TActionKind, ms: number, ok: boolean): void {
    if (!this.measuring) return;
    const b = this.actions.get(kind) ?? bucket();
    this.actions.set(kind, b);
    b.count++;
    b.latencies.push(ms);
    if (!ok) b.errors++;
  }

  error(failure: { key: string; sample: string }): void {
    const seen = this.errors.get(failure.key);
    if (seen) seen.count++;
    else this.errors.set(failure.key, { count: 1, sample: failure.sample });
  }

  get errorCount(): number {
    let n = 0;
    for (const e of this.errors.values()) n += e.count;
    return n;
  }

  kind(k: TActionKind): TSummary {
    return summarize(this.byKind.get(k) ?? bucket());
  }

  actionSummary(k: TActionKind): TSummary {
    return summarize(this.actions.get(k) ?? bucket());
  }

  all(): TSummary {
    const merged = bucket();
    for (const b of this.byKind.values()) {
      merged.count += b.count;
      merged.errors += b.errors;
      for (const l of b.latencies) merged.latencies.push(l);
    }
    return summarize(merged);
  }

  endpoints(): [string, TSummary][] {
    return [...this.byEndpoint].map(([name, b]): [string, TSummary] => [name, summarize(b)]);
  }
}

// ---------------------------------------------------------------------------------------------
// A browser
// ---------------------------------------------------------------------------------------------

export interface TReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface TSend {
  kind: TActionKind;
  /** The endpoint's template, e.g. 'GET /api/companies/{id}'. */
  endpoint: string;
  method?: 'GET' | 'POST';
  path: string;
  json?: unknown;
  form?: Record<string, string>;
}

/** One person's browser: their client address, their session cookie (if signed in), keep-alive connections. */
export class Browser {
  private readonly agent: Agent;

  constructor(
    private readonly target: TTarget,
    private readonly stats: Stats,
    localAddress: string,
    private readonly cookie: string | null,
  ) {
    // An idle connection is closed after 4 s, before the server's keep-alive timeout (5 s) closes it.
    this.agent = new Agent({ keepAlive: true, maxSockets: 6, localAddress, timeout: 4_000 });
  }

  close(): void {
    this.agent.destroy();
  }

  /** One request; any reply but 2xx/3xx, and any network error, is recorded as an error (and answers null). */
  async send(s: TSend): Promise<TReply | null> {
    const method = s.method ?? 'GET';
    const headers: Record<string, string> = {
      accept: s.form ? 'text/html' : 'application/json',
      'accept-encoding': 'gzip',
      'user-agent': 'pennant-load-bench',
    };
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | undefined;
    if (s.json !== undefined) {
      body = JSON.stringify(s.json);
      headers['content-type'] = 'application/json';
    } else if (s.form) {
      body = new URLSearchParams(s.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (method !== 'GET') headers.origin = this.target.origin;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const started = performance.now();
    try {
      const reply = await this.attempt(method, s.path, headers, body).catch((err: unknown) => {
        // A keep-alive connection the server closed as it was reused: sent again on a new one, as
        // browsers do (and Node's documentation advises: request.reusedSocket). Nothing reached the app.
        if (err instanceof ReusedSocketReset) {
          this.stats.retries++;
          return this.attempt(method, s.path, headers, body);
        }
        throw err;
      });
      const ms = performance.now() - started;
      const ok = reply.status >= 200 && reply.status < 400;
      this.stats.request(
        s.kind,
        s.endpoint,
        ms,
        ok ? null : { key: `${reply.status} ${s.endpoint}`, sample: `${s.path}: ${text(reply).slice(0, 200)}` },
      );
      return ok ? reply : null;
    } catch (err) {
      const ms = performance.now() - started;
      const code = errorCode(err instanceof ReusedSocketReset ? err.reason : err);
      this.stats.request(s.kind, s.endpoint, ms, { key: `${code} ${s.endpoint}`, sample: s.path });
      return null;
    }
  }

  private attempt(method: string, path: string, headers: Record<string, string>, body: string | undefined) {
    return new Promise<TReply>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: this.target.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout after 30 s')));
      req.on('error', (err) =>
        reject(req.reusedSocket && errorCode(err) === 'ECONNRESET' ? new ReusedSocketReset(err) : err),
      );
      req.end(body);
    });
  }
}

class ReusedSocketReset extends Error {
  constructor(readonly reason: unknown) {
    super('connection reset on a reused keep-alive socket');
  }
}

function errorCode(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return 'code' in err && typeof err.code === 'string' ? err.code : err.message;
}

/** A reply's body as text (gzip undone). */
export function text(reply: TReply): string {
  const raw = reply.headers['content-encoding'] === 'gzip' ? gunzipSync(reply.body) : reply.body;
  return raw.toString('utf8');
}

/** A reply's JSON by a schema, or null (recorded as an error) when it is not what the contract says. */
function parse<S extends z.ZodType>(
  stats: Stats,
  endpoint: string,
  reply: TReply | null,
  schema: S,
): z.output<S> | null {
  if (!reply) return null;
  let value: unknown;
  try {
    value = JSON.parse(text(reply));
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  stats.error({ key: `bad reply ${endpoint}`, sample: parsed.error.message.slice(0, 200) });
  return null;
}

// ---------------------------------------------------------------------------------------------
// Client addresses
// ---------------------------------------------------------------------------------------------

/** The n-th address of a /16 on the loopback network: 127.<net>.<hi>.<lo>, never .0 or .255 at the end. */
export function loopbackAddress(net: number, n: number): string {
  const i = n % (254 * 256);
  return `127.${net}.${Math.floor(i / 254)}.${1 + (i % 254)}`;
}

// ---------------------------------------------------------------------------------------------
// The workload
// ---------------------------------------------------------------------------------------------

const rand = (n: number) => Math.floor(Math.random() * n);
function pick<T>(xs: readonly T[]): T {
  const x = xs[rand(xs.length)];
  if (x === undefined) throw new Error('pick from an empty list');
  return x;
}
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The share of each action kind in a user's loop. */
export const MIX: Record<TActionKind, number> = { browse: 50, search: 20, quote: 15, donate: 15 };

function pickKind(): TActionKind {
  let r = Math.random() * ACTION_KINDS.reduce((s, k) => s + MIX[k], 0);
  for (const k of ACTION_KINDS) {
    r -= MIX[k];
    if (r < 0) return k;
  }
  return 'browse';
}

/** What the run did, for the checks at the end: quotes created and donations paid, per organization. */
export interface TOutcome {
  quotesCreated: number[];
  donationsPaid: number[];
  donationsStarted: number;
}

export interface TWorkload {
  target: TTarget;
  stats: Stats;
  orgs: readonly TOrgWorld[];
  outcome: TOutcome;
  /** Search terms the companies search is given (names, kinds, cities, parts of words, numbers). */
  searchTerms: readonly string[];
  /** Think time between actions, ms: uniformly 0 to this. */
  thinkMs: number;
}

const ZCompanyPage = z.object({ companies: z.array(z.object({ id: z.string() })), totalCount: z.number() });
const ZCreated = z.object({ id: z.string(), status: z.literal('draft') });
const ZPublicCampaign = z.object({ id: z.string(), name: z.string() });
const ZCheckout = z.object({ checkoutUrl: z.string() });

const COMPANY_SORTS = ['created_at', 'name', 'updated_at', 'last_contacted_at', 'status'] as const;
const COMPANY_CATEGORIES = ['all', 'all', 'pipeline', 'sponsors', 'former'] as const;
const QUOTE_TABS = ['active', 'active', 'all', 'accepted', 'closed'] as const;
const AGREEMENT_TABS = ['all', 'all', 'active', 'expiring', 'expired'] as const;
const AGREEMENT_SORTS = ['created_at', 'company', 'end_date', 'value'] as const;
const INVOICE_TABS = ['active', 'active', 'paid', 'all'] as const;
const INSIGHT_FILTERS = ['all', 'eligible', 'donated'] as const;

/** A signed-in member of one organization: a page of the app, as the web app loads it (its queries in parallel). */
async function browse(b: Browser, org: TOrgWorld): Promise<boolean> {
  const get = (endpoint: string, path: string) => b.send({ kind: 'browse', endpoint, path });
  const all = async (...requests: Promise<TReply | null>[]) => (await Promise.all(requests)).every((r) => r !== null);
  const page = rand(100);
  if (page < 12) {
    return all(get('GET /api/session', '/api/session'), get('GET /api/dashboard/metrics', '/api/dashboard/metrics'));
  }
  if (page < 30) {
    const params = new URLSearchParams({ sort: pick(COMPANY_SORTS), dir: pick(['asc', 'desc']) });
    const category = pick(COMPANY_CATEGORIES);
    if (category !== 'all') params.set('category', category);
    const p = rand(3) === 0 ? 1 + rand(20) : 1;
    if (p > 1) params.set('page', String(p));
    return all(get('GET /api/companies (list)', `/api/companies?${params}`));
  }
  if (page < 45) {
    const id = pick(org.companyIds);
    return all(
      get('GET /api/companies/{id}', `/api/companies/${id}`),
      get('GET /api/companies/{id}/contacts', `/api/companies/${id}/contacts`),
      get('GET /api/companies/{id}/notes', `/api/companies/${id}/notes`),
      get('GET /api/quotes (company)', `/api/quotes?tab=all&company=${id}`),
    );
  }
  if (page < 55) {
    const tab = pick(QUOTE_TABS);
    return all(get('GET /api/quotes (list)', `/api/quotes?tab=${tab}${rand(4) === 0 ? `&page=${1 + rand(5)}` : ''}`));
  }
  if (page < 62) return all(get('GET /api/quotes/{id}', `/api/quotes/${pick(org.quoteIds)}`));
  if (page < 69) {
    return all(
      get('GET /api/agreements (list)', `/api/agreements?tab=${pick(AGREEMENT_TABS)}&sort=${pick(AGREEMENT_SORTS)}`),
    );
  }
  if (page < 73) return all(get('GET /api/agreements/{id}', `/api/agreements/${pick(org.agreementIds)}`));
  if (page < 81) {
    return all(
      get('GET /api/invoices (list)', `/api/invoices?tab=${pick(INVOICE_TABS)}`),
      get('GET /api/invoices/kpis', '/api/invoices/kpis'),
    );
  }
  if (page < 85) return all(get('GET /api/invoices/{id}', `/api/invoices/${pick(org.invoiceIds)}`));
  if (page < 89) return all(get('GET /api/fundraising/campaigns', '/api/fundraising/campaigns'));
  if (page < 96) {
    const base = `/api/fundraising/campaigns/${org.campaignId}`;
    const c = 'GET /api/fundraising/campaigns/{id}';
    return all(
      get(c, base),
      get(`${c}/progress`, `${base}/progress`),
      get(`${c}/player-progress`, `${base}/player-progress`),
      get(`${c}/donations`, `${base}/donations`),
      get(`${c}/analytics`, `${base}/analytics`),
      get(`${c}/insights`, `${base}/insights?filter=${pick(INSIGHT_FILTERS)}`),
    );
  }
  return all(get('GET /api/products', '/api/products'), get('GET /api/price-lists', '/api/price-lists'));
}

/** The companies search: a term, sometimes a refinement, sometimes the next page. */
async function search(b: Browser, stats: Stats, terms: readonly string[]): Promise<boolean> {
  const first = pick(terms);
  const q = (term: string, page = 1) =>
    b.send({
      kind: 'search',
      endpoint: 'GET /api/companies?search=',
      path: `/api/companies?search=${encodeURIComponent(term)}${page > 1 ? `&page=${page}` : ''}`,
    });
  const reply = parse(stats, 'GET /api/companies?search=', await q(first), ZCompanyPage);
  if (!reply) return false;
  const more = rand(10);
  if (more < 3) return (await q(`${first} ${pick(terms)}`)) !== null;
  if (more < 5 && reply.totalCount > reply.companies.length) return (await q(first, 2)) !== null;
  return true;
}

/**
 * A new quote, as the web's quote wizard makes it: the catalogue and a company picked by a search,
 * then the draft (product lines at their price, or at a price list's, each product's setup fee on
 * the line after it with the same quantity), then the draft read back.
 */
async function createQuote(b: Browser, stats: Stats, world: TWorkload, org: TOrgWorld): Promise<boolean> {
  const get = (endpoint: string, path: string) => b.send({ kind: 'quote', endpoint, path });
  const catalogue = await Promise.all([
    get('GET /api/products', '/api/products'),
    get('GET /api/bundles', '/api/bundles?season=all'),
  ]);
  if (catalogue.some((r) => r === null)) return false;
  const picker = await get(
    'GET /api/companies (picker)',
    `/api/companies?search=${encodeURIComponent(pick(world.searchTerms))}&sort=name&dir=asc`,
  );
  if (!picker) return false;
  const fromList = rand(4) === 0;
  if (fromList && !(await get('GET /api/price-lists', '/api/price-lists'))) return false;
  const lines: { productId: string; qty: number; unitPriceCents: number; isSetupFee: boolean }[] = [];
  const chosen = new Set<string>();
  const count = 1 + rand(3);
  while (chosen.size < count) {
    const product = pick(org.products);
    if (chosen.has(product.id)) continue;
    chosen.add(product.id);
    const listed = fromList ? org.priceList.items.find((i) => i.productId === product.id) : undefined;
    const qty = 1 + rand(2);
    lines.push({
      productId: product.id,
      qty,
      unitPriceCents: listed?.displayPriceCents ?? product.priceCents,
      isSetupFee: false,
    });
    if (product.setupFeeCents) {
      lines.push({ productId: product.id, qty, unitPriceCents: product.setupFeeCents, isSetupFee: true });
    }
  }
  const created = parse(
    stats,
    'POST /api/quotes',
    await b.send({
      kind: 'quote',
      endpoint: 'POST /api/quotes',
      method: 'POST',
      path: '/api/quotes',
      json: {
        companyId: pick(org.companyIds),
        lines,
        notes: rand(3) === 0 ? 'Discussed at the booster club mixer; follow up next week.' : null,
        originPriceListId: fromList ? org.priceList.id : null,
      },
    }),
    ZCreated,
  );
  if (!created) return false;
  world.outcome.quotesCreated[org.index] = (world.outcome.quotesCreated[org.index] ?? 0) + 1;
  return (await get('GET /api/quotes/{id}', `/api/quotes/${created.id}`)) !== null;
}

const AMOUNTS = [2_500, 5_000, 5_000, 10_000, 25_000, 1_000, 7_500];
let donors = 0;

/**
 * A donor, not signed in, from a browser and address of their own: the donation page (from a
 * campaign e-mail's button, or the campaign's shared link), the checkout, the simulator's card page,
 * Pay (the simulator delivers the signed webhook, then sends the browser to the success page) and
 * the success page's read of the campaign.
 */
async function donate(world: TWorkload, org: TOrgWorld): Promise<boolean> {
  const { stats, target } = world;
  const n = donors++;
  const b = new Browser(target, stats, loopbackAddress(3, n), null);
  try {
    const page = (endpoint: string, path: string) => b.send({ kind: 'donate', endpoint, path });
    const campaignPath = `/api/public/campaigns/${org.campaignId}`;
    const campaign = parse(
      stats,
      'GET /api/public/campaigns/{id}',
      await page('GET /api/public/campaigns/{id}', campaignPath),
      ZPublicCampaign,
    );
    if (!campaign) return false;
    const fromEmail = rand(2) === 0 ? pick(org.contacts) : null;
    const checkout = parse(
      stats,
      'POST /api/public/donations',
      await b.send({
        kind: 'donate',
        endpoint: 'POST /api/public/donations',
        method: 'POST',
        path: '/api/public/donations',
        json: {
          campaignId: campaign.id,
          amountCents: pick(AMOUNTS),
          donorEmail: rand(5) === 0 ? null : `donor.${n}@families.example`,
          playerId: fromEmail?.playerId ?? null,
          contactId: fromEmail?.contactId ?? null,
        },
      }),
      ZCheckout,
    );
    if (!checkout) return false;
    world.outcome.donationsStarted++;
    const checkoutPath = new URL(checkout.checkoutUrl).pathname;
    if (!(await page('GET /dev/payments/donate/{session}', checkoutPath))) return false;
    const paid = await b.send({
      kind: 'donate',
      endpoint: 'POST /dev/payments/donate/{session} (pay)',
      method: 'POST',
      path: checkoutPath,
      form: { action: 'pay' },
    });
    if (!paid) return false;
    const location = paid.headers.location ?? '';
    if (paid.status !== 303 || !location.includes('/donate/success')) {
      stats.error({
        key: `no success redirect POST /dev/payments/donate/{session}`,
        sample: `${paid.status} ${location}`,
      });
      return false;
    }
    world.outcome.donationsPaid[org.index] = (world.outcome.donationsPaid[org.index] ?? 0) + 1;
    return (await page('GET /api/public/campaigns/{id}', campaignPath)) !== null;
  } finally {
    b.close();
  }
}

/**
 * One simulated user until `running()` is false: think 0–thinkMs ms, then one action of the mix.
 * A member's browsing, searching and quoting happen in their organization with their session; a
 * donation is made by a new donor (the crowd on the campaigns' public pages).
 */
export async function runUser(
  world: TWorkload,
  user: { cookie: string; org: TOrgWorld; n: number },
  running: () => boolean,
): Promise<void> {
  const b = new Browser(world.target, world.stats, loopbackAddress(2, user.n), user.cookie);
  try {
    while (running()) {
      await sleep(rand(world.thinkMs + 1));
      if (!running()) break;
      const kind = pickKind();
      const started = performance.now();
      let ok: boolean;
      if (kind === 'browse') ok = await browse(b, user.org);
      else if (kind === 'search') ok = await search(b, world.stats, world.searchTerms);
      else if (kind === 'quote') ok = await createQuote(b, world.stats, world, user.org);
      else ok = await donate(world, pick(world.orgs));
      world.stats.action(kind, performance.now() - started, ok);
    }
  } finally {
    b.close();
  }
}
