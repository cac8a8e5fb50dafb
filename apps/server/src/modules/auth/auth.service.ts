import type { TSignIn, TSignUp } from '@pennant/shared/auth.schemas';
import { APIError } from 'better-auth/api';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { countAttempt, deleteSessionByToken, resetAttempts } from './auth.repo';

export const SIGN_IN_LIMIT = { attempts: 10, windowSeconds: 300 };

type TAuthReply = { headers: Headers };

function authFailure(err: unknown, fallback: AppError): AppError {
  if (err instanceof APIError) {
    const code = String(err.body?.code ?? '');
    if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      return new AppError('conflict', 'Email already registered');
    }
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_EMAIL') {
      return new AppError('unauthenticated', 'Invalid email or password');
    }
    if (code === 'PASSWORD_TOO_SHORT') {
      return new AppError('validation_failed', 'Password must be at least 6 characters');
    }
    return new AppError('bad_request', err.body?.message ?? fallback.message);
  }
  throw err;
}

export async function signUp(deps: TDeps, input: TSignUp, headers: Headers): Promise<TAuthReply> {
  try {
    const { headers: out } = await deps.auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers,
      returnHeaders: true,
    });
    return { headers: out };
  } catch (err) {
    throw authFailure(err, new AppError('bad_request', 'Sign up failed'));
  }
}

/**
 * Signs in with a fresh session. A session the browser already carried is revoked, so a token
 * planted before sign-in (session fixation) is worthless afterwards.
 */
export async function signIn(
  deps: TDeps,
  input: TSignIn,
  headers: Headers,
  client: { ip: string; previousToken: string | null },
): Promise<TAuthReply> {
  const email = input.email.trim().toLowerCase();
  const limitKey = `sign-in:${client.ip}:${email}`;
  const attempts = await withPlatform(deps.db, deps.log, 'sign-in rate limit', (tx) =>
    countAttempt(tx, limitKey, SIGN_IN_LIMIT.windowSeconds),
  );
  if (attempts > SIGN_IN_LIMIT.attempts) {
    throw new AppError('rate_limited', 'Too many sign-in attempts. Please wait a few minutes and try again.');
  }
  try {
    const { headers: out } = await deps.auth.api.signInEmail({
      body: { email, password: input.password },
      headers,
      returnHeaders: true,
    });
    // A correct password ends the count: only a run of failures is throttled.
    const token = client.previousToken;
    await withPlatform(deps.db, deps.log, 'after sign-in', async (tx) => {
      await resetAttempts(tx, limitKey);
      if (token) await deleteSessionByToken(tx, token);
    });
    return { headers: out };
  } catch (err) {
    throw authFailure(err, new AppError('unauthenticated', 'Please check your credentials'));
  }
}

export async function signOut(deps: TDeps, headers: Headers): Promise<TAuthReply> {
  const { headers: out } = await deps.auth.api.signOut({ headers, returnHeaders: true });
  return { headers: out };
}

export async function changeEmail(deps: TDeps, email: string, headers: Headers): Promise<void> {
  try {
    await deps.auth.api.changeEmail({ body: { newEmail: email }, headers });
  } catch (err) {
    throw authFailure(err, new AppError('bad_request', 'Failed to update email'));
  }
}

export async function changePassword(
  deps: TDeps,
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
): Promise<TAuthReply> {
  try {
    const { headers: out } = await deps.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { headers: out };
  } catch (err) {
    if (err instanceof APIError && String(err.body?.code) === 'INVALID_PASSWORD') {
      throw new AppError('unprocessable', 'Current password is incorrect');
    }
    throw authFailure(err, new AppError('bad_request', 'Failed to update password'));
  }
}
