import { z } from 'zod';
import type { TDeps } from '../deps';
import { SEND_BLAST_EMAIL, sendBlastEmail, sweepBlastEmails } from '../modules/outreach/blast-send.service';
import type { TJobDefinition } from './queue';

export { SEND_BLAST_EMAIL };

const ZData = z.object({ recipientId: z.uuid() });

/**
 * One prospect's blast e-mail, at its turn (the queue gives each job its start time, one cadence
 * apart). Idempotent: the recipient is claimed by conditional update (sendBlastEmail).
 */
export function sendBlastEmailJob(deps: TDeps): TJobDefinition {
  return {
    name: SEND_BLAST_EMAIL,
    retryLimit: 5,
    async handler(data) {
      const { recipientId } = ZData.parse(data);
      await sendBlastEmail(deps, recipientId);
    },
  };
}

export const SWEEP_BLAST_EMAILS = 'sweep-blast-emails';

/** Every 5 minutes: blast recipients a crash or restart left queued past their turn are enqueued again. */
export function sweepBlastEmailsJob(deps: TDeps): TJobDefinition {
  return {
    name: SWEEP_BLAST_EMAILS,
    cron: '*/5 * * * *',
    retryLimit: 0,
    async handler() {
      await sweepBlastEmails(deps);
    },
  };
}
