import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import {
  checkImportRecord,
  DEFAULT_IMPORT_CONTACT_NAME,
  importRecordMapper,
} from '@pennant/shared/companies/import-mapping';
import type { TImportMapping } from '@pennant/shared/companies/schemas';
import { z } from 'zod';
import { shutdown } from '../apps/server/src/boot';
import { rows, sql } from '../apps/server/src/db/client';
import { copyRows, type TCopyValue } from '../apps/server/src/db/copy';
import { withPlatform } from '../apps/server/src/db/tenant';
import type { TDeps } from '../apps/server/src/deps';
import { readImportRows } from '../apps/server/src/modules/companies/import-file';
import { bootBench, makePremium, openBenchDatabase, percentile, signUpWithOrg, type TApp, type TKind } from './harness';

const ROWS = 100_000;
/** The target for the 100,000-row import on PostgreSQL, end to end. */
const TARGET_MS = 5_000;
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
const sec = (n: number) => `${(n / 1000).toFixed(2)} s`;
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

const MAPPING: TImportMapping = {
  'Company Name': 'name',
  'Contact Name': 'contact_name',
  Email: 'contact_email',
  Phone: 'contact_phone',
  Website: 'website',
  Industry: 'industry',
  Notes: 'notes',
};

/** CPU time of a process from /proc/<pid>/stat (user + system), in ms; null where it cannot be read. */
function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks (USER_HZ, 100 on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU used by the PostgreSQL backends of one database (the app's pool, pg-boss, the listener)
 * between start and stop, when the server runs on this machine: their processes are found by
 * title in /proc and sampled while the job runs, so a backend that ends meanwhile (the pool
 * closes idle connections) still counts. Null for PGlite or a server elsewhere.
 */
function postgresCpuSampler(database: string | null) {
  const seen = new Map<number, { first: number; last: number }>();
  let started = false;
  const sample = () => {
    if (!database) return;
    let entries: string[];
    try {
      entries = readdirSync('/proc');
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!/^\d+$/.test(entry)) continue;
      let title: string;
      try {
        title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      const pid = Number(entry);
      const cpu = processCpuMs(pid);
      if (cpu === null) continue;
      const known = seen.get(pid);
      // A backend that appears after the start did all its work within the interval.
      if (known) known.last = cpu;
      else seen.set(pid, { first: started ? 0 : cpu, last: cpu });
    }
  };
  let timer: NodeJS.Timeout | null = null;
  return {
    start() {
      sample();
      started = true;
      timer = setInterval(sample, 200);
    },
    stop(): number | null {
      if (timer) clearInterval(timer);
      sample();
      if (seen.size === 0) return null;
      let total = 0;
      for (const { first, last } of seen.values()) total += last - first;
      return total;
    },
  };
}

const processCpuNow = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** Upload → duplicate check → start → poll until done; the phases' times, and the job's CPU. */
async function importOnce(database: string | null, app: TApp, cookie: string, csv: string) {
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
    { mapping: MAPPING },
  );
  const reviewed = performance.now();
  const nodeCpuBefore = processCpuNow();
  const pgCpu = postgresCpuSampler(database);
  pgCpu.start();
  let state = await call<TImportState>(app, cookie, 'POST', `/api/companies/imports/${upload.id}/start`, {});
  while (state.status !== 'done' && state.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 100));
    state = await call<TImportState>(app, cookie, 'GET', `/api/companies/imports/${upload.id}`);
  }
  const finished = performance.now();
  const nodeCpu = processCpuNow() - nodeCpuBefore;
  const jobPgCpuMs = pgCpu.stop();
  if (state.status !== 'done' || review.totalRows !== ROWS) throw new Error(`import ended ${JSON.stringify(state)}`);
  return {
    uploadMs: uploaded - started,
    reviewMs: reviewed - uploaded,
    jobMs: finished - reviewed,
    totalMs: finished - started,
    imported: state.imported,
    failed: state.failed,
    /** CPU of this process (the app, and on PGlite the database too) during the job. */
    jobNodeCpuMs: nodeCpu,
    /** CPU of the PostgreSQL backends during the job. */
    jobPgCpuMs,
  };
}

/** The app's own work on the file with no database: read it, map the rows, apply the form's rules. */
async function readAndCheck(csv: string) {
  const started = performance.now();
  const toRecord = importRecordMapper(MAPPING);
  const companies: TCopyValue[][] = [];
  const contacts: TCopyValue[][] = [];
  for (const data of readImportRows(Buffer.from(csv), 'csv', null)) {
    const record = toRecord(data);
    if (!record) continue;
    const checked = checkImportRecord(record);
    if (!checked.ok) continue;
    const { row } = checked;
    const id = randomUUID();
    companies.push([id, row.name, 'prospect', row.website ?? null, row.industry ?? null, row.notes ?? null, 'US']);
    contacts.push([
      id,
      row.contactName ?? DEFAULT_IMPORT_CONTACT_NAME,
      row.contactEmail ?? null,
      row.contactPhone ?? null,
    ]);
  }
  return { ms: performance.now() - started, companies, contacts };
}

/**
 * The floor: the same companies and contacts (as the rules leave them) loaded with COPY straight
 * into company and company_contact, in one transaction as the database owner, so no rules, no
 * duplicate check, no row-level security, no progress. The tables' indexes, foreign keys and the
 * search/count triggers still run, as they must for any import.
 */
async function copyFloor(
  deps: TDeps,
  orgId: string,
  { companies, contacts }: Awaited<ReturnType<typeof readAndCheck>>,
): Promise<number> {
  const started = performance.now();
  await deps.db.transaction(async (tx) => {
    await copyRows(
      tx,
      { table: 'company', columns: ['id', 'org_id', 'name', 'status', 'website', 'industry', 'notes', 'country'] },
      companies.map(([id = null, ...rest]) => [id, orgId, ...rest]),
    );
    await copyRows(
      tx,
      {
        table: 'company_contact',
        columns: ['org_id', 'company_id', 'name', 'email', 'phone', 'role', 'is_primary', 'is_active'],
      },
      contacts.map((c) => [orgId, ...c, 'primary', 't', 't']),
    );
  });
  const took = performance.now() - started;
  const [counted] = await withPlatform(deps.db, deps.log, 'bench check', (tx) =>
    rows(tx, z.object({ n: z.number() }), sql`SELECT count(*)::int AS n FROM company WHERE org_id = ${orgId}`),
  );
  if (counted?.n !== ROWS) throw new Error(`COPY loaded ${counted?.n} companies, not ${ROWS}`);
  return took;
}

interface TFigures {
  kind: TKind;
  rows: number;
  bytes: number;
  uploadMs: number;
  reviewMs: number;
  jobMs: number;
  totalMs: number;
  /** The same import with no other load, and its phases. */
  alone: Awaited<ReturnType<typeof importOnce>>;
  /** Reading the file and applying the rules in process, no database. */
  readMs: number;
  /** COPY of the same rows (see copyFloor). */
  copyMs: number;
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

    const database = opened.url ? new URL(opened.url).pathname.slice(1) : null;
    const timed = await importOnce(database, app, importer.cookie, csv);
    importing = false;
    const loaded = await loadedRun;
    clearInterval(sampler);
    print(`[${kind}] import under load: ${(timed.totalMs / 1000).toFixed(2)} s, ${timed.imported} imported`);
    const read = await readAndCheck(csv);
    print(`[${kind}] reading the file and applying the rules, no database: ${sec(read.ms)}`);
    // The floor before the import alone, so the import finds the bigger tables (the comparison
    // leans against the import, if anything).
    const copier = await signUpWithOrg(app, ORIGIN, 'copy');
    const copyMs = await copyFloor(deps, copier.orgId, read);
    print(`[${kind}] COPY of the same rows: ${sec(copyMs)}`);
    // The same file again, with nothing else running (another organization, so nothing is a duplicate).
    const alone = await signUpWithOrg(app, ORIGIN, 'alone');
    await makePremium(deps, alone.orgId);
    const quietImport = await importOnce(database, app, alone.cookie, csv);
    print(`[${kind}] import alone: ${sec(quietImport.totalMs)}`);
    return {
      kind,
      rows: ROWS,
      bytes: Buffer.byteLength(csv),
      ...timed,
      alone: quietImport,
      readMs: read.ms,
      copyMs,
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
    const a = f.alone;
    const target = f.kind === 'postgres' ? (a.totalMs < TARGET_MS ? '  ok (< 5 s)' : '  OVER the 5 s target') : '';
    print(
      `  the same import alone: ${sec(a.totalMs)} (upload ${sec(a.uploadMs)}, duplicate check ${sec(a.reviewMs)}, ` +
        `job ${sec(a.jobMs)})${a.totalMs < 15_000 ? '  ok (< 15 s)' : '  OVER 15 s'}${target}`,
    );
    const pgCpu = a.jobPgCpuMs === null ? '' : `, PostgreSQL backends ${sec(a.jobPgCpuMs)}`;
    print(`    job CPU: this process ${sec(a.jobNodeCpuMs)}${pgCpu}`);
    print(`    reading the file and applying the rules alone, no database: ${sec(f.readMs)}`);
    print(
      `    COPY of the same companies and contacts (owner, one transaction): ${sec(f.copyMs)} → ` +
        `import alone is ${(a.totalMs / f.copyMs).toFixed(2)}x COPY, its job ${(a.jobMs / f.copyMs).toFixed(2)}x`,
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
