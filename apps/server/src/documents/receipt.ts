import { formatMoney } from '@pennant/shared/money';
import { formatDocumentDate, PdfLayout, type TColumn } from './pdf-layout';

/** Everything a subscription receipt prints. */
export interface TReceiptDocumentData {
  organization: { name: string };
  /** The provider's invoice id, e.g. 'in_1Q…'. */
  invoiceId: string;
  paidAt: Date;
  planKey: 'premium_month' | 'premium_year';
  amountCents: number;
  generatedAt: Date;
  /** The zone dates are printed in. */
  timeZone?: string;
}

const COLUMNS: TColumn[] = [
  { header: 'Description', weight: 5 },
  { header: 'Amount', weight: 1.6, align: 'right' },
];

/** 'Pennant Premium (monthly)' or '(yearly)'. */
export function receiptPlanLine(planKey: TReceiptDocumentData['planKey']): string {
  return `Pennant Premium (${planKey === 'premium_year' ? 'yearly' : 'monthly'})`;
}

/** A receipt for one paid invoice of the Premium subscription: who paid, what, when, how much. */
export async function renderReceipt(data: TReceiptDocumentData): Promise<Uint8Array> {
  const date = (at: Date) => formatDocumentDate(at, data.timeZone);
  const amount = formatMoney(data.amountCents);
  const pdf = await PdfLayout.open({
    kind: 'Receipt',
    organization: data.organization.name,
    title: 'Receipt',
    subtitle: `Invoice ${data.invoiceId} · Paid ${date(data.paidAt)}`,
    generatedAt: data.generatedAt,
    timeZone: data.timeZone,
    author: 'Pennant',
    subject: `Receipt for invoice ${data.invoiceId}`,
  });
  pdf.infoPanel([
    { label: 'Billed to', lines: [data.organization.name] },
    { label: 'Invoice', lines: [data.invoiceId] },
    { label: 'Date paid', lines: [date(data.paidAt)] },
  ]);
  pdf.spacer(18);
  pdf.section('Items');
  pdf.table(COLUMNS, [
    [{ text: receiptPlanLine(data.planKey), bold: true }, amount],
    [
      { text: 'Total paid', bold: true },
      { text: amount, bold: true },
    ],
  ]);
  pdf.spacer(16);
  pdf.section('Status', undefined, 30);
  pdf.paragraph('Paid', { size: 12, bold: true, color: pdf.theme.positive });
  pdf.spacer(8);
  pdf.paragraph(`Amounts are in US dollars. ${amount} was received for ${receiptPlanLine(data.planKey)}.`);
  return pdf.finish();
}
