import { z } from 'zod';
import { EMAIL_MAX, email, text } from '../fields';
import { ROLES } from './roles';

/** Spec §8 wording for invitations, shared by the server's errors and the pages' toasts. */
export const INVITE_MESSAGES = {
  notFound: 'This invitation was not found or has expired',
  usedOrCancelled: 'This invite has already been used or cancelled',
  expired: 'This invite has expired',
  wrongEmail: 'Please sign out and use the email address this invite was sent to',
  duplicate: 'Invitation already exists: That email already has a pending invite for this organization.',
  alreadyMember: 'That person is already a member of this organization.',
  planLimit: 'Your plan allows 1 team member. Upgrade to Premium to invite more.',
  teamRightRequired: 'You must be an Org Admin or Owner to manage team invitations.',
  resendTooSoon: 'This invite was just sent. Please wait a minute before resending it.',
  resendDailyLimit: 'This invite has been resent 10 times today. Please try again tomorrow.',
} as const;

/** Re-sending one invitation: at most once a minute and 10 times a day. */
export const INVITE_RESEND_LIMIT = { perMinute: 1, perDay: 10 } as const;

/** The secret of an e-mailed invite link (base64url of 32 random bytes; a little slack). */
export const ZInviteToken = text(100, 'Invite link').min(20, 'This invitation was not found or has expired');

/** GET /api/invites/{id}?token=…: the link's two halves. */
export const ZInviteLinkQuery = z.object({ token: ZInviteToken });
export const ZInviteAcceptBody = z.object({ token: ZInviteToken });

/** Invitations expire this many days after they are sent (or re-sent). */
export const INVITE_EXPIRY_DAYS = 3;

/** The invite dialog: e-mail trimmed and lower-cased, at least one role, treasurer by default. */
export const ZInvite = z.object({
  email: text(EMAIL_MAX, 'Email', 'Email is required').trim().min(1, 'Email is required').pipe(email()),
  roles: z
    .array(z.enum(ROLES, { error: 'Unknown role' }))
    .min(1, 'At least one role is required')
    .max(ROLES.length * 2, 'Too many roles')
    .transform((roles) => [...new Set(roles)])
    .default(['treasurer']),
});
export type TInviteInput = z.input<typeof ZInvite>;
export type TInvite = z.output<typeof ZInvite>;

/** One row of the Active Users table. */
export const ZTeamMember = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  isOwner: z.boolean(),
  roles: z.array(z.enum(ROLES)),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;
export const ZTeamMembersReply = z.object({ members: z.array(ZTeamMember) });
export type TTeamMembersReply = z.infer<typeof ZTeamMembersReply>;

/** One row of the Pending Invites table; instants are ISO strings. */
export const ZPendingInvite = z.object({
  id: z.uuid(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TPendingInvite = z.infer<typeof ZPendingInvite>;
export const ZPendingInvitesReply = z.object({ invites: z.array(ZPendingInvite) });
export type TPendingInvitesReply = z.infer<typeof ZPendingInvitesReply>;

export const INVITE_STATUSES = ['pending', 'accepted', 'cancelled', 'expired'] as const;
export type TInviteStatus = (typeof INVITE_STATUSES)[number];

/** GET /api/invites/{id}: what the accept-invite page needs before anyone signs in. */
export const ZInviteVerification = z.object({
  email: z.string(),
  orgName: z.string(),
  status: z.enum(INVITE_STATUSES),
});
export type TInviteVerification = z.infer<typeof ZInviteVerification>;

/** POST /api/invites/{id}/accept and /sign-up: the organization just joined. */
export const ZAcceptedInvite = z.object({
  orgId: z.uuid(),
  orgName: z.string(),
  roles: z.array(z.enum(ROLES)),
});
export type TAcceptedInvite = z.infer<typeof ZAcceptedInvite>;
