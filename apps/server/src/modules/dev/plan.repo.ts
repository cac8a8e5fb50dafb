import { isPremiumKey, type TPlanKey, type TSubscriptionStatus } from '@pennant/shared/organization/plans';
import { eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { organizations } from '../../db/schema/organizations';

/**
 * Sets an organization's plan as the payment provider would: a premium plan gets `status` (active
 * unless told) and a period ending a year out; free clears both.
 */
export async function setOrganizationPlan(
  tx: TTx,
  orgId: string,
  planKey: TPlanKey,
  status: TSubscriptionStatus = 'active',
): Promise<void> {
  const premium = isPremiumKey(planKey);
  await tx
    .update(organizations)
    .set({
      planKey,
      subscriptionStatus: premium ? status : null,
      currentPeriodEnd: premium ? sql`now() + interval '1 year'` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(organizations.id, orgId));
}
