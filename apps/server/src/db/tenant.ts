import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import { poolOf, sql, type TDb, type TTx } from './client';
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
function tenantOpening(ctx: TTenantCtx): string | null {
  if (!UUID.test(ctx.orgId) || !UUID.test(ctx.userId)) return null;
  return `BEGIN; SELECT set_config('role', '${APP_ROLE}', true), set_config('app.org_id', '${ctx.orgId}', true), set_config('app.user_id', '${ctx.userId}', true)`;
}

const dialect = new PgDialect();

/**
 * Runs fn in one transaction as the app role with the organization set for row-level security.
 * Local settings only (set_config(…, true) is SET LOCAL): a session-level SET would leak to the
 * next user of a pooled connection.
 *
 * On a PostgreSQL server the transaction opens with one message (BEGIN and the settings) on one
 * pooled connection, then fn's statements, then COMMIT: the same transaction drizzle's would be,
 * one round trip shorter, which every request pays. PGlite (in process, no round trips) takes
 * drizzle's own transaction, which also holds PGlite's transaction lock.
 */
export async function withTenant<T>(db: TDb, ctx: TTenantCtx, fn: (tx: TTx) => Promise<T>): Promise<T> {
  const pool = poolOf(db);
  const opening = tenantOpening(ctx);
  if (pool && opening) {
    const client = await pool.connect();
    // Back to the pool only after a COMMIT or ROLLBACK that went through; a connection whose
    // transaction ended in an unknown state is closed instead.
    let settled = false;
    try {
      await client.query(opening);
      const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined);
      let result: T;
      try {
        result = await fn(tx as unknown as TTx);
      } catch (err) {
        await client.query('ROLLBACK');
        settled = true;
        throw err;
      }
      await client.query('COMMIT');
      settled = true;
      return result;
    } finally {
      client.release(settled ? undefined : true);
    }
  }
  return db.transaction(async (tx) => {
    // One statement: set_config('role', …, true) is SET LOCAL ROLE.
    await tx.execute(
      sql`SELECT set_config('role', ${APP_ROLE}, true), set_config('app.org_id', ${ctx.orgId}, true), set_config('app.user_id', ${ctx.userId}, true)`,
    );
    return fn(tx);
  });
}

/**
 * Platform-level work that no single organization owns (sign-in lookups, the admin console,
 * webhooks, jobs before they know their org). Logged with its reason so it can be audited.
 */
export async function withPlatform<T>(db: TDb, log: Logger, reason: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  log.debug({ platform: reason }, 'platform transaction');
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL ROLE ${PLATFORM_ROLE}`));
    return fn(tx);
  });
}
