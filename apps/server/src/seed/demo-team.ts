import { withTenant } from '../db/tenant';
import type { TDeps } from '../deps';
import { newInviteSecret } from '../modules/organizations/invite-link';
import { insertInvite } from '../modules/organizations/invites.repo';
import { updatePlan } from '../modules/organizations/organizations.repo';
import { insertMemberRoles } from '../modules/organizations/team.repo';
import type { TMember } from '../modules/session/member';

export const DEMO_TEAMMATE = { name: 'Sam Patel', email: 'sam@pennant.app', password: 'pennant-demo' };
export const DEMO_INVITEE = { email: 'alex@pennant.app', roles: ['sponsorship_lead'] as const };

/**
 * The demo organization's team: a treasurer besides the owner and a pending invitation. The free
 * plan allows one team member, so the organization first becomes premium (yearly, active, renewing
 * a year from now). The invitation is recorded without an e-mail: nobody should receive demo mail.
 */
export async function seedDemoTeam(
  deps: TDeps,
  owner: TMember,
): Promise<{ memberId: string; inviteId: string | null }> {
  const renews = new Date();
  renews.setFullYear(renews.getFullYear() + 1);
  await withTenant(deps.db, owner, (tx) =>
    updatePlan(tx, owner.orgId, { planKey: 'premium_year', subscriptionStatus: 'active', currentPeriodEnd: renews }),
  );

  const { user } = await deps.auth.api.signUpEmail({
    body: { name: DEMO_TEAMMATE.name, email: DEMO_TEAMMATE.email, password: DEMO_TEAMMATE.password },
  });

  const invite = await withTenant(deps.db, owner, async (tx) => {
    await insertMemberRoles(tx, owner.orgId, user.id, ['treasurer'], false);
    return insertInvite(tx, {
      orgId: owner.orgId,
      email: DEMO_INVITEE.email,
      roles: DEMO_INVITEE.roles,
      createdBy: owner.userId,
      // Nobody receives demo mail, so nobody holds this link's secret: it is never sent.
      tokenHash: newInviteSecret().tokenHash,
    });
  });
  return { memberId: user.id, inviteId: invite?.id ?? null };
}
