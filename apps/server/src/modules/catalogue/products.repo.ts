import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId, ZRowN } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { idList } from './catalogue.repo';

/** A product with its ad type's label (null when the type is gone) and whether the type is custom. */
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
});
export type TProductRow = z.output<typeof ZProductRow>;

const PRODUCT_SELECT = sql.raw(`SELECT p.id, p.name, p.master_type_id, t.label AS ad_type_label,
         (t.org_id IS NOT NULL) AS ad_type_is_custom,
         p.recurring_price_cents, p.setup_fee_cents, p.share_type, p.share_value, p.is_limited,
         p.location_text, p.season_label, p.updated_at
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

/**
 * The products (all of the organization's, or the one given) that a quote in draft or sent
 * includes: the drawer's warning that those quotes keep their prices. Each product looks for its
 * first such line (LIMIT 1 keeps the planner from joining every active quote's lines, which at
 * 20,000 quotes cost 20 ms where this costs 2), through quote_line_product_idx and the quote by
 * its key. Planned with its values (not prepared): a generic plan, which cannot tell a large
 * organization from a small one, hashed all of the organization's active quotes for each product.
 */
export async function productsOnActiveQuotes(tx: TTx, orgId: string, productId?: string): Promise<Set<string>> {
  const found = await rows(
    tx,
    ZRowId,
    sql`SELECT p.id FROM product p
        CROSS JOIN LATERAL (
          SELECT 1 FROM quote_line ql JOIN quote q ON q.org_id = ql.org_id AND q.id = ql.quote_id
          WHERE ql.org_id = ${orgId} AND ql.product_id = p.id AND q.status IN ('draft', 'sent')
          LIMIT 1
        ) hit
        WHERE p.org_id = ${orgId} ${productId ? sql`AND p.id = ${productId}` : sql``}`,
  );
  return new Set(found.map((r) => r.id));
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
