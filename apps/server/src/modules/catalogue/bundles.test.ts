import { randomUUID } from 'node:crypto';
import { CATALOGUE_LIMITS, CATALOGUE_MESSAGES } from '@pennant/shared/catalogue/schemas';
import { expect, it } from 'vitest';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import {
  addBundle,
  addProduct,
  bundleItemRows,
  bundles,
  countRows,
  fillTo,
  globalType,
  isDeleted,
  type TBundle,
  type TErrorReply,
} from './fixtures/catalogue-fixtures';

forEachDatabase('catalogue: bundles', (env) => {
  /** An owner (season 2025) with three priced products. */
  async function ownerWithProducts() {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const { id: masterTypeId } = await globalType(client);
    const banner = await addProduct(client, {
      masterTypeId,
      name: 'Outfield Banner',
      recurringPriceCents: 50_000,
      setupFeeCents: 7_500,
    });
    const program = await addProduct(client, {
      masterTypeId,
      name: 'Program Ad',
      recurringPriceCents: 20_000,
      setupFeeCents: null,
    });
    const social = await addProduct(client, { masterTypeId, name: 'Social Post', recurringPriceCents: 5_000 });
    return { client, orgId, banner, program, social };
  }

  it('creates a bundle with its items in order, the products joined', async () => {
    const { client, banner, program } = await ownerWithProducts();
    const res = await client.post<TBundle>('/api/bundles', {
      name: '  Game Day Package ',
      seasonLabel: '2025',
      packagePriceCents: 60_000,
      items: [
        { productId: program.id, qty: 2 },
        { productId: banner.id, qty: 1 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Game Day Package',
      seasonLabel: '2025',
      packagePriceCents: 60_000,
      items: [
        { productId: program.id, productName: 'Program Ad', qty: 2, recurringPriceCents: 20_000, setupFeeCents: null },
        {
          productId: banner.id,
          productName: 'Outfield Banner',
          qty: 1,
          recurringPriceCents: 50_000,
          setupFeeCents: 7_500,
        },
      ],
    });
    expect((await bundles(client)).bundles).toEqual([res.body]);
  });

  it('answers the spec’s message for each invalid field, and repeats the total-quantity rule', async () => {
    const { client, banner, program } = await ownerWithProducts();
    const items = [
      { productId: banner.id, qty: 1 },
      { productId: program.id, qty: 1 },
    ];
    const field = async (body: Record<string, unknown>) => {
      const res = await client.post<TErrorReply>('/api/bundles', {
        name: 'Package',
        seasonLabel: '2025',
        packagePriceCents: 100,
        items,
        ...body,
      });
      expect(res.status).toBe(400);
      return res.body.error.fields ?? {};
    };
    expect((await field({ name: '   ' })).name).toBe('Name is required');
    expect((await field({ name: undefined })).name).toBe('Name is required');
    expect((await field({ name: 'x'.repeat(51) })).name).toBe('Name cannot exceed 50 characters');
    expect((await field({ seasonLabel: '' })).seasonLabel).toBe('Season is required');
    expect((await field({ packagePriceCents: -1 })).packagePriceCents).toBe(
      'Package price must be greater than or equal to 0',
    );
    expect((await field({ items: [{ productId: '', qty: 2 }] }))['items.0.productId']).toBe('Product is required');
    expect((await field({ items: [{ productId: banner.id, qty: 0 }, items[1]] }))['items.0.qty']).toBe(
      'Quantity must be at least 1',
    );
    expect((await field({ items: [{ productId: banner.id, qty: 1 }] })).items).toBe(
      'Bundle must include a total quantity of at least 2 products',
    );
    expect((await field({ items: [] })).items).toBe(CATALOGUE_MESSAGES.product);
    // Products the organization does not have are named by their row.
    const other = env().client();
    await ownerWithOrg(other, 'Other Club');
    const theirs = await addProduct(other, { masterTypeId: (await globalType(other)).id, name: 'Their Banner' });
    const foreign = await field({
      items: [
        { productId: banner.id, qty: 1 },
        { productId: theirs.id, qty: 1 },
        { productId: randomUUID(), qty: 1 },
      ],
    });
    expect(foreign).toEqual({ 'items.1.productId': 'Product is required', 'items.2.productId': 'Product is required' });
    expect((await bundles(client, 'all')).bundles).toEqual([]);
  });

  it('replaces every item on edit', async () => {
    const { client, banner, program, social } = await ownerWithProducts();
    const b = await addBundle(client, [
      { productId: banner.id, qty: 1 },
      { productId: program.id, qty: 1 },
    ]);
    const res = await client.put<TBundle>(`/api/bundles/${b.id}`, {
      name: 'Renamed Package',
      seasonLabel: '2026',
      packagePriceCents: 12_345,
      items: [
        { productId: social.id, qty: 3 },
        { productId: banner.id, qty: 2 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: b.id,
      name: 'Renamed Package',
      seasonLabel: '2026',
      packagePriceCents: 12_345,
      items: [
        { productId: social.id, qty: 3 },
        { productId: banner.id, qty: 2 },
      ],
    });
    expect(await bundleItemRows(env(), b.id)).toEqual([
      { product_id: social.id, qty: 3, position: 0 },
      { product_id: banner.id, qty: 2, position: 1 },
    ]);
    // An edit that fails changes nothing.
    const refused = await client.put<TErrorReply>(`/api/bundles/${b.id}`, {
      name: 'Broken',
      seasonLabel: '2026',
      packagePriceCents: 1,
      items: [
        { productId: social.id, qty: 1 },
        { productId: randomUUID(), qty: 1 },
      ],
    });
    expect(refused.status).toBe(400);
    expect((await bundles(client, 'all')).bundles).toEqual([res.body]);
    const body = { name: 'X', seasonLabel: '2025', packagePriceCents: 1, items: [{ productId: social.id, qty: 2 }] };
    expect((await client.put(`/api/bundles/${randomUUID()}`, body)).status).toBe(404);
    expect((await client.put('/api/bundles/nope', body)).status).toBe(404);
    expect((await client.delete('/api/bundles/nope')).status).toBe(404);
  });

  it('lists the current season by default, the next one, or all, by name', async () => {
    const { client, banner, program } = await ownerWithProducts();
    const items = [
      { productId: banner.id, qty: 1 },
      { productId: program.id, qty: 1 },
    ];
    await addBundle(client, items, { name: 'this Season B', seasonLabel: '2025' });
    await addBundle(client, items, { name: 'This Season A', seasonLabel: '2025' });
    await addBundle(client, items, { name: 'Next Season', seasonLabel: '2026' });
    await addBundle(client, items, { name: 'Last Season', seasonLabel: '2024' });
    const current = await bundles(client);
    expect(current.currentSeason).toBe('2025');
    expect(current.nextSeason).toBe('2026');
    expect(current.bundles.map((b) => b.name)).toEqual(['This Season A', 'this Season B']);
    expect((await bundles(client, 'current')).bundles.map((b) => b.name)).toEqual(['This Season A', 'this Season B']);
    expect((await bundles(client, 'next')).bundles.map((b) => b.name)).toEqual(['Next Season']);
    expect((await bundles(client, 'all')).bundles.map((b) => b.name)).toEqual([
      'Last Season',
      'Next Season',
      'This Season A',
      'this Season B',
    ]);
    expect((await client.get('/api/bundles?season=later')).status).toBe(400);
  });

  it('deletes softly: the bundle is kept, hidden from every list', async () => {
    const { client, banner, program } = await ownerWithProducts();
    const b = await addBundle(client, [
      { productId: banner.id, qty: 1 },
      { productId: program.id, qty: 1 },
    ]);
    const keep = await addBundle(client, [{ productId: banner.id, qty: 2 }], { name: 'Double Banner' });
    const res = await client.delete(`/api/bundles/${b.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await bundles(client, 'all')).bundles.map((x) => x.id)).toEqual([keep.id]);
    expect(await isDeleted(env(), 'bundle', b.id)).toBe(true);
    expect((await bundleItemRows(env(), b.id)).length).toBe(2);
    expect((await client.delete(`/api/bundles/${b.id}`)).status).toBe(404);
    const body = { name: 'Back', seasonLabel: '2025', packagePriceCents: 1, items: [{ productId: banner.id, qty: 2 }] };
    expect((await client.put(`/api/bundles/${b.id}`, body)).status).toBe(404);
  });

  it(`caps the organization at ${CATALOGUE_LIMITS.bundlesPerOrganization} bundles that are not deleted`, async () => {
    const { client, orgId, banner } = await ownerWithProducts();
    const items = [{ productId: banner.id, qty: 2 }];
    const last = await addBundle(client, items, { name: 'Last' });
    await fillTo(env(), 'bundle', orgId, CATALOGUE_LIMITS.bundlesPerOrganization - 1);
    const refused = await client.post<TErrorReply>('/api/bundles', {
      name: 'Too Many',
      seasonLabel: '2025',
      packagePriceCents: 1,
      items,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CATALOGUE_MESSAGES.bundleLimit);
    // A deleted bundle frees its place.
    expect((await client.delete(`/api/bundles/${last.id}`)).status).toBe(200);
    await addBundle(client, items, { name: 'Room Again' });
    expect(await countRows(env(), 'bundle', orgId)).toBe(CATALOGUE_LIMITS.bundlesPerOrganization + 1);
  });
});
