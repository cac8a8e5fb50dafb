// Load: a crowd of simulated users for a minute over a mixed workload (issue "Proof at scale"):
// members browsing, searching and creating quotes in their organizations, and donors giving on
// the campaigns' public pages and paying on the payment simulator. Target: 0 errors; p99 reported.
//
//   npm run bench:load                       PostgreSQL (a new database, dropped at the end)
//   LOAD_PGLITE=1 npm run bench:load         the embedded database (PGlite) instead
//
// Knobs (environment):
//   LOAD_USERS=200        concurrent simulated users
//   LOAD_SECONDS=60       measured seconds
//   LOAD_WARMUP=5         seconds of the same load before (its errors count; its latencies do not)
//   LOAD_THINK_MS=200     think time between a user's actions: uniformly 0 to this
//   LOAD_ORGS=20          organizations (Premium, each with a payment account and a launched campaign)
//   LOAD_COMPANIES=3000   companies per organization
//   LOAD_QUEUE=pg-boss    the app's queue (pg-boss, as in production; or inline)
//   LOAD_KEEP=1           leave the database behind (its URL or directory is printed)
//   BENCH_DATABASE_URL / TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test)
//
// The data is made in this process (the harness's boot, the API where it is quick, SQL where it
// would be slow); then the app runs as a child process (bench/serve-app.ts, production settings,
// local mode so the payment simulator is there) and this process is the crowd (bench/load-users.ts).
// CPU and memory are the app process's (/proc), and CPU that of the PostgreSQL backends serving the
// bench's database when the server runs here; the machine's busy time shows what else ran.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { z } from 'zod';
import { shutdown } from '../apps/server/src/boot';
import { rows, sql } from '../apps/server/src/db/client';
import { withPlatform } from '../apps/server/src/db/tenant';
import type { TDeps } from '../apps/server/src/deps';
import { generateSales } from './generate';
import {
  analyzeCompanyTables,
  bootBench,
  CITIES,
  KINDS,
  makePremium,
  openBenchDatabase,
  PREFIXES,
  seedCompanies,
  signUpWithOrg,
  type TApp,
  type TBenchDatabase,
} from './harness';
import { CLK_TCK, clusterMs, cpuMs, findPostmaster, procStat, rssMiB, startServer, type TServer } from './load-kit';
import {
  ACTION_KINDS,
  MIX,
  runUser,
  Stats,
  type TOrgWorld,
  type TOutcome,
  type TProduct,
  type TSummary,
  type TWorkload,
} from './load-users';

const env = process.env;
const USERS = Number(env.LOAD_USERS ?? 200);
const SECONDS = Number(env.LOAD_SECONDS ?? 60);
const WARMUP = Number(env.LOAD_WARMUP ?? 5);
const THINK_MS = Number(env.LOAD_THINK_MS ?? 200);
const ORGS = Number(env.LOAD_ORGS ?? 20);
const COMPANIES = Number(env.LOAD_COMPANIES ?? 3_000);
const QUEUE = env.LOAD_QUEUE === 'inline' ? 'inline' : 'pg-boss';
const KIND = env.LOAD_PGLITE === '1' ? 'pglite' : 'postgres';
const KEEP = env.LOAD_KEEP === '1';
const PRODUCTS = 60;
const QUOTES = 600;
const AGREEMENTS = 200;
const INVOICES = 500;
const PLAYERS = 4;
const CONTACTS_PER_PLAYER = 3;
const DONATIONS = 300;
const ADMIN_URL = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SEED_ORIGIN = 'http://localhost:3993';
const PASSWORD = 'bench-password';

const print = (line = '') => process.stdout.write(`${line}\n`);
const progress = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

/** A write through the app in this process, as the browser sends it; the reply's JSON, or a throw. */
async function call(app: TApp, cookie: string, method: string, path: string, body: unknown): Promise<unknown> {
  const res = await app.request(`${SEED_ORIGIN}${path}`, {
    method,
    headers: { cookie, origin: SEED_ORIGIN, 'content-type': 'application/json' },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Products over the global ad types: $100 to $1,075, a setup fee on every third, a limited slot on every fourth. */
async function seedProducts(deps: TDeps, orgId: string): Promise<void> {
  await withPlatform(deps.db, deps.log, 'bench seed products', (tx) =>
    tx.execute(sql`
      INSERT INTO product (org_id, name, master_type_id, recurring_price_cents, setup_fee_cents, share_type,
                           share_value, is_limited, location_text, season_label)
      SELECT ${orgId}::uuid, t.label || ' ' || i, t.id, 10000 + (i % 40) * 2500,
             CASE WHEN i % 3 = 0 THEN 5000 END, 'none', 0,
             i % 4 = 0, CASE WHEN i % 4 = 0 THEN 'Slot ' || i END, '2025'
      FROM generate_series(1, ${PRODUCTS}::int) AS i
      CROSS JOIN LATERAL (
        SELECT id, label FROM master_ad_type WHERE org_id IS NULL ORDER BY slug OFFSET i % 8 LIMIT 1
      ) t`),
  );
}

/** Past gifts to the campaign (nine in ten paid, over 30 days), as its e-mails would have brought in. */
async function seedDonations(deps: TDeps, orgId: string, campaignId: string): Promise<void> {
  await withPlatform(deps.db, deps.log, 'bench seed donations', (tx) =>
    tx.execute(sql`
      WITH contacts AS (
        SELECT cc.contact_id, cc.player_id, fc.email, row_number() OVER (ORDER BY cc.id) AS n
        FROM campaign_contact cc JOIN fundraising_contact fc ON fc.id = cc.contact_id
        WHERE cc.campaign_id = ${campaignId}
      )
      INSERT INTO donation (org_id, campaign_id, player_id, contact_id, amount_cents, status, checkout_session_id,
                            stripe_payment_intent_id, donor_email, created_at, paid_at)
      SELECT ${orgId}::uuid, ${campaignId}::uuid, c.player_id, c.contact_id, (ARRAY[2500, 5000, 10000, 25000])[1 + i % 4],
             CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'paid' END, 'cs_bench_' || ${campaignId} || '_' || i,
             'pi_bench_' || ${campaignId} || '_' || i, c.email, now() - (i % 30) * interval '1 day',
             CASE WHEN i % 10 = 0 THEN NULL ELSE now() - (i % 30) * interval '1 day' END
      FROM generate_series(1, ${DONATIONS}::int) AS i
      JOIN contacts c ON c.n = 1 + i % ${PLAYERS * CONTACTS_PER_PLAYER}`),
  );
}

const ZRedirect = z.object({ url: z.string() });
const ZSaved = z.object({ id: z.string() });
const ZPriceList = z.object({
  id: z.string(),
  items: z.array(z.object({ kind: z.string(), id: z.string(), displayPriceCents: z.number() })),
});
const ZProducts = z.object({
  products: z.array(
    z.object({ id: z.string(), recurringPriceCents: z.number().nullable(), setupFeeCents: z.number().nullable() }),
  ),
});
const ZCampaignContacts = z.object({
  contacts: z.array(z.object({ contactId: z.string(), playerId: z.string().nullable() })),
});
const ZIds = z.object({ id: z.string() });

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * One organization, as its people would have set it up: signed up, Premium, its companies, a
 * catalogue and a price list, quotes, agreements and invoices, a payment account onboarded on the
 * simulator, a player campaign launched to the families (its e-mails sent) with past gifts, and
 * `members - 1` teammates (Sponsorship Leads) signed up and added to it.
 */
async function seedOrg(
  deps: TDeps,
  app: TApp,
  index: number,
  members: number,
): Promise<{ world: TOrgWorld; cookies: string[] }> {
  const { cookie, orgId } = await signUpWithOrg(app, SEED_ORIGIN, `load-${index}`);
  await makePremium(deps, orgId);
  await seedCompanies(deps, orgId, { count: COMPANIES });
  await seedProducts(deps, orgId);
  await generateSales(deps, orgId, null, {
    companies: COMPANIES,
    quotes: QUOTES,
    agreements: AGREEMENTS,
    invoices: INVOICES,
  });

  const { products } = ZProducts.parse(await call(app, cookie, 'GET', '/api/products', null));
  const catalogue: TProduct[] = products.map((p) => ({
    id: p.id,
    priceCents: p.recurringPriceCents ?? 10_000,
    setupFeeCents: p.setupFeeCents,
  }));
  const listed = catalogue.slice(0, 12);
  const priceList = ZPriceList.parse(
    await call(app, cookie, 'POST', '/api/price-lists', {
      name: '2025 Sponsorship Packages',
      seasonLabel: '2025',
      items: listed.map((p) => ({ kind: 'product', id: p.id, displayPriceCents: Math.round(p.priceCents * 0.9) })),
    }),
  );

  // The payment account: onboarding started in Settings, completed on the simulator's page.
  const onboarding = ZRedirect.parse(await call(app, cookie, 'POST', '/api/payments/account/onboarding', {}));
  const done = await app.request(`${SEED_ORIGIN}${new URL(onboarding.url).pathname}`, {
    method: 'POST',
    headers: { cookie, origin: SEED_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=active',
  });
  if (done.status !== 303) throw new Error(`onboarding on the simulator: ${done.status} ${await done.text()}`);

  const players = Array.from({ length: PLAYERS }, (_, p) => ({ name: `Player ${index}-${p + 1}` }));
  const contacts = players.flatMap((_, p) =>
    Array.from({ length: CONTACTS_PER_PLAYER }, (_, c) => ({
      name: `Family ${index}-${p + 1}-${c + 1}`,
      email: `family.${index}.${p + 1}.${c + 1}@families.example`,
      playerIndex: p,
    })),
  );
  const saved = ZSaved.parse(
    await call(app, cookie, 'POST', '/api/fundraising/campaigns', {
      name: `Spring Drive ${index}`,
      campaignType: 'player',
      goalCents: 500_000,
      startsAt: isoDay(-7),
      endsAt: isoDay(60),
      minContactsPerPlayer: CONTACTS_PER_PLAYER,
      messagePerspective: 'team',
      behalfOfName: null,
      reminderSchedule: {
        autoScheduleEnabled: false,
        customScheduleEnabled: false,
        customIntervalsDays: [],
        maxReminders: 0,
      },
      players,
      contacts,
    }),
  );
  await call(app, cookie, 'POST', `/api/fundraising/campaigns/${saved.id}/launch`, {
    subject: 'Support [Player Name] this season',
    body: 'Hi [Recipient],\n\nOur season is starting.\n\n[Donate Buttons]\n\n[Unsubscribe]',
  });
  // The contacts are their own read (the detail no longer carries them): all of them, as the editor reads them.
  const campaign = ZCampaignContacts.parse(
    await call(app, cookie, 'GET', `/api/fundraising/campaigns/${saved.id}/contacts`, null),
  );
  await seedDonations(deps, orgId, saved.id);

  // Teammates: each their own account and session, added to the organization as Sponsorship Leads.
  const cookies = [cookie];
  for (let m = 1; m < members; m++) {
    const email = `bench.load-${index}.member-${m}.${Date.now()}@example.com`;
    const res = await app.request(`${SEED_ORIGIN}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SEED_ORIGIN },
      body: JSON.stringify({ name: `Member ${index}-${m}`, email, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`teammate sign-up: ${res.status} ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
    await withPlatform(deps.db, deps.log, 'bench teammate', (tx) =>
      tx.execute(sql`INSERT INTO user_role (org_id, user_id, role)
                     SELECT ${orgId}::uuid, id, 'sponsorship_lead' FROM auth_user WHERE email = ${email}`),
    );
  }

  const ids = (query: ReturnType<typeof sql>) =>
    withPlatform(deps.db, deps.log, 'bench ids', async (tx) => (await rows(tx, ZIds, query)).map((r) => r.id));
  const world: TOrgWorld = {
    index,
    orgId,
    companyIds: await ids(sql`SELECT id FROM company WHERE org_id = ${orgId} ORDER BY random() LIMIT 1000`),
    quoteIds: await ids(sql`SELECT id FROM quote WHERE org_id = ${orgId} ORDER BY random() LIMIT 300`),
    agreementIds: await ids(
      sql`SELECT id FROM contract WHERE org_id = ${orgId} AND deleted_at IS NULL ORDER BY random() LIMIT 300`,
    ),
    invoiceIds: await ids(sql`SELECT id FROM invoice WHERE org_id = ${orgId} ORDER BY random() LIMIT 300`),
    products: catalogue,
    priceList: {
      id: priceList.id,
      items: priceList.items.map((i) => ({ productId: i.id, displayPriceCents: i.displayPriceCents })),
    },
    campaignId: saved.id,
    contacts: campaign.contacts.map((c) => ({ contactId: c.contactId, playerId: c.playerId })),
  };
  return { world, cookies };
}

async function seed(
  opened: TBenchDatabase,
): Promise<{ orgs: TOrgWorld[]; users: { cookie: string; org: TOrgWorld }[] }> {
  const { deps, app } = await bootBench(opened, SEED_ORIGIN, 'inline');
  try {
    const started = performance.now();
    const orgs: TOrgWorld[] = [];
    const users: { cookie: string; org: TOrgWorld }[] = [];
    const perOrg = Math.ceil(USERS / ORGS);
    for (let i = 0; i < ORGS; i++) {
      const { world, cookies } = await seedOrg(deps, app, i, perOrg);
      orgs.push(world);
      for (const cookie of cookies) users.push({ cookie, org: world });
      progress(`[seed] organization ${i + 1}/${ORGS} (${seconds(performance.now() - started)})`);
    }
    await analyzeCompanyTables(deps);
    await deps.database.withSession(async (s) => {
      for (const t of [
        'product',
        'quote',
        'quote_line',
        'contract',
        'contract_line',
        'invoice',
        'invoice_line_item',
        'donation',
      ]) {
        await s.exec(`VACUUM ANALYZE ${t}`);
      }
    });
    progress(`[seed] done in ${seconds(performance.now() - started)}`);
    return { orgs, users: users.slice(0, USERS) };
  } finally {
    await shutdown(deps);
  }
}

// ---------------------------------------------------------------------------------------------
// The app as a child process, and its CPU and memory from /proc
// ---------------------------------------------------------------------------------------------

async function startApp(opened: TBenchDatabase): Promise<TServer> {
  return startServer('app', 'bench/serve-app.ts', {
    BENCH_DATABASE: opened.url ?? '',
    BENCH_DATA_DIR: opened.dataDir,
    BENCH_QUEUE: QUEUE,
  });
}

/**
 * CPU ticks so far of the backends serving `database` (children of the postmaster whose process
 * title names it: the app's pool, pg-boss's, the listeners), by pid. Other databases on the same
 * server (other benchmarks, tests) and the cluster's shared processes are left out.
 */
function databaseTicks(postmaster: number, database: string): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = procStat(pid);
    if (!stat || stat[0] !== postmaster) continue;
    let title = '';
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (title.includes(` ${database} `)) ticks.set(pid, stat[1]);
  }
  return ticks;
}

/** The machine's CPU ticks so far, [busy, all], over every core (/proc/stat's first line). */
function machineTicks(): [number, number] {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const all = fields.slice(0, 8).reduce((s, x) => s + x, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return [all - idle, all];
}

const loadAverage = () => (readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?').trim();

// ---------------------------------------------------------------------------------------------
// Counts through the API: what the run must have left behind
// ---------------------------------------------------------------------------------------------

const ZQuoteCounts = z.object({ counts: z.object({ all: z.number() }) });
const ZProgress = z.object({ donationCount: z.number() });

async function apiGet<S extends z.ZodType>(
  port: number,
  cookie: string,
  path: string,
  schema: S,
): Promise<z.output<S>> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
  return schema.parse(JSON.parse(text));
}

/** Per organization: its quotes (all tabs) and its campaign's paid donations, as its members see them. */
async function counts(port: number, owners: readonly { cookie: string; org: TOrgWorld }[]) {
  return Promise.all(
    owners.map(async ({ cookie, org }) => ({
      quotes: (await apiGet(port, cookie, '/api/quotes?tab=all', ZQuoteCounts)).counts.all,
      paid: (await apiGet(port, cookie, `/api/fundraising/campaigns/${org.campaignId}/progress`, ZProgress))
        .donationCount,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

interface TRun {
  stats: Stats;
  outcome: TOutcome;
  elapsed: number;
  serverCpuMs: number;
  pgCpuMs: number | null;
  rssEnd: number;
  rssPeak: number;
  loaderCpuMs: number;
  loaderLagP99: number;
  /** The whole machine over the measured seconds: CPU busy (every process, ours and others'), in ms. */
  machineBusyMs: number;
  machineCapacityMs: number;
  loadBefore: string;
  loadAfter: string;
  quoteCheck: { expected: number; found: number }[];
  paidCheck: { expected: number; found: number }[];
  paidWaitMs: number;
  /** The payment events' jobs (pg-boss on PostgreSQL): webhook received → donation paid, in seconds. */
  paymentJobs: { count: number; unfinished: number; p50: number; p99: number; max: number } | null;
}

const ZJobLag = z.object({
  count: z.coerce.number(),
  unfinished: z.coerce.number(),
  p50: z.coerce.number().nullable(),
  p99: z.coerce.number().nullable(),
  max: z.coerce.number().nullable(),
});

/** How long the process-payment-event jobs took from the webhook to done (queue wait and run). */
async function paymentJobLag(url: string): Promise<TRun['paymentJobs']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: found } = await client.query(`
      SELECT count(*) AS count, count(*) FILTER (WHERE state <> 'completed') AS unfinished,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM completed_on - created_on)) AS p50,
             percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM completed_on - created_on)) AS p99,
             max(extract(epoch FROM completed_on - created_on)) AS max
      FROM pgboss.job WHERE name = 'process-payment-event'`);
    const lag = ZJobLag.parse(found[0]);
    return { count: lag.count, unfinished: lag.unfinished, p50: lag.p50 ?? 0, p99: lag.p99 ?? 0, max: lag.max ?? 0 };
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

async function run(): Promise<TRun> {
  const opened = await openBenchDatabase(KIND, KIND === 'postgres' ? ADMIN_URL : null);
  let server: TServer | null = null;
  try {
    const { orgs, users } = await seed(opened);
    server = await startApp(opened);
    const app = server;
    const owners = orgs.map((org) => {
      const owner = users.find((u) => u.org === org);
      if (!owner) throw new Error('an organization without a user');
      return owner;
    });
    const before = await counts(app.port, owners);
    const postmaster = opened.url ? await findPostmaster(opened.url) : null;

    const stats = new Stats();
    const outcome: TOutcome = {
      quotesCreated: orgs.map(() => 0),
      donationsPaid: orgs.map(() => 0),
      donationsStarted: 0,
    };
    const searchTerms = [
      ...PREFIXES.map((p) => p.toLowerCase()),
      ...KINDS,
      ...CITIES,
      ...PREFIXES.map((p) => p.slice(0, 4).toLowerCase()),
      ...KINDS.map((k) => k.slice(0, 3)),
      ...PREFIXES.slice(0, 10).map((p, i) => `${p} ${KINDS[i] ?? ''}`.trim()),
      ...Array.from({ length: 20 }, (_, i) => String(1 + ((i * 137) % COMPANIES))),
      'company12',
      'spring fair',
      'zzyzx',
    ];
    const world: TWorkload = {
      target: { port: app.port, origin: `http://localhost:${app.port}` },
      stats,
      orgs,
      outcome,
      searchTerms,
      thinkMs: THINK_MS,
    };

    progress(`[load] ${users.length} users: ${WARMUP} s warm-up, then ${SECONDS} s measured`);
    let running = true;
    let rssPeak = 0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMiB(app.pid) ?? 0);
    }, 500);
    // Users arrive over the first second or two, not all in the same millisecond.
    const crowd = users.map(async (u, n) => {
      await new Promise((r) => setTimeout(r, (n * Math.min(2_000, WARMUP * 1000)) / users.length));
      await runUser(world, { ...u, n }, () => running);
    });
    await new Promise((r) => setTimeout(r, WARMUP * 1000));
    progress(`[load] warm-up: ${stats.warmupRequests} requests, ${stats.errorCount} errors; measuring`);
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const loaderBefore = process.cpuUsage();
    const machineBefore = machineTicks();
    const loadBefore = loadAverage();
    const cpuBefore = cpuMs(app.pid);
    const database = opened.url ? new URL(opened.url).pathname.slice(1) : '';
    const pgBefore = postmaster ? databaseTicks(postmaster, database) : null;
    const started = performance.now();
    stats.measuring = true;
    const ticker = setInterval(() => {
      progress(
        `[load] ${((performance.now() - started) / 1000).toFixed(0)} s: ${stats.requests} requests, ` +
          `${stats.errorCount} errors, RSS ${(rssMiB(app.pid) ?? 0).toFixed(0)} MiB`,
      );
    }, 10_000);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    stats.measuring = false;
    const elapsed = performance.now() - started;
    const serverCpuMs = cpuMs(app.pid) - cpuBefore;
    const pgCpuMs = pgBefore && postmaster ? clusterMs(pgBefore, databaseTicks(postmaster, database)) : null;
    const loaderUsage = process.cpuUsage(loaderBefore);
    const machineAfter = machineTicks();
    const loadAfter = loadAverage();
    lag.disable();
    clearInterval(ticker);
    running = false;
    await Promise.all(crowd);
    clearInterval(sampler);
    const rssEnd = rssMiB(app.pid) ?? 0;

    // What the run left behind, read through the API: every quote created, every donation paid
    // (the simulator's webhook is handled by the queue's job; it may lag the browser's redirect).
    const expectedQuotes = before.map((b, i) => b.quotes + (outcome.quotesCreated[i] ?? 0));
    const expectedPaid = before.map((b, i) => b.paid + (outcome.donationsPaid[i] ?? 0));
    const waitStarted = performance.now();
    let after = await counts(app.port, owners);
    while (after.some((a, i) => a.paid < (expectedPaid[i] ?? 0)) && performance.now() - waitStarted < 180_000) {
      await new Promise((r) => setTimeout(r, 500));
      after = await counts(app.port, owners);
    }
    return {
      stats,
      outcome,
      elapsed,
      serverCpuMs,
      pgCpuMs,
      rssEnd,
      rssPeak,
      loaderCpuMs: (loaderUsage.user + loaderUsage.system) / 1000,
      loaderLagP99: lag.percentile(99) / 1e6,
      machineBusyMs: ((machineAfter[0] - machineBefore[0]) * 1000) / CLK_TCK,
      machineCapacityMs: ((machineAfter[1] - machineBefore[1]) * 1000) / CLK_TCK,
      loadBefore,
      loadAfter,
      quoteCheck: after.map((a, i) => ({ expected: expectedQuotes[i] ?? 0, found: a.quotes })),
      paidCheck: after.map((a, i) => ({ expected: expectedPaid[i] ?? 0, found: a.paid })),
      paidWaitMs: performance.now() - waitStarted,
      paymentJobs: opened.url && QUEUE === 'pg-boss' ? await paymentJobLag(opened.url) : null,
    };
  } finally {
    await server?.stop();
    if (KEEP) progress(`[load] LOAD_KEEP: the database is left at ${opened.url ?? opened.dataDir}`);
    else await opened.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const totalStarted = performance.now();
progress(
  `load bench: ${USERS} users, ${SECONDS} s (+${WARMUP} s warm-up), ${ORGS} organizations × ` +
    `${COMPANIES.toLocaleString('en-US')} companies, ${KIND}, queue ${QUEUE}`,
);
const r = await run();
const { stats } = r;
const f = (n: number) => n.toFixed(n < 10 ? 1 : 0).padStart(8);
const n = (x: number, w: number) => x.toLocaleString('en-US').padStart(w);
const row = (label: string, s: TSummary, extra = '') =>
  `${label.padEnd(50)}${n(s.count, 9)}${n(s.errors, 7)}${f(s.p50)}${f(s.p99)}${f(s.max)}${extra}`;
const line = '-'.repeat(120);
const totalMix = ACTION_KINDS.reduce((s, k) => s + MIX[k], 0);

print(`\n${line}`);
print(
  `Load — ${USERS} simulated users for ${SECONDS} s (after a ${WARMUP} s warm-up), think time 0–${THINK_MS} ms; ` +
    `${KIND === 'postgres' ? 'PostgreSQL' : 'PGlite'}, queue ${QUEUE}; ${cpus().length} CPUs (app, database and load generator share them)`,
);
print(
  `Data: ${ORGS} Premium organizations, each ${COMPANIES.toLocaleString('en-US')} companies, ${PRODUCTS} products, a price list, ` +
    `${QUOTES} quotes, ${AGREEMENTS} agreements, ${INVOICES} invoices, a payment account and a launched player campaign ` +
    `(${PLAYERS * CONTACTS_PER_PLAYER} families, ${DONATIONS} past gifts); ${Math.ceil(USERS / ORGS)} members each (own sessions)`,
);
print(
  `Mix: ${ACTION_KINDS.map((k) => `${k} ${Math.round((MIX[k] / totalMix) * 100)}%`).join(', ')}. ` +
    'Donors are not signed in and each comes from an address of their own (127.3.x.y).',
);
print('Latency: request written → last byte read, on keep-alive connections (ms).');
print(line);
print(
  `${'requests by action'.padEnd(50)}${'count'.padStart(9)}${'errors'.padStart(7)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}   actions (failed), action p50 / p99`,
);
for (const k of ACTION_KINDS) {
  const a = stats.actionSummary(k);
  print(row(k, stats.kind(k), `   ${n(a.count, 6)} (${a.errors}), ${a.p50.toFixed(0)} / ${a.p99.toFixed(0)} ms`));
}
const all = stats.all();
print(row('all', all));
print(line);
print(
  `${'requests by endpoint'.padEnd(50)}${'count'.padStart(9)}${'errors'.padStart(7)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}`,
);
for (const [name, s] of stats.endpoints().sort((a, b) => b[1].count - a[1].count)) {
  print(row(name.length > 49 ? `${name.slice(0, 48)}…` : name, s));
}
print(line);
const secs = r.elapsed / 1000;
print(
  `Throughput: ${all.count.toLocaleString('en-US')} requests in ${secs.toFixed(1)} s = ${(all.count / secs).toFixed(0)} req/s ` +
    `(${stats.warmupRequests.toLocaleString('en-US')} more in the warm-up)`,
);
print(
  `App process: CPU ${(r.serverCpuMs / 1000).toFixed(1)} s in ${secs.toFixed(0)} s (${((r.serverCpuMs / r.elapsed) * 100).toFixed(0)}% of one core), ` +
    `${(r.serverCpuMs / Math.max(1, all.count)).toFixed(2)} ms per request; RSS ${r.rssEnd.toFixed(0)} MiB at the end, ${r.rssPeak.toFixed(0)} MiB peak`,
);
if (r.pgCpuMs !== null) {
  print(
    `PostgreSQL (the backends of this database): CPU ${(r.pgCpuMs / 1000).toFixed(1)} s (${((r.pgCpuMs / r.elapsed) * 100).toFixed(0)}% of one core), ` +
      `${(r.pgCpuMs / Math.max(1, all.count)).toFixed(2)} ms per request`,
  );
}
print(
  `Load generator (this process): CPU ${(r.loaderCpuMs / 1000).toFixed(1)} s (${((r.loaderCpuMs / r.elapsed) * 100).toFixed(0)}% of one core), ` +
    `event-loop delay p99 ${r.loaderLagP99.toFixed(1)} ms (a part of every latency above)`,
);
const others = r.machineBusyMs - r.serverCpuMs - (r.pgCpuMs ?? 0) - r.loaderCpuMs;
print(
  `Machine: ${((r.machineBusyMs / Math.max(1, r.machineCapacityMs)) * 100).toFixed(0)}% of its ${cpus().length} CPUs busy; ` +
    `other processes (not this bench) used ${(Math.max(0, others) / 1000).toFixed(1)} s of CPU; load average ${r.loadBefore} before, ${r.loadAfter} after`,
);
const quotesCreated = r.outcome.quotesCreated.reduce((s, x) => s + x, 0);
const donationsPaid = r.outcome.donationsPaid.reduce((s, x) => s + x, 0);
const quotesOk = r.quoteCheck.every((c) => c.found === c.expected);
const paidOk = r.paidCheck.every((c) => c.found === c.expected);
const sum = (xs: { expected: number; found: number }[], k: 'expected' | 'found') => xs.reduce((s, x) => s + x[k], 0);
print(
  `Quotes: ${quotesCreated.toLocaleString('en-US')} created (201); the organizations' quote counts (API) ` +
    `${sum(r.quoteCheck, 'found').toLocaleString('en-US')} of ${sum(r.quoteCheck, 'expected').toLocaleString('en-US')} expected — ${quotesOk ? 'all there' : 'MISMATCH'}`,
);
print(
  `Donations: ${r.outcome.donationsStarted.toLocaleString('en-US')} checkouts started, ${donationsPaid.toLocaleString('en-US')} paid on the simulator; ` +
    `the campaigns' paid counts (API) ${sum(r.paidCheck, 'found').toLocaleString('en-US')} of ${sum(r.paidCheck, 'expected').toLocaleString('en-US')} expected ` +
    `(${seconds(r.paidWaitMs)} after the load) — ${paidOk ? 'all paid' : 'MISMATCH'}`,
);
if (r.paymentJobs) {
  const j = r.paymentJobs;
  print(
    `Payment events (the simulator's webhooks, handled by the queue's job): ${j.count.toLocaleString('en-US')} jobs, ` +
      `${j.unfinished} unfinished; webhook → done p50 ${j.p50.toFixed(1)} s, p99 ${j.p99.toFixed(1)} s, max ${j.max.toFixed(1)} s`,
  );
}
if (stats.retries) {
  print(
    `${stats.retries} requests sent again on a new connection: the server had closed the idle keep-alive connection ` +
      'as it was reused (what browsers do; not counted as errors)',
  );
}
print(line);
const errorCount = stats.errorCount;
if (errorCount) {
  print(`Errors (${errorCount}), by status and endpoint:`);
  for (const [key, e] of [...stats.errors].sort((a, b) => b[1].count - a[1].count)) {
    print(`  ${String(e.count).padStart(6)}  ${key}    e.g. ${e.sample}`);
  }
}
print(
  `Errors: ${errorCount}   (target: 0 errors — ${errorCount === 0 ? 'met' : 'MISSED'}); p99 over all requests ${all.p99.toFixed(0)} ms`,
);
print(`(${((performance.now() - totalStarted) / 1000).toFixed(0)} s in all)`);
if (errorCount || !quotesOk || !paidOk) process.exitCode = 1;
