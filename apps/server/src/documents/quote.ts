import { formatMoney } from '@pennant/shared/money';
import { QUOTE_VALIDITY_DAYS } from '@pennant/shared/quotes/schemas';
import { formatDocumentDate, PdfLayout, type TCellInput, type TColumn, type TInfoItem } from './pdf-layout';
import { businessAddressLines } from './price-sheet';

/** Everything a quote's PDF prints, gathered by the quotes service. */
export interface TQuoteDocumentData {
  organization: {
    name: string;
    remitToAddress: string | null;
    business: { street: string | null; city: string | null; state: string | null; zip: string | null };
  };
  /** Who the quote comes from (the sender rule: sponsorship lead, treasurer, or the member). */
  sender: { name: string; email: string };
  company: { name: string };
  /** The contact it is addressed to (the first recipient, else the primary contact). */
  contact: { name: string; email: string | null } | null;
  quote: {
    /** 'Quote #ABC123'. */
    number: string;
    createdAt: Date;
    sentAt: Date | null;
    /** expires_at; null for a draft (valid for 30 days from sending). */
    validUntil: Date | null;
    notes: string | null;
  };
  /** In the quote's order; a setup-fee line follows its item. */
  lines: TQuoteDocumentLine[];
  yearOneCents: number;
  renewalCents: number;
  generatedAt: Date;
  /** The zone dates are printed in. */
  timeZone?: string;
}

export interface TQuoteDocumentLine {
  itemName: string;
  qty: number;
  unitPriceCents: number;
  isSetupFee: boolean;
}

const LINE_COLUMNS: TColumn[] = [
  { header: 'Item', weight: 4.4 },
  { header: 'Qty', weight: 0.8, align: 'right' },
  { header: 'Unit price', weight: 1.5, align: 'right' },
  { header: 'Amount', weight: 1.6, align: 'right' },
];

const TOTAL_COLUMNS: TColumn[] = [
  { header: 'Totals', weight: 6.7 },
  { header: 'Amount', weight: 1.6, align: 'right' },
];

/** The standard terms printed on every quote. */
export function quoteTerms(validUntil: string): string {
  return (
    `This quote is valid until ${validUntil}. Prices are in US dollars. Setup fees are charged once, in the first ` +
    'year only; the annual renewal total applies to each following year of the sponsorship. On acceptance we ' +
    'prepare a sponsorship agreement with the term, start date and conditions; payment is due within 30 days of ' +
    'the invoice.'
  );
}

function lineRow(line: TQuoteDocumentLine): TCellInput[] {
  const amount = line.qty * line.unitPriceCents;
  return [
    line.isSetupFee
      ? { text: line.itemName, sub: 'One-time setup fee (first year only)' }
      : { text: line.itemName, bold: true },
    String(line.qty),
    formatMoney(line.unitPriceCents),
    { text: formatMoney(amount), bold: !line.isSetupFee },
  ];
}

function partyItems(data: TQuoteDocumentData, validUntil: string, date: (at: Date) => string): TInfoItem[] {
  const preparedFor = [data.company.name];
  if (data.contact) {
    preparedFor.push(data.contact.name);
    if (data.contact.email) preparedFor.push(data.contact.email);
  }
  return [
    { label: 'Prepared for', lines: preparedFor },
    { label: 'From', lines: [data.sender.name, data.sender.email] },
    {
      label: data.quote.number,
      lines: [`Date: ${date(data.quote.sentAt ?? data.quote.createdAt)}`, `Valid until: ${validUntil}`],
    },
  ];
}

function remitItems(org: TQuoteDocumentData['organization']): TInfoItem[] {
  const remit = org.remitToAddress?.trim() ? org.remitToAddress.trim().split(/\r?\n/) : [];
  const business = businessAddressLines(org.business);
  const lines = remit.length ? remit : business.length ? [org.name, ...business] : [];
  return lines.length ? [{ label: 'Remit payment to', lines }] : [];
}

/** The quote as the PDF a sponsor receives: who, what, how much in year 1 and after, until when. */
export async function renderQuote(data: TQuoteDocumentData): Promise<Uint8Array> {
  const date = (at: Date) => formatDocumentDate(at, data.timeZone);
  const validUntil = data.quote.validUntil
    ? date(data.quote.validUntil)
    : `${QUOTE_VALIDITY_DAYS} days from the date it is sent`;
  const pdf = await PdfLayout.open({
    kind: 'Quote',
    organization: data.organization.name,
    title: 'Sponsorship Proposal',
    subtitle: `${data.quote.number} · Prepared for ${data.company.name}`,
    generatedAt: data.generatedAt,
    timeZone: data.timeZone,
    author: data.organization.name,
    subject: `${data.quote.number} for ${data.company.name}`,
  });

  pdf.paragraph(`Thank you for considering a sponsorship with ${data.organization.name}.`, {
    size: 10,
    color: pdf.theme.ink,
  });
  pdf.spacer(10);
  pdf.infoPanel(partyItems(data, validUntil, date));
  pdf.spacer(18);

  pdf.section('Items', `${data.lines.length} ${data.lines.length === 1 ? 'line' : 'lines'}`);
  pdf.table(LINE_COLUMNS, data.lines.map(lineRow), 'Items (continued)');
  pdf.spacer(10);
  pdf.table(TOTAL_COLUMNS, [
    [
      { text: 'Year 1 total', bold: true, sub: 'Includes one-time setup fees' },
      { text: formatMoney(data.yearOneCents), bold: true },
    ],
    [
      { text: 'Annual renewal total', bold: true, sub: 'Each following year, without setup fees' },
      { text: formatMoney(data.renewalCents), bold: true },
    ],
  ]);
  pdf.spacer(16);

  if (data.quote.notes?.trim()) {
    pdf.section('Notes', undefined, 30);
    pdf.paragraph(data.quote.notes.trim(), { size: 9.5, color: pdf.theme.ink });
    pdf.spacer(16);
  }

  pdf.section('Terms', undefined, 40);
  pdf.paragraph(quoteTerms(validUntil));
  const remit = remitItems(data.organization);
  if (remit.length) {
    pdf.spacer(12);
    pdf.infoPanel(remit);
  }
  return pdf.finish();
}
