import type { TAssignableRole } from '@pennant/shared/admin/schemas';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId, ZRowN } from '../../db/client';
import { containsPattern } from '../companies/companies.repo';

/*
 * Accounts, their memberships and the app-admin flag, for the platform admin console. Platform
 * tables and every organization's user_role rows: call these inside withPlatform only.
 */

const ZUserRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  created_at: column.instant,
  disabled: z.boolean(),
  is_app_admin: z.boolean(),
  org_count: column.count,
});
export type TUserRow = z.output<typeof ZUserRow>;

const USER_COLUMNS = sql`u.id, u.email, u.name, u.created_at, u.disabled_at IS NOT NULL AS disabled,
  EXISTS (SELECT 1 FROM app_admin a WHERE a.user_id = u.id) AS is_app_admin,
  (SELECT count(DISTINCT ur.org_id) FROM user_role ur WHERE ur.user_id = u.id) AS org_count`;

function userSearch(search: string | undefined): SQL {
  if (!search) return sql`TRUE`;
  const pattern = containsPattern(search.toLowerCase());
  return sql`(lower(u.email) LIKE ${pattern} OR lower(u.name) LIKE ${pattern})`;
}

/** A page of accounts by search (e-mail or name), newest first. */
export function usersPage(tx: TTx, q: { search?: string; limit: number; offset: number }): Promise<TUserRow[]> {
  return preparedRows(
    tx,
    ZUserRow,
    sql`SELECT ${USER_COLUMNS} FROM auth_user u WHERE ${userSearch(q.search)}
        ORDER BY u.created_at DESC, u.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
}

const ZUserPageRow = ZUserRow.extend({ total: column.count });

/**
 * A page of accounts by search, and how many match in all: one statement, the total counted beside
 * the page (count(*) OVER ()). A page past the end has no row to carry it, so then it is counted on
 * its own.
 */
export async function listUsers(
  tx: TTx,
  q: { search?: string; limit: number; offset: number },
): Promise<{ users: TUserRow[]; total: number }> {
  const where = userSearch(q.search);
  // Without a search the text never varies: prepared once per connection (a search stays planned for its pattern).
  const read = q.search ? rows : preparedRows;
  const found = await read(
    tx,
    ZUserPageRow,
    sql`SELECT ${USER_COLUMNS}, count(*) OVER () AS total FROM auth_user u WHERE ${where}
        ORDER BY u.created_at DESC, u.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
  const users = found.map(({ total: _total, ...user }) => user);
  if (found[0]) return { users, total: found[0].total };
  if (q.offset === 0) return { users, total: 0 };
  const [count] = await read(tx, ZRowN, sql`SELECT count(*) AS n FROM auth_user u WHERE ${where}`);
  return { users, total: count?.n ?? 0 };
}

export async function findUser(tx: TTx, userId: string): Promise<TUserRow | null> {
  const [row] = await preparedRows(tx, ZUserRow, sql`SELECT ${USER_COLUMNS} FROM auth_user u WHERE u.id = ${userId}`);
  return row ?? null;
}

export async function findUserByEmail(tx: TTx, email: string): Promise<TUserRow | null> {
  const [row] = await preparedRows(
    tx,
    ZUserRow,
    sql`SELECT ${USER_COLUMNS} FROM auth_user u WHERE lower(u.email) = ${email.toLowerCase()}`,
  );
  return row ?? null;
}

const ZRowDisabled = z.object({ disabled: z.boolean() });

/** Whether the account is disabled (null: no such account). */
export async function isUserDisabled(tx: TTx, userId: string): Promise<boolean | null> {
  const [row] = await preparedRows(
    tx,
    ZRowDisabled,
    sql`SELECT disabled_at IS NOT NULL AS disabled FROM auth_user WHERE id = ${userId}`,
  );
  return row ? row.disabled : null;
}

/**
 * Disables or re-enables an account. Disabling deletes its sessions in the same transaction: the
 * session triggers (0008) tell every node's cache, so its open pages are signed out at once.
 */
export async function setUserDisabled(tx: TTx, userId: string, disabled: boolean): Promise<void> {
  await tx.execute(
    sql`UPDATE auth_user SET disabled_at = CASE WHEN ${disabled} THEN coalesce(disabled_at, now()) END
        WHERE id = ${userId}`,
  );
  if (disabled) await deleteSessionsOf(tx, userId);
}

export async function deleteSessionsOf(tx: TTx, userId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM auth_session WHERE user_id = ${userId}`);
}

const ZRowOrgIdNewOwnerId = z.object({ org_id: z.string(), new_owner_id: z.string() });

/**
 * Before an account is deleted: each organization it owns alone passes to another member (the
 * earliest-joined admin, else the earliest-joined member), who becomes its owner and an admin.
 * An organization left with no member at all keeps its records, ownerless (decisions.md).
 * Returns the organizations handed over, with their new owner.
 */
export async function handOverOwnedOrganizations(
  tx: TTx,
  userId: string,
): Promise<{ org_id: string; new_owner_id: string }[]> {
  const handed = await rows(
    tx,
    ZRowOrgIdNewOwnerId,
    sql`WITH owned AS (
          SELECT DISTINCT org_id FROM user_role WHERE user_id = ${userId} AND is_owner
        ), alone AS (
          SELECT o.org_id FROM owned o
          WHERE NOT EXISTS (SELECT 1 FROM user_role r WHERE r.org_id = o.org_id AND r.is_owner AND r.user_id <> ${userId})
        )
        SELECT DISTINCT ON (r.org_id) r.org_id, r.user_id AS new_owner_id
        FROM user_role r JOIN alone a ON a.org_id = r.org_id
        WHERE r.user_id <> ${userId}
        ORDER BY r.org_id, (r.role = 'admin') DESC, r.created_at, r.user_id`,
  );
  for (const h of handed) {
    await tx.execute(
      sql`UPDATE user_role SET is_owner = true WHERE org_id = ${h.org_id} AND user_id = ${h.new_owner_id}`,
    );
    await tx.execute(
      sql`INSERT INTO user_role (org_id, user_id, role, is_owner) VALUES (${h.org_id}, ${h.new_owner_id}, 'admin', true)
          ON CONFLICT (org_id, user_id, role) DO NOTHING`,
    );
  }
  return handed;
}

const ZRowIdEmail = z.object({ id: z.string(), email: z.string() });

/** Deletes accounts; their sessions, memberships and app-admin flag go with them (ON DELETE CASCADE). */
export async function deleteUsers(tx: TTx, userIds: readonly string[]): Promise<{ id: string; email: string }[]> {
  if (userIds.length === 0) return [];
  return rows(
    tx,
    ZRowIdEmail,
    sql`DELETE FROM auth_user WHERE id IN (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) RETURNING id, email`,
  );
}

// ---------------------------------------------------------------------------------------------
// Memberships and roles
// ---------------------------------------------------------------------------------------------

const ZUserOrgRow = z.object({
  org_id: z.string(),
  org_name: z.string(),
  roles: z.array(z.string()),
  is_owner: z.boolean(),
});
export type TUserOrgRow = z.output<typeof ZUserOrgRow>;

/** The account's organizations, each with its roles there, by organization name. */
export async function listUserOrganizations(tx: TTx, userId: string): Promise<TUserOrgRow[]> {
  return preparedRows(
    tx,
    ZUserOrgRow,
    sql`SELECT o.id AS org_id, o.name AS org_name, array_agg(ur.role ORDER BY ur.created_at) AS roles,
               bool_or(ur.is_owner) AS is_owner
        FROM user_role ur JOIN organization o ON o.id = ur.org_id
        WHERE ur.user_id = ${userId}
        GROUP BY o.id, o.name ORDER BY o.name, o.id`,
  );
}

const ZRowRoleIsOwner = z.object({ role: z.string(), is_owner: z.boolean() });

/** The member's role rows in one organization (empty: not a member), locked for the change. */
export async function lockMembership(
  tx: TTx,
  userId: string,
  orgId: string,
): Promise<{ role: string; is_owner: boolean }[]> {
  return rows(
    tx,
    ZRowRoleIsOwner,
    sql`SELECT role, is_owner FROM user_role WHERE user_id = ${userId} AND org_id = ${orgId} FOR UPDATE`,
  );
}

/** Adds a role; the owner's flag follows the member's other rows. False when it was already held. */
export async function addRole(
  tx: TTx,
  userId: string,
  orgId: string,
  role: TAssignableRole,
  isOwner: boolean,
): Promise<boolean> {
  const added = await rows(
    tx,
    ZRowId,
    sql`INSERT INTO user_role (org_id, user_id, role, is_owner) VALUES (${orgId}, ${userId}, ${role}, ${isOwner})
        ON CONFLICT (org_id, user_id, role) DO NOTHING RETURNING id`,
  );
  return added.length > 0;
}

/** Removes a role. False when it was not held. */
export async function removeRole(tx: TTx, userId: string, orgId: string, role: TAssignableRole): Promise<boolean> {
  const removed = await rows(
    tx,
    ZRowId,
    sql`DELETE FROM user_role WHERE org_id = ${orgId} AND user_id = ${userId} AND role = ${role} RETURNING id`,
  );
  return removed.length > 0;
}

const ZRowUserId = z.object({ user_id: z.string() });

/** Grants the app-admin flag; false when the account already had it. */
export async function grantAppAdmin(tx: TTx, userId: string): Promise<boolean> {
  const granted = await rows(
    tx,
    ZRowUserId,
    sql`INSERT INTO app_admin (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
  );
  return granted.length > 0;
}
