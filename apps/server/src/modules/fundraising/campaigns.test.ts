import {
  FUNDRAISING_LIMITS,
  FUNDRAISING_MESSAGES as M,
  type TAddContactsResult,
} from '@pennant/shared/fundraising/schemas';
import { expect, it, vi } from 'vitest';
import { sql } from '../../db/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { platformExec, setPlan } from '../../test/team-fixtures';
import { expectStatus, type TErrorReply } from '../catalogue/fixtures/catalogue-fixtures';
import { readOnlyMember } from '../companies/fixtures/company-fixtures';
import {
  alumniCampaignBody,
  campaignDetail,
  campaignIds,
  campaignList,
  campaignOrg,
  campaignRow,
  idOf,
  insertDonation,
  organizationContacts,
  playerCampaignBody,
  postCampaign,
  recordSend,
  type TCampaignList,
} from './fixtures/campaign-fixtures';
import { readyPaymentAccount } from './fixtures/launch-fixtures';

const BASE = '/api/fundraising/campaigns';

forEachDatabase('fundraising campaigns: create', (env) => {
  it('saves a new player campaign as a draft with its players and contacts, and lists it', async () => {
    const { client } = await campaignOrg(env(), 'Create Boosters');
    const saved = await postCampaign(client, playerCampaignBody());
    expect(saved).toEqual({ id: saved.id, status: 'draft', message: M.created });

    const detail = await campaignDetail(client, saved.id);
    expect(detail).toMatchObject({
      id: saved.id,
      name: 'Spring Booster Drive',
      status: 'draft',
      campaignType: 'player',
      goalCents: 50_000,
      startsAt: '2099-03-01',
      endsAt: '2099-03-31',
      minContactsPerPlayer: 10,
      messagePerspective: 'team',
      behalfOfName: null,
      subjectSeed: null,
      bodySeed: null,
      organizationName: 'Create Boosters',
      reminderSchedule: {
        autoScheduleEnabled: true,
        customScheduleEnabled: false,
        customIntervalsDays: [],
        maxReminders: 2,
      },
    });
    expect(detail.players.map((p) => p.name)).toEqual(['Alex Rivera', 'Sam Lee']);
    const player = new Map(detail.players.map((p) => [p.id, p.name]));
    expect(
      detail.contacts.map((c) => [c.name, c.email, c.playerId && player.get(c.playerId), c.emailSent, c.optedOut]),
    ).toEqual([
      ['Maria Rivera', 'maria@example.org', 'Alex Rivera', false, false],
      ['Jose Rivera', 'jose@example.org', 'Alex Rivera', false, false],
      ['Kim Lee', 'kim@example.org', 'Sam Lee', false, false],
    ]);

    const list = await campaignList(client);
    expect(list.campaigns).toEqual([
      {
        id: saved.id,
        name: 'Spring Booster Drive',
        status: 'draft',
        campaignType: 'player',
        goalCents: 50_000,
        totalGoalCents: 100_000,
        startsAt: '2099-03-01',
        endsAt: '2099-03-31',
        raisedCents: 0,
        playerCount: 2,
        contactCount: 3,
        unsentCount: 3,
        createdAt: detail.createdAt,
      },
    ]);
  });

  it('keeps one contact per address in the organization: a known address reuses its row and takes the new name', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Address Boosters');
    await postCampaign(client, playerCampaignBody());
    const second = await postCampaign(
      client,
      playerCampaignBody({
        name: 'Fall Drive',
        players: [{ name: 'Alex Rivera' }, { name: 'alex rivera' }],
        contacts: [
          { name: 'Maria R. Rivera', email: 'MARIA@example.org', playerIndex: 0 },
          // The same address twice in one save is one contact (the first).
          { name: 'Maria Again', email: 'maria@example.org', playerIndex: 1 },
          { name: 'Unassigned Uncle', email: 'uncle@example.org', playerIndex: -1 },
        ],
      }),
    );
    const detail = await campaignDetail(client, second.id);
    expect(detail.players.map((p) => p.name)).toEqual(['Alex Rivera']);
    expect(detail.contacts.map((c) => [c.name, c.email, c.playerId])).toEqual([
      ['Maria R. Rivera', 'maria@example.org', detail.players[0]?.id],
      ['Unassigned Uncle', 'uncle@example.org', null],
    ]);
    const contacts = await organizationContacts(env(), orgId);
    expect(contacts.map((c) => [c.email, c.name])).toEqual([
      ['jose@example.org', 'Jose Rivera'],
      ['kim@example.org', 'Kim Lee'],
      ['maria@example.org', 'Maria R. Rivera'],
      ['uncle@example.org', 'Unassigned Uncle'],
    ]);
    // The first campaign's Maria is the same person, with the name as last typed.
    const first = (await campaignList(client)).campaigns.find((c) => c.id !== second.id);
    const firstDetail = await campaignDetail(client, first?.id ?? '');
    expect(firstDetail.contacts[0]).toMatchObject({ email: 'maria@example.org', name: 'Maria R. Rivera' });
  });

  it('answers bad input with 400 on the field: a player index past the players, an impossible date, a short name', async () => {
    const { client } = await campaignOrg(env(), 'Bad Input Boosters');
    const pastPlayers = await client.post<TErrorReply>(
      BASE,
      playerCampaignBody({ contacts: [{ name: 'Lost Parent', email: 'lost@example.org', playerIndex: 2 }] }),
    );
    expect(pastPlayers.status).toBe(400);
    expect(pastPlayers.body.error.fields).toEqual({ 'contacts.0.playerIndex': M.selectPlayer });

    const badDay = await client.post<TErrorReply>(BASE, playerCampaignBody({ startsAt: '2099-02-30' }));
    expect(badDay.status).toBe(400);
    expect(badDay.body.error.fields).toHaveProperty('startsAt');

    const endBefore = await client.post<TErrorReply>(BASE, playerCampaignBody({ endsAt: '2099-02-01' }));
    expect(endBefore.status).toBe(400);
    expect(endBefore.body.error.fields).toEqual({ endsAt: M.endAfterStart });

    const short = await client.post<TErrorReply>(BASE, playerCampaignBody({ name: 'ab' }));
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(M.nameMin);
    expect((await campaignList(client)).campaigns).toEqual([]);
  });

  it('needs a plan that allows new campaigns; a campaign made before a downgrade stays editable', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Downgraded Boosters');
    const saved = await postCampaign(client, playerCampaignBody());
    await setPlan(env(), orgId, 'free', null);

    const refused = await client.post<TErrorReply>(BASE, playerCampaignBody({ name: 'Another Drive' }));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'plan_limit', message: M.premiumRequired });

    const edited = await client.put(`${BASE}/${saved.id}`, playerCampaignBody({ name: 'Spring Drive, renamed' }));
    expect(edited.status).toBe(200);
    expect((await campaignList(client)).campaigns.map((c) => c.name)).toEqual(['Spring Drive, renamed']);
  });

  it('creates an alumni campaign only with a ready payment account; its contacts have no player', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Alumni Boosters');
    const refused = await client.post<TErrorReply>(BASE, alumniCampaignBody());
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(M.paymentAccountNotConfigured);
    expect((await campaignList(client)).campaigns).toEqual([]);

    await readyPaymentAccount(env(), orgId);
    const saved = await postCampaign(
      client,
      alumniCampaignBody({
        players: [{ name: 'Ignored Player' }],
        contacts: [{ name: 'Pat Alum', email: 'pat@example.org', playerIndex: 0 }],
      }),
    );
    const detail = await campaignDetail(client, saved.id);
    expect(detail).toMatchObject({ campaignType: 'alumni', behalfOfName: 'Coach Taylor', players: [] });
    expect(detail.contacts.map((c) => [c.email, c.playerId])).toEqual([['pat@example.org', null]]);
    const [listed] = (await campaignList(client)).campaigns;
    expect(listed).toMatchObject({ totalGoalCents: 1_000_000, playerCount: 0, contactCount: 1 });
  });

  it('publishes the fundraising topic after each write', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Topic Boosters');
    const topics: string[] = [];
    const stop = env().deps.hub.subscribe(orgId, (event) => topics.push(event.topic));
    try {
      const { id } = await postCampaign(client, playerCampaignBody());
      await client.put(`${BASE}/${id}`, playerCampaignBody({ name: 'Renamed Drive' }));
      await client.post(`${BASE}/${id}/contacts`, { contacts: [{ name: 'New One', email: 'new@example.org' }] });
      await client.put(`${BASE}/${id}/template`, { subjectSeed: 'Hi', bodySeed: 'Body' });
      await client.delete(`${BASE}/${id}`);
      await vi.waitFor(() => expect(topics).toEqual(Array(5).fill('fundraising')));
    } finally {
      stop();
    }
  });
});

forEachDatabase('fundraising campaigns: edit', (env) => {
  it('keeps the type (409) and the status, syncs players by name and contacts by address', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Edit Boosters');
    const { id } = await postCampaign(
      client,
      playerCampaignBody({ players: [{ name: 'Alex Rivera' }, { name: 'Sam Lee' }, { name: 'Jo Park' }] }),
    );
    const before = await campaignIds(client, id);
    const alex = idOf(before.players, 'Alex Rivera');
    const sam = idOf(before.players, 'Sam Lee');
    // Sam has a donation: removing Sam keeps the player (the money stays attributed).
    await insertDonation(env(), orgId, id, { amountCents: 2_500, playerId: sam });
    const createdRow = await campaignRow(env(), id);

    const typeChange = await client.put<TErrorReply>(`${BASE}/${id}`, playerCampaignBody({ campaignType: 'alumni' }));
    expect(typeChange.status).toBe(409);
    expect(typeChange.body.error.message).toBe(M.typeFixed);

    const saved = await client.put(
      `${BASE}/${id}`,
      playerCampaignBody({
        name: 'Spring Drive 2099',
        goalCents: 75_000,
        status: 'sent',
        players: [{ name: 'alex rivera' }, { name: 'Dana Cruz' }],
        contacts: [
          { name: 'Maria Rivera', email: 'maria@example.org', playerIndex: 1 },
          { name: 'Kim Lee', email: 'kim@example.org', playerIndex: -1 },
          { name: 'Nina Cruz', email: 'nina@example.org', playerIndex: 1 },
        ],
      }),
    );
    // The status is the stored one, whatever the body says.
    expect(saved).toMatchObject({ status: 200, body: { id, status: 'draft', message: M.changesSaved } });

    const after = await campaignIds(client, id);
    expect(after.detail).toMatchObject({ name: 'Spring Drive 2099', goalCents: 75_000, status: 'draft' });
    expect(after.detail.players.map((p) => [p.name, p.id])).toEqual([
      ['alex rivera', alex],
      ['Dana Cruz', idOf(after.players, 'Dana Cruz')],
      ['Sam Lee', sam],
    ]);
    const dana = idOf(after.players, 'Dana Cruz');
    expect(after.detail.contacts.map((c) => [c.email, c.playerId])).toEqual([
      ['maria@example.org', dana],
      ['kim@example.org', null],
      ['nina@example.org', dana],
    ]);
    // The removed contact's organization row stays (its opt-out and other campaigns need it).
    expect((await organizationContacts(env(), orgId)).map((c) => c.email)).toContain('jose@example.org');
    const row = await campaignRow(env(), id);
    expect(new Date(row.updated_at).getTime()).toBeGreaterThan(new Date(createdRow.updated_at).getTime());
    expect(row.status).toBe('draft');
  });

  it('refuses to remove contacts already sent the campaign e-mail, and saves nothing then', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Sent Boosters');
    const { id } = await postCampaign(client, playerCampaignBody());
    const { contacts } = await campaignIds(client, id);
    await recordSend(env(), orgId, id, [idOf(contacts, 'maria@example.org'), idOf(contacts, 'jose@example.org')]);
    const before = await campaignDetail(client, id);
    expect(before.status).toBe('sent');
    expect(before.contacts.map((c) => [c.email, c.emailSent])).toEqual([
      ['maria@example.org', true],
      ['jose@example.org', true],
      ['kim@example.org', false],
    ]);

    const withoutMaria = playerCampaignBody({
      name: 'Not saved',
      contacts: [
        { name: 'Jose Rivera', email: 'jose@example.org', playerIndex: 0 },
        { name: 'Kim Lee', email: 'kim@example.org', playerIndex: 1 },
      ],
    });
    const one = await client.put<TErrorReply>(`${BASE}/${id}`, withoutMaria);
    expect(one.status).toBe(409);
    expect(one.body.error.message).toBe(M.cannotRemoveSent);

    const two = await client.put<TErrorReply>(
      `${BASE}/${id}`,
      playerCampaignBody({ contacts: [{ name: 'Kim Lee', email: 'kim@example.org', playerIndex: 1 }] }),
    );
    expect(two.status).toBe(409);
    expect(two.body.error.message).toBe(M.cannotDeleteSent(2));
    expect(await campaignDetail(client, id)).toEqual(before);

    // An unsent contact may go; the campaign stays sent (status passed back as 'draft' is ignored).
    const ok = await client.put(
      `${BASE}/${id}`,
      playerCampaignBody({ status: 'draft', contacts: playerCampaignBody().contacts.slice(0, 2) }),
    );
    expect(ok).toMatchObject({ status: 200, body: { status: 'sent' } });
    expect((await campaignDetail(client, id)).contacts.map((c) => c.email)).toEqual([
      'maria@example.org',
      'jose@example.org',
    ]);
  });
});

forEachDatabase('fundraising campaigns: list, delete, add contacts, template', (env) => {
  it('lists newest first with paid totals, counts and the contacts not yet sent; deleted ones are gone', async () => {
    const { client, orgId } = await campaignOrg(env(), 'List Boosters');
    const first = await postCampaign(client, playerCampaignBody({ name: 'First Drive', goalCents: null }));
    const second = await postCampaign(client, playerCampaignBody({ name: 'Second Drive' }));
    const third = await postCampaign(client, playerCampaignBody({ name: 'Third Drive' }));
    const { contacts } = await campaignIds(client, second.id);
    await insertDonation(env(), orgId, second.id, { amountCents: 5_000 });
    await insertDonation(env(), orgId, second.id, { amountCents: 2_500, contactId: idOf(contacts, 'kim@example.org') });
    await insertDonation(env(), orgId, second.id, { amountCents: 9_900, status: 'pending' });
    await recordSend(env(), orgId, second.id, [idOf(contacts, 'maria@example.org')]);
    expectStatus(await client.delete(`${BASE}/${third.id}`), 200, 'delete');

    const list = await campaignList(client);
    expect(
      list.campaigns.map((c) => [c.name, c.status, c.raisedCents, c.contactCount, c.unsentCount, c.totalGoalCents]),
    ).toEqual([
      ['Second Drive', 'sent', 7_500, 3, 2, 100_000],
      ['First Drive', 'draft', 0, 3, 3, null],
    ]);
    expect(list.campaigns.map((c) => c.id)).toEqual([second.id, first.id]);
  });

  it('lists 50 campaigns a page, newest first, with how many there are in all', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Paged Boosters');
    // 52 campaigns made a minute apart (Drive 1 the oldest), and one deleted, which no page counts.
    await platformExec(
      env(),
      sql`INSERT INTO fundraising_campaign (org_id, name, status, campaign_type, starts_at, ends_at, created_at, is_deleted,
                                        reminder_schedule)
          SELECT ${orgId}, 'Drive ' || i, 'draft', 'player', '2099-03-01', '2099-03-31',
                 now() - make_interval(mins => 100 - i), i = 53, '{}'::jsonb
          FROM generate_series(1, 53) AS i`,
    );
    const page = async (query: string) =>
      expectStatus(await client.get<TCampaignList>(`${BASE}${query}`), 200, `campaigns${query}`);
    const first = await page('');
    expect(first).toMatchObject({ total: 52, page: 1, pageSize: FUNDRAISING_LIMITS.campaignsPageSize });
    expect(first.campaigns.map((c) => c.name).slice(0, 2)).toEqual(['Drive 52', 'Drive 51']);
    expect(first.campaigns).toHaveLength(50);
    const second = await page('?page=2');
    expect(second).toMatchObject({ total: 52, page: 2 });
    expect(second.campaigns.map((c) => c.name)).toEqual(['Drive 2', 'Drive 1']);
    // Past the last page: none, still counted.
    expect(await page('?page=3')).toMatchObject({ campaigns: [], total: 52, page: 3 });
    expect((await client.get(`${BASE}?page=0`)).status).toBe(400);
    expect((await client.get(`${BASE}?page=two`)).status).toBe(400);
  });

  it('reads a campaign’s contacts a page of 25 at a time, or all of them, with their counts; the detail only counts them', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Roster Boosters');
    const extras = Array.from({ length: 27 }, (_, i) => ({
      name: `Parent ${String(i + 1).padStart(2, '0')}`,
      email: `parent${i + 1}@example.org`,
      playerIndex: 0,
    }));
    const { id } = await postCampaign(
      client,
      playerCampaignBody({ contacts: [...playerCampaignBody().contacts, ...extras] }),
    );
    const { detail, contacts } = await campaignIds(client, id);
    expect(detail.contactCount).toBe(30);
    expect('contacts' in (await client.get<object>(`${BASE}/${id}`)).body).toBe(false);
    await recordSend(env(), orgId, id, [idOf(contacts, 'maria@example.org'), idOf(contacts, 'parent27@example.org')]);
    await recordSend(env(), orgId, id, [idOf(contacts, 'parent1@example.org')], { status: 'failed' });

    type TPage = { contacts: { email: string; emailSent: boolean }[]; total: number; emailedCount: number };
    const page = async (query: string) =>
      expectStatus(await client.get<TPage>(`${BASE}/${id}/contacts${query}`), 200, query);
    const all = await page('');
    expect(all.contacts).toHaveLength(30);
    expect([all.total, all.emailedCount]).toEqual([30, 2]);
    const first = await page('?page=1');
    const second = await page('?page=2');
    expect(first.contacts.map((c) => c.email)).toEqual(all.contacts.slice(0, 25).map((c) => c.email));
    expect(second.contacts.map((c) => [c.email, c.emailSent])).toEqual([
      ['parent23@example.org', false],
      ['parent24@example.org', false],
      ['parent25@example.org', false],
      ['parent26@example.org', false],
      ['parent27@example.org', true],
    ]);
    expect([second.total, second.emailedCount]).toEqual([30, 2]);
    expect(await page('?page=3')).toEqual({ contacts: [], total: 30, emailedCount: 2 });

    for (const bad of ['?page=0', '?page=two', '?page=1.5']) {
      expect((await client.get(`${BASE}/${id}/contacts${bad}`)).status, bad).toBe(400);
    }
    // Another organization's campaign, an unknown one, a deleted one: not found.
    const other = await campaignOrg(env(), 'Nosy Boosters');
    expect((await other.client.get(`${BASE}/${id}/contacts?page=1`)).status).toBe(404);
    expect((await other.client.get(`${BASE}/${id}/contacts`)).status).toBe(404);
    expect((await client.get(`${BASE}/00000000-0000-4000-8000-000000000000/contacts`)).status).toBe(404);
    const draft = await postCampaign(client, playerCampaignBody({ name: 'Gone Drive' }));
    expectStatus(await client.delete(`${BASE}/${draft.id}`), 200, 'delete');
    expect((await client.get(`${BASE}/${draft.id}/contacts`)).status).toBe(404);
  });

  it('deletes softly; a sent campaign cannot be deleted', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Delete Boosters');
    const draft = await postCampaign(client, playerCampaignBody());
    expect(await client.delete(`${BASE}/${draft.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await campaignRow(env(), draft.id)).toMatchObject({ is_deleted: true });
    const gone = await client.get<TErrorReply>(`${BASE}/${draft.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(M.notFound);
    expect((await client.delete(`${BASE}/${draft.id}`)).status).toBe(404);

    const sent = await postCampaign(client, playerCampaignBody({ name: 'Sent Drive' }));
    const { contacts } = await campaignIds(client, sent.id);
    await recordSend(env(), orgId, sent.id, [idOf(contacts, 'kim@example.org')]);
    const refused = await client.delete<TErrorReply>(`${BASE}/${sent.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(M.cannotDeleteSentCampaign);
    expect(await campaignRow(env(), sent.id)).toMatchObject({ is_deleted: false, status: 'sent' });
  });

  it('adds contacts to a sent campaign, skipping addresses already in it; a player must be the campaign’s', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Add Boosters');
    const { id } = await postCampaign(client, playerCampaignBody());
    const other = await postCampaign(client, playerCampaignBody({ name: 'Other Drive' }));
    const ids = await campaignIds(client, id);
    await recordSend(env(), orgId, id, [...ids.contacts.values()]);
    const sam = idOf(ids.players, 'Sam Lee');

    const res = await client.post<TAddContactsResult>(`${BASE}/${id}/contacts`, {
      contacts: [
        { name: 'Maria Rivera', email: 'Maria@Example.org' },
        { name: 'Lee Uncle', email: 'uncle@example.org', playerId: sam },
        { name: 'Lee Uncle twice', email: 'uncle@example.org' },
        { name: 'Ana Aunt', email: 'ana@example.org' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Added 2 new contacts, skipped 2 already existing',
      stats: { contactsAdded: 2, contactsSkipped: 2, contactsFailed: 0 },
    });
    const detail = await campaignDetail(client, id);
    expect(detail.status).toBe('sent');
    expect(detail.contacts.slice(3).map((c) => [c.name, c.email, c.playerId, c.emailSent])).toEqual([
      ['Lee Uncle', 'uncle@example.org', sam, false],
      ['Ana Aunt', 'ana@example.org', null, false],
    ]);
    const listed = (await campaignList(client)).campaigns.find((c) => c.id === id);
    expect(listed).toMatchObject({ contactCount: 5, unsentCount: 2 });

    const none = await client.post<TAddContactsResult>(`${BASE}/${id}/contacts`, {
      contacts: [{ name: 'Ana Aunt', email: 'ana@example.org' }],
    });
    expect(none.body).toMatchObject({ message: 'Added 0 new contacts, skipped 1 already existing' });

    const otherPlayer = idOf((await campaignIds(client, other.id)).players, 'Sam Lee');
    const stranger = await client.post<TErrorReply>(`${BASE}/${id}/contacts`, {
      contacts: [
        { name: 'Fine Person', email: 'fine@example.org' },
        { name: 'Wrong Player', email: 'wrong@example.org', playerId: otherPlayer },
      ],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.fields).toEqual({ 'contacts.1.playerId': M.selectPlayer });
    expect((await campaignDetail(client, id)).contacts).toHaveLength(5);

    const empty = await client.post<TErrorReply>(`${BASE}/${id}/contacts`, { contacts: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(M.addAtLeastOne);
  });

  it('saves the template', async () => {
    const { client } = await campaignOrg(env(), 'Template Boosters');
    const { id } = await postCampaign(client, playerCampaignBody());
    const res = await client.put(`${BASE}/${id}/template`, {
      subjectSeed: 'Help [Player Name]',
      bodySeed: 'Hi [Recipient]',
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await campaignDetail(client, id)).toMatchObject({
      subjectSeed: 'Help [Player Name]',
      bodySeed: 'Hi [Recipient]',
    });
  });
});

forEachDatabase('fundraising campaigns: who may', (env) => {
  it('answers another organization 404 on every campaign route, and changes nothing', async () => {
    const { client: a } = await campaignOrg(env(), 'Alpha Boosters');
    const { id } = await postCampaign(a, playerCampaignBody());
    const before = await campaignDetail(a, id);
    const { client: b } = await campaignOrg(env(), 'Beta Boosters');

    const tries = [
      await b.get<TErrorReply>(`${BASE}/${id}`),
      await b.get<TErrorReply>(`${BASE}/${id}/insights`),
      await b.put<TErrorReply>(`${BASE}/${id}`, playerCampaignBody({ name: 'Taken over' })),
      await b.post<TErrorReply>(`${BASE}/${id}/contacts`, { contacts: [{ name: 'Spy', email: 'spy@example.org' }] }),
      await b.put<TErrorReply>(`${BASE}/${id}/template`, { subjectSeed: 'x', bodySeed: 'y' }),
      await b.delete<TErrorReply>(`${BASE}/${id}`),
    ];
    for (const res of tries) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(M.notFound);
    }
    expect((await campaignList(b)).campaigns).toEqual([]);
    expect(await campaignDetail(a, id)).toEqual(before);
    // A malformed id is simply not found.
    expect((await a.get(`${BASE}/not-a-uuid`)).status).toBe(404);
  });

  it('lets a read-only member read campaigns but not write them', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Reader Boosters');
    await setPlan(env(), orgId, 'premium_year', 'active', new Date(Date.now() + 86_400_000 * 365).toISOString());
    const { id } = await postCampaign(owner, playerCampaignBody());
    const reader = await readOnlyMember(env(), orgId);

    expect((await reader.get(`${BASE}/${id}`)).status).toBe(200);
    expect((await reader.get(BASE)).status).toBe(200);
    expect((await reader.post(BASE, playerCampaignBody())).status).toBe(403);
    expect((await reader.put(`${BASE}/${id}`, playerCampaignBody({ name: 'Nope Drive' }))).status).toBe(403);
    expect((await reader.delete(`${BASE}/${id}`)).status).toBe(403);
    expect((await campaignDetail(owner, id)).name).toBe('Spring Booster Drive');
  });

  it('serves the public routes: the donation page’s campaign and the unsubscribe link', async () => {
    const { client } = await campaignOrg(env(), 'Public Boosters');
    const { id } = await postCampaign(client, playerCampaignBody());
    const stranger = env().client();
    expect(await stranger.get(`/api/public/campaigns/${id}`)).toMatchObject({
      status: 200,
      body: { id, name: 'Spring Booster Drive', campaignType: 'player', organizationName: 'Public Boosters' },
    });
    expect((await stranger.get('/api/public/campaigns/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const link = await stranger.get('/api/public/unsubscribe?token=forged');
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe(
      'http://localhost:3999/unsubscribe?unsubscribe=error&reason=invalid-link',
    );
    expect((await stranger.post('/api/public/unsubscribe?token=forged', {})).status).toBe(400);
  });
});
