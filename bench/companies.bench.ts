// Companies at scale: an organization with 100,000 companies, the list endpoint's p50 and p99
// (first page, a search, a status filter, a sort) and the end-to-end import of a ~10 MB CSV of
// ~100,000 rows next to COPY of the same rows, on PostgreSQL and on PGlite.
// Targets: list p99 under 30 ms on PostgreSQL; import under 15 s and within 5x of COPY.
//
//   npx tsx bench/companies.bench.ts                  both databases
//   npx tsx bench/companies.bench.ts --only=postgres  (or --only=pglite)
//   BENCH_DATABASE_URL / TEST_DATABASE_URL select the PostgreSQL server (default
//   postgres://postgres@127.0.0.1:5432/test); the bench creates and drops its own database.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { shutdown } from '../apps/server/src/boot';
import { column, rows, sql, type TDatabase } from '../apps/server/src/db/client';
import { withPlatform } from '../apps/server/src/db/tenant';
import type { TDeps } from '../apps/server/src/deps';
import { listStatements, type TListQuery } from './floor-server';
import {
  analyzeCompanyTables,
  bootBench,
  INDUSTRIES,
  KINDS,
  makePremium,
  openBenchDatabase,
  PREFIXES,
  percentile,
  seedCompanies,
  signUpWithOrg,
  type TApp,
  type TKind,
} from './harness';

const COMPANIES = 100_000;
const WARMUP = 20;
const RUNS = 300;
const IMPORT_LIMIT = 10 * 1024 * 1024;
const ORIGIN = 'http://localhost:3997';

interface TFigures {
  kind: TKind;
  seedMs: number;
  list: { label: string; path: string; p50: number; p99: number; rows: number; total: number }[];
  import: { bytes: number; rows: number; ms: number; imported: number; failed: number; copyMs: number };
}

const argOnly = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

// ---------------------------------------------------------------------------------------------
// HTTP helpers: the real app in process, with a real session cookie
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

const FIRST = ['Dana', 'Priya', 'Marco', 'Kelly', 'Tom', 'Grace', 'Omar', 'Sam', 'Jo', 'Lucia', 'Andre', 'Helen'];
const LAST = ['Miller', 'Shah', 'Bianchi', 'Nguyen', 'Becker', 'Hill', 'Reyes', 'Patel', 'Banks', 'Romano', 'Lee'];

/** A CSV of about 100,000 rows just under the 10 MB upload limit. */
function importCsv(): { csv: string; rows: number } {
  const header = 'Company Name,Contact Name,Email,Phone,Website,Industry,Notes\n';
  const parts = [header];
  let bytes = header.length;
  let n = 0;
  for (let i = 1; n < 100_000; i++) {
    const first = FIRST[i % FIRST.length] ?? 'Sam';
    const last = LAST[(i >> 3) % LAST.length] ?? 'Lee';
    const name = `${PREFIXES[i % 20]} ${KINDS[(i >> 2) % 20]} ${i}`;
    const line =
      `${name},${first} ${last},${first.toLowerCase()}${i}@mail.example,555${String(i % 10_000_000).padStart(7, '0')},` +
      `co${i}.example,${INDUSTRIES[i % 10]},${i % 4 === 0 ? 'Fair lead' : ''}\n`;
    if (bytes + line.length > IMPORT_LIMIT - 1024) break;
    parts.push(line);
    bytes += line.length;
    n++;
  }
  return { csv: parts.join(''), rows: n };
}

// ---------------------------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------------------------

async function timeList(app: TApp, cookie: string, path: string) {
  const once = async () => {
    const started = performance.now();
    const res = await app.request(`${ORIGIN}${path}`, { headers: { cookie } });
    const body = (await res.json()) as { companies: unknown[]; totalCount: number };
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { took, rows: body.companies.length, total: body.totalCount };
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  let last = { rows: 0, total: 0 };
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    times.push(r.took);
    last = r;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), rows: last.rows, total: last.total };
}

/**
 * The import as the wizard drives it: upload, the duplicate check, then start. The queue is
 * inline here, so the start request runs the import job to the end: its time is the job's own,
 * without a queue's pick-up delay (bench/import.bench.ts measures the import through pg-boss).
 */
async function timeImport(app: TApp, cookie: string, csv: string) {
  const send = async (path: string, body: FormData | object) => {
    const res = await app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers:
        body instanceof FormData
          ? { cookie, origin: ORIGIN }
          : { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    const reply: unknown = await res.json();
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(reply)}`);
    return reply;
  };
  const form = new FormData();
  form.set('file', new File([csv], 'companies.csv', { type: 'text/csv' }));
  const started = performance.now();
  const { id } = z.object({ id: z.string() }).parse(await send('/api/companies/imports', form));
  await send(`/api/companies/imports/${id}/duplicates`, {
    mapping: {
      'Company Name': 'name',
      'Contact Name': 'contact_name',
      Email: 'contact_email',
      Phone: 'contact_phone',
      Website: 'website',
      Industry: 'industry',
      Notes: 'notes',
    },
  });
  await send(`/api/companies/imports/${id}/start`, {});
  const took = performance.now() - started;
  const res = await app.request(`${ORIGIN}/api/companies/imports/${id}`, { headers: { cookie } });
  const state = z.object({ status: z.string(), imported: z.number(), failed: z.number() }).parse(await res.json());
  if (state.status !== 'done') throw new Error(`import ended ${state.status}`);
  return { ms: took, imported: state.imported, failed: state.failed };
}

const csvField = (v: string | null) => (v === null ? '' : /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The same rows as COPY input: companies and their contacts, ids made up front. */
function copyFiles(csv: string, orgId: string) {
  const companies: string[] = [];
  const contacts: string[] = [];
  const lines = csv.split('\n').slice(1);
  for (const line of lines) {
    if (!line) continue;
    const [name = '', contact = '', email = '', phone = '', website = '', industry = '', notes = ''] = line.split(',');
    const id = randomUUID();
    companies.push(
      [id, orgId, name, 'prospect', website, industry, notes || null, 'US'].map((v) => csvField(v)).join(','),
    );
    contacts.push([orgId, id, contact, email, phone, 'primary', 'true', 'true'].map((v) => csvField(v)).join(','));
  }
  return { companies: `${companies.join('\n')}\n`, contacts: `${contacts.join('\n')}\n` };
}

const COPY_COMPANY = 'company (id, org_id, name, status, website, industry, notes, country)';
const COPY_CONTACT = 'company_contact (org_id, company_id, name, email, phone, role, is_primary, is_active)';

async function timeCopy(kind: TKind, database: TDatabase, url: string | null, csv: string, orgId: string) {
  const files = copyFiles(csv, orgId);
  if (kind === 'postgres' && url) {
    const dir = mkdtempSync(join(tmpdir(), 'pennant-copy-'));
    try {
      const companyFile = join(dir, 'company.csv');
      const contactFile = join(dir, 'contact.csv');
      writeFileSync(companyFile, files.companies);
      writeFileSync(contactFile, files.contacts);
      const started = performance.now();
      execFileSync('psql', [
        url,
        '-v',
        'ON_ERROR_STOP=1',
        '-q',
        '-c',
        `\\copy ${COPY_COMPANY} FROM '${companyFile}' WITH (FORMAT csv)`,
        '-c',
        `\\copy ${COPY_CONTACT} FROM '${contactFile}' WITH (FORMAT csv)`,
      ]);
      return performance.now() - started;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const pglite = database.pglite;
  if (!pglite) throw new Error('no PGlite handle');
  const started = performance.now();
  await pglite.query(`COPY ${COPY_COMPANY} FROM '/dev/blob' WITH (FORMAT csv)`, [], {
    blob: new Blob([files.companies]),
  });
  await pglite.query(`COPY ${COPY_CONTACT} FROM '/dev/blob' WITH (FORMAT csv)`, [], {
    blob: new Blob([files.contacts]),
  });
  return performance.now() - started;
}

// ---------------------------------------------------------------------------------------------
// One database
// ---------------------------------------------------------------------------------------------

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each list query as the app sends it (the statements bench:list
 * checks against the app), run as the app's tenant role. BENCH_EXPLAIN=0 leaves them out.
 */
async function explainLists(url: string, orgId: string): Promise<void> {
  const cases: { label: string; q: TListQuery }[] = [
    {
      label: 'first page, newest first',
      q: { page: 1, search: null, category: 'all', sort: 'created_at', dir: 'desc' },
    },
    {
      label: 'search "harbor plumbing"',
      q: { page: 1, search: 'harbor plumbing', category: 'all', sort: 'created_at', dir: 'desc' },
    },
    { label: 'sort by name A-Z', q: { page: 1, search: null, category: 'all', sort: 'name', dir: 'asc' } },
    { label: 'Pipeline tab', q: { page: 1, search: null, category: 'pipeline', sort: 'created_at', dir: 'desc' } },
  ];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const c of cases) {
      for (const [i, statement] of listStatements(orgId, c.q).entries()) {
        await client.query('BEGIN');
        await client.query("SELECT set_config('role', 'pennant_app', true), set_config('app.org_id', $1, true)", [
          orgId,
        ]);
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
          statement.values,
        );
        await client.query('ROLLBACK');
        process.stdout.write(`\n[postgres] EXPLAIN (ANALYZE, BUFFERS): ${c.label}, statement ${i + 1}\n`);
        for (const row of plan.rows) process.stdout.write(`  ${row['QUERY PLAN']}\n`);
      }
    }
  } finally {
    await client.end();
  }
}

async function run(kind: TKind): Promise<TFigures> {
  const opened = await openBenchDatabase(kind, adminUrl);
  let deps: TDeps | null = null;
  try {
    const booted = await bootBench(opened, ORIGIN, 'inline');
    deps = booted.deps;
    const { app } = booted;
    const big = await signUpWithOrg(app, ORIGIN, 'big');

    const seedStarted = performance.now();
    process.stdout.write(`[${kind}] generating ${COMPANIES.toLocaleString('en-US')} companies… `);
    await seedCompanies(deps, big.orgId, { count: COMPANIES });
    await analyzeCompanyTables(deps);
    const seedMs = performance.now() - seedStarted;
    process.stdout.write(`${(seedMs / 1000).toFixed(1)} s\n`);

    const scenarios = [
      { label: 'first page (newest first)', path: '/api/companies' },
      { label: 'search "harbor plumbing"', path: '/api/companies?search=harbor%20plumbing' },
      { label: 'status filter negotiating', path: '/api/companies?status=negotiating' },
      { label: 'sort by name A-Z', path: '/api/companies?sort=name&dir=asc' },
      { label: '(extra) search "riverside"', path: '/api/companies?search=riverside' },
      { label: '(extra) sort by last contact', path: '/api/companies?sort=last_contacted_at&dir=desc' },
      { label: '(extra) sort by status, page 40', path: '/api/companies?sort=status&dir=asc&page=40' },
      { label: '(extra) Pipeline tab', path: '/api/companies?category=pipeline' },
    ];
    const list: TFigures['list'] = [];
    for (const s of scenarios) {
      process.stdout.write(`[${kind}] ${s.label}… `);
      const r = await timeList(app, big.cookie, s.path);
      process.stdout.write(`p50 ${ms(r.p50)}, p99 ${ms(r.p99)}\n`);
      list.push({ ...s, ...r });
    }

    if (kind === 'postgres' && opened.url && process.env.BENCH_EXPLAIN !== '0') {
      await explainLists(opened.url, big.orgId);
    }

    const { csv, rows: csvRows } = importCsv();
    const importer = await signUpWithOrg(app, ORIGIN, 'import');
    await makePremium(deps, importer.orgId);
    process.stdout.write(`[${kind}] importing ${(csv.length / 1024 / 1024).toFixed(2)} MB CSV (${csvRows} rows)… `);
    const imp = await timeImport(app, importer.cookie, csv);
    process.stdout.write(`${(imp.ms / 1000).toFixed(2)} s\n`);
    const copier = await signUpWithOrg(app, ORIGIN, 'copy');
    process.stdout.write(`[${kind}] COPY of the same rows… `);
    const copyMs = await timeCopy(kind, opened.database, opened.url, csv, copier.orgId);
    process.stdout.write(`${(copyMs / 1000).toFixed(2)} s\n`);
    const check = await withPlatform(deps.db, deps.log, 'bench check', (tx) =>
      rows(
        tx,
        z.object({ imported: column.count, copied: column.count }),
        sql`SELECT (SELECT count(*) FROM company WHERE org_id = ${importer.orgId})::int AS imported,
                   (SELECT count(*) FROM company WHERE org_id = ${copier.orgId})::int AS copied`,
      ),
    );
    if (check[0]?.imported !== csvRows || check[0]?.copied !== csvRows) {
      throw new Error(`row counts differ: ${JSON.stringify(check[0])} vs ${csvRows}`);
    }
    return {
      kind,
      seedMs,
      list,
      import: {
        bytes: Buffer.byteLength(csv),
        rows: csvRows,
        ms: imp.ms,
        imported: imp.imported,
        failed: imp.failed,
        copyMs,
      },
    };
  } finally {
    if (deps) await shutdown(deps);
    else await opened.database.close();
    await opened.drop();
  }
}

/** The benchmark's output is its figures, on standard output. */
function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

function report(all: TFigures[]) {
  const line = '-'.repeat(86);
  print(
    `\n${line}\nCompanies benchmark — ${COMPANIES.toLocaleString('en-US')} companies in one organization, ${RUNS} requests per case`,
  );
  print('(in-process HTTP: session lookup, membership, RLS transaction, page query with primary contact, counts)');
  for (const f of all) {
    const name = f.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (file-backed)';
    print(`${line}\n${name}`);
    for (const l of f.list) {
      const target =
        f.kind === 'postgres' && !l.label.startsWith('(extra)') ? (l.p99 < 30 ? '  ok (< 30 ms)' : '  OVER 30 ms') : '';
      print(
        `  list  ${l.label.padEnd(34)} p50 ${ms(l.p50).padStart(9)}   p99 ${ms(l.p99).padStart(9)}   ${String(l.total).padStart(6)} matches${target}`,
      );
    }
    const i = f.import;
    const ratio = i.ms / i.copyMs;
    print(
      `  import ${(i.bytes / 1024 / 1024).toFixed(2)} MB CSV, ${i.rows.toLocaleString('en-US')} rows: ${(i.ms / 1000).toFixed(2)} s end to end` +
        ` (${i.imported} imported, ${i.failed} failed)${i.ms < 15_000 ? '  ok (< 15 s)' : '  OVER 15 s'}`,
    );
    print(
      `  COPY of the same companies and contacts: ${(i.copyMs / 1000).toFixed(2)} s   → import is ${ratio.toFixed(1)}x COPY` +
        `${ratio <= 5 ? '  ok (≤ 5x)' : '  OVER 5x'}`,
    );
  }
  print(line);
}

const kinds: TKind[] = argOnly === 'postgres' || argOnly === 'pglite' ? [argOnly] : ['postgres', 'pglite'];
const results: TFigures[] = [];
for (const kind of kinds) results.push(await run(kind));
report(results);
