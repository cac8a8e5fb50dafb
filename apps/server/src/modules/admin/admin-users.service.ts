import { displayName } from '@pennant/shared/admin/rules';
import {
  ADMIN_MESSAGES,
  type TAdminUser,
  type TAdminUserList,
  type TAdminUserOrg,
  type TAdminUserOrgs,
  type TAdminUsersQuery,
  type TAssignableRole,
  type TBulkDeleteResult,
} from '@pennant/shared/admin/schemas';
import { normalizeRoles } from '@pennant/shared/team/roles';
import type { TTx } from '../../db/client';
import { readPlatform, withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { auditBy, type TAdminActor } from './admin-audit';
import { findOrganization } from './admin-orgs.repo';
import {
  addRole,
  deleteUsers,
  findUser,
  findUserByEmail,
  grantAppAdmin,
  handOverOwnedOrganizations,
  listUserOrganizations,
  listUsers,
  lockMembership,
  removeRole,
  setUserDisabled,
  type TUserOrgRow,
  type TUserRow,
} from './admin-users.repo';
import { insertAudit } from './audit.repo';

/*
 * Accounts in the platform admin console (spec 002 §2.10 /admin/users, §4.7, §6, §7.8): search and
 * pages, disable and re-enable, hard delete, roles per organization, and granting the app-admin
 * flag. The route's gate (admin-gate.ts) has already checked the flag; each change writes one
 * audit row in its own transaction.
 */

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const userNotFound = () => new AppError('not_found', ADMIN_MESSAGES.userNotFound);

export function toAdminUser(row: TUserRow): TAdminUser {
  return {
    id: row.id,
    email: row.email,
    name: displayName({ name: row.name }, row.email),
    createdAt: iso(row.created_at),
    orgCount: row.org_count,
    disabled: row.disabled,
    isAppAdmin: row.is_app_admin,
  };
}

function toUserOrg(row: TUserOrgRow): TAdminUserOrg {
  return { orgId: row.org_id, orgName: row.org_name, roles: normalizeRoles(row.roles), isOwner: row.is_owner };
}

export async function adminUsers(deps: TDeps, q: TAdminUsersQuery): Promise<TAdminUserList> {
  const { users, total } = await readPlatform(deps.db, deps.log, 'admin: list users', (tx) => listUsers(tx, q));
  return { users: users.map(toAdminUser), totalCount: total };
}

function refuseSelf(actor: TAdminActor, userIds: readonly string[]): void {
  if (userIds.includes(actor.id)) throw new AppError('conflict', ADMIN_MESSAGES.cannotChangeSelf);
}

/**
 * admin_toggle_user_disabled: disabling ends the account's sessions at once (deleted in the same
 * transaction; every node's cache hears it) and sign-in is refused until it is re-enabled.
 */
export async function setAdminUserDisabled(
  deps: TDeps,
  actor: TAdminActor,
  userId: string,
  disabled: boolean,
): Promise<TAdminUser> {
  refuseSelf(actor, [userId]);
  return withPlatform(deps.db, deps.log, 'admin: disable user', async (tx) => {
    const user = await findUser(tx, userId);
    if (!user) throw userNotFound();
    await setUserDisabled(tx, userId, disabled);
    await insertAudit(tx, {
      ...auditBy(actor),
      action: disabled ? 'disable_user' : 'enable_user',
      targetUserId: userId,
      targetUserEmail: user.email,
      details: { disabled },
    });
    const updated = await findUser(tx, userId);
    if (!updated) throw userNotFound();
    return toAdminUser(updated);
  });
}

/**
 * One account deleted with its memberships: an organization it owned alone passes to its next
 * member first (handOverOwnedOrganizations), and the deletion is audited. Null when the account
 * is already gone.
 */
async function deleteOne(tx: TTx, actor: TAdminActor, userId: string): Promise<string | null> {
  const user = await findUser(tx, userId);
  if (!user) return null;
  const handed = await handOverOwnedOrganizations(tx, userId);
  const [deleted] = await deleteUsers(tx, [userId]);
  if (!deleted) return null;
  await insertAudit(tx, {
    ...auditBy(actor),
    action: 'delete_user',
    targetUserId: null,
    targetUserEmail: user.email,
    details: { organizations: user.org_count, ownershipHandedOver: handed.length },
  });
  return user.email;
}

/** admin_hard_delete_user: irreversible; the reply is the spec's 'response message'. */
export async function deleteAdminUser(deps: TDeps, actor: TAdminActor, userId: string): Promise<{ message: string }> {
  refuseSelf(actor, [userId]);
  const email = await withPlatform(deps.db, deps.log, 'admin: delete user', (tx) => deleteOne(tx, actor, userId));
  if (!email) throw userNotFound();
  return { message: ADMIN_MESSAGES.userDeletedMessage(email) };
}

/** 'Delete Selected (n)' and 'Quick Delete n Test Users': one transaction, one audit row per account. */
export async function bulkDeleteAdminUsers(
  deps: TDeps,
  actor: TAdminActor,
  userIds: readonly string[],
): Promise<TBulkDeleteResult> {
  refuseSelf(actor, userIds);
  const unique = [...new Set(userIds)];
  const deleted = await withPlatform(deps.db, deps.log, 'admin: bulk delete users', async (tx) => {
    let n = 0;
    for (const id of unique) if (await deleteOne(tx, actor, id)) n += 1;
    return n;
  });
  return { deleted, message: ADMIN_MESSAGES.usersDeletedMessage(deleted) };
}

export async function adminUserOrganizations(deps: TDeps, userId: string): Promise<TAdminUserOrgs> {
  return readPlatform(deps.db, deps.log, 'admin: user organizations', async (tx) => {
    const [user, organizations] = await Promise.all([findUser(tx, userId), listUserOrganizations(tx, userId)]);
    if (!user) throw userNotFound();
    return { organizations: organizations.map(toUserOrg) };
  });
}

/**
 * admin_manage_user_role: adds or removes admin, treasurer or sponsorship_lead for a member of an
 * organization. A member keeps at least one role ('At least one role is required.') and the
 * owner keeps admin (spec 000 §6). Answers the account's organizations and roles after the change.
 */
export async function manageAdminUserRole(
  deps: TDeps,
  actor: TAdminActor,
  change: { userId: string; orgId: string; role: TAssignableRole; add: boolean },
): Promise<TAdminUserOrgs> {
  const reply = await withPlatform(deps.db, deps.log, 'admin: manage role', async (tx) => {
    const user = await findUser(tx, change.userId);
    if (!user) throw userNotFound();
    const org = await findOrganization(tx, change.orgId);
    if (!org) throw new AppError('not_found', ADMIN_MESSAGES.organizationNotFound);
    const membership = await lockMembership(tx, change.userId, change.orgId);
    if (membership.length === 0) throw new AppError('not_found', ADMIN_MESSAGES.notMember);
    const isOwner = membership.some((r) => r.is_owner);
    if (change.add) {
      await addRole(tx, change.userId, change.orgId, change.role, isOwner);
    } else if (membership.some((r) => r.role === change.role)) {
      if (change.role === 'admin' && isOwner) throw new AppError('conflict', ADMIN_MESSAGES.ownerKeepsAdmin);
      if (membership.length === 1) throw new AppError('conflict', ADMIN_MESSAGES.roleRequired);
      await removeRole(tx, change.userId, change.orgId, change.role);
    }
    await insertAudit(tx, {
      ...auditBy(actor),
      action: change.add ? 'add_user_role' : 'remove_user_role',
      targetUserId: user.id,
      targetUserEmail: user.email,
      targetOrgId: org.id,
      targetOrgName: org.name,
      details: { role: change.role },
    });
    return { organizations: (await listUserOrganizations(tx, change.userId)).map(toUserOrg) };
  });
  // The organization's team page shows the change without a reload.
  deps.hub.publish(change.orgId, { topic: 'members' });
  return reply;
}

/** add_admin: an existing account becomes a platform administrator. */
export async function grantAdminByEmail(deps: TDeps, actor: TAdminActor, email: string): Promise<TAdminUser> {
  return withPlatform(deps.db, deps.log, 'admin: grant admin', async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) throw new AppError('not_found', ADMIN_MESSAGES.noAccountWithEmail(email));
    const granted = await grantAppAdmin(tx, user.id);
    await insertAudit(tx, {
      ...auditBy(actor),
      action: 'add_admin',
      targetUserId: user.id,
      targetUserEmail: user.email,
      details: { alreadyAdmin: !granted },
    });
    const updated = await findUser(tx, user.id);
    if (!updated) throw userNotFound();
    return toAdminUser(updated);
  });
}
