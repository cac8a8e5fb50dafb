import { z } from 'zod';
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
} as const;

/** Invitations expire this many days after they are sent (or re-sent). */
export const INVITE_EXPIRY_DAYS = 3;

const isEmail = (v: string) => z.email().safeParse(v).success;

/** The invite dialog: e-mail trimmed and lower-cased, at least one role, treasurer by default. */
export const ZInvite = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .refine((v) => v === '' || isEmail(v), 'Please enter a valid email address'),
  roles: z
    .array(z.enum(ROLES, { error: 'Unknown role' }))
    .min(1, 'At least one role is required')
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
