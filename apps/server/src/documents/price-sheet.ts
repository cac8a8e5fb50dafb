import { bundleTotals, type TPricedItem } from '@pennant/shared/catalogue/rules';
import { formatMoney } from '@pennant/shared/money';
import { PdfLayout, type TCellInput, type TColumn, type TInfoItem, type TPdfTheme } from './pdf-layout';

/** Everything a price sheet prints, gathered by the price-sheet service (one query per part). */
export interface TPriceSheetData {
  organization: {
    name: string;
    sponsorshipLeadEmail: string | null;
    treasurerEmail: string | null;
    remitToAddress: string | null;
    business: { street: string | null; city: string | null; state: string | null; zip: string | null };
  };
  priceList: { name: string; seasonLabel: string };
  /** In the price list's order. */
  products: TPriceSheetProduct[];
  bundles: TPriceSheetBundle[];
  generatedAt: Date;
  /** The zone the generated date is printed in. */
  timeZone?: string;
}

export interface TPriceSheetProduct {
  name: string;
  adType: string | null;
  /** The price list's price for it. */
  displayPriceCents: number;
  setupFeeCents: number | null;
  isLimited: boolean;
  locationText: string | null;
}

export interface TPriceSheetBundle {
  name: string;
  /** The price list's price for the package. */
  displayPriceCents: number;
  items: (TPricedItem & { productName: string })[];
}

const PRODUCT_COLUMNS: TColumn[] = [
  { header: 'Product', weight: 3.1 },
  { header: 'Ad type', weight: 1.7 },
  { header: 'Location', weight: 2 },
  { header: 'Setup fee', weight: 1.15, align: 'right' },
  { header: 'Price', weight: 1.25, align: 'right' },
];

const BUNDLE_COLUMNS: TColumn[] = [
  { header: 'Package', weight: 4 },
  { header: 'Items alone', weight: 1.35, align: 'right' },
  { header: 'Package price', weight: 1.4, align: 'right' },
  { header: 'You save', weight: 1.35, align: 'right' },
];

const DASH = '—';

/** '123 Main St' / 'Springfield, IL 62701' from the organization's business address fields. */
export function businessAddressLines(b: TPriceSheetData['organization']['business']): string[] {
  const street = b.street?.trim() ?? '';
  const region = [b.state?.trim(), b.zip?.trim()].filter(Boolean).join(' ');
  const place = [b.city?.trim(), region].filter(Boolean).join(', ');
  return [street, place].filter(Boolean);
}

function contactItems(org: TPriceSheetData['organization']): TInfoItem[] {
  const business = businessAddressLines(org.business);
  const remit = org.remitToAddress?.trim() ? org.remitToAddress.trim().split(/\r?\n/) : [];
  const items: TInfoItem[] = [];
  if (org.sponsorshipLeadEmail) items.push({ label: 'Sponsorship contact', lines: [org.sponsorshipLeadEmail] });
  if (org.treasurerEmail) items.push({ label: 'Treasurer', lines: [org.treasurerEmail] });
  if (remit.length) items.push({ label: 'Remit payment to', lines: remit });
  if (business.length && business.join('\n') !== remit.join('\n')) {
    items.push({ label: remit.length ? 'Business address' : 'Mailing address', lines: business });
  }
  return items;
}

function productRow(p: TPriceSheetProduct, theme: TPdfTheme): TCellInput[] {
  const none = { text: DASH, color: theme.faint };
  const location = p.isLimited
    ? p.locationText
      ? { text: p.locationText, sub: 'Limited availability' }
      : { text: 'Limited availability' }
    : none;
  const setupFee = p.setupFeeCents ? formatMoney(p.setupFeeCents) : none;
  return [
    { text: p.name, bold: true },
    p.adType ?? none,
    location,
    setupFee,
    { text: formatMoney(p.displayPriceCents), bold: true },
  ];
}

function bundleRow(b: TPriceSheetBundle, theme: TPdfTheme): TCellInput[] {
  const none = { text: DASH, color: theme.faint };
  const totals = bundleTotals(b.items, b.displayPriceCents);
  const included = b.items.map((i) => `${i.productName} × ${i.qty}`).join(', ');
  return [
    { text: b.name, bold: true, sub: included ? `Includes ${included}` : undefined },
    totals.individualTotalCents ? formatMoney(totals.individualTotalCents) : none,
    {
      text: formatMoney(b.displayPriceCents),
      bold: true,
      sub: totals.setupFeeTotalCents ? `+ ${formatMoney(totals.setupFeeTotalCents)} setup` : undefined,
    },
    totals.savingsCents
      ? {
          text: formatMoney(totals.savingsCents),
          bold: true,
          color: theme.positive,
          sub: totals.discountPercent ? `${totals.discountPercent}% off` : undefined,
        }
      : none,
  ];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The price list as a PDF a club hands to a local business: products, packages, whom to call. */
export async function renderPriceSheet(data: TPriceSheetData): Promise<Uint8Array> {
  const { organization: org, priceList } = data;
  const pdf = await PdfLayout.open({
    kind: 'Price sheet',
    organization: org.name,
    title: priceList.name,
    subtitle: `${priceList.seasonLabel} season · Sponsorship opportunities`,
    generatedAt: data.generatedAt,
    timeZone: data.timeZone,
    subject: `${priceList.name} (${priceList.seasonLabel}) price sheet`,
  });

  const intro = org.sponsorshipLeadEmail
    ? `Thank you for considering a sponsorship with ${org.name}. To reserve yours, write to our sponsorship contact below.`
    : `Thank you for considering a sponsorship with ${org.name}.`;
  pdf.paragraph(intro, { size: 10, color: pdf.theme.ink });
  pdf.spacer(12);
  const contacts = contactItems(org);
  if (contacts.length) pdf.infoPanel(contacts);
  pdf.spacer(22);

  if (data.products.length) {
    pdf.section('Sponsorship opportunities', count(data.products.length, 'product', 'products'));
    const rows = data.products.map((p) => productRow(p, pdf.theme));
    pdf.table(PRODUCT_COLUMNS, rows, 'Sponsorship opportunities (continued)');
    pdf.spacer(22);
  }

  if (data.bundles.length) {
    pdf.section('Packages', count(data.bundles.length, 'package', 'packages'));
    pdf.table(
      BUNDLE_COLUMNS,
      data.bundles.map((b) => bundleRow(b, pdf.theme)),
      'Packages (continued)',
    );
    pdf.spacer(22);
  }

  const notes = [
    `Prices are in US dollars for the ${priceList.seasonLabel} season.`,
    'Setup fees are one-time, billed with the first year.',
    data.bundles.length ? 'Package savings compare the package price with buying each item on its own.' : '',
  ];
  pdf.paragraph(notes.filter(Boolean).join(' '), { size: 8 });
  return pdf.finish();
}
