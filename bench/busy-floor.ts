// The floor of a read that sends no SQL, as replay-floor.ts answers one (its handler, with no
// statement to replay), plus a fixed amount of CPU work per request: `?us=N` keeps the process busy
// for N microseconds before the reply. floor-budget.bench.ts uses it to show how much work a
// request may add to a bare reply and still keep a share of its requests per second.
//
//   PORT=4103 node --import tsx bench/busy-floor.ts
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.env.PORT);
if (!port) throw new Error('PORT is required');

/** Busy, not sleeping: the work an app adds to a request (checks, headers, its reply) is CPU time. */
function spin(us: number): number {
  const until = performance.now() + us / 1000;
  let turns = 0;
  while (performance.now() < until) turns++;
  return turns;
}

const app = new Hono();
// Async, as replay-floor.ts's handler is: the reply leaves from a microtask, as the app's does.
app.get('*', async (c) => {
  const us = Number(new URL(c.req.url).searchParams.get('us') ?? 0);
  if (us > 0) spin(Math.min(us, 1000));
  return c.json([]);
});

const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`READY ${info.port}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
