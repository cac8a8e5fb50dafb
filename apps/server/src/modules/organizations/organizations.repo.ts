import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { column, rows, type TTx } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { organizations } from '../../db/schema/organizations';

export type TOrganizationRow = typeof organizations.$inferSelect;

export async function findOrganizationById(tx: TTx, orgId: string): Promise<TOrganizationRow | null> {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, orgId));
  return org ?? null;
}

export interface TSettingsValues {
  name: string;
  seasonLabel: string;
  fiscalStartMonth: number;
  emailAlias: string | null;
  sponsorshipLeadEmail: string | null;
  treasurerEmail: string | null;
  remitToAddress: string | null;
  ein: string | null;
  businessStreet: string | null;
  businessCity: string | null;
  businessState: string | null;
  businessZip: string | null;
  defaultPaymentMethod: string;
}

/**
 * Saves the settings. email_verified goes back to false in the same statement when the alias
 * differs from the stored one, so two concurrent saves cannot keep a stale verification.
 */
export async function updateSettings(
  tx: TTx,
  orgId: string,
  values: TSettingsValues,
): Promise<TOrganizationRow | null> {
  const [org] = await tx
    .update(organizations)
    .set({
      ...values,
      emailVerified: sql`CASE WHEN ${organizations.emailAlias} IS NOT DISTINCT FROM ${values.emailAlias}::text
                              THEN ${organizations.emailVerified} ELSE false END`,
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, orgId))
    .returning();
  return org ?? null;
}

export interface TPlanRow {
  planKey: string | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | null;
}

const ZRowPlanState = z.object({
  plan_key: z.string().nullable(),
  subscription_status: z.string().nullable(),
  current_period_end: column.instant.nullable(),
});

/**
 * The plan as stored right now, with the organization row locked until the transaction ends:
 * two invitations sent at once are checked against the limit one after the other.
 */
export async function lockPlan(tx: TTx, orgId: string): Promise<TPlanRow | null> {
  const [row] = await rows(
    tx,
    ZRowPlanState,
    sql`SELECT plan_key, subscription_status, current_period_end FROM organization WHERE id = ${orgId} FOR UPDATE`,
  );
  if (!row) return null;
  return {
    planKey: row.plan_key,
    subscriptionStatus: row.subscription_status,
    currentPeriodEnd: row.current_period_end === null ? null : new Date(row.current_period_end),
  };
}

export async function updatePlan(tx: TTx, orgId: string, plan: TPlanRow): Promise<void> {
  await tx
    .update(organizations)
    .set({
      planKey: plan.planKey,
      subscriptionStatus: plan.subscriptionStatus,
      currentPeriodEnd: plan.currentPeriodEnd,
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, orgId));
}

/** Companies in status sponsor: what the free plan's sponsor limit counts (company_org_status_idx). */
export async function countActiveSponsors(tx: TTx, orgId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(companies)
    .where(and(eq(companies.orgId, orgId), eq(companies.status, 'sponsor')));
  return Number(row?.n ?? 0);
}
