// Resident memory of the built server on PostgreSQL after load, as `npm start` runs it.
//
//   npm run build && npm run bench:memory
//
// Starts apps/server/dist/main.js on a fresh PostgreSQL database (demo seed, local mode), signs
// in as the demo owner, sends MEMORY_REQUESTS requests (default 6,000) from 50 clients over the
// pages a member opens most (companies list, a search, a sort, the session, the dashboard), waits
// for the load to settle, and reads VmRSS. It does this with Node's default heap sizing and with
// each setting in HEAP_SETTINGS, and prints RSS, the V8 heap and the throughput of each.
// Target: RSS after load on PostgreSQL under 200 MiB.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const main = join(root, 'apps/server/dist/main.js');
const admin =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const requests = Number(process.env.MEMORY_REQUESTS ?? 6000);
const clients = 50;
/** RSS is read 5 s after the load and again at this point (ms after the load). */
const SETTLED_MS = Number(process.env.MEMORY_SETTLED_MS ?? 30_000);
const port = 3391;
const base = `http://localhost:${port}`;

/** The settings compared; the first is Node's default. */
const HEAP_SETTINGS = process.env.MEMORY_FLAGS
  ? process.env.MEMORY_FLAGS.split(';').map((set) => set.split(' ').filter(Boolean))
  : [[], ['--max-old-space-size=192']];

function psql(sql) {
  const res = spawnSync('psql', [admin, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`psql: ${res.stderr}`);
}

function rssMiB(pid) {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

async function waitHealthy() {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function load() {
  // The demo organization is seeded just after the server starts listening.
  let signIn;
  for (let attempt = 0; ; attempt++) {
    signIn = await fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'demo@pennant.app', password: 'pennant-demo' }),
    });
    if (signIn.status === 200) break;
    if (attempt > 60) throw new Error(`demo sign-in: ${signIn.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const paths = [
    '/api/companies',
    '/api/companies?search=a',
    '/api/companies?sort=name&direction=asc',
    '/api/session',
    '/api/dashboard/metrics',
  ];
  let sent = 0;
  const started = performance.now();
  async function client() {
    while (sent < requests) {
      const path = paths[sent++ % paths.length];
      const res = await fetch(base + path, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    }
  }
  await Promise.all(Array.from({ length: clients }, client));
  return requests / ((performance.now() - started) / 1000);
}

async function measure(flags) {
  const db = `pennant_bench_memory_${process.pid}`;
  psql(`DROP DATABASE IF EXISTS ${db}`);
  psql(`CREATE DATABASE ${db}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'pennant-memory-'));
  const url = new URL(admin);
  url.pathname = `/${db}`;
  const child = spawn(process.execPath, [...flags, main], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await waitHealthy();
    const idle = rssMiB(child.pid);
    const reqPerSec = await load();
    await new Promise((r) => setTimeout(r, 5000));
    const afterLoad = rssMiB(child.pid);
    // V8's memory reducer gives garbage-filled heap back once allocation has been quiet a while.
    await new Promise((r) => setTimeout(r, SETTLED_MS - 5000));
    return { idle, afterLoad, settled: rssMiB(child.pid), reqPerSec };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    psql(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
}

console.log(`Memory of the built server on PostgreSQL: ${requests} requests from ${clients} clients`);
for (const flags of HEAP_SETTINGS) {
  const r = await measure(flags);
  const label = flags.length ? flags.join(' ') : 'Node defaults';
  console.log(
    `  ${label.padEnd(28)} RSS idle ${r.idle.toFixed(0)} MiB, 5 s after load ${r.afterLoad.toFixed(0)} MiB, ` +
      `${(SETTLED_MS / 1000).toFixed(0)} s after ${r.settled.toFixed(0)} MiB (target < 200), ${r.reqPerSec.toFixed(0)} req/s`,
  );
}
