import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId, ZRowN } from '../../db/client';
import { priceListItems, priceLists } from '../../db/schema/catalogue';

/** One item as stored, with what the list needs of the product or bundle it names. */
const ZPriceListItemRow = z.object({
  productId: z.string().nullable(),
  bundleId: z.string().nullable(),
  name: z.string(),
  displayPriceCents: z.number(),
  recurringPriceCents: z.number().nullable(),
  packagePriceCents: z.number().nullable(),
});
export type TPriceListItemRow = z.output<typeof ZPriceListItemRow>;

export const ZPriceListRow = z.object({
  id: z.string(),
  name: z.string(),
  season_label: z.string(),
  created_at: column.instant,
  items: z.array(ZPriceListItemRow),
});
export type TPriceListRow = z.output<typeof ZPriceListRow>;

/**
 * A price list with its items in order. An item whose bundle has since been deleted is left out:
 * a deleted bundle is hidden everywhere, its price sheet included.
 */
const PRICE_LIST_SELECT = sql.raw(`SELECT l.id, l.name, l.season_label, l.created_at,
         coalesce((
           SELECT json_agg(json_build_object(
                    'productId', li.product_id, 'bundleId', li.bundle_id, 'name', coalesce(p.name, b.name),
                    'displayPriceCents', li.display_price_cents,
                    'recurringPriceCents', p.recurring_price_cents, 'packagePriceCents', b.package_price_cents)
                  ORDER BY li.position, li.id)
           FROM price_list_item li
           LEFT JOIN product p ON p.org_id = li.org_id AND p.id = li.product_id
           LEFT JOIN bundle b ON b.org_id = li.org_id AND b.id = li.bundle_id
           WHERE li.org_id = l.org_id AND li.price_list_id = l.id
             AND (p.id IS NOT NULL OR (b.id IS NOT NULL AND NOT b.is_deleted))
         ), '[]'::json) AS items
  FROM price_list l`);

/** The organization's price lists that are not deleted, newest first. */
export function listPriceLists(tx: TTx, orgId: string): Promise<TPriceListRow[]> {
  return preparedRows(
    tx,
    ZPriceListRow,
    sql`${PRICE_LIST_SELECT}
        WHERE l.org_id = ${orgId} AND NOT l.is_deleted
        ORDER BY l.created_at DESC, l.id DESC`,
  );
}

export async function findPriceList(tx: TTx, orgId: string, id: string): Promise<TPriceListRow | null> {
  const [row] = await rows(
    tx,
    ZPriceListRow,
    sql`${PRICE_LIST_SELECT} WHERE l.org_id = ${orgId} AND l.id = ${id} AND NOT l.is_deleted`,
  );
  return row ?? null;
}

/** Locks a price list that is not deleted; false when the organization has no such list. */
export async function lockPriceList(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const found = await rows(
    tx,
    ZRowId,
    sql`SELECT id FROM price_list WHERE org_id = ${orgId} AND id = ${id} AND NOT is_deleted FOR UPDATE`,
  );
  return found.length > 0;
}

/** Price lists that count against the cap: the ones not deleted. */
export async function countPriceLists(tx: TTx, orgId: string): Promise<number> {
  const [row] = await rows(
    tx,
    ZRowN,
    sql`SELECT count(*) AS n FROM price_list WHERE org_id = ${orgId} AND NOT is_deleted`,
  );
  return row?.n ?? 0;
}

export interface TPriceListFields {
  name: string;
  seasonLabel: string;
}

export interface TNewPriceListItem {
  productId: string | null;
  bundleId: string | null;
  displayPriceCents: number;
}

export async function insertPriceList(tx: TTx, orgId: string, values: TPriceListFields): Promise<string> {
  const [row] = await tx
    .insert(priceLists)
    .values({ ...values, orgId })
    .returning({ id: priceLists.id });
  if (!row) throw new Error('price list insert returned no row');
  return row.id;
}

export async function updatePriceList(tx: TTx, orgId: string, id: string, values: TPriceListFields): Promise<void> {
  await tx
    .update(priceLists)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(priceLists.orgId, orgId), eq(priceLists.id, id)));
}

/** Every item of the list replaced by these, in this order. */
export async function replacePriceListItems(
  tx: TTx,
  orgId: string,
  priceListId: string,
  items: readonly TNewPriceListItem[],
): Promise<void> {
  await tx
    .delete(priceListItems)
    .where(and(eq(priceListItems.orgId, orgId), eq(priceListItems.priceListId, priceListId)));
  if (items.length === 0) return;
  await tx.insert(priceListItems).values(items.map((item, position) => ({ ...item, orgId, priceListId, position })));
}

/** Marks the list deleted (kept, hidden from every list); false when there was none to delete. */
export async function softDeletePriceList(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .update(priceLists)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(priceLists.orgId, orgId), eq(priceLists.id, id), eq(priceLists.isDeleted, false)))
    .returning({ id: priceLists.id });
  return deleted.length > 0;
}
