import { planLimits } from '@pennant/shared/organization/plans';
import type { TPlanReply } from '@pennant/shared/organization/schemas';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TMember } from '../session/member';
import { countPendingInvites } from './invites.repo';
import { countActiveSponsors } from './organizations.repo';
import { countMembers } from './team.repo';

/** The plan from the session (read this request) and its usage, counted in one transaction. */
export async function getPlan(deps: TDeps, member: TMember): Promise<TPlanReply> {
  const usage = await withTenant(deps.db, member, async (tx) => ({
    activeSponsors: await countActiveSponsors(tx, member.orgId),
    teamMembers: await countMembers(tx, member.orgId),
    pendingInvites: await countPendingInvites(tx, member.orgId),
  }));
  const limits = planLimits(member.plan);
  return {
    planKey: member.plan.planKey,
    status: member.plan.status,
    expiresAt: member.plan.expiresAt,
    usage: { ...usage, sponsorLimit: limits.activeSponsors, teamLimit: limits.teamMembers },
  };
}
