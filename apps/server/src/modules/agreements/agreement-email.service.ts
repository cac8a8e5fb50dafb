import { randomUUID } from 'node:crypto';
import { agreementNumber } from '@pennant/shared/agreements/rules';
import type {
  TAgreementEmailResult,
  ZAgreementEmail,
  ZAgreementEmailDraftInput,
} from '@pennant/shared/agreements/schemas';
import { bodyToHtml } from '@pennant/shared/ai/rules';
import {
  AI_MESSAGES,
  EMAIL_ITEM_QTY_MAX,
  EMAIL_ITEMS_MAX,
  type TEmailItem,
  ZEmailDraftRequest,
} from '@pennant/shared/ai/schemas';
import { SHORT_TEXT_MAX } from '@pennant/shared/fields';
import { setupFeeItemName } from '@pennant/shared/quotes/rules';
import type { TQuoteEmailDraft } from '@pennant/shared/quotes/schemas';
import type { z } from 'zod';
import type { TTx } from '../../db/client';
import type { TStoredAttachment } from '../../db/schema/mail';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { agreementEmail } from '../../emails/agreement.email';
import { recordEmail } from '../../emails/outgoing.repo';
import { AppError } from '../../errors';
import { enqueueEmails } from '../../jobs/send-email.job';
import { writeEmail } from '../ai/ai.service';
import type { TMember } from '../session/member';
import { loadAgreementPdfData, readStoredAgreementPdf, storeAgreementPdf } from './agreement-pdf.service';
import { agreementNotFound, isId, publishAgreements, requireAgreementRight } from './agreements.common';
import {
  findAgreement,
  findMemberName,
  findOrganizationHead,
  insertAgreementEvent,
  insertEmailLog,
  lockAgreement,
  markDocumentEmailed,
} from './agreements.repo';

export interface TSender {
  name: string;
  email: string;
}

/**
 * Who an agreement e-mail comes from (spec §6): the treasurer's address, else the sponsorship
 * lead's, else the member sending it. The name is the member's own, or the teammate's with that
 * address, else the organization's.
 */
export async function agreementSender(tx: TTx, member: TMember): Promise<TSender & { organizationName: string }> {
  const org = await findOrganizationHead(tx, member.orgId);
  const organizationName = org?.name ?? member.org.name;
  const email = org?.treasurer_email?.trim() || org?.sponsorship_lead_email?.trim() || member.email;
  if (email.toLowerCase() === member.email.toLowerCase()) {
    return { name: member.name.trim() || organizationName, email, organizationName };
  }
  const name = (await findMemberName(tx, email))?.trim();
  return { name: name || organizationName, email, organizationName };
}

/**
 * E-mails the agreement (spec §5 Agreement email, §7): the body as the sender typed it, the PDF
 * attached unless unticked (made first when the agreement has none), and a copy to CC under
 * '[COPY] ' + subject. In one transaction: the outgoing messages, the email_log row, the
 * 'agreement_email_sent' event and the document's email_sent_to / sent_at; delivery follows.
 */
export async function emailAgreement(
  deps: TDeps,
  member: TMember,
  id: string,
  input: z.output<typeof ZAgreementEmail>,
): Promise<TAgreementEmailResult> {
  requireAgreementRight(member, 'edit');
  if (!isId(id)) throw agreementNotFound();
  const recipient = input.recipientEmail;
  const cc = input.ccEmail ?? null;
  const sender = await withTenant(deps.db, member, async (tx) => {
    if (!(await findAgreement(tx, member.orgId, id))) throw agreementNotFound();
    return agreementSender(tx, member);
  });

  let attachment: TStoredAttachment | null = null;
  if (input.attachPdf) {
    const pdf = (await readStoredAgreementPdf(deps, member, id)) ?? (await storeAgreementPdf(deps, member, id));
    attachment = {
      name: pdf.fileName,
      contentType: 'application/pdf',
      contentBase64: Buffer.from(pdf.bytes).toString('base64'),
    };
  }

  const mail = (subject: string) =>
    agreementEmail({
      subject,
      body: input.body,
      organizationName: sender.organizationName,
      senderName: sender.name,
      senderEmail: sender.email,
      pdfAttached: attachment !== null,
    });
  const main = await mail(input.subject);
  const copy = cc ? await mail(`[COPY] ${input.subject}`) : null;
  const sendId = randomUUID();
  const sentAt = new Date();

  const emailIds = await withTenant(deps.db, member, async (tx) => {
    const agreement = await lockAgreement(tx, member.orgId, id);
    if (!agreement) throw agreementNotFound();
    const common = {
      orgId: member.orgId,
      replyTo: sender.email,
      fromName: main.fromName,
      attachments: attachment ? [attachment] : undefined,
    };
    const ids = [
      await recordEmail(tx, {
        ...common,
        idempotencyKey: `agreement-email:${id}:${sendId}`,
        to: [recipient],
        subject: main.subject,
        html: main.html,
        text: main.text,
      }),
    ];
    if (cc && copy) {
      ids.push(
        await recordEmail(tx, {
          ...common,
          idempotencyKey: `agreement-email:${id}:${sendId}:copy`,
          to: [cc],
          subject: copy.subject,
          html: copy.html,
          text: copy.text,
        }),
      );
    }
    await insertEmailLog(tx, {
      orgId: member.orgId,
      companyId: agreement.company_id,
      contractId: id,
      quoteId: agreement.quote_id,
      recipients: [recipient, ...(cc ? [cc] : [])].join(', '),
      subject: input.subject,
      bodyHtml: bodyToHtml(input.body),
      createdBy: member.userId,
    });
    await insertAgreementEvent(tx, {
      orgId: member.orgId,
      companyId: agreement.company_id,
      contractId: id,
      quoteId: agreement.quote_id,
      eventType: 'agreement_email_sent',
      description: `${agreementNumber(id)} e-mailed to ${recipient}`,
      createdBy: member.userId,
      metadata: { recipient_email: recipient, subject: input.subject, pdf_attached: attachment !== null },
    });
    if (attachment) await markDocumentEmailed(tx, member.orgId, id, recipient, sentAt);
    return ids;
  });
  // Recorded, so delivery is owed: a failed enqueue is picked up by the minute sweep.
  await enqueueEmails(deps, emailIds).catch((err: unknown) =>
    deps.log.warn({ err, agreementId: id }, 'agreement e-mail not enqueued'),
  );
  publishAgreements(deps, member);
  return { sentTo: recipient, pdfAttached: attachment !== null };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The lines as the writer lists them: each item at its price, its setup fee as an item of its own. */
function emailItems(lines: { itemName: string; qty: number; unitPriceCents: number; setupFeeCents: number }[]) {
  const items: TEmailItem[] = [];
  for (const l of lines) {
    const qty = Math.min(l.qty, EMAIL_ITEM_QTY_MAX);
    items.push({ name: l.itemName.slice(0, SHORT_TEXT_MAX), qty, cents: l.unitPriceCents });
    if (l.setupFeeCents > 0) {
      items.push({ name: setupFeeItemName(l.itemName).slice(0, SHORT_TEXT_MAX), qty, cents: l.setupFeeCents });
    }
  }
  return items.slice(0, EMAIL_ITEMS_MAX);
}

/**
 * AI personalization (spec §2 Email Agreement dialog): a subject and body for the named recipient
 * from the agreement's company, lines and total, written as the sender of the sender rule, the
 * PDF said to be attached.
 */
export async function draftAgreementEmail(
  deps: TDeps,
  member: TMember,
  id: string,
  input: z.output<typeof ZAgreementEmailDraftInput>,
): Promise<TQuoteEmailDraft> {
  requireAgreementRight(member, 'edit');
  if (!isId(id)) throw agreementNotFound();
  const facts = await withTenant(deps.db, member, async (tx) => {
    const data = await loadAgreementPdfData(tx, member, id);
    if (!data) throw agreementNotFound();
    return { data, sender: await agreementSender(tx, member) };
  });
  const request = ZEmailDraftRequest.safeParse({
    kind: 'agreement',
    organizationName: facts.sender.organizationName,
    companyName: facts.data.sponsor.companyName,
    contactFirstName: firstName(input.recipientName) || null,
    items: emailItems(facts.data.lines),
    totalCents: facts.data.totalCents,
    sender: { name: facts.sender.name, email: facts.sender.email },
    documentAttached: true,
  });
  if (!request.success) {
    deps.log.error({ agreementId: id, issues: request.error.issues }, 'agreement e-mail request is not valid');
    throw new AppError('bad_gateway', AI_MESSAGES.failed);
  }
  const written = await writeEmail(deps, member, 'chat-completion', request.data);
  return { subject: written.subject, body: written.body };
}
