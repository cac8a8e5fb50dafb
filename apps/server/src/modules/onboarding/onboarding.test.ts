import { expect, it } from 'vitest';
import { z } from 'zod';
import { column, rows, sql } from '../../db/client';
import { withPlatform } from '../../db/tenant';
import { ownerWithOrg, signUp } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { teammate } from '../../test/team-fixtures';
import { alreadyMemberMessage } from './onboarding.service';

interface TAdTypes {
  adTypes: { id: string; slug: string; label: string; isCustom: boolean }[];
}

forEachDatabase('onboarding', (env) => {
  it('creates the organization with the owner’s admin and sponsorship roles', async () => {
    const client = env().client();
    await signUp(client);
    const res = await client.post<{ orgId: string }>('/api/onboarding/organization', {
      name: '  Westside Wolves ',
      seasonLabel: '2025-26',
      fiscalStartMonth: 8,
    });
    expect(res.status).toBe(201);
    const me = await client.get<{
      session: {
        org: { name: string; seasonLabel: string; fiscalStartMonth: number };
        roles: string[];
        isOwner: boolean;
      };
    }>('/api/session');
    expect(me.body.session.org).toMatchObject({ name: 'Westside Wolves', seasonLabel: '2025-26', fiscalStartMonth: 8 });
    expect(me.body.session.roles.sort()).toEqual(['admin', 'sponsorship_lead']);
    expect(me.body.session.isOwner).toBe(true);
  });

  it('requires a name and a known season label', async () => {
    const client = env().client();
    await signUp(client);
    const res = await client.post('/api/onboarding/organization', {
      name: ' ',
      seasonLabel: '1999',
      fiscalStartMonth: 13,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { fields: { name: 'Organization name is required', fiscalStartMonth: 'Month must be between 1 and 12' } },
    });
  });

  it('refuses to create a second organization for the same owner', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const res = await client.post('/api/onboarding/organization', {
      name: 'Again',
      seasonLabel: '2025',
      fiscalStartMonth: 1,
    });
    expect(res.status).toBe(409);
  });

  it('keeps a read-only member in their organization: founding a second one is refused with a reason', async () => {
    const ownerClient = env().client();
    const owner = await ownerWithOrg(ownerClient, 'First Club');
    const reader = await teammate(env(), ownerClient, owner.orgId, ['read_only'], 'Reed Only');
    const res = await reader.client.post('/api/onboarding/organization', {
      name: 'My Own Club',
      seasonLabel: '2025',
      fiscalStartMonth: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: alreadyMemberMessage('First Club') } });
    const me = await reader.client.get<{ session: { org: { id: string; name: string }; roles: string[] } }>(
      '/api/session',
    );
    expect(me.body.session.org).toMatchObject({ id: owner.orgId, name: 'First Club' });
    expect(me.body.session.roles).toEqual(['read_only']);
  });

  it('adds a custom ad type with its slug, shown only to its organization', async () => {
    const a = env().client();
    await ownerWithOrg(a, 'Org A');
    const added = await a.post('/api/onboarding/ad-types', { label: "Coach's Corner: Video!" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ slug: 'coachs-corner-video', isCustom: true });
    expect((await a.post('/api/onboarding/ad-types', { label: "Coach's corner video" })).status).toBe(409);
    expect((await a.post('/api/onboarding/ad-types', { label: '   ' })).body).toMatchObject({
      error: { message: 'Label required' },
    });

    const b = env().client();
    await ownerWithOrg(b, 'Org B');
    const seen = await b.get<TAdTypes>('/api/onboarding/ad-types');
    expect(seen.body.adTypes.some((t) => t.slug === 'coachs-corner-video')).toBe(false);
    expect(seen.body.adTypes.length).toBeGreaterThan(0);
    expect(seen.body.adTypes.every((t) => !t.isCustom)).toBe(true);
  });

  it('finishes the menu wizard by creating one product per chosen type, once', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const types = (await client.get<TAdTypes>('/api/onboarding/ad-types')).body.adTypes.slice(0, 3);
    const ids = types.map((t) => t.id);
    expect((await client.post('/api/onboarding/menu', { adTypeIds: [] })).status).toBe(400);
    expect((await client.post('/api/onboarding/menu', { adTypeIds: ids })).body).toEqual({ created: 3 });
    expect((await client.post('/api/onboarding/menu', { adTypeIds: ids })).body).toEqual({ created: 0 });
    const products = await withPlatform(env().deps.db, env().deps.log, 'test', (tx) =>
      rows(
        tx,
        z.object({
          name: z.string(),
          season_label: z.string(),
          recurring_price_cents: column.count.nullable(),
          share_type: z.string(),
        }),
        sql`SELECT name, season_label, recurring_price_cents, share_type FROM product WHERE org_id = ${orgId} ORDER BY name`,
      ),
    );
    expect(products.map((p) => p.name)).toEqual(types.map((t) => t.label).sort());
    expect(
      products.every((p) => p.season_label === '2025' && p.recurring_price_cents === null && p.share_type === 'none'),
    ).toBe(true);
    const me = await client.get<{ session: { org: { hasCompletedMenuWizard: boolean } } }>('/api/session');
    expect(me.body.session.org.hasCompletedMenuWizard).toBe(true);
  });

  it('keeps admin, removes unchecked roles and adds new ones, all as owner', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    expect((await client.put('/api/onboarding/roles', { roles: [] })).body).toMatchObject({
      error: { message: 'At least one role is required.' },
    });
    const res = await client.put<{ roles: string[] }>('/api/onboarding/roles', { roles: ['admin', 'treasurer'] });
    expect(res.body.roles.sort()).toEqual(['admin', 'treasurer']);
    const me = await client.get<{ session: { roles: string[]; isOwner: boolean } }>('/api/session');
    expect(me.body.session.roles.sort()).toEqual(['admin', 'treasurer']);
    expect(me.body.session.isOwner).toBe(true);
  });
});
