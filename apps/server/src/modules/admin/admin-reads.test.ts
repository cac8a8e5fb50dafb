import type {
  TAdminAiConfigHistory,
  TAdminAiConfigList,
  TAdminDashboard,
  TAdminMetrics,
  TAuditLogPage,
  TSignupMetrics,
  TSystemHealth,
  TTokenUsage,
} from '@pennant/shared/admin/schemas';
import { type TEmailDraftRequest, ZEmailDraftRequest } from '@pennant/shared/ai/schemas';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from '../../db/client';
import { createOpenAiWriter } from '../../integrations/ai/openai';
import { ownerWithOrg, signUp, uniqueEmail } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { completion, startOpenAiStub } from '../../test/openai-stub';
import { platformExec, teammate } from '../../test/team-fixtures';
import { writeEmail } from '../ai/ai.service';
import { loadMember } from '../session/member';
import { platformAdmin } from './fixtures/admin-fixtures';

const UA = 'Mozilla/5.0 (reads test)';

function quoteRequest(): TEmailDraftRequest {
  return ZEmailDraftRequest.parse({
    kind: 'quote',
    organizationName: 'Config Club',
    companyName: 'Acme Hardware',
    contactFirstName: 'Ann',
    items: [{ name: 'Banner', qty: 1, cents: 50_000 }],
    sender: { name: 'Sam Lee', email: 'sam@club.org' },
  });
}

forEachDatabase('admin console: AI configuration, metrics and the audit log', (env) => {
  let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(async () => {
    await stub.close();
  });

  it('edits a feature’s AI configuration with its history, and the AI writer uses it for the next e-mail', async () => {
    const admin = await platformAdmin(env());
    const list = await admin.client.get<TAdminAiConfigList>('/api/admin/ai-configs');
    expect(list.body.configs.map((c) => c.featureKey).sort()).toEqual([
      'chat-completion',
      'lead-scout-parse',
      'personalize-email',
      'personalize-fundraising-reminder',
    ]);
    const before = list.body.configs.find((c) => c.featureKey === 'chat-completion');

    const save = { model: 'gpt-4o', tokenLimit: 2500, systemPrompt: 'Console prompt: be brief.' };
    const saved = await admin.client.request('PUT', '/api/admin/ai-configs/chat-completion', save, {
      'user-agent': UA,
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { featureKey: 'chat-completion', ...save, updatedByEmail: admin.email },
    });
    const history = await admin.client.get<TAdminAiConfigHistory>('/api/admin/ai-configs/chat-completion/history');
    expect(history.body.history).toEqual([
      expect.objectContaining({
        featureKey: 'chat-completion',
        createdByEmail: admin.email,
        previousConfig: { model: before?.model, tokenLimit: before?.tokenLimit, systemPrompt: before?.systemPrompt },
      }),
    ]);
    // The limits of §5.8: 1,000–32,000 tokens, one of the two models, a prompt.
    for (const bad of [
      { ...save, tokenLimit: 999 },
      { ...save, tokenLimit: 32_001 },
      { ...save, model: 'gpt-5' },
      { ...save, systemPrompt: '   ' },
    ]) {
      expect((await admin.client.put('/api/admin/ai-configs/chat-completion', bad)).status).toBe(400);
    }
    expect((await admin.client.put('/api/admin/ai-configs/not-a-feature', save)).status).toBe(400);

    // The writer reads the saved configuration.
    const owner = env().client();
    await ownerWithOrg(owner, 'Config Club');
    const me = await owner.get<{ session: { user: { id: string; email: string; name: string } } }>('/api/session');
    const member = await loadMember(env().deps, me.body.session.user);
    stub.requests.length = 0;
    stub.answer(() => completion(JSON.stringify({ subject: 'Hello', body: 'Hi Ann' })));
    const deps = { ...env().deps, ai: createOpenAiWriter({ baseUrl: stub.baseUrl, apiKey: 'sk-test', maxRetries: 0 }) };
    await writeEmail(deps, member, 'chat-completion', quoteRequest());
    expect(stub.requests[0]?.body).toMatchObject({
      model: 'gpt-4o',
      max_tokens: 2500,
      messages: [{ role: 'system', content: 'Console prompt: be brief.' }, { role: 'user' }],
    });

    const audit = await admin.client.get<TAuditLogPage>('/api/admin/audit-logs?action=update_ai_config');
    expect(audit.body.totalCount).toBe(1);
    expect(audit.body.entries[0]).toMatchObject({
      adminEmail: admin.email,
      details: { feature: 'chat-completion', model: 'gpt-4o', tokenLimit: 2500 },
      userAgent: UA,
    });
  });

  it('counts organizations, users, active contracts, sponsors and sign-ups, and token usage with its cost', async () => {
    const admin = await platformAdmin(env());
    const metrics = async () => (await admin.client.get<TAdminMetrics>('/api/admin/metrics')).body;
    const start = await metrics();
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Metric Mustangs');
    expect((await owner.post('/api/companies', { name: 'Metric Sponsor', status: 'sponsor' })).status).toBe(201);
    expect((await owner.post('/api/companies', { name: 'Metric Prospect', status: 'prospect' })).status).toBe(201);
    await platformExec(
      env(),
      sql`INSERT INTO contract (org_id, company_id, status, start_date, end_date, term_months, total_value_cents)
          SELECT ${orgId}, id, 'active', current_date - 10, current_date + 300, 12, 100000 FROM company
          WHERE org_id = ${orgId} AND name = 'Metric Sponsor'`,
    );
    await admin.client.patch(`/api/admin/orgs/${orgId}`, { frozen: true });

    const after = await metrics();
    expect(after).toEqual({
      totalOrganizations: start.totalOrganizations + 1,
      activeOrganizations: start.activeOrganizations,
      totalUsers: start.totalUsers + 1,
      activeContracts: start.activeContracts + 1,
      totalSponsors: start.totalSponsors + 1,
      signupCount: start.signupCount + 1,
    });
    const dashboard = (await admin.client.get<TAdminDashboard>('/api/admin/dashboard')).body;
    expect(dashboard).toMatchObject({
      totalOrganizations: after.totalOrganizations,
      totalUsers: after.totalUsers,
      activeContracts: after.activeContracts,
      totalSponsors: after.totalSponsors,
    });
    expect(dashboard.recentOrganizations[0]).toMatchObject({ id: orgId, name: 'Metric Mustangs', frozen: true });
    expect(dashboard.recentOrganizations.length).toBeLessThanOrEqual(5);
    expect(dashboard.recentUsers.length).toBeLessThanOrEqual(5);

    const signups = (await admin.client.get<TSignupMetrics>('/api/admin/signups?days=7')).body;
    expect(signups.daily).toHaveLength(7);
    expect(signups.daily.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    expect(signups.total).toBeGreaterThanOrEqual(2);
    expect((await admin.client.get('/api/admin/signups?days=0')).status).toBe(400);

    // 1.2M tokens on gpt-4o: over the warning threshold, with its estimated cost (the e-mail the
    // first test wrote is counted too, so the figures are compared with what was there before).
    const tokenUsage = async () => (await admin.client.get<TTokenUsage>('/api/admin/token-usage?days=30')).body;
    const byModel = (u: TTokenUsage, model: string) =>
      u.usage.find((r) => r.model === model) ?? { model, tokenCount: 0, estimatedCost: 0 };
    const earlier = await tokenUsage();
    expect(earlier.highUsage).toBe(false);
    await platformExec(
      env(),
      sql`INSERT INTO ai_usage (org_id, feature_key, model, prompt_tokens, completion_tokens, total_tokens,
                                estimated_cost_micros)
          VALUES (${orgId}, 'chat-completion', 'gpt-4o', 1000000, 200000, 1200000, 4500000),
                 (NULL, 'personalize-email', 'gpt-4o-mini', 1000, 500, 1500, 450)`,
    );
    const usage = await tokenUsage();
    expect(usage.highUsage).toBe(true);
    expect(byModel(usage, 'gpt-4o').tokenCount - byModel(earlier, 'gpt-4o').tokenCount).toBe(1_200_000);
    expect(byModel(usage, 'gpt-4o').estimatedCost - byModel(earlier, 'gpt-4o').estimatedCost).toBeCloseTo(4.5, 3);
    expect(byModel(usage, 'gpt-4o-mini').tokenCount - byModel(earlier, 'gpt-4o-mini').tokenCount).toBe(1500);
    // Most used first.
    expect(usage.usage[0]?.model).toBe('gpt-4o');
  });

  it('reports the job queue as healthy with nothing failed (the inline queue keeps no jobs)', async () => {
    const admin = await platformAdmin(env());
    expect((await admin.client.get<TSystemHealth>('/api/admin/system-health')).body).toEqual({
      healthy: true,
      healthPercent: 100,
      successCount: 0,
      errorCount: 0,
      pendingCount: 0,
      windowHours: 24,
      lastErrors: [],
    });
  });

  it('searches and filters the audit log, 20 a page with the total, each action one row with IP and user agent', async () => {
    const admin = await platformAdmin(env());
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Audited Antelopes');
    const { email: mateEmail } = await teammate(env(), owner, orgId, ['treasurer']);
    const mate = await signUp(env().client(), uniqueEmail('audited.helper'), 'Audited Helper');
    const users = await admin.client.get<{ users: { id: string; email: string }[] }>(
      `/api/admin/users?search=${encodeURIComponent(mateEmail)}`,
    );
    const mateId = users.body.users[0]?.id ?? '';
    const total = async () => (await admin.client.get<TAuditLogPage>('/api/admin/audit-logs')).body.totalCount;
    const start = await total();

    // The eight actions of the spec, each once.
    const call = (method: string, path: string, body?: unknown) =>
      admin.client.request(method, path, body, { 'user-agent': UA });
    const steps: [string, string, unknown?][] = [
      ['POST', '/api/admin/admins', { email: mate.email }],
      ['PATCH', `/api/admin/orgs/${orgId}`, { frozen: true }],
      ['PATCH', `/api/admin/orgs/${orgId}`, { frozen: false }],
      ['POST', `/api/admin/orgs/${orgId}/impersonation`],
      ['DELETE', '/api/admin/impersonation'],
      ['PUT', `/api/admin/users/${mateId}/organizations/${orgId}/roles/admin`],
      ['DELETE', `/api/admin/users/${mateId}/organizations/${orgId}/roles/admin`],
      ['PUT', '/api/admin/ai-configs/lead-scout-parse', { model: 'gpt-4o', tokenLimit: 8000, systemPrompt: 'Parse.' }],
    ];
    for (const [method, path, body] of steps) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
    }
    expect(await total()).toBe(start + steps.length);
    // Reads write nothing.
    await admin.client.get('/api/admin/users');
    await admin.client.get('/api/admin/metrics');
    expect(await total()).toBe(start + steps.length);

    const page = (await admin.client.get<TAuditLogPage>('/api/admin/audit-logs?search=antelopes')).body;
    expect(page.entries.map((e) => e.action)).toEqual([
      'remove_user_role',
      'add_user_role',
      'end_impersonation',
      'start_impersonation',
      'unfreeze_org',
      'freeze_org',
    ]);
    for (const e of page.entries) {
      expect(e).toMatchObject({ adminEmail: admin.email, targetOrgName: 'Audited Antelopes', userAgent: UA });
      expect(e.ipAddress).toBeTruthy();
    }
    const byDetails = (await admin.client.get<TAuditLogPage>('/api/admin/audit-logs?search=lead-scout')).body;
    expect(byDetails.entries.map((e) => e.action)).toEqual(['update_ai_config']);
    const byAdmin = (await admin.client.get<TAuditLogPage>(`/api/admin/audit-logs?search=${admin.email}`)).body;
    expect(byAdmin.totalCount).toBe(steps.length);
    const filtered = (await admin.client.get<TAuditLogPage>('/api/admin/audit-logs?search=antelopes&action=freeze_org'))
      .body;
    expect(filtered).toMatchObject({ totalCount: 1, entries: [{ action: 'freeze_org', details: { frozen: true } }] });

    // 20 a page by default; the total counts every match.
    for (let i = 0; i < 12; i += 1) await call('PATCH', `/api/admin/orgs/${orgId}`, { frozen: i % 2 === 0 });
    const first = (await admin.client.get<TAuditLogPage>('/api/admin/audit-logs?search=antelopes')).body;
    expect(first.entries).toHaveLength(18);
    expect(first.totalCount).toBe(18);
    const all = (await admin.client.get<TAuditLogPage>('/api/admin/audit-logs')).body;
    expect(all.entries).toHaveLength(20);
    const next = (await admin.client.get<TAuditLogPage>('/api/admin/audit-logs?offset=20')).body;
    expect(next.entries[0]?.id).not.toBe(all.entries[19]?.id);
    expect((await admin.client.get('/api/admin/audit-logs?action=drop_tables')).status).toBe(400);
    expect((await admin.client.get<TAuditLogPage>('/api/admin/audit-logs?search=%25_')).body.totalCount).toBe(0);
  });
});
