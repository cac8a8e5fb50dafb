import { copyName } from '@pennant/shared/catalogue/rules';
import {
  CATALOGUE_LIMITS,
  CATALOGUE_MESSAGES,
  PRODUCT_NAME_MAX,
  SHARE_TYPES,
  type TProduct,
  type TProductValues,
  type TShareType,
} from '@pennant/shared/catalogue/schemas';
import type { TTx } from '../../db/client';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TMember } from '../session/member';
import { findVisibleAdType } from './ad-types.repo';
import {
  conflict,
  fieldErrors,
  isId,
  productNotFound,
  publishCatalogue,
  requireCatalogueRight,
  toIso,
} from './catalogue.common';
import { lockCatalogue } from './catalogue.repo';
import {
  countProducts,
  deleteProduct as deleteProductRow,
  findProduct,
  insertProduct,
  listProducts as listProductRows,
  lockProduct,
  productInUse,
  type TProductFields,
  type TProductRow,
  updateProduct as updateProductRow,
} from './products.repo';

const toShareType = (raw: string): TShareType =>
  (SHARE_TYPES as readonly string[]).includes(raw) ? (raw as TShareType) : 'none';

function toProduct(row: TProductRow): TProduct {
  return {
    id: row.id,
    name: row.name,
    masterTypeId: row.master_type_id,
    adTypeLabel: row.ad_type_label,
    adTypeIsCustom: row.ad_type_is_custom,
    recurringPriceCents: row.recurring_price_cents,
    setupFeeCents: row.setup_fee_cents,
    shareType: toShareType(row.share_type),
    shareValue: row.share_value ?? 0,
    isLimited: row.is_limited,
    locationText: row.location_text,
    seasonLabel: row.season_label,
    updatedAt: toIso(row.updated_at),
    hasActiveQuotes: row.has_active_quotes,
  };
}

/** The product as the reply shows it, read back in the same transaction. */
async function loadProduct(tx: TTx, member: TMember, id: string): Promise<TProduct> {
  const row = await findProduct(tx, member.orgId, id);
  if (!row) throw productNotFound();
  return toProduct(row);
}

/** The ad type must be a global one or the organization's own. */
async function requireAdType(tx: TTx, member: TMember, masterTypeId: string): Promise<void> {
  if (!(await findVisibleAdType(tx, member.orgId, masterTypeId))) {
    throw fieldErrors({ masterTypeId: CATALOGUE_MESSAGES.adType });
  }
}

async function requireProductRoom(tx: TTx, member: TMember): Promise<void> {
  await lockCatalogue(tx, member.orgId);
  if ((await countProducts(tx, member.orgId)) >= CATALOGUE_LIMITS.productsPerOrganization) {
    throw conflict(CATALOGUE_MESSAGES.productLimit);
  }
}

/** The schema has already applied the form rules (no share: 0; location only for a limited slot). */
const fieldsOf = (input: TProductValues): TProductFields => ({
  name: input.name,
  masterTypeId: input.masterTypeId,
  recurringPriceCents: input.recurringPriceCents,
  setupFeeCents: input.setupFeeCents,
  shareType: input.shareType,
  shareValue: input.shareValue,
  isLimited: input.isLimited,
  locationText: input.locationText,
  seasonLabel: input.seasonLabel,
});

export async function listProducts(deps: TDeps, member: TMember): Promise<TProduct[]> {
  const rows = await readTenant(deps.db, member, (tx) => listProductRows(tx, member.orgId));
  return rows.map(toProduct);
}

export async function createProduct(deps: TDeps, member: TMember, input: TProductValues): Promise<TProduct> {
  requireCatalogueRight(member, 'create', 'products');
  const product = await withTenant(deps.db, member, async (tx) => {
    await requireAdType(tx, member, input.masterTypeId);
    await requireProductRoom(tx, member);
    const id = await insertProduct(tx, member.orgId, fieldsOf(input));
    return loadProduct(tx, member, id);
  });
  publishCatalogue(deps, member);
  return product;
}

/** Replaces the product's fields. Quotes already made keep their own prices and names. */
export async function updateProduct(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TProductValues,
): Promise<TProduct> {
  requireCatalogueRight(member, 'edit', 'products');
  if (!isId(id)) throw productNotFound();
  const product = await withTenant(deps.db, member, async (tx) => {
    if (!(await lockProduct(tx, member.orgId, id))) throw productNotFound();
    await requireAdType(tx, member, input.masterTypeId);
    await updateProductRow(tx, member.orgId, id, fieldsOf(input));
    return loadProduct(tx, member, id);
  });
  publishCatalogue(deps, member);
  return product;
}

/** A copy of every field, the name followed by ' (Copy)' (cut to fit the name's limit). */
export async function duplicateProduct(deps: TDeps, member: TMember, id: string): Promise<TProduct> {
  requireCatalogueRight(member, 'create', 'products');
  if (!isId(id)) throw productNotFound();
  const product = await withTenant(deps.db, member, async (tx) => {
    const source = await findProduct(tx, member.orgId, id);
    if (!source) throw productNotFound();
    await requireProductRoom(tx, member);
    const copy = toProduct(source);
    const newId = await insertProduct(tx, member.orgId, {
      name: copyName(copy.name, PRODUCT_NAME_MAX),
      masterTypeId: copy.masterTypeId,
      recurringPriceCents: copy.recurringPriceCents,
      setupFeeCents: copy.setupFeeCents,
      shareType: copy.shareType,
      shareValue: copy.shareValue,
      isLimited: copy.isLimited,
      locationText: copy.locationText,
      seasonLabel: copy.seasonLabel,
    });
    return loadProduct(tx, member, newId);
  });
  publishCatalogue(deps, member);
  return product;
}

/**
 * Deletes the product, unless a bundle or price list that is not deleted holds it (409: remove
 * it there first). The row is locked before the check, so a bundle saved meanwhile either
 * waits and then finds the product gone, or is seen by the check.
 */
export async function deleteProduct(deps: TDeps, member: TMember, id: string): Promise<void> {
  requireCatalogueRight(member, 'delete', 'products');
  if (!isId(id)) throw productNotFound();
  await withTenant(deps.db, member, async (tx) => {
    if (!(await lockProduct(tx, member.orgId, id))) throw productNotFound();
    if (await productInUse(tx, member.orgId, id)) throw conflict(CATALOGUE_MESSAGES.productInUse);
    await deleteProductRow(tx, member.orgId, id);
  });
  publishCatalogue(deps, member);
}
