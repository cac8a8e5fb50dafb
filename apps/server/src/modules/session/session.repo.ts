import { z } from 'zod';
import { column, rows, sql, type TDb, type TTx, ZRowOne } from '../../db/client';
import { organizationZoneSql } from '../organizations/profile.repo';

export const ZMembershipRow = z.object({
  role: z.string(),
  is_owner: z.boolean(),
  org_id: z.string(),
  name: z.string(),
  season_label: z.string(),
  fiscal_start_month: column.count,
  has_completed_menu_wizard: z.boolean(),
  is_frozen: z.boolean(),
  plan_key: z.string().nullable(),
  subscription_status: z.string().nullable(),
  current_period_end: column.instant.nullable(),
  /** Set on the one row of a platform admin's impersonation in force (0021). */
  impersonated_at: column.instant.nullable(),
  /** The user's saved zone (user_profiles), NULL when none. */
  viewer_timezone: z.string().nullable(),
  /** The organization's calendar: its first owner's saved zone, NULL when none (organizationZoneSql). */
  org_timezone: z.string().nullable(),
});
export type TMembershipRow = z.output<typeof ZMembershipRow>;

/**
 * The user's role rows in their current organization: the one they own, else the first joined.
 * A platform admin impersonating an organization (admin_impersonation in force, the app-admin flag
 * still held) gets one row instead: that organization, as its admin and owner, with the start of
 * the impersonation. One round trip either way.
 */
export function findCurrentMembership(tx: TTx, userId: string): Promise<TMembershipRow[]> {
  return rows(
    tx,
    ZMembershipRow,
    sql`WITH imp AS (
          SELECT i.impersonated_org_id AS org_id, i.started_at FROM admin_impersonation i
          WHERE i.admin_id = ${userId} AND i.ended_at IS NULL
            AND EXISTS (SELECT 1 FROM app_admin a WHERE a.user_id = ${userId})
        ), chosen AS (
          SELECT org_id FROM user_role WHERE user_id = ${userId} AND NOT EXISTS (SELECT 1 FROM imp)
          ORDER BY is_owner DESC, created_at ASC LIMIT 1
        ), found AS (
          SELECT 'admin' AS role, true AS is_owner, o.id AS org_id, o.name, o.season_label, o.fiscal_start_month,
                 o.has_completed_menu_wizard, o.is_frozen, o.plan_key, o.subscription_status, o.current_period_end,
                 imp.started_at AS impersonated_at, imp.started_at AS sort_at
          FROM imp JOIN organization o ON o.id = imp.org_id
          UNION ALL
          SELECT ur.role, ur.is_owner, o.id AS org_id, o.name, o.season_label, o.fiscal_start_month,
                 o.has_completed_menu_wizard, o.is_frozen, o.plan_key, o.subscription_status, o.current_period_end,
                 NULL::timestamptz AS impersonated_at, ur.created_at AS sort_at
          FROM user_role ur JOIN organization o ON o.id = ur.org_id
          WHERE ur.user_id = ${userId} AND ur.org_id = (SELECT org_id FROM chosen)
        )
        SELECT f.*,
               (SELECT p.timezone FROM user_profiles p WHERE p.id = ${userId}) AS viewer_timezone,
               ${organizationZoneSql(sql`f.org_id`)} AS org_timezone
        FROM found f
        ORDER BY f.sort_at`,
  );
}

export async function isAppAdmin(tx: TTx, userId: string): Promise<boolean> {
  const found = await rows(tx, ZRowOne, sql`SELECT 1 AS one FROM app_admin WHERE user_id = ${userId}`);
  return found.length > 0;
}

/** A notification of our own on a channel, to know when every earlier one has been heard. */
export async function notify(db: TDb, channel: string, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}
