import { z } from 'zod';
import { rows, sql, type TTx } from '../../db/client';

/** What the price sheet prints of the price list and its organization (org_id is the tenant's). */
const ZSheetHead = z.object({
  name: z.string(),
  season_label: z.string(),
  org_name: z.string(),
  sponsorship_lead_email: z.string().nullable(),
  treasurer_email: z.string().nullable(),
  remit_to_address: z.string().nullable(),
  business_street: z.string().nullable(),
  business_city: z.string().nullable(),
  business_state: z.string().nullable(),
  business_zip: z.string().nullable(),
});
export type TSheetHead = z.output<typeof ZSheetHead>;

/** The live price list with its organization's contact fields; null for a deleted or another organization's list. */
export async function findSheetHead(tx: TTx, orgId: string, priceListId: string): Promise<TSheetHead | null> {
  const [row] = await rows(
    tx,
    ZSheetHead,
    sql`SELECT pl.name, pl.season_label, o.name AS org_name, o.sponsorship_lead_email, o.treasurer_email,
               o.remit_to_address, o.business_street, o.business_city, o.business_state, o.business_zip
        FROM price_list pl JOIN organization o ON o.id = pl.org_id
        WHERE pl.org_id = ${orgId} AND pl.id = ${priceListId} AND NOT pl.is_deleted`,
  );
  return row ?? null;
}

/** One line of the list: a product (with its ad type) or a bundle, with the list's price. */
const ZSheetItem = z.object({
  display_price_cents: z.number().int(),
  product_id: z.string().nullable(),
  product_name: z.string().nullable(),
  ad_type: z.string().nullable(),
  setup_fee_cents: z.number().int().nullable(),
  is_limited: z.boolean().nullable(),
  location_text: z.string().nullable(),
  bundle_id: z.string().nullable(),
  bundle_name: z.string().nullable(),
});
export type TSheetItem = z.output<typeof ZSheetItem>;

/** The list's products and live bundles in the list's order. */
export function listSheetItems(tx: TTx, orgId: string, priceListId: string): Promise<TSheetItem[]> {
  return rows(
    tx,
    ZSheetItem,
    sql`SELECT pli.display_price_cents,
               p.id AS product_id, p.name AS product_name, t.label AS ad_type, p.setup_fee_cents,
               p.is_limited, p.location_text,
               b.id AS bundle_id, b.name AS bundle_name
        FROM price_list_item pli
        LEFT JOIN product p ON p.org_id = ${orgId} AND p.id = pli.product_id
        LEFT JOIN master_ad_type t ON t.id = p.master_type_id
        LEFT JOIN bundle b ON b.org_id = ${orgId} AND b.id = pli.bundle_id AND NOT b.is_deleted
        WHERE pli.org_id = ${orgId} AND pli.price_list_id = ${priceListId}
          AND (p.id IS NOT NULL OR b.id IS NOT NULL)
        ORDER BY pli.position, pli.id`,
  );
}

/** What a bundle holds, with each product's own prices (its savings are against these). */
const ZSheetBundleItem = z.object({
  bundle_id: z.string(),
  product_name: z.string(),
  qty: z.number().int(),
  recurring_price_cents: z.number().int().nullable(),
  setup_fee_cents: z.number().int().nullable(),
});
export type TSheetBundleItem = z.output<typeof ZSheetBundleItem>;

/** The items of every bundle on the list, each bundle's in its own order. */
export function listSheetBundleItems(tx: TTx, orgId: string, priceListId: string): Promise<TSheetBundleItem[]> {
  return rows(
    tx,
    ZSheetBundleItem,
    sql`SELECT bi.bundle_id, p.name AS product_name, bi.qty, p.recurring_price_cents, p.setup_fee_cents
        FROM bundle_item bi JOIN product p ON p.org_id = ${orgId} AND p.id = bi.product_id
        WHERE bi.org_id = ${orgId}
          AND bi.bundle_id IN (
            SELECT bundle_id FROM price_list_item
            WHERE org_id = ${orgId} AND price_list_id = ${priceListId} AND bundle_id IS NOT NULL
          )
        ORDER BY bi.bundle_id, bi.position, bi.id`,
  );
}
