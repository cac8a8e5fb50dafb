import { EMAIL_SUBJECT_MAX } from '@pennant/shared/ai/schemas';
import { invoiceSenderEmail, invoiceShortId, invoiceTotalOf } from '@pennant/shared/invoices/rules';
import { INVOICE_MESSAGES } from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import type { TTx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { invoiceDate, invoiceFileName, renderInvoicePdf, type TInvoicePdfData } from '../../documents/invoice';
import { AppError } from '../../errors';
import { findMemberName, findPrimaryContact } from '../agreements/agreements.repo';
import type { TMember } from '../session/member';
import {
  findInvoiceDocument,
  findInvoiceOrganization,
  listInvoiceLines,
  type TInvoiceDocumentRow,
  type TInvoiceOrganization,
} from './invoice-document.repo';
import { invoiceNotFound, isId, organizationZone } from './invoices.common';

/** The invoice as its PDF and e-mails read it, in one transaction. */
export interface TInvoiceFacts {
  row: TInvoiceDocumentRow;
  organization: TInvoiceOrganization;
  contact: { name: string; email: string | null } | null;
  pdf: Omit<TInvoicePdfData, 'generatedAt' | 'timeZone'>;
}

const instant = (v: Date | string) => new Date(v);

/** Everything about the invoice in the caller's transaction; 404 for an unknown id or another organization's. */
export async function loadInvoiceFacts(tx: TTx, orgId: string, id: string): Promise<TInvoiceFacts> {
  if (!isId(id)) throw invoiceNotFound();
  const row = await findInvoiceDocument(tx, orgId, id);
  if (!row) throw invoiceNotFound();
  const organization = await findInvoiceOrganization(tx, orgId);
  if (!organization) throw invoiceNotFound();
  const lines = await listInvoiceLines(tx, orgId, id);
  const contact = await findPrimaryContact(tx, orgId, row.company_id);
  const place = [row.company_city?.trim(), row.company_state?.trim()].filter(Boolean).join(', ');
  return {
    row,
    organization,
    contact,
    pdf: {
      organization: {
        name: organization.name,
        ein: organization.ein,
        remitToAddress: organization.remit_to_address,
        business: {
          street: organization.business_street,
          city: organization.business_city,
          state: organization.business_state,
          zip: organization.business_zip,
        },
      },
      invoice: {
        id: row.id,
        status: row.status,
        type: row.invoice_type,
        issuedAt: instant(row.created_at),
        dueDate: row.due_date,
        paidAt: row.paid_at ? instant(row.paid_at) : null,
        hostedUrl: row.hosted_url,
        memo: row.memo,
        remitToInfo: row.remit_to_info,
      },
      company: { name: row.company_name, addressLines: [row.company_address?.trim() ?? '', place].filter(Boolean) },
      contact,
      lines: lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: l.unit_price_cents,
        totalCents: l.total_cents,
      })),
      totalCents: invoiceTotalOf(
        row.total_amount_cents,
        lines.map((l) => l.total_cents),
      ),
    },
  };
}

export interface TInvoiceSender {
  name: string;
  email: string;
}

/**
 * Who an invoice e-mail comes from (spec §6): the treasurer's address, else the sponsorship
 * lead's, else the member sending it. The name is the member's own, or the teammate's with that
 * address, else the organization's.
 */
export async function invoiceSender(tx: TTx, member: TMember, org: TInvoiceOrganization): Promise<TInvoiceSender> {
  const email = invoiceSenderEmail(
    { treasurerEmail: org.treasurer_email, sponsorshipLeadEmail: org.sponsorship_lead_email },
    member.email,
  );
  if (email.toLowerCase() === member.email.toLowerCase()) return { name: member.name.trim() || org.name, email };
  const name = (await findMemberName(tx, email))?.trim();
  return { name: name || org.name, email };
}

/** A PDF, by its first bytes and a plausible size. */
function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 64 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

export interface TRenderedInvoicePdf {
  key: string;
  fileName: string;
  bytes: Uint8Array;
}

/** Where the invoice's PDF is kept: one file per invoice, replaced by each rendering. */
export function invoicePdfKey(orgId: string, id: string): string {
  return `org/${orgId}/invoices/${id}.pdf`;
}

/**
 * Renders the invoice as it stands (dates on the organization's calendar). A renderer failure is
 * a 502 in the spec's words.
 */
export async function renderInvoice(deps: TDeps, orgId: string, facts: TInvoiceFacts): Promise<TRenderedInvoicePdf> {
  const id = facts.row.id;
  const timeZone = await organizationZone(deps, orgId);
  let bytes: Uint8Array;
  try {
    bytes = await renderInvoicePdf({ ...facts.pdf, generatedAt: new Date(), timeZone });
  } catch (err) {
    deps.log.error({ err, invoiceId: id, orgId }, 'invoice PDF rendering failed');
    throw new AppError('bad_gateway', INVOICE_MESSAGES.invoicePdfFailed);
  }
  if (!isPdf(bytes)) {
    deps.log.error({ invoiceId: id, orgId, bytes: bytes.length }, 'invoice PDF is not a PDF');
    throw new AppError('bad_gateway', INVOICE_MESSAGES.invoicePdfFailed);
  }
  return { key: invoicePdfKey(orgId, id), fileName: invoiceFileName(id), bytes };
}

/** Loads, renders and stores the invoice's PDF over the previous one. */
export async function renderAndStoreInvoicePdf(deps: TDeps, member: TMember, id: string): Promise<TRenderedInvoicePdf> {
  const facts = await withTenant(deps.db, member, (tx) => loadInvoiceFacts(tx, member.orgId, id));
  const pdf = await renderInvoice(deps, member.orgId, facts);
  await deps.files.put(pdf.key, pdf.bytes, 'application/pdf');
  return pdf;
}

const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The typed body back from what the e-mail log keeps (bodyToHtml's inverse). */
export function bodyFromLoggedHtml(html: string): string {
  return html.replace(/<br\s*\/?>/gi, '\n').replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => HTML_ENTITIES[e] ?? e);
}

/**
 * The e-mail of an invoice nobody chose words for (Resend Email of an invoice never e-mailed, and
 * the demo's history): 'Invoice {short id} from {organization}', the amount and due date, how to
 * pay, signed by the sender.
 */
export function defaultInvoiceEmail(v: {
  id: string;
  organizationName: string;
  totalCents: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  payUrl: string | null;
  contactName: string | null;
  senderName: string;
}): { subject: string; body: string } {
  const shortId = invoiceShortId(v.id);
  const first = v.contactName?.trim().split(/\s+/)[0] ?? '';
  const pay = v.payUrl
    ? `You can pay online by card or bank transfer here: ${v.payUrl}`
    : 'You can pay by check, cash or bank transfer; the remit-to details are on the invoice. Please write the invoice number on your payment.';
  return {
    subject: `Invoice ${shortId} from ${v.organizationName}`.slice(0, EMAIL_SUBJECT_MAX),
    body: [
      first ? `Hi ${first},` : 'Hello,',
      `Please find attached invoice ${shortId} from ${v.organizationName} for ${formatMoney(v.totalCents)}, due ${invoiceDate(v.dueDate)}.`,
      pay,
      'Thank you for your support. If you have any questions, just reply to this e-mail.',
      `Best regards,\n${v.senderName}\n${v.organizationName}`,
    ].join('\n\n'),
  };
}
