import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { withPlatform } from '../db/tenant';
import type { TDeps } from '../deps';
import { claimEmail, findStrandedEmails, markEmailFailed, markEmailSent } from '../emails/outgoing.repo';
import { markRecipientFailedByEmail } from '../modules/fundraising/campaign-launch.repo';
import type { TJobDefinition } from './queue';

export const SEND_EMAIL = 'send-email';
const MAX_ATTEMPTS = 6;
const ZData = z.object({ emailId: z.uuid() });

/**
 * Delivers one recorded message. Claiming by conditional update makes a retry send nothing twice;
 * the retry of a job whose node died in the middle of the send claims the message again (the send
 * may have reached the mailer: at least once, never lost).
 */
export function sendEmailJob(deps: TDeps): TJobDefinition {
  return {
    name: SEND_EMAIL,
    retryLimit: MAX_ATTEMPTS - 1,
    async handler(data, job) {
      const { emailId } = ZData.parse(data);
      // Called without a job (a test), the claim is this call's alone.
      const claimant = job?.id ?? randomUUID();
      const claimed = await withPlatform(deps.db, deps.log, 'claim e-mail', (tx) => claimEmail(tx, emailId, claimant));
      if (!claimed) return;
      try {
        const { messageId } = await deps.mailer.send({
          to: claimed.to,
          cc: claimed.cc ?? undefined,
          subject: claimed.subject,
          html: claimed.html,
          text: claimed.text ?? undefined,
          replyTo: claimed.replyTo ?? undefined,
          fromName: claimed.fromName ?? undefined,
          headers: claimed.headers ?? undefined,
          attachments: claimed.attachments?.map((a) => ({
            name: a.name,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        });
        await withPlatform(deps.db, deps.log, 'e-mail sent', (tx) => markEmailSent(tx, emailId, messageId));
      } catch (err) {
        const giveUp = claimed.attempts >= MAX_ATTEMPTS;
        const failedRecipients = await withPlatform(deps.db, deps.log, 'e-mail failed', async (tx) => {
          await markEmailFailed(tx, emailId, (err as Error).message, giveUp);
          // A campaign e-mail given up on: its recipient reads failed rather than sent.
          return giveUp ? markRecipientFailedByEmail(tx, emailId) : [];
        });
        for (const { org_id } of failedRecipients) deps.hub.publish(org_id, { topic: 'fundraising' });
        deps.log.warn({ err, emailId, attempt: claimed.attempts }, 'e-mail delivery failed');
        throw err;
      }
    },
  };
}

export const SWEEP_EMAIL = 'sweep-email';

/** Every minute: re-enqueue messages a crash left behind. */
export function sweepEmailJob(deps: TDeps): TJobDefinition {
  return {
    name: SWEEP_EMAIL,
    cron: '* * * * *',
    retryLimit: 0,
    async handler() {
      const ids = await withPlatform(deps.db, deps.log, 'sweep stranded e-mail', (tx) => findStrandedEmails(tx));
      for (const emailId of ids) await deps.queue.send(SEND_EMAIL, { emailId }, emailId);
    },
  };
}

export async function enqueueEmails(deps: TDeps, ids: readonly (string | null)[]): Promise<void> {
  for (const emailId of ids) {
    if (emailId) await deps.queue.send(SEND_EMAIL, { emailId }, emailId);
  }
}
