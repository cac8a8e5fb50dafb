import { shutdown } from '../apps/server/src/boot';
import { sql } from '../apps/server/src/db/client';
import { withPlatform } from '../apps/server/src/db/tenant';
import type { TDeps } from '../apps/server/src/deps';
import { bootBench, makePremium, openBenchDatabase, percentile, signUpWithOrg, type TApp, type TKind } from './harness';

const ROWS = 100_000;
const OTHER_COMPANIES = 5_000;
const CLIENTS = 10;
const QUIET_REQUESTS_PER_CLIENT = 40;
const ORIGIN = 'http://localhost:3996';

const argOnly = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? null;

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

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

async function run(kind: TKind): Promise<TFigures> {
  const opened = await openBenchDatabase(kind, serverUrl);
  let deps: TDeps | null = null;
  try {
    const booted = await bootBench(opened, ORIGIN, 'pg-boss');
    deps = booted.deps;
    const { app } = booted;
    const importer = await signUpWithOrg(app, ORIGIN, 'importer');
    await makePremium(deps, importer.orgId);
    const other = await signUpWithOrg(app, ORIGIN, 'neighbour');
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
    const alone = await signUpWithOrg(app, ORIGIN, 'alone');
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
