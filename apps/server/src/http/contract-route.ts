import { createRoute } from '@hono/zod-openapi';
import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import type { TContract } from '@pennant/shared/contract';
import { allows, isPlatformPermission, refusal, type TPermission } from '@pennant/shared/session/permissions';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors';
import { refusesWhileFrozen, requirePlatformAdmin } from '../modules/admin/admin-gate';
import { requireMember, requireUser } from '../modules/session/member';
import type { TAppEnv } from './env';

/**
 * The permission check of a route, run as middleware before its input is validated or its body
 * read: a signed-out caller gets 401 and a member without the right 403, whatever they sent.
 * The service checks again (defence in depth); both read the same matrix. Platform permissions
 * (the admin console) need the app-admin flag. A frozen organization's members may read, but a
 * change (any write needing more than membership) is 423 with the frozen message: the freeze rule
 * lives here, once, for every tenant route.
 */
export function allow(permission: TPermission) {
  return createMiddleware<TAppEnv>(async (c, next) => {
    if (permission === 'user') requireUser(c);
    else if (isPlatformPermission(permission)) await requirePlatformAdmin(c, permission);
    else if (permission !== 'public') {
      const member = await requireMember(c);
      if (!allows(member, permission)) throw new AppError('forbidden', refusal(permission));
      if (permission !== 'member' && refusesWhileFrozen(c.req.method, member.org.isFrozen)) {
        throw new AppError('frozen', ADMIN_MESSAGES.frozenWrite);
      }
    }
    await next();
  });
}

/** Every contract mounted, so a test can prove no route is served without one. */
export const mountedContracts = new Set<TContract>();

/**
 * The OpenAPI route of a contract, with its permission check in front; `after` runs next, still
 * before the input is validated (a plan gate, a body size limit).
 */
export function route<const C extends TContract>(contract: C, ...after: MiddlewareHandler<TAppEnv>[]) {
  mountedContracts.add(contract);
  const {
    permission,
    topic: _topic,
    resources: _resources,
    example: _example,
    exampleQuery: _query,
    ...config
  } = contract;
  return createRoute({ ...config, middleware: [allow(permission), ...after] });
}
