import { OWNER_ONLY_SETTINGS_MESSAGE } from '@pennant/shared/organization/schemas';
import { INVITE_MESSAGES } from '@pennant/shared/team/schemas';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { column, sql } from '../../db/client';
import { ownerWithOrg, uniqueEmail } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { invite, makePremium, platformExec, platformQuery, setPlan, teammate } from '../../test/team-fixtures';

interface TMembers {
  members: { id: string; fullName: string; email: string; isOwner: boolean; roles: string[] }[];
}
interface TPlan {
  planKey: string;
  status: string | null;
  expiresAt: string | null;
  usage: {
    activeSponsors: number;
    sponsorLimit: number | null;
    teamMembers: number;
    pendingInvites: number;
    teamLimit: number | null;
  };
}

forEachDatabase('team', (env) => {
  it('lists active users, the owner first, with names, e-mails and roles', async () => {
    const owner = env().client();
    const o = await ownerWithOrg(owner, 'Roster Club');
    const mate = await teammate(env(), owner, o.orgId, ['treasurer', 'sponsorship_lead'], 'Pat Treasurer');
    const res = await mate.client.get<TMembers>('/api/team/members');
    expect(res.status).toBe(200);
    expect(res.body.members).toHaveLength(2);
    expect(res.body.members[0]).toMatchObject({ fullName: 'Test User', email: o.email, isOwner: true });
    expect(res.body.members[0]?.roles.sort()).toEqual(['admin', 'sponsorship_lead']);
    expect(res.body.members[1]).toMatchObject({ fullName: 'Pat Treasurer', email: mate.email, isOwner: false });
    expect(res.body.members[1]?.roles.sort()).toEqual(['sponsorship_lead', 'treasurer']);
  });

  it('normalises other stored role spellings on read', async () => {
    const owner = env().client();
    const o = await ownerWithOrg(owner);
    const mate = await teammate(env(), owner, o.orgId, ['treasurer']);
    const [user] = await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`SELECT id FROM auth_user WHERE email = ${mate.email}`,
    );
    await platformExec(
      env(),
      sql`INSERT INTO user_role (org_id, user_id, role) VALUES (${o.orgId}, ${user?.id}, 'lead'), (${o.orgId}, ${user?.id}, 'readonly')`,
    );
    const res = await owner.get<TMembers>('/api/team/members');
    const found = res.body.members.find((m) => m.email === mate.email);
    expect(found?.roles.sort()).toEqual(['read_only', 'sponsorship_lead', 'treasurer']);
  });

  it('refuses a read-only member on every mutating route of the team and settings', async () => {
    const owner = env().client();
    const o = await ownerWithOrg(owner);
    const ro = await teammate(env(), owner, o.orgId, ['read_only']);
    const { inviteId } = await invite(owner);

    const attempts = [
      ro.client.put('/api/organization/settings', { name: 'Mine Now', seasonLabel: '2025', fiscalStartMonth: 1 }),
      ro.client.post('/api/team/invites', { email: uniqueEmail(), roles: ['admin'] }),
      ro.client.post(`/api/team/invites/${inviteId}/resend`),
      ro.client.post(`/api/team/invites/${inviteId}/cancel`),
    ];
    const replies = await Promise.all(attempts);
    expect(replies.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(replies[0]?.body).toMatchObject({ error: { message: OWNER_ONLY_SETTINGS_MESSAGE } });
    for (const r of replies.slice(1)) {
      expect(r.body).toEqual({ error: { code: 'forbidden', message: INVITE_MESSAGES.teamRightRequired } });
    }
    // Nothing changed; the pending invitations are for those who manage the team only.
    expect((await owner.get<{ invites: { id: string }[] }>('/api/team/invites')).body.invites.map((i) => i.id)).toEqual(
      [inviteId],
    );
    expect((await ro.client.get('/api/team/invites')).status).toBe(403);
    for (const path of ['/api/organization/settings', '/api/team/members', '/api/plan', '/api/dashboard/metrics']) {
      expect((await ro.client.get(path)).status, path).toBe(200);
    }
  });

  it('gives the team right to an Org Admin, not to a treasurer or sponsorship lead', async () => {
    const owner = env().client();
    const o = await ownerWithOrg(owner);
    const admin = await teammate(env(), owner, o.orgId, ['admin']);
    const treasurer = await teammate(env(), owner, o.orgId, ['treasurer', 'sponsorship_lead']);

    const byAdmin = await invite(admin.client, ['read_only']);
    await platformExec(
      env(),
      sql`UPDATE email_message SET created_at = created_at - interval '2 minutes' WHERE ${byAdmin.email} = ANY("to")`,
    );
    expect((await admin.client.post(`/api/team/invites/${byAdmin.inviteId}/resend`)).status).toBe(200);
    expect((await admin.client.post(`/api/team/invites/${byAdmin.inviteId}/cancel`)).status).toBe(200);

    const refused = await treasurer.client.post('/api/team/invites', { email: uniqueEmail(), roles: ['treasurer'] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { message: INVITE_MESSAGES.teamRightRequired } });
  });

  it('keeps the free plan to one team member: the owner alone', async () => {
    const owner = env().client();
    const o = await ownerWithOrg(owner);
    const refused = await owner.post('/api/team/invites', { email: uniqueEmail(), roles: ['treasurer'] });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'plan_limit', message: INVITE_MESSAGES.planLimit } });

    for (const status of ['trialing', 'past_due', 'canceled']) {
      await setPlan(env(), o.orgId, 'premium_month', status);
      const res = await owner.post('/api/team/invites', { email: uniqueEmail(), roles: ['treasurer'] });
      expect(res.body, status).toMatchObject({ error: { code: 'plan_limit' } });
    }

    await makePremium(env(), o.orgId);
    const allowed = await owner.post('/api/team/invites', { email: uniqueEmail(), roles: ['treasurer'] });
    expect(allowed.status).toBe(201);

    // Back on free, the pending invitation still holds a seat: nothing more can be sent.
    await setPlan(env(), o.orgId, null, null);
    const again = await owner.post('/api/team/invites', { email: uniqueEmail(), roles: ['treasurer'] });
    expect(again.body).toMatchObject({ error: { code: 'plan_limit' } });
    const [count] = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT count(*)::int AS n FROM invite_token WHERE org_id = ${o.orgId}`,
    );
    expect(count?.n).toBe(1);
  });

  it('reports the plan with sponsor and team usage against its limits', async () => {
    const owner = env().client();
    const o = await ownerWithOrg(owner);
    await platformExec(
      env(),
      sql`INSERT INTO company (org_id, name, status) VALUES
            (${o.orgId}, 'A', 'sponsor'), (${o.orgId}, 'B', 'sponsor'), (${o.orgId}, 'C', 'prospect')`,
    );
    const free = await owner.get<TPlan>('/api/plan');
    expect(free.body).toEqual({
      planKey: 'free',
      status: null,
      expiresAt: null,
      usage: { activeSponsors: 2, sponsorLimit: 10, teamMembers: 1, pendingInvites: 0, teamLimit: 1 },
    });

    await teammate(env(), owner, o.orgId, ['treasurer']);
    await invite(owner);
    const premium = await owner.get<TPlan>('/api/plan');
    expect(premium.body).toMatchObject({
      planKey: 'premium_year',
      status: 'active',
      usage: { activeSponsors: 2, sponsorLimit: null, teamMembers: 2, pendingInvites: 1, teamLimit: null },
    });
    expect(Date.parse(premium.body.expiresAt ?? '')).toBeGreaterThan(Date.now());

    await setPlan(env(), o.orgId, 'premium_month', 'trialing');
    expect((await owner.get<TPlan>('/api/plan')).body.usage).toMatchObject({ sponsorLimit: null, teamLimit: 1 });
  });
});
