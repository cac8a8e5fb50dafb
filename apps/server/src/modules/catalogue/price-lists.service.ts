import { defaultDisplayPrice } from '@pennant/shared/catalogue/rules';
import {
  CATALOGUE_LIMITS,
  CATALOGUE_MESSAGES,
  type TPriceList,
  type TPriceListItem,
  type TPriceListValues,
} from '@pennant/shared/catalogue/schemas';
import type { TTx } from '../../db/client';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TMember } from '../session/member';
import { holdBundles } from './bundles.repo';
import {
  conflict,
  fieldErrors,
  isId,
  priceListNotFound,
  publishCatalogue,
  requireCatalogueRight,
  toIso,
} from './catalogue.common';
import { lockCatalogue } from './catalogue.repo';
import {
  countPriceLists,
  findPriceList,
  insertPriceList,
  listPriceLists as listPriceListRows,
  lockPriceList,
  replacePriceListItems,
  softDeletePriceList,
  type TPriceListItemRow,
  type TPriceListRow,
  updatePriceList as updatePriceListRow,
} from './price-lists.repo';
import { holdProducts } from './products.repo';

const ITEM_MESSAGE = 'Choose a product or bundle';

function toItem(row: TPriceListItemRow): TPriceListItem {
  if (row.productId !== null) {
    return {
      kind: 'product',
      id: row.productId,
      name: row.name,
      displayPriceCents: row.displayPriceCents,
      standardPriceCents: defaultDisplayPrice('product', { recurringPriceCents: row.recurringPriceCents }),
    };
  }
  return {
    kind: 'bundle',
    id: row.bundleId ?? '',
    name: row.name,
    displayPriceCents: row.displayPriceCents,
    standardPriceCents: defaultDisplayPrice('bundle', { packagePriceCents: row.packagePriceCents }),
  };
}

function toPriceList(row: TPriceListRow): TPriceList {
  return {
    id: row.id,
    name: row.name,
    seasonLabel: row.season_label,
    createdAt: toIso(row.created_at),
    items: row.items.map(toItem),
  };
}

/** The price list with its items, or 404 (also for another organization's id or a deleted list). */
export async function loadPriceList(tx: TTx, member: TMember, id: string): Promise<TPriceList> {
  const row = isId(id) ? await findPriceList(tx, member.orgId, id) : null;
  if (!row) throw priceListNotFound(id);
  return toPriceList(row);
}

/** One price list, as the price sheet prints it. */
export async function getPriceList(deps: TDeps, member: TMember, id: string): Promise<TPriceList> {
  if (!isId(id)) throw priceListNotFound(id);
  return withTenant(deps.db, member, (tx) => loadPriceList(tx, member, id));
}

/**
 * Every item must name one of this organization's products or bundles that are not deleted; they
 * are held until the transaction ends, so none disappears between the check and the insert.
 */
async function checkItems(tx: TTx, member: TMember, items: TPriceListValues['items']) {
  const products = await holdProducts(
    tx,
    member.orgId,
    items.filter((i) => i.kind === 'product').map((i) => i.id),
  );
  const bundles = await holdBundles(
    tx,
    member.orgId,
    items.filter((i) => i.kind === 'bundle').map((i) => i.id),
  );
  const missing: Record<string, string> = {};
  items.forEach((item, index) => {
    const found = item.kind === 'product' ? products.has(item.id) : bundles.has(item.id);
    if (!found) missing[`items.${index}.id`] = ITEM_MESSAGE;
  });
  if (Object.keys(missing).length > 0) throw fieldErrors(missing);
  return items.map((i) => ({
    productId: i.kind === 'product' ? i.id : null,
    bundleId: i.kind === 'bundle' ? i.id : null,
    displayPriceCents: i.displayPriceCents,
  }));
}

const fieldsOf = (input: TPriceListValues) => ({ name: input.name, seasonLabel: input.seasonLabel });

/** The organization's price lists, newest first, each with its items. */
export async function listPriceLists(deps: TDeps, member: TMember): Promise<TPriceList[]> {
  const rows = await readTenant(deps.db, member, (tx) => listPriceListRows(tx, member.orgId));
  return rows.map(toPriceList);
}

export async function createPriceList(deps: TDeps, member: TMember, input: TPriceListValues): Promise<TPriceList> {
  requireCatalogueRight(member, 'create', 'price_lists');
  const list = await withTenant(deps.db, member, async (tx) => {
    const items = await checkItems(tx, member, input.items);
    await lockCatalogue(tx, member.orgId);
    if ((await countPriceLists(tx, member.orgId)) >= CATALOGUE_LIMITS.priceListsPerOrganization) {
      throw conflict(CATALOGUE_MESSAGES.priceListLimit);
    }
    const id = await insertPriceList(tx, member.orgId, fieldsOf(input));
    await replacePriceListItems(tx, member.orgId, id, items);
    return loadPriceList(tx, member, id);
  });
  publishCatalogue(deps, member);
  return list;
}

/** Updates name and season, deletes all its items and inserts the new ones, in one transaction. */
export async function updatePriceList(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TPriceListValues,
): Promise<TPriceList> {
  requireCatalogueRight(member, 'edit', 'price_lists');
  if (!isId(id)) throw priceListNotFound(id);
  const list = await withTenant(deps.db, member, async (tx) => {
    if (!(await lockPriceList(tx, member.orgId, id))) throw priceListNotFound(id);
    const items = await checkItems(tx, member, input.items);
    await updatePriceListRow(tx, member.orgId, id, fieldsOf(input));
    await replacePriceListItems(tx, member.orgId, id, items);
    return loadPriceList(tx, member, id);
  });
  publishCatalogue(deps, member);
  return list;
}

/** Soft delete: kept, hidden from every list. */
export async function deletePriceList(deps: TDeps, member: TMember, id: string): Promise<void> {
  requireCatalogueRight(member, 'delete', 'price_lists');
  if (!isId(id)) throw priceListNotFound(id);
  const deleted = await withTenant(deps.db, member, (tx) => softDeletePriceList(tx, member.orgId, id));
  if (!deleted) throw priceListNotFound(id);
  publishCatalogue(deps, member);
}
