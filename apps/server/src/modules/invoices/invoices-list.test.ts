import { invoiceShortId } from '@pennant/shared/invoices/rules';
import { INVOICE_PAGE_SIZE } from '@pennant/shared/invoices/schemas';
import { zonedToday } from '@pennant/shared/months';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { column, sql } from '../../db/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import { addCompany, addDays } from '../agreements/fixtures/agreement-fixtures';
import { invoiceKpis, invoiceList, seedInvoice } from './fixtures/invoice-fixtures';

forEachDatabase('invoices: the list and the KPI cards', (env) => {
  /**
   * Nine invoices over three companies, created A first … I last (newest first in the list):
   *   A Acme   draft    direct              F Blue  paid     direct
   *   B Zeta   pending  agreement           G Acme  void     quote
   *   C Blue   sent     quote  (in_sim_CCC) H Zeta  overdue  direct
   *   D Acme   overdue  agreement           I Blue  sent     direct
   *   E Zeta   paid     agreement
   */
  async function seeded() {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client, 'List Boosters');
    const acme = await addCompany(client, 'Acme Hardware');
    const zeta = await addCompany(client, 'Zeta Pizza', null);
    const blue = await addCompany(client, 'Blue Bank', null);
    const specs = [
      ['A', acme.id, 'draft', 'direct'],
      ['B', zeta.id, 'pending', 'agreement'],
      ['C', blue.id, 'sent', 'quote'],
      ['D', acme.id, 'overdue', 'agreement'],
      ['E', zeta.id, 'paid', 'agreement'],
      ['F', blue.id, 'paid', 'direct'],
      ['G', acme.id, 'void', 'quote'],
      ['H', zeta.id, 'overdue', 'direct'],
      ['I', blue.id, 'sent', 'direct'],
    ] as const;
    const ids = new Map<string, string>();
    const byName = new Map<string, string>();
    for (const [i, [name, companyId, status, source]] of specs.entries()) {
      const id = await seedInvoice(env(), orgId, {
        companyId,
        status,
        source,
        dueDate: '2099-01-01',
        totalCents: (i + 1) * 1_000,
        stripeInvoiceId: name === 'C' ? `in_sim_CCC${orgId.slice(0, 8)}` : null,
        createdAt: new Date(Date.now() - (10 - i) * 86_400_000).toISOString(),
      });
      ids.set(id, name);
      byName.set(name, id);
    }
    // Another organization's invoices never show.
    const other = env().client();
    const b = await ownerWithOrg(other, 'Other Boosters');
    const otherCo = await addCompany(other, 'Acme Hardware');
    await seedInvoice(env(), b.orgId, { companyId: otherCo.id, dueDate: '2099-01-01' });

    const names = async (query = '') => (await invoiceList(client, query)).invoices.map((i) => ids.get(i.id));
    return { client, orgId, acme, zeta, blue, ids, byName, names };
  }

  it('shows each tab newest first with every tab’s count; Active is all that is still owed', async () => {
    const { client, names, byName } = await seeded();
    const list = await invoiceList(client);
    expect(list.counts).toEqual({ active: 6, paid: 2, all: 9 });
    expect(list).toMatchObject({ total: 6, page: 1, pageSize: INVOICE_PAGE_SIZE, companyName: null });
    expect(await names()).toEqual(['I', 'H', 'D', 'C', 'B', 'A']);
    expect(await names('?tab=paid')).toEqual(['F', 'E']);
    expect(await names('?tab=all')).toEqual(['I', 'H', 'G', 'F', 'E', 'D', 'C', 'B', 'A']);
    const c = list.invoices.find((i) => i.id === byName.get('C'));
    expect(c).toMatchObject({
      companyName: 'Blue Bank',
      status: 'sent',
      source: 'quote',
      type: 'manual',
      totalCents: 3_000,
      dueDate: '2099-01-01',
    });
    expect(c?.providerInvoiceId).toMatch(/^in_sim_CCC/);
  });

  it('filters by status (outstanding too), source and company; the counts follow the filters', async () => {
    const { client, names, zeta } = await seeded();
    expect(await names('?tab=all&status=outstanding')).toEqual(['I', 'H', 'D', 'C', 'B']);
    const outstanding = await invoiceList(client, '?status=outstanding');
    expect(outstanding.counts).toEqual({ active: 5, paid: 0, all: 5 });
    expect(await names('?tab=all&status=void')).toEqual(['G']);
    expect((await invoiceList(client, '?status=paid')).counts).toEqual({ active: 0, paid: 2, all: 2 });

    expect(await names('?tab=all&source=agreement')).toEqual(['E', 'D', 'B']);
    expect((await invoiceList(client, '?source=quote')).counts).toEqual({ active: 1, paid: 0, all: 2 });

    const byZeta = await invoiceList(client, `?tab=all&company=${zeta.id}`);
    expect(byZeta.invoices.map((i) => i.companyName)).toEqual(['Zeta Pizza', 'Zeta Pizza', 'Zeta Pizza']);
    expect(byZeta).toMatchObject({ companyName: 'Zeta Pizza', counts: { active: 2, paid: 1, all: 3 }, total: 3 });
    expect(await names(`?tab=all&company=${zeta.id}&status=outstanding&source=direct`)).toEqual(['H']);

    const unknown = await invoiceList(client, '?company=00000000-0000-4000-8000-000000000000');
    expect(unknown).toMatchObject({ companyName: null, total: 0, counts: { active: 0, paid: 0, all: 0 } });
    expect((await client.get('/api/invoices?status=bogus')).status).toBe(400);
    expect((await client.get('/api/invoices?company=nope')).status).toBe(400);
  });

  it('searches the company’s name, the short id and the provider’s id, ignoring case', async () => {
    const { client, names, byName } = await seeded();
    expect(await names('?tab=all&q=zeta')).toEqual(['H', 'E', 'B']);
    expect(await names('?tab=all&q=AcMe%20Hard')).toEqual(['G', 'D', 'A']);
    const e = byName.get('E') ?? '';
    expect(await names(`?tab=all&q=${invoiceShortId(e)}`)).toEqual(['E']);
    expect(await names(`?tab=all&q=%23${invoiceShortId(e).toLowerCase()}`)).toEqual(['E']);
    expect(await names('?tab=all&q=in_sim_ccc')).toEqual(['C']);
    const searched = await invoiceList(client, '?q=bank');
    expect(searched.counts).toEqual({ active: 2, paid: 1, all: 3 });
    expect(await names('?tab=all&q=nobody%25')).toEqual([]);
  });

  it('keeps the tab counts and the KPI cards exact through inserts, status changes, totals, deletes and the organization’s deletion', async () => {
    const { client, orgId, acme, zeta, byName } = await seeded();
    const today = zonedToday(new Date(), 'America/New_York');
    // The tabs and the cards as counted from the invoices themselves.
    const real = async () => {
      const [row] = await platformQuery(
        env(),
        z.object({
          active: column.count,
          paid: column.count,
          all: column.count,
          outstanding_n: column.count,
          outstanding_cents: column.count,
          past_n: column.count,
          past_cents: column.count,
          next_n: column.count,
          next_cents: column.count,
        }),
        sql`SELECT count(*) FILTER (WHERE status IN ('draft', 'pending', 'sent', 'overdue')) AS active,
                   count(*) FILTER (WHERE status = 'paid') AS paid,
                   count(*) AS all,
                   count(*) FILTER (WHERE status IN ('pending', 'sent', 'overdue')) AS outstanding_n,
                   coalesce(sum(total_amount_cents) FILTER (WHERE status IN ('pending', 'sent', 'overdue')), 0) AS outstanding_cents,
                   count(*) FILTER (WHERE status = 'overdue') AS past_n,
                   coalesce(sum(total_amount_cents) FILTER (WHERE status = 'overdue'), 0) AS past_cents,
                   count(*) FILTER (WHERE status = 'sent' AND due_date BETWEEN ${today}::date AND ${today}::date + 7) AS next_n,
                   coalesce(sum(total_amount_cents)
                     FILTER (WHERE status = 'sent' AND due_date BETWEEN ${today}::date AND ${today}::date + 7), 0) AS next_cents
            FROM invoice WHERE org_id = ${orgId}`,
      );
      if (!row) throw new Error('no counts');
      return row;
    };
    const check = async () => {
      const r = await real();
      expect((await invoiceList(client, '?tab=all')).counts).toEqual({ active: r.active, paid: r.paid, all: r.all });
      expect(await invoiceKpis(client)).toEqual({
        outstanding: { count: r.outstanding_n, cents: r.outstanding_cents },
        pastDue: { count: r.past_n, cents: r.past_cents },
        nextSevenDays: { count: r.next_n, cents: r.next_cents },
      });
    };
    await check();

    // Added one by one and in one statement, then moved through the transitions, in a batch and
    // with a new total.
    await seedInvoice(env(), orgId, {
      companyId: zeta.id,
      status: 'sent',
      dueDate: addDays(today, 3),
      totalCents: 4_200,
    });
    await platformExec(
      env(),
      sql`INSERT INTO invoice (org_id, company_id, status, due_date, total_amount_cents)
          SELECT ${orgId}, ${acme.id}, s, ${today}::date + d, c
          FROM unnest(ARRAY['pending', 'sent', 'overdue'], ARRAY[1, 5, -2], ARRAY[700, 800, 900]) AS t(s, d, c)`,
    );
    await check();
    expect((await client.post(`/api/invoices/${byName.get('I')}/paid`, {})).status).toBe(200);
    expect((await client.post(`/api/invoices/${byName.get('B')}/void`, {})).status).toBe(200);
    await platformExec(env(), sql`UPDATE invoice SET status = 'overdue' WHERE org_id = ${orgId} AND status = 'sent'`);
    await platformExec(env(), sql`UPDATE invoice SET total_amount_cents = 12345 WHERE id = ${byName.get('H')}`);
    await check();

    // A company's deletion takes its invoices with it.
    expect((await client.delete(`/api/companies/${acme.id}`)).status).toBe(200);
    await check();

    await platformExec(env(), sql`DELETE FROM organization WHERE id = ${orgId}`);
    const left = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT count(*) AS n FROM invoice_status_count WHERE org_id = ${orgId}`,
    );
    expect(left[0]?.n).toBe(0);
  });

  it('pages by 50', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client, 'Busy Boosters');
    const company = await addCompany(client, 'Busy Co', null);
    for (let i = 0; i < INVOICE_PAGE_SIZE + 3; i += 1) {
      await seedInvoice(env(), orgId, {
        companyId: company.id,
        dueDate: '2099-01-01',
        createdAt: new Date(Date.now() - i * 60_000).toISOString(),
      });
    }
    const first = await invoiceList(client);
    expect(first.invoices).toHaveLength(INVOICE_PAGE_SIZE);
    expect(first.total).toBe(INVOICE_PAGE_SIZE + 3);
    const second = await invoiceList(client, '?page=2');
    expect(second.invoices).toHaveLength(3);
    expect(new Set([...first.invoices, ...second.invoices].map((i) => i.id)).size).toBe(INVOICE_PAGE_SIZE + 3);
  });

  it('KPI cards: outstanding, past due, and sent invoices due today to 7 days ahead, both included', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client, 'Kpi Boosters');
    const acme = await addCompany(client, 'Acme Hardware');
    const zeta = await addCompany(client, 'Zeta Pizza', null);
    const today = zonedToday(new Date(), 'America/New_York');
    const seed = (status: string, dueIn: number, cents: number, companyId = acme.id) =>
      seedInvoice(env(), orgId, { companyId, status, dueDate: addDays(today, dueIn), totalCents: cents });
    await seed('pending', 40, 100);
    await seed('sent', 0, 200); // due today
    await seed('sent', 7, 300); // the window's last day
    await seed('sent', 8, 400); // just outside
    await seed('overdue', -3, 500);
    await seed('sent', -1, 600); // past due but not yet marked overdue by the daily run
    await seed('paid', 1, 700);
    await seed('void', 1, 800);
    await seed('draft', 1, 900);
    await seed('pending', 2, 1_000, zeta.id);

    expect(await invoiceKpis(client)).toEqual({
      outstanding: { count: 7, cents: 100 + 200 + 300 + 400 + 500 + 600 + 1_000 },
      pastDue: { count: 1, cents: 500 },
      nextSevenDays: { count: 2, cents: 200 + 300 },
    });
    expect(await invoiceKpis(client, `?company=${zeta.id}`)).toEqual({
      outstanding: { count: 1, cents: 1_000 },
      pastDue: { count: 0, cents: 0 },
      nextSevenDays: { count: 0, cents: 0 },
    });
    const other = env().client();
    await ownerWithOrg(other, 'Empty Boosters');
    expect((await invoiceKpis(other)).outstanding).toEqual({ count: 0, cents: 0 });
  });

  it('KPI cards: the next days run on the calendar of the zone the owner saved, however far from UTC', async () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const client = env().client();
      const { orgId } = await ownerWithOrg(client, `Far Boosters ${zone}`);
      await client.put('/api/profile/timezone', { timezone: zone, autoDetect: false });
      const acme = await addCompany(client, 'Acme Hardware');
      const today = zonedToday(new Date(), zone);
      const seed = (dueIn: number, cents: number) =>
        seedInvoice(env(), orgId, {
          companyId: acme.id,
          status: 'sent',
          dueDate: addDays(today, dueIn),
          totalCents: cents,
        });
      await seed(-1, 100); // the day before this calendar's today
      await seed(0, 200);
      await seed(7, 300);
      await seed(8, 400);
      const expected = { count: 2, cents: 200 + 300 };
      expect((await invoiceKpis(client)).nextSevenDays).toEqual(expected);
      expect((await invoiceKpis(client, `?company=${acme.id}`)).nextSevenDays).toEqual(expected);
    }
  });
});
