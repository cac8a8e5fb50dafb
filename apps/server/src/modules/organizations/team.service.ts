import { canManage } from '@pennant/shared/session/permissions';
import { normalizeRoles } from '@pennant/shared/team/roles';
import { INVITE_MESSAGES, type TPendingInvite, type TTeamMember } from '@pennant/shared/team/schemas';
import { isoInstant } from '../../db/instant';
import { readTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import { listPendingInvites, type TInviteView } from './invites.repo';
import { listMembers } from './team.repo';

/** Adding, re-sending and cancelling invitations needs the team right: Org Admin or the owner. */
export function requireTeamRight(member: TMember): void {
  if (!canManage(member, 'team')) throw new AppError('forbidden', INVITE_MESSAGES.teamRightRequired);
}

export function toPendingInvite(row: TInviteView): TPendingInvite {
  return {
    id: row.id,
    email: row.email,
    roles: normalizeRoles(row.rolesArray),
    createdAt: isoInstant(row.createdAt),
    expiresAt: isoInstant(row.expiresAt),
  };
}

/** The Active Users table: every member may see who is on the team. */
export async function teamMembers(deps: TDeps, member: TMember): Promise<TTeamMember[]> {
  const found = await readTenant(deps.db, member, (tx) => listMembers(tx, member.orgId));
  return found.map((m) => ({
    id: m.user_id,
    fullName: m.full_name,
    email: m.email,
    isOwner: m.is_owner,
    roles: normalizeRoles(m.roles),
  }));
}

/**
 * The Pending Invites table: pending and unexpired, newest first. Only for those who manage the
 * team: the list is who is about to join with which roles.
 */
export async function pendingInvites(deps: TDeps, member: TMember): Promise<TPendingInvite[]> {
  requireTeamRight(member);
  const found = await readTenant(deps.db, member, (tx) => listPendingInvites(tx, member.orgId));
  return found.map(toPendingInvite);
}
