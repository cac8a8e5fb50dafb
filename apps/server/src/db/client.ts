import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { z } from 'zod';

export type TDb = PgDatabase<PgQueryResultHKT>;
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** One connection for work that must stay on a single session (advisory locks, LISTEN). */
export interface TSessionClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(text: string): Promise<void>;
}

export interface TDatabase {
  kind: 'pglite' | 'postgres';
  db: TDb;
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Runs fn on one dedicated session; PGlite has only one. */
  withSession<T>(fn: (client: TSessionClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openPglite(dataDir: string | null): Promise<TDatabase> {
  // pg_trgm backs the company search indexes; PGlite loads contrib extensions explicitly.
  const options = { extensions: { pg_trgm } };
  const pglite = dataDir ? await PGlite.create(join(dataDir, 'pglite'), options) : await PGlite.create(options);
  const client: TSessionClient = {
    query: async (text, params) => {
      const r = await pglite.query<Record<string, unknown>>(text, params);
      return { rows: r.rows };
    },
    exec: async (text) => {
      await pglite.exec(text);
    },
  };
  return {
    kind: 'pglite',
    db: drizzlePglite(pglite) as unknown as TDb,
    pglite,
    withSession: (fn) => fn(client),
    close: () => pglite.close(),
  };
}

export async function openPostgres(url: string, max = 10): Promise<TDatabase> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  return {
    kind: 'postgres',
    db: drizzlePg(pool) as unknown as TDb,
    pool,
    withSession: async (fn) => {
      const conn = await pool.connect();
      try {
        return await fn({
          query: async (text, params) => {
            const r = await conn.query<Record<string, unknown>>(text, params);
            return { rows: r.rows };
          },
          exec: async (text) => {
            await conn.query(text);
          },
        });
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

const ZResult = z.object({ rows: z.array(z.unknown()) });

/**
 * Raw SQL rows, parsed by the schema that describes them: a column the query does not return,
 * or returns in another type, is an error here rather than a wrong value further on.
 */
export async function rows<S extends z.ZodType>(q: TTx | TDb, schema: S, query: SQL): Promise<z.output<S>[]> {
  const result = ZResult.parse(await q.execute(query));
  return z.array(schema).parse(result.rows);
}

/** Column types as the two drivers return them. */
export const column = {
  /** A timestamp: a Date from node-postgres and PGlite alike, a string when selected as text. */
  instant: z.union([z.date(), z.string()]),
  /** count(*) and bigint sums arrive as strings from node-postgres. */
  count: z.union([z.number(), z.string()]).transform(Number),
};

export { sql };
