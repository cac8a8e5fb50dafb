// How much work may a request add to a bare reply and keep 85% of its requests per second?
//
// scale.bench.ts holds the app to 85% of a floor that replays the app's SQL on bare Hono + pg. For
// a read that sends no SQL (the app answers who is asking from its session cache: GET /onboarding)
// that floor is a bare Hono reply, and the share measures only what the app does besides: the
// session and permission checks, the security headers, the handler, its JSON. This bench prices
// that allowance on the machine it runs on: the same bare reply (busy-floor.ts) with N µs of CPU
// work added per request, in rounds alternating with N = 0, under the same load as scale.bench.ts
// (autocannon keep-alive clients in this process, on the same cores as the server).
//
//   npm run bench:budget
//   BUDGET_US=0,1,2,4,8,16,32   the added work per request, in microseconds
//   BUDGET_CLIENTS=10           concurrent clients (scale.bench.ts holds the share at 10)
//   BUDGET_DURATION=3           seconds per measured round, after 1 s of warm-up
//   BUDGET_ROUNDS=3             alternating rounds per step; the medians are reported
import { load, median, medianRound, startServer, type TRound } from './load-kit';

const env = process.env;
const STEPS = (env.BUDGET_US ?? '0,1,2,4,8,16,32')
  .split(',')
  .map(Number)
  .filter((n) => n >= 0);
const CLIENTS = Number(env.BUDGET_CLIENTS ?? 10);
const DURATION = Number(env.BUDGET_DURATION ?? 3);
const ROUNDS = Math.max(1, Number(env.BUDGET_ROUNDS ?? 3));
const SHARE = 0.85;
const WARMUP_S = 5;

const print = (line = '') => process.stdout.write(`${line}\n`);
const progress = (line: string) => process.stderr.write(`${line}\n`);
const cell = (s: string, w: number) => s.padStart(w);

interface TStep {
  us: number;
  round: TRound;
  /** The bare reply's rounds beside this step's, alternated with them. */
  bare: TRound;
}

const started = performance.now();
const server = await startServer('busy floor', 'bench/busy-floor.ts', {});
const path = (us: number) => `/api/onboarding?us=${us}`;
const steps: TStep[] = [];
try {
  // The process's JIT settles on the one handler before anything is measured.
  await load(server, path(0), [''], CLIENTS, WARMUP_S, null);
  for (const us of STEPS) {
    const rounds: TRound[] = [];
    const bare: TRound[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      await load(server, path(0), [''], CLIENTS, 1, null);
      const base = await load(server, path(0), [''], CLIENTS, DURATION, null);
      await load(server, path(us), [''], CLIENTS, 1, null);
      const round = await load(server, path(us), [''], CLIENTS, DURATION, null);
      bare.push(base);
      rounds.push(round);
      progress(
        `+${us} µs round ${r + 1}: ${round.rps.toFixed(0)} req/s, CPU ${(round.serverCpu * 1000).toFixed(1)} µs/req; ` +
          `bare ${base.rps.toFixed(0)} req/s, CPU ${(base.serverCpu * 1000).toFixed(1)} µs/req`,
      );
    }
    steps.push({ us, round: medianRound(rounds), bare: medianRound(bare) });
  }
} finally {
  await server.stop();
}

print();
print('-'.repeat(100));
print(
  `A bare Hono reply (bench/busy-floor.ts: replay-floor.ts's handler for a read with no SQL) with work added per request`,
);
print(
  `${CLIENTS} keep-alive clients (autocannon, in this process), the medians of ${ROUNDS} rounds of ${DURATION} s alternating with the bare reply`,
);
print('-'.repeat(100));
print(
  `${'added work'.padEnd(12)}${cell('req/s', 9)}${cell('p99 ms', 9)}${cell('CPU µs/req', 12)}${cell('bare r/s', 10)}${cell('share', 7)}`,
);
// The allowance: the most work added while every smaller step also kept the share (one noisy
// round further up does not count).
let allowance: number | null = null;
let kept = true;
for (const s of [...steps].sort((a, b) => a.us - b.us)) {
  const share = s.round.rps / s.bare.rps;
  kept &&= share >= SHARE;
  if (kept) allowance = s.us;
  print(
    `${`+${s.us} µs`.padEnd(12)}${cell(s.round.rps.toFixed(0), 9)}${cell(s.round.p99.toFixed(2), 9)}` +
      `${cell((s.round.serverCpu * 1000).toFixed(1), 12)}${cell(s.bare.rps.toFixed(0), 10)}${cell(`${Math.round(share * 100)}%`, 7)}`,
  );
}
const bareCpu = median(steps.map((s) => s.bare.serverCpu * 1000));
print();
print(
  allowance === null
    ? `no step kept ${SHARE * 100}% of the bare reply's req/s`
    : `${SHARE * 100}% of the bare reply's req/s leaves at most +${allowance} µs of work per request of those measured ` +
        `(the bare reply itself: ${bareCpu.toFixed(1)} µs of the server's CPU per request, the kernel's part of its reply included)`,
);
print(`(${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
