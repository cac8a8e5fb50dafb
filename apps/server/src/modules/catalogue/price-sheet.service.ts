import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import {
  renderPriceSheet,
  type TPriceSheetBundle,
  type TPriceSheetData,
  type TPriceSheetProduct,
} from '../../documents/price-sheet';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import { isId, priceListNotFound } from './catalogue.common';
import {
  findSheetHead,
  listSheetBundleItems,
  listSheetItems,
  type TSheetBundleItem,
  type TSheetHead,
  type TSheetItem,
} from './price-sheet.repo';

/** The spec's words for a generator that gave nothing usable (502). */
export const PRICE_SHEET_FAILED = 'No usable content returned from price sheet generator';

/** 'Spring Menu' of season '2026' → 'Spring-Menu-2026-price-sheet.pdf' (the season once, plain ASCII). */
export function priceSheetFileName(name: string, seasonLabel: string): string {
  const words = (text: string): string[] => [
    ...(text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[A-Za-z0-9]+/g) ?? []),
  ];
  const parts = words(name);
  const season = words(seasonLabel).join('-');
  if (season && !parts.join('-').toLowerCase().includes(season.toLowerCase())) parts.push(season);
  const base = parts.join('-').slice(0, 80).replace(/-+$/, '') || 'price-list';
  return `${base}-price-sheet.pdf`;
}

/** The renderer's input from the list's rows (also the prospect blast's attachment). */
export function sheetData(head: TSheetHead, items: TSheetItem[], bundleItems: TSheetBundleItem[]) {
  const products: TPriceSheetProduct[] = [];
  const bundles: TPriceSheetBundle[] = [];
  for (const item of items) {
    if (item.product_id && item.product_name !== null) {
      products.push({
        name: item.product_name,
        adType: item.ad_type,
        displayPriceCents: item.display_price_cents,
        setupFeeCents: item.setup_fee_cents,
        isLimited: item.is_limited ?? false,
        locationText: item.location_text,
      });
    } else if (item.bundle_id && item.bundle_name !== null) {
      const bundleId = item.bundle_id;
      bundles.push({
        name: item.bundle_name,
        displayPriceCents: item.display_price_cents,
        items: bundleItems
          .filter((bi) => bi.bundle_id === bundleId)
          .map((bi) => ({
            productName: bi.product_name,
            qty: bi.qty,
            recurringPriceCents: bi.recurring_price_cents,
            setupFeeCents: bi.setup_fee_cents,
          })),
      });
    }
  }
  const organization: TPriceSheetData['organization'] = {
    name: head.org_name,
    sponsorshipLeadEmail: head.sponsorship_lead_email,
    treasurerEmail: head.treasurer_email,
    remitToAddress: head.remit_to_address,
    business: {
      street: head.business_street,
      city: head.business_city,
      state: head.business_state,
      zip: head.business_zip,
    },
  };
  return { organization, priceList: { name: head.name, seasonLabel: head.season_label }, products, bundles };
}

/** A PDF, by its first bytes and a plausible size. */
function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 64 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * The price list's PDF price sheet (spec 001 §2, §7 generate-price-sheet): any member may make
 * one. Loads the live list of this organization (another organization's, a deleted or a
 * malformed id is the same 404), renders it, stores it under
 * org/<orgId>/price-sheets/<priceListId>/<timestamp>.pdf and answers a short-lived link.
 */
export async function createPriceSheet(deps: TDeps, member: TMember, id: string): Promise<TDocumentLink> {
  if (!isId(id)) throw priceListNotFound(id);
  const loaded = await withTenant(deps.db, member, async (tx) => {
    const head = await findSheetHead(tx, member.orgId, id);
    if (!head) return null;
    return sheetData(
      head,
      await listSheetItems(tx, member.orgId, id),
      await listSheetBundleItems(tx, member.orgId, id),
    );
  });
  if (!loaded) throw priceListNotFound(id);
  const generatedAt = new Date();
  const timeZone = member.timezone;

  let bytes: Uint8Array;
  try {
    bytes = await renderPriceSheet({ ...loaded, generatedAt, timeZone });
  } catch (err) {
    deps.log.error({ err, priceListId: id, orgId: member.orgId }, 'price sheet rendering failed');
    throw new AppError('bad_gateway', PRICE_SHEET_FAILED);
  }
  if (!isPdf(bytes)) {
    deps.log.error({ priceListId: id, orgId: member.orgId, bytes: bytes.length }, 'price sheet is not a PDF');
    throw new AppError('bad_gateway', PRICE_SHEET_FAILED);
  }

  const key = `org/${member.orgId}/price-sheets/${id}/${generatedAt.getTime()}.pdf`;
  const fileName = priceSheetFileName(loaded.priceList.name, loaded.priceList.seasonLabel);
  await deps.files.put(key, bytes, 'application/pdf');
  const link = await deps.files.signedUrl(key, { fileName });
  return { url: link.url, fileName, expiresAt: link.expiresAt };
}
