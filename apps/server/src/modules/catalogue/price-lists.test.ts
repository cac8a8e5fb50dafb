import { randomUUID } from 'node:crypto';
import { CATALOGUE_LIMITS, CATALOGUE_MESSAGES } from '@pennant/shared/catalogue/schemas';
import { expect, it } from 'vitest';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import {
  addBundle,
  addPriceList,
  addProduct,
  countRows,
  fillTo,
  globalType,
  isDeleted,
  priceListItemRows,
  priceLists,
  type TErrorReply,
  type TPriceList,
} from './fixtures/catalogue-fixtures';

forEachDatabase('catalogue: price lists', (env) => {
  async function ownerWithCatalogue() {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const { id: masterTypeId } = await globalType(client);
    const banner = await addProduct(client, { masterTypeId, name: 'Outfield Banner', recurringPriceCents: 50_000 });
    const unpriced = await addProduct(client, { masterTypeId, name: 'Program Ad', recurringPriceCents: null });
    const bundle = await addBundle(client, [{ productId: banner.id, qty: 2 }], {
      name: 'Double Banner',
      packagePriceCents: 80_000,
    });
    return { client, orgId, banner, unpriced, bundle };
  }

  it('creates a price list of products and bundles, with names and standard prices, newest first', async () => {
    const { client, banner, unpriced, bundle } = await ownerWithCatalogue();
    const res = await client.post<TPriceList>('/api/price-lists', {
      name: ' Spring Menu ',
      seasonLabel: '2025',
      items: [
        { kind: 'bundle', id: bundle.id, displayPriceCents: 75_000 },
        { kind: 'product', id: banner.id, displayPriceCents: 45_000 },
        { kind: 'product', id: unpriced.id, displayPriceCents: 10_000 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Spring Menu',
      seasonLabel: '2025',
      items: [
        { kind: 'bundle', id: bundle.id, name: 'Double Banner', displayPriceCents: 75_000, standardPriceCents: 80_000 },
        {
          kind: 'product',
          id: banner.id,
          name: 'Outfield Banner',
          displayPriceCents: 45_000,
          standardPriceCents: 50_000,
        },
        { kind: 'product', id: unpriced.id, name: 'Program Ad', displayPriceCents: 10_000, standardPriceCents: 0 },
      ],
    });
    const second = await addPriceList(client, [{ kind: 'product', id: banner.id, displayPriceCents: 1 }], {
      name: 'Fall Menu',
    });
    expect((await priceLists(client)).map((l) => l.id)).toEqual([second.id, res.body.id]);
    expect((await priceLists(client))[1]).toEqual(res.body);
  });

  it('answers the spec’s message for each invalid field, and refuses items the organization does not have', async () => {
    const { client, banner, bundle } = await ownerWithCatalogue();
    const items = [{ kind: 'product', id: banner.id, displayPriceCents: 100 }];
    const field = async (body: Record<string, unknown>) => {
      const res = await client.post<TErrorReply>('/api/price-lists', {
        name: 'Menu',
        seasonLabel: '2025',
        items,
        ...body,
      });
      expect(res.status).toBe(400);
      return res.body.error.fields ?? {};
    };
    expect((await field({ name: 'A' })).name).toBe('Name is required');
    expect((await field({ name: '  ' })).name).toBe('Name is required');
    expect((await field({ seasonLabel: ' ' })).seasonLabel).toBe('Season is required');
    expect((await field({ items: [] })).items).toBe('Select at least one item');
    expect((await field({ items: [{ ...items[0], displayPriceCents: -1 }] }))['items.0.displayPriceCents']).toBe(
      CATALOGUE_MESSAGES.price,
    );
    expect((await field({ items: [...items, ...items] }))['items.1.id']).toBe(CATALOGUE_MESSAGES.priceListDuplicate);

    const other = env().client();
    await ownerWithOrg(other, 'Other Club');
    const theirs = await addProduct(other, { masterTypeId: (await globalType(other)).id, name: 'Their Banner' });
    const deletedBundle = await addBundle(client, [{ productId: banner.id, qty: 3 }], { name: 'Gone' });
    expect((await client.delete(`/api/bundles/${deletedBundle.id}`)).status).toBe(200);
    const foreign = await field({
      items: [
        { kind: 'product', id: theirs.id, displayPriceCents: 1 },
        { kind: 'bundle', id: bundle.id, displayPriceCents: 1 },
        { kind: 'bundle', id: deletedBundle.id, displayPriceCents: 1 },
        { kind: 'bundle', id: banner.id, displayPriceCents: 1 },
        { kind: 'product', id: randomUUID(), displayPriceCents: 1 },
      ],
    });
    expect(foreign).toEqual({
      'items.0.id': 'Choose a product or bundle',
      'items.2.id': 'Choose a product or bundle',
      'items.3.id': 'Choose a product or bundle',
      'items.4.id': 'Choose a product or bundle',
    });
    expect(await priceLists(client)).toEqual([]);
  });

  it('replaces name, season and every item on edit', async () => {
    const { client, banner, unpriced, bundle } = await ownerWithCatalogue();
    const list = await addPriceList(client, [
      { kind: 'product', id: banner.id, displayPriceCents: 1 },
      { kind: 'bundle', id: bundle.id, displayPriceCents: 2 },
    ]);
    const res = await client.put<TPriceList>(`/api/price-lists/${list.id}`, {
      name: 'Summer Menu',
      seasonLabel: '2026',
      items: [{ kind: 'product', id: unpriced.id, displayPriceCents: 3 }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: list.id,
      name: 'Summer Menu',
      seasonLabel: '2026',
      createdAt: list.createdAt,
      items: [{ kind: 'product', id: unpriced.id, displayPriceCents: 3 }],
    });
    expect(await priceListItemRows(env(), list.id)).toEqual([
      { product_id: unpriced.id, bundle_id: null, display_price_cents: 3 },
    ]);
    const body = {
      name: 'Menu',
      seasonLabel: '2025',
      items: [{ kind: 'product', id: banner.id, displayPriceCents: 1 }],
    };
    const missing = await client.put<TErrorReply>(`/api/price-lists/${randomUUID()}`, body);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/^Could not find price list with ID /);
    expect((await client.put('/api/price-lists/12', body)).status).toBe(404);
    expect((await client.delete('/api/price-lists/12')).status).toBe(404);
  });

  it('deletes softly, and leaves out items whose bundle was deleted', async () => {
    const { client, banner, bundle } = await ownerWithCatalogue();
    const list = await addPriceList(client, [
      { kind: 'bundle', id: bundle.id, displayPriceCents: 2 },
      { kind: 'product', id: banner.id, displayPriceCents: 1 },
    ]);
    const gone = await addPriceList(client, [{ kind: 'product', id: banner.id, displayPriceCents: 1 }], {
      name: 'Old Menu',
    });
    expect((await client.delete(`/api/price-lists/${gone.id}`)).status).toBe(200);
    expect((await priceLists(client)).map((l) => l.id)).toEqual([list.id]);
    expect(await isDeleted(env(), 'price_list', gone.id)).toBe(true);
    expect((await client.delete(`/api/price-lists/${gone.id}`)).status).toBe(404);

    expect((await client.delete(`/api/bundles/${bundle.id}`)).status).toBe(200);
    const [after] = await priceLists(client);
    expect(after?.items.map((i) => i.id)).toEqual([banner.id]);
  });

  it(`caps the organization at ${CATALOGUE_LIMITS.priceListsPerOrganization} price lists that are not deleted`, async () => {
    const { client, orgId, banner } = await ownerWithCatalogue();
    await fillTo(env(), 'price_list', orgId, CATALOGUE_LIMITS.priceListsPerOrganization);
    const refused = await client.post<TErrorReply>('/api/price-lists', {
      name: 'Too Many',
      seasonLabel: '2025',
      items: [{ kind: 'product', id: banner.id, displayPriceCents: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CATALOGUE_MESSAGES.priceListLimit);
    expect(await countRows(env(), 'price_list', orgId)).toBe(CATALOGUE_LIMITS.priceListsPerOrganization);
  });
});
