// The app over HTTP on a bench database, in its own process so that its CPU time is its own:
// booted by the harness as production would (bootBench), served by @hono/node-server as main.ts
// serves it. Prints `READY <port>` once listening; SIGTERM shuts it down as main.ts does.
//
//   BENCH_DATABASE=postgres://…/pennant_bench_… (or empty for the PGlite in BENCH_DATA_DIR)
//   BENCH_DATA_DIR=/tmp/pennant-bench-… PORT=4101 node --import tsx bench/serve-app.ts
//   BENCH_QUEUE=pg-boss runs the real queue (as production does); by default the inline one.
import { serve } from '@hono/node-server';
import { shutdown } from '../apps/server/src/boot';
import { bootBench, reopenBenchDatabase } from './harness';

const dataDir = process.env.BENCH_DATA_DIR;
const port = Number(process.env.PORT);
if (!dataDir || !port) throw new Error('BENCH_DATA_DIR and PORT are required');
const origin = `http://localhost:${port}`;
const opened = await reopenBenchDatabase(process.env.BENCH_DATABASE || null, dataDir);
const queue = process.env.BENCH_QUEUE === 'pg-boss' ? 'pg-boss' : 'inline';
const { deps, app } = await bootBench(opened, origin, queue);
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`READY ${info.port}\n`);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  await shutdown(deps).catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
