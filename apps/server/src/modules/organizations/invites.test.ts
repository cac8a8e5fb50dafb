import { INVITE_MESSAGES } from '@pennant/shared/team/schemas';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { column, sql } from '../../db/client';
import { listOutbox } from '../../integrations/mail/outbox';
import type { TestClient } from '../../test/client';
import { ownerWithOrg, signUp, uniqueEmail } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { invite as inviteBy, inviteTokenFor, makePremium, platformExec, platformQuery } from '../../test/team-fixtures';

interface TInviteBody {
  id: string;
  email: string;
  roles: string[];
  createdAt: string;
  expiresAt: string;
}
interface TSessionBody {
  session: { org: { id: string; name: string } | null; roles: string[]; isOwner: boolean } | null;
}

const DAY = 86_400_000;

forEachDatabase('invites', (env) => {
  const mailsTo = (email: string) => listOutbox(env().dataDir).filter((m) => m.to.includes(email));
  const invite = (client: TestClient, roles?: string[], email?: string) =>
    inviteBy(client, roles, email ?? uniqueEmail('invitee'), env());
  /** The link's query, as the e-mail has it. */
  const q = (token: string) => `?token=${encodeURIComponent(token)}`;
  /** Lets a minute pass for the resend limit, by ageing the invite's e-mails. */
  const ageInviteEmails = (email: string) =>
    platformExec(
      env(),
      sql`UPDATE email_message SET created_at = created_at - interval '2 minutes' WHERE ${email} = ANY("to")`,
    );

  async function premiumOwner(orgName = 'Invite Boosters') {
    const client = env().client();
    const owner = await ownerWithOrg(client, orgName);
    await makePremium(env(), owner.orgId);
    return { client, ...owner };
  }

  it('invites by e-mail, lists the invite, and mails the link from "{inviter} via Pennant"', async () => {
    const { client, orgId } = await premiumOwner('Eastside Eagles');
    const email = uniqueEmail('new.person');
    const before = Date.now();
    const res = await client.post<TInviteBody>('/api/team/invites', {
      email: `  ${email.toUpperCase()} `,
      roles: ['sponsorship_lead', 'treasurer'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, roles: ['sponsorship_lead', 'treasurer'] });
    const expires = Date.parse(res.body.expiresAt);
    expect(expires - before).toBeGreaterThan(3 * DAY - 60_000);
    expect(expires - before).toBeLessThan(3 * DAY + 60_000);

    const list = await client.get<{ invites: TInviteBody[] }>('/api/team/invites');
    expect(list.body.invites.map((i) => i.id)).toEqual([res.body.id]);

    const [mail, ...more] = mailsTo(email);
    expect(more).toHaveLength(0);
    expect(mail?.from).toContain('Test User via Pennant');
    expect(mail?.subject).toContain('Eastside Eagles');
    const token = await inviteTokenFor(env(), email);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const link = `http://localhost:3999/auth/accept-invite?invite_id=${res.body.id}&amp;token=${token}`;
    expect(mail?.html).toContain(link);
    expect(mail?.text).toContain(link.replace('&amp;', '&'));
    expect(mail?.html).toContain('expires in 3 days');
    expect(mail?.text).toContain('expires in 3 days');
    expect(mail?.html).toContain('Sponsorship Lead and Treasurer');

    const [stored] = await platformQuery(
      env(),
      z.object({ idempotency_key: z.string(), org_id: z.string() }),
      sql`SELECT idempotency_key, org_id FROM email_message WHERE ${email} = ANY("to")`,
    );
    expect(stored).toEqual({ idempotency_key: `invite:${res.body.id}:0`, org_id: orgId });
  });

  it('defaults the role to treasurer and answers the dialog’s validation messages', async () => {
    const { client } = await premiumOwner();
    const plain = await client.post<TInviteBody>('/api/team/invites', { email: uniqueEmail() });
    expect(plain.status).toBe(201);
    expect(plain.body.roles).toEqual(['treasurer']);

    const empty = await client.post('/api/team/invites', { email: '   ', roles: ['admin'] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { fields: { email: 'Email is required' } } });

    const noRoles = await client.post('/api/team/invites', { email: uniqueEmail(), roles: [] });
    expect(noRoles.status).toBe(400);
    expect(noRoles.body).toMatchObject({ error: { fields: { roles: 'At least one role is required' } } });

    const missing = await client.post('/api/team/invites', { roles: ['admin'] });
    expect(missing.body).toMatchObject({ error: { fields: { email: 'Email is required' } } });
  });

  it('refuses a second pending invite for the same address with the spec’s message', async () => {
    const { client } = await premiumOwner();
    const email = uniqueEmail('twice');
    await invite(client, ['treasurer'], email);
    const again = await client.post('/api/team/invites', { email: email.toUpperCase(), roles: ['admin'] });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'conflict', message: INVITE_MESSAGES.duplicate } });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('refuses to invite someone who is already a member', async () => {
    const { client, email } = await premiumOwner();
    const res = await client.post('/api/team/invites', { email, roles: ['treasurer'] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: INVITE_MESSAGES.alreadyMember } });
  });

  it('re-sends: a second e-mail with its own key and a new link, and 3 more days', async () => {
    const { client } = await premiumOwner();
    const { inviteId, email, token: first } = await invite(client);
    await platformExec(
      env(),
      sql`UPDATE invite_token SET expires_at = now() + interval '1 hour' WHERE id = ${inviteId}`,
    );
    await ageInviteEmails(email);
    const res = await client.post<TInviteBody>(`/api/team/invites/${inviteId}/resend`);
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    expect(mailsTo(email)).toHaveLength(2);
    const second = await inviteTokenFor(env(), email);
    expect(second).not.toBe(first);
    // The earlier e-mail's link stops working; the new one opens the invitation.
    expect(
      (
        await env()
          .client()
          .get(`/api/invites/${inviteId}${q(first)}`)
      ).status,
    ).toBe(404);
    expect(
      (
        await env()
          .client()
          .get(`/api/invites/${inviteId}${q(second)}`)
      ).status,
    ).toBe(200);
    await ageInviteEmails(email);
    expect((await client.post(`/api/team/invites/${inviteId}/resend`)).status).toBe(200);
    expect(mailsTo(email)).toHaveLength(3);
    const keys = await platformQuery(
      env(),
      z.object({ idempotency_key: z.string() }),
      sql`SELECT idempotency_key FROM email_message WHERE ${email} = ANY("to") ORDER BY idempotency_key`,
    );
    expect(keys.map((k) => k.idempotency_key)).toEqual([0, 1, 2].map((n) => `invite:${inviteId}:${n}`));
  });

  it('cancels: the link stops working and nothing more can be done with it', async () => {
    const { client } = await premiumOwner();
    const { inviteId, email, token } = await invite(client);
    const res = await client.post(`/api/team/invites/${inviteId}/cancel`);
    expect(res.status).toBe(200);
    expect((await client.get<{ invites: TInviteBody[] }>('/api/team/invites')).body.invites).toEqual([]);

    const visitor = env().client();
    expect((await visitor.get(`/api/invites/${inviteId}${q(token)}`)).body).toMatchObject({
      email,
      status: 'cancelled',
    });
    await signUp(visitor, email);
    const accept = await visitor.post(`/api/invites/${inviteId}/accept`, { token });
    expect(accept.status).toBe(409);
    expect(accept.body).toMatchObject({ error: { message: INVITE_MESSAGES.usedOrCancelled } });
    expect((await visitor.get<TSessionBody>('/api/session')).body.session?.org).toBeNull();

    expect((await client.post(`/api/team/invites/${inviteId}/cancel`)).status).toBe(409);
    expect((await client.post(`/api/team/invites/${inviteId}/resend`)).status).toBe(409);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('expires after 3 days: reported as expired, refused, hidden, and the address can be invited again', async () => {
    const { client } = await premiumOwner();
    const { inviteId, email, token } = await invite(client);
    await platformExec(
      env(),
      sql`UPDATE invite_token SET expires_at = now() - interval '1 minute' WHERE id = ${inviteId}`,
    );

    const visitor = env().client();
    expect((await visitor.get(`/api/invites/${inviteId}${q(token)}`)).body).toMatchObject({ status: 'expired' });
    await signUp(visitor, email);
    const accept = await visitor.post(`/api/invites/${inviteId}/accept`, { token });
    expect(accept.status).toBe(422);
    expect(accept.body).toMatchObject({ error: { code: 'unprocessable', message: INVITE_MESSAGES.expired } });
    const signUpAgain = await env()
      .client()
      .post(`/api/invites/${inviteId}/sign-up`, { email, fullName: 'Late Comer', password: 'long-enough', token });
    expect(signUpAgain.body).toMatchObject({ error: { message: INVITE_MESSAGES.expired } });

    expect((await client.get<{ invites: TInviteBody[] }>('/api/team/invites')).body.invites).toEqual([]);
    const fresh = await client.post<TInviteBody>('/api/team/invites', { email, roles: ['admin'] });
    expect(fresh.status).toBe(201);
    const [old] = await platformQuery(
      env(),
      z.object({ status: z.string() }),
      sql`SELECT status FROM invite_token WHERE id = ${inviteId}`,
    );
    expect(old?.status).toBe('expired');
    expect((await visitor.get(`/api/invites/${inviteId}${q(token)}`)).body).toMatchObject({ status: 'expired' });
  });

  it('accepts only for the invited address', async () => {
    const { client } = await premiumOwner();
    const { inviteId, email, token } = await invite(client);
    const other = env().client();
    await signUp(other);
    const res = await other.post(`/api/invites/${inviteId}/accept`, { token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { message: INVITE_MESSAGES.wrongEmail } });

    const form = await env()
      .client()
      .post(`/api/invites/${inviteId}/sign-up`, {
        email: uniqueEmail('stranger'),
        fullName: 'Stranger',
        password: 'long-enough',
        token,
      });
    expect(form.status).toBe(403);
    expect(form.body).toMatchObject({ error: { message: INVITE_MESSAGES.wrongEmail } });
    expect(
      (
        await env()
          .client()
          .get(`/api/invites/${inviteId}${q(token)}`)
      ).body,
    ).toMatchObject({
      email,
      status: 'pending',
    });
  });

  it('accepts for a signed-in user with that address, once', async () => {
    const { client, orgId } = await premiumOwner('Northside Knights');
    const { inviteId, email, token } = await invite(client, ['sponsorship_lead', 'read_only']);
    const invitee = env().client();
    await signUp(invitee, email.toUpperCase(), 'Ivy Invitee');
    expect((await invitee.post('/api/invites/not-a-uuid/accept', { token })).status).toBe(404);

    const res = await invitee.post(`/api/invites/${inviteId}/accept`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orgId, orgName: 'Northside Knights', roles: ['sponsorship_lead', 'read_only'] });
    const me = await invitee.get<TSessionBody>('/api/session');
    expect(me.body.session?.org?.id).toBe(orgId);
    expect(me.body.session?.roles.sort()).toEqual(['read_only', 'sponsorship_lead']);
    expect(me.body.session?.isOwner).toBe(false);

    const again = await invitee.post(`/api/invites/${inviteId}/accept`, { token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: INVITE_MESSAGES.usedOrCancelled } });
    expect((await invitee.get(`/api/invites/${inviteId}${q(token)}`)).body).toMatchObject({ status: 'accepted' });
    const roles = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT count(*)::int AS n FROM user_role WHERE org_id = ${orgId} AND is_owner = false`,
    );
    expect(roles[0]?.n).toBe(2);
  });

  it('adds the roles once when the same invitation is accepted twice at the same moment', async () => {
    const { client, orgId } = await premiumOwner();
    const { inviteId, email, token } = await invite(client, ['treasurer']);
    const invitee = env().client();
    await signUp(invitee, email);
    const [a, b] = await Promise.all([
      invitee.post(`/api/invites/${inviteId}/accept`, { token }),
      invitee.post(`/api/invites/${inviteId}/accept`, { token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [row] = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT count(*)::int AS n FROM user_role WHERE org_id = ${orgId} AND is_owner = false`,
    );
    expect(row?.n).toBe(1);
  });

  it('creates the account from the invitation, signs it in, and joins the team', async () => {
    const { client, orgId } = await premiumOwner('Westfield Wildcats');
    const { inviteId, email, token } = await invite(client, ['admin']);
    const visitor = env().client();
    const verify = await visitor.get(`/api/invites/${inviteId}${q(token)}`);
    expect(verify.body).toEqual({ email, orgName: 'Westfield Wildcats', status: 'pending' });

    const short = await visitor.post(`/api/invites/${inviteId}/sign-up`, {
      email,
      fullName: 'A',
      password: 'short',
      token,
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      error: {
        fields: { fullName: 'Please enter your full name', password: 'Password must be at least 8 characters' },
      },
    });

    const res = await visitor.post(`/api/invites/${inviteId}/sign-up`, {
      email,
      fullName: '  Robin Banks ',
      password: 'long-enough',
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orgId, orgName: 'Westfield Wildcats', roles: ['admin'] });
    const me = await visitor.get<{ session: { user: { name: string }; org: { id: string }; roles: string[] } }>(
      '/api/session',
    );
    expect(me.body.session.user.name).toBe('Robin Banks');
    expect(me.body.session.org.id).toBe(orgId);
    expect(me.body.session.roles).toEqual(['admin']);

    const reuse = await env()
      .client()
      .post(`/api/invites/${inviteId}/sign-up`, { email, fullName: 'Robin Again', password: 'long-enough', token });
    expect(reuse.status).toBe(409);
  });

  it('answers not found for an unknown invitation, and asks to sign in before accepting', async () => {
    const visitor = env().client();
    const someToken = 'x'.repeat(43);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await visitor.get(`/api/invites/${id}${q(someToken)}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { message: INVITE_MESSAGES.notFound } });
    }
    const { client } = await premiumOwner();
    const { inviteId, token } = await invite(client);
    expect((await visitor.post(`/api/invites/${inviteId}/accept`, { token })).status).toBe(401);
    await signUp(visitor);
    const unknown = await visitor.post('/api/invites/00000000-0000-4000-8000-000000000000/accept', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { message: INVITE_MESSAGES.notFound } });
  });

  it('tells the organization’s open pages when invites change', async () => {
    const { client, orgId } = await premiumOwner();
    const heard: string[] = [];
    const unsubscribe = env().deps.hub.subscribe(orgId, (e) => heard.push(e.topic));
    try {
      const { inviteId, email } = await invite(client);
      await ageInviteEmails(email);
      await client.post(`/api/team/invites/${inviteId}/resend`);
      await client.post(`/api/team/invites/${inviteId}/cancel`);
      const second = await invite(client);
      const invitee = env().client();
      await signUp(invitee, second.email);
      await invitee.post(`/api/invites/${second.inviteId}/accept`, { token: second.token });
      expect(email).not.toBe(second.email);
      await expect.poll(() => heard.filter((t) => t === 'invites').length, { timeout: 5_000 }).toBe(5);
      // Each event is its own NOTIFY, so 'members' may arrive after the last 'invites'.
      await expect.poll(() => heard.includes('members'), { timeout: 5_000 }).toBe(true);
    } finally {
      unsubscribe();
    }
  });
});

forEachDatabase('invite links and re-sending', (env) => {
  const q = (token: string) => `?token=${encodeURIComponent(token)}`;

  it('opens an invitation only with the secret from the e-mail, never by its id alone', async () => {
    const client = env().client();
    const owner = await ownerWithOrg(client, 'Secret Link Boosters');
    await makePremium(env(), owner.orgId);
    const { inviteId, email, token } = await inviteBy(client, ['admin'], uniqueEmail('linked'), env());
    const visitor = env().client();

    expect((await visitor.get(`/api/invites/${inviteId}`)).status).toBe(400);
    expect((await visitor.get(`/api/invites/${inviteId}${q(`${token.slice(0, -2)}xx`)}`)).status).toBe(404);
    const byId = await visitor.post(`/api/invites/${inviteId}/sign-up`, {
      email,
      fullName: 'No Token',
      password: 'long-enough',
    });
    expect(byId.status).toBe(400);
    const wrong = await visitor.post(`/api/invites/${inviteId}/sign-up`, {
      email,
      fullName: 'Wrong Token',
      password: 'long-enough',
      token: 'A'.repeat(43),
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ error: { message: INVITE_MESSAGES.notFound } });
    // Nothing was created by the refused attempts.
    const [users] = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT count(*)::int AS n FROM auth_user WHERE email = ${email}`,
    );
    expect(users?.n).toBe(0);

    const ok = await visitor.post(`/api/invites/${inviteId}/sign-up`, {
      email,
      fullName: 'With Token',
      password: 'long-enough',
      token,
    });
    expect(ok.status).toBe(200);
    // Single use: the same link cannot be used again, by anyone.
    const again = await env().client().post(`/api/invites/${inviteId}/sign-up`, {
      email,
      fullName: 'Twice',
      password: 'long-enough',
      token,
    });
    expect(again.status).toBe(409);
  });

  it('limits re-sending: once a minute, ten times a day, with a clear 429', async () => {
    const client = env().client();
    const owner = await ownerWithOrg(client, 'Resend Boosters');
    await makePremium(env(), owner.orgId);
    const { inviteId, email } = await inviteBy(client, ['treasurer'], uniqueEmail('resent'), env());

    const soon = await client.post(`/api/team/invites/${inviteId}/resend`);
    expect(soon.status).toBe(429);
    expect(soon.body).toMatchObject({ error: { code: 'rate_limited', message: INVITE_MESSAGES.resendTooSoon } });

    for (let i = 0; i < 9; i++) {
      await platformExec(
        env(),
        sql`UPDATE email_message SET created_at = created_at - interval '2 minutes' WHERE ${email} = ANY("to")`,
      );
      expect((await client.post(`/api/team/invites/${inviteId}/resend`)).status).toBe(200);
    }
    await platformExec(
      env(),
      sql`UPDATE email_message SET created_at = created_at - interval '2 minutes' WHERE ${email} = ANY("to")`,
    );
    const daily = await client.post(`/api/team/invites/${inviteId}/resend`);
    expect(daily.status).toBe(429);
    expect(daily.body).toMatchObject({ error: { message: INVITE_MESSAGES.resendDailyLimit } });
    const [sent] = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT count(*)::int AS n FROM email_message WHERE ${email} = ANY("to")`,
    );
    expect(sent?.n).toBe(10);
  });
});
