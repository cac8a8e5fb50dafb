// What the load benchmarks share: servers as child processes, CPU from /proc, autocannon rounds
// with per-request latencies, and the statements this process's pg clients send.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';
import { percentile } from './harness';

const ROOT = new URL('..', import.meta.url).pathname;

export interface TStatement {
  text: string;
  values: unknown[];
  /** The prepared statement's name, when the client sent one. */
  name?: string;
  /** 'array' when the client asked for rows as arrays (drizzle's selects). */
  rowMode?: 'array';
  /** Which of the process's connections sent it: 0 for the first seen in the capture, and so on. */
  connection?: number;
}

// ---------------------------------------------------------------------------------------------
// The app's SQL, seen on the wire
// ---------------------------------------------------------------------------------------------

type TQueryFn = (this: unknown, ...args: unknown[]) => unknown;

/** Every statement the pg clients of this process send while `fn` runs. */
export async function captureStatements(fn: () => Promise<void>): Promise<TStatement[]> {
  const proto = pg.Client.prototype as unknown as { query: TQueryFn };
  const original = proto.query;
  const seen: TStatement[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const config =
      typeof first === 'object' && first !== null
        ? (first as { text?: unknown; values?: unknown; name?: unknown })
        : {};
    const text = typeof first === 'string' ? first : String(config.text ?? '');
    const values = Array.isArray(second) ? second : Array.isArray(config.values) ? config.values : [];
    seen.push({ text, values, ...(typeof config.name === 'string' ? { name: config.name } : {}) });
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return seen;
}

// ---------------------------------------------------------------------------------------------
// Servers as child processes
// ---------------------------------------------------------------------------------------------

export interface TServer {
  name: string;
  pid: number;
  port: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Node flags for the app's process from BENCH_APP_NODE_FLAGS (to compare settings), split on spaces. */
export function appNodeFlags(): string[] {
  return (process.env.BENCH_APP_NODE_FLAGS ?? '').split(' ').filter(Boolean);
}

/**
 * Starts `node --import tsx <script>` with the server's Node.js flags (apps/server/node-flags.mjs; the
 * floor too, so both run on the same runtime) and waits for its `READY <port>` line.
 */
export async function startServer(
  name: string,
  script: string,
  vars: Record<string, string>,
  opts: { profileDir?: string; nodeFlags?: readonly string[] } = {},
): Promise<TServer> {
  const port = await freePort();
  // profileDir: a V8 CPU profile of the process, written there when it stops.
  const profile = opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] : [];
  const flags = [...profile, ...serverNodeFlags(), ...(opts.nodeFlags ?? [])];
  const child: ChildProcess = spawn(process.execPath, [...flags, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...vars, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid;
  if (!pid) throw new Error(`${name} did not start`);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} not ready within 60 s`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('READY ')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready`));
    });
  });
  return {
    name,
    pid,
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// CPU from /proc
// ---------------------------------------------------------------------------------------------

export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** [ppid, utime + stime in ticks] of a process, or null when it is gone. */
export function procStat(pid: number): [number, number] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [Number(fields[1]), Number(fields[11]) + Number(fields[12])];
  } catch {
    return null;
  }
}

/** Resident memory of a process in MiB (VmRSS), or null when it is gone. */
export function rssMiB(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export const cpuMs = (pid: number) => ((procStat(pid)?.[1] ?? 0) * 1000) / CLK_TCK;

/** The postmaster of the cluster behind `url`, when it runs on this machine (its /proc is readable). */
export async function findPostmaster(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = rows[0]?.pid;
    const stat = backend ? procStat(backend) : null;
    return stat ? stat[0] : null;
  } finally {
    await client.end();
  }
}

/** CPU ticks so far of each process of the cluster (the postmaster and its children), by pid. */
function clusterTicks(postmaster: number): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = procStat(pid);
    if (stat && (pid === postmaster || stat[0] === postmaster)) ticks.set(pid, stat[1]);
  }
  return ticks;
}

/** CPU ms the cluster spent between two snapshots (a process born in between counts from zero). */
export function clusterMs(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return (ticks * 1000) / CLK_TCK;
}

// ---------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------

export interface TRound {
  reqs: number;
  rps: number;
  /** Latency percentiles of the requests on open connections (all but each connection's first). */
  p50: number;
  p99: number;
  max: number;
  /**
   * The slowest first request of a connection: it includes the server accepting the connection,
   * which Node (libuv) does one connection per event-loop turn, so a long turn (PGlite runs on the
   * main thread) leaves new connections waiting while the open ones are served.
   */
  firstMax: number;
  serverCpu: number;
  pgCpu: number | null;
}

/** `clients` keep-alive clients for `seconds`, each signed in to one of the organizations in turn. */
export async function load(
  server: TServer,
  path: string,
  cookies: readonly string[],
  clients: number,
  seconds: number,
  postmaster: number | null,
): Promise<TRound> {
  const latencies: number[] = [];
  const firsts: number[] = [];
  const opened = new WeakSet<object>();
  let failed = 0;
  let firstFailure = '';
  let next = 0;
  const pgBefore = postmaster ? clusterTicks(postmaster) : null;
  const cpuBefore = cpuMs(server.pid);
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${server.port}${path}`,
        connections: clients,
        duration: seconds,
        setupClient: (client) => {
          client.setHeaders({ cookie: cookies[next++ % cookies.length] });
        },
      },
      (err: unknown, res: autocannon.Result) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (client, status, _bytes, ms) => {
      if (status === 200) {
        if (opened.has(client)) latencies.push(ms);
        else {
          opened.add(client);
          firsts.push(ms);
        }
      } else {
        failed++;
        firstFailure ||= `HTTP ${status}`;
      }
    });
  });
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu = cpuMs(server.pid) - cpuBefore;
  const pgCpu = pgBefore && postmaster ? clusterMs(pgBefore, clusterTicks(postmaster)) : null;
  if (failed || result.errors || result.timeouts) {
    throw new Error(
      `${server.name} ${path}: ${failed} failed replies (${firstFailure}), ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  latencies.sort((a, b) => a - b);
  const reqs = latencies.length + firsts.length;
  return {
    reqs,
    rps: reqs / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
    firstMax: Math.max(0, ...firsts),
    serverCpu: reqs ? serverCpu / reqs : 0,
    pgCpu: pgCpu === null || !reqs ? null : pgCpu / reqs,
  };
}

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

export function medianRound(rounds: readonly TRound[]): TRound {
  const pg = rounds.map((r) => r.pgCpu).filter((v): v is number => v !== null);
  return {
    reqs: median(rounds.map((r) => r.reqs)),
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    max: median(rounds.map((r) => r.max)),
    firstMax: median(rounds.map((r) => r.firstMax)),
    serverCpu: median(rounds.map((r) => r.serverCpu)),
    pgCpu: pg.length ? median(pg) : null,
  };
}
