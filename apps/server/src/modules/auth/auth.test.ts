import { EMAIL_CHANGE_MESSAGES } from '@pennant/shared/auth/schemas';
import { createEmailVerificationToken } from 'better-auth/api';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../../db/client';
import { signUp, uniqueEmail } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { lastEmailTo, platformExec, platformQuery } from '../../test/team-fixtures';
import { SIGN_IN_LIMITS } from './auth.service';

const SIGN_IN_LIMIT = SIGN_IN_LIMITS.clientAndEmail;

interface TSessionBody {
  session: { user: { email: string; name: string }; org: unknown; roles: string[] } | null;
}

forEachDatabase('auth', (env) => {
  it('signs up, is signed in at once, and has no organization yet', async () => {
    const client = env().client();
    const email = uniqueEmail();
    const res = await client.post('/api/auth/sign-up', {
      name: '  Casey Jones ',
      email: email.toUpperCase(),
      password: 'secret12',
    });
    expect(res.status).toBe(200);
    const me = await client.get<TSessionBody>('/api/session');
    expect(me.body.session?.user).toMatchObject({ email, name: 'Casey Jones' });
    expect(me.body.session?.org).toBeNull();
  });

  it('refuses an e-mail that is already registered', async () => {
    const { email } = await signUp(env().client());
    const res = await env().client().post('/api/auth/sign-up', { name: 'Other', email, password: 'another12' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: 'Email already registered' } });
  });

  it('answers sign-up validation errors with the spec messages', async () => {
    const res = await env().client().post('/api/auth/sign-up', { name: 'A', email: 'nope', password: '123' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        fields: {
          name: 'Name must be at least 2 characters',
          email: 'Please enter a valid email address',
          password: 'Password must be at least 8 characters',
        },
      },
    });
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const { email } = await signUp(env().client());
    const wrong = await env().client().post('/api/auth/sign-in', { email, password: 'not-it' });
    const unknown = await env().client().post('/api/auth/sign-in', { email: uniqueEmail(), password: 'whatever' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('signs in, then signs out', async () => {
    const { email, password } = await signUp(env().client());
    const client = env().client();
    expect((await client.post('/api/auth/sign-in', { email, password })).status).toBe(200);
    expect((await client.get<TSessionBody>('/api/session')).body.session?.user.email).toBe(email);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await client.get<TSessionBody>('/api/session')).body.session).toBeNull();
  });

  it('rotates the session at sign-in: the token carried before no longer works', async () => {
    const { email, password } = await signUp(env().client());
    const first = env().client();
    await first.post('/api/auth/sign-in', { email, password });
    const before = new Map(first.cookies);
    await first.post('/api/auth/sign-in', { email, password });
    expect(first.cookies).not.toEqual(before);
    const stale = env().client();
    for (const [k, v] of before) stale.cookies.set(k, v);
    expect((await stale.get<TSessionBody>('/api/session')).body.session).toBeNull();
    expect((await first.get<TSessionBody>('/api/session')).body.session?.user.email).toBe(email);
  });

  it('limits sign-in attempts for one address', async () => {
    const { email } = await signUp(env().client());
    const client = env().client();
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMIT.attempts; i++) {
      statuses.push((await client.post('/api/auth/sign-in', { email, password: 'wrong-guess' })).status);
    }
    expect(statuses.slice(0, SIGN_IN_LIMIT.attempts).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('does not count sign-ins that succeed', async () => {
    const { email, password } = await signUp(env().client());
    for (let i = 0; i <= SIGN_IN_LIMIT.attempts + 1; i++) {
      const client = env().client();
      expect((await client.post('/api/auth/sign-in', { email, password })).status).toBe(200);
    }
  });

  it('refuses a cross-site mutation', async () => {
    const res = await env()
      .client()
      .request('POST', '/api/auth/sign-in', { email: 'a@b.co', password: 'x' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('limits failures on one account from many client addresses, and from one address across accounts', async () => {
    const { email, password } = await signUp(env().client());
    // Requests built in tests share one client address, so the per-account limit is reached first
    // only when the client's own count is cleared: fake many addresses through the counters.
    await platformExec(
      env(),
      sql`INSERT INTO auth_rate_limit (key, window_start, count)
          VALUES (${`sign-in-account:${email}`}, now(), ${SIGN_IN_LIMITS.account.attempts})`,
    );
    const spread = await env().client().post('/api/auth/sign-in', { email, password });
    expect(spread.status).toBe(429);

    const victims = await Promise.all([0, 1].map(() => signUp(env().client())));
    await platformExec(
      env(),
      sql`INSERT INTO auth_rate_limit (key, window_start, count)
          VALUES ('sign-in-client:local', now(), ${SIGN_IN_LIMITS.client.attempts - 1})
          ON CONFLICT (key) DO UPDATE SET count = excluded.count, window_start = now()`,
    );
    const first = await env().client().post('/api/auth/sign-in', { email: victims[0]?.email, password: 'spray-guess' });
    expect(first.status).toBe(401);
    // The client has now used its allowance across accounts: even a right password waits.
    const second = await env()
      .client()
      .post('/api/auth/sign-in', { email: victims[1]?.email, password: victims[1]?.password });
    expect(second.status).toBe(429);
    await platformExec(env(), sql`DELETE FROM auth_rate_limit WHERE key = 'sign-in-client:local'`);
  });

  it('changes the e-mail only after the new address confirms, and tells the old one', async () => {
    const client = env().client();
    const { email: oldEmail, password } = await signUp(client, uniqueEmail('old'), 'Morgan Mover');
    const newEmail = uniqueEmail('new');
    const ask = await client.post('/api/account/email', { email: newEmail.toUpperCase() });
    expect(ask.status).toBe(200);
    expect(ask.body).toEqual({ pendingEmail: newEmail });
    // Nothing changed yet.
    expect((await client.get<TSessionBody>('/api/session')).body.session?.user.email).toBe(oldEmail);
    const notice = await lastEmailTo(env(), oldEmail);
    expect(notice.subject).toBe('Your Pennant e-mail address is about to change');
    expect(notice.text).toContain(newEmail);
    const confirmation = await lastEmailTo(env(), newEmail);
    const token = /\/auth\/confirm-email\?token=([^\s"&]+)/.exec(confirmation.text)?.[1];
    expect(token).toBeTruthy();

    const done = await env()
      .client()
      .post('/api/account/email/confirm', { token: decodeURIComponent(token ?? '') });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email: newEmail });
    expect((await client.get<TSessionBody>('/api/session')).body.session?.user.email).toBe(newEmail);
    expect((await env().client().post('/api/auth/sign-in', { email: newEmail, password })).status).toBe(200);
    const [row] = await platformQuery(
      env(),
      z.object({ email_verified: z.boolean() }),
      sql`SELECT email_verified FROM auth_user WHERE email = ${newEmail}`,
    );
    expect(row?.email_verified).toBe(true);

    // The link works once: the account no longer has the address it was made for.
    const replay = await env()
      .client()
      .post('/api/account/email/confirm', { token: decodeURIComponent(token ?? '') });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: { message: EMAIL_CHANGE_MESSAGES.invalidLink } });
  });

  it('refuses an address already in use with "Failed to update email" and changes nothing', async () => {
    const taken = await signUp(env().client());
    const client = env().client();
    const me = await signUp(client);
    const res = await client.post('/api/account/email', { email: taken.email });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: 'Failed to update email' } });
    expect((await client.get<TSessionBody>('/api/session')).body.session?.user.email).toBe(me.email);
    await expect(lastEmailTo(env(), taken.email)).rejects.toThrow();
  });

  it('refuses an expired or forged confirmation link', async () => {
    const client = env().client();
    const me = await signUp(client);
    const [user] = await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`SELECT id FROM auth_user WHERE email = ${me.email}`,
    );
    const expired = await createEmailVerificationToken(env().deps.config.sessionSecret, me.email, uniqueEmail(), -10, {
      requestType: 'change-email-verification',
      userId: user?.id ?? '',
    });
    const late = await client.post('/api/account/email/confirm', { token: expired });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ error: { message: EMAIL_CHANGE_MESSAGES.expiredLink } });
    const forged = await createEmailVerificationToken(
      'another-secret-another-secret-123',
      me.email,
      uniqueEmail(),
      3600,
      {
        requestType: 'change-email-verification',
        userId: user?.id ?? '',
      },
    );
    expect((await client.post('/api/account/email/confirm', { token: forged })).status).toBe(400);
    expect((await client.post('/api/account/email/confirm', { token: 'not.a.token' })).status).toBe(400);
    expect((await client.get<TSessionBody>('/api/session')).body.session?.user.email).toBe(me.email);
  });
});
