import { INVITE_MESSAGES } from '@pennant/shared/team/schemas';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { column, sql } from '../../db/client';
import { ownerWithOrg, uniqueEmail } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { invite, lastEmailTo, platformQuery, teammate } from '../../test/team-fixtures';

interface TSessionBody {
  session: { user: { email: string }; org: { id: string } | null; roles: string[] } | null;
}

/**
 * The review's escalation, walked end to end: a read-only member tries every step that used to
 * turn them into an Org Admin, and every step is refused.
 */
forEachDatabase('a read-only member cannot make themselves admin', (env) => {
  it('is refused at every step: list invites, take the address, accept, use the sign-up route', async () => {
    const ownerClient = env().client();
    const owner = await ownerWithOrg(ownerClient, 'Escalation Eagles');
    const reader = await teammate(env(), ownerClient, owner.orgId, ['read_only'], 'Rita Reader');
    const adminInvite = await invite(ownerClient, ['admin'], uniqueEmail('future.admin'), env());

    // 1. The pending invitations (and their ids) are not theirs to see.
    const list = await reader.client.get('/api/team/invites');
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ error: { message: INVITE_MESSAGES.teamRightRequired } });

    // 2. Asking to take the invited address changes nothing: the confirmation goes to that inbox.
    const change = await reader.client.post('/api/account/email', { email: adminInvite.email });
    expect(change.status).toBe(200);
    const me = await reader.client.get<TSessionBody>('/api/session');
    expect(me.body.session?.user.email).toBe(reader.email);
    const confirmation = await lastEmailTo(env(), adminInvite.email);
    expect(confirmation.subject).toBe('Confirm your new e-mail address for Pennant');

    // 3. Accepting needs the link's secret, and the account's own (confirmed) address.
    const noToken = await reader.client.post(`/api/invites/${adminInvite.inviteId}/accept`, {});
    expect(noToken.status).toBe(400);
    const guessed = await reader.client.post(`/api/invites/${adminInvite.inviteId}/accept`, { token: 'g'.repeat(43) });
    expect(guessed.status).toBe(404);
    // Even holding the real secret, their account's address is not the invited one.
    const withSecret = await reader.client.post(`/api/invites/${adminInvite.inviteId}/accept`, {
      token: adminInvite.token,
    });
    expect(withSecret.status).toBe(403);
    expect(withSecret.body).toMatchObject({ error: { message: INVITE_MESSAGES.wrongEmail } });

    // 4. The invite sign-up route does not open with the row id.
    const signUpById = await env().client().post(`/api/invites/${adminInvite.inviteId}/sign-up`, {
      email: adminInvite.email,
      fullName: 'Rita Again',
      password: 'long-enough',
    });
    expect(signUpById.status).toBe(400);
    const signUpGuess = await env()
      .client()
      .post(`/api/invites/${adminInvite.inviteId}/sign-up`, {
        email: adminInvite.email,
        fullName: 'Rita Again',
        password: 'long-enough',
        token: 'h'.repeat(43),
      });
    expect(signUpGuess.status).toBe(404);

    // Nothing moved: still read-only, the invitation still pending, no admin besides the owner.
    const after = await reader.client.get<TSessionBody>('/api/session');
    expect(after.body.session?.roles).toEqual(['read_only']);
    const admins = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT count(*)::int AS n FROM user_role WHERE org_id = ${owner.orgId} AND role = 'admin' AND NOT is_owner`,
    );
    expect(admins[0]?.n).toBe(0);
    const [row] = await platformQuery(
      env(),
      z.object({ status: z.string() }),
      sql`SELECT status FROM invite_token WHERE id = ${adminInvite.inviteId}`,
    );
    expect(row?.status).toBe('pending');
  });
});
