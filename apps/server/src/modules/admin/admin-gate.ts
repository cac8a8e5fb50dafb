import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import type { TPlatformPermission } from '@pennant/shared/session/permissions';
import type { Context } from 'hono';
import { z } from 'zod';
import { platformReadOnce, readPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TAppEnv } from '../../http/env';
import type { TAuthUser } from '../auth/auth';
import { requireUser } from '../session/member';
import { isAppAdmin } from '../session/session.repo';

const ZAdminFlag = z.object({ admin: z.boolean() });

/**
 * is_app_admin: whether the account holds the app-admin flag (read now, never cached). Every
 * console request asks, so on PostgreSQL it is one round trip (platformReadOnce) rather than a
 * transaction's three.
 */
export async function isPlatformAdmin(deps: TDeps, userId: string): Promise<boolean> {
  const once = await platformReadOnce(
    deps.db,
    deps.log,
    'is app admin',
    [userId],
    ([id]) => `SELECT EXISTS (SELECT 1 FROM app_admin WHERE user_id = '${id}') AS admin`,
  );
  if (once) return once.some((row) => ZAdminFlag.parse(row).admin);
  return readPlatform(deps.db, deps.log, 'is app admin', (tx) => isAppAdmin(tx, userId));
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * The admin console's gate, run by the route's permission check before its input is read: signed
 * out is 401, an account without the app-admin flag 403 'You must be an admin to access this
 * area'. The flag is read from the database on every console request (no cache), so a revoke
 * takes effect at once. While the admin impersonates an organization, the console may be read
 * but not changed (`platformAdmin`), except by ending the impersonation (`endImpersonation`).
 */
export async function requirePlatformAdmin(c: Context<TAppEnv>, permission: TPlatformPermission): Promise<TAuthUser> {
  const user = requireUser(c);
  if (!(await isPlatformAdmin(c.get('deps'), user.id)))
    throw new AppError('forbidden', ADMIN_MESSAGES.notAuthorizedDescription);
  if (permission === 'platformAdmin' && !isRead(c.req.method) && c.get('member')?.impersonatedAt) {
    throw new AppError('forbidden', ADMIN_MESSAGES.impersonatingRefused);
  }
  return user;
}

/** Whether a member's organization refuses this request: a frozen organization is read-only. */
export function refusesWhileFrozen(method: string, frozen: boolean): boolean {
  return frozen && !isRead(method);
}
