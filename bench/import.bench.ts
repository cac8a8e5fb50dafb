// Company import at the limit: one organization imports 100,000 rows end to end through HTTP
// (upload → duplicate check → start → the pg-boss job → done) while ANOTHER organization's
// company list is read by 10 concurrent clients. Prints rows/s, peak RSS, and that list's p99
// during the import next to its p99 with nothing running, on PGlite and (with a server) PostgreSQL.
// Targets: the import under 15 s; the other tenant's p99 at most twice its quiet p99.
//
//   npm run bench:import                          PGlite, and PostgreSQL when a URL is set
//   npm run bench:import -- --only=pglite         (or --only=postgres)
//   BENCH_DATABASE_URL / DATABASE_URL name the PostgreSQL server; the bench creates and drops its
//   own database there.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../apps/server/src/app';
import { boot, shutdown } from '../apps/server/src/boot';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, openPostgres, sql } from '../apps/server/src/db/client';
import { withPlatform } from '../apps/server/src/db/tenant';
import type { TDeps } from '../apps/server/src/deps';
import { createLogger } from '../apps/server/src/logger';

const ROWS = 100_000;
const OTHER_COMPANIES = 5_000;
const CLIENTS = 10;
const QUIET_REQUESTS_PER_CLIENT = 40;
const ORIGIN = 'http://localhost:3996';

type TKind = 'postgres' | 'pglite';
type TApp = ReturnType<typeof createApp>;

const argOnly = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? null;

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? 0;
}

// ---------------------------------------------------------------------------------------------
// HTTP, as the browser speaks it
// ---------------------------------------------------------------------------------------------

async function call<T>(app: TApp, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { cookie, origin: ORIGIN };
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await app.request(`${ORIGIN}${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function signUpWithOrg(app: TApp, label: string): Promise<{ cookie: string; orgId: string }> {
  const email = `bench.${label}.${Date.now()}@example.com`;
  const signUp = await app.request(`${ORIGIN}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ name: `Bench ${label}`, email, password: 'bench-password' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const org = await call<{ orgId: string }>(app, cookie, 'POST', '/api/onboarding/organization', {
    name: `Bench ${label} Boosters`,
    seasonLabel: '2025',
    fiscalStartMonth: 7,
  });
  return { cookie, orgId: org.orgId };
}

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

const KINDS = ['Hardware', 'Dental', 'Pizza', 'Auto Group', 'Realty', 'Bakery', 'Credit Union', 'Plumbing'];
const INDUSTRIES = ['Retail', 'Healthcare', 'Restaurant', 'Automotive', 'Real Estate', 'Finance'];

/** 100,000 rows with a contact each, just under the 10 MB upload limit. */
function importCsv(): string {
  const parts = ['Company Name,Contact Name,Email,Phone,Website,Industry,Notes\n'];
  for (let i = 1; i <= ROWS; i++) {
    parts.push(
      `Bench ${KINDS[i % KINDS.length]} ${i},Sam Lee ${i % 97},sam${i}@mail.example,555${String(i % 10_000_000).padStart(7, '0')},` +
        `co${i}.example,${INDUSTRIES[i % INDUSTRIES.length]},${i % 4 === 0 ? 'Fair lead' : ''}\n`,
    );
  }
  return parts.join('');
}

async function seedOther(deps: TDeps, orgId: string): Promise<void> {
  await withPlatform(deps.db, deps.log, 'bench seed', (tx) =>
    tx.execute(sql`
      INSERT INTO company (org_id, name, status, website, industry, created_at)
      SELECT ${orgId}::uuid, 'Neighbour Co ' || i, 'prospect', 'n' || i || '.example', 'Retail',
             now() - i * interval '1 minute'
      FROM generate_series(1, ${OTHER_COMPANIES}::int) AS i`),
  );
}

async function makePremium(deps: TDeps, orgId: string): Promise<void> {
  await withPlatform(deps.db, deps.log, 'bench premium', (tx) =>
    tx.execute(sql`UPDATE organization SET plan_key = 'premium_month', subscription_status = 'active',
                   current_period_end = now() + interval '1 year' WHERE id = ${orgId}`),
  );
}

// ---------------------------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------------------------

/** `clients` loops reading the list until `until()` says stop (or each has done `perClient`). */
async function readList(
  app: TApp,
  cookie: string,
  opts: { clients: number; perClient?: number; until?: () => boolean },
): Promise<number[]> {
  const times: number[] = [];
  const one = async () => {
    for (let n = 0; ; n++) {
      if (opts.perClient !== undefined && n >= opts.perClient) return;
      if (opts.until?.()) return;
      const started = performance.now();
      const res = await app.request(`${ORIGIN}/api/companies`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`list: ${res.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, one));
  return times.sort((a, b) => a - b);
}

interface TImportState {
  id: string;
  status: string;
  rowsDone: number;
  totalRows: number | null;
  imported: number;
  failed: number;
  skipped: number;
}

/** Upload → duplicate check → start → poll until done; the phases' times. */
async function importOnce(app: TApp, cookie: string, csv: string) {
  const started = performance.now();
  const form = new FormData();
  form.set('file', new File([csv], 'companies.csv', { type: 'text/csv' }));
  const upload = await call<TImportState>(app, cookie, 'POST', '/api/companies/imports', form);
  const uploaded = performance.now();
  const review = await call<{ totalRows: number }>(
    app,
    cookie,
    'POST',
    `/api/companies/imports/${upload.id}/duplicates`,
    {
      mapping: {
        'Company Name': 'name',
        'Contact Name': 'contact_name',
        Email: 'contact_email',
        Phone: 'contact_phone',
        Website: 'website',
        Industry: 'industry',
        Notes: 'notes',
      },
    },
  );
  const reviewed = performance.now();
  let state = await call<TImportState>(app, cookie, 'POST', `/api/companies/imports/${upload.id}/start`, {});
  while (state.status !== 'done' && state.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 100));
    state = await call<TImportState>(app, cookie, 'GET', `/api/companies/imports/${upload.id}`);
  }
  const finished = performance.now();
  if (state.status !== 'done' || review.totalRows !== ROWS) throw new Error(`import ended ${JSON.stringify(state)}`);
  return {
    uploadMs: uploaded - started,
    reviewMs: reviewed - uploaded,
    jobMs: finished - reviewed,
    totalMs: finished - started,
    imported: state.imported,
    failed: state.failed,
  };
}

interface TFigures {
  kind: TKind;
  rows: number;
  bytes: number;
  uploadMs: number;
  reviewMs: number;
  jobMs: number;
  totalMs: number;
  /** The same import with no other load. */
  aloneMs: number;
  imported: number;
  failed: number;
  peakRss: number;
  quiet: { p50: number; p99: number; n: number };
  loaded: { p50: number; p99: number; n: number };
}

async function openDatabase(kind: TKind) {
  const dataDir = mkdtempSync(join(tmpdir(), `pennant-bench-import-${kind}-`));
  if (kind === 'pglite') {
    return { database: await openPglite(dataDir), url: null, dataDir, drop: async () => undefined };
  }
  if (!serverUrl) throw new Error('no PostgreSQL URL');
  const name = `pennant_bench_import_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    database: await openPostgres(url, 10),
    url,
    dataDir,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function run(kind: TKind): Promise<TFigures> {
  const opened = await openDatabase(kind);
  let deps: TDeps | null = null;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: opened.dataDir,
      PORT: '3996',
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'never',
      ...(opened.url ? { DATABASE_URL: opened.url } : {}),
    });
    deps = await boot(config, createLogger('silent'), { queue: 'pg-boss', database: opened.database });
    const app = createApp(deps);
    const importer = await signUpWithOrg(app, 'importer');
    await makePremium(deps, importer.orgId);
    const other = await signUpWithOrg(app, 'neighbour');
    await seedOther(deps, other.orgId);
    const csv = importCsv();

    // The neighbour's list with nothing else running (after a warm-up).
    await readList(app, other.cookie, { clients: CLIENTS, perClient: 5 });
    const quiet = await readList(app, other.cookie, { clients: CLIENTS, perClient: QUIET_REQUESTS_PER_CLIENT });
    print(`[${kind}] quiet list: p50 ${ms(percentile(quiet, 50))}, p99 ${ms(percentile(quiet, 99))}`);

    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 25);
    let importing = true;
    const loadedRun = readList(app, other.cookie, { clients: CLIENTS, until: () => !importing });

    const timed = await importOnce(app, importer.cookie, csv);
    importing = false;
    const loaded = await loadedRun;
    clearInterval(sampler);
    print(`[${kind}] import under load: ${(timed.totalMs / 1000).toFixed(2)} s, ${timed.imported} imported`);
    // The same file again, with nothing else running (another organization, so nothing is a duplicate).
    const alone = await signUpWithOrg(app, 'alone');
    await makePremium(deps, alone.orgId);
    const quietImport = await importOnce(app, alone.cookie, csv);
    print(`[${kind}] import alone: ${(quietImport.totalMs / 1000).toFixed(2)} s`);
    return {
      kind,
      rows: ROWS,
      bytes: Buffer.byteLength(csv),
      ...timed,
      aloneMs: quietImport.totalMs,
      peakRss,
      quiet: { p50: percentile(quiet, 50), p99: percentile(quiet, 99), n: quiet.length },
      loaded: { p50: percentile(loaded, 50), p99: percentile(loaded, 99), n: loaded.length },
    };
  } finally {
    if (deps) await shutdown(deps);
    else await opened.database.close();
    await opened.drop();
    rmSync(opened.dataDir, { recursive: true, force: true });
  }
}

function report(all: TFigures[]): void {
  const line = '-'.repeat(92);
  print(`\n${line}\nCompany import benchmark — ${ROWS.toLocaleString('en-US')} rows through HTTP and the pg-boss job,`);
  print(
    `while ${CLIENTS} clients read another organization's company list (${OTHER_COMPANIES.toLocaleString('en-US')} companies)`,
  );
  for (const f of all) {
    print(`${line}\n${f.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (file-backed)'}`);
    const rate = f.rows / (f.totalMs / 1000);
    print(
      `  import ${(f.bytes / 1024 / 1024).toFixed(2)} MB: ${(f.totalMs / 1000).toFixed(2)} s end to end ` +
        `(upload ${(f.uploadMs / 1000).toFixed(2)} s, duplicate check ${(f.reviewMs / 1000).toFixed(2)} s, job ${(f.jobMs / 1000).toFixed(2)} s)` +
        ' while the list is read',
    );
    print(
      `  the same import alone: ${(f.aloneMs / 1000).toFixed(2)} s${f.aloneMs < 15_000 ? '  ok (< 15 s)' : '  OVER 15 s'}`,
    );
    print(
      `  ${Math.round(rate).toLocaleString('en-US')} rows/s, ${f.imported.toLocaleString('en-US')} imported, ${f.failed} failed, peak RSS ${mb(f.peakRss)}`,
    );
    const ratio = f.loaded.p99 / f.quiet.p99;
    print(
      `  other tenant's list: quiet p50 ${ms(f.quiet.p50)} p99 ${ms(f.quiet.p99)} (${f.quiet.n} requests); ` +
        `during import p50 ${ms(f.loaded.p50)} p99 ${ms(f.loaded.p99)} (${f.loaded.n} requests) → ${ratio.toFixed(2)}x` +
        `${ratio <= 2 ? '  ok (≤ 2x)' : '  OVER 2x'}`,
    );
  }
  print(line);
}

const kinds: TKind[] =
  argOnly === 'postgres' || argOnly === 'pglite' ? [argOnly] : serverUrl ? ['pglite', 'postgres'] : ['pglite'];
const results: TFigures[] = [];
for (const kind of kinds) results.push(await run(kind));
report(results);
