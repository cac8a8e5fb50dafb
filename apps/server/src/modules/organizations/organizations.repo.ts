import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, type TTx } from '../../db/client';
import { organizations } from '../../db/schema/organizations';

/** The organization's business identity and how it is paid: on the settings page and on every invoice. */
export const ZRowOrganizationBusiness = z.object({
  remit_to_address: z.string().nullable(),
  ein: z.string().nullable(),
  business_street: z.string().nullable(),
  business_city: z.string().nullable(),
  business_state: z.string().nullable(),
  business_zip: z.string().nullable(),
  default_payment_method: z.string(),
});

/** The settings page's columns (spec §5), read and written back by the two statements below. */
const ZRowSettings = ZRowOrganizationBusiness.extend({
  id: z.string(),
  name: z.string(),
  season_label: z.string(),
  fiscal_start_month: z.number(),
  email_alias: z.string().nullable(),
  email_verified: z.boolean(),
  sponsorship_lead_email: z.string().nullable(),
  treasurer_email: z.string().nullable(),
});
export type TSettingsRow = z.output<typeof ZRowSettings>;

const SETTINGS_COLUMNS = sql.raw(Object.keys(ZRowSettings.shape).join(', '));

/**
 * One named statement with the columns the page shows: the ORM's builder spent more of this
 * request's CPU composing a 30-column SELECT than the database spent answering it.
 */
export async function findSettings(tx: TTx, orgId: string): Promise<TSettingsRow | null> {
  const [org] = await preparedRows(
    tx,
    ZRowSettings,
    sql`SELECT ${SETTINGS_COLUMNS} FROM organization WHERE id = ${orgId}`,
  );
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
 * Saves the settings and answers them as stored, in one statement. email_verified goes back to
 * false in the same statement when the alias differs from the stored one (SET reads the row as it
 * was), so two concurrent saves cannot keep a stale verification.
 */
export async function updateSettings(tx: TTx, orgId: string, v: TSettingsValues): Promise<TSettingsRow | null> {
  const [org] = await rows(
    tx,
    ZRowSettings,
    sql`UPDATE organization
        SET name = ${v.name}, season_label = ${v.seasonLabel}, fiscal_start_month = ${v.fiscalStartMonth},
            email_verified = CASE WHEN email_alias IS NOT DISTINCT FROM ${v.emailAlias}::text
                                  THEN email_verified ELSE false END,
            email_alias = ${v.emailAlias}, sponsorship_lead_email = ${v.sponsorshipLeadEmail},
            treasurer_email = ${v.treasurerEmail}, remit_to_address = ${v.remitToAddress}, ein = ${v.ein},
            business_street = ${v.businessStreet}, business_city = ${v.businessCity},
            business_state = ${v.businessState}, business_zip = ${v.businessZip},
            default_payment_method = ${v.defaultPaymentMethod}, updated_at = now()
        WHERE id = ${orgId}
        RETURNING ${SETTINGS_COLUMNS}`,
  );
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

const ZRowPlanUsage = z.object({
  active_sponsors: column.count,
  team_members: column.count,
  pending_invites: column.count,
});

export interface TPlanUsage {
  activeSponsors: number;
  teamMembers: number;
  pendingInvites: number;
}

/**
 * What the plan's limits count, in one named statement: companies in status sponsor
 * (company_org_status_idx), distinct users with a role, and pending unexpired invitations.
 */
export async function planUsage(tx: TTx, orgId: string): Promise<TPlanUsage> {
  const [row] = await preparedRows(
    tx,
    ZRowPlanUsage,
    sql`SELECT (SELECT count(*) FROM company WHERE org_id = ${orgId} AND status = 'sponsor') AS active_sponsors,
               (SELECT count(DISTINCT user_id) FROM user_role WHERE org_id = ${orgId}) AS team_members,
               (SELECT count(*) FROM invite_token
                 WHERE org_id = ${orgId} AND status = 'pending' AND expires_at > now()) AS pending_invites`,
  );
  return {
    activeSponsors: row?.active_sponsors ?? 0,
    teamMembers: row?.team_members ?? 0,
    pendingInvites: row?.pending_invites ?? 0,
  };
}
