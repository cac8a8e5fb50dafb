import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId, ZRowN } from '../../db/client';
import { bundleItems, bundles } from '../../db/schema/catalogue';
import { idList } from './catalogue.repo';

const ZBundleItemRow = z.object({
  productId: z.string(),
  productName: z.string(),
  qty: z.number(),
  recurringPriceCents: z.number().nullable(),
  setupFeeCents: z.number().nullable(),
});

/** A bundle with its items (product joined) in the order the drawer listed them. */
export const ZBundleRow = z.object({
  id: z.string(),
  name: z.string(),
  season_label: z.string(),
  package_price_cents: z.number(),
  updated_at: column.instant,
  items: z.array(ZBundleItemRow),
});
export type TBundleRow = z.output<typeof ZBundleRow>;

const BUNDLE_SELECT = sql.raw(`SELECT b.id, b.name, b.season_label, b.package_price_cents, b.updated_at,
         coalesce((
           SELECT json_agg(json_build_object(
                    'productId', p.id, 'productName', p.name, 'qty', bi.qty,
                    'recurringPriceCents', p.recurring_price_cents, 'setupFeeCents', p.setup_fee_cents)
                  ORDER BY bi.position, bi.id)
           FROM bundle_item bi
           JOIN product p ON p.org_id = bi.org_id AND p.id = bi.product_id
           WHERE bi.org_id = b.org_id AND bi.bundle_id = b.id
         ), '[]'::json) AS items
  FROM bundle b`);

/** The organization's bundles that are not deleted, by name; of one season, or of all when null. */
export function listBundles(tx: TTx, orgId: string, season: string | null): Promise<TBundleRow[]> {
  const seasonSql: SQL = season === null ? sql`` : sql`AND b.season_label = ${season}`;
  return preparedRows(
    tx,
    ZBundleRow,
    sql`${BUNDLE_SELECT}
        WHERE b.org_id = ${orgId} AND NOT b.is_deleted ${seasonSql}
        ORDER BY lower(b.name), b.id`,
  );
}

export async function findBundle(tx: TTx, orgId: string, id: string): Promise<TBundleRow | null> {
  const [row] = await rows(
    tx,
    ZBundleRow,
    sql`${BUNDLE_SELECT} WHERE b.org_id = ${orgId} AND b.id = ${id} AND NOT b.is_deleted`,
  );
  return row ?? null;
}

/** Locks a bundle that is not deleted; false when the organization has no such bundle. */
export async function lockBundle(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const found = await rows(
    tx,
    ZRowId,
    sql`SELECT id FROM bundle WHERE org_id = ${orgId} AND id = ${id} AND NOT is_deleted FOR UPDATE`,
  );
  return found.length > 0;
}

/**
 * The organization's bundles among ids that are not deleted, each held (FOR SHARE) until the
 * transaction ends, so none is deleted between this check and the price list items that name it.
 */
export async function holdBundles(tx: TTx, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await rows(
    tx,
    ZRowId,
    sql`SELECT id FROM bundle
        WHERE org_id = ${orgId} AND NOT is_deleted AND id IN (${idList(ids)})
        ORDER BY id FOR SHARE`,
  );
  return new Set(found.map((r) => r.id));
}

/** Bundles that count against the cap: the ones not deleted. */
export async function countBundles(tx: TTx, orgId: string): Promise<number> {
  const [row] = await rows(tx, ZRowN, sql`SELECT count(*) AS n FROM bundle WHERE org_id = ${orgId} AND NOT is_deleted`);
  return row?.n ?? 0;
}

export interface TBundleFields {
  name: string;
  seasonLabel: string;
  packagePriceCents: number;
}

export async function insertBundle(tx: TTx, orgId: string, values: TBundleFields): Promise<string> {
  const [row] = await tx
    .insert(bundles)
    .values({ ...values, orgId })
    .returning({ id: bundles.id });
  if (!row) throw new Error('bundle insert returned no row');
  return row.id;
}

export async function updateBundle(tx: TTx, orgId: string, id: string, values: TBundleFields): Promise<void> {
  await tx
    .update(bundles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bundles.orgId, orgId), eq(bundles.id, id)));
}

/** Every item of the bundle replaced by these, in this order. */
export async function replaceBundleItems(
  tx: TTx,
  orgId: string,
  bundleId: string,
  items: readonly { productId: string; qty: number }[],
): Promise<void> {
  await tx.delete(bundleItems).where(and(eq(bundleItems.orgId, orgId), eq(bundleItems.bundleId, bundleId)));
  if (items.length === 0) return;
  await tx
    .insert(bundleItems)
    .values(items.map((item, position) => ({ orgId, bundleId, productId: item.productId, qty: item.qty, position })));
}

/** Marks the bundle deleted (kept, hidden from every list); false when there was none to delete. */
export async function softDeleteBundle(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .update(bundles)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(bundles.orgId, orgId), eq(bundles.id, id), eq(bundles.isDeleted, false)))
    .returning({ id: bundles.id });
  return deleted.length > 0;
}
