import type { TDeps } from '../deps';
import { sendCampaignReminders } from '../modules/fundraising/reminders.service';
import type { TJobDefinition } from './queue';

export const SEND_CAMPAIGN_REMINDERS = 'send-campaign-reminders';

/**
 * Campaign reminders (spec 002 §4.4): hourly (at :05 UTC), because 9:00 comes at a different hour
 * in each organization's zone; each run sends the reminders whose day has reached 9:00 locally.
 * Idempotent (one reminder per contact and day, by unique key), so a second run sends nothing.
 */
export function sendCampaignRemindersJob(deps: TDeps): TJobDefinition {
  return {
    name: SEND_CAMPAIGN_REMINDERS,
    cron: '5 * * * *',
    retryLimit: 2,
    async handler() {
      await sendCampaignReminders(deps);
    },
  };
}
