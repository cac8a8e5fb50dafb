import { nextSeasonLabel } from '../organization/season';
import type { TMember } from '../session/permissions';
import {
  BUNDLE_MIN_TOTAL_QUANTITY,
  HIGH_DISCOUNT_PERCENT,
  type TBundle,
  type TBundleSeasonFilter,
  type TPriceListItemKind,
  type TProduct,
} from './schemas';

/**
 * The catalogue's rules (spec 001 §5, §6, §9), pure, shared by the drawers, the server and the
 * price sheet, so a total on screen and on paper come from one function.
 */

export { slugify } from '../onboarding/slug';
export { nextSeasonLabel };

// ---------------------------------------------------------------------------------------------
// Bundles
// ---------------------------------------------------------------------------------------------

/** What a bundle's totals need of each item: its quantity and its product's prices. */
export interface TPricedItem {
  qty: number;
  recurringPriceCents: number | null;
  setupFeeCents: number | null;
}

export interface TBundleTotals {
  totalQuantity: number;
  /** The products bought one by one: recurring price × quantity. */
  individualTotalCents: number;
  /** One-time setup fees: each product's setup fee × quantity. */
  setupFeeTotalCents: number;
  /** Saved against the individual total; 0 when the package is not cheaper. */
  savingsCents: number;
  /** Whole percent saved, shown only when the package is below the individual total. */
  discountPercent: number | null;
  /** Over 30% off: the drawer shows the 'High Discount Warning'. */
  highDiscount: boolean;
  /** At least 2 items in total: the drawer's submit and the server both require it. */
  meetsMinimum: boolean;
}

export function bundleTotals(items: readonly TPricedItem[], packagePriceCents: number): TBundleTotals {
  let totalQuantity = 0;
  let individualTotalCents = 0;
  let setupFeeTotalCents = 0;
  for (const item of items) {
    const qty = Number.isFinite(item.qty) && item.qty > 0 ? item.qty : 0;
    totalQuantity += qty;
    individualTotalCents += (item.recurringPriceCents ?? 0) * qty;
    setupFeeTotalCents += (item.setupFeeCents ?? 0) * qty;
  }
  const below = individualTotalCents > 0 && packagePriceCents < individualTotalCents;
  const exactPercent = below ? ((individualTotalCents - packagePriceCents) / individualTotalCents) * 100 : 0;
  return {
    totalQuantity,
    individualTotalCents,
    setupFeeTotalCents,
    savingsCents: below ? individualTotalCents - packagePriceCents : 0,
    discountPercent: below ? Math.round(exactPercent) : null,
    highDiscount: exactPercent > HIGH_DISCOUNT_PERCENT,
    meetsMinimum: totalQuantity >= BUNDLE_MIN_TOTAL_QUANTITY,
  };
}

/** 'Total quantity must be at least 2 to create a bundle (1/2 selected)'. */
export function bundleMinimumMessage(totalQuantity: number): string {
  return `Total quantity must be at least ${BUNDLE_MIN_TOTAL_QUANTITY} to create a bundle (${totalQuantity}/${BUNDLE_MIN_TOTAL_QUANTITY} selected)`;
}

/** The Included Products column: 'Banner × 2, Program Ad × 1'. */
export function includedProducts(bundle: Pick<TBundle, 'items'>): string {
  return bundle.items.map((i) => `${i.productName} × ${i.qty}`).join(', ');
}

/** The season a bundle filter asks for, from the organization's season label; null for all. */
export function bundleSeasonFor(filter: TBundleSeasonFilter, currentSeason: string): string | null {
  if (filter === 'all') return null;
  return filter === 'next' ? nextSeasonLabel(currentSeason) : currentSeason;
}

// ---------------------------------------------------------------------------------------------
// Price lists
// ---------------------------------------------------------------------------------------------

/** A price list item's default display price: the product's recurring price, the bundle's package price. */
export function defaultDisplayPrice(
  kind: TPriceListItemKind,
  item: { recurringPriceCents?: number | null; packagePriceCents?: number | null },
): number {
  return (kind === 'product' ? item.recurringPriceCents : item.packagePriceCents) ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

/** Revenue-share controls: admin or sponsorship lead only (spec §6). */
export function canEditRevenueShare(member: Pick<TMember, 'roles'>): boolean {
  return member.roles.some((r) => r === 'admin' || r === 'sponsorship_lead');
}

/** Price fields are disabled for someone whose only role is read_only (spec §5). */
export function canEditPrices(member: Pick<TMember, 'roles'>): boolean {
  return member.roles.some((r) => r !== 'read_only');
}

/** ' (Copy)' appended on duplicate, cut so the copy still fits the name's limit. */
export function copyName(name: string, max: number): string {
  const suffix = ' (Copy)';
  return `${name.slice(0, Math.max(0, max - suffix.length))}${suffix}`;
}

/** The filter menu above the products table. */
export const PRODUCT_MENU_FILTERS = ['all', 'limited', 'setup_fee'] as const;
export type TProductMenuFilter = (typeof PRODUCT_MENU_FILTERS)[number];
export const PRODUCT_MENU_FILTER_LABELS: Record<TProductMenuFilter, string> = {
  all: 'All Products',
  limited: 'Limited Products Only',
  setup_fee: 'With Setup Fee',
};

/**
 * A product's status: priced, or still waiting for a price (the onboarding wizard creates its
 * products without one). The spec names a status filter but no product status; this is ours.
 */
export const PRODUCT_STATUSES = ['priced', 'needs_price'] as const;
export type TProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<TProductStatus, string> = {
  priced: 'Priced',
  needs_price: 'Needs a price',
};
export function productStatus(p: Pick<TProduct, 'recurringPriceCents'>): TProductStatus {
  return p.recurringPriceCents === null ? 'needs_price' : 'priced';
}

export interface TProductFilters {
  search?: string;
  status?: TProductStatus | 'all';
  adTypeId?: string | 'all';
  /** A season label, 'none' for products without one, or 'all'. */
  season?: string;
  menu?: TProductMenuFilter;
}

export function matchesProductFilters(p: TProduct, f: TProductFilters): boolean {
  const q = f.search?.trim().toLowerCase();
  if (q && !`${p.name} ${p.adTypeLabel ?? ''} ${p.locationText ?? ''}`.toLowerCase().includes(q)) return false;
  if (f.status && f.status !== 'all' && productStatus(p) !== f.status) return false;
  if (f.adTypeId && f.adTypeId !== 'all' && p.masterTypeId !== f.adTypeId) return false;
  if (f.season && f.season !== 'all') {
    if (f.season === 'none' ? p.seasonLabel !== null : p.seasonLabel !== f.season) return false;
  }
  if (f.menu === 'limited' && !p.isLimited) return false;
  if (f.menu === 'setup_fee' && !((p.setupFeeCents ?? 0) > 0)) return false;
  return true;
}

/** The Revenue Share column: 'None', '10%' or '$50.00' (formatting of money is the caller's). */
export function revenueShareText(p: Pick<TProduct, 'shareType' | 'shareValue'>, money: (cents: number) => string) {
  if (p.shareType === 'percent') return `${p.shareValue}%`;
  if (p.shareType === 'fixed') return money(p.shareValue);
  return 'None';
}
