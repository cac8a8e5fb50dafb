import type { TPlanKey } from '@pennant/shared/plans';
import { eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { organizations } from '../../db/schema/organizations';

/** Sets an organization's plan as a paid subscription would: status active, a year's period. */
export async function setOrganizationPlan(tx: TTx, orgId: string, planKey: TPlanKey): Promise<void> {
  const premium = planKey !== 'free';
  await tx
    .update(organizations)
    .set({
      planKey,
      subscriptionStatus: premium ? 'active' : null,
      currentPeriodEnd: premium ? sql`now() + interval '1 year'` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(organizations.id, orgId));
}
