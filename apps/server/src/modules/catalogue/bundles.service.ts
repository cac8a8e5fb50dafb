import { bundleSeasonFor, nextSeasonLabel } from '@pennant/shared/catalogue/rules';
import {
  BUNDLE_MIN_TOTAL_QUANTITY,
  CATALOGUE_LIMITS,
  CATALOGUE_MESSAGES,
  type TBundle,
  type TBundleList,
  type TBundleSeasonFilter,
  type TBundleValues,
} from '@pennant/shared/catalogue/schemas';
import type { TTx } from '../../db/client';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TMember } from '../session/member';
import {
  countBundles,
  findBundle,
  insertBundle,
  listBundles as listBundleRows,
  lockBundle,
  replaceBundleItems,
  softDeleteBundle,
  type TBundleRow,
  updateBundle as updateBundleRow,
} from './bundles.repo';
import {
  bundleNotFound,
  conflict,
  fieldErrors,
  isId,
  publishCatalogue,
  requireCatalogueRight,
  toIso,
} from './catalogue.common';
import { lockCatalogue } from './catalogue.repo';
import { holdProducts } from './products.repo';

function toBundle(row: TBundleRow): TBundle {
  return {
    id: row.id,
    name: row.name,
    seasonLabel: row.season_label,
    packagePriceCents: row.package_price_cents,
    items: row.items,
    updatedAt: toIso(row.updated_at),
  };
}

async function loadBundle(tx: TTx, member: TMember, id: string): Promise<TBundle> {
  const row = await findBundle(tx, member.orgId, id);
  if (!row) throw bundleNotFound();
  return toBundle(row);
}

/**
 * The items again on the server: at least 2 in total (the drawer's submit rule, repeated), and
 * each product one of this organization's, held until the transaction ends.
 */
async function checkItems(tx: TTx, member: TMember, items: TBundleValues['items']): Promise<void> {
  const totalQuantity = items.reduce((sum, i) => sum + i.qty, 0);
  if (totalQuantity < BUNDLE_MIN_TOTAL_QUANTITY) throw fieldErrors({ items: CATALOGUE_MESSAGES.bundleTotal });
  const found = await holdProducts(
    tx,
    member.orgId,
    items.map((i) => i.productId),
  );
  const missing: Record<string, string> = {};
  items.forEach((item, index) => {
    if (!found.has(item.productId)) missing[`items.${index}.productId`] = CATALOGUE_MESSAGES.product;
  });
  if (Object.keys(missing).length > 0) throw fieldErrors(missing);
}

const fieldsOf = (input: TBundleValues) => ({
  name: input.name,
  seasonLabel: input.seasonLabel,
  packagePriceCents: input.packagePriceCents,
});

/** Bundles of the organization's current season (default), the next one, or all, by name. */
export async function listBundles(
  deps: TDeps,
  member: TMember,
  query: { season: TBundleSeasonFilter },
): Promise<TBundleList> {
  const currentSeason = member.org.seasonLabel;
  const season = bundleSeasonFor(query.season, currentSeason);
  const rows = await readTenant(deps.db, member, (tx) => listBundleRows(tx, member.orgId, season));
  return { bundles: rows.map(toBundle), currentSeason, nextSeason: nextSeasonLabel(currentSeason) };
}

export async function createBundle(deps: TDeps, member: TMember, input: TBundleValues): Promise<TBundle> {
  requireCatalogueRight(member, 'create', 'bundles');
  const bundle = await withTenant(deps.db, member, async (tx) => {
    await checkItems(tx, member, input.items);
    await lockCatalogue(tx, member.orgId);
    if ((await countBundles(tx, member.orgId)) >= CATALOGUE_LIMITS.bundlesPerOrganization) {
      throw conflict(CATALOGUE_MESSAGES.bundleLimit);
    }
    const id = await insertBundle(tx, member.orgId, fieldsOf(input));
    await replaceBundleItems(tx, member.orgId, id, input.items);
    return loadBundle(tx, member, id);
  });
  publishCatalogue(deps, member);
  return bundle;
}

/** Replaces the bundle's fields and all its items in one transaction. */
export async function updateBundle(deps: TDeps, member: TMember, id: string, input: TBundleValues): Promise<TBundle> {
  requireCatalogueRight(member, 'edit', 'bundles');
  if (!isId(id)) throw bundleNotFound();
  const bundle = await withTenant(deps.db, member, async (tx) => {
    if (!(await lockBundle(tx, member.orgId, id))) throw bundleNotFound();
    await checkItems(tx, member, input.items);
    await updateBundleRow(tx, member.orgId, id, fieldsOf(input));
    await replaceBundleItems(tx, member.orgId, id, input.items);
    return loadBundle(tx, member, id);
  });
  publishCatalogue(deps, member);
  return bundle;
}

/** Soft delete: the bundle is kept, hidden from every list (and from price lists that named it). */
export async function deleteBundle(deps: TDeps, member: TMember, id: string): Promise<void> {
  requireCatalogueRight(member, 'delete', 'bundles');
  if (!isId(id)) throw bundleNotFound();
  const deleted = await withTenant(deps.db, member, (tx) => softDeleteBundle(tx, member.orgId, id));
  if (!deleted) throw bundleNotFound();
  publishCatalogue(deps, member);
}
