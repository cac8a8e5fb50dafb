import { describe, expect, it } from 'vitest';
import { ZChangePassword, ZInviteAccount, ZSignIn, ZSignUp } from './schemas';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('sign-up rules', () => {
  it('accepts a valid sign-up, trimming the name and lower-casing the e-mail', () => {
    expect(ZSignUp.parse({ name: ' Jo ', email: ' Jo@Example.COM ', password: 'secret12' })).toEqual({
      name: 'Jo',
      email: 'jo@example.com',
      password: 'secret12',
    });
  });

  it('gives the spec messages, with one password minimum everywhere', () => {
    expect(messages(ZSignUp.safeParse({ name: 'J', email: 'x', password: '1234567' }))).toEqual([
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Password must be at least 8 characters',
    ]);
    expect(messages(ZSignUp.safeParse({ name: 'x'.repeat(51), email: 'a@b.co', password: '12345678' }))).toEqual([
      'Name cannot exceed 50 characters',
    ]);
    expect(messages(ZChangePassword.safeParse({ currentPassword: 'old', newPassword: '1234567' }))).toEqual([
      'Password must be at least 8 characters',
    ]);
  });

  it('refuses NUL and over-long text in every field', () => {
    expect(ZSignUp.safeParse({ name: 'Jo\u0000', email: 'a@b.co', password: '12345678' }).success).toBe(false);
    expect(ZSignIn.safeParse({ email: `${'a'.repeat(300)}@b.co`, password: 'x' }).success).toBe(false);
    expect(ZSignIn.safeParse({ email: 'a@b.co', password: 'x'.repeat(200) }).success).toBe(false);
  });

  it('login only requires both fields to be filled', () => {
    expect(ZSignIn.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(true);
    expect(ZSignIn.safeParse({ email: '', password: '' }).success).toBe(false);
  });

  it('the invite account form needs 8 characters and a full name', () => {
    expect(
      messages(ZInviteAccount.safeParse({ email: 'bad', fullName: 'A', password: '1234567', token: 't'.repeat(43) })),
    ).toEqual(['Please enter a valid email', 'Please enter your full name', 'Password must be at least 8 characters']);
  });
});
