import { applyMergeTags, bodyToHtml } from '@pennant/shared/ai/rules';
import { formatMoney } from '@pennant/shared/money';
import {
  quoteCopySubject,
  quoteExpiresAt,
  quoteNumber,
  quoteSendBlock,
  recipientEmailsText,
} from '@pennant/shared/quotes/rules';
import { QUOTE_MESSAGES, type TQuoteSendResult, type ZQuoteSend } from '@pennant/shared/quotes/schemas';
import type { z } from 'zod';
import type { TTx } from '../../db/client';
import type { TStoredAttachment } from '../../db/schema/mail';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { formatDocumentDate } from '../../documents/pdf-layout';
import { recordEmail } from '../../emails/outgoing.repo';
import { quoteEmail } from '../../emails/quote.email';
import { enqueueEmails } from '../../jobs/send-email.job';
import { isId } from '../catalogue/catalogue.common';
import { updateCompany as updateCompanyRow } from '../companies/companies.repo';
import { requireCompanyLocked, statusEvent } from '../companies/companies.service';
import { insertTimelineEvents, setLastContactedAt } from '../companies/notes.repo';
import type { TMember } from '../session/member';
import { quoteDocumentData, renderAndStoreQuotePdf } from './quote-pdf.service';
import {
  loadQuoteDetail,
  publish,
  quoteNotFound,
  recipientError,
  removeFilesQuietly,
  requireQuoteRight,
  resolveSender,
  toQuoteStatus,
  wrongState,
} from './quotes.common';
import {
  findQuote,
  findQuoteOrganization,
  insertEmailLog,
  insertQuoteEvents,
  listActiveContacts,
  lockQuote,
  markQuoteSent,
  type TQuoteContactRow,
  upsertQuoteDocument,
} from './quotes.repo';

type TSendInput = z.output<typeof ZQuoteSend>;

interface TRecipient {
  contactId: string;
  name: string;
  email: string;
}

const instantMs = (v: Date | string) => new Date(v).getTime();

/** The quote changed between reading it and sending it (an edit in another tab). */
const CHANGED_MEANWHILE = 'The quote changed while it was being sent. Please review it and send it again.';

/**
 * The chosen contacts that can receive it: active contacts of the quote's company with an
 * address, once per address, primary first. A company without contacts, or a choice without an
 * address, is a 400 in the spec's words (§5, §8).
 */
function pickRecipients(contacts: readonly TQuoteContactRow[], chosen: readonly string[], company: string) {
  if (contacts.length === 0) throw recipientError(QUOTE_MESSAGES.noContacts(company));
  const wanted = new Set(chosen);
  const seen = new Set<string>();
  const recipients: TRecipient[] = [];
  for (const c of contacts) {
    const email = c.email?.trim();
    if (!wanted.has(c.id) || !email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    recipients.push({ contactId: c.id, name: c.name, email });
  }
  if (recipients.length === 0) throw recipientError(QUOTE_MESSAGES.noValidEmail);
  return recipients;
}

/** What was read before the PDF is made; checked again under the quote's lock. */
async function prepare(tx: TTx, member: TMember, id: string, input: TSendInput) {
  const row = await findQuote(tx, member.orgId, id);
  if (!row) throw quoteNotFound();
  const block = quoteSendBlock(toQuoteStatus(row.status));
  if (block) throw wrongState(block);
  const quote = await loadQuoteDetail(tx, member, id);
  const recipients = pickRecipients(
    await listActiveContacts(tx, member.orgId, quote.companyId),
    input.contactIds,
    quote.companyName,
  );
  const org = await findQuoteOrganization(tx, member.orgId);
  return { quote, org, recipients, version: row.updated_at, sender: await resolveSender(tx, member, org) };
}

/**
 * Sends the quote (spec §4, §7, §8): the PDF is rendered and stored first (no transaction waits
 * on it), then in one transaction the quote becomes sent (sent_at now, expires_at 30 days on,
 * the recipients and the e-mail kept), its document recorded, a prospect company moved to
 * negotiating, a 'quote_sent' entry and an e-mail log written, and one message per recipient
 * (merge tags filled for each, the PDF attached, from '{sender} via Pennant', replies to the
 * sender) recorded with the optional '[COPY]'; the messages are queued after commit.
 */
export async function sendQuote(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TSendInput,
): Promise<TQuoteSendResult> {
  requireQuoteRight(member, 'edit');
  if (!isId(id)) throw quoteNotFound();
  const prepared = await withTenant(deps.db, member, (tx) => prepare(tx, member, id, input));
  const { quote, org, sender, recipients } = prepared;

  const sentAt = new Date();
  const expiresAt = quoteExpiresAt(sentAt);
  const timeZone = member.timezone;
  const first = recipients[0] ?? null;
  const data = quoteDocumentData(prepared, first && { name: first.name, email: first.email }, {
    sentAt,
    validUntil: expiresAt,
    generatedAt: sentAt,
    timeZone,
  });
  const pdf = await renderAndStoreQuotePdf(deps, member, data, id, quote.companyName);
  const attachment: TStoredAttachment = {
    name: pdf.fileName,
    contentType: 'application/pdf',
    contentBase64: Buffer.from(pdf.bytes).toString('base64'),
  };
  const number = quoteNumber(id);
  const attachmentNote =
    `${number} is attached as a PDF: a Year 1 total of ${formatMoney(quote.totalCents)}, ` +
    `valid until ${formatDocumentDate(expiresAt, timeZone)}.`;
  const compose = (recipient: TRecipient) => {
    const tags = { company_name: quote.companyName, contact_name: recipient.name };
    return quoteEmail({
      subject: applyMergeTags(input.subject, tags),
      body: applyMergeTags(input.body, tags),
      orgName: org.name,
      attachmentNote,
      sender,
    });
  };
  const mails = await Promise.all(recipients.map(async (r) => ({ recipient: r, mail: await compose(r) })));
  const copy = input.copyEmail && first ? await compose(first) : null;

  const keyBase = `quote:${id}:${sentAt.getTime()}`;
  let committed: Awaited<ReturnType<typeof commit>>;
  async function commit(tx: TTx) {
    const locked = await lockQuote(tx, member.orgId, id);
    if (!locked) throw quoteNotFound();
    const block = quoteSendBlock(toQuoteStatus(locked.status));
    if (block) throw wrongState(block);
    if (instantMs(locked.updated_at) !== instantMs(prepared.version)) throw wrongState(CHANGED_MEANWHILE);
    const sent = await markQuoteSent(tx, member.orgId, id, {
      sentAt,
      expiresAt,
      recipientEmails: recipientEmailsText(recipients),
      emailSubject: input.subject,
      emailBody: input.body,
    });
    if (!sent) throw wrongState(CHANGED_MEANWHILE);
    const replaced = await upsertQuoteDocument(tx, member.orgId, id, { fileKey: pdf.key, fileName: pdf.fileName });

    const companyId = locked.company_id;
    const company = await requireCompanyLocked(tx, member, companyId);
    if (company.status === 'prospect') {
      await updateCompanyRow(tx, member.orgId, companyId, { status: 'negotiating', statusUpdatedAt: sentAt });
      await insertTimelineEvents(tx, [statusEvent(member, companyId, company.status, 'negotiating', sentAt)]);
    }
    const to = recipients.map((r) => r.email);
    await insertQuoteEvents(tx, [
      {
        orgId: member.orgId,
        companyId,
        quoteId: id,
        eventType: 'quote_sent',
        description: `${number} sent to ${to.join(', ')}`,
        createdBy: member.userId,
        metadata: { quote_id: id, recipients: to, subject: input.subject, pdf_attached: true },
        occurredAt: sentAt,
      },
    ]);
    await setLastContactedAt(tx, member.orgId, companyId, sentAt);
    await insertEmailLog(tx, {
      orgId: member.orgId,
      companyId,
      quoteId: id,
      recipients: recipientEmailsText(recipients),
      subject: input.subject,
      bodyHtml: bodyToHtml(input.body),
      createdBy: member.userId,
    });

    const ids: (string | null)[] = [];
    for (const { recipient, mail } of mails) {
      ids.push(
        await recordEmail(tx, {
          orgId: member.orgId,
          idempotencyKey: `${keyBase}:${recipient.contactId}`,
          to: [recipient.email],
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          replyTo: mail.replyTo,
          fromName: mail.fromName,
          attachments: [attachment],
        }),
      );
    }
    if (copy && input.copyEmail) {
      ids.push(
        await recordEmail(tx, {
          orgId: member.orgId,
          idempotencyKey: `${keyBase}:copy`,
          to: [input.copyEmail],
          subject: quoteCopySubject(copy.subject),
          html: copy.html,
          text: copy.text,
          replyTo: copy.replyTo,
          fromName: copy.fromName,
          attachments: [attachment],
        }),
      );
    }
    return { ids, replaced, quote: await loadQuoteDetail(tx, member, id), sentTo: to };
  }
  try {
    committed = await withTenant(deps.db, member, commit);
  } catch (err) {
    // Nothing names the stored PDF: take it away again.
    await removeFilesQuietly(deps, [pdf.key]);
    throw err;
  }

  await enqueueEmails(deps, committed.ids);
  await removeFilesQuietly(deps, [committed.replaced]);
  publish(deps, member, 'quotes', 'companies');
  return { quote: committed.quote, sentTo: committed.sentTo };
}
