import type {
  TCampaignList,
  TCampaignProgress,
  TContactInsights,
  TDonationAnalytics,
  TDonationList,
  TEmailHistory,
} from '@pennant/shared/fundraising/schemas';
import { expect, it } from 'vitest';
import { sql } from '../../db/client';
import { forEachDatabase } from '../../test/harness';
import { platformExec } from '../../test/team-fixtures';
import { expectStatus } from '../catalogue/fixtures/catalogue-fixtures';
import { deliveryRate } from './campaign-reads.service';
import {
  alumniCampaignBody,
  campaignIds,
  campaignOrg,
  campaignRead,
  idOf,
  insertDonation,
  optOut,
  playerCampaignBody,
  postCampaign,
  recordSend,
} from './fixtures/campaign-fixtures';
import { readyPaymentAccount } from './fixtures/launch-fixtures';

type TPlayers = {
  players: {
    id: string;
    name: string;
    raisedCents: number;
    contactCount: number;
    goalCents: number | null;
    progressPercentage: number;
  }[];
};

forEachDatabase('fundraising campaign page: history and progress', (env) => {
  it('summarises the e-mail history: first send, then new contacts, then all contacted', async () => {
    const { client, orgId } = await campaignOrg(env(), 'History Boosters');
    const { id } = await postCampaign(client, playerCampaignBody());
    const { contacts } = await campaignIds(client, id);
    expect(await campaignRead<TEmailHistory>(client, id, 'email-history')).toEqual({
      totalContacts: 3,
      previouslySentContacts: 0,
      newContacts: 3,
      hasPreviousSends: false,
      originalSubject: null,
      originalBody: null,
    });

    await recordSend(env(), orgId, id, [idOf(contacts, 'maria@example.org')], {
      subject: 'First subject',
      body: 'First body',
      createdAt: '2099-03-01T10:00:00Z',
    });
    // A contact the launch skipped (opted out) or whose e-mail failed is not queued again either.
    await recordSend(env(), orgId, id, [idOf(contacts, 'jose@example.org')], {
      status: 'failed',
      subject: 'Second subject',
      createdAt: '2099-03-02T10:00:00Z',
    });
    expect(await campaignRead<TEmailHistory>(client, id, 'email-history')).toEqual({
      totalContacts: 3,
      previouslySentContacts: 2,
      newContacts: 1,
      hasPreviousSends: true,
      originalSubject: 'First subject',
      originalBody: 'First body',
    });

    await recordSend(env(), orgId, id, [idOf(contacts, 'kim@example.org')], { createdAt: '2099-03-03T10:00:00Z' });
    expect(await campaignRead<TEmailHistory>(client, id, 'email-history')).toMatchObject({
      totalContacts: 3,
      previouslySentContacts: 3,
      newContacts: 0,
      hasPreviousSends: true,
      originalSubject: 'First subject',
    });
  });

  it('counts paid donations only: per player, and for the campaign against goal × players with distinct donors', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Progress Boosters');
    const { id } = await postCampaign(client, playerCampaignBody());
    const { contacts, players } = await campaignIds(client, id);
    const alex = idOf(players, 'Alex Rivera');
    const sam = idOf(players, 'Sam Lee');
    const maria = idOf(contacts, 'maria@example.org');
    await insertDonation(env(), orgId, id, {
      amountCents: 10_000,
      playerId: alex,
      contactId: maria,
      donorEmail: 'maria@example.org',
    });
    // The same donor by e-mail (any case), without the contact link.
    await insertDonation(env(), orgId, id, { amountCents: 2_500, playerId: alex, donorEmail: ' MARIA@example.org ' });
    await insertDonation(env(), orgId, id, {
      amountCents: 50_000,
      playerId: sam,
      contactId: idOf(contacts, 'kim@example.org'),
    });
    await insertDonation(env(), orgId, id, { amountCents: 99_900, playerId: alex, status: 'pending' });
    await insertDonation(env(), orgId, id, { amountCents: 77_700, playerId: sam, status: 'failed' });
    // Two anonymous gifts are one anonymous donor.
    await insertDonation(env(), orgId, id, { amountCents: 1_000 });
    await insertDonation(env(), orgId, id, { amountCents: 500, donorEmail: '  ' });

    const progress = await campaignRead<TPlayers>(client, id, 'player-progress');
    expect(progress.players).toEqual([
      {
        id: alex,
        name: 'Alex Rivera',
        raisedCents: 12_500,
        contactCount: 2,
        goalCents: 50_000,
        progressPercentage: 25,
      },
      { id: sam, name: 'Sam Lee', raisedCents: 50_000, contactCount: 1, goalCents: 50_000, progressPercentage: 100 },
    ]);
    expect(await campaignRead<TCampaignProgress>(client, id, 'progress')).toEqual({
      raisedCents: 64_000,
      goalCents: 100_000,
      donationCount: 5,
      donorCount: 3,
      contactCount: 3,
      progressPercentage: 64,
    });

    // No goal: 0%, the raised figures still there.
    const open = await postCampaign(client, playerCampaignBody({ name: 'Open Drive', goalCents: null }));
    await insertDonation(env(), orgId, open.id, { amountCents: 4_200 });
    expect(await campaignRead<TCampaignProgress>(client, open.id, 'progress')).toMatchObject({
      raisedCents: 4_200,
      goalCents: null,
      progressPercentage: 0,
    });
  });
});

forEachDatabase('fundraising campaign page: donations and analytics', (env) => {
  it('lists donations newest first by status, names falling back to the contact’s, with the connected account', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Donations Boosters');
    const { id } = await postCampaign(client, playerCampaignBody());
    const { contacts, players } = await campaignIds(client, id);
    const kim = idOf(contacts, 'kim@example.org');
    const sam = idOf(players, 'Sam Lee');
    const given = await insertDonation(env(), orgId, id, {
      amountCents: 5_000,
      donorName: 'Grandpa Lee',
      donorEmail: 'grandpa@example.org',
      contactId: kim,
      playerId: sam,
      stripePaymentIntentId: 'pi_1',
      createdAt: '2099-03-01T10:00:00Z',
    });
    const fallback = await insertDonation(env(), orgId, id, {
      amountCents: 2_500,
      contactId: kim,
      status: 'pending',
      createdAt: '2099-03-02T10:00:00Z',
    });
    const anonymous = await insertDonation(env(), orgId, id, { amountCents: 1_000, createdAt: '2099-03-03T10:00:00Z' });

    const all = await campaignRead<TDonationList>(client, id, 'donations');
    expect(all.stripeAccountId).toBeNull();
    expect(all.donations).toEqual([
      {
        id: anonymous,
        amountCents: 1_000,
        status: 'paid',
        createdAt: '2099-03-03T10:00:00.000Z',
        paidAt: '2099-03-03T10:00:00.000Z',
        stripePaymentIntentId: null,
        donorName: null,
        donorEmail: null,
        contactId: null,
        playerId: null,
        playerName: null,
      },
      expect.objectContaining({
        id: fallback,
        status: 'pending',
        paidAt: null,
        donorName: 'Kim Lee',
        donorEmail: 'kim@example.org',
        contactId: kim,
      }),
      expect.objectContaining({
        id: given,
        donorName: 'Grandpa Lee',
        donorEmail: 'grandpa@example.org',
        playerId: sam,
        playerName: 'Sam Lee',
        stripePaymentIntentId: 'pi_1',
      }),
    ]);
    const paid = await campaignRead<TDonationList>(client, id, 'donations?status=paid');
    expect(paid.donations.map((d) => d.id)).toEqual([anonymous, given]);
    const pending = await campaignRead<TDonationList>(client, id, 'donations?status=pending');
    expect(pending.donations.map((d) => d.id)).toEqual([fallback]);
    expect((await client.get(`/api/fundraising/campaigns/${id}/donations?status=refunded`)).status).toBe(400);

    await readyPaymentAccount(env(), orgId);
    const linked = await campaignRead<TDonationList>(client, id, 'donations');
    expect(linked.stripeAccountId).toBe(`acct_test_${orgId.slice(0, 8)}`);
  });

  it('analyses paid donations: totals, the timeline by the organization’s local date, 10 top donors by donor key', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Analytics Boosters', 'America/Los_Angeles');
    await readyPaymentAccount(env(), orgId);
    const { id } = await postCampaign(client, alumniCampaignBody());
    const { contacts } = await campaignIds(client, id);
    const chris = idOf(contacts, 'chris@example.org');
    // 05:00 UTC on 2 March is still 1 March in Los Angeles.
    await insertDonation(env(), orgId, id, {
      amountCents: 5_000,
      donorName: 'Alice',
      donorEmail: 'alice@example.org',
      paidAt: '2099-03-02T05:00:00Z',
    });
    await insertDonation(env(), orgId, id, {
      amountCents: 2_000,
      donorName: 'Alice A.',
      donorEmail: 'ALICE@example.org',
      paidAt: '2099-03-02T09:00:00Z',
    });
    await insertDonation(env(), orgId, id, { amountCents: 1_000, contactId: chris, paidAt: '2099-03-01T20:00:00Z' });
    await insertDonation(env(), orgId, id, { amountCents: 300, paidAt: '2099-03-02T20:00:00Z' });
    await insertDonation(env(), orgId, id, { amountCents: 200, paidAt: '2099-03-02T21:00:00Z' });
    for (let i = 1; i <= 9; i += 1) {
      await insertDonation(env(), orgId, id, {
        amountCents: 150,
        donorEmail: `e${i}@example.org`,
        paidAt: '2099-03-03T18:00:00Z',
      });
    }
    await insertDonation(env(), orgId, id, { amountCents: 90_000, donorEmail: 'alice@example.org', status: 'pending' });

    const a = await campaignRead<TDonationAnalytics>(client, id, 'analytics');
    expect(a).toMatchObject({ totalRaisedCents: 9_850, donationCount: 14, donorCount: 12, averageDonationCents: 704 });
    expect(a.timeline).toEqual([
      { date: '2099-03-01', amountCents: 6_000, count: 2 },
      { date: '2099-03-02', amountCents: 2_500, count: 3 },
      { date: '2099-03-03', amountCents: 1_350, count: 9 },
    ]);
    expect(a.topDonors).toHaveLength(10);
    expect(a.topDonors.slice(0, 4)).toEqual([
      {
        key: 'email:alice@example.org',
        name: 'Alice A.',
        email: 'alice@example.org',
        totalCents: 7_000,
        donationCount: 2,
      },
      { key: `contact:${chris}`, name: 'Chris Alum', email: 'chris@example.org', totalCents: 1_000, donationCount: 1 },
      { key: 'anonymous', name: 'Anonymous', email: null, totalCents: 500, donationCount: 2 },
      {
        key: 'email:e1@example.org',
        name: 'e1@example.org',
        email: 'e1@example.org',
        totalCents: 150,
        donationCount: 1,
      },
    ]);
    expect(a.topDonors.at(-1)?.key).toBe('email:e7@example.org');

    // No donations: zeros and empty lists.
    const none = await postCampaign(client, alumniCampaignBody({ name: 'Quiet Giving' }));
    expect(await campaignRead<TDonationAnalytics>(client, none.id, 'analytics')).toEqual({
      totalRaisedCents: 0,
      donationCount: 0,
      donorCount: 0,
      averageDonationCents: 0,
      timeline: [],
      topDonors: [],
    });
  });
  it('puts each gift on the organization’s date where a clock change makes midnight come twice or never', async () => {
    // Atlantic/Azores sets its clocks back from 01:00 to 00:00 on 25 October 2099, so that night
    // has two midnights (00:00 UTC and 01:00 UTC); America/Havana moves from 00:00 to 01:00 on
    // 8 March 2099, so that night has none. A gift every ten minutes for eight hours around each.
    const clocks = [
      { zone: 'Atlantic/Azores', from: Date.parse('2099-10-24T20:00:00Z') },
      { zone: 'America/Havana', from: Date.parse('2099-03-07T23:00:00Z') },
    ];
    for (const { zone, from } of clocks) {
      const { client, orgId } = await campaignOrg(env(), `Clock Boosters ${zone}`, zone);
      await readyPaymentAccount(env(), orgId);
      const { id } = await postCampaign(client, alumniCampaignBody());
      const gifts = Array.from({ length: 48 }, (_, i) => ({
        amountCents: 100 * (i + 1),
        paidAt: new Date(from + (i + 1) * 10 * 60_000).toISOString(),
      }));
      await platformExec(
        env(),
        sql`INSERT INTO donation (org_id, campaign_id, amount_cents, status, paid_at)
            SELECT ${orgId}, ${id}, 100 * i, 'paid', ${new Date(from).toISOString()}::timestamptz + i * interval '10 minutes'
            FROM generate_series(1, 48) i`,
      );

      // The date each gift was made on, on the organization's wall clock.
      const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' });
      const byDate = new Map<string, { date: string; amountCents: number; count: number }>();
      for (const g of gifts) {
        const date = localDate.format(new Date(g.paidAt));
        const day = byDate.get(date) ?? { date, amountCents: 0, count: 0 };
        day.amountCents += g.amountCents;
        day.count += 1;
        byDate.set(date, day);
      }
      const a = await campaignRead<TDonationAnalytics>(client, id, 'analytics');
      expect(a.timeline).toEqual([...byDate.values()]);
      // Both sides of the change's night are in the window.
      expect(a.timeline).toHaveLength(2);
    }
  });

  it('keeps every figure true as donations are paid, fail, move with a deleted contact and are deleted', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Giving Boosters');
    await readyPaymentAccount(env(), orgId);
    const { id } = await postCampaign(client, alumniCampaignBody());
    const { contacts } = await campaignIds(client, id);
    const chris = idOf(contacts, 'chris@example.org');
    const figures = async () => {
      const a = await campaignRead<TDonationAnalytics>(client, id, 'analytics');
      const insights = await campaignRead<TContactInsights>(client, id, 'insights');
      const list = expectStatus(await client.get<TCampaignList>('/api/fundraising/campaigns'), 200, 'list');
      return {
        raised: a.totalRaisedCents,
        donations: a.donationCount,
        donors: a.donorCount,
        days: a.timeline.map((d) => `${d.date}:${d.amountCents}`),
        top: a.topDonors.map((d) => `${d.name}:${d.totalCents}`),
        chris: insights.rows.find((r) => r.contactId === chris)?.totalDonatedCents ?? null,
        listed: list.campaigns.find((c) => c.id === id)?.raisedCents,
      };
    };

    // A checkout opens (pending): nothing counts yet.
    const first = await insertDonation(env(), orgId, id, {
      amountCents: 5_000,
      contactId: chris,
      donorEmail: 'chris@example.org',
      status: 'pending',
    });
    expect(await figures()).toMatchObject({ raised: 0, donors: 0, chris: 0, listed: 0 });

    // The webhook marks it paid.
    await platformExec(
      env(),
      sql`UPDATE donation SET status = 'paid', donor_name = 'Chris A.', paid_at = '2099-04-02T15:00:00Z' WHERE id = ${first}`,
    );
    expect(await figures()).toEqual({
      raised: 5_000,
      donations: 1,
      donors: 1,
      days: ['2099-04-02:5000'],
      top: ['Chris A.:5000'],
      chris: 5_000,
      listed: 5_000,
    });

    // Three gifts in one statement, one of them from Chris's address without the contact link.
    await platformExec(
      env(),
      sql`INSERT INTO donation (org_id, campaign_id, amount_cents, status, donor_name, donor_email, paid_at)
          VALUES (${orgId}, ${id}, 2500, 'paid', 'Chris', ' Chris@Example.org ', '2099-04-03T15:00:00Z'),
                 (${orgId}, ${id}, 1000, 'paid', 'Dana', 'dana@example.org', '2099-04-03T16:00:00Z'),
                 (${orgId}, ${id}, 1000, 'paid', 'Dana', 'dana@example.org', '2099-04-03T17:00:00Z')`,
    );
    expect(await figures()).toEqual({
      raised: 9_500,
      donations: 4,
      donors: 2,
      days: ['2099-04-02:5000', '2099-04-03:4500'],
      top: ['Chris:7500', 'Dana:2000'],
      chris: 7_500,
      listed: 9_500,
    });

    // A payment that leaves paid (the provider fails it) stops counting, and the top donor's name
    // is their remaining latest gift's.
    await platformExec(
      env(),
      sql`UPDATE donation SET status = 'failed', paid_at = NULL WHERE org_id = ${orgId} AND donor_name = 'Chris'`,
    );
    expect(await figures()).toMatchObject({ raised: 7_000, donations: 3, top: ['Chris A.:5000', 'Dana:2000'] });

    // Chris's contact is deleted: the gift stays, counted by the donor's address.
    await platformExec(env(), sql`DELETE FROM fundraising_contact WHERE id = ${chris}`);
    expect(await figures()).toMatchObject({ raised: 7_000, donations: 3, donors: 2, chris: null, listed: 7_000 });

    // A donation deleted outright leaves its day when it was the day's only one.
    await platformExec(env(), sql`DELETE FROM donation WHERE id = ${first}`);
    expect(await figures()).toEqual({
      raised: 2_000,
      donations: 2,
      donors: 1,
      days: ['2099-04-03:2000'],
      top: ['Dana:2000'],
      chris: null,
      listed: 2_000,
    });
  });
});

forEachDatabase('fundraising campaign page: contact insights', (env) => {
  it('answers each filter by pages of 10 with every count and the delivery rate', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Insight Boosters');
    const extras = Array.from({ length: 12 }, (_, i) => ({
      name: `Extra ${String(i + 1).padStart(2, '0')}`,
      email: `extra${i + 1}@example.org`,
      playerIndex: 1,
    }));
    const { id } = await postCampaign(
      client,
      playerCampaignBody({ contacts: [...playerCampaignBody().contacts, ...extras] }),
    );
    const other = await postCampaign(client, playerCampaignBody({ name: 'Other Drive' }));
    const { contacts } = await campaignIds(client, id);
    const maria = idOf(contacts, 'maria@example.org');
    const jose = idOf(contacts, 'jose@example.org');
    const kim = idOf(contacts, 'kim@example.org');
    await recordSend(env(), orgId, id, [maria, jose]);
    await recordSend(env(), orgId, id, [kim], { status: 'failed' });
    // Maria: by contact and by e-mail at once (one donation, counted once), and once more by contact.
    await insertDonation(env(), orgId, id, { amountCents: 2_000, contactId: maria, donorEmail: 'maria@example.org' });
    await insertDonation(env(), orgId, id, { amountCents: 500, contactId: maria });
    // Jose: by e-mail only, another case; then opted out.
    await insertDonation(env(), orgId, id, { amountCents: 1_500, donorEmail: 'JOSE@example.org' });
    await optOut(env(), jose, '2099-03-05T12:00:00Z');
    // Not counted: pending, and another campaign's.
    await insertDonation(env(), orgId, id, { amountCents: 9_000, contactId: kim, status: 'pending' });
    await insertDonation(env(), orgId, other.id, { amountCents: 9_000, donorEmail: 'kim@example.org' });
    // An address lost (imported data): the no_email filter.
    await platformExec(
      env(),
      sql`UPDATE fundraising_contact SET email = '' WHERE id = ${idOf(contacts, 'extra12@example.org')}`,
    );

    const url = (q: string) => `insights?${q}`;
    const all = await campaignRead<TContactInsights>(client, id, url('filter=all&page=1'));
    expect(all.counts).toEqual({ all: 15, eligible: 13, donated: 2, opted_out: 1, no_email: 1 });
    expect(all.stats).toEqual({ totalContacts: 15, emailsSent: 2, deliveryRate: 13.3 });
    expect(all).toMatchObject({ page: 1, pageSize: 10, total: 15 });
    expect(all.rows.map((r) => r.name)).toEqual(extras.slice(0, 10).map((e) => e.name));
    const second = await campaignRead<TContactInsights>(client, id, url('page=2'));
    expect(second.rows.map((r) => [r.name, r.email, r.receivedCampaignEmail, r.reminderStatus])).toEqual([
      ['Extra 11', 'extra11@example.org', false, 'eligible'],
      ['Extra 12', null, false, 'eligible'],
      ['Jose Rivera', 'jose@example.org', true, 'opted_out'],
      ['Kim Lee', 'kim@example.org', false, 'eligible'],
      ['Maria Rivera', 'maria@example.org', true, 'exempt_donated'],
    ]);
    expect((await campaignRead<TContactInsights>(client, id, url('page=3'))).rows).toEqual([]);

    const donated = await campaignRead<TContactInsights>(client, id, url('filter=donated'));
    expect(donated).toMatchObject({ total: 2, counts: all.counts, stats: all.stats });
    expect(donated.rows).toEqual([
      {
        contactId: jose,
        name: 'Jose Rivera',
        email: 'jose@example.org',
        receivedCampaignEmail: true,
        donationsMade: 1,
        totalDonatedCents: 1_500,
        emailOptOut: true,
        optOutAt: '2099-03-05T12:00:00.000Z',
        reminderStatus: 'opted_out',
      },
      {
        contactId: maria,
        name: 'Maria Rivera',
        email: 'maria@example.org',
        receivedCampaignEmail: true,
        donationsMade: 2,
        totalDonatedCents: 2_500,
        emailOptOut: false,
        optOutAt: null,
        reminderStatus: 'exempt_donated',
      },
    ]);
    const eligible = await campaignRead<TContactInsights>(client, id, url('filter=eligible&page=2'));
    expect(eligible).toMatchObject({ total: 13, page: 2 });
    expect(eligible.rows.map((r) => r.name)).toEqual(['Extra 11', 'Extra 12', 'Kim Lee']);
    const optedOut = await campaignRead<TContactInsights>(client, id, url('filter=opted_out'));
    expect(optedOut.rows.map((r) => r.contactId)).toEqual([jose]);
    const noEmail = await campaignRead<TContactInsights>(client, id, url('filter=no_email'));
    expect(noEmail.rows.map((r) => r.name)).toEqual(['Extra 12']);

    expect((await client.get(`/api/fundraising/campaigns/${id}/insights?filter=nobody`)).status).toBe(400);
    expect((await client.get(`/api/fundraising/campaigns/${id}/insights?page=0`)).status).toBe(400);
  });

  it('rates delivery as e-mails sent over contacts, one decimal, 0 without contacts', async () => {
    expect(deliveryRate(2, 15)).toBe(13.3);
    expect(deliveryRate(1, 3)).toBe(33.3);
    expect(deliveryRate(3, 3)).toBe(100);
    expect(deliveryRate(0, 0)).toBe(0);
    const { client } = await campaignOrg(env(), 'Empty Insight Boosters');
    const { id } = await postCampaign(client, playerCampaignBody({ contacts: [] }));
    expect(await campaignRead<TContactInsights>(client, id, 'insights')).toEqual({
      rows: [],
      page: 1,
      pageSize: 10,
      total: 0,
      counts: { all: 0, eligible: 0, donated: 0, opted_out: 0, no_email: 0 },
      stats: { totalContacts: 0, emailsSent: 0, deliveryRate: 0 },
    });
  });
});
