import { randomUUID } from 'node:crypto';
import { bodyToHtml } from '@pennant/shared/ai/rules';
import {
  AI_MESSAGES,
  CUSTOM_INSTRUCTIONS_MAX,
  EMAIL_ITEM_QTY_MAX,
  EMAIL_ITEMS_MAX,
  EMAIL_SUBJECT_MAX,
  ZEmailDraftRequest,
} from '@pennant/shared/ai/schemas';
import { SHORT_TEXT_MAX } from '@pennant/shared/fields';
import {
  canResendEmail,
  canSendEmail,
  invoiceNumber,
  invoiceShortId,
  statusAfterEmail,
} from '@pennant/shared/invoices/rules';
import {
  INVOICE_MESSAGES,
  type TInvoiceEmail,
  type TInvoiceEmailDraftInput,
  type TInvoiceEmailResult,
  type TInvoiceStatus,
  ZInvoiceEmail,
  ZInvoiceEmailDraftInput,
} from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import type { TQuoteEmailDraft } from '@pennant/shared/quotes/schemas';
import type { TTx } from '../../db/client';
import type { TStoredAttachment } from '../../db/schema/mail';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { invoiceDate } from '../../documents/invoice';
import { invoiceEmail } from '../../emails/invoice.email';
import { markEmailFailed, markEmailSent, recordEmail } from '../../emails/outgoing.repo';
import { AppError } from '../../errors';
import type { TMailMessage } from '../../integrations/mail/mailer';
import { writeEmail } from '../ai/ai.service';
import type { TMember } from '../session/member';
import {
  bodyFromLoggedHtml,
  defaultInvoiceEmail,
  invoiceSender,
  loadInvoiceFacts,
  renderInvoice,
  type TInvoiceFacts,
  type TInvoiceSender,
  type TRenderedInvoicePdf,
} from './invoice-document.common';
import {
  findCompanyEmailContact,
  findLastInvoiceEmail,
  insertInvoiceEmailLog,
  insertInvoiceEvent,
  lockInvoice,
  markInvoiceEmailed,
} from './invoice-document.repo';
import { invoiceNotFound, isId, publishInvoices, requireInvoiceRight } from './invoices.common';

const refused = () => new AppError('conflict', INVOICE_MESSAGES.transitionRefused);

/** What one send delivers; both the dialog's e-mail and Resend Email come down to this. */
interface TOutgoingInvoiceEmail {
  recipient: string;
  cc: string | null;
  subject: string;
  body: string;
  attachPdf: boolean;
}

/** The card invoice's payment page; a manual invoice has none. */
const payUrlOf = (facts: TInvoiceFacts) =>
  facts.row.invoice_type === 'stripe' && facts.row.hosted_url ? facts.row.hosted_url : null;

/**
 * Sends an invoice e-mail now, then records it (spec §5 Invoice email, §8 timeline_event).
 *
 * Unlike other e-mails, which are recorded first and delivered by the send-email job, the invoice
 * e-mail is handed to the mailer while the member waits: the dialog must say whether the invoice
 * went out, and a pending invoice may only become sent when it did. A failure of the main message
 * is a 502 'Failed to send email. Please try again.' and changes nothing; a copy to CC that fails
 * only warns. Then, in one transaction: both messages recorded (as sent, or the copy as failed),
 * the email_log row, the 'invoice_email_sent' event, and pending → sent by conditional update.
 */
async function deliver(
  deps: TDeps,
  member: TMember,
  facts: TInvoiceFacts,
  sender: TInvoiceSender,
  out: TOutgoingInvoiceEmail,
): Promise<TInvoiceEmailResult> {
  const id = facts.row.id;
  let pdf: TRenderedInvoicePdf | null = null;
  let attachment: TStoredAttachment | null = null;
  if (out.attachPdf) {
    pdf = await renderInvoice(deps, member.orgId, facts);
    attachment = {
      name: pdf.fileName,
      contentType: 'application/pdf',
      contentBase64: Buffer.from(pdf.bytes).toString('base64'),
    };
  }

  const compose = (subject: string) =>
    invoiceEmail({
      subject,
      body: out.body,
      organizationName: facts.organization.name,
      senderName: sender.name,
      senderEmail: sender.email,
      summary: {
        number: invoiceNumber(id),
        amount: formatMoney(facts.pdf.totalCents),
        dueDate: invoiceDate(facts.row.due_date),
      },
      payUrl: payUrlOf(facts),
      pdfAttached: attachment !== null,
    });
  const main = await compose(out.subject);
  const copy = out.cc ? await compose(`[COPY] ${out.subject}`.slice(0, EMAIL_SUBJECT_MAX)) : null;
  const message = (to: string, mail: typeof main): TMailMessage => ({
    to: [to],
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    replyTo: sender.email,
    fromName: mail.fromName,
    attachments: pdf ? [{ name: pdf.fileName, contentType: 'application/pdf', content: Buffer.from(pdf.bytes) }] : [],
  });

  let mainId: string;
  try {
    mainId = (await deps.mailer.send(message(out.recipient, main))).messageId;
  } catch (err) {
    deps.log.error({ err, invoiceId: id, orgId: member.orgId }, 'invoice e-mail could not be sent');
    throw new AppError('bad_gateway', INVOICE_MESSAGES.emailFailed);
  }
  if (pdf) {
    // Stored as the preview stores it, so the kept file is the one last sent; the e-mail is out
    // already, so a storage failure only warns.
    await deps.files
      .put(pdf.key, pdf.bytes, 'application/pdf')
      .catch((err: unknown) => deps.log.warn({ err, invoiceId: id }, 'invoice PDF not stored'));
  }
  let copySent: { messageId: string } | { error: string } | null = null;
  if (out.cc && copy) {
    try {
      copySent = await deps.mailer.send(message(out.cc, copy));
    } catch (err) {
      deps.log.warn({ err, invoiceId: id, orgId: member.orgId }, 'invoice e-mail copy could not be sent');
      copySent = { error: err instanceof Error ? err.message : String(err) };
    }
  }
  const ccWarning = out.cc && copySent && 'error' in copySent ? INVOICE_MESSAGES.ccFailed(out.cc) : null;

  const sentAt = new Date();
  const sendId = randomUUID();
  const status = await withTenant(deps.db, member, async (tx) => {
    const invoice = await lockInvoice(tx, member.orgId, id);
    if (!invoice) throw invoiceNotFound();
    const common = {
      orgId: member.orgId,
      replyTo: sender.email,
      fromName: main.fromName,
      attachments: attachment ? [attachment] : undefined,
    };
    const mainRow = await recordEmail(tx, {
      ...common,
      idempotencyKey: `invoice-email:${id}:${sendId}`,
      to: [out.recipient],
      subject: main.subject,
      html: main.html,
      text: main.text,
    });
    if (mainRow) await markEmailSent(tx, mainRow, mainId);
    if (out.cc && copy && copySent) {
      const copyRow = await recordEmail(tx, {
        ...common,
        idempotencyKey: `invoice-email:${id}:${sendId}:copy`,
        to: [out.cc],
        subject: copy.subject,
        html: copy.html,
        text: copy.text,
      });
      if (copyRow) {
        if ('error' in copySent) await markEmailFailed(tx, copyRow, copySent.error, true);
        else await markEmailSent(tx, copyRow, copySent.messageId);
      }
    }
    await insertInvoiceEmailLog(tx, {
      orgId: member.orgId,
      companyId: invoice.company_id,
      invoiceId: id,
      recipients: [out.recipient, ...(out.cc && !ccWarning ? [out.cc] : [])].join(', '),
      subject: out.subject,
      bodyHtml: bodyToHtml(out.body),
      createdBy: member.userId,
    });
    await insertInvoiceEvent(tx, {
      orgId: member.orgId,
      companyId: invoice.company_id,
      invoiceId: id,
      eventType: 'invoice_email_sent',
      description: `${invoiceNumber(id)} e-mailed to ${out.recipient}`,
      createdBy: member.userId,
      metadata: {
        invoice_id: id,
        recipient_email: out.recipient,
        subject: out.subject,
        pdf_attached: attachment !== null,
      },
      occurredAt: sentAt,
    });
    const next: TInvoiceStatus = statusAfterEmail(invoice.status);
    if (next !== invoice.status && (await markInvoiceEmailed(tx, member.orgId, id, sentAt))) return next;
    return invoice.status;
  });
  publishInvoices(deps, member.orgId);
  return { sentTo: out.recipient, pdfAttached: attachment !== null, ccWarning, status };
}

/** The invoice, its sender and what `more` reads, with the status rule checked, in one read. */
async function prepare<T>(
  deps: TDeps,
  member: TMember,
  id: string,
  allowed: (facts: TInvoiceFacts) => boolean,
  more: (tx: TTx, facts: TInvoiceFacts) => Promise<T>,
): Promise<{ facts: TInvoiceFacts; sender: TInvoiceSender; extra: T }> {
  requireInvoiceRight(member, 'edit');
  if (!isId(id)) throw invoiceNotFound();
  return withTenant(deps.db, member, async (tx) => {
    const facts = await loadInvoiceFacts(tx, member.orgId, id);
    if (!allowed(facts)) throw refused();
    const extra = await more(tx, facts);
    return { facts, sender: await invoiceSender(tx, member, facts.organization), extra };
  });
}

const nothing = async () => undefined;

/**
 * Send Invoice Email (spec §2, §4, §5): pending, sent or overdue invoices; the body as the sender
 * typed it, the PDF rendered fresh and attached unless unticked, a '[COPY] ' to CC; a pending
 * invoice becomes sent. This is what 'Manual invoice sending not yet implemented' stood for.
 */
export async function emailInvoice(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TInvoiceEmail,
): Promise<TInvoiceEmailResult> {
  requireInvoiceRight(member, 'edit');
  // The route has validated already; a direct caller gets the same 400 with its fields.
  const v = ZInvoiceEmail.parse(input);
  const { facts, sender } = await prepare(deps, member, id, (f) => canSendEmail(f.row.status), nothing);
  return deliver(deps, member, facts, sender, {
    recipient: v.recipientEmail,
    cc: v.ccEmail ?? null,
    subject: v.subject,
    body: v.body,
    attachPdf: v.attachPdf,
  });
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The default e-mail of an invoice nobody was sent yet, from what the invoice says. */
function defaultEmail(facts: TInvoiceFacts, sender: TInvoiceSender, contactName: string): TQuoteEmailDraft {
  return defaultInvoiceEmail({
    id: facts.row.id,
    organizationName: facts.organization.name,
    totalCents: facts.pdf.totalCents,
    dueDate: facts.row.due_date,
    payUrl: payUrlOf(facts),
    contactName,
    senderName: sender.name,
  });
}

/**
 * Resend Email (spec §4 list action): manual invoices that are not void. The last invoice e-mail
 * again (its recipient, subject and body) with a fresh PDF; an invoice never e-mailed gets the
 * default e-mail at the company's primary contact, else its first contact with an address, else
 * a 409 saying nobody has one. The same records and status change as Send Invoice Email.
 */
export async function resendInvoiceEmail(deps: TDeps, member: TMember, id: string): Promise<TInvoiceEmailResult> {
  const { facts, sender, extra } = await prepare(
    deps,
    member,
    id,
    (f) => canResendEmail({ status: f.row.status, type: f.row.invoice_type }),
    async (tx, f) => {
      const last = await findLastInvoiceEmail(tx, member.orgId, id);
      // The log lists the recipient first, then the copy's address.
      const recipient = last?.recipients.split(',')[0]?.trim();
      if (last && recipient) {
        return { kind: 'last' as const, recipient, subject: last.subject, body: bodyFromLoggedHtml(last.body_html) };
      }
      const contact = await findCompanyEmailContact(tx, member.orgId, f.row.company_id);
      if (!contact) throw new AppError('conflict', INVOICE_MESSAGES.noRecipient);
      return { kind: 'default' as const, recipient: contact.email.trim(), contactName: contact.name };
    },
  );
  const message = extra.kind === 'last' ? extra : defaultEmail(facts, sender, extra.contactName);
  return deliver(deps, member, facts, sender, {
    recipient: extra.recipient,
    subject: message.subject,
    body: message.body,
    cc: null,
    attachPdf: true,
  });
}

/** The invoice's lines as the writer lists them. */
function emailItems(facts: TInvoiceFacts) {
  return facts.pdf.lines.slice(0, EMAIL_ITEMS_MAX).map((l) => ({
    name: l.description.slice(0, SHORT_TEXT_MAX),
    qty: Math.min(l.quantity, EMAIL_ITEM_QTY_MAX),
    cents: l.unitPriceCents,
  }));
}

/** What the writer must say that its request has no field for: the invoice's number and payment page. */
function invoiceInstructions(facts: TInvoiceFacts): string {
  const number = `The invoice number is ${invoiceShortId(facts.row.id)}.`;
  const payUrl = payUrlOf(facts);
  const pay = payUrl ? ` You can pay online at ${payUrl}` : '';
  return (number + pay).length <= CUSTOM_INSTRUCTIONS_MAX ? number + pay : number;
}

/**
 * AI personalization (spec §5, §8 chat-completion generate_invoice_email): a subject and body for
 * the named recipient from the invoice's company, lines, amount due and due date, its number and
 * payment page, written as the sender of the §6 rule, the PDF said to be attached.
 */
export async function draftInvoiceEmail(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TInvoiceEmailDraftInput,
): Promise<TQuoteEmailDraft> {
  requireInvoiceRight(member, 'edit');
  const v = ZInvoiceEmailDraftInput.parse(input);
  const { facts, sender } = await prepare(deps, member, id, () => true, nothing);
  const request = ZEmailDraftRequest.safeParse({
    kind: 'invoice',
    organizationName: facts.organization.name,
    companyName: facts.row.company_name,
    contactFirstName: firstName(v.recipientName) || null,
    items: emailItems(facts),
    totalCents: facts.pdf.totalCents,
    dueDate: facts.row.due_date,
    sender: { name: sender.name, email: sender.email },
    documentAttached: true,
    customInstructions: invoiceInstructions(facts),
  });
  if (!request.success) {
    deps.log.error({ invoiceId: id, issues: request.error.issues }, 'invoice e-mail request is not valid');
    throw new AppError('bad_gateway', AI_MESSAGES.failed);
  }
  const written = await writeEmail(deps, member, 'chat-completion', request.data);
  return { subject: written.subject, body: written.body };
}
