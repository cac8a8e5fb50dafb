import { zonedToday } from '@pennant/shared/months';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../../db/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import { loadMember, type TMember } from '../session/member';
import { dashboardMetrics, fiscalYearStart, growthPct, monthsBefore } from './dashboard.service';

interface TMetrics {
  totalCompanies: number;
  sponsoringCompanies: number;
  activeContracts: number;
  outstandingInvoices: { count: number; cents: number };
  paidYearToDateCents: number;
  fiscalYearStart: string;
  timezone: string;
  revenue: { month: string; sponsorshipsCents: number; donationsCents: number }[];
  totals: { totalCents: number; sponsorshipsCents: number; donationsCents: number; growthPct: number | null };
}

const month = (m: string, s: number, d = 0) => ({ month: m, sponsorshipsCents: s, donationsCents: d });

describe('dashboard calendar rules', () => {
  it('steps back across year ends', () => {
    expect(monthsBefore({ year: 2025, month: 3 }, 0)).toEqual({ year: 2025, month: 3 });
    expect(monthsBefore({ year: 2025, month: 3 }, 2)).toEqual({ year: 2025, month: 1 });
    expect(monthsBefore({ year: 2025, month: 3 }, 3)).toEqual({ year: 2024, month: 12 });
    expect(monthsBefore({ year: 2025, month: 1 }, 23)).toEqual({ year: 2023, month: 2 });
  });

  it('starts the fiscal year in its month, this year or last', () => {
    expect(fiscalYearStart({ year: 2025, month: 9 }, 7)).toEqual({ year: 2025, month: 7 });
    expect(fiscalYearStart({ year: 2025, month: 7 }, 7)).toEqual({ year: 2025, month: 7 });
    expect(fiscalYearStart({ year: 2025, month: 6 }, 7)).toEqual({ year: 2024, month: 7 });
    expect(fiscalYearStart({ year: 2025, month: 6 }, 1)).toEqual({ year: 2025, month: 1 });
    expect(fiscalYearStart({ year: 2025, month: 1 }, 12)).toEqual({ year: 2024, month: 12 });
  });

  it('compares the last month with the one before, null when that one is zero', () => {
    expect(growthPct([month('2025-01', 1000), month('2025-02', 1500)])).toBe(50);
    expect(growthPct([month('2025-01', 600, 300), month('2025-02', 300)])).toBe(-66.7);
    expect(growthPct([month('2025-01', 0), month('2025-02', 1500)])).toBeNull();
    expect(growthPct([month('2025-01', 700)])).toBeNull();
    expect(growthPct([])).toBeNull();
  });
});

/** The member as the next request's session check loads it (a saved zone rides on it). */
async function reloadMemberWith(deps: Parameters<typeof loadMember>[0], member: TMember): Promise<TMember> {
  const reloaded = await loadMember(deps, { id: member.userId, email: member.email, name: member.name });
  if (!reloaded) throw new Error('the member has no organization');
  return reloaded;
}

forEachDatabase('dashboard metrics', (env) => {
  async function seedCompanies(orgId: string, statuses: string[]) {
    for (const [i, status] of statuses.entries()) {
      await platformExec(
        env(),
        sql`INSERT INTO company (org_id, name, status) VALUES (${orgId}, ${`Co ${i}`}, ${status})`,
      );
    }
  }

  it('counts the organization’s companies and sponsors, and reads zero where there is nothing yet', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    await seedCompanies(orgId, ['sponsor', 'sponsor', 'sponsor', 'prospect', 'prospect', 'negotiating']);
    const other = env().client();
    const b = await ownerWithOrg(other, 'Other Org');
    await seedCompanies(b.orgId, ['sponsor', 'sponsor']);

    const res = await client.get<TMetrics>('/api/dashboard/metrics');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalCompanies: 6,
      sponsoringCompanies: 3,
      activeContracts: 0,
      outstandingInvoices: { count: 0, cents: 0 },
      paidYearToDateCents: 0,
      timezone: 'America/New_York',
      totals: { totalCents: 0, sponsorshipsCents: 0, donationsCents: 0, growthPct: null },
    });
    expect((await other.get<TMetrics>('/api/dashboard/metrics')).body).toMatchObject({
      totalCompanies: 2,
      sponsoringCompanies: 2,
    });
  });

  it('gives 12 months by default, or 6 or 24, ending with the current month', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' });
    const current = fmt.format(new Date()).slice(0, 7);
    for (const [query, n] of [
      ['', 12],
      ['?months=6', 6],
      ['?months=12', 12],
      ['?months=24', 24],
    ] as const) {
      const res = await client.get<TMetrics>(`/api/dashboard/metrics${query}`);
      expect(res.body.revenue, query).toHaveLength(n);
      expect(res.body.revenue[n - 1]?.month).toBe(current);
      const months = res.body.revenue.map((r) => r.month);
      expect([...months].sort()).toEqual(months);
      expect(new Set(months).size).toBe(n);
      expect(res.body.revenue.every((r) => r.sponsorshipsCents === 0 && r.donationsCents === 0)).toBe(true);
    }
    const bad = await client.get('/api/dashboard/metrics?months=7');
    expect(bad.status).toBe(400);
  });

  it('reads the current month and the fiscal year on the viewer’s calendar', async () => {
    const client = env().client();
    const o = await ownerWithOrg(client);
    const me = await client.get<{ session: { user: { id: string; email: string; name: string } } }>('/api/session');
    const member = await loadMember(env().deps, me.body.session.user);
    if (!member) throw new Error('owner has no organization');
    // 03:00 UTC on New Year's Day 2025: still December 2024 in New York, already January in Tokyo.
    const newYear = new Date('2025-01-01T03:00:00Z');

    const ny = await dashboardMetrics(env().deps, member, 6, newYear);
    expect(ny.revenue.map((r) => r.month)).toEqual(['2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12']);
    expect(ny.fiscalYearStart).toBe('2024-07-01');

    await client.put('/api/profile/timezone', { timezone: 'Asia/Tokyo', autoDetect: false });
    const tokyo = await dashboardMetrics(env().deps, await reloadMemberWith(env().deps, member), 6, newYear);
    expect(tokyo.timezone).toBe('Asia/Tokyo');
    expect(tokyo.revenue.at(-1)?.month).toBe('2025-01');
    expect(tokyo.fiscalYearStart).toBe('2024-07-01');

    await platformExec(env(), sql`UPDATE organization SET fiscal_start_month = 1 WHERE id = ${o.orgId}`);
    const reloaded = await loadMember(env().deps, me.body.session.user);
    if (!reloaded) throw new Error('owner has no organization');
    expect((await dashboardMetrics(env().deps, reloaded, 6, newYear)).fiscalYearStart).toBe('2025-01-01');
  });

  it('counts agreements in force and adds their value to the month they start', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const [company] = await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`INSERT INTO company (org_id, name, status) VALUES (${orgId}, 'Acme Hardware', 'sponsor') RETURNING id`,
    );
    const today = zonedToday(new Date(), 'America/New_York');
    const day = (n: number) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    const seed = (
      status: string,
      start: string,
      end: string,
      cents: number | null,
      deleted = false,
      quoteId?: string,
    ) =>
      platformExec(
        env(),
        sql`INSERT INTO contract (org_id, company_id, quote_id, status, start_date, end_date, term_months,
                                  calculated_total_value_cents, deleted_at)
            VALUES (${orgId}, ${company?.id}, ${quoteId ?? null}, ${status}, ${start}::date, ${end}::date, 12, ${cents},
                    ${deleted ? sql`now()` : sql`NULL`})`,
      );
    const [quote] = await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`INSERT INTO quote (org_id, company_id, status) VALUES (${orgId}, ${company?.id}, 'contracted') RETURNING id`,
    );
    await platformExec(
      env(),
      sql`INSERT INTO quote_line (org_id, quote_id, item_name, qty, unit_price_cents)
          VALUES (${orgId}, ${quote?.id}, 'Old banner', 2, 5000)`,
    );
    await seed('active', day(-40), day(300), 120_000); // in force, counted in its start month
    await seed('active', day(-40), day(300), 999, true); // deleted: neither
    await seed('active', day(-500), day(-35), 70_000); // ended, started before the window
    await seed('expired', day(-40), day(300), null, false, quote?.id); // value from its quote: 2 × $50
    await seed('active', day(30), day(400), 55_000); // not started yet, counted in a later month

    const res = await client.get<TMetrics>('/api/dashboard/metrics');
    expect(res.body.activeContracts).toBe(1);
    const startMonth = day(-40).slice(0, 7);
    expect(res.body.revenue.find((r) => r.month === startMonth)?.sponsorshipsCents).toBe(130_000);
    const later = day(30).slice(0, 7);
    // 30 days on is usually next month, outside the window (which ends with this month).
    const inWindow = res.body.revenue.some((r) => r.month === later);
    expect(res.body.totals.sponsorshipsCents).toBe(130_000 + (inWindow ? 55_000 : 0));
  });

  async function seedInvoice(
    orgId: string,
    companyId: string | undefined,
    status: string,
    cents: number,
    paidAt: string | null = null,
    agreementId: string | null = null,
  ) {
    await platformExec(
      env(),
      sql`INSERT INTO invoice (org_id, company_id, agreement_id, invoice_source, status, due_date, total_amount_cents, paid_at)
          VALUES (${orgId}, ${companyId}, ${agreementId}, ${agreementId ? 'agreement' : 'direct'}, ${status},
                  '2099-01-01', ${cents}, ${paidAt}::timestamptz)`,
    );
  }

  it('counts outstanding invoices (ready to send, sent, overdue) and what was paid this fiscal year', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const [company] = await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`INSERT INTO company (org_id, name, status) VALUES (${orgId}, 'Acme Hardware', 'sponsor') RETURNING id`,
    );
    const other = env().client();
    const b = await ownerWithOrg(other, 'Other Org');
    const [otherCompany] = await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`INSERT INTO company (org_id, name, status) VALUES (${b.orgId}, 'Zeta', 'sponsor') RETURNING id`,
    );
    await seedInvoice(orgId, company?.id, 'pending', 10_000);
    await seedInvoice(orgId, company?.id, 'sent', 20_000);
    await seedInvoice(orgId, company?.id, 'overdue', 30_000);
    await seedInvoice(orgId, company?.id, 'draft', 70_000);
    await seedInvoice(orgId, company?.id, 'void', 80_000);
    await seedInvoice(orgId, company?.id, 'paid', 40_000, new Date().toISOString());
    // Paid two years ago: before this fiscal year, and outside the revenue window.
    await seedInvoice(orgId, company?.id, 'paid', 50_000, new Date(Date.now() - 730 * 86_400_000).toISOString());
    await seedInvoice(b.orgId, otherCompany?.id, 'sent', 99_000);

    const res = await client.get<TMetrics>('/api/dashboard/metrics');
    expect(res.body).toMatchObject({
      outstandingInvoices: { count: 3, cents: 60_000 },
      paidYearToDateCents: 40_000,
    });
    expect(res.body.revenue.at(-1)?.sponsorshipsCents).toBe(40_000);
    expect(res.body.totals.sponsorshipsCents).toBe(40_000);
    expect((await other.get<TMetrics>('/api/dashboard/metrics')).body.outstandingInvoices).toEqual({
      count: 1,
      cents: 99_000,
    });
  });

  it('revenue: paid invoices by the month paid in the viewer’s zone, agreements without an invoice by start', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const me = await client.get<{ session: { user: { id: string; email: string; name: string } } }>('/api/session');
    const member = await loadMember(env().deps, me.body.session.user);
    if (!member) throw new Error('owner has no organization');
    const [company] = await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`INSERT INTO company (org_id, name, status) VALUES (${orgId}, 'Acme Hardware', 'sponsor') RETURNING id`,
    );
    const agreement = async (start: string, cents: number) => {
      const [row] = await platformQuery(
        env(),
        z.object({ id: z.string() }),
        sql`INSERT INTO contract (org_id, company_id, status, start_date, end_date, term_months, calculated_total_value_cents)
            VALUES (${orgId}, ${company?.id}, 'active', ${start}::date, '2026-12-01', 12, ${cents}) RETURNING id`,
      );
      return row?.id ?? null;
    };
    // Invoiced through Pennant: counted by its invoices only (one paid, one not yet).
    const invoiced = await agreement('2024-10-01', 120_000);
    await seedInvoice(orgId, company?.id, 'paid', 60_000, '2024-11-15T15:00:00Z', invoiced);
    await seedInvoice(orgId, company?.id, 'sent', 60_000, null, invoiced);
    // Not invoiced: counted at its value in the month it starts.
    await agreement('2024-10-01', 30_000);
    // Paid at 03:00 UTC on New Year's Day: December in New York, January in Tokyo.
    await seedInvoice(orgId, company?.id, 'paid', 5_000, '2025-01-01T03:00:00Z');

    const at = new Date('2025-01-15T12:00:00Z');
    const ny = await dashboardMetrics(env().deps, member, 6, at);
    expect(ny.revenue.map((r) => [r.month, r.sponsorshipsCents])).toEqual([
      ['2024-08', 0],
      ['2024-09', 0],
      ['2024-10', 30_000],
      ['2024-11', 60_000],
      ['2024-12', 5_000],
      ['2025-01', 0],
    ]);
    expect(ny.totals.sponsorshipsCents).toBe(95_000);

    await client.put('/api/profile/timezone', { timezone: 'Asia/Tokyo', autoDetect: false });
    const tokyo = await dashboardMetrics(env().deps, await reloadMemberWith(env().deps, member), 6, at);
    expect(tokyo.revenue.slice(-2).map((r) => [r.month, r.sponsorshipsCents])).toEqual([
      ['2024-12', 0],
      ['2025-01', 5_000],
    ]);
    // Fiscal year from July 2024: everything paid since, on the viewer's calendar.
    expect(tokyo.paidYearToDateCents).toBe(65_000);
  });

  it('revenue: paid donations by the month paid in the viewer’s zone; pending ones do not count', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const me = await client.get<{ session: { user: { id: string; email: string; name: string } } }>('/api/session');
    const member = await loadMember(env().deps, me.body.session.user);
    if (!member) throw new Error('owner has no organization');
    const [campaign] = await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`INSERT INTO fundraising_campaign (org_id, name, status, campaign_type, starts_at, ends_at, reminder_schedule)
          VALUES (${orgId}, 'Spring Drive', 'sent', 'alumni', '2024-11-01', '2025-01-31', '{}'::jsonb) RETURNING id`,
    );
    const donate = (cents: number, paidAt: string | null) =>
      platformExec(
        env(),
        sql`INSERT INTO donation (org_id, campaign_id, amount_cents, status, paid_at)
            VALUES (${orgId}, ${campaign?.id}, ${cents}, ${paidAt ? 'paid' : 'pending'}, ${paidAt}::timestamptz)`,
      );
    await donate(5_000, '2024-11-20T18:00:00Z');
    await donate(2_500, '2024-11-21T18:00:00Z');
    // 03:00 UTC on New Year's Day: December in New York.
    await donate(10_000, '2025-01-01T03:00:00Z');
    await donate(99_900, null);

    const ny = await dashboardMetrics(env().deps, member, 6, new Date('2025-01-15T12:00:00Z'));
    expect(ny.revenue.map((r) => [r.month, r.donationsCents])).toEqual([
      ['2024-08', 0],
      ['2024-09', 0],
      ['2024-10', 0],
      ['2024-11', 7_500],
      ['2024-12', 10_000],
      ['2025-01', 0],
    ]);
    expect(ny.totals.donationsCents).toBe(17_500);
    expect(ny.totals.totalCents).toBe(17_500);

    // A zone half an hour off the hour: 18:45 UTC on 30 November is 00:15 on 1 December in Kolkata.
    await donate(1_000, '2024-11-30T18:45:00Z');
    // A payment that fails afterwards leaves the series.
    await platformExec(
      env(),
      sql`UPDATE donation SET status = 'failed', paid_at = NULL WHERE org_id = ${orgId} AND amount_cents = 10000`,
    );
    await client.put('/api/profile/timezone', { timezone: 'Asia/Kolkata', autoDetect: false });
    const kolkata = await dashboardMetrics(
      env().deps,
      await reloadMemberWith(env().deps, member),
      6,
      new Date('2025-01-15T12:00:00Z'),
    );
    expect(kolkata.revenue.slice(3).map((r) => [r.month, r.donationsCents])).toEqual([
      ['2024-11', 7_500],
      ['2024-12', 1_000],
      ['2025-01', 0],
    ]);
  });

  it('asks for sign-in and membership', async () => {
    expect((await env().client().get('/api/dashboard/metrics')).status).toBe(401);
  });
});
