import { z } from 'zod';
import type { TDeps } from '../deps';
import {
  SEND_CAMPAIGN_EMAIL,
  sendCampaignEmail,
  sweepCampaignEmails,
} from '../modules/fundraising/campaign-send.service';
import type { TJobDefinition } from './queue';

export { SEND_CAMPAIGN_EMAIL };

const ZData = z.object({ recipientId: z.uuid() });

/**
 * One recipient's campaign e-mail, at its turn (the launch gives each job its start time, one
 * cadence apart). Idempotent: the recipient is claimed by conditional update (sendCampaignEmail).
 */
export function sendCampaignEmailJob(deps: TDeps): TJobDefinition {
  return {
    name: SEND_CAMPAIGN_EMAIL,
    retryLimit: 5,
    async handler(data) {
      const { recipientId } = ZData.parse(data);
      await sendCampaignEmail(deps, recipientId);
    },
  };
}

export const SWEEP_CAMPAIGN_EMAILS = 'sweep-campaign-emails';

/** Every 5 minutes: recipients a crash left queued past their turn are enqueued again. */
export function sweepCampaignEmailsJob(deps: TDeps): TJobDefinition {
  return {
    name: SWEEP_CAMPAIGN_EMAILS,
    cron: '*/5 * * * *',
    retryLimit: 0,
    async handler() {
      await sweepCampaignEmails(deps);
    },
  };
}
