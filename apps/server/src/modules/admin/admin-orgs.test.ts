import type { TAdminOrg, TAdminOrgList, TAuditLogPage, TImpersonation } from '@pennant/shared/admin/schemas';
import type { TPlanReply } from '@pennant/shared/organization/schemas';
import type { TSessionReply } from '@pennant/shared/session/schemas';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { invite, teammate } from '../../test/team-fixtures';
import { seedCampaign } from '../fundraising/fixtures/launch-fixtures';
import { activePaymentAccount } from '../invoices/fixtures/invoice-fixtures';
import { platformAdmin } from './fixtures/admin-fixtures';

const UA = 'Mozilla/5.0 (admin console test)';

/** A console call as a browser makes it, with its user agent. */
function as(client: TestClient, method: string, path: string, body?: unknown) {
  return client.request<Record<string, unknown>>(method, path, body, { 'user-agent': UA });
}

async function auditOf(admin: TestClient, action: string): Promise<TAuditLogPage> {
  const res = await admin.get<TAuditLogPage>(`/api/admin/audit-logs?action=${action}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function companyNames(client: TestClient): Promise<string[]> {
  const res = await client.get<{ companies: { name: string }[] }>('/api/companies');
  expect(res.status).toBe(200);
  return res.body.companies.map((c) => c.name).sort();
}

forEachDatabase('admin console: organizations', (env) => {
  it('lists organizations with search, owner, user count, workflow and plan, 10 a page with the total', async () => {
    const admin = await platformAdmin(env());
    const owner = env().client();
    const { orgId, email } = await ownerWithOrg(owner, 'Searchable Lions');
    await teammate(env(), owner, orgId, ['treasurer']);
    for (let i = 0; i < 11; i += 1) await ownerWithOrg(env().client(), `Paging Club ${String(i).padStart(2, '0')}`);

    const found = await admin.client.get<TAdminOrgList>('/api/admin/orgs?search=searchable%20LIONS');
    expect(found.body).toEqual({
      totalCount: 1,
      organizations: [
        expect.objectContaining({
          id: orgId,
          name: 'Searchable Lions',
          seasonLabel: '2025',
          ownerEmail: email,
          userCount: 2,
          workflowMode: 'basic',
          planKey: 'premium_year',
          frozen: false,
        }),
      ],
    });
    expect((await admin.client.get<TAdminOrgList>(`/api/admin/orgs?search=${email}`)).body.totalCount).toBe(1);
    const first = await admin.client.get<TAdminOrgList>('/api/admin/orgs?search=paging%20club');
    expect(first.body.totalCount).toBe(11);
    expect(first.body.organizations).toHaveLength(10);
    const second = await admin.client.get<TAdminOrgList>('/api/admin/orgs?search=paging%20club&offset=10');
    expect(second.body.organizations.map((o) => o.name)).toEqual(['Paging Club 00']);
    expect(second.body.totalCount).toBe(11);
    // A page past the end is empty and still says how many match.
    expect((await admin.client.get<TAdminOrgList>('/api/admin/orgs?search=paging%20club&offset=20')).body).toEqual({
      organizations: [],
      totalCount: 11,
    });
    expect((await admin.client.get<TAdminOrgList>('/api/admin/orgs?search=%25')).body.totalCount).toBe(0);
    expect((await admin.client.get('/api/admin/orgs?limit=1000')).status).toBe(400);
  });

  it('toggles the plan between free and premium_month, and the organization’s limits follow', async () => {
    const admin = await platformAdmin(env());
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Plan Toggle Club');
    const plan = async () => (await owner.get<TPlanReply>('/api/plan')).body;
    expect(await plan()).toMatchObject({ planKey: 'free', usage: { sponsorLimit: 10 } });
    // Free: one team member, so an invitation is refused.
    const refused = await owner.post('/api/team/invites', { email: 'second@club.org', roles: ['treasurer'] });
    expect(refused.status).toBe(403);

    const premium = await as(admin.client, 'PATCH', `/api/admin/orgs/${orgId}`, { planKey: 'premium_month' });
    expect(premium).toMatchObject({
      status: 200,
      body: { id: orgId, planKey: 'premium_month', subscriptionStatus: 'active' },
    });
    expect(await plan()).toMatchObject({ planKey: 'premium_month', status: 'active', usage: { sponsorLimit: null } });
    await invite(owner, ['treasurer'], 'second@club.org');

    const free = await as(admin.client, 'PATCH', `/api/admin/orgs/${orgId}`, { planKey: 'free' });
    expect(free).toMatchObject({ status: 200, body: { planKey: 'free', subscriptionStatus: null } });
    expect(await plan()).toMatchObject({ planKey: 'free', status: null, usage: { sponsorLimit: 10 } });
    expect((await owner.post('/api/team/invites', { email: 'third@club.org', roles: ['admin'] })).status).toBe(403);

    expect((await admin.client.patch(`/api/admin/orgs/${orgId}`, { planKey: 'premium_year' })).status).toBe(400);
    expect(await admin.client.patch(`/api/admin/orgs/${orgId}`, { planKey: 'free', frozen: true })).toMatchObject({
      status: 400,
      body: { error: { message: 'Change either the plan or the frozen status' } },
    });
    expect((await admin.client.patch(`/api/admin/orgs/${crypto.randomUUID()}`, { frozen: true })).status).toBe(404);

    const audit = await auditOf(admin.client, 'set_org_plan');
    expect(audit.totalCount).toBe(2);
    expect(audit.entries[0]).toMatchObject({
      adminEmail: admin.email,
      targetOrgName: 'Plan Toggle Club',
      details: { from: 'premium_month', to: 'free' },
      userAgent: UA,
      ipAddress: expect.any(String),
    });
  });

  it('freezes an organization: its members read but cannot change anything, donations stop; unfreezing restores', async () => {
    const admin = await platformAdmin(env());
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Frozen Falcons');
    const { client: mate } = await teammate(env(), owner, orgId, ['treasurer']);
    expect((await owner.post('/api/companies', { name: 'Before Freeze', status: 'prospect' })).status).toBe(201);
    await activePaymentAccount(env(), owner);
    const campaign = await seedCampaign(env(), orgId, { name: 'Frozen Drive', status: 'sent', players: ['Avery'] });
    const donor = env().client();
    const donation = { campaignId: campaign.id, amountCents: 2500, donorEmail: null, playerId: null, contactId: null };

    const frozen = await as(admin.client, 'PATCH', `/api/admin/orgs/${orgId}`, { frozen: true });
    expect(frozen).toMatchObject({ status: 200, body: { id: orgId, frozen: true } });

    for (const client of [owner, mate]) {
      // Reads work, and the session says why changes will not.
      expect(await companyNames(client)).toEqual(['Before Freeze']);
      expect((await client.get<TSessionReply>('/api/session')).body.session?.org?.isFrozen).toBe(true);
      const write = await client.post<{ error: { code: string; message: string } }>('/api/companies', {
        name: 'During Freeze',
        status: 'prospect',
      });
      expect(write.status).toBe(423);
      expect(write.body.error).toEqual({
        code: 'frozen',
        message:
          'This organization is frozen by the platform administrators: you can view its data, but changes are refused. Contact support to unfreeze it.',
      });
    }
    // Every kind of change, not only companies: settings, team, deletes.
    expect((await owner.post('/api/team/invites', { email: 'x@club.org', roles: ['treasurer'] })).status).toBe(423);
    expect((await owner.request('DELETE', `/api/companies/${crypto.randomUUID()}`)).status).toBe(423);
    // The public donation page takes no money.
    expect(await donor.post('/api/public/donations', donation)).toMatchObject({
      status: 423,
      body: { error: { message: 'This organization is not accepting donations right now.' } },
    });
    // Impersonation is blocked while frozen.
    expect(await admin.client.post(`/api/admin/orgs/${orgId}/impersonation`)).toMatchObject({
      status: 409,
      body: { error: { message: 'This organization is frozen. Unfreeze it before impersonating.' } },
    });

    // The console itself is not blocked by the freeze.
    const thawed = await as(admin.client, 'PATCH', `/api/admin/orgs/${orgId}`, { frozen: false });
    expect(thawed).toMatchObject({ status: 200, body: { frozen: false } });
    expect((await owner.post('/api/companies', { name: 'After Freeze', status: 'prospect' })).status).toBe(201);
    expect((await mate.get<TSessionReply>('/api/session')).body.session?.org?.isFrozen).toBe(false);
    expect((await donor.post('/api/public/donations', donation)).status).toBe(200);

    const freezes = await auditOf(admin.client, 'freeze_org');
    const thaws = await auditOf(admin.client, 'unfreeze_org');
    expect([freezes.totalCount, thaws.totalCount]).toEqual([1, 1]);
    expect(freezes.entries[0]).toMatchObject({
      targetOrgName: 'Frozen Falcons',
      details: { frozen: true },
      userAgent: UA,
    });
  });

  it('impersonates an organization: the admin sees only it, acts as its admin, and returns when it ends', async () => {
    const admin = await platformAdmin(env());
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Seen Sparrows');
    expect((await owner.post('/api/companies', { name: 'Sparrow Sponsor', status: 'sponsor' })).status).toBe(201);
    const other = env().client();
    await ownerWithOrg(other, 'Unseen Owls');
    expect((await other.post('/api/companies', { name: 'Owl Sponsor', status: 'sponsor' })).status).toBe(201);
    // Before: the admin belongs to no organization.
    expect((await admin.client.get<TSessionReply>('/api/session')).body.session).toMatchObject({
      org: null,
      impersonation: null,
    });
    expect((await admin.client.get('/api/companies')).status).toBe(403);

    const started = await as(admin.client, 'POST', `/api/admin/orgs/${orgId}/impersonation`);
    expect(started.status).toBe(201);
    const record = started.body as unknown as TImpersonation;
    expect(record).toEqual({
      orgId,
      orgName: 'Seen Sparrows',
      adminId: admin.id,
      adminEmail: admin.email,
      impersonatedAt: expect.any(String),
    });
    const session = (await admin.client.get<TSessionReply>('/api/session')).body.session;
    expect(session).toMatchObject({
      isAppAdmin: true,
      org: { id: orgId, name: 'Seen Sparrows' },
      roles: ['admin'],
      isOwner: true,
      impersonation: record,
    });
    // Scoped to that organization: its companies only, and it may act there as an admin.
    expect(await companyNames(admin.client)).toEqual(['Sparrow Sponsor']);
    expect((await admin.client.post('/api/companies', { name: 'Added By Support', status: 'prospect' })).status).toBe(
      201,
    );
    expect(await companyNames(owner)).toEqual(['Added By Support', 'Sparrow Sponsor']);
    expect(await companyNames(other)).toEqual(['Owl Sponsor']);

    const ended = await as(admin.client, 'DELETE', '/api/admin/impersonation');
    expect(ended).toMatchObject({ status: 200, body: { orgId } });
    expect((await admin.client.get<TSessionReply>('/api/session')).body.session).toMatchObject({
      org: null,
      impersonation: null,
    });
    expect((await admin.client.get('/api/companies')).status).toBe(403);

    const starts = await auditOf(admin.client, 'start_impersonation');
    const ends = await auditOf(admin.client, 'end_impersonation');
    expect([starts.totalCount, ends.totalCount]).toEqual([1, 1]);
    expect(starts.entries[0]).toMatchObject({ adminEmail: admin.email, targetOrgName: 'Seen Sparrows', userAgent: UA });
    expect(ends.entries[0]).toMatchObject({ targetOrgName: 'Seen Sparrows' });
    expect((await admin.client.post(`/api/admin/orgs/${crypto.randomUUID()}/impersonation`)).status).toBe(404);
  });

  it('answers the organization row after each toggle, as the table shows it', async () => {
    const admin = await platformAdmin(env());
    const { orgId } = await ownerWithOrg(env().client(), 'Row Reply Club');
    const res = await admin.client.patch<TAdminOrg>(`/api/admin/orgs/${orgId}`, { frozen: true });
    expect(res.body).toMatchObject({ name: 'Row Reply Club', userCount: 1, frozen: true, planKey: 'free' });
  });
});
