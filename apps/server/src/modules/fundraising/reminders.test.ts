import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../../db/client';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import { launchCampaign } from './campaign-launch.service';
import {
  delivered,
  fundraisingOrg,
  recordedTo,
  seedCampaign,
  type TSeedCampaign,
  type TSeededCampaign,
} from './fixtures/launch-fixtures';
import type { TReminderCampaign } from './reminders.repo';
import { dueReminderDay, sendCampaignReminders } from './reminders.service';

const content = { subject: 'Help [Player Name] reach [Goal Amount]', body: 'Hi [Recipient],\n\n[Donate Buttons]' };

/** A campaign launched (every contact e-mailed), its e-mails then dated `sentAt`. */
async function launched(env: TTestEnv, name: string, campaign: TSeedCampaign, sentAt: string, zone?: string) {
  env.deps.config.campaignSendCadenceSeconds = 0;
  const org = await fundraisingOrg(env, name, zone);
  const c = await seedCampaign(env, org.orgId, campaign);
  await launchCampaign(env.deps, org.member, c.id, content);
  await platformExec(
    env,
    sql`UPDATE email_campaign_recipient SET sent_at = ${sentAt}::timestamptz WHERE fundraising_campaign_id = ${c.id}`,
  );
  return { ...org, c };
}

function contactId(c: TSeededCampaign, email: string): string {
  const id = c.contacts.get(email);
  if (!id) throw new Error(`no contact ${email}`);
  return id;
}

async function remindersOf(env: TTestEnv, campaignId: string) {
  return platformQuery(
    env,
    z.object({ email: z.string(), reminder_day: z.number(), email_message_id: z.string().nullable() }),
    sql`SELECT fc.email, cr.reminder_day, cr.email_message_id FROM campaign_reminder cr
        JOIN fundraising_contact fc ON fc.id = cr.contact_id
        WHERE cr.campaign_id = ${campaignId} ORDER BY fc.email, cr.reminder_day`,
  );
}

async function reminderSubjects(env: TTestEnv, email: string): Promise<string[]> {
  return (await recordedTo(env, email)).filter((m) => m.subject.startsWith('Reminder: ')).map((m) => m.subject);
}

describe('the reminder day due', () => {
  const campaign = (schedule: unknown): TReminderCampaign => ({
    id: 'c',
    org_id: 'o',
    starts_at: '2026-03-03',
    ends_at: '2026-04-02',
    reminder_schedule: schedule,
    timezone: 'America/New_York',
  });
  const auto = { autoScheduleEnabled: true, customScheduleEnabled: false, customIntervalsDays: [], maxReminders: 2 };

  it('is the schedule’s day on the organization’s calendar, from 9:00 local', () => {
    // 30 days: reminders on days 7 and 23. 13:00 UTC is 9:00 in New York (EDT) on 10 March.
    expect(dueReminderDay(campaign(auto), new Date('2026-03-10T12:59:00Z'))).toBeNull();
    expect(dueReminderDay(campaign(auto), new Date('2026-03-10T13:00:00Z'))).toEqual({ day: 7, maxReminders: 2 });
    expect(dueReminderDay(campaign(auto), new Date('2026-03-11T03:59:00Z'))).toEqual({ day: 7, maxReminders: 2 });
    expect(dueReminderDay(campaign(auto), new Date('2026-03-11T13:00:00Z'))).toBeNull();
    expect(dueReminderDay(campaign(auto), new Date('2026-03-26T13:00:00Z'))).toEqual({ day: 23, maxReminders: 2 });
  });

  it('none after the end, with both modes off, or on a schedule that does not parse', () => {
    const custom = { ...auto, autoScheduleEnabled: false, customScheduleEnabled: true, customIntervalsDays: [40] };
    expect(dueReminderDay(campaign(custom), new Date('2026-04-12T14:00:00Z'))).toBeNull();
    const off = { ...auto, autoScheduleEnabled: false };
    expect(dueReminderDay(campaign(off), new Date('2026-03-10T14:00:00Z'))).toBeNull();
    expect(dueReminderDay(campaign({ nonsense: true }), new Date('2026-03-10T14:00:00Z'))).toBeNull();
    expect(dueReminderDay(campaign({ ...auto, maxReminders: 0 }), new Date('2026-03-10T14:00:00Z'))).toBeNull();
  });
});

forEachDatabase('fundraising: reminders', (env) => {
  it('reminds those the e-mail reached who have not given and have not opted out, once, from 9:00', async () => {
    const emails = {
      plain: 'plain@remind.test',
      donorContact: 'donor.contact@remind.test',
      donorEmail: 'donor.email@remind.test',
      pending: 'pending@remind.test',
      optout: 'optout@remind.test',
      recent: 'recent@remind.test',
      failed: 'failed@remind.test',
    };
    const { orgId, c } = await launched(
      env(),
      'Reminder Eagles',
      {
        startsAt: '2026-03-03',
        endsAt: '2026-04-02',
        players: ['Alex Rivera'],
        contacts: Object.values(emails).map((email) => ({
          name: email.split('@')[0] ?? email,
          email,
          player: 'Alex Rivera',
        })),
      },
      '2026-03-03T14:00:00Z',
    );
    const id = c.id;
    const donation = (contact: string | null, donorEmail: string | null, status: 'paid' | 'pending') =>
      platformExec(
        env(),
        sql`INSERT INTO donation (org_id, campaign_id, contact_id, amount_cents, status, donor_email, paid_at)
            VALUES (${orgId}, ${id}, ${contact}, 5000, ${status}, ${donorEmail},
                    ${status === 'paid' ? '2026-03-05T12:00:00Z' : null}::timestamptz)`,
      );
    await donation(contactId(c, emails.donorContact), null, 'paid');
    await donation(null, emails.donorEmail.toUpperCase(), 'paid');
    await donation(contactId(c, emails.pending), emails.pending, 'pending');
    await platformExec(env(), sql`UPDATE fundraising_contact SET email_opt_out = true WHERE email = ${emails.optout}`);
    await platformExec(
      env(),
      sql`UPDATE email_campaign_recipient SET sent_at = '2026-03-09T14:00:00Z'
          WHERE fundraising_campaign_id = ${id} AND contact_id = ${contactId(c, emails.recent)}`,
    );
    await platformExec(
      env(),
      sql`UPDATE email_campaign_recipient SET status = 'failed'
          WHERE fundraising_campaign_id = ${id} AND contact_id = ${contactId(c, emails.failed)}`,
    );

    // Day 7 is 10 March; 8:30 in New York is too early.
    await sendCampaignReminders(env().deps, new Date('2026-03-10T12:30:00Z'));
    expect(await remindersOf(env(), id)).toEqual([]);

    await sendCampaignReminders(env().deps, new Date('2026-03-10T13:30:00Z'));
    const sent = await remindersOf(env(), id);
    expect(sent.map((r) => [r.email, r.reminder_day])).toEqual([
      [emails.pending, 7],
      [emails.plain, 7],
    ]);
    expect(await reminderSubjects(env(), emails.plain)).toEqual(['Reminder: Help Alex Rivera reach $500']);
    const [recorded] = (await recordedTo(env(), emails.plain)).filter((m) => m.subject.startsWith('Reminder'));
    expect(recorded?.idempotency_key).toBe(`campaign-reminder:${id}:${contactId(c, emails.plain)}:7`);
    expect(recorded?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(sent.find((r) => r.email === emails.plain)?.email_message_id).toBe(recorded?.id);
    expect(delivered(env(), emails.plain).map((m) => m.subject)).toContain('Reminder: Help Alex Rivera reach $500');
    for (const skipped of [emails.donorContact, emails.donorEmail, emails.optout, emails.recent, emails.failed]) {
      expect(await reminderSubjects(env(), skipped)).toEqual([]);
    }

    // Later the same day, and twice: nothing more. The next day is no reminder day.
    await sendCampaignReminders(env().deps, new Date('2026-03-10T18:00:00Z'));
    await sendCampaignReminders(env().deps, new Date('2026-03-10T18:00:00Z'));
    await sendCampaignReminders(env().deps, new Date('2026-03-11T14:00:00Z'));
    expect(await remindersOf(env(), id)).toHaveLength(2);
    expect(await reminderSubjects(env(), emails.plain)).toHaveLength(1);
  });

  it('keeps reminders 2 days apart and at most max_reminders per contact', async () => {
    const emails = { full: 'full@spacing.test', close: 'close@spacing.test', due: 'due@spacing.test' };
    const { orgId, c } = await launched(
      env(),
      'Spacing Eagles',
      {
        type: 'player',
        startsAt: '2026-05-03',
        endsAt: '2026-06-02',
        // Custom days 3, 7 and 9, at most 2: reminders on days 3 and 7.
        schedule: {
          autoScheduleEnabled: false,
          customScheduleEnabled: true,
          customIntervalsDays: [9, 3, 7],
          maxReminders: 2,
        },
        contacts: Object.values(emails).map((email) => ({ name: 'Someone', email })),
      },
      '2026-05-03T14:00:00Z',
    );
    const earlier = (email: string, day: number, at: string) =>
      platformExec(
        env(),
        sql`INSERT INTO campaign_reminder (org_id, campaign_id, contact_id, reminder_day, sent_at)
            VALUES (${orgId}, ${c.id}, ${contactId(c, email)}, ${day}, ${at}::timestamptz)`,
      );
    // Two reminders already (an earlier schedule): the limit is reached.
    await earlier(emails.full, 1, '2026-05-04T13:00:00Z');
    await earlier(emails.full, 3, '2026-05-06T13:00:00Z');
    // A reminder yesterday: too close.
    await earlier(emails.close, 6, '2026-05-09T13:30:00Z');
    await earlier(emails.due, 3, '2026-05-06T13:00:00Z');

    await sendCampaignReminders(env().deps, new Date('2026-05-10T13:30:00Z'));
    expect((await remindersOf(env(), c.id)).filter((r) => r.reminder_day === 7).map((r) => r.email)).toEqual([
      emails.due,
    ]);
    expect(await reminderSubjects(env(), emails.full)).toEqual([]);
    expect(await reminderSubjects(env(), emails.close)).toEqual([]);
    // Day 9 is past max_reminders (2): nobody, not even the contact with one reminder.
    await sendCampaignReminders(env().deps, new Date('2026-05-12T13:30:00Z'));
    expect(await remindersOf(env(), c.id)).toHaveLength(5);
  });

  it('goes out at 9:00 in each organization’s own zone', async () => {
    const campaign = (email: string): TSeedCampaign => ({
      type: 'player',
      startsAt: '2026-07-03',
      endsAt: '2026-08-02',
      contacts: [{ name: 'Fan', email }],
    });
    const tokyo = await launched(
      env(),
      'Tokyo Eagles',
      campaign('fan@tokyo.test'),
      '2026-07-03T01:00:00Z',
      'Asia/Tokyo',
    );
    const newYork = await launched(env(), 'New York Eagles', campaign('fan@newyork.test'), '2026-07-03T14:00:00Z');

    // 23:30 UTC on the 9th: 8:30 on the 10th in Tokyo, the evening of the 9th in New York.
    await sendCampaignReminders(env().deps, new Date('2026-07-09T23:30:00Z'));
    expect(await remindersOf(env(), tokyo.c.id)).toEqual([]);
    // 00:30 UTC on the 10th: 9:30 in Tokyo (day 7), still the 9th in New York.
    await sendCampaignReminders(env().deps, new Date('2026-07-10T00:30:00Z'));
    expect((await remindersOf(env(), tokyo.c.id)).map((r) => r.reminder_day)).toEqual([7]);
    expect(await remindersOf(env(), newYork.c.id)).toEqual([]);
    // 13:30 UTC: 9:30 in New York.
    await sendCampaignReminders(env().deps, new Date('2026-07-10T13:30:00Z'));
    expect((await remindersOf(env(), newYork.c.id)).map((r) => r.reminder_day)).toEqual([7]);
    expect(await remindersOf(env(), tokyo.c.id)).toHaveLength(1);
  });
});
