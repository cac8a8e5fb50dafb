import { TZDate } from '@date-fns/tz';
import { reminderDays } from '@pennant/shared/fundraising/rules';
import { FUNDRAISING_LIMITS, ZReminderSchedule } from '@pennant/shared/fundraising/schemas';
import { zonedToday } from '@pennant/shared/months';
import { zoneOrDefault } from '@pennant/shared/profile/timezones';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { recordEmail } from '../../emails/outgoing.repo';
import { enqueueEmails } from '../../jobs/send-email.job';
import { renderCampaignEmail, type TRenderedCampaignEmail } from './campaign-email.service';
import { emailFactsOf } from './campaign-send.service';
import { publishFundraising } from './campaigns.common';
import {
  findReminderRecipients,
  insertReminder,
  listReminderCampaigns,
  setReminderMessage,
  type TReminderCampaign,
} from './reminders.repo';

/** The furthest-ahead calendar on earth (UTC+14): no organization's today is later than its today. */
const LATEST_ZONE = 'Pacific/Kiritimati';
/** Reminders rendered, then recorded in one transaction, at a time. */
const BATCH = 50;

/**
 * The reminder day due now for a campaign, or null: on the organization's calendar (its owner's
 * zone), at or past 9:00, today is start + N for a day N of the campaign's schedule (the automatic
 * table or the custom days, at most max_reminders of them) and the campaign has not ended. Only
 * the day itself counts: a run later that day still sends, but a day missed is never replayed.
 */
export function dueReminderDay(c: TReminderCampaign, now: Date): { day: number; maxReminders: number } | null {
  const schedule = ZReminderSchedule.safeParse(c.reminder_schedule);
  if (!schedule.success) return null;
  const zone = zoneOrDefault(c.timezone);
  if (new TZDate(now, zone).getHours() < FUNDRAISING_LIMITS.reminderHour) return null;
  const today = zonedToday(now, zone);
  if (today > c.ends_at) return null;
  const day = differenceInCalendarDays(parseISO(today), parseISO(c.starts_at));
  if (!reminderDays(schedule.data, c.starts_at, c.ends_at).includes(day)) return null;
  return { day, maxReminders: schedule.data.maxReminders };
}

/**
 * The hourly reminder run (spec 002 §4.4, issue 15 "Reminders"): for every campaign with a
 * reminder day due (dueReminderDay), each contact it should reach (findReminderRecipients: reached
 * by the campaign e-mail, not a donor by contact or address, not opted out, nothing from the
 * campaign in the last 2 days, under max_reminders) gets the campaign e-mail again with
 * 'Reminder: ' before its subject. The campaign_reminder row (unique per contact and day) and the
 * e-mail (key `campaign-reminder:{campaign}:{contact}:{day}`) are written in one transaction, so a
 * second run, or two at once, sends nothing twice. `now` is injectable for tests. Answers how
 * many reminders were recorded.
 */
export async function sendCampaignReminders(deps: TDeps, now: Date = new Date()): Promise<number> {
  const campaigns = await withPlatform(deps.db, deps.log, 'find campaigns with reminders due', (tx) =>
    listReminderCampaigns(tx, zonedToday(now, LATEST_ZONE)),
  );
  let total = 0;
  for (const campaign of campaigns) {
    const due = dueReminderDay(campaign, now);
    if (!due) continue;
    try {
      total += await remindCampaign(deps, campaign, due.day, due.maxReminders, now);
    } catch (err) {
      // One campaign's failure must not hold back the others; the next hourly run tries again.
      deps.log.error({ err, campaignId: campaign.id, orgId: campaign.org_id }, 'campaign reminders failed');
    }
  }
  if (total > 0) deps.log.info({ reminders: total }, 'campaign reminders recorded');
  return total;
}

async function remindCampaign(
  deps: TDeps,
  campaign: TReminderCampaign,
  day: number,
  maxReminders: number,
  now: Date,
): Promise<number> {
  const recipients = await withPlatform(deps.db, deps.log, 'find reminder recipients', (tx) =>
    findReminderRecipients(tx, {
      orgId: campaign.org_id,
      campaignId: campaign.id,
      day,
      now,
      spacingDays: FUNDRAISING_LIMITS.reminderSpacingDays,
      maxReminders,
    }),
  );
  let sent = 0;
  for (let i = 0; i < recipients.length; i += BATCH) {
    const batch = recipients.slice(i, i + BATCH);
    const mails: { contactId: string; mail: TRenderedCampaignEmail }[] = [];
    for (const r of batch) {
      mails.push({ contactId: r.contact_id, mail: await renderCampaignEmail(emailFactsOf(deps, r, true)) });
    }
    const emailIds = await withPlatform(deps.db, deps.log, 'record campaign reminders', async (tx) => {
      const ids: string[] = [];
      for (const { contactId, mail } of mails) {
        const reminderId = await insertReminder(tx, {
          orgId: campaign.org_id,
          campaignId: campaign.id,
          contactId,
          day,
          now,
        });
        if (!reminderId) continue;
        const emailId = await recordEmail(tx, {
          orgId: campaign.org_id,
          idempotencyKey: `campaign-reminder:${campaign.id}:${contactId}:${day}`,
          to: [mail.to],
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          fromName: mail.fromName,
          headers: mail.headers,
        });
        if (emailId) {
          await setReminderMessage(tx, reminderId, emailId);
          ids.push(emailId);
        }
      }
      return ids;
    });
    sent += emailIds.length;
    await enqueueEmails(deps, emailIds);
  }
  if (sent > 0) publishFundraising(deps, campaign.org_id);
  return sent;
}
