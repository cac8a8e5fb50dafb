import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { formatMoney } from '@pennant/shared/money';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { flat, pdfPages } from '../../documents/fixtures/pdf-text';
import { localFilesDir } from '../../integrations/files/local';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformExec } from '../../test/team-fixtures';
import { readOnlyMember } from '../companies/fixtures/company-fixtures';
import {
  addBundle,
  addPriceList,
  addProduct,
  expectStatus,
  globalType,
  type TErrorReply,
} from './fixtures/catalogue-fixtures';
import { PRICE_SHEET_FAILED, priceSheetFileName } from './price-sheet.service';

/** Set by a test to make the renderer fail once (the 502 path). */
const renderer = vi.hoisted(() => ({ fail: false }));
vi.mock('../../documents/price-sheet', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../documents/price-sheet')>();
  return {
    ...real,
    renderPriceSheet: async (...args: Parameters<typeof real.renderPriceSheet>) => {
      if (renderer.fail) throw new Error('renderer exploded');
      return real.renderPriceSheet(...args);
    },
  };
});

/** The signed link fetched as a browser would (no session needed), bytes kept. */
async function download(env: TTestEnv, url: string) {
  const res = await env.app.request(url);
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function setContacts(env: TTestEnv, orgId: string): Promise<void> {
  await platformExec(
    env,
    sql`UPDATE organization SET sponsorship_lead_email = 'sponsors@eagles.example.org',
          treasurer_email = 'treasurer@eagles.example.org', remit_to_address = 'Eagles Boosters, PO Box 77',
          business_street = '12 Stadium Way', business_city = 'Springfield', business_state = 'IL',
          business_zip = '62701'
        WHERE id = ${orgId}`,
  );
}

forEachDatabase('catalogue: price sheet', (env) => {
  it('renders the price list as a PDF behind a short-lived link: items, $ prices, package savings, pages', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client, 'Eagles Booster Club');
    await setContacts(env(), orgId);
    const banner = await globalType(client, 'outfield-banner');
    const program = await globalType(client, 'program-ad');
    const fence = await addProduct(client, {
      name: 'Left Field Fence Banner',
      masterTypeId: banner.id,
      recurringPriceCents: 50_000,
      setupFeeCents: 7_500,
      isLimited: true,
      locationText: 'Left field, section B',
    });
    const ad = await addProduct(client, {
      name: 'Program Half Page',
      masterTypeId: program.id,
      recurringPriceCents: 20_000,
      setupFeeCents: null,
    });
    // Items alone: 50,000 + 2 × 20,000 = $900.00; the list sells the package for $750.00: $150.00 (17%) saved.
    const bundle = await addBundle(
      client,
      [
        { productId: fence.id, qty: 1 },
        { productId: ad.id, qty: 2 },
      ],
      { name: 'Game Day Package', packagePriceCents: 80_000 },
    );
    const list = await addPriceList(
      client,
      [
        { kind: 'product', id: fence.id, displayPriceCents: 55_000 },
        { kind: 'product', id: ad.id, displayPriceCents: 20_000 },
        { kind: 'bundle', id: bundle.id, displayPriceCents: 75_000 },
      ],
      { name: 'Spring Menu', seasonLabel: '2026' },
    );

    const before = Date.now();
    const link = expectStatus(
      await client.post<TDocumentLink>(`/api/price-lists/${list.id}/sheet`),
      200,
      'price sheet',
    );
    expect(link.fileName).toBe('Spring-Menu-2026-price-sheet.pdf');
    expect(link.url).toMatch(/^http:\/\/localhost:3999\/api\/files\/[\w-]+\.[\w-]+$/);
    const ttl = Date.parse(link.expiresAt) - before;
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    const file = await download(env(), link.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('filename="Spring-Menu-2026-price-sheet.pdf"');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const pages = await pdfPages(file.bytes);
    expect(pages).toHaveLength(1);
    const text = flat(pages[0] ?? '');
    for (const expected of [
      'Spring Menu',
      '2026 season',
      'Eagles Booster Club',
      'sponsors@eagles.example.org',
      'treasurer@eagles.example.org',
      'Eagles Boosters, PO Box 77',
      '12 Stadium Way',
      'Springfield, IL 62701',
      'Left Field Fence Banner',
      'Outfield Banner',
      'Left field, section B',
      'Limited availability',
      'Program Half Page',
      'Game Day Package',
      'Left Field Fence Banner × 1, Program Half Page × 2',
      formatMoney(55_000), // the list's price, not the product's $500.00
      formatMoney(7_500),
      formatMoney(20_000),
      formatMoney(90_000), // the items alone
      formatMoney(75_000), // the package on this list
      `${formatMoney(15_000)} 17% off`, // saved against the items alone
      'Page 1 of 1',
      'Generated',
    ]) {
      expect(text).toContain(expected);
    }

    // Stored under the organization's own folder, one file per sheet made.
    const stored = join(localFilesDir(env().dataDir), 'data', 'org', orgId, 'price-sheets', list.id);
    expect(existsSync(stored)).toBe(true);
    expect(readdirSync(stored).filter((f) => /^\d+\.pdf$/.test(f))).toHaveLength(1);
  });

  it('flows a 120-item list over several pages, each numbered of the total', async () => {
    const client = env().client();
    await ownerWithOrg(client, 'Big Catalogue Boosters');
    const banner = await globalType(client, 'outfield-banner');
    const items: { kind: 'product'; id: string; displayPriceCents: number }[] = [];
    for (let i = 1; i <= 120; i += 1) {
      const name = `Fence Panel ${String(i).padStart(3, '0')}`;
      const product = await addProduct(client, { name, masterTypeId: banner.id, recurringPriceCents: 10_000 + i });
      items.push({ kind: 'product', id: product.id, displayPriceCents: 10_000 + i * 100 });
    }
    const list = await addPriceList(client, items, { name: 'Full Catalogue', seasonLabel: '2026' });
    const link = expectStatus(await client.post<TDocumentLink>(`/api/price-lists/${list.id}/sheet`), 200, 'sheet');
    const pages = (await pdfPages((await download(env(), link.url)).bytes)).map(flat);
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    const all = pages.join(' ');
    for (let i = 1; i <= 120; i += 1) {
      const name = `Fence Panel ${String(i).padStart(3, '0')}`;
      expect(all.split(name).length - 1, name).toBe(1);
      expect(all).toContain(formatMoney(10_000 + i * 100));
    }
  });

  it('answers 404 for another organization’s, a deleted, an unknown or a malformed price list id', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'First Boosters');
    const { id: typeId } = await globalType(owner);
    const product = await addProduct(owner, { name: 'Scoreboard Panel', masterTypeId: typeId });
    const list = await addPriceList(owner, [{ kind: 'product', id: product.id, displayPriceCents: 100 }]);

    const stranger = env().client();
    await ownerWithOrg(stranger, 'Second Boosters');
    const foreign = await stranger.post<TErrorReply>(`/api/price-lists/${list.id}/sheet`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(`Could not find price list with ID ${list.id}`);

    const unknown = '00000000-0000-4000-8000-00000000abcd';
    expect((await owner.post<TErrorReply>(`/api/price-lists/${unknown}/sheet`)).status).toBe(404);
    expect((await owner.post<TErrorReply>('/api/price-lists/not-an-id/sheet')).status).toBe(404);

    expect((await owner.delete(`/api/price-lists/${list.id}`)).status).toBe(200);
    expect((await owner.post<TErrorReply>(`/api/price-lists/${list.id}/sheet`)).status).toBe(404);
  });

  it('lets any member, read-only included, make the sheet; a signed-out visitor gets 401', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Reader Boosters');
    const { id: typeId } = await globalType(owner);
    const product = await addProduct(owner, { name: 'Press Box Sign', masterTypeId: typeId });
    const list = await addPriceList(owner, [{ kind: 'product', id: product.id, displayPriceCents: 25_000 }]);
    const reader = await readOnlyMember(env(), orgId);
    const link = expectStatus(await reader.post<TDocumentLink>(`/api/price-lists/${list.id}/sheet`), 200, 'sheet');
    expect((await download(env(), link.url)).status).toBe(200);
    expect((await env().client().post(`/api/price-lists/${list.id}/sheet`)).status).toBe(401);
  });

  it('answers 502 with the spec’s message when the renderer fails, and stores nothing', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client, 'Broken Printer Boosters');
    const { id: typeId } = await globalType(client);
    const product = await addProduct(client, { name: 'Dugout Sign', masterTypeId: typeId });
    const list = await addPriceList(client, [{ kind: 'product', id: product.id, displayPriceCents: 100 }]);
    renderer.fail = true;
    try {
      const res = await client.post<TErrorReply>(`/api/price-lists/${list.id}/sheet`);
      expect(res.status).toBe(502);
      expect(res.body.error.message).toBe(PRICE_SHEET_FAILED);
    } finally {
      renderer.fail = false;
    }
    expect(existsSync(join(localFilesDir(env().dataDir), 'data', 'org', orgId))).toBe(false);
  });
});

it('names the file after the list and its season, in plain ASCII', () => {
  expect(priceSheetFileName('Spring Menu', '2026')).toBe('Spring-Menu-2026-price-sheet.pdf');
  expect(priceSheetFileName('Spring Menu 2026', '2026')).toBe('Spring-Menu-2026-price-sheet.pdf');
  expect(priceSheetFileName('Café & Grill: “Fall”', '2026-27')).toBe('Cafe-Grill-Fall-2026-27-price-sheet.pdf');
  expect(priceSheetFileName('!!!', '')).toBe('price-list-price-sheet.pdf');
});
