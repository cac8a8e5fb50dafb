import type { Logger } from 'pino';
import { sql, type TDb, type TTx } from './client';
import { APP_ROLE, PLATFORM_ROLE } from './roles';

export interface TTenantCtx {
  orgId: string;
  userId: string;
}

/**
 * Runs fn in one transaction as the app role with the organization set for row-level security.
 * SET LOCAL only: a session-level SET would leak to the next user of a pooled connection.
 */
export async function withTenant<T>(db: TDb, ctx: TTenantCtx, fn: (tx: TTx) => Promise<T>): Promise<T> {
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
