import type { TBlastPreview, TBlastProspectPage, TBlastStatusReply } from '@pennant/shared/outreach/schemas';
import { BLAST_LIMITS, ZQueueBlastInput } from '@pennant/shared/outreach/schemas';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { sql, ZRowId } from '../../db/client';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TMailer } from '../../integrations/mail/mailer';
import { sendEmailJob } from '../../jobs/send-email.job';
import { forEachDatabase } from '../../test/harness';
import { platformExec, platformQuery, teammate, whileHeld } from '../../test/team-fixtures';
import { expectStatus } from '../catalogue/fixtures/catalogue-fixtures';
import { signUnsubscribeToken, unsubscribeSigningKey } from '../fundraising/unsubscribe-token';
import { findProspectPage, type TProspectCursor } from './blast.repo';
import { queueBlast } from './blast.service';
import { sendBlastEmail, sweepBlastEmails } from './blast-send.service';
import {
  addProspect,
  addProspectsInBulk,
  allProspectPages,
  blastBody,
  blastOrg,
  deliveredTo,
  prospectPage,
  prospects,
  queue,
  recipientRows,
  type TBulkProspect,
} from './fixtures/blast-fixtures';

const SEVEN = ['ann', 'ben', 'cara', 'dev', 'eve', 'finn', 'gia'];

/** A queue that loses every job, as a crash between the commit and the enqueue would. */
const lostJobs: TDeps['queue'] = {
  send: async () => undefined,
  sendMany: async () => undefined,
  start: async () => undefined,
  stop: async () => undefined,
};

forEachDatabase('prospect blast: prospects and previews', (env) => {
  it('lists active prospects only: pipeline companies with a primary contact e-mail nobody opted out', async () => {
    const { client, orgId } = await blastOrg(env(), 'Prospect Bears');
    await addProspect(client, 'Zeta Hardware', 'Zoe Zeta', 'zoe@zeta.test');
    await addProspect(client, 'Acme Dental', 'Adam Acme', 'adam@acme.test', 'contacted');
    await addProspect(client, 'Neg Co', 'Nora Neg', 'nora@neg.test', 'negotiating');
    await addProspect(client, 'Sponsor Co', 'Sam Sponsor', 'sam@sponsor.test', 'sponsor');
    await addProspect(client, 'No Mail Co', 'Ned Nomail', null);
    const opted = await addProspect(client, 'Opted Co', 'Olga Opted', 'olga@opted.test');
    await addProspect(client, 'Donor Co', 'Dina Donor', 'dina@donor.test');
    await platformExec(env(), sql`UPDATE company_contact SET email_opt_out = true WHERE company_id = ${opted}`);
    // Dina unsubscribed from a fundraising e-mail: the organization does not write to her again.
    await platformExec(
      env(),
      sql`INSERT INTO fundraising_contact (org_id, name, email, email_opt_out, opt_out_at)
          VALUES (${orgId}, 'Dina Donor', 'DINA@donor.test', true, now())`,
    );
    const other = await blastOrg(env(), 'Other Bears');
    await addProspect(other.client, 'Elsewhere Co', 'Elle Where', 'elle@elsewhere.test');

    expect((await prospects(client)).map((p) => [p.contactName, p.companyName, p.email])).toEqual([
      ['Adam Acme', 'Acme Dental', 'adam@acme.test'],
      ['Nora Neg', 'Neg Co', 'nora@neg.test'],
      ['Zoe Zeta', 'Zeta Hardware', 'zoe@zeta.test'],
    ]);
  });

  it('writes a preview from the seeds for one prospect; another organization’s list or company is a 404', async () => {
    const { client, priceListId } = await blastOrg(env(), 'Preview Bears');
    const id = await addProspect(client, 'Hometown Hardware', 'Alice Park', 'alice@hometown.test');
    const body = {
      priceListId,
      prospectId: id,
      subjectSeed: 'Spring Menu - Sponsorship Opportunities',
      bodySeed: 'Thank you for supporting youth sports in our town.',
    };
    const preview = expectStatus(await client.post<TBlastPreview>('/api/outreach/previews', body), 200, 'preview');
    expect(preview.subject).toBe('Spring Menu - Sponsorship Opportunities for Hometown Hardware');
    expect(preview.html).toContain('<p>Thank you for supporting youth sports in our town.</p>');
    expect(preview.html).toContain('Hometown Hardware');
    expect(preview.html).toContain('Alice');
    expect(preview.html).not.toContain('<script');

    const other = await blastOrg(env(), 'Other Preview Bears');
    const theirs = await addProspect(other.client, 'Theirs Co', 'Tia Theirs', 'tia@theirs.test');
    expect((await client.post('/api/outreach/previews', { ...body, priceListId: other.priceListId })).status).toBe(404);
    expect((await client.post('/api/outreach/previews', { ...body, prospectId: theirs })).status).toBe(404);
    const noSeed = await client.post<{ error: { message: string } }>('/api/outreach/previews', {
      ...body,
      bodySeed: ' ',
    });
    expect(noSeed.status).toBe(400);
    expect(JSON.stringify(noSeed.body)).toContain('Please provide both subject and body seed text');
  });

  it('is for admins and sponsorship leads: a treasurer is refused every blast route', async () => {
    const { client, orgId, priceListId } = await blastOrg(env(), 'Rights Bears');
    const id = await addProspect(client, 'Rights Co', 'Rita Rights', 'rita@rights.test');
    const lead = await teammate(env(), client, orgId, ['sponsorship_lead'], 'Lee Lead');
    expect((await prospects(lead.client)).map((p) => p.id)).toEqual([id]);
    const treasurer = await teammate(env(), client, orgId, ['treasurer'], 'Tess Treasurer');
    expect((await treasurer.client.get('/api/outreach/prospects')).status).toBe(403);
    expect((await treasurer.client.post('/api/outreach/blasts', blastBody(priceListId, [id]))).status).toBe(403);
    const { campaignId } = await queue(lead.client, blastBody(priceListId, [id]));
    expect((await treasurer.client.get(`/api/outreach/blasts/${campaignId}`)).status).toBe(403);
    expect((await lead.client.get(`/api/outreach/blasts/${campaignId}`)).status).toBe(200);
  });
});

/** Each page's rows, in the order the pages came. */
const flat = (pages: TBlastProspectPage[]) => pages.flatMap((p) => p.prospects);

/** The order the table promises: contact name without regard to case, then the company's id. */
function byContactThenId(a: { contact: string; id: string }, b: { contact: string; id: string }): number {
  const x = a.contact.toLowerCase();
  const y = b.contact.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const FIRST = ['ann', 'Ben', 'cara', 'Dev', 'eve', 'Finn', 'gia', 'Hal', 'ida', 'Jo', 'kai', 'Lee', 'mo'];

forEachDatabase('prospect blast: the Recipients pages', (env) => {
  it('pages through every active prospect once, by contact name then id, with the total on the first page', async () => {
    const { client, orgId } = await blastOrg(env(), 'Paging Bears');
    // 130 prospects: names in mixed case, three people called Sam Same (ordered by company id).
    const wanted: TBulkProspect[] = Array.from({ length: 127 }, (_, i) => ({
      company: `Paging Co ${i}`,
      contact: `${FIRST[i % FIRST.length]} ${String.fromCharCode(97 + ((i * 7) % 26))}${i}`,
      email: `p${i}@paging.test`,
      status: ['prospect', 'contacted', 'negotiating'][i % 3],
    }));
    for (const n of [1, 2, 3])
      wanted.push({ company: `Same Co ${n}`, contact: 'Sam Same', email: `sam${n}@same.test` });
    // Not prospects: a sponsor, no e-mail, a blank one, an address another contact opted out with,
    // an address a fundraising contact opted out with.
    const unwanted: TBulkProspect[] = [
      { company: 'Sponsor Co', contact: 'Al Sponsor', email: 'al@sponsor.test', status: 'sponsor' },
      { company: 'Mute Co', contact: 'Ned Nomail', email: null },
      { company: 'Blank Co', contact: 'Bo Blank', email: '   ' },
      { company: 'Shared Co', contact: 'Sue Shared', email: ' Shared@Opted.test ' },
      { company: 'Donor Co', contact: 'Dina Donor', email: 'dina@donor.test' },
    ];
    const ids = await addProspectsInBulk(env(), orgId, [...wanted, ...unwanted]);
    const other = await blastOrg(env(), 'Other Paging Bears');
    await addProspectsInBulk(env(), other.orgId, [
      { company: 'Elsewhere Co', contact: 'Ann Elsewhere', email: 'shared@opted.test' },
    ]);
    await platformExec(
      env(),
      sql`INSERT INTO company_contact (org_id, company_id, name, email, role, is_primary, is_active, email_opt_out)
          VALUES (${orgId}, ${ids.get('Sponsor Co')}, 'Old Contact', 'shared@opted.test', 'other', false, false, true)`,
    );
    await platformExec(
      env(),
      sql`INSERT INTO fundraising_contact (org_id, name, email, email_opt_out, opt_out_at)
          VALUES (${orgId}, 'Dina Donor', 'DINA@donor.test', true, now())`,
    );

    const pages = await allProspectPages(client);
    expect(pages.map((p) => p.prospects.length)).toEqual([50, 50, 30]);
    expect(pages.map((p) => [p.totalCount, p.totalCapped])).toEqual([
      [130, false],
      [null, false],
      [null, false],
    ]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    const expected = wanted
      .map((p) => ({ contact: p.contact, id: ids.get(p.company) ?? '' }))
      .sort(byContactThenId)
      .map((p) => p.id);
    expect(flat(pages).map((p) => p.id)).toEqual(expected);
    expect(flat(pages).filter((p) => p.contactName === 'Sam Same')).toHaveLength(3);
    expect(flat(pages).find((p) => p.id === ids.get('Paging Co 0'))).toEqual({
      id: ids.get('Paging Co 0'),
      contactName: 'ann a0',
      companyName: 'Paging Co 0',
      email: 'p0@paging.test',
    });

    // The other organization sees its one prospect (its shared address opted out only here).
    const theirs = await allProspectPages(other.client);
    expect(flat(theirs).map((p) => p.contactName)).toEqual(['Ann Elsewhere']);
    expect(theirs[0]?.totalCount).toBe(1);
    // A cursor only says where to start: another organization's cursor pages through its own rows.
    const second = await prospectPage(other.client, { after: pages[0]?.nextCursor ?? undefined });
    expect(second.prospects.map((p) => p.contactName)).toEqual([]);
  });

  it('counts up to 500, as many as one blast takes, and then says there are more', async () => {
    const { client, orgId } = await blastOrg(env(), 'Many Bears');
    const many = Array.from({ length: BLAST_LIMITS.prospectCountMax + 1 }, (_, i) => ({
      company: `Bulk Co ${i}`,
      contact: `Bulk Person ${String(i).padStart(4, '0')}`,
      email: `bulk${i}@many.test`,
    }));
    await addProspectsInBulk(env(), orgId, many);
    const first = await prospectPage(client);
    expect([first.totalCount, first.totalCapped, first.prospects.length]).toEqual([500, true, 50]);
    expect(first.prospects[0]?.contactName).toBe('Bulk Person 0000');
    // A search matching as many is capped too; one matching fewer is exact.
    const all = await prospectPage(client, { search: 'bulk person' });
    expect([all.totalCount, all.totalCapped]).toEqual([500, true]);
    const some = await prospectPage(client, { search: 'person 00' });
    expect([some.totalCount, some.totalCapped]).toEqual([100, false]);
    const fewer = await prospectPage(client, { search: 'bulk500@' });
    expect(fewer.prospects.map((p) => p.email)).toEqual(['bulk500@many.test']);
    expect([fewer.totalCount, fewer.totalCapped]).toEqual([1, false]);
  });

  it('searches contact, company and e-mail, pages the matches, and leaves out opt-outs and other organizations', async () => {
    const { client, orgId } = await blastOrg(env(), 'Search Bears');
    const ids = await addProspectsInBulk(env(), orgId, [
      { company: 'Hometown Hardware', contact: 'Alice Park', email: 'alice@hometown.test' },
      { company: 'Riverside Dental', contact: 'Ben Ortiz', email: 'ben@rd.test' },
      { company: 'Riverside Bakery', contact: 'Olga Opted', email: 'olga@bakery.test' },
      { company: 'Pure Co', contact: 'Percy 100% Pure', email: 'percy@pure.test' },
      { company: 'Under_Score Co', contact: 'Uma Under', email: 'uma@under.test' },
      ...Array.from({ length: 60 }, (_, i) => ({
        company: `Lakeside Auto ${String(i).padStart(2, '0')}`,
        contact: `Lake Person ${String(i).padStart(2, '0')}`,
        email: `lake${i}@lk.test`,
      })),
    ]);
    await platformExec(
      env(),
      sql`UPDATE company_contact SET email_opt_out = true WHERE company_id = ${ids.get('Riverside Bakery')}`,
    );
    const other = await blastOrg(env(), 'Other Search Bears');
    await addProspectsInBulk(env(), other.orgId, [
      { company: 'Riverside Cafe', contact: 'Rita Other', email: 'rita@park.test' },
    ]);

    const names = async (search: string) => flat(await allProspectPages(client, search)).map((p) => p.contactName);
    expect(await names('park')).toEqual(['Alice Park']);
    expect(await names('PARK')).toEqual(['Alice Park']);
    expect(await names('riverside')).toEqual(['Ben Ortiz']);
    expect(await names('rd.test')).toEqual(['Ben Ortiz']);
    expect(await names('iz')).toEqual(['Ben Ortiz']);
    // The user's % and _ are taken literally.
    expect(await names('100%')).toEqual(['Percy 100% Pure']);
    expect(await names('_')).toEqual(['Uma Under']);
    expect(await names('nobody')).toEqual([]);
    const riverside = await prospectPage(client, { search: 'Riverside' });
    expect([riverside.totalCount, riverside.totalCapped, riverside.nextCursor]).toEqual([1, false, null]);

    // Sixty matches: two pages, in order, each once; by a trigram term and by a short one.
    const lake = Array.from({ length: 60 }, (_, i) => `Lake Person ${String(i).padStart(2, '0')}`);
    for (const term of ['lakeside', 'lk']) {
      const pages = await allProspectPages(client, term);
      expect(pages.map((p) => [p.prospects.length, p.totalCount])).toEqual([
        [50, 60],
        [10, null],
      ]);
      expect(flat(pages).map((p) => p.contactName)).toEqual(lake);
    }
  });

  it('answers a search the same whether it walks the list or reads the trigram indexes', async () => {
    const { member, orgId } = await blastOrg(env(), 'Two Ways Bears');
    const ids = await addProspectsInBulk(env(), orgId, [
      { company: 'Hometown Hardware', contact: 'Alice Park', email: 'alice@hometown.test' },
      { company: 'Riverside Dental', contact: 'Ben Ortiz', email: 'ben@rd.test' },
      { company: 'Riverside Bakery', contact: 'Olga Opted', email: 'olga@bakery.test' },
      { company: 'Parkway Sponsor', contact: 'Sid Sponsor', email: 'sid@park.test', status: 'sponsor' },
      ...Array.from({ length: 40 }, (_, i) => ({
        company: `Lakeside Auto ${String(i).padStart(2, '0')}`,
        contact: `${i % 2 ? 'lake' : 'LAKE'} Person ${String(i % 7)}`,
        email: `lake${i}@${i % 3 ? 'lk' : 'park'}.test`,
      })),
    ]);
    await platformExec(
      env(),
      sql`UPDATE company_contact SET email_opt_out = true WHERE company_id = ${ids.get('Riverside Bakery')}`,
    );
    const other = await blastOrg(env(), 'Other Two Ways Bears');
    await addProspectsInBulk(env(), other.orgId, [
      { company: 'Park Cafe', contact: 'Pia Park', email: 'pia@park.test' },
    ]);

    // Every page of a search, seven rows at a time, and the first page's count up to ten.
    const walkThrough = async (search: string, budget: number) => {
      const seen: string[][] = [];
      let after: TProspectCursor | null = null;
      let first = 0;
      do {
        const page = await withTenant(env().deps.db, member, (tx) =>
          findProspectPage(tx, orgId, { search, after, limit: 8, upTo: after ? 8 : 11 }, budget),
        );
        if (!after) first = page.matched;
        const rows = page.rows.slice(0, 7);
        seen.push(rows.map((r) => r.contact_name));
        const last = rows[rows.length - 1];
        after = page.rows.length > 7 && last ? { key: last.name_key, id: last.id } : null;
      } while (after && seen.length < 20);
      return { seen, first };
    };
    for (const term of ['park', 'PARK', 'riverside', 'rd.test', 'lake person', 'person 3', 'lk.test', 'nobody']) {
      const walked = await walkThrough(term, 1_000_000);
      expect(await walkThrough(term, 0), term).toEqual(walked);
      expect(await walkThrough(term, 5), term).toEqual(walked);
    }
    const park = await walkThrough('park', 0);
    expect(park.first).toBe(11);
    expect(park.seen.flat()).toContain('Alice Park');
    expect(park.seen.flat()).not.toContain('Sid Sponsor');
    expect(park.seen.flat()).not.toContain('Pia Park');
    expect((await walkThrough('riverside', 0)).seen).toEqual([['Ben Ortiz']]);
  });

  it('follows contacts as they are renamed, given a new address, opted out and deleted', async () => {
    const { client, orgId } = await blastOrg(env(), 'Changing Bears');
    const id = await addProspect(client, 'Change Co', 'Carl Change', 'carl@change.test');
    const search = async (term: string) => (await prospectPage(client, { search: term })).prospects.map((p) => p.id);
    expect(await search('carl change')).toEqual([id]);

    await platformExec(env(), sql`UPDATE company_contact SET name = 'Zara Zebra' WHERE company_id = ${id}`);
    expect(await search('carl change')).toEqual([]);
    expect(await search('zebra')).toEqual([id]);
    await platformExec(env(), sql`UPDATE company_contact SET email = 'zara@stripes.test' WHERE company_id = ${id}`);
    expect(await search('change.test')).toEqual([]);
    expect(await search('stripes')).toEqual([id]);
    expect((await prospects(client)).map((p) => [p.contactName, p.email])).toEqual([
      ['Zara Zebra', 'zara@stripes.test'],
    ]);
    await platformExec(env(), sql`UPDATE company_contact SET email_opt_out = true WHERE company_id = ${id}`);
    expect(await search('zebra')).toEqual([]);
    await platformExec(env(), sql`UPDATE company_contact SET email_opt_out = false WHERE company_id = ${id}`);
    expect(await search('zebra')).toEqual([id]);

    const docs = () =>
      platformQuery(
        env(),
        z.object({ n: z.number() }),
        sql`SELECT count(*)::int AS n FROM company_contact_search WHERE org_id = ${orgId}`,
      );
    expect(await docs()).toEqual([{ n: 1 }]);
    expect((await client.delete(`/api/companies/${id}`)).status).toBe(200);
    expect(await search('zebra')).toEqual([]);
    expect(await docs()).toEqual([{ n: 0 }]);
    // The organization's deletion takes its contacts' search text with it.
    await addProspect(client, 'Last Co', 'Lou Last', 'lou@last.test');
    expect(await docs()).toEqual([{ n: 1 }]);
    await platformExec(env(), sql`DELETE FROM organization WHERE id = ${orgId}`);
    expect(await docs()).toEqual([{ n: 0 }]);
  });

  it('keeps up with a company’s status, an address opted out elsewhere, and a contact made after an opt-out', async () => {
    const { client, orgId } = await blastOrg(env(), 'Watchful Bears');
    const kim = await addProspect(client, 'Keep Co', 'Kim Keep', 'kim@keep.test');
    const other = await addProspect(client, 'Other Co', 'Oscar Other', 'oscar@other.test');
    const listed = async () => (await prospects(client)).map((p) => p.contactName);
    expect(await listed()).toEqual(['Kim Keep', 'Oscar Other']);

    // The company leaves the pipeline and comes back (the Companies list's status dropdown).
    expect((await client.patch(`/api/companies/${kim}/status`, { status: 'sponsor' })).status).toBe(200);
    expect(await listed()).toEqual(['Oscar Other']);
    expect((await client.patch(`/api/companies/${kim}/status`, { status: 'negotiating' })).status).toBe(200);
    expect(await listed()).toEqual(['Kim Keep', 'Oscar Other']);

    // The same address, written otherwise, on another company's contact that then opts out.
    const added = await client.post<{ id: string }>(`/api/companies/${other}/contacts`, {
      name: 'Kim at Other',
      email: ' KIM@Keep.test ',
    });
    const second = expectStatus(added, 201, 'add contact').id;
    expect(await listed()).toEqual(['Kim Keep', 'Oscar Other']);
    await platformExec(env(), sql`UPDATE company_contact SET email_opt_out = true WHERE id = ${second}`);
    expect(await listed()).toEqual(['Oscar Other']);
    expect((await client.delete(`/api/companies/${other}/contacts/${second}`)).status).toBe(200);
    expect(await listed()).toEqual(['Kim Keep', 'Oscar Other']);

    // A fundraising contact with the address opts out, then moves to another address.
    await platformExec(
      env(),
      sql`INSERT INTO fundraising_contact (org_id, name, email) VALUES (${orgId}, 'Kim Keep', 'kim@keep.test')`,
    );
    expect(await listed()).toEqual(['Kim Keep', 'Oscar Other']);
    await platformExec(
      env(),
      sql`UPDATE fundraising_contact SET email_opt_out = true, opt_out_at = now() WHERE org_id = ${orgId}`,
    );
    expect(await listed()).toEqual(['Oscar Other']);
    await platformExec(env(), sql`UPDATE fundraising_contact SET email = 'kim@home.test' WHERE org_id = ${orgId}`);
    expect(await listed()).toEqual(['Kim Keep', 'Oscar Other']);

    // A contact whose address had opted out before it was made is no prospect; a new address is.
    await addProspect(client, 'Late Co', 'Lee Late', 'KIM@home.test');
    expect(await listed()).toEqual(['Kim Keep', 'Oscar Other']);
    const late = await prospectPage(client, { search: 'late' });
    expect(late.prospects).toEqual([]);
    await platformExec(
      env(),
      sql`UPDATE company_contact SET email = 'lee@late.test' WHERE org_id = ${orgId} AND name = 'Lee Late'`,
    );
    expect(await listed()).toEqual(['Kim Keep', 'Lee Late', 'Oscar Other']);
  });

  it('a contact added while its address is opting out, or its company leaving the pipeline, waits and is no prospect', async () => {
    if (env().kind !== 'postgres') return; // PGlite runs one transaction at a time
    const { client, orgId } = await blastOrg(env(), 'Racing Bears');
    await platformExec(
      env(),
      sql`INSERT INTO fundraising_contact (org_id, name, email) VALUES (${orgId}, 'Sam Race', 'sam@race.test')`,
    );
    const [turning] = await platformQuery(
      env(),
      ZRowId,
      sql`INSERT INTO company (org_id, name, status) VALUES (${orgId}, 'Turning Co', 'prospect') RETURNING id`,
    );
    const sponsorTo = turning?.id ?? '';

    // The fundraising contact opts out while the company contact with the address is being added.
    await whileHeld(
      env(),
      sql`UPDATE fundraising_contact SET email_opt_out = true, opt_out_at = now() WHERE org_id = ${orgId}`,
      () => addProspect(client, 'Race Co', 'Sam Race', 'sam@race.test'),
    );
    // The company becomes a sponsor while its first contact is being written by a path that does not
    // lock the company first (the flags are the database's, whoever writes the row).
    await whileHeld(env(), sql`UPDATE company SET status = 'sponsor' WHERE id = ${sponsorTo}`, () =>
      platformExec(
        env(),
        sql`INSERT INTO company_contact (org_id, company_id, name, email, role, is_primary, is_active)
            VALUES (${orgId}, ${sponsorTo}, 'Tia Turn', 'tia@turn.test', 'primary', true, true)`,
      ),
    );
    expect((await prospects(client)).map((p) => p.contactName)).toEqual([]);
  });

  it('refuses a malformed cursor and an over-long search', async () => {
    const { client } = await blastOrg(env(), 'Strict Bears');
    expect((await client.get('/api/outreach/prospects?after=nonsense')).status).toBe(400);
    expect((await client.get(`/api/outreach/prospects?search=${'x'.repeat(BLAST_LIMITS.searchMax + 1)}`)).status).toBe(
      400,
    );
    expect(
      (
        await client.get(
          `/api/outreach/prospects?after=${encodeURIComponent(`${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}:x`)}`,
        )
      ).status,
    ).toBe(200);
  });
});

forEachDatabase('prospect blast: queue and send', (env) => {
  it('sends seven e-mails with the price sheet attached and the lead copied, then completes', async () => {
    const { client, priceListId } = await blastOrg(env(), 'Seven Bears');
    const ids: string[] = [];
    for (const n of SEVEN) ids.push(await addProspect(client, `${n} Co`, `${n} Person`, `${n}@seven.test`));
    const body = blastBody(priceListId, ids);
    const first = body.recipients[0];
    if (first) first.html = '<p onclick="steal()">Hi <strong>there</strong></p><script>alert(1)</script>';
    const { campaignId, recipientCount } = await queue(client, body);
    expect(recipientCount).toBe(7);

    const status = expectStatus(
      await client.get<TBlastStatusReply>(`/api/outreach/blasts/${campaignId}`),
      200,
      'status',
    );
    expect(status).toMatchObject({ status: 'completed', total: 7, sent: 7, failed: 0, skipped: 0, queued: 0 });
    for (const n of SEVEN) {
      const [mail] = deliveredTo(env(), `${n}@seven.test`);
      expect(mail?.cc).toEqual(['lead@club.test']);
      expect(mail?.attachments.map((a) => a.name)).toEqual(['Spring-Menu-2026-price-sheet.pdf']);
      expect(mail?.pdf?.subarray(0, 5).toString()).toBe('%PDF-');
      expect(mail?.html).toContain('Unsubscribe');
      expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    // The edited HTML was cleaned before it was stored, and what went out is the clean one.
    const rows = await recipientRows(env(), campaignId);
    expect(rows.find((r) => r.email === 'ann@seven.test')?.html).toBe('<p>Hi <strong>there</strong></p>');
    const [ann] = deliveredTo(env(), 'ann@seven.test');
    expect(ann?.html).toContain('Hi <strong>there</strong>');
    expect(ann?.html).not.toContain('script');
    expect(ann?.html).not.toContain('steal');

    // One PDF for the blast; each company's timeline and the price sheet send log record the e-mail.
    const [counts] = await platformQuery(
      env(),
      z.object({ events: z.number(), logs: z.number(), keys: z.number() }),
      sql`SELECT (SELECT count(*)::int FROM timeline_event WHERE event_type = 'prospect_email_sent'
                    AND company_id IN (SELECT company_id FROM email_campaign_recipient WHERE email_campaign_id = ${campaignId})) AS events,
                 (SELECT count(*)::int FROM price_sheet_send_log WHERE email_campaign_id = ${campaignId}) AS logs,
                 (SELECT count(attachment_key)::int FROM email_campaign WHERE id = ${campaignId}) AS keys`,
    );
    expect(counts).toEqual({ events: 7, logs: 7, keys: 1 });
  });

  it('completes with the failures counted when the mailer gives up on one recipient', async () => {
    const { client, priceListId } = await blastOrg(env(), 'Bounce Bears');
    const good = await addProspect(client, 'Good Co', 'Gus Good', 'gus@good.test');
    const bad = await addProspect(client, 'Bad Co', 'Bo Bad', 'bo@bad.test');
    const original = env().deps.mailer;
    const failing: TMailer = {
      transport: original.transport,
      send: (m) => (m.to.includes('bo@bad.test') ? Promise.reject(new Error('mailbox unavailable')) : original.send(m)),
    };
    env().deps.mailer = failing;
    try {
      const { campaignId } = await queue(client, blastBody(priceListId, [good, bad]));
      const [row] = (await recipientRows(env(), campaignId)).filter((r) => r.email === 'bo@bad.test');
      if (!row?.email_message_id) throw new Error('no message');
      // Still trying: not completed yet.
      const trying = expectStatus(await client.get<TBlastStatusReply>(`/api/outreach/blasts/${campaignId}`), 200, 's');
      expect(trying).toMatchObject({ status: 'queued', sent: 1, failed: 0 });
      // The mailer's later attempts (the queue retries them), the last one giving up.
      for (let attempt = 2; attempt <= 6; attempt++) {
        await expect(sendEmailJob(env().deps).handler({ emailId: row.email_message_id })).rejects.toThrow(
          'mailbox unavailable',
        );
      }
      const done = expectStatus(await client.get<TBlastStatusReply>(`/api/outreach/blasts/${campaignId}`), 200, 's');
      expect(done).toMatchObject({ status: 'completed', total: 2, sent: 1, failed: 1 });
    } finally {
      env().deps.mailer = original;
    }
  });

  it('resumes after a restart without sending anyone twice, and skips an address that opted out meanwhile', async () => {
    const { client, member, orgId, priceListId } = await blastOrg(env(), 'Restart Bears');
    const ids: string[] = [];
    for (const n of ['hal', 'ida', 'jo'])
      ids.push(await addProspect(client, `${n} Co`, `${n} Person`, `${n}@restart.test`));
    // The process dies after the commit, before any job is enqueued.
    const { campaignId } = await queueBlast(
      { ...env().deps, queue: lostJobs },
      member,
      ZQueueBlastInput.parse(blastBody(priceListId, ids)),
    );
    expect(deliveredTo(env(), 'hal@restart.test')).toHaveLength(0);

    // Jo unsubscribes (through a link of an earlier prospect e-mail) before her turn.
    const [jo] = await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`SELECT id FROM company_contact WHERE org_id = ${orgId} AND email = 'jo@restart.test'`,
    );
    if (!jo) throw new Error('no contact');
    const token = signUnsubscribeToken(unsubscribeSigningKey(env().deps.config.sessionSecret), {
      orgId,
      contactId: jo.id,
      kind: 'company_contact',
    });
    expect(
      (
        await env()
          .client()
          .post(`/api/public/unsubscribe?token=${encodeURIComponent(token)}`, {})
      ).status,
    ).toBe(200);

    // After the restart the sweep finds them, five minutes past their turn.
    await platformExec(
      env(),
      sql`UPDATE email_campaign_recipient SET send_after = now() - interval '10 minutes' WHERE email_campaign_id = ${campaignId}`,
    );
    expect(await sweepBlastEmails(env().deps)).toBe(3);
    expect(await sweepBlastEmails(env().deps)).toBe(0);
    // A job that was only late runs too: it finds nothing left to claim.
    for (const r of await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`SELECT id FROM email_campaign_recipient WHERE email_campaign_id = ${campaignId}`,
    )) {
      await sendBlastEmail(env().deps, r.id);
    }
    expect(deliveredTo(env(), 'hal@restart.test')).toHaveLength(1);
    expect(deliveredTo(env(), 'ida@restart.test')).toHaveLength(1);
    expect(deliveredTo(env(), 'jo@restart.test')).toHaveLength(0);
    const status = expectStatus(await client.get<TBlastStatusReply>(`/api/outreach/blasts/${campaignId}`), 200, 's');
    expect(status).toMatchObject({ status: 'completed', total: 3, sent: 2, skipped: 1, failed: 0 });
    expect((await prospects(client)).map((p) => p.email)).toEqual(['hal@restart.test', 'ida@restart.test']);
  });

  it('refuses another organization’s price list, a prospect no longer active and a CC with no address', async () => {
    const { client, orgId, priceListId } = await blastOrg(env(), 'Refusing Bears');
    const id = await addProspect(client, 'Refused Co', 'Rae Refused', 'rae@refused.test');
    const other = await blastOrg(env(), 'Other Refusing Bears');
    const stolen = await client.post<{ error: { message: string } }>(
      '/api/outreach/blasts',
      blastBody(other.priceListId, [id]),
    );
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.message).toBe('Price list not found');

    await platformExec(env(), sql`UPDATE company SET status = 'sponsor' WHERE id = ${id}`);
    const gone = await client.post<{ error: { message: string } }>(
      '/api/outreach/blasts',
      blastBody(priceListId, [id]),
    );
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toBe(
      'Some recipients are no longer active prospects. Go back to Recipients and choose again.',
    );

    await platformExec(env(), sql`UPDATE company SET status = 'prospect' WHERE id = ${id}`);
    await platformExec(env(), sql`UPDATE organization SET treasurer_email = NULL WHERE id = ${orgId}`);
    const noCc = await client.post<{ error: { message: string } }>(
      '/api/outreach/blasts',
      blastBody(priceListId, [id], { ccRole: 'treasurer' }),
    );
    expect(noCc.status).toBe(409);
    expect(noCc.body.error.message).toBe(
      'No e-mail address is set for the Treasurer. Choose another CC or add it in Settings.',
    );
    const twice = await client.post('/api/outreach/blasts', {
      ...blastBody(priceListId, [id]),
      recipients: [...blastBody(priceListId, [id]).recipients, ...blastBody(priceListId, [id]).recipients],
    });
    expect(twice.status).toBe(400);
  });
});
