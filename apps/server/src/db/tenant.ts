import type { PGlite } from '@electric-sql/pglite';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite/session';
import pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  corkUntilNextTick,
  deferCommit,
  pgliteOf,
  poolOf,
  registerPgliteSession,
  registerPoolSession,
  sql,
  type TDb,
  type TTx,
} from './client';
import { APP_ROLE, PLATFORM_ROLE } from './roles';

export interface TTenantCtx {
  orgId: string;
  userId: string;
}

/** Only a canonical uuid is ever written into the opening statement's text (see tenantOpening). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * BEGIN and the tenant settings as one simple-protocol message: one round trip instead of two.
 * A simple query carries no parameters, so the ids go into the text, and only after they have
 * matched the uuid pattern (nothing else can reach the text); anything else takes the
 * parameterised path.
 */
function tenantSettings(ctx: TTenantCtx): string | null {
  if (!UUID.test(ctx.orgId) || !UUID.test(ctx.userId)) return null;
  return `SELECT set_config('role', '${APP_ROLE}', true), set_config('app.org_id', '${ctx.orgId}', true), set_config('app.user_id', '${ctx.userId}', true)`;
}

const dialect = new PgDialect();

/** Closes a connection whose state is no longer known; its pool drops it on the error that follows. */
function closeConnection(client: pg.PoolClient): void {
  if (client instanceof pg.Client) client.connection.stream.destroy();
}

/**
 * A transaction either writes (its COMMIT's reply is awaited: the change is durable before the
 * caller answers) or only reads, opened READ ONLY so that a write in it is an error, whose COMMIT
 * is sent without waiting for its reply.
 */
type TTxMode = 'write' | 'read';

/**
 * One transaction on one pooled connection of a PostgreSQL server, opened by one message (BEGIN
 * and its settings): the same transaction drizzle's would be, one round trip shorter, which every
 * request pays. The pool's connections are in pipeline mode (db/client.ts), so:
 *
 * - the opening is not waited for: it leaves together with the statements fn issues at once (a
 *   page and its counts), in one write (corked until the tick ends) and one round trip. A failed
 *   opening aborts the transaction block, so every statement behind it fails too; its own error
 *   is read after fn;
 * - a read's COMMIT is not waited for and the connection goes back to the pool at once; the
 *   COMMIT is held back until the next user of the connection writes (deferCommit), so it leaves
 *   in that user's first write. A read-only transaction's COMMIT changes nothing and fails only
 *   with its connection, which is then closed.
 *
 * A write's connection goes back to the pool only after a COMMIT or ROLLBACK that went through;
 * one whose transaction ended in an unknown state is closed instead.
 */
async function onPool<T>(pool: pg.Pool, opening: string, mode: TTxMode, fn: (tx: TTx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let settled = false;
  try {
    corkUntilNextTick(client);
    const opened = client.query(opening);
    opened.catch(() => undefined);
    const session = new NodePgSession(client, dialect, undefined);
    registerPoolSession(session, client);
    const tx = new NodePgTransaction(dialect, session, undefined);
    let result: T;
    try {
      result = await fn(tx as unknown as TTx);
      await opened;
    } catch (err) {
      await client.query('ROLLBACK');
      settled = true;
      throw err;
    }
    if (mode === 'read') {
      // Held back until the connection's next user writes (deferCommit): its opening and
      // statements leave in the COMMIT's write.
      deferCommit(client, () => closeConnection(client));
    } else {
      await client.query('COMMIT');
    }
    settled = true;
    return result;
  } finally {
    client.release(settled ? undefined : true);
  }
}

/**
 * Runs fn in one transaction as the app role with the organization set for row-level security.
 * Local settings only (set_config(…, true) is SET LOCAL): a session-level SET would leak to the
 * next user of a pooled connection.
 *
 * On a PostgreSQL server the transaction opens with one message (BEGIN and the settings, onPool).
 * On PGlite the settings are one simple query inside PGlite's own transaction.
 */
export function withTenant<T>(db: TDb, ctx: TTenantCtx, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return tenantTransaction(db, ctx, 'write', fn);
}

/**
 * withTenant for work that only reads (a page's lists and details): the transaction is READ ONLY,
 * so a write in it fails on both databases, and on a PostgreSQL server the caller does not wait
 * for its COMMIT (onPool).
 */
export function readTenant<T>(db: TDb, ctx: TTenantCtx, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return tenantTransaction(db, ctx, 'read', fn);
}

/**
 * A transaction in PGlite's own transaction (it holds PGlite's lock, so no other work interleaves),
 * opened with `setup` as one simple query; its session is registered so preparedRows can send
 * named statements straight to this PGlite.
 */
function onPglite<T>(pglite: PGlite, setup: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return pglite.transaction(async (ptx) => {
    await ptx.exec(setup);
    const session = new PgliteSession(ptx as unknown as PGlite, dialect, undefined);
    registerPgliteSession(session, pglite);
    return fn(new PgliteTransaction(dialect, session, undefined) as unknown as TTx);
  });
}

/**
 * One transaction on whichever database `db` is, with `setup` (simple SQL: the role, the tenant
 * settings; '' for none) run first: on a PostgreSQL server in BEGIN's own message (onPool), on
 * PGlite as one simple query in PGlite's transaction (onPglite). A read is READ ONLY on both.
 */
function openTransaction<T>(db: TDb, mode: TTxMode, setup: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  const readOnly = mode === 'read';
  const pool = poolOf(db);
  if (pool) return onPool(pool, [readOnly ? 'BEGIN READ ONLY' : 'BEGIN', setup].filter(Boolean).join('; '), mode, fn);
  const pglite = pgliteOf(db);
  if (pglite)
    return onPglite(pglite, [readOnly ? 'SET TRANSACTION READ ONLY' : '', setup].filter(Boolean).join('; '), fn);
  return db.transaction(async (tx) => {
    if (readOnly) await tx.execute(sql.raw('SET TRANSACTION READ ONLY'));
    if (setup) await tx.execute(sql.raw(setup));
    return fn(tx);
  });
}

function tenantTransaction<T>(db: TDb, ctx: TTenantCtx, mode: TTxMode, fn: (tx: TTx) => Promise<T>): Promise<T> {
  const settings = tenantSettings(ctx);
  if (settings) return openTransaction(db, mode, settings, fn);
  // Ids that are not uuids never reach a statement's text: they go as parameters.
  return db.transaction(async (tx) => {
    if (mode === 'read') await tx.execute(sql.raw('SET TRANSACTION READ ONLY'));
    // One statement: set_config('role', …, true) is SET LOCAL ROLE.
    await tx.execute(
      sql`SELECT set_config('role', ${APP_ROLE}, true), set_config('app.org_id', ${ctx.orgId}, true), set_config('app.user_id', ${ctx.userId}, true)`,
    );
    return fn(tx);
  });
}

const ZSimpleResults = z.array(z.object({ rows: z.array(z.unknown()) }));

/**
 * A platform read of one statement in one round trip on a PostgreSQL server, for a check every
 * request of an area makes (the admin console's gate): SET LOCAL ROLE and the statement go as one
 * simple-protocol message, which the server runs as one implicit transaction, so the role ends
 * with it. A simple query carries no parameters: the statement may name only the ids given, which
 * must all be uuids and are written into its text only after matching the uuid pattern. Answers
 * the statement's rows, or null where this path is not taken (PGlite, an id that is not a uuid):
 * the caller then reads through withPlatform.
 */
export async function platformReadOnce(
  db: TDb,
  log: Logger,
  reason: string,
  ids: readonly string[],
  statement: (ids: readonly string[]) => string,
): Promise<unknown[] | null> {
  const pool = poolOf(db);
  if (!pool || !ids.every((id) => UUID.test(id))) return null;
  log.debug({ platform: reason }, 'platform read');
  const results = ZSimpleResults.parse(await pool.query(`SET LOCAL ROLE ${PLATFORM_ROLE}; ${statement(ids)}`));
  return results.at(-1)?.rows ?? [];
}

/**
 * Platform-level work that no single organization owns (sign-in lookups, the admin console,
 * webhooks, jobs before they know their org). Logged with its reason so it can be audited.
 */
export function withPlatform<T>(db: TDb, log: Logger, reason: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return platformTransaction(db, log, reason, 'write', fn);
}

/**
 * withPlatform for work that only reads (the admin console's pages), as readTenant is withTenant's:
 * READ ONLY on both databases, and on a PostgreSQL server the caller does not wait for its COMMIT.
 */
export function readPlatform<T>(db: TDb, log: Logger, reason: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return platformTransaction(db, log, reason, 'read', fn);
}

function platformTransaction<T>(
  db: TDb,
  log: Logger,
  reason: string,
  mode: TTxMode,
  fn: (tx: TTx) => Promise<T>,
): Promise<T> {
  log.debug({ platform: reason }, 'platform transaction');
  return openTransaction(db, mode, `SET LOCAL ROLE ${PLATFORM_ROLE}`, fn);
}

/**
 * A read-only transaction as the connecting user itself, for what belongs to it rather than to the
 * platform role (pg-boss's schema: the console's queue health). Opened in one message, its COMMIT
 * not waited for, like readPlatform's.
 */
export function readAsOwner<T>(db: TDb, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return openTransaction(db, 'read', '', fn);
}
