import { describe, expect, it } from 'vitest';
import {
  bundleMinimumMessage,
  bundleSeasonFor,
  bundleTotals,
  canEditPrices,
  canEditRevenueShare,
  copyName,
  defaultDisplayPrice,
  includedProducts,
  matchesProductFilters,
  nextSeasonLabel,
  productStatus,
  revenueShareText,
  slugify,
} from './rules';
import { CATALOGUE_MESSAGES, type TProduct, ZBundleInput, ZPriceListInput, ZProductInput } from './schemas';

const ID = '00000000-0000-4000-8000-000000000000';
const ID2 = '00000000-0000-4000-8000-000000000001';

describe('bundle totals', () => {
  const banner = { qty: 2, recurringPriceCents: 50_000, setupFeeCents: 7_500 };
  const program = { qty: 1, recurringPriceCents: 20_000, setupFeeCents: null };

  it('adds the items bought one by one, and the one-time setup fees, each times its quantity', () => {
    const t = bundleTotals([banner, program], 100_000);
    expect(t.totalQuantity).toBe(3);
    expect(t.individualTotalCents).toBe(120_000);
    expect(t.setupFeeTotalCents).toBe(15_000);
    expect(t.meetsMinimum).toBe(true);
  });

  it('shows the discount only when the package is below the individual total', () => {
    expect(bundleTotals([banner, program], 100_000)).toMatchObject({ savingsCents: 20_000, discountPercent: 17 });
    expect(bundleTotals([banner, program], 120_000)).toMatchObject({ savingsCents: 0, discountPercent: null });
    expect(bundleTotals([banner, program], 150_000)).toMatchObject({ savingsCents: 0, discountPercent: null });
    // Products without a price yet: nothing to be cheaper than.
    expect(bundleTotals([{ qty: 2, recurringPriceCents: null, setupFeeCents: null }], 0)).toMatchObject({
      individualTotalCents: 0,
      discountPercent: null,
      highDiscount: false,
    });
  });

  it('warns above 30% off, and not at exactly 30%', () => {
    const items = [{ qty: 1, recurringPriceCents: 100_000, setupFeeCents: null }];
    expect(bundleTotals(items, 70_000)).toMatchObject({ discountPercent: 30, highDiscount: false });
    expect(bundleTotals(items, 69_999)).toMatchObject({ discountPercent: 30, highDiscount: true });
    expect(bundleTotals(items, 50_000).highDiscount).toBe(true);
    for (const individual of [10, 990, 7_000, 123_450, 999_990]) {
      const exactly = bundleTotals(
        [{ qty: 1, recurringPriceCents: individual, setupFeeCents: null }],
        individual * 0.7,
      );
      expect(exactly.highDiscount, `${individual}`).toBe(false);
    }
  });

  it('needs a total quantity of 2, ignoring quantities that are not positive numbers', () => {
    expect(bundleTotals([{ qty: 1, recurringPriceCents: 1, setupFeeCents: 1 }], 0).meetsMinimum).toBe(false);
    expect(bundleTotals([{ qty: 2, recurringPriceCents: 1, setupFeeCents: 1 }], 0).meetsMinimum).toBe(true);
    const odd = bundleTotals(
      [
        { qty: Number.NaN, recurringPriceCents: 100, setupFeeCents: 100 },
        { qty: -3, recurringPriceCents: 100, setupFeeCents: 100 },
        { qty: 1, recurringPriceCents: 100, setupFeeCents: 100 },
      ],
      0,
    );
    expect(odd).toMatchObject({ totalQuantity: 1, individualTotalCents: 100, setupFeeTotalCents: 100 });
    expect(bundleMinimumMessage(1)).toBe('Total quantity must be at least 2 to create a bundle (1/2 selected)');
  });

  it('lists the included products as name and quantity', () => {
    expect(
      includedProducts({
        items: [
          { productId: ID, productName: 'Banner', qty: 2, recurringPriceCents: null, setupFeeCents: null },
          { productId: ID2, productName: 'Program Ad', qty: 1, recurringPriceCents: null, setupFeeCents: null },
        ],
      }),
    ).toBe('Banner × 2, Program Ad × 1');
  });
});

describe('seasons', () => {
  it('names the next season as the numeric label plus one', () => {
    expect(nextSeasonLabel('2025')).toBe('2026');
    expect(nextSeasonLabel('2025-26')).toBe('2026-27');
    expect(nextSeasonLabel('2099-00')).toBe('2100-01');
    expect(nextSeasonLabel('Spring')).toBe('Spring');
  });

  it('resolves the bundle filter from the organization’s season', () => {
    expect(bundleSeasonFor('current', '2025-26')).toBe('2025-26');
    expect(bundleSeasonFor('next', '2025-26')).toBe('2026-27');
    expect(bundleSeasonFor('all', '2025-26')).toBeNull();
  });
});

describe('custom ad type slug', () => {
  it('is the lower-cased label, punctuation removed, spaces to hyphens, at most 32 characters', () => {
    expect(slugify('  Scoreboard   Sign! ')).toBe('scoreboard-sign');
    expect(slugify("Coach's Corner")).toBe('coachs-corner');
    expect(slugify('A very long custom ad type label here')).toBe('a-very-long-custom-ad-type-label');
    expect(slugify('x'.repeat(40)).length).toBe(32);
    expect(slugify('...')).toBe('');
  });
});

describe('price lists', () => {
  it('offers a product at its recurring price and a bundle at its package price', () => {
    expect(defaultDisplayPrice('product', { recurringPriceCents: 50_000 })).toBe(50_000);
    expect(defaultDisplayPrice('product', { recurringPriceCents: null })).toBe(0);
    expect(defaultDisplayPrice('bundle', { packagePriceCents: 90_000, recurringPriceCents: 1 })).toBe(90_000);
    expect(defaultDisplayPrice('bundle', {})).toBe(0);
  });

  it('needs a name of 2 characters, a season and one item, each listed once', () => {
    const item = { kind: 'product', id: ID, displayPriceCents: 100 };
    const issues = (v: unknown) =>
      Object.fromEntries((ZPriceListInput.safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues({ name: 'A', seasonLabel: ' ', items: [] })).toEqual({
      name: 'Name is required',
      seasonLabel: 'Season is required',
      items: 'Select at least one item',
    });
    expect(issues({ name: 'Menu', seasonLabel: '2025', items: [item, item] })).toEqual({
      'items.1.id': CATALOGUE_MESSAGES.priceListDuplicate,
    });
    expect(issues({ name: 'Menu', seasonLabel: '2025', items: [item, { ...item, kind: 'bundle' }] })).toEqual({});
  });
});

describe('bundle form', () => {
  it('says what is wrong with each field in the spec’s words', () => {
    const issues = (v: unknown) =>
      Object.fromEntries((ZBundleInput.safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(
      issues({ name: '', seasonLabel: '', packagePriceCents: -1, items: [{ productId: '', qty: 0 }] }),
    ).toMatchObject({
      name: 'Name is required',
      seasonLabel: 'Season is required',
      packagePriceCents: 'Package price must be greater than or equal to 0',
      'items.0.productId': 'Product is required',
      'items.0.qty': 'Quantity must be at least 1',
    });
    expect(
      issues({ name: 'x'.repeat(51), seasonLabel: '2025', packagePriceCents: 0, items: [{ productId: ID, qty: 1 }] }),
    ).toEqual({
      name: 'Name cannot exceed 50 characters',
      items: 'Bundle must include a total quantity of at least 2 products',
    });
    expect(
      issues({
        name: 'Pack',
        seasonLabel: '2025',
        packagePriceCents: 0,
        items: [
          { productId: ID, qty: 1 },
          { productId: ID, qty: 1 },
        ],
      }),
    ).toEqual({ 'items.1.productId': CATALOGUE_MESSAGES.bundleDuplicate });
  });
});

describe('product form', () => {
  const base = { name: 'Outfield Banner', masterTypeId: ID };

  it('resets the share value to 0 when there is no share', () => {
    expect(ZProductInput.parse({ ...base, shareType: 'none', shareValue: 25 }).shareValue).toBe(0);
    expect(ZProductInput.parse(base)).toMatchObject({ shareType: 'none', shareValue: 0 });
    expect(ZProductInput.parse({ ...base, shareType: 'percent', shareValue: 25 }).shareValue).toBe(25);
    expect(ZProductInput.parse({ ...base, shareType: 'fixed', shareValue: 0 }).shareValue).toBe(0);
  });

  it('keeps the location only for a limited slot', () => {
    expect(
      ZProductInput.parse({ ...base, isLimited: false, locationText: 'Left field fence' }).locationText,
    ).toBeNull();
    expect(ZProductInput.parse({ ...base, isLimited: true, locationText: ' Left field fence ' }).locationText).toBe(
      'Left field fence',
    );
    expect(ZProductInput.parse({ ...base, isLimited: true, locationText: '  ' }).locationText).toBeNull();
  });

  it('says what is wrong in the spec’s words', () => {
    const issues = (v: unknown) =>
      Object.fromEntries((ZProductInput.safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues({ name: 'A', masterTypeId: '' })).toEqual({
      name: 'Name must be at least 2 characters.',
      masterTypeId: 'Must select an ad type.',
    });
    expect(issues({ ...base, shareType: 'percent', shareValue: 101 })).toEqual({
      shareValue: 'Percentage must be between 1 and 100.',
    });
    expect(issues({ ...base, shareType: 'percent' })).toEqual({ shareValue: 'Percentage must be between 1 and 100.' });
    expect(issues({ ...base, isLimited: true, locationText: 'x'.repeat(51) })).toEqual({
      locationText: 'Location must be 50 characters or less.',
    });
    expect(issues({ ...base, recurringPriceCents: -1, setupFeeCents: -1 })).toEqual({
      recurringPriceCents: 'Price must be 0 or more.',
      setupFeeCents: 'Setup fee must be 0 or more.',
    });
  });

  it('lets only admins and sponsorship leads touch the revenue share, and read-only members no prices', () => {
    expect(canEditRevenueShare({ roles: ['admin'] })).toBe(true);
    expect(canEditRevenueShare({ roles: ['sponsorship_lead'] })).toBe(true);
    expect(canEditRevenueShare({ roles: ['treasurer'] })).toBe(false);
    expect(canEditRevenueShare({ roles: ['read_only'] })).toBe(false);
    expect(canEditPrices({ roles: ['read_only'] })).toBe(false);
    expect(canEditPrices({ roles: ['read_only', 'treasurer'] })).toBe(true);
    expect(canEditPrices({ roles: ['treasurer'] })).toBe(true);
  });

  it('names a copy with “ (Copy)”, cut to fit', () => {
    expect(copyName('Banner', 100)).toBe('Banner (Copy)');
    expect(copyName('x'.repeat(100), 100)).toBe(`${'x'.repeat(93)} (Copy)`);
    expect(copyName('x'.repeat(100), 100)).toHaveLength(100);
  });

  it('shows the revenue share as none, a percentage or an amount', () => {
    const money = (c: number) => `$${(c / 100).toFixed(2)}`;
    expect(revenueShareText({ shareType: 'none', shareValue: 0 }, money)).toBe('None');
    expect(revenueShareText({ shareType: 'percent', shareValue: 15 }, money)).toBe('15%');
    expect(revenueShareText({ shareType: 'fixed', shareValue: 5000 }, money)).toBe('$50.00');
  });
});

describe('product filters', () => {
  const product = (p: Partial<TProduct>): TProduct => ({
    id: ID,
    name: 'Outfield Banner',
    masterTypeId: ID,
    adTypeLabel: 'Outfield Banner',
    adTypeIsCustom: false,
    recurringPriceCents: 50_000,
    setupFeeCents: null,
    shareType: 'none',
    shareValue: 0,
    isLimited: false,
    locationText: null,
    seasonLabel: '2025',
    updatedAt: '2025-01-01T00:00:00.000Z',
    hasActiveQuotes: false,
    ...p,
  });
  const fence = product({
    name: 'Fence Sign',
    isLimited: true,
    locationText: 'Left field fence',
    setupFeeCents: 7_500,
  });
  const program = product({ name: 'Program Ad', masterTypeId: ID2, adTypeLabel: 'Game Program Ad', seasonLabel: null });
  const unpriced = product({ name: 'Website Ad', recurringPriceCents: null, setupFeeCents: 0 });
  const all = [fence, program, unpriced];
  const names = (f: Parameters<typeof matchesProductFilters>[1]) =>
    all.filter((p) => matchesProductFilters(p, f)).map((p) => p.name);

  it('matches everything without filters', () => {
    expect(names({})).toEqual(['Fence Sign', 'Program Ad', 'Website Ad']);
    expect(names({ search: '  ', status: 'all', adTypeId: 'all', season: 'all', menu: 'all' })).toHaveLength(3);
  });

  it('searches name, ad type and location, ignoring case', () => {
    expect(names({ search: 'LEFT FIELD' })).toEqual(['Fence Sign']);
    expect(names({ search: 'game program' })).toEqual(['Program Ad']);
    expect(names({ search: 'ad' })).toEqual(['Program Ad', 'Website Ad']);
    expect(names({ search: 'nothing like it' })).toEqual([]);
  });

  it('filters by status, ad type and season', () => {
    expect(productStatus(unpriced)).toBe('needs_price');
    expect(names({ status: 'needs_price' })).toEqual(['Website Ad']);
    expect(names({ status: 'priced' })).toEqual(['Fence Sign', 'Program Ad']);
    expect(names({ adTypeId: ID2 })).toEqual(['Program Ad']);
    expect(names({ season: '2025' })).toEqual(['Fence Sign', 'Website Ad']);
    expect(names({ season: 'none' })).toEqual(['Program Ad']);
  });

  it('narrows to limited products or those with a setup fee (a zero fee is none)', () => {
    expect(names({ menu: 'limited' })).toEqual(['Fence Sign']);
    expect(names({ menu: 'setup_fee' })).toEqual(['Fence Sign']);
    expect(names({ menu: 'limited', search: 'program' })).toEqual([]);
  });
});
