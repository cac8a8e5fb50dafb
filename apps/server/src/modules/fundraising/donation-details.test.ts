import type { TDonationFilter, TDonationPage, TDonationRow } from '@pennant/shared/fundraising/schemas';
import { zonedToday } from '@pennant/shared/months';
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../../db/client';
import { TEST_ORIGIN, type TestClient } from '../../test/client';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import {
  alumniCampaignBody,
  campaignIds,
  campaignOrg,
  idOf,
  insertDonation,
  playerCampaignBody,
  postCampaign,
} from './fixtures/campaign-fixtures';
import { readyPaymentAccount } from './fixtures/launch-fixtures';

/*
 * Donation Details (spec 002 §2.5, §7.3): the list a page at a time from a keyset cursor, and the
 * two CSV exports the server writes from the same query (decisions.md, "Donation exports").
 */

const PAGE = 20;
const ZONE = 'America/Chicago';

const base = (id: string) => `/api/fundraising/campaigns/${id}`;

/** Every page of the filter, following nextCursor, as a person pressing Load More until the end. */
async function allPages(client: TestClient, id: string, status: TDonationFilter) {
  const pages: TDonationPage[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ status });
    if (cursor) query.set('cursor', cursor);
    const res = await client.get<TDonationPage>(`${base(id)}/donations?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

/** The campaign's donations in the list's order, read straight from the table. */
async function expectedIds(env: TTestEnv, id: string, status: TDonationFilter): Promise<string[]> {
  const only = status === 'all' ? sql`` : sql`AND status = ${status}`;
  const found = await platformQuery(
    env,
    z.object({ id: z.string() }),
    sql`SELECT id FROM donation WHERE campaign_id = ${id} ${only} ORDER BY created_at DESC, id DESC`,
  );
  return found.map((r) => r.id);
}

/** A download as the browser gets it: status, headers, and the text with its byte-order mark kept. */
async function download(env: TTestEnv, client: TestClient, path: string) {
  const res = await env.app.request(`${TEST_ORIGIN}${path}`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  // fatal: a broken UTF-8 sequence fails the test; ignoreBOM: keep the mark to look at it.
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  return { status: res.status, headers: res.headers, text };
}

const parse = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

/** An alumni campaign of an organization on Chicago's calendar. */
async function alumniSetup(env: TTestEnv, name: string) {
  const org = await campaignOrg(env, name, ZONE);
  // Alumni campaigns take donations through the payment account, so they need one to be made.
  await readyPaymentAccount(env, org.orgId);
  const { id } = await postCampaign(org.client, alumniCampaignBody());
  return { ...org, id };
}

forEachDatabase('fundraising: donation details', (env) => {
  it('pages the list newest first: every donation exactly once, by filter, with the first page’s count', async () => {
    const { client, orgId, id } = await alumniSetup(env(), 'Paging Boosters');
    // 47 donations: paid, pending and failed; some share an instant (one insert), two differ by a
    // microsecond only, which a millisecond cursor would lose.
    await platformExec(
      env(),
      sql`INSERT INTO donation (org_id, campaign_id, amount_cents, status, donor_name, created_at, paid_at)
          SELECT ${orgId}::uuid, ${id}::uuid, 100 * i,
                 CASE WHEN i % 3 = 0 THEN 'pending' WHEN i % 7 = 0 THEN 'failed' ELSE 'paid' END,
                 'Donor ' || i,
                 timestamptz '2099-03-01 10:00:00+00' + (i / 4) * interval '1 minute',
                 CASE WHEN i % 3 <> 0 AND i % 7 <> 0 THEN timestamptz '2099-03-01 10:00:00+00' END
          FROM generate_series(1, 45) AS i`,
    );
    await insertDonation(env(), orgId, id, { amountCents: 500, createdAt: '2099-03-01T10:05:00.000001Z' });
    await insertDonation(env(), orgId, id, { amountCents: 600, createdAt: '2099-03-01T10:05:00.000002Z' });

    for (const status of ['all', 'paid', 'pending'] as const) {
      const pages = await allPages(client, id, status);
      const expected = await expectedIds(env(), id, status);
      expect(expected.length).toBeGreaterThan(0);
      expect(pages.map((p) => p.donations.length)).toEqual(
        Array.from({ length: Math.ceil(expected.length / PAGE) }, (_, i) => Math.min(PAGE, expected.length - i * PAGE)),
      );
      const listed = pages.flatMap((p) => p.donations);
      expect(listed.map((d) => d.id)).toEqual(expected);
      expect(new Set(listed.map((d) => d.id)).size).toBe(listed.length);
      if (status !== 'all') expect(listed.every((d) => d.status === status)).toBe(true);
      // The count comes with the first page only; the last page has no cursor.
      expect(pages.map((p) => p.total)).toEqual([expected.length, ...pages.slice(1).map(() => null)]);
      expect(pages.at(-1)?.nextCursor).toBeNull();
    }
    const all = await expectedIds(env(), id, 'all');
    expect(all).toHaveLength(47);
  });

  it('keeps its place when gifts arrive between pages, and refreshes from the top', async () => {
    const { client, orgId, id } = await alumniSetup(env(), 'Arrival Boosters');
    for (let i = 0; i < 25; i += 1) {
      await insertDonation(env(), orgId, id, {
        amountCents: 1_000 + i,
        createdAt: new Date(Date.UTC(2099, 2, 1, 10, i)).toISOString(),
      });
    }
    const first = (await client.get<TDonationPage>(`${base(id)}/donations`)).body;
    expect(first.donations).toHaveLength(PAGE);
    expect(first.total).toBe(25);
    const late = await insertDonation(env(), orgId, id, { amountCents: 9_900, createdAt: '2099-04-01T00:00:00Z' });
    const cursor = first.nextCursor ?? '';
    const second = (await client.get<TDonationPage>(`${base(id)}/donations?cursor=${encodeURIComponent(cursor)}`)).body;
    expect(second.donations.map((d) => d.amountCents)).toEqual([1_004, 1_003, 1_002, 1_001, 1_000]);
    expect(second.nextCursor).toBeNull();
    // What realtime's refresh asks for: the first page again, the new gift on top.
    const again = (await client.get<TDonationPage>(`${base(id)}/donations`)).body;
    expect(again.donations[0]?.id).toBe(late);
    expect(again.total).toBe(26);
  });

  it('answers a small campaign on one page, names falling back to the contact’s', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Small Boosters');
    const { id } = await postCampaign(client, playerCampaignBody());
    const { contacts, players } = await campaignIds(client, id);
    const kim = idOf(contacts, 'kim@example.org');
    await insertDonation(env(), orgId, id, {
      amountCents: 2_500,
      contactId: kim,
      playerId: idOf(players, 'Sam Lee'),
      status: 'pending',
      createdAt: '2099-03-02T10:00:00Z',
    });
    const page = (await client.get<TDonationPage>(`${base(id)}/donations`)).body;
    expect(page).toEqual({
      donations: [
        expect.objectContaining<Partial<TDonationRow>>({
          amountCents: 2_500,
          status: 'pending',
          donorName: 'Kim Lee',
          donorEmail: 'kim@example.org',
          playerName: 'Sam Lee',
          paidAt: null,
        }),
      ],
      stripeAccountId: null,
      nextCursor: null,
      total: 1,
    });
  });

  it('refuses a bad filter or cursor, and another organization’s campaign is not found', async () => {
    const { client, id } = await alumniSetup(env(), 'Own Boosters');
    const other = await alumniSetup(env(), 'Other Boosters');
    for (const query of ['status=refunded', 'cursor=abc', 'cursor=12_not-a-uuid', `cursor=${'9'.repeat(17)}_${id}`]) {
      expect((await client.get(`${base(id)}/donations?${query}`)).status, query).toBe(400);
    }
    const notFound = "Campaign not found or you don't have permission to access it.";
    for (const path of ['donations', 'donations/export', 'donor-summary/export']) {
      for (const campaign of [other.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
        const res = await client.get(`${base(campaign)}/${path}`);
        expect(res.status, `${path} of ${campaign}`).toBe(404);
        expect(res.body).toMatchObject({ error: { message: notFound } });
      }
    }
    // Deleted: gone for its own organization too.
    expect((await other.client.delete(base(other.id))).status).toBe(200);
    expect((await other.client.get(`${base(other.id)}/donations`)).status).toBe(404);
    expect((await other.client.get(`${base(other.id)}/donations/export`)).status).toBe(404);
  });

  it('exports the donations as the spec’s CSV: file name, columns, every row across batches, formulas defused', async () => {
    const { client, orgId, id } = await alumniSetup(env(), 'Export Boosters');
    const { contacts } = await campaignIds(client, id);
    // 1,003 donations: more than one batch of 1,000, so the file is read in two statements.
    await platformExec(
      env(),
      sql`INSERT INTO donation (org_id, campaign_id, amount_cents, status, donor_name, donor_email, created_at, paid_at)
          SELECT ${orgId}::uuid, ${id}::uuid, 1000 + i, CASE WHEN i % 4 = 0 THEN 'pending' ELSE 'paid' END,
                 'Bulk ' || i, 'bulk' || i || '@example.org',
                 timestamptz '2099-01-01 12:00:00+00' + i * interval '1 second',
                 CASE WHEN i % 4 <> 0 THEN timestamptz '2099-01-01 12:00:00+00' END
          FROM generate_series(1, 1000) AS i`,
    );
    const evil = await insertDonation(env(), orgId, id, {
      amountCents: 12_345,
      donorName: '=HYPERLINK("http://evil.example")',
      donorEmail: '+1@example.org',
      stripePaymentIntentId: 'pi_evil',
      createdAt: '2099-03-06T03:00:00Z',
    });
    const multiline = await insertDonation(env(), orgId, id, {
      amountCents: 2_550,
      status: 'pending',
      donorName: '@SUM(A1)\nsecond, line',
      createdAt: '2099-03-05T12:00:00Z',
    });
    await insertDonation(env(), orgId, id, {
      amountCents: 700,
      contactId: idOf(contacts, 'pat@example.org'),
      createdAt: '2099-03-04T12:00:00Z',
    });

    const file = await download(env(), client, `${base(id)}/donations/export`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = zonedToday(new Date(), ZONE);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="donations-campaign-${id}-${day}.csv"; filename*=UTF-8''donations-campaign-${id}-${day}.csv`,
    );
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(file.text.startsWith('\uFEFFDate,Donor Name,')).toBe(true);
    expect(file.text).toContain('\r\n');
    const rows = parse(file.text);
    expect(rows[0]).toEqual([
      'Date',
      'Donor Name',
      'Donor Email',
      'Amount',
      'Status',
      'Player Name',
      'Stripe Payment ID',
      'Donation ID',
    ]);
    expect(rows).toHaveLength(1 + 1_003);
    // Newest first, each donation once, as the list pages them.
    expect(rows.slice(1).map((r) => r[7])).toEqual(await expectedIds(env(), id, 'all'));
    // 03:00 UTC on the 6th is still the 5th on the organization's calendar.
    expect(rows[1]).toEqual([
      '2099-03-05',
      '\'=HYPERLINK("http://evil.example")',
      "'+1@example.org",
      '123.45',
      'paid',
      '',
      'pi_evil',
      evil,
    ]);
    expect(rows[2]).toEqual(['2099-03-05', "'@SUM(A1)\nsecond, line", '', '25.50', 'pending', '', '', multiline]);
    // The donor falls back to the contact's name and e-mail, as listed.
    expect(rows[3]?.slice(1, 5)).toEqual(['Pat Alum', 'pat@example.org', '7.00', 'paid']);
    expect(rows.at(-1)?.slice(0, 5)).toEqual(['2099-01-01', 'Bulk 1', 'bulk1@example.org', '10.01', 'paid']);

    // The filter: pending only.
    const pending = parse((await download(env(), client, `${base(id)}/donations/export?status=pending`)).text);
    expect(pending.slice(1).map((r) => r[7])).toEqual(await expectedIds(env(), id, 'pending'));
    expect(pending.slice(1).every((r) => r[4] === 'pending')).toBe(true);
    expect(pending).toHaveLength(1 + 250 + 1);
    expect((await client.get(`${base(id)}/donations/export?status=refunded`)).status).toBe(400);
  });

  it('exports a donor summary: one line per donor, paid totals, largest first, formulas defused', async () => {
    const { client, orgId, id } = await alumniSetup(env(), 'Summary Boosters');
    const { contacts } = await campaignIds(client, id);
    const pat = idOf(contacts, 'pat@example.org');
    const chris = idOf(contacts, 'chris@example.org');
    const give = (d: Parameters<typeof insertDonation>[3]) => insertDonation(env(), orgId, id, d);
    // Maria, by e-mail in any case: two paid (the newer name wins) and one pending.
    await give({
      amountCents: 5_000,
      donorName: 'M. Rivera',
      donorEmail: 'maria@example.org',
      createdAt: '2099-03-02T15:00:00Z',
    });
    await give({
      amountCents: 10_000,
      donorName: 'Maria Rivera',
      donorEmail: ' MARIA@example.org ',
      createdAt: '2099-03-09T15:00:00Z',
    });
    await give({
      amountCents: 9_900,
      status: 'pending',
      donorEmail: 'maria@example.org',
      createdAt: '2099-03-10T15:00:00Z',
    });
    // Pat, a contact without a typed e-mail: the contact's address is the key.
    await give({ amountCents: 2_500, contactId: pat, createdAt: '2099-03-03T15:00:00Z' });
    // Chris typed another address: a donor of their own.
    await give({
      amountCents: 4_000,
      contactId: chris,
      donorEmail: 'chris.home@example.org',
      createdAt: '2099-03-04T15:00:00Z',
    });
    // Two anonymous gifts and a failed one by a formula.
    await give({ amountCents: 1_000, createdAt: '2099-03-05T15:00:00Z' });
    await give({ amountCents: 3_000, createdAt: '2099-03-06T15:00:00Z' });
    await give({
      amountCents: 1_500,
      status: 'failed',
      donorName: '=1+1',
      donorEmail: '-x@example.org',
      createdAt: '2099-03-07T15:00:00Z',
    });

    const file = await download(env(), client, `${base(id)}/donor-summary/export`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = zonedToday(new Date(), ZONE);
    expect(file.headers.get('content-disposition')).toContain(`filename="donor-summary-campaign-${id}-${day}.csv"`);
    expect(file.text.startsWith('\uFEFFDonor Name,Email,')).toBe(true);
    const rows = parse(file.text);
    expect(rows[0]).toEqual([
      'Donor Name',
      'Email',
      'Total Amount',
      'Number of Donations',
      'Average Donation',
      'Last Donation Date',
      'Status Summary',
    ]);
    expect(rows.slice(1)).toEqual([
      ['Maria Rivera', 'maria@example.org', '150.00', '2', '75.00', '2099-03-10', '2 paid, 1 pending'],
      ['Anonymous', '', '40.00', '2', '20.00', '2099-03-06', '2 paid'],
      ['Chris Alum', 'chris.home@example.org', '40.00', '1', '40.00', '2099-03-04', '1 paid'],
      ['Pat Alum', 'pat@example.org', '25.00', '1', '25.00', '2099-03-03', '1 paid'],
      ["'=1+1", "'-x@example.org", '0.00', '0', '0.00', '2099-03-07', '1 failed'],
    ]);

    // The filter: over the pending donations only, nothing paid.
    const pending = parse((await download(env(), client, `${base(id)}/donor-summary/export?status=pending`)).text);
    expect(pending.slice(1)).toEqual([
      ['Anonymous', 'maria@example.org', '0.00', '0', '0.00', '2099-03-10', '1 pending'],
    ]);
  });

  it('summarises more donors than one batch, each once', async () => {
    const { client, orgId, id } = await alumniSetup(env(), 'Many Donors Boosters');
    // 1,200 donors, two gifts each: more than a batch of 1,000 donors, many with equal totals.
    await platformExec(
      env(),
      sql`INSERT INTO donation (org_id, campaign_id, amount_cents, status, donor_email, created_at, paid_at)
          SELECT ${orgId}::uuid, ${id}::uuid, 100 * (1 + i % 5), 'paid', 'donor' || i || '@example.org',
                 timestamptz '2099-01-01 00:00:00+00' + g * interval '1 hour',
                 timestamptz '2099-01-01 00:00:00+00' + g * interval '1 hour'
          FROM generate_series(1, 1200) AS i, generate_series(1, 2) AS g`,
    );
    const rows = parse((await download(env(), client, `${base(id)}/donor-summary/export`)).text).slice(1);
    expect(rows).toHaveLength(1_200);
    expect(new Set(rows.map((r) => r[1])).size).toBe(1_200);
    const totals = rows.map((r) => Number(r[2]));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(rows.every((r) => r[3] === '2' && r[6] === '2 paid')).toBe(true);
  });
});
