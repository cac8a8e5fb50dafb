import type {
  TAdminOrgList,
  TAdminUser,
  TAdminUserList,
  TAdminUserOrgs,
  TAuditLogPage,
} from '@pennant/shared/admin/schemas';
import type { TSessionReply } from '@pennant/shared/session/schemas';
import { expect, it } from 'vitest';
import { sql } from '../../db/client';
import type { TestClient } from '../../test/client';
import { ownerWithOrg, signUp, uniqueEmail } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { platformExec, teammate } from '../../test/team-fixtures';
import { platformAdmin } from './fixtures/admin-fixtures';

const UA = 'Mozilla/5.0 (users test)';

async function findUser(admin: TestClient, email: string): Promise<TAdminUser | undefined> {
  const res = await admin.get<TAdminUserList>(`/api/admin/users?search=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return res.body.users.find((u) => u.email === email);
}

async function userId(admin: TestClient, email: string): Promise<string> {
  const user = await findUser(admin, email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

async function audit(admin: TestClient, action: string): Promise<TAuditLogPage> {
  return (await admin.get<TAuditLogPage>(`/api/admin/audit-logs?action=${action}`)).body;
}

forEachDatabase('admin console: users', (env) => {
  it('lists accounts by search with pages, the total, the organizations count and the display name', async () => {
    const admin = await platformAdmin(env());
    const owner = env().client();
    const marker = `zebra${Date.now().toString(36)}`;
    const { email } = await signUp(owner, `${marker}.owner@club.org`, 'Zoe Zebra');
    expect(
      (
        await owner.post('/api/onboarding/organization', {
          name: 'Zebra Club',
          seasonLabel: '2025',
          fiscalStartMonth: 7,
        })
      ).status,
    ).toBe(201);
    for (let i = 0; i < 11; i += 1) await signUp(env().client(), `${marker}.${i}@club.org`, 'Some Body');
    // An account whose stored name is blank (sign-up requires one; older or imported accounts may not).
    await platformExec(env(), sql`UPDATE auth_user SET name = '' WHERE email = ${`${marker}.10@club.org`}`);

    const page1 = await admin.client.get<TAdminUserList>(`/api/admin/users?search=${marker.toUpperCase()}`);
    expect(page1.body.totalCount).toBe(12);
    expect(page1.body.users).toHaveLength(10);
    const page2 = await admin.client.get<TAdminUserList>(`/api/admin/users?search=${marker}&limit=10&offset=10`);
    expect(page2.body.users).toHaveLength(2);
    expect(page2.body.totalCount).toBe(12);
    // A page past the end is empty and still says how many match.
    expect(
      (await admin.client.get<TAdminUserList>(`/api/admin/users?search=${marker}&limit=10&offset=20`)).body,
    ).toEqual({ users: [], totalCount: 12 });
    // Newest first: the owner signed up first, so is last.
    expect(page2.body.users.at(-1)).toMatchObject({ email, name: 'Zoe Zebra', orgCount: 1, disabled: false });
    // A blank name falls back to the e-mail before the @.
    const nameless = page1.body.users.find((u) => u.email === `${marker}.10@club.org`);
    expect(nameless).toMatchObject({ name: `${marker}.10`, orgCount: 0 });
    expect(
      (await admin.client.get<TAdminUserList>(`/api/admin/users?search=${marker}&limit=25`)).body.users,
    ).toHaveLength(12);
    expect((await admin.client.get<TAdminUserList>('/api/admin/users?search=no-such-person-anywhere')).body).toEqual({
      users: [],
      totalCount: 0,
    });
  });

  it('disables an account: its sessions end at once and sign-in is refused until it is re-enabled', async () => {
    const admin = await platformAdmin(env());
    const person = env().client();
    const { email, password } = await ownerWithOrg(person, 'Disabled Doves');
    const id = await userId(admin.client, email);
    expect((await person.get('/api/companies')).status).toBe(200);

    const disabled = await admin.client.request<TAdminUser>(
      'PATCH',
      `/api/admin/users/${id}`,
      { disabled: true },
      {
        'user-agent': UA,
      },
    );
    expect(disabled).toMatchObject({ status: 200, body: { id, email, disabled: true } });
    // The open session is gone on its very next request (a read, answered from no cache).
    expect((await person.get('/api/companies')).status).toBe(401);
    expect((await person.get<TSessionReply>('/api/session')).body.session).toBeNull();

    const again = env().client();
    const refused = await again.post('/api/auth/sign-in', { email, password });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: { message: 'This account has been disabled. Contact support to restore it.' } },
    });
    expect((await again.get<TSessionReply>('/api/session')).body.session).toBeNull();
    // A wrong password still reads as a wrong password (nothing told to a guesser).
    expect((await again.post('/api/auth/sign-in', { email, password: 'wrong-password' })).status).toBe(401);

    expect((await admin.client.patch(`/api/admin/users/${id}`, { disabled: false })).body).toMatchObject({
      disabled: false,
    });
    expect((await again.post('/api/auth/sign-in', { email, password })).status).toBe(200);
    expect((await again.get('/api/companies')).status).toBe(200);

    expect([
      (await audit(admin.client, 'disable_user')).totalCount,
      (await audit(admin.client, 'enable_user')).totalCount,
    ]).toEqual([1, 1]);
    expect((await audit(admin.client, 'disable_user')).entries[0]).toMatchObject({
      adminEmail: admin.email,
      targetUserEmail: email,
      userAgent: UA,
      ipAddress: expect.any(String),
    });
    // An admin cannot lock themselves out, and an unknown account is a 404.
    expect((await admin.client.patch(`/api/admin/users/${admin.id}`, { disabled: true })).status).toBe(409);
    expect((await admin.client.patch(`/api/admin/users/${crypto.randomUUID()}`, { disabled: true })).status).toBe(404);
    expect((await admin.client.patch(`/api/admin/users/${id}`, { disabled: 'yes' })).status).toBe(400);
  });

  it('hard deletes an account: it and its memberships go, its organization passes to the next admin', async () => {
    const admin = await platformAdmin(env());
    const owner = env().client();
    const { email, orgId } = await ownerWithOrg(owner, 'Handover Hawks');
    const { client: mate, email: mateEmail } = await teammate(env(), owner, orgId, ['admin']);
    expect((await owner.post('/api/companies', { name: 'Hawk Sponsor', status: 'sponsor' })).status).toBe(201);
    const lone = env().client();
    const { email: loneEmail, orgId: loneOrg } = await ownerWithOrg(lone, 'Lonely Larks');
    const ownerId = await userId(admin.client, email);

    const res = await admin.client.delete<{ message: string }>(`/api/admin/users/${ownerId}`);
    expect(res).toMatchObject({ status: 200, body: { message: `User ${email} and their memberships were deleted` } });
    expect(await findUser(admin.client, email)).toBeUndefined();
    expect((await owner.get('/api/companies')).status).toBe(401);
    // The organization and its records stay; the teammate is now its owner.
    const mateSession = (await mate.get<TSessionReply>('/api/session')).body.session;
    expect(mateSession).toMatchObject({ org: { id: orgId }, isOwner: true });
    expect(mateSession?.roles).toContain('admin');
    expect((await mate.get<{ companies: { name: string }[] }>('/api/companies')).body.companies).toEqual([
      expect.objectContaining({ name: 'Hawk Sponsor' }),
    ]);
    const hawks = await admin.client.get<TAdminOrgList>('/api/admin/orgs?search=Handover%20Hawks');
    expect(hawks.body.organizations[0]).toMatchObject({ ownerEmail: mateEmail, userCount: 1 });

    // A sole member's organization stays, ownerless, with its records.
    const loneId = await userId(admin.client, loneEmail);
    expect((await admin.client.delete(`/api/admin/users/${loneId}`)).status).toBe(200);
    const larks = await admin.client.get<TAdminOrgList>('/api/admin/orgs?search=Lonely%20Larks');
    expect(larks.body.organizations).toEqual([
      expect.objectContaining({ id: loneOrg, ownerEmail: null, userCount: 0 }),
    ]);

    const deletes = await audit(admin.client, 'delete_user');
    expect(deletes.totalCount).toBe(2);
    expect(deletes.entries.map((e) => e.targetUserEmail).sort()).toEqual([email, loneEmail].sort());
    expect((await admin.client.delete(`/api/admin/users/${ownerId}`)).status).toBe(404);
    expect((await admin.client.delete(`/api/admin/users/${admin.id}`)).status).toBe(409);
  });

  it('bulk deletes the selected accounts, one audit row each, never the admin’s own', async () => {
    const admin = await platformAdmin(env());
    const emails = [uniqueEmail('bulk.playwright'), uniqueEmail('bulk.cypress'), uniqueEmail('bulk.keep')];
    for (const e of emails) await signUp(env().client(), e, 'Bulk Person');
    const ids = await Promise.all(emails.map((e) => userId(admin.client, e)));
    const [a, b, keep] = ids as [string, string, string];

    const before = (await audit(admin.client, 'delete_user')).totalCount;
    expect((await admin.client.post('/api/admin/users/bulk-delete', { userIds: [a, admin.id] })).status).toBe(409);
    expect(await findUser(admin.client, emails[0] ?? '')).toBeDefined();
    const res = await admin.client.post('/api/admin/users/bulk-delete', { userIds: [a, b, a, crypto.randomUUID()] });
    expect(res).toMatchObject({ status: 200, body: { deleted: 2, message: '2 users deleted' } });
    expect(await findUser(admin.client, emails[0] ?? '')).toBeUndefined();
    expect(await findUser(admin.client, emails[1] ?? '')).toBeUndefined();
    expect((await findUser(admin.client, emails[2] ?? ''))?.id).toBe(keep);
    const deletes = await admin.client.get<TAuditLogPage>('/api/admin/audit-logs?action=delete_user&search=bulk.');
    expect(deletes.body.entries.map((e) => e.targetUserEmail).sort()).toEqual([emails[0], emails[1]].sort());
    expect((await audit(admin.client, 'delete_user')).totalCount).toBe(before + 2);
    expect((await admin.client.post('/api/admin/users/bulk-delete', { userIds: [] })).status).toBe(400);
  });

  it('manages a member’s roles per organization: adds and removes, keeps one role and the owner’s admin', async () => {
    const admin = await platformAdmin(env());
    const owner = env().client();
    const { email: ownerEmail, orgId } = await ownerWithOrg(owner, 'Role Robins');
    const { client: mate, email } = await teammate(env(), owner, orgId, ['treasurer']);
    const id = await userId(admin.client, email);
    const roles = `/api/admin/users/${id}/organizations/${orgId}/roles`;

    expect((await admin.client.get<TAdminUserOrgs>(`/api/admin/users/${id}/organizations`)).body).toEqual({
      organizations: [{ orgId, orgName: 'Role Robins', roles: ['treasurer'], isOwner: false }],
    });
    const added = await admin.client.request<TAdminUserOrgs>('PUT', `${roles}/sponsorship_lead`, undefined, {
      'user-agent': UA,
    });
    expect(added.body.organizations[0]?.roles).toEqual(['treasurer', 'sponsorship_lead']);
    // The member's rights follow at once: sponsorship leads make products.
    expect((await mate.get<TSessionReply>('/api/session')).body.session?.roles).toEqual([
      'treasurer',
      'sponsorship_lead',
    ]);
    const removed = await admin.client.delete<TAdminUserOrgs>(`${roles}/treasurer`);
    expect(removed.body.organizations[0]?.roles).toEqual(['sponsorship_lead']);
    expect(await admin.client.delete(`${roles}/sponsorship_lead`)).toMatchObject({
      status: 409,
      body: { error: { message: 'At least one role is required.' } },
    });
    const ownerId = await userId(admin.client, ownerEmail);
    expect(await admin.client.delete(`/api/admin/users/${ownerId}/organizations/${orgId}/roles/admin`)).toMatchObject({
      status: 409,
      body: { error: { message: 'The owner keeps the admin role' } },
    });
    expect((await admin.client.put(`${roles}/read_only`)).status).toBe(400);
    const stranger = await signUp(env().client(), uniqueEmail('stranger'));
    const strangerId = await userId(admin.client, stranger.email);
    expect(await admin.client.put(`/api/admin/users/${strangerId}/organizations/${orgId}/roles/admin`)).toMatchObject({
      status: 404,
      body: { error: { message: 'This user is not a member of that organization' } },
    });

    const adds = await audit(admin.client, 'add_user_role');
    const removes = await audit(admin.client, 'remove_user_role');
    expect([adds.totalCount, removes.totalCount]).toEqual([1, 1]);
    expect(adds.entries[0]).toMatchObject({
      targetUserEmail: email,
      targetOrgName: 'Role Robins',
      details: { role: 'sponsorship_lead' },
      userAgent: UA,
    });
  });
});
