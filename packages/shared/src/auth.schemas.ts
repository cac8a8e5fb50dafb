import { z } from 'zod';

export const ZSignUp = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(50, 'Name cannot exceed 50 characters'),
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
  password: z.string().min(6, 'Password must be at least 6 characters'),
});
export type TSignUp = z.infer<typeof ZSignUp>;

/** The login form only requires both fields to be filled. */
export const ZSignIn = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
export type TSignIn = z.infer<typeof ZSignIn>;

/** The accept-invite page's create-account form. */
export const ZInviteAccount = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email')),
  fullName: z.string().trim().min(2, 'Please enter your full name'),
  password: z.string().min(8, 'Password must be at least 8 characters'),
});
export type TInviteAccount = z.infer<typeof ZInviteAccount>;

export const ZChangeEmail = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
});
export type TChangeEmail = z.infer<typeof ZChangeEmail>;

export const ZChangePassword = z.object({
  currentPassword: z.string().min(1, 'Both fields required.'),
  newPassword: z.string().min(1, 'Both fields required.').min(6, 'Password must be at least 6 characters'),
});
export type TChangePassword = z.infer<typeof ZChangePassword>;
