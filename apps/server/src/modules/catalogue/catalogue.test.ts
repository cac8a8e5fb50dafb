import { refusal } from '@pennant/shared/session/permissions';
import type { TRole } from '@pennant/shared/team/roles';
import { expect, it, vi } from 'vitest';
import type { TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { teammate } from '../../test/team-fixtures';
import {
  addBundle,
  addPriceList,
  addProduct,
  adTypes,
  bundles,
  expectStatus,
  globalType,
  priceLists,
  products,
  type TBundle,
  type TErrorReply,
  type TPriceList,
  type TProduct,
} from './fixtures/catalogue-fixtures';

/** Everything a catalogue page can read, for before/after comparisons. */
async function snapshot(client: TestClient) {
  return {
    adTypes: await adTypes(client),
    products: await products(client),
    bundles: (await bundles(client, 'all')).bundles,
    priceLists: await priceLists(client),
  };
}

/** An owner's organization with a custom type, two products, a bundle and a price list. */
async function catalogueOf(client: TestClient, name: string) {
  const { orgId } = await ownerWithOrg(client, name);
  const custom = expectStatus(
    await client.post<{ id: string }>('/api/ad-types', { label: `${name} Sign` }),
    201,
    'type',
  );
  const banner = await addProduct(client, { masterTypeId: custom.id, name: `${name} Banner` });
  const program = await addProduct(client, { masterTypeId: (await globalType(client)).id, name: `${name} Program` });
  const bundle = await addBundle(client, [
    { productId: banner.id, qty: 1 },
    { productId: program.id, qty: 1 },
  ]);
  const list = await addPriceList(client, [
    { kind: 'product', id: banner.id, displayPriceCents: 100 },
    { kind: 'bundle', id: bundle.id, displayPriceCents: 200 },
  ]);
  return { orgId, custom, banner, program, bundle, list };
}

forEachDatabase('catalogue: roles, tenants and events', (env) => {
  it('lets admins and sponsorship leads change the catalogue, and refuses treasurers and read-only members', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner);
    const { id: masterTypeId } = await globalType(owner);
    const base = await addProduct(owner, { masterTypeId, name: 'Base Banner' });

    const roles: TRole[] = ['admin', 'sponsorship_lead', 'treasurer', 'read_only'];
    for (const role of roles) {
      const { client } = await teammate(env(), owner, orgId, [role], `Member ${role}`);
      const writer = role === 'admin' || role === 'sponsorship_lead';
      // Everyone reads.
      for (const path of ['/api/ad-types', '/api/products', '/api/bundles', '/api/price-lists']) {
        expect((await client.get(path)).status, `${role} GET ${path}`).toBe(200);
      }
      const expectRefused = async (res: Promise<{ status: number; body: unknown }>, permission: string) => {
        const { status, body } = await res;
        expect(status, `${role} ${permission}`).toBe(403);
        expect((body as TErrorReply).error.message).toBe(refusal(permission as Parameters<typeof refusal>[0]));
      };
      const productBody = { name: `${role} Banner`, masterTypeId, recurringPriceCents: 1000 };
      if (!writer) {
        await expectRefused(client.post('/api/ad-types', { label: `${role} type` }), 'products.create');
        await expectRefused(client.post('/api/products', productBody), 'products.create');
        await expectRefused(client.put(`/api/products/${base.id}`, productBody), 'products.edit');
        await expectRefused(client.post(`/api/products/${base.id}/duplicate`), 'products.create');
        await expectRefused(client.delete(`/api/products/${base.id}`), 'products.delete');
        const bundleBody = {
          name: 'B',
          seasonLabel: '2025',
          packagePriceCents: 1,
          items: [{ productId: base.id, qty: 2 }],
        };
        await expectRefused(client.post('/api/bundles', bundleBody), 'bundles.create');
        await expectRefused(client.put(`/api/bundles/${base.id}`, bundleBody), 'bundles.edit');
        await expectRefused(client.delete(`/api/bundles/${base.id}`), 'bundles.delete');
        const listBody = {
          name: 'Menu',
          seasonLabel: '2025',
          items: [{ kind: 'product', id: base.id, displayPriceCents: 1 }],
        };
        await expectRefused(client.post('/api/price-lists', listBody), 'price_lists.create');
        await expectRefused(client.put(`/api/price-lists/${base.id}`, listBody), 'price_lists.edit');
        await expectRefused(client.delete(`/api/price-lists/${base.id}`), 'price_lists.delete');
        continue;
      }
      expect((await client.post('/api/ad-types', { label: `${role} type` })).status, role).toBe(201);
      const p = await addProduct(client, productBody);
      expect((await client.put(`/api/products/${p.id}`, { ...productBody, recurringPriceCents: 2000 })).status).toBe(
        200,
      );
      const copy = expectStatus(await client.post<TProduct>(`/api/products/${p.id}/duplicate`), 201, 'duplicate');
      const b = await addBundle(client, [
        { productId: p.id, qty: 1 },
        { productId: base.id, qty: 1 },
      ]);
      const items = [{ productId: p.id, qty: 2 }];
      expect(
        (await client.put(`/api/bundles/${b.id}`, { name: 'Edited', seasonLabel: '2025', packagePriceCents: 5, items }))
          .status,
      ).toBe(200);
      const l = await addPriceList(client, [{ kind: 'bundle', id: b.id, displayPriceCents: 5 }]);
      const listItems = [{ kind: 'product', id: p.id, displayPriceCents: 6 }];
      expect(
        (await client.put(`/api/price-lists/${l.id}`, { name: 'Edited', seasonLabel: '2025', items: listItems }))
          .status,
      ).toBe(200);
      expect((await client.delete(`/api/price-lists/${l.id}`)).status).toBe(200);
      expect((await client.delete(`/api/bundles/${b.id}`)).status).toBe(200);
      expect((await client.delete(`/api/products/${copy.id}`)).status).toBe(200);
    }
    expect((await products(owner)).map((p) => p.name)).toEqual([
      'admin Banner',
      'Base Banner',
      'sponsorship_lead Banner',
    ]);
  });

  it('answers 404 to another organization’s ids on every catalogue route, and changes nothing', async () => {
    const a = env().client();
    const mine = await catalogueOf(a, 'Alpha');
    const b = env().client();
    const theirs = await catalogueOf(b, 'Beta');
    const before = await snapshot(a);
    const beforeB = await snapshot(b);

    const productBody = { name: 'Taken Over', masterTypeId: theirs.custom.id };
    const bundleBody = {
      name: 'Taken Over',
      seasonLabel: '2025',
      packagePriceCents: 1,
      items: [{ productId: theirs.banner.id, qty: 2 }],
    };
    const listBody = {
      name: 'Taken Over',
      seasonLabel: '2025',
      items: [{ kind: 'product', id: theirs.banner.id, displayPriceCents: 1 }],
    };
    const attempts: [string, string, unknown][] = [
      ['PUT', `/api/products/${mine.banner.id}`, productBody],
      ['POST', `/api/products/${mine.banner.id}/duplicate`, {}],
      ['DELETE', `/api/products/${mine.program.id}`, undefined],
      ['PUT', `/api/bundles/${mine.bundle.id}`, bundleBody],
      ['DELETE', `/api/bundles/${mine.bundle.id}`, undefined],
      ['PUT', `/api/price-lists/${mine.list.id}`, listBody],
      ['DELETE', `/api/price-lists/${mine.list.id}`, undefined],
      ['POST', `/api/price-lists/${mine.list.id}/sheet`, {}],
    ];
    for (const [method, path, body] of attempts) {
      expect((await b.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    // Naming another organization's records inside a body is refused too.
    const foreignType = await b.post<TErrorReply>('/api/products', {
      name: 'Their Type',
      masterTypeId: mine.custom.id,
    });
    expect(foreignType.status).toBe(400);
    const foreignBundle = await b.post('/api/bundles', {
      ...bundleBody,
      items: [{ productId: mine.banner.id, qty: 2 }],
    });
    expect(foreignBundle.status).toBe(400);
    const foreignList = await b.post('/api/price-lists', {
      ...listBody,
      items: [{ kind: 'bundle', id: mine.bundle.id, displayPriceCents: 1 }],
    });
    expect(foreignList.status).toBe(400);

    expect(await snapshot(a)).toEqual(before);
    expect(await snapshot(b)).toEqual(beforeB);
    const seenByB = JSON.stringify(beforeB);
    for (const id of [mine.custom.id, mine.banner.id, mine.bundle.id, mine.list.id]) expect(seenByB).not.toContain(id);
  });

  it('publishes the catalogue topic after each change', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const topics: string[] = [];
    const stop = env().deps.hub.subscribe(orgId, (event) => topics.push(event.topic));
    try {
      const { id: masterTypeId } = await globalType(client);
      const p = await addProduct(client, { masterTypeId, name: 'Banner' });
      const bundle: TBundle = await addBundle(client, [{ productId: p.id, qty: 2 }]);
      const list: TPriceList = await addPriceList(client, [{ kind: 'bundle', id: bundle.id, displayPriceCents: 1 }]);
      await client.delete(`/api/price-lists/${list.id}`);
      await vi.waitFor(() => expect(topics).toEqual(['catalogue', 'catalogue', 'catalogue', 'catalogue']));
    } finally {
      stop();
    }
  });
});
