import type { TShareType } from '@pennant/shared/catalogue/schemas';
import type { TTx } from '../db/client';
import { findAdTypeBySlug, insertAdType } from '../modules/catalogue/ad-types.repo';
import { insertBundle, listBundles, replaceBundleItems } from '../modules/catalogue/bundles.repo';
import { insertPriceList, listPriceLists, replacePriceListItems } from '../modules/catalogue/price-lists.repo';
import { insertProduct, listProducts, updateProduct } from '../modules/catalogue/products.repo';

interface TSeedProduct {
  name: string;
  /** A global type's slug, or the demo's custom type. */
  type: string;
  price: number;
  setupFee?: number;
  /** A limited slot, with where it is. */
  location?: string;
  share?: { type: Exclude<TShareType, 'none'>; value: number };
}

/** The demo's own ad type, beside the global ones. */
const CUSTOM_TYPE = { slug: 'concession-stand', label: 'Concession Stand' };

/**
 * Twelve products over the ad types, priced in cents. The onboarding wizard already made five of
 * them by name without a price (Event Sponsorship, Game Program Ad, Jersey Patch, Outfield
 * Banner, PA Announcement); those get their prices here.
 */
const PRODUCTS: TSeedProduct[] = [
  { name: 'Outfield Banner', type: 'outfield-banner', price: 50_000, setupFee: 7_500 },
  {
    name: 'Left Field Fence Banner',
    type: 'outfield-banner',
    price: 75_000,
    setupFee: 10_000,
    location: 'Left field fence',
  },
  {
    name: 'Right Field Fence Banner',
    type: 'outfield-banner',
    price: 75_000,
    setupFee: 10_000,
    location: 'Right field fence',
  },
  {
    name: 'Scoreboard Sign',
    type: 'scoreboard',
    price: 150_000,
    setupFee: 25_000,
    location: 'Main scoreboard',
    share: { type: 'percent', value: 10 },
  },
  { name: 'Game Program Ad', type: 'program-ad', price: 30_000 },
  { name: 'Program Back Cover', type: 'program-ad', price: 60_000, location: 'Back cover' },
  { name: 'Website Ad', type: 'website-ad', price: 25_000 },
  { name: 'Social Media Post', type: 'social-media', price: 10_000 },
  { name: 'PA Announcement', type: 'pa-announcement', price: 15_000 },
  { name: 'Jersey Patch', type: 'jersey-patch', price: 200_000, setupFee: 50_000, location: 'Home jersey sleeve' },
  { name: 'Event Sponsorship', type: 'event-sponsor', price: 100_000 },
  {
    name: 'Concession Stand Sign',
    type: CUSTOM_TYPE.slug,
    price: 40_000,
    setupFee: 5_000,
    location: 'Home concession stand',
  },
];

/** Three bundles of the current season; Grand Slam Partner is priced more than 30% below its items. */
const BUNDLES: { name: string; price: number; items: [string, number][] }[] = [
  {
    // 95,000 of products for 85,000.
    name: 'Home Run Package',
    price: 85_000,
    items: [
      ['Outfield Banner', 1],
      ['Game Program Ad', 1],
      ['PA Announcement', 1],
    ],
  },
  {
    // 65,000 for 55,000.
    name: 'Digital Starter',
    price: 55_000,
    items: [
      ['Website Ad', 1],
      ['Social Media Post', 4],
    ],
  },
  {
    // 345,000 for 225,000: 35% off, the drawer's 'High Discount Warning'.
    name: 'Grand Slam Partner',
    price: 225_000,
    items: [
      ['Scoreboard Sign', 1],
      ['Left Field Fence Banner', 1],
      ['Program Back Cover', 1],
      ['Social Media Post', 6],
    ],
  },
];

type TSeedItem = ['product' | 'bundle', string, number];

/** Two price lists of the current season: the full menu, then an early renewal offer. */
const PRICE_LISTS: { name: (season: string) => string; items: TSeedItem[] }[] = [
  {
    name: (season) => `${season} Sponsorship Menu`,
    items: [
      ['bundle', 'Grand Slam Partner', 225_000],
      ['bundle', 'Home Run Package', 85_000],
      ['bundle', 'Digital Starter', 55_000],
      ['product', 'Scoreboard Sign', 150_000],
      ['product', 'Left Field Fence Banner', 75_000],
      ['product', 'Right Field Fence Banner', 75_000],
      ['product', 'Outfield Banner', 50_000],
      ['product', 'Concession Stand Sign', 40_000],
      ['product', 'Game Program Ad', 30_000],
      ['product', 'Website Ad', 25_000],
    ],
  },
  {
    name: () => 'Early Renewal Offer',
    items: [
      ['product', 'Outfield Banner', 45_000],
      ['product', 'Game Program Ad', 27_000],
      ['product', 'PA Announcement', 12_000],
      ['bundle', 'Home Run Package', 80_000],
    ],
  },
];

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo catalogue: ${what} is missing`);
  return value;
}

/**
 * The demo organization's catalogue. Idempotent: a product already there by name keeps what it
 * has (a wizard product without a price gets the demo's), and bundles and price lists are added
 * only when the organization has none of that name.
 */
export async function seedDemoCatalogue(tx: TTx, orgId: string, season: string): Promise<void> {
  const custom =
    (await findAdTypeBySlug(tx, orgId, CUSTOM_TYPE.slug)) ??
    (await insertAdType(tx, orgId, CUSTOM_TYPE.slug, CUSTOM_TYPE.label));
  const typeIds = new Map<string, string>([[CUSTOM_TYPE.slug, required(custom?.id, 'the custom ad type')]]);
  for (const p of PRODUCTS) {
    if (typeIds.has(p.type)) continue;
    typeIds.set(p.type, required((await findAdTypeBySlug(tx, orgId, p.type))?.id, `ad type ${p.type}`));
  }

  const existing = new Map((await listProducts(tx, orgId)).map((p) => [p.name, p]));
  for (const p of PRODUCTS) {
    const fields = {
      name: p.name,
      masterTypeId: required(typeIds.get(p.type), p.type),
      recurringPriceCents: p.price,
      setupFeeCents: p.setupFee ?? null,
      shareType: p.share?.type ?? 'none',
      shareValue: p.share?.value ?? 0,
      isLimited: p.location !== undefined,
      locationText: p.location ?? null,
      seasonLabel: season,
    };
    const found = existing.get(p.name);
    if (!found) await insertProduct(tx, orgId, fields);
    else if (found.recurring_price_cents === null) await updateProduct(tx, orgId, found.id, fields);
  }
  const productIds = new Map((await listProducts(tx, orgId)).map((p) => [p.name, p.id]));

  const bundleNames = new Set((await listBundles(tx, orgId, null)).map((b) => b.name));
  for (const b of BUNDLES) {
    if (bundleNames.has(b.name)) continue;
    const id = await insertBundle(tx, orgId, { name: b.name, seasonLabel: season, packagePriceCents: b.price });
    await replaceBundleItems(
      tx,
      orgId,
      id,
      b.items.map(([name, qty]) => ({ productId: required(productIds.get(name), name), qty })),
    );
  }
  const bundleIds = new Map((await listBundles(tx, orgId, null)).map((b) => [b.name, b.id]));

  const listNames = new Set((await listPriceLists(tx, orgId)).map((l) => l.name));
  for (const l of PRICE_LISTS) {
    const name = l.name(season);
    if (listNames.has(name)) continue;
    const id = await insertPriceList(tx, orgId, { name, seasonLabel: season });
    await replacePriceListItems(
      tx,
      orgId,
      id,
      l.items.map(([kind, itemName, displayPriceCents]) => ({
        productId: kind === 'product' ? required(productIds.get(itemName), itemName) : null,
        bundleId: kind === 'bundle' ? required(bundleIds.get(itemName), itemName) : null,
        displayPriceCents,
      })),
    );
  }
}
