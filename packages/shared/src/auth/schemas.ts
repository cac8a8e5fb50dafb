import { z } from 'zod';
import { email, PASSWORD_MAX, password, requiredText, text } from '../fields';
import { ZInviteToken } from '../team/schemas';

export const NAME_MIN = 2;
export const NAME_MAX = 50;

export const ZSignUp = z.object({
  name: text(NAME_MAX, 'Name').trim().min(NAME_MIN, `Name must be at least ${NAME_MIN} characters`),
  email: email('Please enter a valid email address'),
  password: password(),
});
export type TSignUp = z.infer<typeof ZSignUp>;

/** The login form only requires both fields to be filled (and refuses absurd lengths). */
export const ZSignIn = z.object({
  email: requiredText(254, 'Email'),
  password: text(PASSWORD_MAX, 'Password').min(1, 'Password is required'),
});
export type TSignIn = z.infer<typeof ZSignIn>;

/** The accept-invite page's create-account form, with the link's secret. */
export const ZInviteAccount = z.object({
  email: email('Please enter a valid email'),
  fullName: text(NAME_MAX, 'Full name').trim().min(NAME_MIN, 'Please enter your full name'),
  password: password(),
  token: ZInviteToken,
});
export type TInviteAccount = z.infer<typeof ZInviteAccount>;
/** The form's own fields (the token comes from the link, not from the person). */
export const ZInviteAccountForm = ZInviteAccount.omit({ token: true });
export type TInviteAccountForm = z.infer<typeof ZInviteAccountForm>;

export const ZChangeEmail = z.object({
  email: email('Please enter a valid email address'),
});
export type TChangeEmail = z.infer<typeof ZChangeEmail>;

/** What a requested e-mail change answers: the new address must confirm before anything changes. */
export const ZChangeEmailReply = z.object({ pendingEmail: z.string() });
export type TChangeEmailReply = z.infer<typeof ZChangeEmailReply>;

/** The confirmation link's token (a signed JWT from better-auth). */
export const ZConfirmEmail = z.object({
  token: text(4000, 'Confirmation link').min(1, 'This confirmation link is not valid'),
});
export const ZConfirmEmailReply = z.object({ email: z.string() });

export const EMAIL_CHANGE_MESSAGES = {
  inUse: 'Failed to update email',
  same: 'That is already your email address',
  invalidLink: 'This confirmation link is not valid. Change your email again to get a new one.',
  expiredLink: 'This confirmation link has expired. Change your email again to get a new one.',
  otherAccount: 'This confirmation link belongs to another account. Sign out and open it again.',
} as const;

/** How long an e-mail change confirmation link works. */
export const EMAIL_CHANGE_EXPIRY_HOURS = 24;

export const ZChangePassword = z.object({
  currentPassword: text(PASSWORD_MAX, 'Password').min(1, 'Both fields required.'),
  newPassword: text(PASSWORD_MAX, 'Password').min(1, 'Both fields required.').pipe(password()),
});
export type TChangePassword = z.infer<typeof ZChangePassword>;
