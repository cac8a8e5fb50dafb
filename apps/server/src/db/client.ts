import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { PGlite, protocol as pgliteProtocol } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DatabaseError } from 'pg-protocol';
import { DataRowMessage, RowDescriptionMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';
import { z } from 'zod';
import { pgliteTemplateFor } from './pglite-template';
import { column, rowParser } from './row-check';

export type TDb = PgDatabase<PgQueryResultHKT>;
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** One connection for work that must stay on a single session (advisory locks, LISTEN). */
export interface TSessionClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(text: string): Promise<void>;
}

/** Hears NOTIFY on a channel; `onGap` runs when notifications may have been missed (a reconnect). */
export type TListen = (
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
) => Promise<() => Promise<void>>;

export interface TDatabase {
  kind: 'pglite' | 'postgres';
  db: TDb;
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Runs fn on one dedicated session; PGlite has only one. */
  withSession<T>(fn: (client: TSessionClient) => Promise<T>): Promise<T>;
  /** LISTEN on its own connection, outside the pool, so no request ever waits for it. */
  listen: TListen;
  close(): Promise<void>;
}

/**
 * PGlite in `dataDir` (or in memory when null). An in-memory database may start from `template`,
 * a data directory dumped by dumpDataDir (the tests' migrated template).
 */
export async function openPglite(dataDir: string | null, opts: { template?: Blob } = {}): Promise<TDatabase> {
  // pg_trgm backs the search indexes, btree_gin leads them by organization (0041); PGlite loads
  // contrib extensions explicitly.
  const options = { extensions: { btree_gin, pg_trgm } };
  let pglite: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    const template = pgliteTemplateFor(dir);
    pglite = await PGlite.create(dir, template ? { ...options, loadDataDir: template } : options);
  } else {
    pglite = await PGlite.create(opts.template ? { ...options, loadDataDir: opts.template } : options);
  }
  const client: TSessionClient = {
    query: async (text, params) => {
      const r = await pglite.query<Record<string, unknown>>(text, params);
      return { rows: r.rows };
    },
    exec: async (text) => {
      await pglite.exec(text);
    },
  };
  const db = drizzlePglite(pglite) as unknown as TDb;
  pglites.set(db, pglite);
  return {
    kind: 'pglite',
    db,
    pglite,
    withSession: (fn) => fn(client),
    listen: async (channel, onMessage) => {
      const stop = await pglite.listen(channel, onMessage);
      return () => stop();
    },
    close: () => pglite.close(),
  };
}

/** The PGlite behind each embedded database, for its tenant transactions and named statements. */
const pglites = new WeakMap<TDb, PGlite>();

/** The PGlite behind a database opened by openPglite; undefined for a PostgreSQL server. */
export function pgliteOf(db: TDb): PGlite | undefined {
  return pglites.get(db);
}

/**
 * The PGlite of a transaction's session, for the sessions withTenant opens (registerPgliteSession),
 * so that preparedRows can send named statements to it.
 */
const pgliteSessions = new WeakMap<object, PGlite>();

export function registerPgliteSession(session: object, pglite: PGlite): void {
  pgliteSessions.set(session, pglite);
}

/**
 * The pooled connection of a transaction's session, for the sessions onPool opens
 * (registerPoolSession): rows and preparedRows send their statement to it directly. Drizzle's
 * own path builds a prepared-query object with two fresh type-parser configurations and tracing
 * spans for every statement, which showed as a tenth of a small read's CPU.
 */
const poolSessions = new WeakMap<object, pg.ClientBase>();

export function registerPoolSession(session: object, client: pg.ClientBase): void {
  poolSessions.set(session, client);
}

/** The pool behind each PostgreSQL-server database, for transactions that start in one round trip. */
const pools = new WeakMap<TDb, pg.Pool>();

/** The connection pool behind a database opened by openPostgres; undefined for PGlite. */
export function poolOf(db: TDb): pg.Pool | undefined {
  return pools.get(db);
}

export async function openPostgres(url: string, max = 10): Promise<TDatabase> {
  // Pipeline mode: statements issued together on one connection (a transaction's opening and its
  // first statement, a page and its counts) go out together and come back in order, one round
  // trip for all of them. COPY takes the connection out of it for its turn (db/copy.ts).
  const pool = new pg.Pool({ connectionString: url, max, pipeline: true });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  pool.on('acquire', sendDeferredCommit);
  const listener = createPgListener(url);
  const db = drizzlePg(pool) as unknown as TDb;
  pools.set(db, pool);
  return {
    kind: 'postgres',
    db,
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
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

const RECONNECT_MS = 1_000;

/**
 * One connection for every LISTEN of this process, outside the pool. When it drops it comes
 * back and listens again, and tells each listener that it may have missed notifications.
 */
function createPgListener(url: string): { listen: TListen; close(): Promise<void> } {
  type TEntry = { onMessage: (payload: string) => void; onGap?: () => void };
  const channels = new Map<string, Set<TEntry>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (msg) => {
        for (const entry of channels.get(msg.channel) ?? []) entry.onMessage(msg.payload ?? '');
      });
      c.on('error', () => {
        if (client === c) client = null;
        void c.end().catch(() => undefined);
        if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
      });
      await c.connect();
      for (const channel of channels.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const reconnect = async () => {
    if (closed || client) return;
    try {
      await connect();
      for (const entries of channels.values()) for (const entry of entries) entry.onGap?.();
    } catch {
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  };

  return {
    listen: async (channel, onMessage, onGap) => {
      const entry: TEntry = { onMessage, onGap };
      const known = channels.has(channel);
      const entries = channels.get(channel) ?? new Set<TEntry>();
      entries.add(entry);
      channels.set(channel, entries);
      const c = await connect();
      if (!known && client === c) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        entries.delete(entry);
      };
    },
    close: async () => {
      closed = true;
      const c = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}

/**
 * A driver's result's rows. Tested by hand rather than by z.array(z.unknown()): zod builds a result
 * object and an issue array for every element it passes through, 1,000 objects of garbage for a
 * 500-row read that the row checks below then read again.
 */
function rowsOf(result: unknown): unknown[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  throw new Error('The database driver returned a result without rows');
}

/**
 * Raw SQL rows, parsed by the schema that describes them: a column the query does not return,
 * or returns in another type, is an error here rather than a wrong value further on.
 */
export async function rows<S extends z.ZodType>(q: TTx | TDb, schema: S, query: SQL): Promise<z.output<S>[]> {
  const client = poolSessions.get(q._.session);
  const found = rowsOf(client ? await onClient(client, dialect.sqlToQuery(query), undefined) : await q.execute(query));
  // Row by row with the caller's schema (row-check.ts): wrapping it in z.array here would build (and
  // compile) a new schema on every call, which showed in the list's profile.
  return found.map(rowParser(schema));
}

const dialect = new PgDialect();
/** Statement names by SQL text; bounded, since a name is only a cache key for the server. */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 2_000;

/**
 * rows() for the hot queries (the lists every page load asks for): sent as a named prepared
 * statement, so each connection plans a given SQL text once and then only binds and runs it.
 * The name is derived from the text, so one name never stands for two statements.
 *
 * On PGlite inside withTenant the statement is prepared once per database and each run is one
 * call into it (bind, describe, execute, sync in one message), where an ordinary PGlite query
 * parses and plans the text again and takes two calls; elsewhere on PGlite it runs as an
 * ordinary query.
 */
export async function preparedRows<S extends z.ZodType>(q: TTx | TDb, schema: S, query: SQL): Promise<z.output<S>[]> {
  const compiled = dialect.sqlToQuery(query);
  let name = statementNames.get(compiled.sql);
  if (!name) {
    name = `pennant_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size < MAX_STATEMENT_NAMES) statementNames.set(compiled.sql, name);
  }
  const client = poolSessions.get(q._.session);
  const pglite = client ? undefined : pgliteSessions.get(q._.session);
  const values = pglite ? textValues(compiled.params) : null;
  const found = client
    ? rowsOf(await onClient(client, compiled, name))
    : pglite && values
      ? (await runNamedOnPglite(pglite, name, compiled.sql, values)).rows
      : rowsOf(await q._.session.prepareQuery(compiled, undefined, name, false).execute());
  return found.map(rowParser(schema));
}

/** Parameters in the protocol's text format; null when one is of a kind only a driver should convert. */
function textValues(params: readonly unknown[]): (string | null)[] | null {
  const out: (string | null)[] = [];
  for (const p of params) {
    if (p === null || p === undefined) out.push(null);
    else if (typeof p === 'string') out.push(p);
    else if (typeof p === 'number' || typeof p === 'bigint') out.push(String(p));
    else if (typeof p === 'boolean') out.push(p ? 't' : 'f');
    else if (p instanceof Date) out.push(p.toISOString());
    else return null;
  }
  return out;
}

/** Statement names already prepared, per PGlite (one session each). */
const preparedOnPglite = new WeakMap<PGlite, Set<string>>();

/**
 * Column types as drizzle's drivers read raw rows: timestamps, dates and intervals (and arrays of
 * them, and numeric[]) stay text; everything else through node-postgres's own type parsers. So a
 * named statement's rows on PGlite are exactly what the same statement gives on a PostgreSQL server.
 */
const RAW_TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const rawText = (value: string) => value;
function typeParser(oid: number): (value: string) => unknown {
  return RAW_TEXT_TYPES.has(oid) ? rawText : pg.types.getTypeParser(oid, 'text');
}

/** drizzle's reading of raw rows (RAW_TEXT_TYPES), as one constant configuration. */
const RAW_TYPES: pg.CustomTypesConfig = { getTypeParser: typeParser };

/**
 * Holds the connection's writes back until the current tick ends, then sends them as one. Unless
 * they already are: a transaction's opening corks them (db/tenant.ts), and so does every statement
 * sent on a transaction's connection (onClient), so the statements a service issues together after
 * a first read (a detail's lines and events, Promise.all) leave in one write rather than one each:
 * each write to the server is a system call and a wake-up of its backend (a tenth of a detail
 * read's CPU in the profile).
 */
export function corkUntilNextTick(client: pg.ClientBase): void {
  if (!(client instanceof pg.Client)) return;
  const stream = client.connection.stream;
  if (stream.writableCorked > 0) return;
  stream.cork();
  process.nextTick(() => stream.uncork());
}

/**
 * How long a read's COMMIT may wait for its connection's next user before it is sent alone. Under
 * load the pool hands the connection out again within a few milliseconds (it reuses the connection
 * released last), so the COMMIT leaves in the next transaction's opening write.
 */
const DEFERRED_COMMIT_MS = 20;

/** The connections whose read COMMIT is held back, with the timer that sends it alone. */
const deferredCommits = new WeakMap<pg.ClientBase, NodeJS.Timeout>();

/**
 * Ends a read-only transaction with a COMMIT that is not sent until the connection's next user
 * writes (its opening and statements leave in the same write) or, when nobody takes the
 * connection, after DEFERRED_COMMIT_MS. A read's COMMIT changes nothing, so holding it back only
 * holds the transaction's share locks a little longer (under READ COMMITTED an idle transaction
 * keeps no snapshot); sent on its own it cost a system call and a wake-up of the server's backend
 * on every read, an eighth of a small read's CPU. `onError` runs if it fails (the connection is
 * then in an unknown state).
 */
export function deferCommit(client: pg.ClientBase, onError: () => void): void {
  if (!(client instanceof pg.Client)) {
    client.query('COMMIT').catch(onError);
    return;
  }
  const stream = client.connection.stream;
  stream.cork();
  client.query('COMMIT').catch(onError);
  const timer = setTimeout(() => {
    deferredCommits.delete(client);
    stream.uncork();
  }, DEFERRED_COMMIT_MS);
  timer.unref();
  deferredCommits.set(client, timer);
}

/**
 * The pool's checkout of `client`: a COMMIT held back by deferCommit leaves at the end of this
 * tick, together with what the new user sends in it (corkUntilNextTick finds the connection
 * corked already).
 */
function sendDeferredCommit(client: pg.ClientBase): void {
  const timer = deferredCommits.get(client);
  if (!timer || !(client instanceof pg.Client)) return;
  clearTimeout(timer);
  deferredCommits.delete(client);
  const stream = client.connection.stream;
  // The pool hands out an idle connection from a process.nextTick callback, and the new user's
  // first statements come in the promise callbacks that follow it: uncorked at the next tick
  // after those (a tick queued now would run before them).
  queueMicrotask(() => process.nextTick(() => stream.uncork()));
}

/** A statement on a transaction's own connection, read as drizzle reads raw rows; named when given a name. */
function onClient(client: pg.ClientBase, compiled: { sql: string; params: unknown[] }, name: string | undefined) {
  corkUntilNextTick(client);
  return client.query(
    name
      ? { name, text: compiled.sql, values: compiled.params, types: RAW_TYPES }
      : { text: compiled.sql, values: compiled.params, types: RAW_TYPES },
  );
}

function concatMessages(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The reply of one bind-describe-execute-sync, read with node-postgres's protocol parser (the
 * one the PostgreSQL path uses): rows keyed by column name, parsed once by column type.
 */
function readReply(raw: Uint8Array): { parsed: boolean; rows: Record<string, unknown>[]; error: Error | null } {
  const out: { parsed: boolean; rows: Record<string, unknown>[]; error: Error | null } = {
    parsed: false,
    rows: [],
    error: null,
  };
  let names: string[] = [];
  let parsers: ((value: string) => unknown)[] = [];
  new Parser().parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (msg) => {
    if (msg instanceof RowDescriptionMessage) {
      names = msg.fields.map((f) => f.name);
      parsers = msg.fields.map((f) => typeParser(f.dataTypeID));
    } else if (msg instanceof DataRowMessage) {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) {
        const value = msg.fields[i];
        row[names[i] as string] =
          value === null || value === undefined ? null : (parsers[i] as (v: string) => unknown)(value);
      }
      out.rows.push(row);
    } else if (msg instanceof DatabaseError) {
      out.error ??= msg;
    } else if (msg.name === 'parseComplete') {
      out.parsed = true;
    }
  });
  return out;
}

async function runNamedOnPglite(
  pglite: PGlite,
  name: string,
  text: string,
  values: (string | null)[],
): Promise<{ rows: Record<string, unknown>[] }> {
  const s = pgliteProtocol.serialize;
  let prepared = preparedOnPglite.get(pglite);
  if (!prepared) {
    prepared = new Set();
    preparedOnPglite.set(pglite, prepared);
  }
  const parts = [s.bind({ statement: name, values }), s.describe({ type: 'P' }), s.execute({}), s.sync()];
  // A statement prepared in this same message: the name is recorded only once PGlite has it.
  if (!prepared.has(name)) parts.unshift(s.parse({ name, text, types: [] }));
  // The raw stream rather than execProtocolRaw: that one also runs every message through PGlite's
  // own parser (a copied ArrayBuffer and a decoded string per field), which was a quarter of a
  // PGlite list request's CPU for rows readReply parses anyway. The chunks are views of the
  // database's memory, overwritten by the next write: each is copied as it comes.
  const chunks: Buffer[] = [];
  await pglite.execProtocolRawStream(concatMessages(parts), {
    syncToFs: false,
    onRawData: (chunk) => {
      chunks.push(Buffer.from(chunk));
    },
  });
  const reply = readReply(Buffer.concat(chunks));
  // Remembered even when the Bind failed after it: preparing the name again would be an error.
  if (reply.parsed) prepared.add(name);
  if (reply.error) throw reply.error;
  return { rows: reply.rows };
}

/** Row shapes many statements share: `RETURNING id`, `count(*) AS n`, and a presence test `SELECT 1 AS one`. */
export const ZRowId = z.object({ id: z.string() });
export const ZRowN = z.object({ n: column.count });
export const ZRowOne = z.object({ one: column.count });

export { column, sql };
