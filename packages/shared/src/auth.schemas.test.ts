import { describe, expect, it } from 'vitest';
import { ZInviteAccount, ZSignIn, ZSignUp } from './auth.schemas';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('sign-up rules', () => {
  it('accepts a valid sign-up, trimming the name and lower-casing the e-mail', () => {
    expect(ZSignUp.parse({ name: ' Jo ', email: ' Jo@Example.COM ', password: 'secret' })).toEqual({
      name: 'Jo',
      email: 'jo@example.com',
      password: 'secret',
    });
  });

  it('gives the spec messages', () => {
    expect(messages(ZSignUp.safeParse({ name: 'J', email: 'x', password: '12345' }))).toEqual([
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Password must be at least 6 characters',
    ]);
    expect(messages(ZSignUp.safeParse({ name: 'x'.repeat(51), email: 'a@b.co', password: '123456' }))).toEqual([
      'Name cannot exceed 50 characters',
    ]);
  });

  it('login only requires both fields to be filled', () => {
    expect(ZSignIn.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(true);
    expect(ZSignIn.safeParse({ email: '', password: '' }).success).toBe(false);
  });

  it('the invite account form needs 8 characters and a full name', () => {
    expect(messages(ZInviteAccount.safeParse({ email: 'bad', fullName: 'A', password: '1234567' }))).toEqual([
      'Please enter a valid email',
      'Please enter your full name',
      'Password must be at least 8 characters',
    ]);
  });
});
