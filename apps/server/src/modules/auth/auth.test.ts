import { expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { SIGN_IN_LIMIT } from './auth.service';

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
      password: 'secret1',
    });
    expect(res.status).toBe(200);
    const me = await client.get<TSessionBody>('/api/session');
    expect(me.body.session?.user).toMatchObject({ email, name: 'Casey Jones' });
    expect(me.body.session?.org).toBeNull();
  });

  it('refuses an e-mail that is already registered', async () => {
    const { email } = await signUp(env().client());
    const res = await env().client().post('/api/auth/sign-up', { name: 'Other', email, password: 'another1' });
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
          password: 'Password must be at least 6 characters',
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
});
