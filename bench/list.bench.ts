// The companies list (and the products list) under concurrent load, beside a floor: the app's
// GET /api/companies and GET /api/products against a bare Hono + pg server (floor-server.ts) that
// runs the same SQL on the same database and answers byte-identical JSON. What is left between the
// two is the app's own request path.
//
//   npm run bench:list
//
// Knobs (environment):
//   LIST_CLIENTS=50         concurrent clients (keep-alive connections) per round
//   LIST_DURATION=5         seconds per measured round
//   LIST_WARMUP=1           seconds of warm-up per server and scenario (not measured)
//   LIST_ROUNDS=3           rounds per server and scenario, alternating app, floor, app, floor, …
//   LIST_COMPANIES=10000    companies in each of the two organizations
//   LIST_PRODUCTS=200       products in each of the two organizations (at most the catalogue's cap, 500)
//   LIST_PGLITE=0           skip the PGlite part
//   BENCH_APP_NODE_FLAGS=…  Node flags for the app's process (e.g. "--max-semi-space-size=32")
//   BENCH_DATABASE_URL / TEST_DATABASE_URL: the PostgreSQL server (default
//   postgres://postgres@127.0.0.1:5432/test); the bench creates and drops its own database there.
//
// Both servers run as child processes (node --import tsx), the load generator (autocannon) in this
// one. CPU per request is the server process's utime+stime from /proc/<pid>/stat, and PostgreSQL's
// the sum over the cluster's processes (the postmaster and its children) over the round.
import { cpus } from 'node:os';
import { CATALOGUE_LIMITS } from '@pennant/shared/catalogue/schemas';
import { shutdown } from '../apps/server/src/boot';
import { sql } from '../apps/server/src/db/client';
import { withPlatform } from '../apps/server/src/db/tenant';
import type { TDeps } from '../apps/server/src/deps';
import { listStatements, productsStatements, quotesStatements, type TListQuery, type TStatement } from './floor-server';
import {
  analyzeCompanyTables,
  bootBench,
  openBenchDatabase,
  PREFIXES,
  seedCompanies,
  signUpWithOrg,
  type TApp,
  type TBenchDatabase,
} from './harness';
import {
  appNodeFlags,
  captureStatements,
  findPostmaster,
  load,
  medianRound,
  rssMiB,
  startServer,
  type TRound,
  type TServer,
} from './load-kit';

const env = process.env;
const CLIENTS = Number(env.LIST_CLIENTS ?? 50);
const DURATION = Number(env.LIST_DURATION ?? 5);
const WARMUP = Number(env.LIST_WARMUP ?? 1);
const ROUNDS = Number(env.LIST_ROUNDS ?? 3);

// PGlite's rounds follow one warm-up of their own: JIT compilation of the app and of PGlite's
// WebAssembly glue takes a few seconds of traffic, and a 1 s warm-up measured that instead of the
// steady state (6.7 ms of CPU per request at 10 clients, 3.9 ms after 5 s).
const PGLITE_WARMUP = Number(env.LIST_PGLITE_WARMUP ?? 5);
const COMPANIES = Number(env.LIST_COMPANIES ?? 10_000);
const PRODUCTS = Math.min(Number(env.LIST_PRODUCTS ?? 200), CATALOGUE_LIMITS.productsPerOrganization);
const QUOTES = Number(env.LIST_QUOTES ?? 5_000);
const WITH_PGLITE = env.LIST_PGLITE !== '0';
// LIST_POSTGRES=0: the PGlite part alone (the PostgreSQL table is then left out).
const WITH_POSTGRES = env.LIST_POSTGRES !== '0';
const ADMIN_URL = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SEED_ORIGIN = 'http://localhost:3996';

/** The bench's output is its figures, on standard output; progress goes to standard error. */
const print = (line = '') => process.stdout.write(`${line}\n`);
const progress = (line: string) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------
// Data: 100 name prefixes, so that one of them (SEARCH_TERM) names 1% of the companies
// ---------------------------------------------------------------------------------------------

const MORE_PREFIXES = [
  'Alder',
  'Anchor',
  'Aspen',
  'Atlas',
  'Bayview',
  'Beacon',
  'Birch',
  'Bluebird',
  'Boulder',
  'Bridgeport',
  'Brookside',
  'Canyon',
  'Capital',
  'Cardinal',
  'Cascade',
  'Centennial',
  'Chestnut',
  'Clearwater',
  'Coastal',
  'Cobblestone',
  'Copper',
  'Cornerstone',
  'Cottonwood',
  'Crescent',
  'Crossroads',
  'Cypress',
  'Driftwood',
  'Falcon',
  'Fireside',
  'Foothill',
  'Fox Run',
  'Frontier',
  'Granite',
  'Greenfield',
  'Hawthorne',
  'Heritage',
  'Hickory',
  'Highland',
  'Horizon',
  'Ironwood',
  'Juniper',
  'Kingfisher',
  'Landmark',
  'Liberty',
  'Lighthouse',
  'Magnolia',
  'Meadow',
  'Millstone',
  'Mission',
  'Monarch',
  'Mustang',
  'Orchard',
  'Osprey',
  'Pacific',
  'Patriot',
  'Pinecrest',
  'Prairie',
  'Quarry',
  'Redwood',
  'Ridgeline',
  'Rockport',
  'Saddleback',
  'Sagebrush',
  'Sawmill',
  'Seaside',
  'Sequoia',
  'Shoreline',
  'Skyline',
  'Sparrow',
  'Spruce',
  'Stonegate',
  'Sycamore',
  'Tamarack',
  'Timberline',
  'Townsend',
  'Valley Forge',
  'Wagon Wheel',
  'Willow Creek',
  'Windmill',
  'Wolfpack',
];
const LIST_PREFIXES = [...PREFIXES, ...MORE_PREFIXES];
const SEARCH_TERM = 'keystone';
if (new Set(LIST_PREFIXES).size !== 100) throw new Error('the list bench wants 100 distinct prefixes');
if (LIST_PREFIXES.filter((p) => p.toLowerCase().includes(SEARCH_TERM)).length !== 1) {
  throw new Error(`exactly one prefix must contain "${SEARCH_TERM}"`);
}

interface TScenario {
  label: string;
  path: string;
  /** The floor's statements after the tenant settings; the app must send the same. */
  statements: (orgId: string) => TStatement[];
  /** Only the first statements are known ahead: the rest depend on their answer (a search's). */
  prefix?: boolean;
  /** What one reply holds, for the line printed after the byte comparison. */
  describe: (reply: string) => string;
}

const DEFAULTS: TListQuery = { page: 1, search: null, category: 'all', sort: 'created_at', dir: 'desc' };
const companies = (label: string, path: string, query: TListQuery): TScenario => ({
  label,
  path,
  statements: (orgId) => listStatements(orgId, query),
  describe: (reply) => {
    const parsed = JSON.parse(reply) as { companies: unknown[]; totalCount: number };
    return `${parsed.companies.length} rows of ${parsed.totalCount.toLocaleString('en-US')}`;
  },
});
const ALL_SCENARIOS: TScenario[] = [
  companies('page 1, newest first', '/api/companies', DEFAULTS),
  {
    ...companies(`search "${SEARCH_TERM}" (1%)`, `/api/companies?search=${SEARCH_TERM}`, {
      ...DEFAULTS,
      search: SEARCH_TERM,
    }),
    prefix: true,
  },
  companies('sort by name A-Z', '/api/companies?sort=name&dir=asc', { ...DEFAULTS, sort: 'name', dir: 'asc' }),
  {
    label: `quotes, Active tab (${QUOTES.toLocaleString('en-US')})`,
    path: '/api/quotes',
    statements: (orgId) => quotesStatements(orgId),
    describe: (reply) => {
      const parsed = JSON.parse(reply) as { quotes: unknown[]; total: number };
      return `${parsed.quotes.length} rows of ${parsed.total.toLocaleString('en-US')}`;
    },
  },
  {
    label: `products (${PRODUCTS})`,
    path: '/api/products',
    statements: (orgId) => productsStatements(orgId),
    describe: (reply) => `${(JSON.parse(reply) as { products: unknown[] }).products.length} products`,
  },
];

// LIST_ONLY: run the scenarios whose label contains this text (for profiling one case).
const SCENARIOS = ALL_SCENARIOS.filter((s) => !env.LIST_ONLY || s.label.includes(env.LIST_ONLY));

interface TOrg {
  cookie: string;
  orgId: string;
}

/**
 * `count` products straight into the tables, over the global ad types: prices from $100 to $1,075,
 * a setup fee on every third, a limited slot with its location on every fourth, a 10% share on
 * every tenth (the generator, not the benchmark).
 */
async function seedProducts(deps: TDeps, orgId: string, count: number): Promise<void> {
  await withPlatform(deps.db, deps.log, 'bench seed', (tx) =>
    tx.execute(sql`
      INSERT INTO product (org_id, name, master_type_id, recurring_price_cents, setup_fee_cents, share_type,
                           share_value, is_limited, location_text, season_label)
      SELECT ${orgId}::uuid, t.label || ' ' || i, t.id, 10000 + (i % 40) * 2500,
             CASE WHEN i % 3 = 0 THEN 5000 END,
             CASE WHEN i % 10 = 0 THEN 'percent' ELSE 'none' END, CASE WHEN i % 10 = 0 THEN 10 ELSE 0 END,
             i % 4 = 0, CASE WHEN i % 4 = 0 THEN 'Slot ' || i END, '2025'
      FROM generate_series(1, ${count}::int) AS i
      CROSS JOIN LATERAL (
        SELECT id, label FROM master_ad_type WHERE org_id IS NULL ORDER BY slug OFFSET i % 8 LIMIT 1
      ) t`),
  );
  await deps.database.withSession((s) => s.exec('VACUUM ANALYZE product'));
}

/** Boots the app in this process on the new database, signs up two organizations and fills them. */
/**
 * `count` quotes straight into the table over the organization's companies, newest every 17
 * minutes, statuses spread over all seven (a quarter in the Active tab's draft and sent).
 */
async function seedQuotes(deps: TDeps, orgId: string, count: number): Promise<void> {
  await withPlatform(deps.db, deps.log, 'bench seed quotes', (tx) =>
    tx.execute(sql`
      WITH companies AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM company WHERE org_id = ${orgId})
      INSERT INTO quote (org_id, company_id, status, total_cents, renewal_cents, created_at, sent_at, expires_at)
      SELECT ${orgId}::uuid, c.id,
        (ARRAY['draft','sent','sent','accepted','contracted','rejected','expired','archived'])[1 + i % 8],
        100000 + (i % 20) * 2500, 90000, now() - i * interval '17 minutes',
        CASE WHEN i % 8 > 0 THEN now() - i * interval '17 minutes' END,
        CASE WHEN i % 8 > 0 THEN now() - i * interval '17 minutes' + interval '30 days' END
      FROM generate_series(1, ${count}::int) AS i
      JOIN companies c ON c.n = 1 + i % (SELECT count(*) FROM companies)`),
  );
  await deps.database.withSession((s) => s.exec('VACUUM ANALYZE quote'));
}

async function seed(opened: TBenchDatabase, label: string): Promise<{ deps: TDeps; app: TApp; orgs: TOrg[] }> {
  const { deps, app } = await bootBench(opened, SEED_ORIGIN, 'inline');
  const started = performance.now();
  const orgs: TOrg[] = [];
  for (const name of ['one', 'two']) {
    const org = await signUpWithOrg(app, SEED_ORIGIN, `${label}-${name}`);
    await seedCompanies(deps, org.orgId, { count: COMPANIES, prefixes: LIST_PREFIXES });
    await seedProducts(deps, org.orgId, PRODUCTS);
    await seedQuotes(deps, org.orgId, QUOTES);
    orgs.push(org);
  }
  await analyzeCompanyTables(deps);
  progress(
    `[${label}] ${COMPANIES.toLocaleString('en-US')} companies and ${PRODUCTS} products in each of 2 organizations: ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { deps, app, orgs };
}

// ---------------------------------------------------------------------------------------------
// The app's SQL, seen on the wire, against the floor's
// ---------------------------------------------------------------------------------------------

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const sameStatement = (a: TStatement, b: TStatement) =>
  squash(a.text) === squash(b.text) && JSON.stringify(a.values) === JSON.stringify(b.values);

/**
 * The statements the app sends for each scenario, between its tenant settings and COMMIT, must be
 * the floor's (whitespace aside). A difference means the app's SQL changed and the floor no longer
 * does the same work: said loudly, and the figures are then app-vs-old-SQL.
 */
async function compareSql(app: TApp, org: TOrg): Promise<string[]> {
  const warnings: string[] = [];
  for (const s of SCENARIOS) {
    await app.request(`${SEED_ORIGIN}${s.path}`, { headers: { cookie: org.cookie } });
    const seen = await captureStatements(async () => {
      const res = await app.request(`${SEED_ORIGIN}${s.path}`, { headers: { cookie: org.cookie } });
      if (res.status !== 200) throw new Error(`${s.path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
    // The transaction's frame (BEGIN with the tenant settings, COMMIT) is each server's own: the
    // floor sets the same settings from its session lookup (SESSION_AND_TENANT).
    const appList = seen.filter(
      (q) =>
        !/^(begin|commit)$/i.test(q.text.trim()) && !/^(BEGIN( READ ONLY)?; )?SELECT set_config\('role'/.test(q.text),
    );
    const floorList = s.statements(org.orgId);
    const compared = s.prefix ? appList.slice(0, floorList.length) : appList;
    const same =
      compared.length === floorList.length && compared.every((q, i) => floorList[i] && sameStatement(q, floorList[i]));
    if (!same) {
      warnings.push(
        `${s.label}: the app's SQL is not the floor's.\n  app:\n${appList.map((q) => `    ${squash(q.text)} ${JSON.stringify(q.values)}`).join('\n')}\n  floor:\n${floorList.map((q) => `    ${squash(q.text)} ${JSON.stringify(q.values)}`).join('\n')}`,
      );
    }
  }
  return warnings;
}

// ---------------------------------------------------------------------------------------------
// Byte-identical replies
// ---------------------------------------------------------------------------------------------

async function checkSameJson(app: TServer, floor: TServer, orgs: readonly TOrg[]): Promise<string[]> {
  const notes: string[] = [];
  for (const s of SCENARIOS) {
    for (const org of orgs) {
      const get = async (server: TServer) => {
        const res = await fetch(`http://127.0.0.1:${server.port}${s.path}`, { headers: { cookie: org.cookie } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${server.name} ${s.path}: ${res.status} ${text.slice(0, 300)}`);
        return text;
      };
      const [a, f] = [await get(app), await get(floor)];
      if (a !== f) {
        let i = 0;
        while (i < a.length && a[i] === f[i]) i++;
        throw new Error(
          `The floor's reply differs from the app's for ${s.path} at byte ${i}:\n` +
            `  app:   …${a.slice(Math.max(0, i - 80), i + 80)}…\n  floor: …${f.slice(Math.max(0, i - 80), i + 80)}…`,
        );
      }
      if (org === orgs[0]) notes.push(`${s.label}: ${s.describe(a)}, ${(a.length / 1024).toFixed(1)} KB, identical`);
    }
  }
  return notes;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: app against floor
// ---------------------------------------------------------------------------------------------

interface TRow {
  scenario: TScenario;
  app: TRound;
  floor: TRound;
}

async function runPostgres(): Promise<{
  rows: TRow[];
  notes: string[];
  warnings: string[];
  pgMeasured: boolean;
  appRss: number | null;
}> {
  const opened = await openBenchDatabase('postgres', ADMIN_URL);
  const servers: TServer[] = [];
  try {
    const seeded = await seed(opened, 'postgres');
    const warnings = await compareSql(seeded.app, seeded.orgs[0] as TOrg);
    await shutdown(seeded.deps);
    const url = opened.url ?? '';
    const app = await startServer(
      'app',
      'bench/serve-app.ts',
      { BENCH_DATABASE: url, BENCH_DATA_DIR: opened.dataDir },
      { profileDir: env.LIST_PROFILE_DIR, nodeFlags: appNodeFlags() },
    );
    servers.push(app);
    const floor = await startServer('floor', 'bench/floor-server.ts', { DATABASE_URL: url });
    servers.push(floor);
    const notes = await checkSameJson(app, floor, seeded.orgs);
    const postmaster = await findPostmaster(url);
    const cookies = seeded.orgs.map((o) => o.cookie);
    const rows: TRow[] = [];
    for (const s of SCENARIOS) {
      const rounds: Record<'app' | 'floor', TRound[]> = { app: [], floor: [] };
      for (const server of [app, floor]) await load(server, s.path, cookies, CLIENTS, WARMUP, postmaster);
      for (let r = 0; r < ROUNDS; r++) {
        for (const server of [app, floor]) {
          const round = await load(server, s.path, cookies, CLIENTS, DURATION, postmaster);
          rounds[server === app ? 'app' : 'floor'].push(round);
          progress(
            `[postgres] ${s.label.padEnd(26)} ${server.name.padEnd(5)} round ${r + 1}: ` +
              `${round.rps.toFixed(0)} req/s, p50 ${round.p50.toFixed(1)} ms, p99 ${round.p99.toFixed(1)} ms`,
          );
        }
      }
      rows.push({ scenario: s, app: medianRound(rounds.app), floor: medianRound(rounds.floor) });
    }
    return { rows, notes, warnings, pgMeasured: postmaster !== null, appRss: rssMiB(app.pid) };
  } finally {
    for (const s of servers) await s.stop();
    await opened.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// PGlite: the app alone (the floor is PostgreSQL-only)
// ---------------------------------------------------------------------------------------------

async function runPglite(): Promise<{ rounds: { clients: number; round: TRound }[]; appRss: number | null }> {
  const opened = await openBenchDatabase('pglite', null);
  let server: TServer | null = null;
  try {
    const seeded = await seed(opened, 'pglite');
    await shutdown(seeded.deps);
    server = await startServer(
      'app',
      'bench/serve-app.ts',
      { BENCH_DATABASE: '', BENCH_DATA_DIR: opened.dataDir },
      { profileDir: env.LIST_PROFILE_DIR, nodeFlags: appNodeFlags() },
    );
    const page = SCENARIOS[0] as TScenario;
    const cookies = seeded.orgs.map((o) => o.cookie);
    await load(server, page.path, cookies, 10, PGLITE_WARMUP, null);
    const out: { clients: number; round: TRound }[] = [];
    for (const clients of [10, 50]) {
      const round = await load(server, page.path, cookies, clients, DURATION, null);
      progress(
        `[pglite] ${page.label} ${clients} clients: ${round.rps.toFixed(0)} req/s, p99 ${round.p99.toFixed(1)} ms`,
      );
      out.push({ clients, round });
    }
    return { rounds: out, appRss: rssMiB(server.pid) };
  } finally {
    await server?.stop();
    await opened.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const f1 = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const cell = (s: string, w: number) => s.padStart(w);

const totalStarted = performance.now();
progress(
  `list bench: ${CLIENTS} clients, ${ROUNDS} rounds of ${DURATION} s per server and scenario, ` +
    `${COMPANIES.toLocaleString('en-US')} companies x 2 organizations`,
);
const pgResult = WITH_POSTGRES
  ? await runPostgres()
  : { rows: [], notes: [], warnings: [], pgMeasured: true, appRss: null };
const pgliteResult = WITH_PGLITE ? await runPglite() : null;

const line = '-'.repeat(112);
const ms = (n: number) => cell(f1(n), 9);
const cpu = (n: number | null, w: number) => cell(n === null ? 'n/a' : `${n.toFixed(2)} ms`, w);
print(`\n${line}`);
print(
  `Lists under load — GET /api/companies (${COMPANIES.toLocaleString('en-US')} companies) and GET /api/products ` +
    `(${PRODUCTS} products), in each of 2 organizations`,
);
print(
  `${CLIENTS} concurrent keep-alive clients (autocannon, no Accept-Encoding), ${ROUNDS} alternating rounds of ${DURATION} s ` +
    `per server and scenario; median of the rounds. ${cpus().length} CPUs.`,
);
print('app:   the real server (bench/serve-app.ts: bootBench + @hono/node-server), session from its per-node cache');
print('floor: bare Hono + pg (bench/floor-server.ts), the same SQL, session looked up in the database per request');
print('p50/p99: requests on open connections; 1st max: the slowest first request of a connection (includes accept)');
print('CPU/req: the server process (utime+stime), and every process of the PostgreSQL cluster, per reply');
print(line);
print('Replies compared byte for byte before the load:');
for (const n of pgResult.notes) print(`  ${n}`);
if (pgResult.warnings.length) {
  print('\nWARNING: the app sends other SQL than the floor; the floor no longer does the same work:');
  for (const w of pgResult.warnings) print(`  ${w}`);
} else {
  print("  SQL: the app sends the floor's statements (page, counts; products), same text and parameters");
}
print(line);
print(
  `${'PostgreSQL'.padEnd(28)}${'server'.padEnd(7)}${cell('req/s', 8)}${cell('p50 ms', 9)}${cell('p99 ms', 9)}` +
    `${cell('1st max', 9)}${cell('server CPU/req', 16)}${cell('PG CPU/req', 12)}${cell('replies/round', 14)}`,
);
for (const r of pgResult.rows) {
  for (const [name, m] of [
    ['app', r.app],
    ['floor', r.floor],
  ] as const) {
    print(
      `${(name === 'app' ? r.scenario.label : '').padEnd(28)}${name.padEnd(7)}${cell(m.rps.toFixed(0), 8)}` +
        `${ms(m.p50)}${ms(m.p99)}${ms(m.firstMax)}${cpu(m.serverCpu, 16)}${cpu(m.pgCpu, 12)}${cell(m.reqs.toFixed(0), 14)}`,
    );
  }
  print(
    `${''.padEnd(28)}app/floor: req/s ${(r.app.rps / r.floor.rps).toFixed(2)}x, p99 ${(r.app.p99 / r.floor.p99).toFixed(2)}x, ` +
      `server CPU/req ${(r.app.serverCpu / r.floor.serverCpu).toFixed(2)}x`,
  );
}
if (!pgResult.pgMeasured) print('(PG CPU n/a: the PostgreSQL server does not run on this machine)');
const rss = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(0)} MiB`);
print(`app RSS after the PostgreSQL rounds: ${rss(pgResult.appRss)} (run from source with tsx; target < 200 MiB)`);
if (pgliteResult) {
  print(line);
  print(
    `PGlite, the app alone (the floor is PostgreSQL-only): page 1, file-backed, the database in the app's process,`,
  );
  print(`one round of ${DURATION} s per client count, after a ${PGLITE_WARMUP} s warm-up at 10 clients`);
  print(
    `${'clients'.padEnd(10)}${cell('req/s', 8)}${cell('p50 ms', 9)}${cell('p99 ms', 9)}${cell('max ms', 9)}` +
      `${cell('1st max', 9)}${cell('server CPU/req', 16)}`,
  );
  for (const { clients, round } of pgliteResult.rounds) {
    print(
      `${String(clients).padEnd(10)}${cell(round.rps.toFixed(0), 8)}${ms(round.p50)}${ms(round.p99)}${ms(round.max)}` +
        `${ms(round.firstMax)}${cpu(round.serverCpu, 16)}`,
    );
  }
  print(`app RSS after the PGlite rounds: ${rss(pgliteResult.appRss)}`);
}
print(line);
print(`(${((performance.now() - totalStarted) / 1000).toFixed(0)} s in all)`);
if (pgResult.warnings.length) process.exitCode = 1;
