import { invoiceNumber, invoiceShortId } from '@pennant/shared/invoices/rules';
import type { TInvoiceStatus, TInvoiceType } from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import { formatDocumentDate, PdfLayout, type TCellInput, type TColumn, type TInfoItem } from './pdf-layout';
import { businessAddressLines } from './price-sheet';

/** Everything an invoice's PDF prints, gathered by the invoice PDF service. */
export interface TInvoicePdfData {
  organization: {
    name: string;
    ein: string | null;
    /** The organization's own remit-to address: printed when the invoice has no remit-to info. */
    remitToAddress: string | null;
    business: { street: string | null; city: string | null; state: string | null; zip: string | null };
  };
  invoice: {
    id: string;
    status: TInvoiceStatus;
    type: TInvoiceType;
    /** When it was made: its issue date. */
    issuedAt: Date;
    /** YYYY-MM-DD. */
    dueDate: string;
    paidAt: Date | null;
    /** The payment provider's page of a card invoice. */
    hostedUrl: string | null;
    memo: string | null;
    remitToInfo: string | null;
  };
  company: {
    name: string;
    /** Street, then city and state; empty when the company has none. */
    addressLines: string[];
  };
  /** The company's primary contact, else none. */
  contact: { name: string; email: string | null } | null;
  lines: { description: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  totalCents: number;
  generatedAt: Date;
  /** The zone the issue, paid and generated dates are printed in. */
  timeZone?: string;
}

const COLUMNS: TColumn[] = [
  { header: 'Description', weight: 4.4 },
  { header: 'Qty', weight: 0.8, align: 'right' },
  { header: 'Unit Price', weight: 1.5, align: 'right' },
  { header: 'Amount', weight: 1.6, align: 'right' },
];

const VOID_RED = '#b91c1c';

/** The words under the remit-to details of a manual invoice (check, cash or bank transfer). */
export const MANUAL_PAYMENT_INSTRUCTIONS =
  'Pay by check, cash or bank transfer to the remit-to details above. Please write the invoice number on your payment.';

/** 'March 1, 2026' for a calendar date (the date as written, no zone). */
export function invoiceDate(day: string): string {
  return formatDocumentDate(new Date(`${day}T12:00:00Z`), 'UTC');
}

/** 'Invoice-1A2B3C4D.pdf'. */
export function invoiceFileName(id: string): string {
  return `Invoice-${invoiceShortId(id)}.pdf`;
}

function billToItem(data: TInvoicePdfData): TInfoItem {
  const lines = [data.company.name, ...data.company.addressLines];
  if (data.contact) {
    lines.push(`Attn: ${data.contact.name}`);
    if (data.contact.email) lines.push(data.contact.email);
  }
  return { label: 'Bill to', lines };
}

/** The invoice's remit-to info, else the organization's remit-to address, else its business address. */
function remitLines(data: TInvoicePdfData): string[] {
  const split = (text: string | null) => (text?.trim() ? text.trim().split(/\r?\n/) : []);
  const own = split(data.invoice.remitToInfo);
  if (own.length) return own;
  const org = split(data.organization.remitToAddress);
  if (org.length) return org;
  const business = businessAddressLines(data.organization.business);
  return business.length ? [data.organization.name, ...business] : [];
}

function remitItem(data: TInvoicePdfData): TInfoItem {
  const ein = data.organization.ein?.trim();
  return { label: 'Remit to', lines: [...remitLines(data), ...(ein ? [`EIN: ${ein}`] : [])] };
}

function detailsItem(data: TInvoicePdfData, date: (at: Date) => string): TInfoItem {
  const { invoice } = data;
  const lines = [
    `Invoice #: ${invoiceShortId(invoice.id)}`,
    `Issue date: ${date(invoice.issuedAt)}`,
    `Due date: ${invoiceDate(invoice.dueDate)}`,
  ];
  if (invoice.status !== 'paid' && invoice.status !== 'void') lines.push(`Amount due: ${formatMoney(data.totalCents)}`);
  return { label: 'Invoice', lines };
}

/**
 * The invoice as a bookkeeper files it: who bills whom, where to pay, the lines and total, the
 * memo, and how to pay (the provider's page for a card invoice, remit-to instructions otherwise).
 * Paid and void invoices say so under the band.
 */
export async function renderInvoicePdf(data: TInvoicePdfData): Promise<Uint8Array> {
  const { organization: org, invoice } = data;
  const date = (at: Date) => formatDocumentDate(at, data.timeZone);
  const number = invoiceNumber(invoice.id);
  const pdf = await PdfLayout.open({
    kind: 'Invoice',
    organization: org.name,
    // The running header of later pages repeats the title: the number keeps every page traceable.
    title: `INVOICE #${invoiceShortId(invoice.id)}`,
    subtitle: `${data.company.name} · Due ${invoiceDate(invoice.dueDate)}`,
    generatedAt: data.generatedAt,
    timeZone: data.timeZone,
    author: org.name,
    subject: `${number} for ${data.company.name}`,
  });

  if (invoice.status === 'paid') {
    const on = invoice.paidAt ? ` ${date(invoice.paidAt)}` : '';
    pdf.paragraph(`PAID${on}`, { size: 16, bold: true, color: pdf.theme.positive });
    pdf.spacer(12);
  } else if (invoice.status === 'void') {
    pdf.paragraph('VOID', { size: 16, bold: true, color: VOID_RED });
    pdf.spacer(4);
    pdf.paragraph('This invoice has been voided. No payment is due.');
    pdf.spacer(12);
  }

  pdf.infoPanel([billToItem(data), remitItem(data), detailsItem(data, date)]);
  pdf.spacer(18);

  pdf.section('Items', `${data.lines.length} ${data.lines.length === 1 ? 'line' : 'lines'}`);
  const rows: TCellInput[][] = data.lines.map((l) => [
    { text: l.description, bold: true },
    String(l.quantity),
    formatMoney(l.unitPriceCents),
    formatMoney(l.totalCents),
  ]);
  rows.push([{ text: 'Total', bold: true }, '', '', { text: formatMoney(data.totalCents), bold: true }]);
  pdf.table(COLUMNS, rows, 'Items (continued)');
  pdf.spacer(6);
  pdf.paragraph('Amounts are in US dollars.', { size: 8 });
  pdf.spacer(16);

  if (invoice.memo?.trim()) {
    pdf.section('Memo', undefined, 30);
    pdf.paragraph(invoice.memo.trim(), { size: 9.5, color: pdf.theme.ink });
    pdf.spacer(16);
  }

  if (invoice.status !== 'paid' && invoice.status !== 'void') {
    pdf.section('Payment', undefined, 40);
    if (invoice.type === 'stripe' && invoice.hostedUrl) {
      pdf.paragraph(`Pay online by card or bank transfer (ACH) by ${invoiceDate(invoice.dueDate)}:`, {
        size: 9.5,
        color: pdf.theme.ink,
      });
      pdf.spacer(4);
      pdf.paragraph(`Pay online: ${invoice.hostedUrl}`, {
        size: 9.5,
        color: pdf.theme.brand,
        link: invoice.hostedUrl,
      });
    } else {
      pdf.paragraph(MANUAL_PAYMENT_INSTRUCTIONS, { size: 9.5, color: pdf.theme.ink });
    }
    pdf.spacer(6);
    pdf.paragraph(`Thank you for supporting ${org.name}.`);
  }
  return pdf.finish();
}
