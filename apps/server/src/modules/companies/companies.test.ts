import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { column, rows, sql } from '../../db/client';
import { withPlatform } from '../../db/tenant';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import {
  addCompany,
  makePremium,
  readOnlyMember,
  runImportFlow,
  type TCompanyReply,
  type TListReply,
  uploadFile,
} from './fixtures/company-fixtures';

const CYCLE = [
  'prospect',
  'contacted',
  'negotiating',
  'former_sponsor',
  'declined',
  'blacklisted',
  'prospect',
  'contacted',
];

/** n companies straight into the database: 'Bulk Co 001'…, statuses cycling through CYCLE, newest first. */
async function seedCompanies(env: TTestEnv, orgId: string, n: number) {
  await withPlatform(env.deps.db, env.deps.log, 'test seed', (tx) =>
    tx.execute(sql`
      INSERT INTO company (org_id, name, status, created_at, updated_at)
      SELECT ${orgId}, 'Bulk Co ' || lpad(i::text, 3, '0'),
             (ARRAY['prospect','contacted','negotiating','former_sponsor','declined','blacklisted','prospect','contacted'])[1 + i % 8],
             now() - i * interval '1 minute', now() - i * interval '1 minute'
      FROM generate_series(1, ${n}) AS i`),
  );
}

async function timeline(env: TTestEnv, companyId: string) {
  return withPlatform(env.deps.db, env.deps.log, 'test read', (tx) =>
    rows(
      tx,
      z.object({
        event_type: z.string(),
        description: z.string(),
        metadata: z.object({ from: z.string(), to: z.string() }).nullable(),
      }),
      sql`SELECT event_type, description, metadata FROM timeline_event WHERE company_id = ${companyId} ORDER BY created_at`,
    ),
  );
}

forEachDatabase('companies', (env) => {
  it('pages the list 50 at a time with the total, newest first by default', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    await seedCompanies(env(), orgId, 120);
    const first = await client.get<TListReply>('/api/companies');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ totalCount: 120, page: 1, pageSize: 50, hasMore: true });
    expect(first.body.companies).toHaveLength(50);
    expect(first.body.companies[0]?.name).toBe('Bulk Co 001');
    const third = await client.get<TListReply>('/api/companies?page=3');
    expect(third.body.companies).toHaveLength(20);
    expect(third.body.hasMore).toBe(false);
    expect(third.body.companies.at(-1)?.name).toBe('Bulk Co 120');
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) {
      const res = await client.get<TListReply>(`/api/companies?page=${page}`);
      for (const c of res.body.companies) seen.add(c.id);
    }
    expect(seen.size).toBe(120);
  });

  it('counts each category and filters by category and status', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    await seedCompanies(env(), orgId, 120);
    await addCompany(client, { name: 'Sponsor One', status: 'sponsor' });
    const statusOf = (i: number) => CYCLE[i % 8] as string;
    const expected = { pipeline: 0, former: 0 };
    for (let i = 1; i <= 120; i++) {
      if (['prospect', 'contacted', 'negotiating'].includes(statusOf(i))) expected.pipeline++;
      else expected.former++;
    }
    const all = await client.get<TListReply>('/api/companies');
    expect(all.body.counts).toEqual({ all: 121, pipeline: expected.pipeline, sponsors: 1, former: expected.former });

    const sponsors = await client.get<TListReply>('/api/companies?category=sponsors');
    expect(sponsors.body.totalCount).toBe(1);
    expect(sponsors.body.companies.map((c) => c.name)).toEqual(['Sponsor One']);
    expect(sponsors.body.counts.all).toBe(121);

    const former = await client.get<TListReply>('/api/companies?category=former&page=1');
    expect(former.body.totalCount).toBe(expected.former);
    expect(former.body.companies.every((c) => ['former_sponsor', 'declined', 'blacklisted'].includes(c.status))).toBe(
      true,
    );

    const filtered = await client.get<TListReply>('/api/companies?status=declined,blacklisted');
    const n = Array.from({ length: 120 }, (_, i) => statusOf(i + 1)).filter(
      (s) => s === 'declined' || s === 'blacklisted',
    ).length;
    expect(filtered.body.totalCount).toBe(n);
    expect(filtered.body.counts).toEqual({ all: n, pipeline: 0, sponsors: 0, former: n });
    expect(filtered.body.companies.every((c) => c.status === 'declined' || c.status === 'blacklisted')).toBe(true);

    const both = await client.get<TListReply>('/api/companies?status=declined&category=pipeline');
    expect(both.body.totalCount).toBe(0);
    expect(both.body.companies).toEqual([]);

    expect((await client.get('/api/companies?status=nonsense')).status).toBe(400);
    expect((await client.get('/api/companies?page=0')).status).toBe(400);
  });

  it('searches name, notes, industry, website, city and state, and counts what it finds', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    await seedCompanies(env(), orgId, 60);
    await addCompany(client, { name: 'Zephyr Plumbing', industry: 'Home Services' });
    await addCompany(client, { name: 'Acme', notes: 'Met at the zephyr expo', status: 'contacted' });
    await addCompany(client, { name: 'Bolt', website: 'https://zephyr-bolts.example' });
    await addCompany(client, { name: 'Corner Shop', city: 'Springfield', state: 'OR' });
    await addCompany(client, { name: '100% Juice', industry: 'Food' });

    const zephyr = await client.get<TListReply>('/api/companies?search=ZEPHYR');
    expect(zephyr.body.companies.map((c) => c.name).sort()).toEqual(['Acme', 'Bolt', 'Zephyr Plumbing']);
    expect(zephyr.body.totalCount).toBe(3);
    expect(zephyr.body.counts).toEqual({ all: 3, pipeline: 3, sponsors: 0, former: 0 });

    expect(
      (await client.get<TListReply>('/api/companies?search=home%20serv')).body.companies.map((c) => c.name),
    ).toEqual(['Zephyr Plumbing']);
    expect((await client.get<TListReply>('/api/companies?search=springfield')).body.totalCount).toBe(1);
    // % and _ are taken literally.
    expect((await client.get<TListReply>('/api/companies?search=100%25')).body.companies.map((c) => c.name)).toEqual([
      '100% Juice',
    ]);
    expect((await client.get<TListReply>('/api/companies?search=%25%25')).body.totalCount).toBe(0);
    expect((await client.get<TListReply>('/api/companies?search=Bulk%20Co%200')).body.totalCount).toBe(60);
    const empty = await client.get<TListReply>('/api/companies?search=no-such-company');
    expect(empty.body).toMatchObject({ companies: [], totalCount: 0, counts: { all: 0 } });
  });

  it('sorts by name, status, last contact and dates in both directions', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const b = await addCompany(client, { name: 'banana Bakery', status: 'negotiating' });
    await addCompany(client, { name: 'Apple Autos', status: 'declined' });
    await addCompany(client, { name: 'cherry Cafe', status: 'prospect' });
    await client.post(`/api/companies/${b.id}/notes`, { description: 'Called about the banner' });
    const names = async (q: string) =>
      (await client.get<TListReply>(`/api/companies?${q}`)).body.companies.map((c) => c.name);
    expect(await names('sort=name&dir=asc')).toEqual(['Apple Autos', 'banana Bakery', 'cherry Cafe']);
    expect(await names('sort=name&dir=desc')).toEqual(['cherry Cafe', 'banana Bakery', 'Apple Autos']);
    expect(await names('sort=status&dir=asc')).toEqual(['cherry Cafe', 'banana Bakery', 'Apple Autos']);
    expect(await names('sort=created_at&dir=asc')).toEqual(['banana Bakery', 'Apple Autos', 'cherry Cafe']);
    expect(await names('sort=created_at&dir=desc')).toEqual(['cherry Cafe', 'Apple Autos', 'banana Bakery']);
    expect((await names('sort=last_contacted_at&dir=desc'))[0]).toBe('banana Bakery');
    expect((await names('sort=last_contacted_at&dir=asc')).at(-1)).toBe('banana Bakery');
    expect((await client.get('/api/companies?sort=color')).status).toBe(400);
  });

  it('creates a company with its primary contact only when both name and email are given', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const created = await client.post<TCompanyReply>('/api/companies', {
      name: '  Hometown Hardware ',
      status: 'contacted',
      website: 'hometownhardware.example',
      industry: 'Retail',
      notes: 'Owner loves baseball',
      primaryContact: { name: 'Dana Miller', title: 'Owner', email: 'dana@hometown.example', phone: '(555) 201-3344' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Hometown Hardware',
      status: 'contacted',
      website: 'hometownhardware.example',
      statusUpdatedAt: null,
      lastContactedAt: null,
      contactCount: 1,
      primaryContact: { name: 'Dana Miller', email: 'dana@hometown.example', title: 'Owner', phone: '(555) 201-3344' },
    });
    const detail = await client.get<TCompanyReply>(`/api/companies/${created.body.id}`);
    expect(detail.body).toMatchObject({ name: 'Hometown Hardware', contactCount: 1 });

    const noEmail = await addCompany(client, { name: 'No Email Co', primaryContact: { name: 'Sam', email: '' } });
    expect(noEmail).toMatchObject({ contactCount: 0, primaryContact: null, status: 'prospect' });

    const blank = await client.post('/api/companies', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: { fields: { name: 'Company name is required' } } });
    const badEmail = await client.post('/api/companies', { name: 'X', primaryContact: { name: 'A', email: 'nope' } });
    expect(badEmail.body).toMatchObject({
      error: { fields: { 'primaryContact.email': 'Please enter a valid email address' } },
    });
    expect((await client.post('/api/companies', { name: 'X', status: 'friend' })).status).toBe(400);
  });

  it('edits a company and clears fields given blank', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, { name: 'Blue Line Pizza', industry: 'Food', notes: 'Old note' });
    const res = await client.patch<TCompanyReply>(`/api/companies/${c.id}`, { name: 'Blue Line Pizzeria', notes: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Blue Line Pizzeria',
      industry: 'Food',
      notes: null,
      statusUpdatedAt: null,
    });
    expect(await timeline(env(), c.id)).toEqual([]);
  });

  it('records status_updated_at and a status_changed note on every status change', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, { name: 'Summit Auto' });
    const changed = await client.patch<TCompanyReply>(`/api/companies/${c.id}/status`, { status: 'sponsor' });
    expect(changed.status).toBe(200);
    expect(changed.body.status).toBe('sponsor');
    expect(changed.body.statusUpdatedAt).not.toBeNull();
    // The same status again changes nothing.
    await client.patch(`/api/companies/${c.id}/status`, { status: 'sponsor' });
    // The edit form changes status too.
    await client.patch(`/api/companies/${c.id}`, { status: 'former_sponsor' });
    expect(await timeline(env(), c.id)).toEqual([
      {
        event_type: 'status_changed',
        description: 'Status changed from Prospect to Active Sponsor',
        metadata: { from: 'prospect', to: 'sponsor' },
      },
      {
        event_type: 'status_changed',
        description: 'Status changed from Active Sponsor to Former Sponsor',
        metadata: { from: 'sponsor', to: 'former_sponsor' },
      },
    ]);
    const notes = await client.get<{ notes: { eventType: string; description: string }[] }>(
      `/api/companies/${c.id}/notes`,
    );
    expect(notes.body.notes[0]).toMatchObject({
      eventType: 'status_changed',
      description: 'Status changed from Active Sponsor to Former Sponsor',
    });
    expect((await client.patch(`/api/companies/${c.id}/status`, { status: 'gone' })).status).toBe(400);
  });

  it('changes the status of several companies at once', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const a = await addCompany(client, { name: 'A Co' });
    const b = await addCompany(client, { name: 'B Co', status: 'negotiating' });
    const already = await addCompany(client, { name: 'C Co', status: 'declined' });
    const other = env().client();
    await ownerWithOrg(other, 'Other Club');
    const foreign = await addCompany(other, { name: 'Foreign Co' });

    const res = await client.post('/api/companies/bulk-status', {
      ids: [a.id, b.id, already.id, foreign.id],
      status: 'declined',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 3 });
    const list = await client.get<TListReply>('/api/companies');
    expect(list.body.companies.every((c) => c.status === 'declined')).toBe(true);
    expect(list.body.counts).toMatchObject({ former: 3, pipeline: 0 });
    expect((await timeline(env(), a.id)).map((e) => e.description)).toEqual([
      'Status changed from Prospect to Declined',
    ]);
    expect((await timeline(env(), b.id)).map((e) => e.description)).toEqual([
      'Status changed from Negotiating to Declined',
    ]);
    expect(await timeline(env(), already.id)).toEqual([]);
    expect((await other.get<TCompanyReply>(`/api/companies/${foreign.id}`)).body.status).toBe('prospect');
    expect((await client.post('/api/companies/bulk-status', { ids: [], status: 'declined' })).body).toMatchObject({
      error: { message: 'Select at least one company' },
    });
  });

  it('limits the free plan to 10 active sponsors, on create, status change, edit and bulk change', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    for (let i = 1; i <= 9; i++) await addCompany(client, { name: `Sponsor ${i}`, status: 'sponsor' });
    const tenth = await addCompany(client, { name: 'Sponsor 10' });
    expect((await client.patch(`/api/companies/${tenth.id}/status`, { status: 'sponsor' })).status).toBe(200);

    const message = 'Your Free plan allows up to 10 active sponsors. Upgrade to Premium for unlimited sponsors.';
    const eleventh = await client.post('/api/companies', { name: 'Sponsor 11', status: 'sponsor' });
    expect(eleventh.status).toBe(403);
    expect(eleventh.body).toEqual({ error: { code: 'plan_limit', message } });
    const prospect = await addCompany(client, { name: 'Prospect 11' });
    expect((await client.patch(`/api/companies/${prospect.id}/status`, { status: 'sponsor' })).body).toMatchObject({
      error: { code: 'plan_limit' },
    });
    expect((await client.patch(`/api/companies/${prospect.id}`, { status: 'sponsor' })).body).toMatchObject({
      error: { code: 'plan_limit' },
    });
    const bulk = await client.post('/api/companies/bulk-status', { ids: [prospect.id, tenth.id], status: 'sponsor' });
    expect(bulk.body).toMatchObject({ error: { code: 'plan_limit' } });
    expect((await client.get<TCompanyReply>(`/api/companies/${prospect.id}`)).body.status).toBe('prospect');
    // Prospects are never limited, and re-setting a sponsor is not an addition.
    expect((await client.post('/api/companies/bulk-status', { ids: [tenth.id], status: 'sponsor' })).body).toEqual({
      updated: 1,
    });
    await client.patch(`/api/companies/${tenth.id}/status`, { status: 'former_sponsor' });
    expect((await client.patch(`/api/companies/${prospect.id}/status`, { status: 'sponsor' })).status).toBe(200);
  });

  it('deletes a company with its contacts and notes', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, { name: 'Gone Co', primaryContact: { name: 'Al', email: 'al@gone.example' } });
    await client.post(`/api/companies/${c.id}/notes`, { description: 'hello' });
    expect((await client.delete(`/api/companies/${c.id}`)).body).toEqual({ ok: true });
    const again = await client.get(`/api/companies/${c.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: { code: 'not_found', message: 'Company not found' } });
    expect((await client.delete(`/api/companies/${c.id}`)).status).toBe(404);
    const left = await withPlatform(env().deps.db, env().deps.log, 'test read', (tx) =>
      rows(
        tx,
        z.object({ n: column.count }),
        sql`SELECT (SELECT count(*) FROM company_contact WHERE company_id = ${c.id})::int
        + (SELECT count(*) FROM timeline_event WHERE company_id = ${c.id})::int
        + (SELECT count(*) FROM company_search WHERE company_id = ${c.id})::int AS n`,
      ),
    );
    expect(left[0]?.n).toBe(0);
  });

  it("takes a company's searched text with it, and an organization's with the organization", async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const kept = await addCompany(client, { name: 'Kept Lumber' });
    const gone = await addCompany(client, { name: 'Gone Lumber' });
    const searched = () =>
      withPlatform(env().deps.db, env().deps.log, 'test read', (tx) =>
        rows(
          tx,
          z.object({ company_id: z.string() }),
          sql`SELECT company_id FROM company_search WHERE org_id = ${orgId} ORDER BY company_id`,
        ),
      );
    expect((await searched()).map((r) => r.company_id)).toEqual([kept.id, gone.id].sort());
    expect((await client.delete(`/api/companies/${gone.id}`)).status).toBe(200);
    expect((await searched()).map((r) => r.company_id)).toEqual([kept.id]);
    const found = await client.get<TListReply>('/api/companies?search=lumber');
    expect(found.body.companies.map((x) => x.name)).toEqual(['Kept Lumber']);
    await withPlatform(env().deps.db, env().deps.log, 'test', (tx) =>
      tx.execute(sql`DELETE FROM organization WHERE id = ${orgId}`),
    );
    expect(await searched()).toEqual([]);
  });

  it('keeps the tab counts exact through creates, status changes, edits, deletes and imports', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    await seedCompanies(env(), orgId, 30);
    const a = await addCompany(client, { name: 'Count A', status: 'sponsor' });
    const b = await addCompany(client, { name: 'Count B', status: 'contacted' });
    await client.patch(`/api/companies/${a.id}/status`, { status: 'former_sponsor' });
    await client.patch(`/api/companies/${b.id}`, { notes: 'edited', status: 'sponsor' });
    const list = await client.get<TListReply>('/api/companies?page=1');
    await client.post('/api/companies/bulk-status', {
      ids: list.body.companies.slice(0, 7).map((c) => c.id),
      status: 'declined',
    });
    await client.delete(`/api/companies/${a.id}`);
    await makePremium(env(), orgId);
    await runImportFlow(env(), client, {
      fileName: 'c.csv',
      content: 'Company\nImported One\nImported Two\n',
      mapping: { Company: 'name' },
    });
    const real = await withPlatform(env().deps.db, env().deps.log, 'test read', (tx) =>
      rows(
        tx,
        z.object({ status: z.string(), n: column.count }),
        sql`SELECT status, count(*)::int AS n FROM company WHERE org_id = ${orgId} GROUP BY status`,
      ),
    );
    const by = (statuses: string[]) => real.filter((r) => statuses.includes(r.status)).reduce((t, r) => t + r.n, 0);
    const counts = (await client.get<TListReply>('/api/companies')).body.counts;
    expect(counts).toEqual({
      all: by(['prospect', 'contacted', 'negotiating', 'sponsor', 'former_sponsor', 'declined', 'blacklisted']),
      pipeline: by(['prospect', 'contacted', 'negotiating']),
      sponsors: by(['sponsor']),
      former: by(['former_sponsor', 'declined', 'blacklisted']),
    });
    expect(counts.all).toBe(33);
  });

  it('keeps a search’s counts exact between requests through creates, status changes, edits, deletes, imports and the organization’s deletion', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    await seedCompanies(env(), orgId, 30);
    // A two-letter term: no trigram narrows it, so its counts are kept between requests.
    const term = 'zq';
    const real = async () => {
      const found = await withPlatform(env().deps.db, env().deps.log, 'test read', (tx) =>
        rows(
          tx,
          z.object({ status: z.string(), n: column.count }),
          sql`SELECT status, count(*)::int AS n FROM company
              WHERE org_id = ${orgId}
                AND company_search_doc(name, notes, industry, website, address, city, state) ILIKE ${`%${term}%`}
              GROUP BY status`,
        ),
      );
      const by = (statuses: string[]) => found.filter((r) => statuses.includes(r.status)).reduce((t, r) => t + r.n, 0);
      return {
        all: by(['prospect', 'contacted', 'negotiating', 'sponsor', 'former_sponsor', 'declined', 'blacklisted']),
        pipeline: by(['prospect', 'contacted', 'negotiating']),
        sponsors: by(['sponsor']),
        former: by(['former_sponsor', 'declined', 'blacklisted']),
      };
    };
    const searched = async () => (await client.get<TListReply>(`/api/companies?search=${term}`)).body;
    const kept = async () => {
      const [row] = await withPlatform(env().deps.db, env().deps.log, 'test read', (tx) =>
        rows(
          tx,
          z.object({ n: column.count }),
          sql`SELECT count(*) AS n FROM company_search_memo WHERE org_id = ${orgId}`,
        ),
      );
      return row?.n ?? 0;
    };

    const a = await addCompany(client, { name: 'ZQ Widgets', status: 'prospect' });
    const b = await addCompany(client, { name: 'Plain Co', notes: 'met at the zq fair', status: 'contacted' });
    expect((await searched()).counts).toEqual(await real());
    expect(await kept()).toBe(1);
    // Read twice: the kept counts answer the second time.
    expect((await searched()).counts).toEqual(await real());

    await addCompany(client, { name: 'Another zq', status: 'sponsor' });
    expect((await searched()).counts).toEqual(await real());
    await client.patch(`/api/companies/${a.id}/status`, { status: 'former_sponsor' });
    expect((await searched()).counts).toEqual(await real());
    const plain = (await client.get<TListReply>('/api/companies?search=Bulk%20Co%20001')).body.companies[0];
    await client.patch(`/api/companies/${plain?.id}`, { notes: 'now a zq lead' });
    expect((await searched()).counts).toEqual(await real());
    await client.patch(`/api/companies/${b.id}`, { notes: 'no longer' });
    expect((await searched()).counts).toEqual(await real());
    await client.post('/api/companies/bulk-status', { ids: [a.id, b.id, plain?.id], status: 'declined' });
    expect((await searched()).counts).toEqual(await real());
    await client.delete(`/api/companies/${a.id}`);
    expect((await searched()).counts).toEqual(await real());
    await makePremium(env(), orgId);
    await runImportFlow(env(), client, {
      fileName: 'c.csv',
      content: 'Company\nImported ZQ One\nImported Two\n',
      mapping: { Company: 'name' },
    });
    const after = await searched();
    expect(after.counts).toEqual(await real());
    expect(after.companies.map((c) => c.name).sort()).toEqual(['Another zq', 'Bulk Co 001', 'Imported ZQ One']);

    // The organization's deletion takes its kept counts and their version with it.
    await withPlatform(env().deps.db, env().deps.log, 'test delete', (tx) =>
      tx.execute(sql`DELETE FROM organization WHERE id = ${orgId}`),
    );
    const [left] = await withPlatform(env().deps.db, env().deps.log, 'test read', (tx) =>
      rows(
        tx,
        z.object({ n: column.count }),
        sql`SELECT (SELECT count(*) FROM company_search_memo WHERE org_id = ${orgId})
                 + (SELECT count(*) FROM company_search_version WHERE org_id = ${orgId}) AS n`,
      ),
    );
    expect(left?.n).toBe(0);
  });

  it('pages a broad search by walking the sort, and one whose matches lie far down through its hits, alike', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    // 600 companies, 'Bulk Co 001' the newest and the least recently changed, statuses cycling
    // through CYCLE; two in three (i not a multiple of 3) mention 'zephyr', the oldest half 'comet'.
    await withPlatform(env().deps.db, env().deps.log, 'test seed', (tx) =>
      tx.execute(sql`
        INSERT INTO company (org_id, name, status, notes, industry, created_at, updated_at)
        SELECT ${orgId}, 'Bulk Co ' || lpad(i::text, 3, '0'),
               (ARRAY['prospect','contacted','negotiating','former_sponsor','declined','blacklisted','prospect','contacted'])[1 + i % 8],
               CASE WHEN i % 3 <> 0 THEN 'Met at the zephyr expo' END,
               CASE WHEN i > 300 THEN 'Comet Supply' END,
               now() - i * interval '1 minute', now() - (600 - i) * interval '1 minute'
        FROM generate_series(1, 600) AS i`),
    );
    const pages = async (q: string, n: number) => {
      const out: string[] = [];
      for (let page = 1; page <= n; page++) {
        const res = await client.get<TListReply>(`/api/companies?${q}&page=${page}`);
        out.push(...res.body.companies.map((c) => c.name));
      }
      return out;
    };
    const name = (i: number) => `Bulk Co ${String(i).padStart(3, '0')}`;
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);
    const zephyr = range(1, 600).filter((i) => i % 3 !== 0);
    const pipeline = (i: number) => ['prospect', 'contacted', 'negotiating'].includes(CYCLE[i % 8] as string);

    // Newest first: the first pages walk the index, the last ones read the hits.
    expect(await pages('search=zephyr', 9)).toEqual(zephyr.map(name));
    // Least recently changed first, within a category: each status's range walked and merged.
    expect(await pages('search=zephyr&category=pipeline&sort=updated_at&dir=asc', 6)).toEqual(
      zephyr.filter(pipeline).map(name),
    );
    // By name: always the hits, ordered by the names kept beside them.
    expect(await pages('search=ZEPHYR&sort=name&dir=desc', 2)).toEqual(zephyr.map(name).sort().reverse().slice(0, 100));
    // Every match among the oldest half: the walk's window of the newest finds none, the hits answer.
    const far = await client.get<TListReply>('/api/companies?search=comet');
    expect(far.body.companies.map((c) => c.name)).toEqual(range(301, 350).map(name));
    expect(far.body.totalCount).toBe(300);
  });

  it('answers 404 for another organization’s ids on every route with an id', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'Home Club');
    const c = await addCompany(owner, {
      name: 'Private Co',
      primaryContact: { name: 'Pat', email: 'pat@private.example' },
    });
    const contactId = c.primaryContact?.id ?? '';
    const note = await owner.post<{ id: string }>(`/api/companies/${c.id}/notes`, { description: 'secret' });

    const intruder = env().client();
    await ownerWithOrg(intruder, 'Other Club');
    const base = `/api/companies/${c.id}`;
    const attempts = [
      intruder.get(base),
      intruder.patch(base, { name: 'Hacked' }),
      intruder.delete(base),
      intruder.patch(`${base}/status`, { status: 'declined' }),
      intruder.get(`${base}/contacts`),
      intruder.post(`${base}/contacts`, { name: 'Eve', email: 'eve@example.com' }),
      intruder.patch(`${base}/contacts/${contactId}`, { name: 'Eve' }),
      intruder.delete(`${base}/contacts/${contactId}`),
      intruder.post(`${base}/contacts/${contactId}/primary`),
      intruder.get(`${base}/notes`),
      intruder.post(`${base}/notes`, { description: 'x' }),
      intruder.delete(`${base}/notes/${note.body.id}`),
      intruder.get(`/api/companies/${randomUUID()}`),
      intruder.get('/api/companies/not-a-uuid'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
    }
    // The intruder's own company cannot reach the owner's contact or note either.
    const mine = await addCompany(intruder, { name: 'Mine' });
    expect((await intruder.patch(`/api/companies/${mine.id}/contacts/${contactId}`, { name: 'Eve' })).status).toBe(404);
    expect((await intruder.delete(`/api/companies/${mine.id}/notes/${note.body.id}`)).status).toBe(404);
    const still = await owner.get<TCompanyReply>(base);
    expect(still.body).toMatchObject({ name: 'Private Co', status: 'prospect', contactCount: 1 });
    expect((await intruder.get<TListReply>('/api/companies')).body.companies.map((x) => x.name)).toEqual(['Mine']);
  });

  it('lets a read-only member read but not create, edit, delete or import', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner);
    const c = await addCompany(owner, { name: 'Readable Co', primaryContact: { name: 'Pat', email: 'pat@r.example' } });
    const contactId = c.primaryContact?.id ?? '';
    const note = await owner.post<{ id: string }>(`/api/companies/${c.id}/notes`, { description: 'note' });
    const reader = await readOnlyMember(env(), orgId);

    expect((await reader.get<TListReply>('/api/companies')).body.totalCount).toBe(1);
    expect((await reader.get(`/api/companies/${c.id}`)).status).toBe(200);
    expect((await reader.get(`/api/companies/${c.id}/contacts`)).status).toBe(200);
    expect((await reader.get(`/api/companies/${c.id}/notes`)).status).toBe(200);

    const base = `/api/companies/${c.id}`;
    const attempts = [
      reader.post('/api/companies', { name: 'Nope' }),
      reader.patch(base, { name: 'Nope' }),
      reader.patch(`${base}/status`, { status: 'declined' }),
      reader.post('/api/companies/bulk-status', { ids: [c.id], status: 'declined' }),
      reader.delete(base),
      reader.post(`${base}/contacts`, { name: 'Eve', email: 'eve@example.com' }),
      reader.patch(`${base}/contacts/${contactId}`, { name: 'Eve' }),
      reader.post(`${base}/contacts/${contactId}/primary`),
      reader.delete(`${base}/contacts/${contactId}`),
      reader.post(`${base}/notes`, { description: 'x' }),
      reader.delete(`${base}/notes/${note.body.id}`),
      reader.post(`/api/companies/imports/${randomUUID()}/duplicates`, { mapping: { Company: 'name' } }),
      uploadFile(env(), reader, 'a.csv', 'Company\nNew Co\n'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: { code: 'forbidden' } });
    }
    const after = await owner.get<TCompanyReply>(base);
    expect(after.body).toMatchObject({ name: 'Readable Co', status: 'prospect', contactCount: 1 });
    expect((await owner.get<TListReply>('/api/companies')).body.totalCount).toBe(1);
  });

  it('needs a signed-in member', async () => {
    const anonymous = env().client();
    expect((await anonymous.get('/api/companies')).status).toBe(401);
  });

  it('publishes the companies API in the OpenAPI document', async () => {
    const doc = await env().client().get<{ paths: Record<string, unknown> }>('/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/companies',
        '/api/companies/{id}',
        '/api/companies/imports',
        '/api/companies/{id}/notes',
      ]),
    );
  });
});
