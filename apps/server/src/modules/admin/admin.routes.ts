import * as api from '@pennant/shared/admin/contract';
import type { Context } from 'hono';
import { clientIp } from '../../http/client-ip';
import { route } from '../../http/contract-route';
import type { TAppEnv } from '../../http/env';
import { createRouter } from '../../http/router';
import { requireUser } from '../session/member';
import type { TAdminActor } from './admin-audit';
import { isPlatformAdmin } from './admin-gate';
import {
  adminOrganizations,
  endImpersonation,
  startImpersonation,
  updateAdminOrganization,
} from './admin-orgs.service';
import {
  adminDashboard,
  adminMetrics,
  aiConfigHistory,
  aiConfigs,
  auditLogs,
  saveAiConfig,
  signupMetrics,
  systemHealth,
  tokenUsage,
} from './admin-reads.service';
import {
  adminUserOrganizations,
  adminUsers,
  bulkDeleteAdminUsers,
  deleteAdminUser,
  grantAdminByEmail,
  manageAdminUserRole,
  setAdminUserDisabled,
} from './admin-users.service';

/** The longest user agent an audit row keeps. */
const USER_AGENT_MAX = 500;

/** The admin acting, with the client's address and user agent for the audit row. */
function actor(c: Context<TAppEnv>): TAdminActor {
  const user = requireUser(c);
  return {
    id: user.id,
    email: user.email,
    ip: clientIp(c),
    userAgent: c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
  };
}

/** The platform admin console (packages/shared/src/admin/contract.ts); the gate runs in route(). */
export const adminRoutes = createRouter()
  .openapi(route(api.getAdminMe), async (c) => {
    return c.json({ isAppAdmin: await isPlatformAdmin(c.get('deps'), requireUser(c).id) }, 200);
  })
  .openapi(route(api.getAdminDashboard), async (c) => c.json(await adminDashboard(c.get('deps')), 200))
  .openapi(route(api.listAdminUsers), async (c) => c.json(await adminUsers(c.get('deps'), c.req.valid('query')), 200))
  .openapi(route(api.updateAdminUser), async (c) =>
    c.json(
      await setAdminUserDisabled(c.get('deps'), actor(c), c.req.valid('param').id, c.req.valid('json').disabled),
      200,
    ),
  )
  .openapi(route(api.deleteAdminUser), async (c) =>
    c.json(await deleteAdminUser(c.get('deps'), actor(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.bulkDeleteAdminUsers), async (c) =>
    c.json(await bulkDeleteAdminUsers(c.get('deps'), actor(c), c.req.valid('json').userIds), 200),
  )
  .openapi(route(api.getAdminUserOrganizations), async (c) =>
    c.json(await adminUserOrganizations(c.get('deps'), c.req.valid('param').id), 200),
  )
  .openapi(route(api.addAdminUserRole), async (c) => {
    const { id, orgId, role } = c.req.valid('param');
    return c.json(await manageAdminUserRole(c.get('deps'), actor(c), { userId: id, orgId, role, add: true }), 200);
  })
  .openapi(route(api.removeAdminUserRole), async (c) => {
    const { id, orgId, role } = c.req.valid('param');
    return c.json(await manageAdminUserRole(c.get('deps'), actor(c), { userId: id, orgId, role, add: false }), 200);
  })
  .openapi(route(api.grantAdmin), async (c) =>
    c.json(await grantAdminByEmail(c.get('deps'), actor(c), c.req.valid('json').email), 200),
  )
  .openapi(route(api.listAdminOrganizations), async (c) =>
    c.json(await adminOrganizations(c.get('deps'), c.req.valid('query')), 200),
  )
  .openapi(route(api.updateAdminOrganization), async (c) =>
    c.json(await updateAdminOrganization(c.get('deps'), actor(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(route(api.startImpersonation), async (c) =>
    c.json(await startImpersonation(c.get('deps'), actor(c), c.req.valid('param').id), 201),
  )
  .openapi(route(api.endImpersonation), async (c) => c.json(await endImpersonation(c.get('deps'), actor(c)), 200))
  .openapi(route(api.listAiConfigs), async (c) => c.json(await aiConfigs(c.get('deps')), 200))
  .openapi(route(api.updateAiConfig), async (c) =>
    c.json(await saveAiConfig(c.get('deps'), actor(c), c.req.valid('param').feature, c.req.valid('json')), 200),
  )
  .openapi(route(api.getAiConfigHistory), async (c) =>
    c.json(await aiConfigHistory(c.get('deps'), c.req.valid('param').feature), 200),
  )
  .openapi(route(api.getAdminMetrics), async (c) => c.json(await adminMetrics(c.get('deps')), 200))
  .openapi(route(api.getSystemHealth), async (c) => c.json(await systemHealth(c.get('deps')), 200))
  .openapi(route(api.getTokenUsage), async (c) =>
    c.json(await tokenUsage(c.get('deps'), c.req.valid('query').days), 200),
  )
  .openapi(route(api.getSignupMetrics), async (c) =>
    c.json(await signupMetrics(c.get('deps'), c.req.valid('query').days), 200),
  )
  .openapi(route(api.listAuditLogs), async (c) => c.json(await auditLogs(c.get('deps'), c.req.valid('query')), 200));
