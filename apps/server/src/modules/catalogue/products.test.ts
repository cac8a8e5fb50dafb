import { randomUUID } from 'node:crypto';
import { CATALOGUE_LIMITS, CATALOGUE_MESSAGES } from '@pennant/shared/catalogue/schemas';
import { expect, it } from 'vitest';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import {
  addBundle,
  addPriceList,
  addProduct,
  adTypes,
  countRows,
  expectStatus,
  fillTo,
  globalType,
  products,
  type TErrorReply,
  type TProduct,
} from './fixtures/catalogue-fixtures';

forEachDatabase('catalogue: products', (env) => {
  it('lists the products by name with their ad type label, none on active quotes yet', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const banner = await globalType(client, 'outfield-banner');
    const program = await globalType(client, 'program-ad');
    await addProduct(client, { name: 'scoreboard Panel', masterTypeId: banner.id });
    await addProduct(client, { name: 'Program Back Cover', masterTypeId: program.id, setupFeeCents: null });
    await addProduct(client, { name: 'Left Field Banner', masterTypeId: banner.id, recurringPriceCents: null });
    const list = await products(client);
    expect(list.map((p) => p.name)).toEqual(['Left Field Banner', 'Program Back Cover', 'scoreboard Panel']);
    expect(list[1]).toMatchObject({
      masterTypeId: program.id,
      adTypeLabel: 'Game Program Ad',
      adTypeIsCustom: false,
      recurringPriceCents: 50_000,
      setupFeeCents: null,
      shareType: 'none',
      shareValue: 0,
      isLimited: false,
      locationText: null,
      hasActiveQuotes: false,
    });
    expect(list[0]?.recurringPriceCents).toBeNull();
  });

  it('tells which products an active quote (draft or sent) is on, and stops once the quote is gone', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const banner = await globalType(client, 'outfield-banner');
    const board = await addProduct(client, { name: 'Scoreboard Panel', masterTypeId: banner.id });
    const sign = await addProduct(client, { name: 'Fence Sign', masterTypeId: banner.id });
    await addProduct(client, { name: 'Program Ad', masterTypeId: banner.id });
    const company = await client.post<{ id: string }>('/api/companies', { name: 'Acme Hardware' });
    const quote = async (productIds: string[]) => {
      const res = await client.post<{ id: string }>('/api/quotes', {
        companyId: company.body.id,
        lines: productIds.map((productId) => ({ productId, qty: 1, unitPriceCents: 10_000 })),
      });
      expect(res.status).toBe(201);
      return res.body.id;
    };
    const first = await quote([board.id, sign.id, sign.id]);
    const second = await quote([board.id]);
    const quoted = async () => Object.fromEntries((await products(client)).map((p) => [p.name, p.hasActiveQuotes]));
    expect(await quoted()).toEqual({ 'Fence Sign': true, 'Program Ad': false, 'Scoreboard Panel': true });
    expect((await client.delete(`/api/quotes/${first}`)).status).toBe(200);
    expect(await quoted()).toEqual({ 'Fence Sign': false, 'Program Ad': false, 'Scoreboard Panel': true });
    // A saved product's reply says it as the list does.
    const saved = await client.put<TProduct>(`/api/products/${board.id}`, {
      name: 'Scoreboard Panel',
      masterTypeId: banner.id,
      recurringPriceCents: 20_000,
      shareType: 'none',
    });
    expect(saved.body.hasActiveQuotes).toBe(true);
    expect((await client.delete(`/api/quotes/${second}`)).status).toBe(200);
    expect(await quoted()).toEqual({ 'Fence Sign': false, 'Program Ad': false, 'Scoreboard Panel': false });
  });

  it('answers each field’s own message when the product is not valid', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const { id: masterTypeId } = await globalType(client);
    const field = async (body: Record<string, unknown>) => {
      const res = await client.post<TErrorReply>('/api/products', {
        name: 'Outfield Banner',
        masterTypeId,
        recurringPriceCents: 100,
        ...body,
      });
      expect(res.status).toBe(400);
      return res.body.error.fields ?? {};
    };
    expect((await field({ name: ' A ' })).name).toBe(CATALOGUE_MESSAGES.productName);
    expect((await field({ name: ' A ' })).name).toBe('Name must be at least 2 characters.');
    expect((await field({ masterTypeId: '' })).masterTypeId).toBe('Must select an ad type.');
    expect((await field({ masterTypeId: undefined })).masterTypeId).toBe('Must select an ad type.');
    expect((await field({ shareType: 'percent', shareValue: 0 })).shareValue).toBe(
      'Percentage must be between 1 and 100.',
    );
    expect((await field({ shareType: 'percent', shareValue: 101 })).shareValue).toBe(
      'Percentage must be between 1 and 100.',
    );
    expect((await field({ shareType: 'fixed', shareValue: -1 })).shareValue).toBe(CATALOGUE_MESSAGES.fixedShare);
    expect((await field({ isLimited: true, locationText: 'x'.repeat(51) })).locationText).toBe(
      'Location must be 50 characters or less.',
    );
    expect((await field({ recurringPriceCents: -1 })).recurringPriceCents).toBe(CATALOGUE_MESSAGES.price);
    expect((await field({ recurringPriceCents: 10.5 })).recurringPriceCents).toBe('Amounts are whole cents');
    expect((await field({ setupFeeCents: -5 })).setupFeeCents).toBe(CATALOGUE_MESSAGES.setupFee);

    // An ad type that is neither global nor the organization's own is no ad type at all.
    const unknown = await client.post<TErrorReply>('/api/products', { name: 'Banner', masterTypeId: randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: 'validation_failed',
      message: 'Must select an ad type.',
      fields: { masterTypeId: 'Must select an ad type.' },
    });
    const other = env().client();
    await ownerWithOrg(other, 'Other Club');
    const theirs = expectStatus(
      await other.post<{ id: string }>('/api/ad-types', { label: 'Their Own Type' }),
      201,
      'custom type',
    );
    const foreign = await client.post<TErrorReply>('/api/products', { name: 'Banner', masterTypeId: theirs.id });
    expect(foreign.body.error.fields).toEqual({ masterTypeId: 'Must select an ad type.' });
    expect(await products(client)).toEqual([]);
  });

  it('applies the form rules: no share keeps 0, a location only for a limited slot', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const { id: masterTypeId } = await globalType(client);
    const unlimited = await addProduct(client, {
      masterTypeId,
      name: '  Fence Banner  ',
      shareType: 'none',
      shareValue: 40,
      isLimited: false,
      locationText: 'Left field fence',
    });
    expect(unlimited).toMatchObject({ name: 'Fence Banner', shareValue: 0, locationText: null });
    const limited = await addProduct(client, {
      masterTypeId,
      name: 'Left Field Sign',
      shareType: 'percent',
      shareValue: 15,
      isLimited: true,
      locationText: 'Left field fence',
      seasonLabel: '2025',
    });
    expect(limited).toMatchObject({
      shareType: 'percent',
      shareValue: 15,
      isLimited: true,
      locationText: 'Left field fence',
      seasonLabel: '2025',
    });
    const fixed = await addProduct(client, { masterTypeId, name: 'Fixed Share', shareType: 'fixed', shareValue: 2500 });
    expect(fixed).toMatchObject({ shareType: 'fixed', shareValue: 2500 });
  });

  it('replaces every field on edit, and answers 404 for unknown and malformed ids', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const banner = await globalType(client, 'outfield-banner');
    const custom = expectStatus(
      await client.post<{ id: string }>('/api/ad-types', { label: 'Dugout Sign' }),
      201,
      'custom type',
    );
    const p = await addProduct(client, {
      masterTypeId: banner.id,
      isLimited: true,
      locationText: 'Left field fence',
      shareType: 'percent',
      shareValue: 10,
      seasonLabel: '2025',
    });
    const res = await client.put<TProduct>(`/api/products/${p.id}`, {
      name: 'Dugout Sign, Home',
      masterTypeId: custom.id,
      recurringPriceCents: 30_000,
      shareType: 'none',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      name: 'Dugout Sign, Home',
      masterTypeId: custom.id,
      adTypeLabel: 'Dugout Sign',
      adTypeIsCustom: true,
      recurringPriceCents: 30_000,
      setupFeeCents: null,
      shareType: 'none',
      shareValue: 0,
      isLimited: false,
      locationText: null,
      seasonLabel: null,
    });
    expect(await products(client)).toEqual([res.body]);

    const invalid = await client.put<TErrorReply>(`/api/products/${p.id}`, { name: 'X', masterTypeId: banner.id });
    expect(invalid.body.error.fields).toEqual({ name: 'Name must be at least 2 characters.' });
    const badType = await client.put<TErrorReply>(`/api/products/${p.id}`, {
      name: 'Dugout',
      masterTypeId: randomUUID(),
    });
    expect(badType.body.error.fields).toEqual({ masterTypeId: 'Must select an ad type.' });
    const body = { name: 'Whatever', masterTypeId: banner.id };
    expect((await client.put(`/api/products/${randomUUID()}`, body)).status).toBe(404);
    expect((await client.put('/api/products/not-an-id', body)).status).toBe(404);
    expect((await client.post('/api/products/not-an-id/duplicate')).status).toBe(404);
    expect((await client.delete('/api/products/not-an-id')).status).toBe(404);
    expect((await products(client))[0]?.name).toBe('Dugout Sign, Home');
  });

  it('duplicates a product with every field and “ (Copy)” after its name', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const { id: masterTypeId } = await globalType(client);
    const p = await addProduct(client, {
      masterTypeId,
      name: 'Home Run Fence',
      isLimited: true,
      locationText: 'Left field fence',
      shareType: 'fixed',
      shareValue: 1000,
    });
    const copy = await client.post<TProduct>(`/api/products/${p.id}/duplicate`);
    expect(copy.status).toBe(201);
    const { id: _a, updatedAt: _b, ...fields } = p;
    expect(copy.body).toMatchObject({ ...fields, name: 'Home Run Fence (Copy)' });
    expect(copy.body.id).not.toBe(p.id);
    const again = expectStatus(await client.post<TProduct>(`/api/products/${copy.body.id}/duplicate`), 201, 'copy');
    expect(again.name).toBe('Home Run Fence (Copy) (Copy)');
    const long = await addProduct(client, { masterTypeId, name: 'L'.repeat(100) });
    const longCopy = expectStatus(await client.post<TProduct>(`/api/products/${long.id}/duplicate`), 201, 'copy');
    expect(longCopy.name).toBe(`${'L'.repeat(93)} (Copy)`);
    expect((await products(client)).length).toBe(5);
    expect((await client.post(`/api/products/${randomUUID()}/duplicate`)).status).toBe(404);
  });

  it('refuses to delete a product that a live bundle or price list holds, and deletes it once they are gone', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const { id: masterTypeId } = await globalType(client);
    const a = await addProduct(client, { masterTypeId, name: 'Banner A' });
    const b = await addProduct(client, { masterTypeId, name: 'Banner B' });
    const c = await addProduct(client, { masterTypeId, name: 'Banner C' });
    const bundle = await addBundle(client, [
      { productId: a.id, qty: 1 },
      { productId: b.id, qty: 1 },
    ]);
    const list = await addPriceList(client, [{ kind: 'product', id: c.id, displayPriceCents: 100 }]);

    for (const id of [a.id, c.id]) {
      const refused = await client.delete<TErrorReply>(`/api/products/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'conflict', message: CATALOGUE_MESSAGES.productInUse });
    }
    expect((await products(client)).length).toBe(3);

    expect((await client.delete(`/api/bundles/${bundle.id}`)).status).toBe(200);
    expect((await client.delete(`/api/products/${a.id}`)).status).toBe(200);
    expect((await client.delete(`/api/price-lists/${list.id}`)).status).toBe(200);
    expect((await client.delete(`/api/products/${c.id}`)).status).toBe(200);
    expect((await products(client)).map((p) => p.name)).toEqual(['Banner B']);
    expect((await client.delete(`/api/products/${a.id}`)).status).toBe(404);
  });

  it(`caps the organization at ${CATALOGUE_LIMITS.productsPerOrganization} products`, async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const { id: masterTypeId } = await globalType(client);
    const last = await addProduct(client, { masterTypeId, name: 'Last One' });
    await fillTo(env(), 'product', orgId, CATALOGUE_LIMITS.productsPerOrganization - 1);
    const refused = await client.post<TErrorReply>('/api/products', { name: 'One Too Many', masterTypeId });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CATALOGUE_MESSAGES.productLimit);
    const copy = await client.post<TErrorReply>(`/api/products/${last.id}/duplicate`);
    expect(copy.status).toBe(409);
    expect(await countRows(env(), 'product', orgId)).toBe(CATALOGUE_LIMITS.productsPerOrganization);
  });
});

forEachDatabase('catalogue: ad types', (env) => {
  it('lists the global types and the organization’s own, and makes a custom type once per slug', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const before = await adTypes(client);
    expect(before.length).toBeGreaterThanOrEqual(8);
    expect(before.every((t) => !t.isCustom)).toBe(true);

    const created = await client.post<{ id: string; slug: string; label: string; isCustom: boolean }>('/api/ad-types', {
      label: '  Concession Stand Sign!  ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: 'concession-stand-sign',
      label: 'Concession Stand Sign!',
      isCustom: true,
    });
    // The same slug again (case and punctuation aside) answers the type that has it.
    const again = await client.post<{ id: string }>('/api/ad-types', { label: 'concession stand sign' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    // A global type's slug answers the global type.
    const global = await client.post<{ id: string; isCustom: boolean }>('/api/ad-types', { label: 'Outfield Banner' });
    expect(global.status).toBe(200);
    expect(global.body).toMatchObject({ id: (await globalType(client)).id, isCustom: false });

    const after = await adTypes(client);
    expect(after.filter((t) => t.isCustom).map((t) => t.id)).toEqual([created.body.id]);

    const blank = await client.post<TErrorReply>('/api/ad-types', { label: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ label: 'Label required' });
    const long = await client.post<{ slug: string }>('/api/ad-types', {
      label: 'A very long custom ad type label here',
    });
    expect(long.body.slug).toBe('a-very-long-custom-ad-type-label');

    // Another organization neither sees it nor is answered with it.
    const other = env().client();
    await ownerWithOrg(other, 'Other Club');
    expect((await adTypes(other)).some((t) => t.isCustom)).toBe(false);
    const theirs = await other.post<{ id: string }>('/api/ad-types', { label: 'Concession Stand Sign' });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(created.body.id);
    expect(await countRows(env(), 'master_ad_type', orgId)).toBe(2);
  });

  it(`caps the organization at ${CATALOGUE_LIMITS.customAdTypesPerOrganization} custom types`, async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    await fillTo(env(), 'master_ad_type', orgId, CATALOGUE_LIMITS.customAdTypesPerOrganization);
    const refused = await client.post<TErrorReply>('/api/ad-types', { label: 'Fifty First' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CATALOGUE_MESSAGES.adTypeLimit);
    // An existing slug is still answered: nothing is added.
    expect((await client.post('/api/ad-types', { label: 'Filler 7' })).status).toBe(200);
    expect((await client.post('/api/ad-types', { label: 'Scoreboard' })).status).toBe(200);
  });
});
