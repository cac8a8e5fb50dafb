import { z } from 'zod';
import { limitedText, requiredText, text } from '../fields';
import { MAX_PRICE_CENTS } from '../money';

/**
 * The catalogue: ad types, products, bundles and price lists (spec 001 §3, §5, §9). The drawers
 * and the server validate with these same objects; the messages are the spec's own words.
 */

// ---------------------------------------------------------------------------------------------
// Limits: one place (every list and batch has a cap).
// ---------------------------------------------------------------------------------------------

export const CATALOGUE_LIMITS = {
  productsPerOrganization: 500,
  customAdTypesPerOrganization: 50,
  bundlesPerOrganization: 200,
  itemsPerBundle: 50,
  priceListsPerOrganization: 100,
  itemsPerPriceList: 300,
} as const;

export const PRODUCT_NAME_MAX = 100;
export const LOCATION_MAX = 50;
export const BUNDLE_NAME_MAX = 50;
export const PRICE_LIST_NAME_MAX = 100;
export const SEASON_LABEL_MAX = 15;
export const BUNDLE_MIN_TOTAL_QUANTITY = 2;
export const MAX_QUANTITY = 1000;
/** A bundle priced more than this far below its items alone gets the 'High Discount Warning'. */
export const HIGH_DISCOUNT_PERCENT = 30;
/** Ad types change rarely: the client keeps them 5 minutes and retries twice (spec §7). */
export const AD_TYPES_STALE_MS = 5 * 60_000;
export const AD_TYPES_RETRIES = 2;
/** The price-list drawer's picker of products and bundles is fresh for 60 seconds (spec §7). */
export const PICKER_STALE_MS = 60_000;

export const CATALOGUE_MESSAGES = {
  productName: 'Name must be at least 2 characters.',
  adType: 'Must select an ad type.',
  percent: 'Percentage must be between 1 and 100.',
  fixedShare: 'Fixed amount must be 0 or higher.',
  location: 'Location must be 50 characters or less.',
  price: 'Price must be 0 or more.',
  setupFee: 'Setup fee must be 0 or more.',
  labelRequired: 'Label required',
  bundleName: 'Name is required',
  bundleNameTooLong: 'Name cannot exceed 50 characters',
  season: 'Season is required',
  packagePrice: 'Package price must be greater than or equal to 0',
  product: 'Product is required',
  quantity: 'Quantity must be at least 1',
  bundleTotal: 'Bundle must include a total quantity of at least 2 products',
  bundleDuplicate: 'Each product can be listed once; raise its quantity instead',
  priceListName: 'Name is required',
  priceListItems: 'Select at least one item',
  priceListDuplicate: 'Each product or bundle can be listed once',
  activeQuoteWarning: 'This product is on active quotes. Changes will not update those quotes automatically.',
  productInUse: 'This product is part of a bundle or price list. Remove it there first.',
  productLimit: `You can have at most ${CATALOGUE_LIMITS.productsPerOrganization} products.`,
  bundleLimit: `You can have at most ${CATALOGUE_LIMITS.bundlesPerOrganization} bundles.`,
  priceListLimit: `You can have at most ${CATALOGUE_LIMITS.priceListsPerOrganization} price lists.`,
  adTypeLimit: `You can have at most ${CATALOGUE_LIMITS.customAdTypesPerOrganization} custom ad types.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

const cents = (message: string) =>
  z
    .number({ error: message })
    .int('Amounts are whole cents')
    .min(0, message)
    .max(MAX_PRICE_CENTS, 'Amount is too large');

const optionalCents = (message: string) =>
  cents(message)
    .nullish()
    .transform((v) => v ?? null);

export const ZSeasonLabel = requiredText(SEASON_LABEL_MAX, 'Season', CATALOGUE_MESSAGES.season);

const quantity = z
  .number({ error: CATALOGUE_MESSAGES.quantity })
  .int(CATALOGUE_MESSAGES.quantity)
  .min(1, CATALOGUE_MESSAGES.quantity)
  .max(MAX_QUANTITY, `Quantity cannot exceed ${MAX_QUANTITY}`);

const requiredId = (message: string) => z.uuid({ error: message });

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

export const SHARE_TYPES = ['none', 'percent', 'fixed'] as const;
export type TShareType = (typeof SHARE_TYPES)[number];
export const SHARE_TYPE_LABELS: Record<TShareType, string> = {
  none: 'None',
  percent: 'Percentage',
  fixed: 'Fixed amount',
};

/**
 * A product as the drawer sends it (create and edit both send the whole product). The two form
 * rules are applied on the way in, so neither side can store a stale value: the share value is 0
 * when there is no share, and the location is kept only for a limited slot.
 */
export const ZProductInput = z
  .object({
    name: text(PRODUCT_NAME_MAX, 'Name').trim().min(2, CATALOGUE_MESSAGES.productName),
    masterTypeId: requiredId(CATALOGUE_MESSAGES.adType),
    recurringPriceCents: optionalCents(CATALOGUE_MESSAGES.price),
    setupFeeCents: optionalCents(CATALOGUE_MESSAGES.setupFee),
    shareType: z.enum(SHARE_TYPES).default('none'),
    /** Percent (1–100) for a percent share, cents for a fixed one, 0 for none. */
    shareValue: z.number().int('Whole numbers only').nullish(),
    isLimited: z.boolean().default(false),
    locationText: limitedText(LOCATION_MAX, CATALOGUE_MESSAGES.location).trim().nullish(),
    seasonLabel: text(SEASON_LABEL_MAX, 'Season').trim().nullish(),
  })
  .superRefine((p, ctx) => {
    if (p.shareType === 'percent' && (p.shareValue == null || p.shareValue < 1 || p.shareValue > 100)) {
      ctx.addIssue({ code: 'custom', path: ['shareValue'], message: CATALOGUE_MESSAGES.percent });
    }
    if (p.shareType === 'fixed' && (p.shareValue == null || p.shareValue < 0 || p.shareValue > MAX_PRICE_CENTS)) {
      ctx.addIssue({ code: 'custom', path: ['shareValue'], message: CATALOGUE_MESSAGES.fixedShare });
    }
  })
  .transform((p) => ({
    ...p,
    shareValue: p.shareType === 'none' ? 0 : (p.shareValue ?? 0),
    locationText: p.isLimited && p.locationText ? p.locationText : null,
    seasonLabel: p.seasonLabel ? p.seasonLabel : null,
  }));
export type TProductInput = z.input<typeof ZProductInput>;
export type TProductValues = z.output<typeof ZProductInput>;

export const ZProduct = z.object({
  id: z.uuid(),
  name: z.string(),
  masterTypeId: z.uuid().nullable(),
  adTypeLabel: z.string().nullable(),
  adTypeIsCustom: z.boolean(),
  recurringPriceCents: z.number().int().nullable(),
  setupFeeCents: z.number().int().nullable(),
  shareType: z.enum(SHARE_TYPES),
  shareValue: z.number().int(),
  isLimited: z.boolean(),
  locationText: z.string().nullable(),
  seasonLabel: z.string().nullable(),
  updatedAt: z.string(),
  /** A quote in draft or sent includes this product: editing it shows the warning (spec: products). */
  hasActiveQuotes: z.boolean(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductList = z.object({ products: z.array(ZProduct) });
export type TProductList = z.infer<typeof ZProductList>;

// ---------------------------------------------------------------------------------------------
// Bundles
// ---------------------------------------------------------------------------------------------

export const ZBundleItemInput = z.object({
  productId: requiredId(CATALOGUE_MESSAGES.product),
  qty: quantity,
});

export const ZBundleInput = z
  .object({
    name: requiredText(BUNDLE_NAME_MAX, 'Name', CATALOGUE_MESSAGES.bundleName).max(
      BUNDLE_NAME_MAX,
      CATALOGUE_MESSAGES.bundleNameTooLong,
    ),
    seasonLabel: ZSeasonLabel,
    packagePriceCents: cents(CATALOGUE_MESSAGES.packagePrice),
    items: z
      .array(ZBundleItemInput)
      .min(1, CATALOGUE_MESSAGES.product)
      .max(CATALOGUE_LIMITS.itemsPerBundle, `A bundle can hold at most ${CATALOGUE_LIMITS.itemsPerBundle} products`),
  })
  .superRefine((b, ctx) => {
    const total = b.items.reduce((sum, i) => sum + i.qty, 0);
    if (total < BUNDLE_MIN_TOTAL_QUANTITY) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: CATALOGUE_MESSAGES.bundleTotal });
    }
    const seen = new Set<string>();
    b.items.forEach((item, index) => {
      if (seen.has(item.productId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'productId'],
          message: CATALOGUE_MESSAGES.bundleDuplicate,
        });
      }
      seen.add(item.productId);
    });
  });
export type TBundleInput = z.input<typeof ZBundleInput>;
export type TBundleValues = z.output<typeof ZBundleInput>;

export const ZBundleItem = z.object({
  productId: z.uuid(),
  productName: z.string(),
  qty: z.number().int(),
  recurringPriceCents: z.number().int().nullable(),
  setupFeeCents: z.number().int().nullable(),
});
export type TBundleItem = z.infer<typeof ZBundleItem>;

export const ZBundle = z.object({
  id: z.uuid(),
  name: z.string(),
  seasonLabel: z.string(),
  packagePriceCents: z.number().int(),
  items: z.array(ZBundleItem),
  updatedAt: z.string(),
});
export type TBundle = z.infer<typeof ZBundle>;

/** The season dropdown: the organization's season, the next one, or every season. */
export const BUNDLE_SEASON_FILTERS = ['current', 'next', 'all'] as const;
export type TBundleSeasonFilter = (typeof BUNDLE_SEASON_FILTERS)[number];

export const ZBundleListQuery = z.object({
  season: z.enum(BUNDLE_SEASON_FILTERS).default('current'),
});

export const ZBundleList = z.object({
  bundles: z.array(ZBundle),
  /** The labels the filter resolved, so the dropdown can say 'Current Season (2026)'. */
  currentSeason: z.string(),
  nextSeason: z.string(),
});
export type TBundleList = z.infer<typeof ZBundleList>;

// ---------------------------------------------------------------------------------------------
// Price lists
// ---------------------------------------------------------------------------------------------

export const PRICE_LIST_ITEM_KINDS = ['product', 'bundle'] as const;
export type TPriceListItemKind = (typeof PRICE_LIST_ITEM_KINDS)[number];

export const ZPriceListItemInput = z.object({
  kind: z.enum(PRICE_LIST_ITEM_KINDS),
  id: requiredId('Choose a product or bundle'),
  displayPriceCents: cents(CATALOGUE_MESSAGES.price),
});

export const ZPriceListInput = z
  .object({
    name: requiredText(PRICE_LIST_NAME_MAX, 'Name', CATALOGUE_MESSAGES.priceListName).min(
      2,
      CATALOGUE_MESSAGES.priceListName,
    ),
    seasonLabel: ZSeasonLabel,
    items: z
      .array(ZPriceListItemInput)
      .min(1, CATALOGUE_MESSAGES.priceListItems)
      .max(
        CATALOGUE_LIMITS.itemsPerPriceList,
        `A price list can hold at most ${CATALOGUE_LIMITS.itemsPerPriceList} items`,
      ),
  })
  .superRefine((l, ctx) => {
    const seen = new Set<string>();
    l.items.forEach((item, index) => {
      const key = `${item.kind}:${item.id}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['items', index, 'id'], message: CATALOGUE_MESSAGES.priceListDuplicate });
      }
      seen.add(key);
    });
  });
export type TPriceListInput = z.input<typeof ZPriceListInput>;
export type TPriceListValues = z.output<typeof ZPriceListInput>;

export const ZPriceListItem = z.object({
  kind: z.enum(PRICE_LIST_ITEM_KINDS),
  id: z.uuid(),
  name: z.string(),
  displayPriceCents: z.number().int(),
  /** What the item costs without the list: a product's recurring price, a bundle's package price. */
  standardPriceCents: z.number().int(),
});
export type TPriceListItem = z.infer<typeof ZPriceListItem>;

export const ZPriceList = z.object({
  id: z.uuid(),
  name: z.string(),
  seasonLabel: z.string(),
  createdAt: z.string(),
  items: z.array(ZPriceListItem),
});
export type TPriceList = z.infer<typeof ZPriceList>;

export const ZPriceListList = z.object({ priceLists: z.array(ZPriceList) });
export type TPriceListList = z.infer<typeof ZPriceListList>;

/** A generated document: a short-lived signed link to the stored file. */
export const ZDocumentLink = z.object({
  url: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
});
export type TDocumentLink = z.infer<typeof ZDocumentLink>;
