import { AGREEMENT_PAGE_SIZE } from '@pennant/shared/agreements/schemas';
import { zonedToday } from '@pennant/shared/months';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { column } from '../../db/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import { addCompany, addDays, agreementList, seedAgreement } from './fixtures/agreement-fixtures';

forEachDatabase('agreements: the list', (env) => {
  /**
   * Ten agreements over three companies (today on the owner's calendar, America/New_York):
   *   A Acme  active   ends +200  $1,000   D Acme  active   ends +61   $300
   *   B Zeta  active   ends +1    $500     E Zeta  active   ends today $200
   *   C Blue  active   ends +60   $700*    F Blue  active   ends -1    $100
   *   G Acme  expired  ends +100  $900     H Zeta  cancelled          $600
   *   I Blue  pending_signature, no value  J Acme  active, deleted    $400
   * (* C's value is its stored total, not a calculated one.) Created A first … J last.
   */
  async function seeded() {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client, 'List Boosters');
    const acme = await addCompany(client, 'Acme Hardware');
    const zeta = await addCompany(client, 'Zeta Pizza', null);
    const blue = await addCompany(client, 'Blue Bank', null);
    const today = zonedToday(new Date(), 'America/New_York');
    const specs = [
      ['A', acme.id, 'active', 200, 100_000, null, '2025'],
      ['B', zeta.id, 'active', 1, 50_000, null, '2025'],
      ['C', blue.id, 'active', 60, null, 70_000, '2025'],
      ['D', acme.id, 'active', 61, 30_000, null, '2025'],
      ['E', zeta.id, 'active', 0, 20_000, null, '2025'],
      ['F', blue.id, 'active', -1, 10_000, null, '2025'],
      ['G', acme.id, 'expired', 100, 90_000, null, '2024'],
      ['H', zeta.id, 'cancelled', 300, 60_000, null, '2025'],
      ['I', blue.id, 'pending_signature', 300, null, null, '2025'],
      ['J', acme.id, 'active', 100, 40_000, null, '2025'],
    ] as const;
    const ids = new Map<string, string>();
    for (const [i, [name, companyId, status, endIn, calculated, total, season]] of specs.entries()) {
      const id = await seedAgreement(env(), orgId, {
        companyId,
        status,
        seasonLabel: season,
        startDate: addDays(today, -400 + i * 10),
        endDate: addDays(today, endIn),
        calculatedTotalValueCents: calculated,
        totalValueCents: total,
        createdAt: new Date(Date.now() - (10 - i) * 86_400_000).toISOString(),
        deleted: name === 'J',
      });
      ids.set(id, name);
    }
    const names = async (query = '') => (await agreementList(client, query)).agreements.map((a) => ids.get(a.id));
    return { client, orgId, acme, zeta, blue, today, ids, names };
  }

  it('counts every tab in one go: expiring is 1 to 60 days away; expired is marked so or past its end', async () => {
    const { client, names } = await seeded();
    const list = await agreementList(client);
    expect(list.counts).toEqual({ all: 9, active: 6, expiring: 2, expired: 2, deleted: 1 });
    expect(list).toMatchObject({ total: 9, page: 1, pageSize: AGREEMENT_PAGE_SIZE, companyName: null });
    // Newest first by default.
    expect(await names()).toEqual(['I', 'H', 'G', 'F', 'E', 'D', 'C', 'B', 'A']);
    expect(await names('?tab=active')).toEqual(['F', 'E', 'D', 'C', 'B', 'A']);
    expect(await names('?tab=expiring')).toEqual(['C', 'B']);
    expect(await names('?tab=expired')).toEqual(['G', 'F']);
    expect(await names('?tab=deleted')).toEqual(['J']);
    expect((await agreementList(client, '?tab=expiring')).total).toBe(2);
  });

  it('answers each row with its company, dates, term and value by the spec’s rule', async () => {
    const { client, today, ids } = await seeded();
    const rows = (await agreementList(client)).agreements;
    const byName = new Map(rows.map((r) => [ids.get(r.id), r]));
    expect(byName.get('A')).toMatchObject({
      status: 'active',
      companyName: 'Acme Hardware',
      seasonLabel: '2025',
      startDate: addDays(today, -400),
      endDate: addDays(today, 200),
      termMonths: 12,
      valueCents: 100_000,
      quoteId: null,
      deletedAt: null,
    });
    expect(byName.get('A')?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(byName.get('C')?.valueCents).toBe(70_000);
    expect(byName.get('I')?.valueCents).toBeNull();
  });

  it('filters by status (the labels’ statuses), by company (with its name), and counts under the filters', async () => {
    const { client, acme, names } = await seeded();
    expect(await names('?status=cancelled')).toEqual(['H']);
    expect(await names('?status=pending')).toEqual(['I']);
    expect(await names('?status=expired')).toEqual(['G']);
    expect(await names('?status=active&tab=expired')).toEqual(['F']);
    expect((await agreementList(client, '?status=active')).counts).toEqual({
      all: 6,
      active: 6,
      expiring: 2,
      expired: 1,
      deleted: 1,
    });

    const filtered = await agreementList(client, `?company=${acme.id}`);
    expect(filtered.companyName).toBe('Acme Hardware');
    expect(filtered.counts).toEqual({ all: 3, active: 2, expiring: 0, expired: 1, deleted: 1 });
    expect(await names(`?company=${acme.id}`)).toEqual(['G', 'D', 'A']);
    expect((await client.get('/api/agreements?company=nope')).status).toBe(400);
    expect((await client.get('/api/agreements?status=bogus')).status).toBe(400);
  });

  it('searches the company name and the season label, case-insensitively, taking % and _ literally', async () => {
    const { client, names } = await seeded();
    expect(await names('?q=zeta')).toEqual(['H', 'E', 'B']);
    expect(await names('?q=ZET')).toEqual(['H', 'E', 'B']);
    expect(await names('?q=hardware&tab=deleted')).toEqual(['J']);
    expect(await names('?q=2024')).toEqual(['G']);
    expect(await names('?q=%25')).toEqual([]);
    expect(await names('?q=_')).toEqual([]);
    // The name and the label are two texts: a term never matches across them ('Pizza' then '2025').
    expect(await names(`?q=${encodeURIComponent('PIZZA\n2025')}`)).toEqual([]);
    expect((await agreementList(client, '?q=blue')).counts).toEqual({
      all: 3,
      active: 2,
      expiring: 1,
      expired: 1,
      deleted: 0,
    });
  });

  it('sorts by each of the six fields, either way', async () => {
    const { names } = await seeded();
    expect(await names('?sort=created_at&order=asc')).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']);
    // A value-less agreement is last either way.
    expect(await names('?sort=value&order=desc')).toEqual(['A', 'G', 'C', 'H', 'B', 'D', 'E', 'F', 'I']);
    expect(await names('?sort=value&order=asc')).toEqual(['F', 'E', 'D', 'B', 'H', 'C', 'G', 'A', 'I']);
    expect(await names('?sort=company&order=asc')).toEqual(['A', 'D', 'G', 'C', 'F', 'I', 'B', 'E', 'H']);
    expect(await names('?sort=company&order=desc')).toEqual(['H', 'E', 'B', 'I', 'F', 'C', 'G', 'D', 'A']);
    expect(await names('?sort=start_date&order=asc')).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']);
    expect(await names('?sort=start_date&order=desc')).toEqual(['I', 'H', 'G', 'F', 'E', 'D', 'C', 'B', 'A']);
    expect(await names('?sort=end_date&order=asc')).toEqual(['F', 'E', 'B', 'C', 'D', 'G', 'A', 'H', 'I']);
    expect(await names('?sort=end_date&order=desc')).toEqual(['I', 'H', 'A', 'G', 'D', 'C', 'B', 'E', 'F']);
    expect(await names('?sort=status&order=asc')).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'H', 'G', 'I']);
    expect(await names('?sort=status&order=desc')).toEqual(['I', 'G', 'H', 'F', 'E', 'D', 'C', 'B', 'A']);
  });

  it('answers a search that every agreement matches as the list itself, in every tab and sort, through changes', async () => {
    const { client, orgId, acme, today, ids, names } = await seeded();
    const idOf = (name: string) => [...ids].find(([, n]) => n === name)?.[0] ?? '';
    // Every season label holds 'Shared': the search's hits are all of the organization's agreements.
    await platformExec(
      env(),
      sql`UPDATE contract SET season_label = season_label || ' Shared' WHERE org_id = ${orgId}`,
    );
    const same = async () => {
      for (const tab of ['all', 'active', 'expiring', 'expired', 'deleted']) {
        for (const sort of ['created_at', 'company', 'start_date', 'end_date', 'value', 'status']) {
          for (const order of ['asc', 'desc']) {
            const query = `tab=${tab}&sort=${sort}&order=${order}`;
            expect(await names(`?q=shared&${query}`), query).toEqual(await names(`?${query}`));
          }
        }
      }
      // Under a status filter and a company filter too (applied to the hits, 0037).
      for (const filter of ['status=active', 'status=cancelled', `company=${acme.id}`]) {
        expect(await names(`?q=shared&${filter}`), filter).toEqual(await names(`?${filter}`));
        expect((await agreementList(client, `?q=shared&${filter}`)).counts, filter).toEqual(
          (await agreementList(client, `?${filter}`)).counts,
        );
      }
      expect((await agreementList(client, '?q=shared')).counts).toEqual((await agreementList(client)).counts);
    };
    await same();
    // A status, end and start dates, a value, a soft delete and a restore, each moved after the hits were kept.
    await platformExec(env(), sql`UPDATE contract SET status = 'expired' WHERE id = ${idOf('A')}`);
    await platformExec(env(), sql`UPDATE contract SET end_date = ${today}::date + 5 WHERE id = ${idOf('D')}`);
    await platformExec(env(), sql`UPDATE contract SET start_date = start_date - 900 WHERE id = ${idOf('I')}`);
    await platformExec(env(), sql`UPDATE contract SET calculated_total_value_cents = 5 WHERE id = ${idOf('G')}`);
    expect((await client.delete(`/api/agreements/${idOf('B')}`)).status).toBe(200);
    expect((await client.post(`/api/agreements/${idOf('J')}/restore`)).status).toBe(200);
    await same();
    expect(await names('?q=shared&tab=deleted')).toEqual(['B']);
  });

  it('pages 50 at a time', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client, 'Paged Boosters');
    const company = await addCompany(client, 'Many Deals Inc', null);
    await platformExec(
      env(),
      sql`INSERT INTO contract (org_id, company_id, status, start_date, end_date, term_months, calculated_total_value_cents, created_at)
          SELECT ${orgId}, ${company.id}, 'active', current_date - 10, current_date + 300, 12, i * 100,
                 now() - i * interval '1 minute'
          FROM generate_series(1, 55) i`,
    );
    const first = await agreementList(client);
    expect(first.agreements).toHaveLength(50);
    expect(first.total).toBe(55);
    const second = await agreementList(client, '?page=2');
    expect(second.agreements).toHaveLength(5);
    expect(second.page).toBe(2);
    expect(new Set([...first.agreements, ...second.agreements].map((a) => a.id)).size).toBe(55);
    expect((await agreementList(client, '?page=3')).agreements).toHaveLength(0);
  });

  it('keeps the tab counts and the search exact through inserts, status changes, deletes, renames and the organization’s deletion', async () => {
    const { client, orgId, acme, blue, today, ids, names } = await seeded();
    // What each tab holds, counted from the agreements themselves.
    const real = async () => {
      const [row] = await platformQuery(
        env(),
        z.object({
          all: column.count,
          active: column.count,
          expiring: column.count,
          expired: column.count,
          deleted: column.count,
        }),
        sql`SELECT count(*) FILTER (WHERE deleted_at IS NULL) AS all,
                   count(*) FILTER (WHERE deleted_at IS NULL AND status = 'active') AS active,
                   count(*) FILTER (WHERE deleted_at IS NULL AND status = 'active'
                                      AND end_date BETWEEN ${today}::date + 1 AND ${today}::date + 60) AS expiring,
                   count(*) FILTER (WHERE deleted_at IS NULL
                                      AND (status = 'expired' OR (status = 'active' AND end_date < ${today}::date))) AS expired,
                   count(*) FILTER (WHERE deleted_at IS NOT NULL) AS deleted
            FROM contract WHERE org_id = ${orgId}`,
      );
      return row;
    };
    const idOf = (name: string) => [...ids].find(([, n]) => n === name)?.[0] ?? '';
    expect((await agreementList(client)).counts).toEqual(await real());

    // A status change, a batch added in one statement, a soft delete and a restore.
    await platformExec(env(), sql`UPDATE contract SET status = 'expired' WHERE id = ${idOf('A')}`);
    await platformExec(
      env(),
      sql`INSERT INTO contract (org_id, company_id, status, start_date, end_date, term_months, season_label)
          SELECT ${orgId}, ${blue.id}, s, ${today}::date - 30, ${today}::date + e, 12, 'Fall'
          FROM unnest(ARRAY['active', 'active', 'cancelled'], ARRAY[10, -5, 90]) AS t(s, e)`,
    );
    expect((await client.delete(`/api/agreements/${idOf('B')}`)).status).toBe(200);
    expect((await client.delete(`/api/agreements/${idOf('C')}`)).status).toBe(200);
    expect((await client.post(`/api/agreements/${idOf('C')}/restore`)).status).toBe(200);
    expect((await agreementList(client)).counts).toEqual(await real());
    expect((await agreementList(client, '?status=active')).counts).toMatchObject({
      all: (await real())?.active,
    });

    // The search follows a rename of the company and a new season label.
    await client.patch(`/api/companies/${acme.id}`, { name: 'Quartz Hardware' });
    expect(await names('?q=quartz')).toEqual(['G', 'D', 'A']);
    expect(await names('?q=acme')).toEqual([]);
    await platformExec(env(), sql`UPDATE contract SET season_label = 'Winter Classic' WHERE id = ${idOf('H')}`);
    expect(await names('?q=classic')).toEqual(['H']);
    expect((await agreementList(client, '?q=fall')).counts).toEqual({
      all: 3,
      active: 2,
      expiring: 1,
      expired: 1,
      deleted: 0,
    });

    // End dates moved across today and in and out of the 60-day window, one agreement and many at once
    // (Expired and Expiring are counted from the active agreements kept per end date, 0032).
    await platformExec(env(), sql`UPDATE contract SET end_date = ${today}::date + 5 WHERE id = ${idOf('F')}`);
    await platformExec(env(), sql`UPDATE contract SET end_date = ${today}::date - 1 WHERE id = ${idOf('D')}`);
    expect((await agreementList(client)).counts).toMatchObject({ expiring: 3, expired: 4 });
    expect((await agreementList(client)).counts).toEqual(await real());
    await platformExec(
      env(),
      sql`UPDATE contract SET end_date = end_date + 58 WHERE org_id = ${orgId} AND status = 'active'`,
    );
    expect((await agreementList(client)).counts).toEqual(await real());

    // A company's deletion takes its agreements with it, from the counts and the search.
    expect((await client.delete(`/api/companies/${blue.id}`)).status).toBe(200);
    expect((await agreementList(client)).counts).toEqual(await real());
    expect((await agreementList(client, '?q=blue')).counts.all).toBe(0);

    // The organization's deletion leaves nothing of it behind.
    await platformExec(env(), sql`DELETE FROM organization WHERE id = ${orgId}`);
    const left = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT (SELECT count(*) FROM contract_tab_count WHERE org_id = ${orgId})
               + (SELECT count(*) FROM contract_search WHERE org_id = ${orgId})
               + (SELECT count(*) FROM org_agreement_end_day WHERE org_id = ${orgId}) AS n`,
    );
    expect(left[0]?.n).toBe(0);
  });

  it('shows another organization nothing of these', async () => {
    await seeded();
    const stranger = env().client();
    await ownerWithOrg(stranger, 'Stranger Boosters');
    const list = await agreementList(stranger);
    expect(list.counts).toEqual({ all: 0, active: 0, expiring: 0, expired: 0, deleted: 0 });
    expect(list.agreements).toEqual([]);
  });
});
