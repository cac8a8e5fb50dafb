import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { recordEmail } from '../../emails/outgoing.repo';
import { enqueueEmails } from '../../jobs/send-email.job';
import { renderCampaignEmail, type TCampaignEmailFacts } from './campaign-email.service';
import {
  claimRecipient,
  completeEmailCampaignIfDone,
  completeSettledEmailCampaigns,
  findRecipientFacts,
  findStrandedRecipients,
  lockEmailCampaign,
  setRecipientMessage,
  type TRecipientFacts,
} from './campaign-launch.repo';
import { publishFundraising } from './campaigns.common';
import { unsubscribeSigningKey } from './unsubscribe-token';

/** The job that sends one recipient's campaign e-mail; the launch enqueues one per recipient. */
export const SEND_CAMPAIGN_EMAIL = 'send-campaign-email';

/** The facts of one contact's e-mail, from the recipient's row and what it joins. */
export function emailFactsOf(deps: TDeps, r: TRecipientFacts, reminder = false): TCampaignEmailFacts {
  return {
    publicUrl: deps.config.publicUrl,
    signingKey: unsubscribeSigningKey(deps.config.sessionSecret),
    orgId: r.org_id,
    organizationName: r.organization_name,
    campaign: {
      id: r.campaign_id,
      name: r.campaign_name,
      campaignType: r.campaign_type,
      goalCents: r.goal_cents,
      behalfOfName: r.behalf_of_name,
    },
    contact: { id: r.contact_id, name: r.contact_name, email: r.contact_email.trim() },
    player: r.player_id && r.player_name ? { id: r.player_id, name: r.player_name } : null,
    subject: r.subject,
    body: r.body,
    reminder,
  };
}

/**
 * Sends one recipient's campaign e-mail (issue 15 "Sending"). The e-mail is rendered first, outside
 * any transaction; then, in one transaction: the batch locked, the recipient claimed by conditional
 * update (queued → sent, or → skipped when the contact opted out since the launch), the e-mail
 * recorded under the key `campaign-email:{recipientId}` with its message id on the recipient, and
 * the batch completed when no one is left queued. After commit the send-email job delivers it.
 * A retry, a duplicate job or the sweep finds nothing to claim and sends nothing twice; a crash
 * before commit leaves the recipient queued for the retry or the sweep, so no one is skipped.
 */
export async function sendCampaignEmail(deps: TDeps, recipientId: string): Promise<void> {
  const facts = await withPlatform(deps.db, deps.log, 'campaign e-mail facts', (tx) =>
    findRecipientFacts(tx, recipientId),
  );
  if (facts?.status !== 'queued') return;
  const mail = await renderCampaignEmail(emailFactsOf(deps, facts));
  const result = await withPlatform(deps.db, deps.log, 'send campaign e-mail', async (tx) => {
    await lockEmailCampaign(tx, facts.email_campaign_id);
    const claimed = await claimRecipient(tx, recipientId);
    let emailId: string | null = null;
    if (claimed === 'sent') {
      emailId = await recordEmail(tx, {
        orgId: facts.org_id,
        idempotencyKey: `campaign-email:${recipientId}`,
        to: [mail.to],
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        fromName: mail.fromName,
        headers: mail.headers,
      });
      if (emailId) await setRecipientMessage(tx, recipientId, emailId);
    }
    await completeEmailCampaignIfDone(tx, facts.email_campaign_id);
    return { claimed, emailId };
  });
  if (result.claimed) publishFundraising(deps, facts.org_id);
  await enqueueEmails(deps, [result.emailId]);
}

/** Recipients the sweep enqueues again at most per run. */
const SWEEP_LIMIT = 1_000;

/**
 * Every 5 minutes: recipients still queued 5 minutes past their turn are enqueued again (the key
 * keeps a job that is only late from being doubled, and the claim keeps a double from sending), and
 * batches with nobody left queued are completed. Idempotent.
 */
export async function sweepCampaignEmails(deps: TDeps): Promise<number> {
  const { stranded, completed } = await withPlatform(deps.db, deps.log, 'sweep campaign e-mails', async (tx) => ({
    stranded: await findStrandedRecipients(tx, SWEEP_LIMIT),
    completed: await completeSettledEmailCampaigns(tx),
  }));
  if (stranded.length > 0) {
    deps.log.warn({ recipients: stranded.length }, 'campaign e-mails found stranded; enqueued again');
    await deps.queue.sendMany(
      SEND_CAMPAIGN_EMAIL,
      stranded.map((recipientId) => ({ data: { recipientId }, key: recipientId })),
    );
  }
  for (const orgId of new Set(completed.map((c) => c.org_id))) publishFundraising(deps, orgId);
  return stranded.length;
}
