import { planLimits } from '@pennant/shared/organization/plans';
import type { TPlanReply } from '@pennant/shared/organization/schemas';
import { readTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TMember } from '../session/member';
import { planUsage } from './organizations.repo';

/** The plan from the session (read this request) and its usage, counted in one transaction. */
export async function getPlan(deps: TDeps, member: TMember): Promise<TPlanReply> {
  const usage = await readTenant(deps.db, member, (tx) => planUsage(tx, member.orgId));
  const limits = planLimits(member.plan);
  return {
    planKey: member.plan.planKey,
    status: member.plan.status,
    expiresAt: member.plan.expiresAt,
    usage: { ...usage, sponsorLimit: limits.activeSponsors, teamLimit: limits.teamMembers },
  };
}
