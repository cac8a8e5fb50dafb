import type { TAdminPlanKey } from '@pennant/shared/admin/schemas';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId, ZRowN } from '../../db/client';
import { containsPattern } from '../companies/companies.repo';

/*
 * Organizations and impersonation for the platform admin console: every organization at once,
 * so call these inside withPlatform only.
 */

const ZOrgRow = z.object({
  id: z.string(),
  name: z.string(),
  season_label: z.string(),
  owner_email: z.string().nullable(),
  user_count: column.count,
  workflow_mode: z.string(),
  plan_key: z.string().nullable(),
  subscription_status: z.string().nullable(),
  is_frozen: z.boolean(),
  created_at: column.instant,
});
export type TOrgRow = z.output<typeof ZOrgRow>;

const ORG_COLUMNS = sql`o.id, o.name, o.season_label, o.workflow_mode, o.plan_key, o.subscription_status, o.is_frozen,
  o.created_at,
  (SELECT u.email FROM user_role r JOIN auth_user u ON u.id = r.user_id
    WHERE r.org_id = o.id AND r.is_owner ORDER BY r.created_at LIMIT 1) AS owner_email,
  (SELECT count(DISTINCT r.user_id) FROM user_role r WHERE r.org_id = o.id) AS user_count`;

function orgSearch(search: string | undefined): SQL {
  if (!search) return sql`TRUE`;
  const pattern = containsPattern(search.toLowerCase());
  return sql`(lower(o.name) LIKE ${pattern} OR lower(o.season_label) LIKE ${pattern}
    OR EXISTS (SELECT 1 FROM user_role r JOIN auth_user u ON u.id = r.user_id
               WHERE r.org_id = o.id AND r.is_owner AND lower(u.email) LIKE ${pattern}))`;
}

/** A page of organizations by search (name, season, owner e-mail), newest first. */
export function organizationsPage(tx: TTx, q: { search?: string; limit: number; offset: number }): Promise<TOrgRow[]> {
  return preparedRows(
    tx,
    ZOrgRow,
    sql`SELECT ${ORG_COLUMNS} FROM organization o WHERE ${orgSearch(q.search)}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
}

const ZOrgPageRow = ZOrgRow.extend({ total: column.count });

/**
 * A page of organizations by search, with how many match in all: one statement, the total counted
 * beside the page (count(*) OVER (); the page's owner and member subqueries still run for its rows
 * only). A page past the end has no row to carry the total, so then it is counted on its own.
 */
export async function listOrganizations(
  tx: TTx,
  q: { search?: string; limit: number; offset: number },
): Promise<{ organizations: TOrgRow[]; total: number }> {
  const where = orgSearch(q.search);
  // Without a search the text never varies: prepared once per connection (a search stays planned for its pattern).
  const read = q.search ? rows : preparedRows;
  const found = await read(
    tx,
    ZOrgPageRow,
    sql`SELECT ${ORG_COLUMNS}, count(*) OVER () AS total FROM organization o WHERE ${where}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
  const organizations = found.map(({ total: _total, ...org }) => org);
  if (found[0]) return { organizations, total: found[0].total };
  if (q.offset === 0) return { organizations, total: 0 };
  const [count] = await read(tx, ZRowN, sql`SELECT count(*) AS n FROM organization o WHERE ${where}`);
  return { organizations, total: count?.n ?? 0 };
}

export async function findOrganization(tx: TTx, orgId: string, lock = false): Promise<TOrgRow | null> {
  const [row] = await rows(
    tx,
    ZOrgRow,
    sql`SELECT ${ORG_COLUMNS} FROM organization o WHERE o.id = ${orgId} ${lock ? sql`FOR UPDATE OF o` : sql.raw('')}`,
  );
  return row ?? null;
}

/** The frozen flag; the organization triggers (0008) tell every node's session cache. */
export async function setOrganizationFrozen(tx: TTx, orgId: string, frozen: boolean): Promise<void> {
  await tx.execute(sql`UPDATE organization SET is_frozen = ${frozen}, updated_at = now() WHERE id = ${orgId}`);
}

/**
 * The plan toggle (admin_set_org_plan): premium_month in status active with no period end (a plan
 * the platform gives, renewed by nobody), or free with no status. Every limit and gate reads these
 * fields, so the organization's limits follow at once.
 */
export async function setOrganizationPlan(tx: TTx, orgId: string, planKey: TAdminPlanKey): Promise<void> {
  const status = planKey === 'free' ? null : 'active';
  await tx.execute(
    sql`UPDATE organization SET plan_key = ${planKey}, subscription_status = ${status}, current_period_end = NULL,
          updated_at = now()
        WHERE id = ${orgId}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Impersonation (0021 admin_impersonation)
// ---------------------------------------------------------------------------------------------

const ZImpersonationRow = z.object({
  id: z.string(),
  org_id: z.string(),
  org_name: z.string().nullable(),
  started_at: column.instant,
});
export type TImpersonationRow = z.output<typeof ZImpersonationRow>;

/** The admin's impersonation in force, locked, or null. */
export async function findActiveImpersonation(tx: TTx, adminId: string): Promise<TImpersonationRow | null> {
  const [row] = await rows(
    tx,
    ZImpersonationRow,
    sql`SELECT i.id, i.impersonated_org_id AS org_id, o.name AS org_name, i.started_at
        FROM admin_impersonation i LEFT JOIN organization o ON o.id = i.impersonated_org_id
        WHERE i.admin_id = ${adminId} AND i.ended_at IS NULL FOR UPDATE OF i`,
  );
  return row ?? null;
}

/** Ends the admin's impersonation in force, if any. */
export async function endActiveImpersonation(tx: TTx, adminId: string): Promise<string | null> {
  const [row] = await rows(
    tx,
    ZRowId,
    sql`UPDATE admin_impersonation SET ended_at = now() WHERE admin_id = ${adminId} AND ended_at IS NULL RETURNING id`,
  );
  return row?.id ?? null;
}

/** Starts an impersonation (the caller ended any earlier one in the same transaction). */
export async function insertImpersonation(tx: TTx, adminId: string, orgId: string): Promise<TImpersonationRow> {
  const [row] = await rows(
    tx,
    ZImpersonationRow,
    sql`INSERT INTO admin_impersonation (admin_id, impersonated_org_id) VALUES (${adminId}, ${orgId})
        RETURNING id, impersonated_org_id AS org_id, NULL::text AS org_name, started_at`,
  );
  if (!row) throw new Error('impersonation insert returned nothing');
  return row;
}
