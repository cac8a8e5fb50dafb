import type {
  TCampaignProgress,
  TContactInsights,
  TEmailHistory,
  TPlayerProgress,
} from '@pennant/shared/fundraising/schemas';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../../db/client';
import { withTenant } from '../../db/tenant';
import type { TTestEnv } from '../../test/harness';
import { forEachDatabase } from '../../test/harness';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import { expectStatus } from '../catalogue/fixtures/catalogue-fixtures';
import {
  alumniCampaignBody,
  campaignDetail,
  campaignIds,
  campaignList,
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

/*
 * The counts and the roster the triggers of 0026 keep (campaign_tally, campaign_player_tally,
 * campaign_roster) against what the pages show, through every change that moves them: players
 * and contacts added, moved and removed, contacts e-mailed, renamed, opted out and deleted,
 * donations paid, refunded, moved and deleted, campaigns and organizations deleted. After each
 * step the kept rows are also compared with the same figures counted from the tables themselves.
 */

const BASE = '/api/fundraising/campaigns';

/**
 * Every kept row of the organization that differs from the tables (empty when exact): a
 * campaign's players, contacts and e-mailed contacts; a player's contacts and paid donations; a
 * campaign contact's name, address, opt-out and recipient status.
 */
async function drift(env: TTestEnv, orgId: string): Promise<string[]> {
  const found = await platformQuery(
    env,
    z.object({ what: z.string() }),
    sql`SELECT 'tally ' || c.id AS what
        FROM fundraising_campaign c LEFT JOIN campaign_tally t ON t.campaign_id = c.id
        WHERE c.org_id = ${orgId}
          AND (COALESCE(t.player_count, 0), COALESCE(t.contact_count, 0), COALESCE(t.mailed_count, 0))
              IS DISTINCT FROM (
                (SELECT count(*)::int FROM campaign_player p WHERE p.campaign_id = c.id),
                (SELECT count(*)::int FROM campaign_contact k WHERE k.campaign_id = c.id),
                (SELECT count(*)::int FROM campaign_contact k WHERE k.campaign_id = c.id
                   AND EXISTS (SELECT 1 FROM email_campaign_recipient r
                               WHERE r.fundraising_campaign_id = k.campaign_id AND r.contact_id = k.contact_id)))
        UNION ALL
        SELECT 'tally of a campaign gone ' || t.campaign_id FROM campaign_tally t
        WHERE t.org_id = ${orgId} AND NOT EXISTS (SELECT 1 FROM fundraising_campaign c WHERE c.id = t.campaign_id)
        UNION ALL
        SELECT 'player ' || COALESCE(a.player_id, b.player_id)
        FROM (SELECT campaign_id, player_id, sum(contacts)::int AS contacts, sum(gifts)::int AS gifts,
                     sum(cents)::bigint AS cents
              FROM (SELECT campaign_id, player_id, 1 AS contacts, 0 AS gifts, 0 AS cents FROM campaign_contact
                    WHERE org_id = ${orgId} AND player_id IS NOT NULL
                    UNION ALL
                    SELECT campaign_id, player_id, 0, 1, amount_cents FROM donation
                    WHERE org_id = ${orgId} AND status = 'paid' AND player_id IS NOT NULL) x
              GROUP BY campaign_id, player_id) a
        FULL JOIN (SELECT * FROM campaign_player_tally
                   WHERE org_id = ${orgId} AND (contact_count, donation_count, raised_cents) <> (0, 0, 0)) b
          ON b.campaign_id = a.campaign_id AND b.player_id = a.player_id
        WHERE (a.contacts, a.gifts, a.cents) IS DISTINCT FROM (b.contact_count, b.donation_count, b.raised_cents)
        UNION ALL
        SELECT 'roster ' || COALESCE(a.id, b.id)
        FROM (SELECT k.id, k.campaign_id, k.contact_id, k.player_id, k.created_at, fc.name, fc.email, fc.email_opt_out,
                     fc.opt_out_at, r.status
              FROM campaign_contact k JOIN fundraising_contact fc ON fc.id = k.contact_id
              LEFT JOIN email_campaign_recipient r
                ON r.fundraising_campaign_id = k.campaign_id AND r.contact_id = k.contact_id
              WHERE k.org_id = ${orgId}) a
        FULL JOIN (SELECT * FROM campaign_roster WHERE org_id = ${orgId}) b ON b.id = a.id
        WHERE (a.campaign_id, a.contact_id, a.player_id, a.created_at, a.name, a.email, a.email_opt_out, a.opt_out_at,
               a.status)
              IS DISTINCT FROM (b.campaign_id, b.contact_id, b.player_id, b.created_at, b.name, b.email,
                                b.email_opt_out, b.opt_out_at, b.recipient_status)`,
  );
  return found.map((r) => r.what);
}

/** The kept rows left for an organization (none once it is deleted). */
async function keptRows(env: TTestEnv, orgId: string): Promise<number> {
  const [row] = await platformQuery(
    env,
    z.object({ n: z.number() }),
    sql`SELECT ((SELECT count(*) FROM campaign_tally WHERE org_id = ${orgId})
              + (SELECT count(*) FROM campaign_player_tally WHERE org_id = ${orgId})
              + (SELECT count(*) FROM campaign_roster WHERE org_id = ${orgId})
              + (SELECT count(*) FROM campaign_giving WHERE org_id = ${orgId})
              + (SELECT count(*) FROM campaign_raised WHERE org_id = ${orgId})
              + (SELECT count(*) FROM org_giving_quarter WHERE org_id = ${orgId}))::int AS n`,
  );
  return row?.n ?? -1;
}

forEachDatabase('fundraising kept counts: contacts and players', (env) => {
  it('keeps the list, the detail, the history and the insights exact as contacts come, are e-mailed, opt out and go', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Tally Boosters');
    const { id } = await postCampaign(client, playerCampaignBody());
    const other = await postCampaign(client, playerCampaignBody({ name: 'Other Drive' }));
    const { contacts, players } = await campaignIds(client, id);
    const maria = idOf(contacts, 'maria@example.org');
    const jose = idOf(contacts, 'jose@example.org');
    const kim = idOf(contacts, 'kim@example.org');
    const sam = idOf(players, 'Sam Lee');

    const figures = async () => {
      const listed = (await campaignList(client)).campaigns.find((c) => c.id === id);
      const detail = await campaignDetail(client, id);
      const history = await campaignRead<TEmailHistory>(client, id, 'email-history');
      const insights = await campaignRead<TContactInsights>(client, id, 'insights');
      const progress = await campaignRead<{ players: TPlayerProgress[] }>(client, id, 'player-progress');
      return {
        list: listed && [listed.playerCount, listed.contactCount, listed.unsentCount, listed.totalGoalCents],
        contacts: detail.contacts.map(
          (c) => `${c.name} <${c.email}>${c.emailSent ? ' sent' : ''}${c.optedOut ? ' out' : ''}`,
        ),
        history: [history.totalContacts, history.previouslySentContacts, history.newContacts],
        counts: insights.counts,
        stats: insights.stats,
        players: progress.players.map((p) => `${p.name}:${p.contactCount}`),
      };
    };

    expect(await figures()).toEqual({
      list: [2, 3, 3, 100_000],
      contacts: ['Maria Rivera <maria@example.org>', 'Jose Rivera <jose@example.org>', 'Kim Lee <kim@example.org>'],
      history: [3, 0, 3],
      counts: { all: 3, eligible: 3, donated: 0, opted_out: 0, no_email: 0 },
      stats: { totalContacts: 3, emailsSent: 0, deliveryRate: 0 },
      players: ['Alex Rivera:2', 'Sam Lee:1'],
    });

    // The launch queues Maria and Jose, then the send job sends Maria's e-mail and Jose's fails.
    const batch = await recordSend(env(), orgId, id, [maria, jose], { status: 'queued' });
    expect(await figures()).toMatchObject({
      list: [2, 3, 1, 100_000],
      contacts: [
        'Maria Rivera <maria@example.org> sent',
        'Jose Rivera <jose@example.org> sent',
        'Kim Lee <kim@example.org>',
      ],
      history: [3, 2, 1],
      stats: { totalContacts: 3, emailsSent: 0, deliveryRate: 0 },
    });
    await platformExec(
      env(),
      sql`UPDATE email_campaign_recipient SET status = CASE WHEN contact_id = ${maria} THEN 'sent' ELSE 'failed' END,
                                              sent_at = now()
          WHERE email_campaign_id = ${batch}`,
    );
    expect(await figures()).toMatchObject({
      list: [2, 3, 1, 100_000],
      contacts: [
        'Maria Rivera <maria@example.org> sent',
        'Jose Rivera <jose@example.org>',
        'Kim Lee <kim@example.org>',
      ],
      history: [3, 2, 1],
      stats: { totalContacts: 3, emailsSent: 1, deliveryRate: 33.3 },
    });
    expect(await drift(env(), orgId)).toEqual([]);

    // Kim opts out (from every campaign she is in), and a new contact joins under Sam.
    await optOut(env(), kim, '2099-03-05T12:00:00Z');
    expectStatus(
      await client.post(`${BASE}/${id}/contacts`, {
        contacts: [{ name: 'Nina Cruz', email: 'nina@example.org', playerId: sam }],
      }),
      200,
      'add contacts',
    );
    expect(await figures()).toMatchObject({
      list: [2, 4, 2, 100_000],
      contacts: [
        'Maria Rivera <maria@example.org> sent',
        'Jose Rivera <jose@example.org>',
        'Kim Lee <kim@example.org> out',
        'Nina Cruz <nina@example.org>',
      ],
      history: [4, 2, 2],
      counts: { all: 4, eligible: 3, donated: 0, opted_out: 1, no_email: 0 },
      players: ['Alex Rivera:2', 'Sam Lee:2'],
    });
    const otherDetail = await campaignDetail(client, other.id);
    expect(otherDetail.contacts.find((c) => c.email === 'kim@example.org')?.optedOut).toBe(true);

    // The save renames Jose (the organization's contact: every campaign shows the new name), moves
    // Kim to Alex, drops Nina (never e-mailed) and Sam (no donation names him).
    expectStatus(
      await client.put(
        `${BASE}/${id}`,
        playerCampaignBody({
          players: [{ name: 'Alex Rivera' }],
          contacts: [
            { name: 'Maria Rivera', email: 'maria@example.org', playerIndex: 0 },
            { name: 'José Rivera', email: 'jose@example.org', playerIndex: 0 },
            { name: 'Kim Lee', email: 'kim@example.org', playerIndex: 0 },
          ],
        }),
      ),
      200,
      'save',
    );
    expect(await figures()).toMatchObject({
      list: [1, 3, 1, 50_000],
      contacts: [
        'Maria Rivera <maria@example.org> sent',
        'José Rivera <jose@example.org>',
        'Kim Lee <kim@example.org> out',
      ],
      history: [3, 2, 1],
      counts: { all: 3, eligible: 2, donated: 0, opted_out: 1, no_email: 0 },
      players: ['Alex Rivera:3'],
    });
    expect((await campaignDetail(client, other.id)).contacts.map((c) => c.name)).toContain('José Rivera');
    expect(await drift(env(), orgId)).toEqual([]);

    // A recipient row deleted outright: Jose is no longer counted as e-mailed.
    await platformExec(env(), sql`DELETE FROM email_campaign_recipient WHERE contact_id = ${jose}`);
    expect(await figures()).toMatchObject({ list: [1, 3, 2, 50_000], history: [3, 1, 2] });

    // Maria's organization contact is deleted: she leaves every campaign, with her recipient row.
    await platformExec(env(), sql`DELETE FROM fundraising_contact WHERE id = ${maria}`);
    expect(await figures()).toMatchObject({
      list: [1, 2, 2, 50_000],
      contacts: ['José Rivera <jose@example.org>', 'Kim Lee <kim@example.org> out'],
      history: [2, 0, 2],
      stats: { totalContacts: 2, emailsSent: 0, deliveryRate: 0 },
      players: ['Alex Rivera:2'],
    });
    expect(await drift(env(), orgId)).toEqual([]);
  });

  it('keeps player progress and Raised exact as donations are paid, refunded, moved and deleted', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Player Tally Boosters');
    const { id } = await postCampaign(client, playerCampaignBody());
    const { contacts, players } = await campaignIds(client, id);
    const alex = idOf(players, 'Alex Rivera');
    const sam = idOf(players, 'Sam Lee');
    const maria = idOf(contacts, 'maria@example.org');

    const figures = async () => {
      const progress = await campaignRead<{ players: TPlayerProgress[] }>(client, id, 'player-progress');
      const total = await campaignRead<TCampaignProgress>(client, id, 'progress');
      const listed = (await campaignList(client)).campaigns.find((c) => c.id === id);
      return {
        players: progress.players.map((p) => `${p.name}:${p.raisedCents}:${p.progressPercentage}`),
        raised: [total.raisedCents, total.donationCount, listed?.raisedCents],
      };
    };

    // A checkout opens for Alex (pending: nothing counts), then the webhook marks it paid.
    const first = await insertDonation(env(), orgId, id, {
      amountCents: 10_000,
      playerId: alex,
      contactId: maria,
      status: 'pending',
    });
    expect(await figures()).toEqual({ players: ['Alex Rivera:0:0', 'Sam Lee:0:0'], raised: [0, 0, 0] });
    await platformExec(env(), sql`UPDATE donation SET status = 'paid', paid_at = now() WHERE id = ${first}`);
    // Two more in one statement: one for Sam, one for no player.
    await platformExec(
      env(),
      sql`INSERT INTO donation (org_id, campaign_id, player_id, amount_cents, status, paid_at)
          VALUES (${orgId}, ${id}, ${sam}, 5000, 'paid', now()), (${orgId}, ${id}, NULL, 2500, 'paid', now())`,
    );
    expect(await figures()).toEqual({
      players: ['Alex Rivera:10000:20', 'Sam Lee:5000:10'],
      raised: [17_500, 3, 17_500],
    });
    expect(await drift(env(), orgId)).toEqual([]);

    // Alex's gift is refunded; Sam's is put on Alex.
    await platformExec(env(), sql`UPDATE donation SET status = 'refunded', paid_at = NULL WHERE id = ${first}`);
    await platformExec(env(), sql`UPDATE donation SET player_id = ${alex} WHERE player_id = ${sam}`);
    expect(await figures()).toEqual({
      players: ['Alex Rivera:5000:10', 'Sam Lee:0:0'],
      raised: [7_500, 2, 7_500],
    });

    // Paid again, then deleted outright.
    await platformExec(env(), sql`UPDATE donation SET status = 'paid', paid_at = now() WHERE id = ${first}`);
    expect(await figures()).toMatchObject({ players: ['Alex Rivera:15000:30', 'Sam Lee:0:0'] });
    await platformExec(env(), sql`DELETE FROM donation WHERE id = ${first}`);
    expect(await figures()).toEqual({
      players: ['Alex Rivera:5000:10', 'Sam Lee:0:0'],
      raised: [7_500, 2, 7_500],
    });
    expect(await drift(env(), orgId)).toEqual([]);

    // A player deleted with a paid gift (the donation keeps its money, now under no player; the
    // save itself never deletes such a player).
    await platformExec(env(), sql`DELETE FROM campaign_player WHERE id = ${alex}`);
    expect(await figures()).toEqual({ players: ['Sam Lee:0:0'], raised: [7_500, 2, 7_500] });
    const listed = (await campaignList(client)).campaigns.find((c) => c.id === id);
    expect([listed?.playerCount, listed?.contactCount, listed?.totalGoalCents]).toEqual([1, 3, 50_000]);
    expect(await drift(env(), orgId)).toEqual([]);
  });

  it('drops a deleted campaign from the list, and an organization deleted with its paid donations leaves no kept row', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Gone Boosters');
    await readyPaymentAccount(env(), orgId);
    const kept = await postCampaign(client, alumniCampaignBody({ name: 'Kept Drive' }));
    const softly = await postCampaign(client, playerCampaignBody({ name: 'Soft Drive' }));
    const hard = await postCampaign(client, playerCampaignBody({ name: 'Hard Drive' }));
    const { contacts } = await campaignIds(client, hard.id);
    for (const c of [kept, softly, hard]) {
      await insertDonation(env(), orgId, c.id, { amountCents: 2_000, donorEmail: 'fan@example.org' });
    }
    await recordSend(env(), orgId, hard.id, [idOf(contacts, 'kim@example.org')]);

    // Deleted softly (the app's delete): gone from the list, the others' figures untouched.
    expectStatus(await client.delete(`${BASE}/${softly.id}`), 200, 'delete');
    // Deleted outright with its contacts, recipients and paid donations (as an organization's
    // deletion does to each campaign): no error, and its kept rows go with it.
    await platformExec(env(), sql`DELETE FROM fundraising_campaign WHERE id = ${hard.id}`);
    const list = await campaignList(client);
    expect(list.campaigns.map((c) => [c.name, c.raisedCents, c.contactCount, c.unsentCount])).toEqual([
      ['Kept Drive', 2_000, 2, 2],
    ]);
    expect(await drift(env(), orgId)).toEqual([]);

    await platformExec(env(), sql`DELETE FROM organization WHERE id = ${orgId}`);
    expect(await keptRows(env(), orgId)).toBe(0);
  });

  it('keeps the tenant role from writing kept counts itself, and from writing roster rows of another organization', async () => {
    const mine = await campaignOrg(env(), 'Own Boosters');
    const theirs = await campaignOrg(env(), 'Other Boosters');
    const { id } = await postCampaign(theirs.client, playerCampaignBody());
    // What the database answered (the driver's error wraps it), or 'done'.
    const asTenant = async (query: ReturnType<typeof sql>): Promise<string> => {
      try {
        await withTenant(env().deps.db, { orgId: mine.orgId, userId: crypto.randomUUID() }, (tx) => tx.execute(query));
        return 'done';
      } catch (err) {
        return err instanceof Error
          ? String(err.cause instanceof Error ? err.cause.message : err.message)
          : String(err);
      }
    };

    expect(
      await asTenant(
        sql`SELECT campaign_tally_apply(ARRAY[ROW(${id}::uuid, ${theirs.orgId}::uuid, 5, 5, 5)::campaign_tally])`,
      ),
    ).toMatch(/permission denied/);
    expect(
      await asTenant(sql`SELECT campaign_roster_add(ARRAY[ROW(gen_random_uuid(), ${theirs.orgId}::uuid, ${id}::uuid,
                     gen_random_uuid(), NULL, now(), 'Made Up', 'made.up@example.org', false, NULL, NULL, NULL, NULL)::campaign_roster])`),
    ).toMatch(/another organization/);
    const listed = (await campaignList(theirs.client)).campaigns.find((c) => c.id === id);
    expect([listed?.playerCount, listed?.contactCount, listed?.unsentCount]).toEqual([2, 3, 3]);
    expect(await drift(env(), theirs.orgId)).toEqual([]);
  });
});
