import { PLAN_KEYS, SUBSCRIPTION_STATUSES } from '@pennant/shared/organization/plans';
import type { Hono } from 'hono';
import { z } from 'zod';
import { withTenant } from '../../db/tenant';
import { AppError } from '../../errors';
import type { TAppEnv } from '../../http/env';
import { checkSameOrigin } from '../../http/same-origin';
import { loadMember } from '../session/member';
import { setOrganizationPlan } from './plan.repo';

const ZPlanBody = z.object({ planKey: z.enum(PLAN_KEYS), status: z.enum(SUBSCRIPTION_STATUSES).optional() });

/**
 * Local mode only: `POST /dev/api/plan` with `{ planKey, status? }` sets the signed-in owner's plan
 * (status active unless given, e.g. past_due; period end a year out), so journeys and people can try
 * premium features and subscription states before the payment simulator exists. Mount it only where
 * the dev mailbox is mounted.
 */
export function mountDevPlan(app: Hono<TAppEnv>): void {
  app.post('/dev/api/plan', async (c) => {
    const deps = c.get('deps');
    checkSameOrigin(c, deps.config);
    const found = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!found) throw new AppError('unauthenticated', 'Please sign in');
    const member = await loadMember(deps, { id: found.user.id, email: found.user.email, name: found.user.name });
    if (!member) throw new AppError('forbidden', 'You are not a member of an organization yet');
    if (!member.isOwner) throw new AppError('forbidden', 'Only the organization owner can change the plan');
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError('bad_request', 'Malformed JSON body');
    }
    const { planKey, status } = ZPlanBody.parse(body);
    await withTenant(deps.db, member, (tx) => setOrganizationPlan(tx, member.orgId, planKey, status));
    deps.hub.publish(member.orgId, { topic: 'members' });
    return c.json({ ok: true as const, planKey }, 200);
  });
}
