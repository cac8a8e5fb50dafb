import type { TStoredAttachment } from '../../db/schema/mail';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { renderPriceSheet } from '../../documents/price-sheet';
import { campaignEmail } from '../../emails/campaign.email';
import { recordEmail } from '../../emails/outgoing.repo';
import { enqueueEmails } from '../../jobs/send-email.job';
import { findSheetHead, listSheetBundleItems, listSheetItems } from '../catalogue/price-sheet.repo';
import { priceSheetFileName, sheetData } from '../catalogue/price-sheet.service';
import { unsubscribeUrl } from '../fundraising/campaign-email.service';
import {
  completeEmailCampaignIfDone,
  completeSettledEmailCampaigns,
  lockEmailCampaign,
  setRecipientMessage,
} from '../fundraising/campaign-launch.repo';
import { signUnsubscribeToken, unsubscribeSigningKey } from '../fundraising/unsubscribe-token';
import { timezoneOf } from '../organizations/profile.service';
import {
  claimBlastRecipient,
  findBlastRecipient,
  findStrandedBlastRecipients,
  recordBlastSent,
  setBlastAttachment,
  type TBlastRecipientFacts,
} from './blast.repo';

/** The job that sends one blast recipient's e-mail; the queue enqueues one per recipient at its turn. */
export const SEND_BLAST_EMAIL = 'send-blast-email';

async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/**
 * The blast's price sheet: made at the first e-mail's turn (rendered from the list as it is then,
 * stored, its key kept on the blast by conditional update) and read back by every later e-mail,
 * so a 500-recipient blast renders one PDF. null when the price list is gone since the queue (the
 * e-mail goes without it) or the stored file is missing.
 */
async function blastAttachment(deps: TDeps, r: TBlastRecipientFacts): Promise<TStoredAttachment | null> {
  let key = r.attachment_key;
  let name = r.attachment_name;
  if (!key && r.price_list_id) {
    const priceListId = r.price_list_id;
    const loaded = await withPlatform(deps.db, deps.log, 'blast price sheet', async (tx) => {
      const head = await findSheetHead(tx, r.org_id, priceListId);
      if (!head) return null;
      return sheetData(
        head,
        await listSheetItems(tx, r.org_id, priceListId),
        await listSheetBundleItems(tx, r.org_id, priceListId),
      );
    });
    if (!loaded) return null;
    const timeZone = r.created_by ? await timezoneOf(deps, r.created_by) : undefined;
    const bytes = await renderPriceSheet({ ...loaded, generatedAt: new Date(), timeZone });
    name = priceSheetFileName(loaded.priceList.name, loaded.priceList.seasonLabel);
    const fresh = `org/${r.org_id}/blasts/${r.email_campaign_id}/${name}`;
    await deps.files.put(fresh, bytes, 'application/pdf');
    const fileName = name;
    key = await withPlatform(deps.db, deps.log, 'blast price sheet key', (tx) =>
      setBlastAttachment(tx, r.email_campaign_id, fresh, fileName),
    );
  }
  if (!key || !name) return null;
  const file = await deps.files.get(key);
  if (!file) {
    deps.log.error({ key, blastId: r.email_campaign_id }, 'blast price sheet missing; e-mail sent without it');
    return null;
  }
  return {
    name,
    contentType: 'application/pdf',
    contentBase64: Buffer.from(await readAll(file.body)).toString('base64'),
  };
}

/** One prospect's e-mail: the approved HTML, the opt-out link, and the one-click unsubscribe headers. */
async function renderProspectEmail(deps: TDeps, r: TBlastRecipientFacts) {
  const token = signUnsubscribeToken(unsubscribeSigningKey(deps.config.sessionSecret), {
    orgId: r.org_id,
    // The company's primary contact as queued (a contact deleted since names nobody: the link still answers).
    contactId: r.company_contact_id ?? r.company_id,
    kind: 'company_contact',
  });
  const unsubscribe = unsubscribeUrl(deps.config.publicUrl, token);
  const mail = await campaignEmail({
    subject: r.subject,
    heading: r.organization_name,
    organizationName: r.organization_name,
    parts: [{ kind: 'html', html: r.html }, { kind: 'unsubscribe' }],
    donateButtons: [],
    unsubscribeUrl: unsubscribe,
    fromName: r.organization_name,
  });
  return {
    ...mail,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Sends one blast recipient's e-mail at its turn (issue 16). The price sheet and the e-mail are made
 * first, outside any transaction; then in one transaction: the blast locked, the recipient claimed
 * by conditional update (queued → sent, or → skipped when the address opted out since the queue),
 * the e-mail recorded under `blast-email:{recipientId}` with the CC and the PDF, the company's
 * timeline and the price sheet send log written, and the blast completed when nobody is left
 * queued. After commit the send-email job delivers it; a delivery the mailer gives up on marks the
 * recipient failed. A retry, a duplicate job or the sweep claims nothing and sends nothing twice.
 */
export async function sendBlastEmail(deps: TDeps, recipientId: string): Promise<void> {
  const facts = await withPlatform(deps.db, deps.log, 'blast e-mail facts', (tx) =>
    findBlastRecipient(tx, recipientId),
  );
  if (facts?.status !== 'queued') return;
  const attachment = facts.attach_pdf ? await blastAttachment(deps, facts) : null;
  const mail = await renderProspectEmail(deps, facts);
  const result = await withPlatform(deps.db, deps.log, 'send blast e-mail', async (tx) => {
    await lockEmailCampaign(tx, facts.email_campaign_id);
    const claimed = await claimBlastRecipient(tx, recipientId);
    let emailId: string | null = null;
    if (claimed === 'sent') {
      emailId = await recordEmail(tx, {
        orgId: facts.org_id,
        idempotencyKey: `blast-email:${recipientId}`,
        to: [facts.email],
        cc: facts.cc_email ? [facts.cc_email] : undefined,
        replyTo: facts.cc_email ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        fromName: mail.fromName,
        headers: mail.headers,
        attachments: attachment ? [attachment] : undefined,
      });
      if (emailId) {
        await setRecipientMessage(tx, recipientId, emailId);
        await recordBlastSent(tx, {
          orgId: facts.org_id,
          companyId: facts.company_id,
          blastId: facts.email_campaign_id,
          priceListId: facts.price_list_id,
          priceListName: facts.price_list_name,
          emailMessageId: emailId,
          email: facts.email,
          subject: mail.subject,
          pdfAttached: attachment !== null,
          createdBy: facts.created_by,
        });
      }
    }
    await completeEmailCampaignIfDone(tx, facts.email_campaign_id);
    return { claimed, emailId };
  });
  if (result.claimed) deps.hub.publish(facts.org_id, { topic: 'outreach' });
  await enqueueEmails(deps, [result.emailId]);
}

/** Recipients the sweep enqueues again at most per run. */
const SWEEP_LIMIT = 1_000;

/**
 * Every 5 minutes: blast recipients still queued 5 minutes past their turn (a restart mid-blast, a
 * lost job) are enqueued again, and settled blasts completed. Idempotent: the claim keeps a double
 * from sending.
 */
export async function sweepBlastEmails(deps: TDeps): Promise<number> {
  const { stranded, completed } = await withPlatform(deps.db, deps.log, 'sweep blast e-mails', async (tx) => ({
    stranded: await findStrandedBlastRecipients(tx, SWEEP_LIMIT),
    completed: await completeSettledEmailCampaigns(tx),
  }));
  if (stranded.length > 0) {
    deps.log.warn({ recipients: stranded.length }, 'blast e-mails found stranded; enqueued again');
    await deps.queue.sendMany(
      SEND_BLAST_EMAIL,
      stranded.map((recipientId) => ({ data: { recipientId }, key: recipientId })),
    );
  }
  for (const orgId of new Set(completed.map((c) => c.org_id))) deps.hub.publish(orgId, { topic: 'outreach' });
  return stranded.length;
}
