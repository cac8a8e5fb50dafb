import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import {
  EMAIL_CHANGE_EXPIRY_HOURS,
  EMAIL_CHANGE_MESSAGES,
  type TChangeEmailReply,
  type TSignIn,
  type TSignUp,
} from '@pennant/shared/auth/schemas';
import { PASSWORD_MESSAGE } from '@pennant/shared/fields';
import { APIError, createEmailVerificationToken } from 'better-auth/api';
import { z } from 'zod';
import { readPlatform, withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { confirmEmailChangeEmail, confirmEmailLink, emailChangeNoticeEmail } from '../../emails/account.email';
import { recordEmail } from '../../emails/outgoing.repo';
import { AppError } from '../../errors';
import { enqueueEmails } from '../../jobs/send-email.job';
import type { TAuthUser } from './auth';
import {
  countFailures,
  deleteSessionByToken,
  deleteSessionsOfUser,
  findDisabledUserId,
  findUserIdByEmail,
  isEmailTaken,
  markEmailVerified,
  readFailures,
  resetAttempts,
} from './auth.repo';

/**
 * Sign-in limits, counted in PostgreSQL so every app node shares them. Only failures count.
 * - one address from one client: a typo-prone volunteer gets 10 tries per 5 minutes;
 * - one account from anywhere: guessing spread over many addresses (IPs) still slows down;
 * - one client across accounts: a spray of common passwords over many accounts slows down.
 * A success clears the first two (the person proved the password); never the third, so an
 * attacker cannot reset it by signing in to an account of their own.
 */
export const SIGN_IN_LIMITS = {
  clientAndEmail: { attempts: 10, windowSeconds: 300 },
  account: { attempts: 30, windowSeconds: 900 },
  client: { attempts: 50, windowSeconds: 900 },
} as const;

const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

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
    if (code === 'PASSWORD_TOO_SHORT') return new AppError('validation_failed', PASSWORD_MESSAGE);
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

function limitKeys(ip: string, email: string) {
  return {
    clientAndEmail: { key: `sign-in:${ip}:${email}`, windowSeconds: SIGN_IN_LIMITS.clientAndEmail.windowSeconds },
    account: { key: `sign-in-account:${email}`, windowSeconds: SIGN_IN_LIMITS.account.windowSeconds },
    client: { key: `sign-in-client:${ip}`, windowSeconds: SIGN_IN_LIMITS.client.windowSeconds },
  };
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
  const keys = limitKeys(client.ip, email);
  const all = [keys.clientAndEmail, keys.account, keys.client];
  const counts = await withPlatform(deps.db, deps.log, 'sign-in rate limit', (tx) => readFailures(tx, all));
  for (const [name, key] of Object.entries(keys) as [keyof typeof SIGN_IN_LIMITS, { key: string }][]) {
    if ((counts.get(key.key) ?? 0) >= SIGN_IN_LIMITS[name].attempts) throw new AppError('rate_limited', TOO_MANY);
  }
  let out: Headers;
  try {
    ({ headers: out } = await deps.auth.api.signInEmail({
      body: { email, password: input.password },
      headers,
      returnHeaders: true,
    }));
  } catch (err) {
    const failure = authFailure(err, new AppError('unauthenticated', 'Please check your credentials'));
    if (failure.code === 'unauthenticated') {
      await withPlatform(deps.db, deps.log, 'sign-in failure', (tx) => countFailures(tx, all));
    }
    throw failure;
  }
  const token = client.previousToken;
  const disabled = await withPlatform(deps.db, deps.log, 'after sign-in', async (tx) => {
    await resetAttempts(tx, [keys.clientAndEmail.key, keys.account.key]);
    if (token) await deleteSessionByToken(tx, token);
    // A disabled account (the admin console) proved its password but gets no session: the one
    // just made is deleted. Checked after the password, so the refusal reveals nothing to a guesser.
    const userId = await findDisabledUserId(tx, email);
    if (userId) await deleteSessionsOfUser(tx, userId);
    return userId !== null;
  });
  if (disabled) throw new AppError('forbidden', ADMIN_MESSAGES.userDisabledSignIn);
  return { headers: out };
}

export async function signOut(deps: TDeps, headers: Headers): Promise<TAuthReply> {
  const { headers: out } = await deps.auth.api.signOut({ headers, returnHeaders: true });
  return { headers: out };
}

/**
 * Asks to change the account's e-mail. Nothing changes yet: the new address gets a link that
 * makes the change when opened (better-auth's change-email verification token), and the old
 * address is told at once. An address already in use is refused and changes nothing.
 */
export async function requestEmailChange(deps: TDeps, user: TAuthUser, newEmail: string): Promise<TChangeEmailReply> {
  const email = newEmail.trim().toLowerCase();
  if (email === user.email.toLowerCase()) throw new AppError('bad_request', EMAIL_CHANGE_MESSAGES.same);
  const origin = deps.config.publicUrl;
  const token = await createEmailVerificationToken(
    deps.config.sessionSecret,
    user.email.toLowerCase(),
    email,
    EMAIL_CHANGE_EXPIRY_HOURS * 3600,
    { requestType: 'change-email-verification', userId: user.id },
  );
  const confirm = await confirmEmailChangeEmail({
    name: user.name,
    newEmail: email,
    link: confirmEmailLink(origin, token),
  });
  const notice = await emailChangeNoticeEmail({ name: user.name, newEmail: email, origin });
  const ids = await withPlatform(deps.db, deps.log, 'e-mail change request', async (tx) => {
    if (await isEmailTaken(tx, email)) throw new AppError('conflict', EMAIL_CHANGE_MESSAGES.inUse);
    const request = randomUUID();
    return [
      await recordEmail(tx, {
        orgId: null,
        idempotencyKey: `email-change:${request}:confirm`,
        to: [email],
        ...confirm,
      }),
      await recordEmail(tx, {
        orgId: null,
        idempotencyKey: `email-change:${request}:notice`,
        to: [user.email],
        ...notice,
      }),
    ];
  });
  await enqueueEmails(deps, ids).catch((err: unknown) => deps.log.warn({ err }, 'e-mail change mail not enqueued'));
  return { pendingEmail: email };
}

const ZChangeToken = z.object({ updateTo: z.string(), userId: z.string().optional() });
/** What verify-email answers for a change of address (better-auth's reply is loosely typed). */
const ZVerified = z.object({ user: z.object({ id: z.string() }) });

/** What the token asks for, read without trusting it (better-auth verifies it next). */
function requestedChange(token: string): { email: string; userId: string | undefined } | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const parsed = ZChangeToken.safeParse(payload);
    return parsed.success ? { email: parsed.data.updateTo.toLowerCase(), userId: parsed.data.userId } : null;
  } catch {
    return null;
  }
}

/**
 * Opens the confirmation link: better-auth checks the signature, expiry and that the account still
 * has the old address (so a used link cannot be replayed), then moves the account to the new
 * address, which the click has just proved, so it is marked verified.
 */
export async function confirmEmailChange(deps: TDeps, token: string, headers: Headers): Promise<{ email: string }> {
  const change = requestedChange(token);
  if (!change) throw new AppError('bad_request', EMAIL_CHANGE_MESSAGES.invalidLink);
  const wanted = change.email;
  // Taken since the request: by this very account (the link was used already) or by someone else.
  const holder = await readPlatform(deps.db, deps.log, 'e-mail change check', (tx) => findUserIdByEmail(tx, wanted));
  if (holder) {
    throw holder === change.userId
      ? new AppError('bad_request', EMAIL_CHANGE_MESSAGES.invalidLink)
      : new AppError('conflict', EMAIL_CHANGE_MESSAGES.inUse);
  }
  let userId: string;
  try {
    const result = ZVerified.safeParse(await deps.auth.api.verifyEmail({ query: { token }, headers }));
    if (!result.success) throw new AppError('bad_request', EMAIL_CHANGE_MESSAGES.invalidLink);
    userId = result.data.user.id;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof APIError) {
      const code = String(err.body?.code ?? '');
      if (code === 'TOKEN_EXPIRED') throw new AppError('unprocessable', EMAIL_CHANGE_MESSAGES.expiredLink);
      if (code === 'INVALID_USER') throw new AppError('forbidden', EMAIL_CHANGE_MESSAGES.otherAccount);
      throw new AppError('bad_request', EMAIL_CHANGE_MESSAGES.invalidLink);
    }
    throw err;
  }
  await withPlatform(deps.db, deps.log, 'e-mail change confirmed', (tx) => markEmailVerified(tx, userId));
  return { email: wanted };
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
