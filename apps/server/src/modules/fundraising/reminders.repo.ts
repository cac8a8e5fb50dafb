import { z } from 'zod';
import { rows, sql, type TTx, ZRowId } from '../../db/client';
import { organizationZoneSql } from '../organizations/profile.repo';
import { RECIPIENT_FACTS, type TRecipientFacts, ZRecipientFacts } from './campaign-launch.repo';

/*
 * The hourly reminder run (spec 002 §4.4). Platform reads across organizations to find the
 * campaigns with a reminder day today, then per campaign one set-based query for who gets one.
 */

const ZReminderCampaign = z.object({
  id: z.string(),
  org_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  reminder_schedule: z.unknown(),
  timezone: z.string().nullable(),
});
export type TReminderCampaign = z.output<typeof ZReminderCampaign>;

/**
 * Sent, not deleted campaigns that started before the furthest-ahead zone's today and whose end
 * is no more than two days before it (no zone's calendar is further behind): the only ones that
 * can have a reminder day today somewhere. The organization's zone is its owner's (as invoices).
 */
export function listReminderCampaigns(tx: TTx, latestToday: string): Promise<TReminderCampaign[]> {
  return rows(
    tx,
    ZReminderCampaign,
    sql`SELECT c.id, c.org_id, c.starts_at::text AS starts_at, c.ends_at::text AS ends_at, c.reminder_schedule,
               ${organizationZoneSql(sql`c.org_id`)} AS timezone
        FROM fundraising_campaign c
        WHERE c.status = 'sent' AND NOT c.is_deleted
          AND c.starts_at < ${latestToday}::date AND c.ends_at >= ${latestToday}::date - 2
        ORDER BY c.starts_at, c.id`,
  );
}

/**
 * Who gets the reminder of `day` (§4.4, issue 15 "Reminders"): contacts the campaign e-mail
 * reached (recipient sent), who have not given (no paid donation to the campaign by their contact
 * id or, case-insensitively, from their address), are not opted out, had neither the campaign
 * e-mail nor a reminder in the spacing before `now`, had fewer than maxReminders reminders, and
 * have no reminder of this day yet. Each with the content of the batch that reached them.
 */
export function findReminderRecipients(
  tx: TTx,
  v: { orgId: string; campaignId: string; day: number; now: Date; spacingDays: number; maxReminders: number },
): Promise<TRecipientFacts[]> {
  const since = new Date(v.now.getTime() - v.spacingDays * 86_400_000);
  return rows(
    tx,
    ZRecipientFacts,
    sql`${RECIPIENT_FACTS}
        WHERE r.org_id = ${v.orgId} AND r.fundraising_campaign_id = ${v.campaignId} AND r.status = 'sent'
          AND NOT fc.email_opt_out AND btrim(fc.email) <> ''
          AND r.sent_at <= ${since}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM donation d
                          WHERE d.campaign_id = r.fundraising_campaign_id AND d.status = 'paid'
                            AND d.contact_id = r.contact_id)
          AND NOT EXISTS (SELECT 1 FROM donation d
                          WHERE d.campaign_id = r.fundraising_campaign_id AND d.status = 'paid'
                            AND lower(d.donor_email) = lower(btrim(fc.email)))
          AND NOT EXISTS (SELECT 1 FROM campaign_reminder cr
                          WHERE cr.campaign_id = r.fundraising_campaign_id AND cr.contact_id = r.contact_id
                            AND (cr.reminder_day = ${v.day} OR cr.sent_at > ${since}::timestamptz))
          AND (SELECT count(*) FROM campaign_reminder cr
               WHERE cr.campaign_id = r.fundraising_campaign_id AND cr.contact_id = r.contact_id) < ${v.maxReminders}
        ORDER BY r.sent_at, r.id`,
  );
}

/**
 * The reminder's row, unless the contact has it already (unique campaign, contact, day) or opted
 * out meanwhile: its id, or null when there is nothing to send.
 */
export async function insertReminder(
  tx: TTx,
  v: { orgId: string; campaignId: string; contactId: string; day: number; now: Date },
): Promise<string | null> {
  const [row] = await rows(
    tx,
    ZRowId,
    sql`INSERT INTO campaign_reminder (org_id, campaign_id, contact_id, reminder_day, sent_at)
        SELECT fc.org_id, ${v.campaignId}::uuid, fc.id, ${v.day}::int, ${v.now}::timestamptz
        FROM fundraising_contact fc
        WHERE fc.org_id = ${v.orgId} AND fc.id = ${v.contactId} AND NOT fc.email_opt_out
        ON CONFLICT DO NOTHING
        RETURNING id`,
  );
  return row?.id ?? null;
}

export async function setReminderMessage(tx: TTx, reminderId: string, emailMessageId: string): Promise<void> {
  await tx.execute(sql`UPDATE campaign_reminder SET email_message_id = ${emailMessageId} WHERE id = ${reminderId}`);
}
