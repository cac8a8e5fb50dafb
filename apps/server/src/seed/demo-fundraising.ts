import { reminderDays } from '@pennant/shared/fundraising/rules';
import { DEFAULT_REMINDER_SCHEDULE } from '@pennant/shared/fundraising/schemas';
import { addDays, addHours, format } from 'date-fns';
import type { TTx } from '../db/client';
import type { donations } from '../db/schema/fundraising';
import {
  countDemoCampaigns,
  insertDemoCampaign,
  insertDemoCampaignContacts,
  insertDemoContacts,
  insertDemoDonations,
  insertDemoEmailCampaign,
  insertDemoPlayers,
  insertDemoRecipients,
  insertDemoReminders,
} from './demo-fundraising.repo';

/*
 * The demo's fundraising: a player campaign sent three weeks ago (twelve players, their families'
 * e-mails, donations attributed to players, a day-7 reminder to those who had not given, two
 * opt-outs), an alumni campaign on behalf of the head coach (sixty alumni, donations of every size,
 * a few still pending at the provider) and a draft for the summer camp, ready to launch. The
 * donations are history: the demo has no payment account, so new gifts need one set up first
 * (Settings → Payments). A seeded generator makes the same club every time, relative to today.
 */

const FIRST = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Michael',
  'Jennifer',
  'David',
  'Elizabeth',
  'William',
  'Susan',
  'Carlos',
  'Karen',
  'Thomas',
  'Nancy',
  'Daniel',
  'Lisa',
  'Kevin',
  'Angela',
  'Brian',
  'Monica',
  'Jason',
  'Tanya',
  'Greg',
  'Rosa',
  'Derek',
  'Helen',
  'Omar',
  'Grace',
  'Luis',
];
const LAST = [
  'Alvarez',
  'Bennett',
  'Chen',
  'Dawson',
  'Ellis',
  'Foster',
  'Garcia',
  'Hughes',
  'Iverson',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Morales',
  'Nguyen',
  "O'Brien",
  'Patel',
  'Quinn',
  'Ramirez',
  'Sullivan',
  'Thompson',
  'Underwood',
  'Vasquez',
  'Walsh',
  'Young',
  'Zimmerman',
];
// Reserved example domains: the demo's families are made up, and no real inbox must ever get their reminders.
const DOMAINS = ['example.com', 'example.org', 'example.net'];
const PLAYERS = [
  'Ava Bennett',
  'Caleb Foster',
  'Diego Ramirez',
  'Emma Walsh',
  'Ethan Nguyen',
  'Isabella Chen',
  'Jack Sullivan',
  'Liam Patel',
  'Mia Garcia',
  'Noah Thompson',
  'Olivia Jensen',
  'Sofia Morales',
];

/** mulberry32: a small seeded generator, so the demo is the same every time. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type TDonationRow = typeof donations.$inferInsert;

const day = (d: Date) => format(d, 'yyyy-MM-dd');

interface TPerson {
  name: string;
  email: string;
}

function people(random: () => number, n: number, used: Set<string>): TPerson[] {
  const out: TPerson[] = [];
  while (out.length < n) {
    const first = FIRST[Math.floor(random() * FIRST.length)] ?? 'Alex';
    const last = LAST[Math.floor(random() * LAST.length)] ?? 'Smith';
    const domain = DOMAINS[Math.floor(random() * DOMAINS.length)] ?? 'example.com';
    const email = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${domain}`;
    if (used.has(email)) continue;
    used.add(email);
    out.push({ name: `${first} ${last}`, email });
  }
  return out;
}

const PLAYER_BODY = `Hi [Recipient],

I'm raising money for the Riverside Eagles this season, and I'd be grateful for your support. Every gift helps with new uniforms, tournament travel and field time for [Player Name] and the team.

Our goal is [Goal Amount] per player. Any amount makes a difference:

[Donate Buttons]

Thank you for cheering us on!

[Unsubscribe]`;

const ALUMNI_BODY = `Dear [Recipient],

As a former Eagle, you know what a season under the lights means. This spring we are replacing the scoreboard at Riverside Field, and we're asking alumni to help us reach [Goal Amount].

[Donate Buttons]

With gratitude from everyone at [Organization Name],

[Unsubscribe]`;

export async function seedDemoFundraising(tx: TTx, orgId: string, userId: string, now = new Date()): Promise<void> {
  if ((await countDemoCampaigns(tx, orgId)) > 0) return;
  const random = generator(20_261_123);
  const used = new Set<string>();

  // --- The player campaign, sent 20 days ago, 30 days long -------------------------------------
  const playerStart = addDays(now, -20);
  const playerCampaign = await insertDemoCampaign(tx, {
    orgId,
    name: 'Spring Season Player Fundraiser',
    status: 'sent',
    campaignType: 'player',
    goalCents: 50_000,
    startsAt: day(playerStart),
    endsAt: day(addDays(playerStart, 30)),
    minContactsPerPlayer: 8,
    messagePerspective: 'player',
    subjectSeed: "Help [Player Name]'s Riverside Eagles season",
    bodySeed: PLAYER_BODY,
    reminderSchedule: DEFAULT_REMINDER_SCHEDULE,
    createdBy: userId,
    createdAt: addDays(playerStart, -3),
    updatedAt: playerStart,
    sentAt: playerStart,
  });
  const players = await insertDemoPlayers(
    tx,
    PLAYERS.map((name) => ({ orgId, campaignId: playerCampaign, name })),
  );
  const families: { person: TPerson; playerId: string }[] = [];
  for (const [i, p] of players.entries()) {
    // Most players reached the minimum of 8; two are a little short.
    const n = i === 3 || i === 9 ? 5 + Math.floor(random() * 2) : 8 + Math.floor(random() * 4);
    for (const person of people(random, n, used)) families.push({ person, playerId: p.id });
  }
  const familyContacts = await insertDemoContacts(
    tx,
    families.map(({ person }, i) => ({
      orgId,
      name: person.name,
      email: person.email,
      // Two families asked not to be e-mailed again.
      emailOptOut: i === 7 || i === 40,
      optOutAt: i === 7 || i === 40 ? addDays(playerStart, 4) : null,
    })),
  );
  await insertDemoCampaignContacts(
    tx,
    familyContacts.map((c, i) => ({
      orgId,
      campaignId: playerCampaign,
      contactId: c.id,
      playerId: families[i]?.playerId,
    })),
  );
  const playerSend = await insertDemoEmailCampaign(tx, {
    orgId,
    name: 'Spring Season Player Fundraiser',
    fundraisingCampaignId: playerCampaign,
    status: 'completed',
    subject: "Help [Player Name]'s Riverside Eagles season",
    body: PLAYER_BODY,
    recipientCount: familyContacts.length,
    createdBy: userId,
    createdAt: playerStart,
    completedAt: addHours(playerStart, 1),
  });
  await insertDemoRecipients(
    tx,
    familyContacts.map((c, i) => ({
      orgId,
      emailCampaignId: playerSend,
      fundraisingCampaignId: playerCampaign,
      contactId: c.id,
      playerId: families[i]?.playerId,
      status: 'sent',
      sendAfter: playerStart,
      sentAt: new Date(playerStart.getTime() + i * 10_000),
      createdAt: playerStart,
    })),
  );
  // About 40% of families gave, from $25 to $250, spread over the campaign so far.
  const amounts = [2_500, 2_500, 5_000, 5_000, 5_000, 10_000, 10_000, 7_500, 15_000, 25_000];
  const playerDonations: TDonationRow[] = [];
  const gave = new Set<string>();
  for (const [i, c] of familyContacts.entries()) {
    if (i === 7 || i === 40 || random() > 0.42) continue;
    gave.add(c.id);
    const paidAt = addHours(playerStart, 2 + Math.floor(random() * 19 * 24));
    playerDonations.push({
      orgId,
      campaignId: playerCampaign,
      playerId: families[i]?.playerId,
      contactId: c.id,
      amountCents: amounts[Math.floor(random() * amounts.length)] ?? 5_000,
      status: 'paid',
      checkoutSessionId: `cs_demo_player_${i}`,
      stripePaymentIntentId: `pi_demo_player_${i}`,
      donorName: families[i]?.person.name,
      donorEmail: c.email,
      createdAt: addHours(paidAt, -0.1),
      paidAt,
    });
  }
  await insertDemoDonations(tx, playerDonations);
  // The day-7 reminder went to those who had not given and had not opted out.
  const [firstReminder] = reminderDays(DEFAULT_REMINDER_SCHEDULE, day(playerStart), day(addDays(playerStart, 30)));
  if (firstReminder !== undefined) {
    await insertDemoReminders(
      tx,
      familyContacts
        .filter((c, i) => !gave.has(c.id) && i !== 7 && i !== 40)
        .map((c) => ({
          orgId,
          campaignId: playerCampaign,
          contactId: c.id,
          reminderDay: firstReminder,
          sentAt: addHours(addDays(playerStart, firstReminder), 9),
        })),
    );
  }

  // --- The alumni campaign, on behalf of the head coach, sent 45 days ago ----------------------
  const alumniStart = addDays(now, -45);
  const alumniCampaign = await insertDemoCampaign(tx, {
    orgId,
    name: 'Alumni Scoreboard Fund',
    status: 'sent',
    campaignType: 'alumni',
    goalCents: 1_500_000,
    startsAt: day(alumniStart),
    endsAt: day(addDays(alumniStart, 60)),
    minContactsPerPlayer: 0,
    messagePerspective: 'team',
    behalfOfName: 'Coach Dana Whitfield',
    subjectSeed: 'A new scoreboard for Riverside Field',
    bodySeed: ALUMNI_BODY,
    reminderSchedule: { ...DEFAULT_REMINDER_SCHEDULE, maxReminders: 3 },
    createdBy: userId,
    createdAt: addDays(alumniStart, -6),
    updatedAt: addDays(alumniStart, -2),
    sentAt: alumniStart,
  });
  const alumni = await insertDemoContacts(
    tx,
    people(random, 60, used).map((p, i) => ({
      orgId,
      name: p.name,
      email: p.email,
      emailOptOut: i % 20 === 11,
      optOutAt: i % 20 === 11 ? addDays(alumniStart, 3 + (i % 7)) : null,
    })),
  );
  await insertDemoCampaignContacts(
    tx,
    alumni.map((c) => ({ orgId, campaignId: alumniCampaign, contactId: c.id, playerId: null })),
  );
  const alumniSend = await insertDemoEmailCampaign(tx, {
    orgId,
    name: 'Alumni Scoreboard Fund',
    fundraisingCampaignId: alumniCampaign,
    status: 'completed',
    subject: 'A new scoreboard for Riverside Field',
    body: ALUMNI_BODY,
    // The last five alumni were added after the launch and have not been e-mailed yet.
    recipientCount: alumni.length - 5,
    createdBy: userId,
    createdAt: alumniStart,
    completedAt: addHours(alumniStart, 1),
  });
  await insertDemoRecipients(
    tx,
    alumni.slice(0, -5).map((c, i) => ({
      orgId,
      emailCampaignId: alumniSend,
      fundraisingCampaignId: alumniCampaign,
      contactId: c.id,
      status: 'sent',
      sendAfter: alumniStart,
      sentAt: new Date(alumniStart.getTime() + i * 10_000),
      createdAt: alumniStart,
    })),
  );
  const alumniAmounts = [5_000, 10_000, 10_000, 25_000, 25_000, 50_000, 100_000, 2_500, 15_000];
  const alumniDonations: TDonationRow[] = [];
  for (const [i, c] of alumni.slice(0, -5).entries()) {
    if (i % 20 === 11 || random() > 0.45) continue;
    const paidAt = addHours(alumniStart, 3 + Math.floor(random() * 44 * 24));
    const pending = i % 13 === 4;
    alumniDonations.push({
      orgId,
      campaignId: alumniCampaign,
      contactId: c.id,
      amountCents: alumniAmounts[Math.floor(random() * alumniAmounts.length)] ?? 10_000,
      status: pending ? 'pending' : 'paid',
      checkoutSessionId: `cs_demo_alumni_${i}`,
      stripePaymentIntentId: pending ? null : `pi_demo_alumni_${i}`,
      donorEmail: c.email,
      createdAt: addHours(paidAt, -0.1),
      paidAt: pending ? null : paidAt,
    });
    // A few alumni gave twice (a pledge paid in two parts).
    if (!pending && i % 9 === 2) {
      const again = addDays(paidAt, 10);
      if (again < now) {
        alumniDonations.push({
          orgId,
          campaignId: alumniCampaign,
          contactId: c.id,
          amountCents: 10_000,
          status: 'paid',
          checkoutSessionId: `cs_demo_alumni_${i}_b`,
          stripePaymentIntentId: `pi_demo_alumni_${i}_b`,
          donorEmail: c.email,
          createdAt: again,
          paidAt: again,
        });
      }
    }
  }
  // Two gifts from the donation page by people not on the list (the link was shared).
  alumniDonations.push(
    {
      orgId,
      campaignId: alumniCampaign,
      amountCents: 20_000,
      status: 'paid',
      checkoutSessionId: 'cs_demo_alumni_shared_1',
      stripePaymentIntentId: 'pi_demo_alumni_shared_1',
      donorEmail: 'pat.marino@example.net',
      donorName: 'Pat Marino',
      createdAt: addDays(alumniStart, 12),
      paidAt: addDays(alumniStart, 12),
    },
    {
      orgId,
      campaignId: alumniCampaign,
      amountCents: 5_000,
      status: 'paid',
      checkoutSessionId: 'cs_demo_alumni_shared_2',
      stripePaymentIntentId: 'pi_demo_alumni_shared_2',
      createdAt: addDays(alumniStart, 30),
      paidAt: addDays(alumniStart, 30),
    },
  );
  await insertDemoDonations(
    tx,
    alumniDonations.filter((d) => !d.paidAt || d.paidAt < now),
  );

  // --- A draft for the summer camp, ready to launch -------------------------------------------
  const campStart = addDays(now, 14);
  const draft = await insertDemoCampaign(tx, {
    orgId,
    name: 'Summer Camp Scholarship Drive',
    status: 'draft',
    campaignType: 'player',
    goalCents: 30_000,
    startsAt: day(campStart),
    endsAt: day(addDays(campStart, 21)),
    minContactsPerPlayer: 3,
    messagePerspective: 'team',
    reminderSchedule: DEFAULT_REMINDER_SCHEDULE,
    createdBy: userId,
    createdAt: addDays(now, -1),
    updatedAt: addDays(now, -1),
  });
  const campers = await insertDemoPlayers(
    tx,
    ['Ava Bennett', 'Liam Patel', 'Noah Thompson'].map((name) => ({ orgId, campaignId: draft, name })),
  );
  const campFamilies = people(random, 9, used);
  const campContacts = await insertDemoContacts(
    tx,
    campFamilies.map((p) => ({ orgId, name: p.name, email: p.email })),
  );
  await insertDemoCampaignContacts(
    tx,
    campContacts.map((c, i) => ({ orgId, campaignId: draft, contactId: c.id, playerId: campers[i % 3]?.id })),
  );
}
