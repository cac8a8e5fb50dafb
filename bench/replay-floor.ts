// The floor for every endpoint of bench/scale.bench.ts: bare Hono and `pg`, replaying on the wire
// exactly what the app sent for that request — its BEGIN with the tenant settings, its statements
// (named ones prepared under the same name), its COMMIT — and answering the rows as JSON. What it
// leaves out is everything of the app's own: the session check, the permission, validation, the
// services' rules, shaping the reply, headers and logging. So app / floor is the share of the cost
// the app adds on top of its SQL.
//
//   DATABASE_URL=postgres://… REPLAY_FILE=/tmp/replays.json PORT=4102 node --import tsx bench/replay-floor.ts
//
// REPLAY_FILE: { "<path and query>": [[statement, …] per connection the app used, in order] }.
// REPLAY_PIPELINE=1: the pool in pipeline mode and each connection's statements sent at once, in one
// write (as the app sends a read's: db/tenant.ts), instead of one round trip each. A floor of the
// same SQL on the same number of round trips as the app's reads, to tell the round trips the app
// saves from the rest of its cost.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { z } from 'zod';

const ZStatement = z.object({
  text: z.string(),
  values: z.array(z.unknown()),
  name: z.string().optional(),
  rowMode: z.literal('array').optional(),
});
const ZRows = z.object({ rows: z.array(z.unknown()) });
export const ZReplays = z.record(z.string(), z.array(z.array(ZStatement)));
export type TReplays = z.infer<typeof ZReplays>;

/** The app's pool size (apps/server/src/db/client.ts openPostgres). */
const POOL_MAX = 10;

const url = process.env.DATABASE_URL;
const file = process.env.REPLAY_FILE;
const port = Number(process.env.PORT);
if (!url || !file || !port) throw new Error('DATABASE_URL, REPLAY_FILE and PORT are required');
const replays = ZReplays.parse(JSON.parse(readFileSync(file, 'utf8')));
const pipelined = process.env.REPLAY_PIPELINE === '1';
const pool = new pg.Pool({ connectionString: url, max: POOL_MAX, pipeline: pipelined });

type TStatement = z.infer<typeof ZStatement>;
const config = (s: TStatement) => ({
  text: s.text,
  values: s.values,
  ...(s.name ? { name: s.name } : {}),
  ...(s.rowMode ? { rowMode: s.rowMode } : {}),
});

/** One connection's statements: one round trip each, or all at once in one write. */
async function replay(client: pg.PoolClient, group: readonly TStatement[]): Promise<unknown[]> {
  if (pipelined && client instanceof pg.Client) {
    const stream = client.connection.stream;
    stream.cork();
    process.nextTick(() => stream.uncork());
    return Promise.all(group.map((s) => client.query(config(s))));
  }
  const out: unknown[] = [];
  for (const s of group) out.push(await client.query(config(s)));
  return out;
}

const app = new Hono();
app.get('*', async (c) => {
  const { pathname, search } = new URL(c.req.url);
  const groups = replays[pathname + search];
  if (!groups) return c.json({ error: 'no replay for this path' }, 404);
  const results: unknown[][] = [];
  for (const group of groups) {
    const client = await pool.connect();
    try {
      for (const res of await replay(client, group)) {
        // A multi-statement simple query (BEGIN; SELECT set_config …) answers an array of results.
        if (!Array.isArray(res)) results.push(ZRows.parse(res).rows);
      }
    } finally {
      client.release();
    }
  }
  return c.json(results);
});

const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`READY ${info.port}\n`);
});
const stop = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
