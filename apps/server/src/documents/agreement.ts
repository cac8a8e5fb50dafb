import { agreementLineCents, agreementNumber, isCustomTerm, monthsBetween } from '@pennant/shared/agreements/rules';
import { formatMoney } from '@pennant/shared/money';
import { formatDocumentDate, PdfLayout, type TCellInput, type TColumn, type TInfoItem } from './pdf-layout';
import { businessAddressLines } from './price-sheet';

/** Everything an agreement's PDF prints, gathered by the agreement PDF service. */
export interface TAgreementPdfData {
  organization: {
    name: string;
    sponsorshipLeadEmail: string | null;
    treasurerEmail: string | null;
    remitToAddress: string | null;
    business: { street: string | null; city: string | null; state: string | null; zip: string | null };
  };
  agreement: {
    id: string;
    seasonLabel: string | null;
    startDate: string;
    endDate: string;
    termMonths: number;
  };
  sponsor: {
    companyName: string;
    contactName: string | null;
    contactEmail: string | null;
    /** Street, then city and state; empty when the company has none. */
    addressLines: string[];
  };
  lines: { itemName: string; qty: number; unitPriceCents: number; setupFeeCents: number }[];
  /** The agreement's value (spec §3); the lines' sum when it has none of its own. */
  totalCents: number;
  clauses: string[];
  notes: string | null;
  generatedAt: Date;
  /** The zone the generated date is printed in. */
  timeZone?: string;
}

const COLUMNS: TColumn[] = [
  { header: 'Item', weight: 3.4 },
  { header: 'Qty', weight: 0.7, align: 'right' },
  { header: 'Unit price', weight: 1.3, align: 'right' },
  { header: 'Setup fee', weight: 1.2, align: 'right' },
  { header: 'Line total', weight: 1.4, align: 'right' },
];

const DASH = '—';

/** 'January 1, 2026' for a calendar date (no zone: the date as written). */
export function agreementDate(day: string): string {
  return formatDocumentDate(new Date(`${day}T12:00:00Z`), 'UTC');
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function organizationItem(org: TAgreementPdfData['organization']): TInfoItem {
  const remit = org.remitToAddress?.trim() ? org.remitToAddress.trim().split(/\r?\n/) : [];
  const address = businessAddressLines(org.business);
  const emails = [org.sponsorshipLeadEmail, org.treasurerEmail].filter(
    (e, i, all): e is string => Boolean(e) && all.indexOf(e) === i,
  );
  return { label: 'Organization', lines: [org.name, ...(address.length ? address : remit), ...emails] };
}

function sponsorItem(sponsor: TAgreementPdfData['sponsor']): TInfoItem {
  const lines = [sponsor.companyName, ...sponsor.addressLines];
  if (sponsor.contactName) lines.push(`Attn: ${sponsor.contactName}`);
  if (sponsor.contactEmail) lines.push(sponsor.contactEmail);
  return { label: 'Sponsor', lines };
}

function termItem(a: TAgreementPdfData['agreement']): TInfoItem {
  const months = isCustomTerm(a.startDate, a.endDate, a.termMonths)
    ? monthsBetween(a.startDate, a.endDate)
    : a.termMonths;
  return {
    label: 'Term',
    lines: [`${agreementDate(a.startDate)} to`, agreementDate(a.endDate), plural(months, 'month', 'months')],
  };
}

/** The agreement as a PDF the sponsor signs: both parties, the term, the items, the terms, signatures. */
export async function renderAgreementPdf(data: TAgreementPdfData): Promise<Uint8Array> {
  const { organization: org, agreement, sponsor } = data;
  const season = agreement.seasonLabel ? ` · ${agreement.seasonLabel} season` : '';
  const pdf = await PdfLayout.open({
    kind: 'Agreement',
    organization: org.name,
    title: 'Sponsorship Agreement',
    subtitle: `${agreementNumber(agreement.id)}${season}`,
    generatedAt: data.generatedAt,
    timeZone: data.timeZone,
    subject: `Sponsorship agreement between ${org.name} and ${sponsor.companyName}`,
  });

  pdf.paragraph(
    `This Sponsorship Agreement is made between ${org.name} (the "Organization") and ${sponsor.companyName} ` +
      `(the "Sponsor"). The Sponsor agrees to sponsor the items below for the term stated, on the terms and ` +
      'conditions that follow; both parties agree to them by signing below.',
    { size: 10, color: pdf.theme.ink },
  );
  pdf.spacer(10);
  pdf.infoPanel([organizationItem(org), sponsorItem(sponsor), termItem(agreement)]);
  pdf.spacer(18);

  const none = { text: DASH, color: pdf.theme.faint };
  pdf.section('Sponsorship items', plural(data.lines.length, 'item', 'items'));
  const rows: TCellInput[][] = data.lines.map((l) => [
    { text: l.itemName, bold: true },
    String(l.qty),
    formatMoney(l.unitPriceCents),
    l.setupFeeCents ? formatMoney(l.setupFeeCents) : none,
    { text: formatMoney(agreementLineCents(l)), bold: true },
  ]);
  rows.push([
    { text: 'Total agreement value', bold: true },
    '',
    '',
    '',
    { text: formatMoney(data.totalCents), bold: true },
  ]);
  pdf.table(COLUMNS, rows, 'Sponsorship items (continued)');
  pdf.spacer(6);
  pdf.paragraph('Amounts are in US dollars. A setup fee is charged once per unit, with the first payment.', {
    size: 8,
  });
  pdf.spacer(18);

  pdf.section('Terms and conditions', plural(data.clauses.length, 'clause', 'clauses'));
  data.clauses.forEach((clause, i) => {
    pdf.paragraph(`${i + 1}. ${clause}`, { size: 9.5, color: pdf.theme.ink });
    pdf.spacer(4);
  });

  if (data.notes?.trim()) {
    pdf.spacer(12);
    pdf.section('Notes');
    pdf.paragraph(data.notes.trim(), { size: 9.5, color: pdf.theme.ink });
  }

  pdf.spacer(14);
  pdf.section('Signatures', undefined, 95);
  pdf.signatureBlocks([
    { label: `For ${org.name}`, lines: ['Name:', 'Title:', 'Date:'] },
    {
      label: `For ${sponsor.companyName}`,
      lines: [sponsor.contactName ? `Name: ${sponsor.contactName}` : 'Name:', 'Title:', 'Date:'],
    },
  ]);
  return pdf.finish();
}
