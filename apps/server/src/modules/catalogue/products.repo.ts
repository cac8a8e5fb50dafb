import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId, ZRowN } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { idList } from './catalogue.repo';

/**
 * A product with its ad type's label (null when the type is gone), whether the type is custom, and
 * whether a quote in draft or sent includes it (the drawer's warning that those quotes keep their
 * prices): one probe per product of the lines whose quote is active, a flag the triggers of 0034
 * keep on each line, so the list is one prepared statement.
 */
export const ZProductRow = z.object({
  id: z.string(),
  name: z.string(),
  master_type_id: z.string().nullable(),
  ad_type_label: z.string().nullable(),
  ad_type_is_custom: z.boolean(),
  recurring_price_cents: z.number().nullable(),
  setup_fee_cents: z.number().nullable(),
  share_type: z.string(),
  share_value: z.number().nullable(),
  is_limited: z.boolean(),
  location_text: z.string().nullable(),
  season_label: z.string().nullable(),
  updated_at: column.instant,
  has_active_quotes: z.boolean(),
});
export type TProductRow = z.output<typeof ZProductRow>;

const PRODUCT_SELECT = sql.raw(`SELECT p.id, p.name, p.master_type_id, t.label AS ad_type_label,
         (t.org_id IS NOT NULL) AS ad_type_is_custom,
         p.recurring_price_cents, p.setup_fee_cents, p.share_type, p.share_value, p.is_limited,
         p.location_text, p.season_label, p.updated_at,
         EXISTS (SELECT 1 FROM quote_line ql
                 WHERE ql.org_id = p.org_id AND ql.product_id = p.id AND ql.quote_active) AS has_active_quotes
  FROM product p
  LEFT JOIN master_ad_type t ON t.id = p.master_type_id AND (t.org_id IS NULL OR t.org_id = p.org_id)`);

/** Every product of the organization, by name (case-insensitive), with its ad type. */
export function listProducts(tx: TTx, orgId: string): Promise<TProductRow[]> {
  return preparedRows(
    tx,
    ZProductRow,
    sql`${PRODUCT_SELECT}
        WHERE p.org_id = ${orgId}
        ORDER BY lower(p.name), p.id`,
  );
}

export async function findProduct(tx: TTx, orgId: string, id: string): Promise<TProductRow | null> {
  const [row] = await rows(tx, ZProductRow, sql`${PRODUCT_SELECT} WHERE p.org_id = ${orgId} AND p.id = ${id}`);
  return row ?? null;
}

/** Locks the product for the rest of the transaction; false when the organization has none with this id. */
export async function lockProduct(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const found = await rows(tx, ZRowId, sql`SELECT id FROM product WHERE org_id = ${orgId} AND id = ${id} FOR UPDATE`);
  return found.length > 0;
}

/**
 * The organization's products among ids, each held (FOR KEY SHARE) until the transaction ends,
 * so none can be deleted between this check and the items that name it.
 */
export async function holdProducts(tx: TTx, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await rows(
    tx,
    ZRowId,
    sql`SELECT id FROM product
        WHERE org_id = ${orgId} AND id IN (${idList(ids)})
        ORDER BY id FOR KEY SHARE`,
  );
  return new Set(found.map((r) => r.id));
}

export async function countProducts(tx: TTx, orgId: string): Promise<number> {
  const [row] = await rows(tx, ZRowN, sql`SELECT count(*) AS n FROM product WHERE org_id = ${orgId}`);
  return row?.n ?? 0;
}

const ZRowInUse = z.object({ in_use: z.boolean() });

/** True when a bundle or price list that is not deleted holds the product. */
export async function productInUse(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const [row] = await rows(
    tx,
    ZRowInUse,
    sql`SELECT EXISTS (
              SELECT 1 FROM bundle_item bi JOIN bundle b ON b.org_id = bi.org_id AND b.id = bi.bundle_id
              WHERE bi.org_id = ${orgId} AND bi.product_id = ${id} AND NOT b.is_deleted
            ) OR EXISTS (
              SELECT 1 FROM price_list_item li JOIN price_list l ON l.org_id = li.org_id AND l.id = li.price_list_id
              WHERE li.org_id = ${orgId} AND li.product_id = ${id} AND NOT l.is_deleted
            ) AS in_use`,
  );
  return row?.in_use ?? false;
}

export interface TProductFields {
  name: string;
  masterTypeId: string | null;
  recurringPriceCents: number | null;
  setupFeeCents: number | null;
  shareType: string;
  shareValue: number;
  isLimited: boolean;
  locationText: string | null;
  seasonLabel: string | null;
}

export async function insertProduct(tx: TTx, orgId: string, values: TProductFields): Promise<string> {
  const [row] = await tx
    .insert(products)
    .values({ ...values, orgId })
    .returning({ id: products.id });
  if (!row) throw new Error('product insert returned no row');
  return row.id;
}

/** Replaces every field of the product (the drawer sends the whole product). */
export async function updateProduct(tx: TTx, orgId: string, id: string, values: TProductFields): Promise<void> {
  await tx
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(products.orgId, orgId), eq(products.id, id)));
}

export async function deleteProduct(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(products)
    .where(and(eq(products.orgId, orgId), eq(products.id, id)))
    .returning({ id: products.id });
  return deleted.length > 0;
}
