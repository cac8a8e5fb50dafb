import type { TInviteAccount } from '@pennant/shared/auth/schemas';
import { canAddTeamMember, planKeyOf, teamSeatsUsed } from '@pennant/shared/organization/plans';
import type { TTopic } from '@pennant/shared/realtime/topics';
import { normalizeRoles } from '@pennant/shared/team/roles';
import {
  INVITE_MESSAGES,
  INVITE_RESEND_LIMIT,
  type TAcceptedInvite,
  type TInviteInput,
  type TInviteStatus,
  type TInviteVerification,
  type TPendingInvite,
  ZInvite,
} from '@pennant/shared/team/schemas';
import { APIError } from 'better-auth/api';
import type { TTx } from '../../db/client';
import { readPlatform, withPlatform, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { inviteEmail } from '../../emails/invite.email';
import { recordEmail } from '../../emails/outgoing.repo';
import { AppError } from '../../errors';
import { enqueueEmails } from '../../jobs/send-email.job';
import type { TAuthUser } from '../auth/auth';
import { markEmailVerified } from '../auth/auth.repo';
import type { TMember } from '../session/member';
import { hashInviteSecret, newInviteSecret } from './invite-link';
import {
  cancelPendingInvite,
  countInviteEmails,
  expireStaleInvites,
  extendInvite,
  findInvite,
  insertInvite,
  lookupInvite,
  markInviteAccepted,
  type TInviteLookup,
  type TInviteRow,
} from './invites.repo';
import { lockPlan, planUsage } from './organizations.repo';
import { insertMemberRoles, isMemberEmail } from './team.repo';
import { requireTeamRight, toPendingInvite } from './team.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not even a uuid is simply an invitation that does not exist. */
function requireInviteId(id: string): string {
  if (!UUID.test(id)) throw new AppError('not_found', INVITE_MESSAGES.notFound);
  return id;
}

/** Commit first, then hand the mail to the queue and tell the organization's open pages. */
async function afterCommit(deps: TDeps, orgId: string, emailIds: (string | null)[], topics: TTopic[]) {
  try {
    await enqueueEmails(deps, emailIds);
  } catch (err) {
    // The message is recorded; the e-mail sweep re-enqueues it within a minute.
    deps.log.warn({ err, orgId }, 'invite e-mail not enqueued');
  }
  for (const topic of topics) deps.hub.publish(orgId, { topic });
}

async function recordInviteEmail(
  tx: TTx,
  member: TMember,
  invite: TInviteRow,
  link: { origin: string; token: string },
  sendNo: number,
) {
  const mail = await inviteEmail({
    inviterName: member.name,
    orgName: member.org.name,
    roles: normalizeRoles(invite.rolesArray),
    origin: link.origin,
    inviteId: invite.id,
    token: link.token,
  });
  return recordEmail(tx, {
    orgId: member.orgId,
    idempotencyKey: `invite:${invite.id}:${sendNo}`,
    to: [invite.email],
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    fromName: mail.fromName,
    replyTo: member.email,
  });
}

/**
 * Invites a teammate. The plan limit counts members plus pending invitations, checked with the
 * organization row locked, so two invitations sent at once cannot both slip under it.
 */
export async function createInvite(deps: TDeps, member: TMember, input: TInviteInput): Promise<TPendingInvite> {
  // Links are built from PUBLIC_URL only, never from the request's Host header.
  const origin = deps.config.publicUrl;
  requireTeamRight(member);
  const data = ZInvite.parse(input);
  const { invite, emailId } = await withTenant(deps.db, member, async (tx) => {
    const plan = await lockPlan(tx, member.orgId);
    if (!plan) throw new AppError('not_found', 'Organization not found');
    if (await isMemberEmail(tx, member.orgId, data.email)) {
      throw new AppError('conflict', INVITE_MESSAGES.alreadyMember);
    }
    await expireStaleInvites(tx, member.orgId, data.email);
    const seats = teamSeatsUsed(await planUsage(tx, member.orgId));
    const state = {
      planKey: planKeyOf(plan.planKey),
      status: plan.subscriptionStatus,
      expiresAt: plan.currentPeriodEnd?.toISOString() ?? null,
    };
    if (!canAddTeamMember(state, seats)) throw new AppError('plan_limit', INVITE_MESSAGES.planLimit);
    const secret = newInviteSecret();
    const row = await insertInvite(tx, {
      orgId: member.orgId,
      email: data.email,
      roles: data.roles,
      createdBy: member.userId,
      tokenHash: secret.tokenHash,
    });
    if (!row) throw new AppError('conflict', INVITE_MESSAGES.duplicate);
    return { invite: row, emailId: await recordInviteEmail(tx, member, row, { origin, token: secret.token }, 0) };
  });
  await afterCommit(deps, member.orgId, [emailId], ['invites']);
  return toPendingInvite(invite);
}

/** Why an existing invitation cannot be re-sent, cancelled or accepted any more. */
function closedInviteError(status: string): AppError {
  return status === 'expired'
    ? new AppError('unprocessable', INVITE_MESSAGES.expired)
    : new AppError('conflict', INVITE_MESSAGES.usedOrCancelled);
}

/**
 * Re-sends a pending invitation (a new message, its own idempotency key, a new link secret: the
 * previous link stops working) and gives it 3 more days. Limited per invitation, so the button
 * cannot be used to flood someone's inbox.
 */
export async function resendInvite(deps: TDeps, member: TMember, id: string): Promise<TPendingInvite> {
  requireTeamRight(member);
  const origin = deps.config.publicUrl;
  requireInviteId(id);
  const { invite, emailId } = await withTenant(deps.db, member, async (tx) => {
    const secret = newInviteSecret();
    const row = await extendInvite(tx, member.orgId, id, secret.tokenHash);
    if (!row) {
      const existing = await findInvite(tx, member.orgId, id);
      if (!existing) throw new AppError('not_found', INVITE_MESSAGES.notFound);
      throw closedInviteError(existing.status);
    }
    const sent = await countInviteEmails(tx, member.orgId, id);
    if (sent.lastMinute >= INVITE_RESEND_LIMIT.perMinute) {
      throw new AppError('rate_limited', INVITE_MESSAGES.resendTooSoon);
    }
    if (sent.lastDay >= INVITE_RESEND_LIMIT.perDay)
      throw new AppError('rate_limited', INVITE_MESSAGES.resendDailyLimit);
    return {
      invite: row,
      emailId: await recordInviteEmail(tx, member, row, { origin, token: secret.token }, sent.total),
    };
  });
  await afterCommit(deps, member.orgId, [emailId], ['invites']);
  return toPendingInvite(invite);
}

/** Cancels a pending invitation; its link stops working at once. */
export async function cancelInvite(deps: TDeps, member: TMember, id: string): Promise<void> {
  requireTeamRight(member);
  requireInviteId(id);
  await withTenant(deps.db, member, async (tx) => {
    const row = await cancelPendingInvite(tx, member.orgId, id);
    if (row) return;
    const existing = await findInvite(tx, member.orgId, id);
    if (!existing) throw new AppError('not_found', INVITE_MESSAGES.notFound);
    throw closedInviteError(existing.status);
  });
  await afterCommit(deps, member.orgId, [], ['invites']);
}

function statusOf(invite: TInviteLookup): TInviteStatus {
  if (invite.status === 'pending') return invite.expired ? 'expired' : 'pending';
  if (invite.status === 'accepted' || invite.status === 'expired') return invite.status;
  return 'cancelled';
}

/**
 * The invitation the e-mailed link opens: its id and its secret together. A wrong or missing
 * secret is the same 404 as an unknown id, so neither can be probed.
 */
async function findByLink(deps: TDeps, id: string, token: string): Promise<TInviteLookup> {
  requireInviteId(id);
  // No organization context exists yet: the link is all the visitor has.
  const invite = await readPlatform(deps.db, deps.log, 'look up invitation by link', (tx) =>
    lookupInvite(tx, id, hashInviteSecret(token)),
  );
  if (!invite) throw new AppError('not_found', INVITE_MESSAGES.notFound);
  return invite;
}

/** For the accept-invite page, signed in or not. */
export async function verifyInvite(deps: TDeps, id: string, token: string): Promise<TInviteVerification> {
  const invite = await findByLink(deps, id, token);
  return { email: invite.email, orgName: invite.org_name, status: statusOf(invite) };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Spec §4: only a pending, unexpired invitation, and only for the address it was sent to. */
function requireAcceptable(invite: TInviteLookup, email: string): void {
  const status = statusOf(invite);
  if (status === 'accepted' || status === 'cancelled') throw new AppError('conflict', INVITE_MESSAGES.usedOrCancelled);
  if (status === 'expired') throw new AppError('unprocessable', INVITE_MESSAGES.expired);
  if (!sameEmail(invite.email, email)) throw new AppError('forbidden', INVITE_MESSAGES.wrongEmail);
}

/**
 * Joins the invitation's organization with its roles. The organization comes from the stored
 * invitation (never from the client), and only once its address matched the signed-in user's.
 */
async function accept(deps: TDeps, user: TAuthUser, invite: TInviteLookup): Promise<TAcceptedInvite> {
  const roles = normalizeRoles(invite.roles_array);
  await withTenant(deps.db, { orgId: invite.org_id, userId: user.id }, async (tx) => {
    const won = await markInviteAccepted(tx, invite.org_id, invite.id, user.id);
    if (!won) {
      const now = await findInvite(tx, invite.org_id, invite.id);
      throw now?.status === 'pending'
        ? new AppError('unprocessable', INVITE_MESSAGES.expired)
        : new AppError('conflict', INVITE_MESSAGES.usedOrCancelled);
    }
    await insertMemberRoles(tx, invite.org_id, user.id, roles, false);
  });
  await withPlatform(deps.db, deps.log, 'invite link proved the address', (tx) => markEmailVerified(tx, user.id));
  await afterCommit(deps, invite.org_id, [], ['invites', 'members']);
  return { orgId: invite.org_id, orgName: invite.org_name, roles };
}

/**
 * A signed-in user accepts with the link from the e-mail. Their account's address must equal the
 * invited one; an account's address only ever changes after the new address confirmed a link, and
 * the invitation's own secret, which only that inbox received, proves it again here, so the
 * account's e-mail is marked verified.
 */
export async function acceptInvite(deps: TDeps, user: TAuthUser, id: string, token: string): Promise<TAcceptedInvite> {
  const invite = await findByLink(deps, id, token);
  requireAcceptable(invite, user.email);
  return accept(deps, user, invite);
}

/**
 * The accept-invite page's create-account form: checks the invitation first (so a bad link
 * creates no account), then signs the new user up and in, then accepts.
 */
export async function signUpAndAccept(
  deps: TDeps,
  id: string,
  input: TInviteAccount,
  headers: Headers,
): Promise<{ headers: Headers; accepted: TAcceptedInvite }> {
  const invite = await findByLink(deps, id, input.token);
  requireAcceptable(invite, input.email);
  let created: { headers: Headers; user: TAuthUser };
  try {
    const { headers: out, response } = await deps.auth.api.signUpEmail({
      body: { name: input.fullName, email: input.email, password: input.password },
      headers,
      returnHeaders: true,
    });
    created = { headers: out, user: { id: response.user.id, email: response.user.email, name: response.user.name } };
  } catch (err) {
    if (err instanceof APIError) {
      const code = String(err.body?.code ?? '');
      if (code.startsWith('USER_ALREADY_EXISTS')) throw new AppError('conflict', 'Email already registered');
      throw new AppError('bad_request', err.body?.message ?? 'Error creating account');
    }
    throw err;
  }
  return { headers: created.headers, accepted: await accept(deps, created.user, invite) };
}
