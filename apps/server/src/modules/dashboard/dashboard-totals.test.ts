import { OUTSTANDING_INVOICE_STATUSES } from '@pennant/shared/invoices/schemas';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { column, rows, sql } from '../../db/client';
import { withPlatform, withTenant } from '../../db/tenant';
import type { TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { makePremium, platformExec, platformQuery, whileHeld } from '../../test/team-fixtures';
import { AGREEMENT_VALUE_SQL } from '../agreements/agreements.repo';
import { addCompany, seedAgreement, seedQuote } from '../agreements/fixtures/agreement-fixtures';
import { expectStatus } from '../catalogue/fixtures/catalogue-fixtures';
import { createInvoice, directBody } from '../invoices/fixtures/invoice-fixtures';
import { loadMember, type TMember } from '../session/member';
import { dashboardMetrics } from './dashboard.service';

/*
 * The dashboard reads kept totals (0024: paid invoices per UTC day, invoices per status, agreements
 * counted at their value per start month). These tests change invoices and agreements every way
 * the app and its jobs do and compare, after each change and in zones on both sides of UTC
 * (half- and three-quarter-hour ones included), the dashboard's figures with the same figures
 * summed from the rows themselves.
 */

const ZONES = [
  'America/New_York',
  'UTC',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tokyo',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];

/** 15 March 2025, noon UTC: a 24-month window from April 2023 to March 2025 in every zone above. */
const AT = new Date('2025-03-15T12:00:00Z');

const ZReference = z.object({ month: z.string(), sponsorships: column.count, donations: column.count });

interface TFigures {
  revenue: [string, number, number][];
  paidYearToDateCents: number;
  outstanding: { count: number; cents: number };
}

/** The figures summed from invoices, agreements and donations themselves, as the tenant reads them. */
async function fromRows(
  env: TTestEnv,
  member: TMember,
  zone: string,
  firstMonth: string,
  lastMonth: string,
  fiscalStart: string,
): Promise<TFigures> {
  return withTenant(env.deps.db, member, async (tx) => {
    const org = member.orgId;
    const revenue = await rows(
      tx,
      ZReference,
      sql`SELECT to_char(m, 'YYYY-MM') AS month,
                 (SELECT coalesce(sum(i.total_amount_cents), 0) FROM invoice i
                  WHERE i.org_id = ${org} AND i.status = 'paid' AND date_trunc('month', i.paid_at AT TIME ZONE ${zone}) = m)
               + (SELECT coalesce(sum(coalesce(${AGREEMENT_VALUE_SQL}, 0)), 0) FROM contract c
                  WHERE c.org_id = ${org} AND c.deleted_at IS NULL AND date_trunc('month', c.start_date::timestamp) = m
                    AND NOT EXISTS (SELECT 1 FROM invoice ci WHERE ci.org_id = c.org_id AND ci.agreement_id = c.id))
                 AS sponsorships,
                 (SELECT coalesce(sum(d.amount_cents), 0) FROM donation d
                  WHERE d.org_id = ${org} AND d.status = 'paid' AND date_trunc('month', d.paid_at AT TIME ZONE ${zone}) = m)
                 AS donations
          FROM generate_series(${`${firstMonth}-01`}::timestamp, ${`${lastMonth}-01`}::timestamp, interval '1 month') AS m
          ORDER BY m`,
    );
    const [ytd] = await rows(
      tx,
      z.object({ cents: column.count }),
      sql`SELECT coalesce(sum(total_amount_cents), 0) AS cents FROM invoice
          WHERE org_id = ${org} AND status = 'paid' AND paid_at >= (${fiscalStart}::date::timestamp AT TIME ZONE ${zone})`,
    );
    const [open] = await rows(
      tx,
      z.object({ n: column.count, cents: column.count }),
      sql`SELECT count(*) AS n, coalesce(sum(total_amount_cents), 0) AS cents FROM invoice
          WHERE org_id = ${org} AND status IN (${sql.join(
            OUTSTANDING_INVOICE_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )})`,
    );
    return {
      revenue: revenue.map((r) => [r.month, r.sponsorships, r.donations]),
      paidYearToDateCents: ytd?.cents ?? 0,
      outstanding: { count: open?.n ?? 0, cents: open?.cents ?? 0 },
    };
  });
}

forEachDatabase('dashboard: kept totals', (env) => {
  async function setup(name: string) {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client, name);
    const me = await client.get<{ session: { user: { id: string; email: string; name: string } } }>('/api/session');
    const member = await loadMember(env().deps, me.body.session.user);
    if (!member) throw new Error('owner has no organization');
    const company = await addCompany(client, 'Acme Hardware', null, 'sponsor');
    return { client, orgId, member, companyId: company.id };
  }

  /** The dashboard of `at`, in one zone, against the rows; answers the dashboard's figures. */
  async function expectExact(client: TestClient, member: TMember, zone: string, at: Date): Promise<TFigures> {
    expectStatus(await client.put('/api/profile/timezone', { timezone: zone, autoDetect: false }), 200, zone);
    // The member as the next request's session check loads it: with the zone just saved.
    const reloaded = await loadMember(env().deps, { id: member.userId, email: member.email, name: member.name });
    if (!reloaded) throw new Error('owner has no organization');
    const shown = await dashboardMetrics(env().deps, reloaded, 24, at);
    const figures: TFigures = {
      revenue: shown.revenue.map((r) => [r.month, r.sponsorshipsCents, r.donationsCents]),
      paidYearToDateCents: shown.paidYearToDateCents,
      outstanding: shown.outstandingInvoices,
    };
    const first = shown.revenue[0]?.month ?? '';
    const last = shown.revenue.at(-1)?.month ?? '';
    expect(figures, `${zone} at ${at.toISOString()}`).toEqual(
      await fromRows(env(), member, zone, first, last, shown.fiscalYearStart),
    );
    return figures;
  }

  async function expectExactEverywhere(client: TestClient, member: TMember, step: string) {
    for (const zone of ZONES) {
      await expectExact(client, member, zone, AT);
    }
    // And today's dashboard, whose window holds what the API itself marked paid.
    await expectExact(client, member, 'America/New_York', new Date());
    return step;
  }

  const month = (f: TFigures, m: string) => f.revenue.find((r) => r[0] === m)?.[1];

  it('paid invoices by month and the paid year to date stay exact through paid, unpaid, void, amounts and deletes', async () => {
    const { client, orgId, member, companyId } = await setup('Paid Boosters');
    await makePremium(env(), orgId);
    const invoice = (status: string, cents: number, paidAt: string | null) =>
      sql`(${orgId}, ${companyId}, 'direct', ${status}, '2099-01-01', ${cents}, ${paidAt}::timestamptz)`;
    // One statement, as an import or a generator would write them; each paid one a little before
    // or after midnight of the 1st in one of the zones.
    await platformExec(
      env(),
      sql`INSERT INTO invoice (org_id, company_id, invoice_source, status, due_date, total_amount_cents, paid_at)
          VALUES ${sql.join(
            [
              invoice('paid', 100, '2025-01-01T04:59:59Z'), // New York: 31 December
              invoice('paid', 200, '2025-01-01T05:00:00Z'), // New York: 1 January
              invoice('paid', 400, '2024-12-31T18:29:59Z'), // Kolkata: 31 December
              invoice('paid', 800, '2024-12-31T18:30:00Z'), // Kolkata: 1 January
              invoice('paid', 1_600, '2024-12-31T18:14:59Z'), // Kathmandu: 31 December
              invoice('paid', 3_200, '2024-12-31T18:15:00Z'), // Kathmandu: 1 January
              invoice('paid', 6_400, '2024-12-31T10:00:00Z'), // Kiritimati: 1 January
              invoice('paid', 12_800, '2025-01-01T11:00:00Z'), // Pago Pago: 1 January
              invoice('paid', 25_600, '2024-12-31T23:59:59Z'), // UTC: 31 December
              invoice('paid', 51_200, '2024-07-01T04:00:00Z'), // New York: 1 July, the fiscal year's first hour
              invoice('paid', 102_400, '2024-07-01T03:59:59Z'), // New York: 30 June, the year before
              invoice('paid', 204_800, '2023-03-31T23:00:00Z'), // before every window
              invoice('pending', 1_000, null),
              invoice('sent', 2_000, null),
              invoice('overdue', 4_000, null),
              invoice('draft', 8_000, null),
              invoice('void', 16_000, null),
            ],
            sql`, `,
          )}`,
    );
    const ny = await expectExact(client, member, 'America/New_York', AT);
    expect(month(ny, '2024-12')).toBe(100 + 400 + 800 + 1_600 + 3_200 + 6_400 + 25_600);
    expect(month(ny, '2025-01')).toBe(200 + 12_800);
    expect(ny.paidYearToDateCents).toBe(100 + 200 + 400 + 800 + 1_600 + 3_200 + 6_400 + 12_800 + 25_600 + 51_200);
    expect(ny.outstanding).toEqual({ count: 3, cents: 7_000 });
    const kolkata = await expectExact(client, member, 'Asia/Kolkata', AT);
    expect(month(kolkata, '2024-12')).toBe(400 + 1_600 + 3_200 + 6_400);
    const kathmandu = await expectExact(client, member, 'Asia/Kathmandu', AT);
    expect(month(kathmandu, '2024-12')).toBe(1_600 + 6_400);
    await expectExactEverywhere(client, member, 'inserted');

    // Unpaid again (a payment reversed), then paid on another day.
    await platformExec(
      env(),
      sql`UPDATE invoice SET status = 'sent', paid_at = NULL WHERE org_id = ${orgId} AND total_amount_cents = 800`,
    );
    await platformExec(
      env(),
      sql`UPDATE invoice SET status = 'paid', paid_at = '2025-02-01T04:59:00Z' WHERE org_id = ${orgId} AND total_amount_cents = 2000`,
    );
    // A paid invoice's amount corrected, another moved across midnight, a paid one voided.
    await platformExec(
      env(),
      sql`UPDATE invoice SET total_amount_cents = 150 WHERE org_id = ${orgId} AND total_amount_cents = 100`,
    );
    await platformExec(
      env(),
      sql`UPDATE invoice SET paid_at = paid_at + interval '2 seconds' WHERE org_id = ${orgId} AND total_amount_cents = 400`,
    );
    await platformExec(
      env(),
      sql`UPDATE invoice SET status = 'void', paid_at = NULL, voided_at = now()
          WHERE org_id = ${orgId} AND total_amount_cents = 3200`,
    );
    // Every open invoice at once, as the overdue job does (a change that moves no money).
    await platformExec(env(), sql`UPDATE invoice SET status = 'overdue' WHERE org_id = ${orgId} AND status = 'sent'`);
    await platformExec(env(), sql`UPDATE invoice SET memo = 'Thanks' WHERE org_id = ${orgId}`);
    const changed = await expectExact(client, member, 'America/New_York', AT);
    expect(month(changed, '2024-12')).toBe(150 + 400 + 1_600 + 6_400 + 25_600);
    expect(month(changed, '2025-01')).toBe(200 + 12_800 + 2_000);
    expect(changed.outstanding).toEqual({ count: 3, cents: 1_000 + 800 + 4_000 });
    await expectExactEverywhere(client, member, 'changed');

    // Through the API: made, then marked paid now, then one voided.
    const made = await createInvoice(client, directBody(companyId));
    expectStatus(await client.post(`/api/invoices/${made.id}/paid`, {}), 200, 'mark paid');
    const other = await createInvoice(client, directBody(companyId));
    expectStatus(await client.post(`/api/invoices/${other.id}/void`, {}), 200, 'void');
    const today = await expectExact(client, member, 'America/New_York', new Date());
    expect(today.revenue.at(-1)?.[1]).toBe(50_000);

    // Deleted one by one and several at once.
    await platformExec(env(), sql`DELETE FROM invoice WHERE org_id = ${orgId} AND total_amount_cents = 6400`);
    await platformExec(
      env(),
      sql`DELETE FROM invoice WHERE org_id = ${orgId} AND total_amount_cents IN (150, 200, 25600, 1000)`,
    );
    const deleted = await expectExact(client, member, 'America/New_York', AT);
    expect(month(deleted, '2024-12')).toBe(400 + 1_600);
    await expectExactEverywhere(client, member, 'deleted');
  });

  it('agreements count at their value until their first invoice, through agreement, invoice and quote changes', async () => {
    const { client, orgId, member, companyId } = await setup('Agreement Boosters');
    const agreement = (startDate: string, cents: number | null, quoteId: string | null = null) =>
      seedAgreement(env(), orgId, {
        companyId,
        startDate,
        endDate: '2027-01-01',
        calculatedTotalValueCents: cents,
        quoteId,
      });
    const a = await agreement('2024-10-01', 120_000);
    const b = await agreement('2024-10-31', 30_000);
    const c = await agreement('2024-11-15', 7_000);
    // No value of its own: valued from its quote's lines (2 × $50).
    const quoteId = await seedQuote(env(), orgId, companyId, 'contracted', [
      { itemName: 'Old banner', qty: 2, unitPriceCents: 5_000 },
    ]);
    const q = await agreement('2024-12-01', null, quoteId);
    let ny = await expectExact(client, member, 'America/New_York', AT);
    expect([month(ny, '2024-10'), month(ny, '2024-11'), month(ny, '2024-12')]).toEqual([150_000, 7_000, 10_000]);

    // Its first invoice takes an agreement out (its money now comes through invoices) ...
    const billA = async (status: string, paidAt: string | null) =>
      platformExec(
        env(),
        sql`INSERT INTO invoice (org_id, company_id, agreement_id, invoice_source, status, due_date, total_amount_cents, paid_at)
            VALUES (${orgId}, ${companyId}, ${a}, 'agreement', ${status}, '2099-01-01', 60000, ${paidAt}::timestamptz)`,
      );
    await billA('pending', null);
    await billA('paid', '2024-11-20T15:00:00Z');
    ny = await expectExact(client, member, 'America/New_York', AT);
    expect([month(ny, '2024-10'), month(ny, '2024-11')]).toEqual([30_000, 67_000]);
    // ... an invoice moved to another agreement takes that one out too (this one keeps its paid one) ...
    await platformExec(
      env(),
      sql`UPDATE invoice SET agreement_id = ${c} WHERE org_id = ${orgId} AND agreement_id = ${a} AND status = 'pending'`,
    );
    ny = await expectExact(client, member, 'America/New_York', AT);
    expect([month(ny, '2024-10'), month(ny, '2024-11')]).toEqual([30_000, 60_000]);
    // ... and deleting its last invoice puts it back.
    await platformExec(env(), sql`DELETE FROM invoice WHERE org_id = ${orgId} AND agreement_id = ${a}`);
    ny = await expectExact(client, member, 'America/New_York', AT);
    expect(month(ny, '2024-10')).toBe(150_000);
    await expectExactEverywhere(client, member, 'invoices');

    // Deleted and restored through the API; moved to another month; its value changed.
    expectStatus(await client.delete(`/api/agreements/${b}`), 200, 'delete agreement');
    ny = await expectExact(client, member, 'America/New_York', AT);
    expect(month(ny, '2024-10')).toBe(120_000);
    expectStatus(await client.post(`/api/agreements/${b}/restore`, {}), 200, 'restore agreement');
    await platformExec(env(), sql`UPDATE contract SET start_date = '2024-09-30' WHERE id = ${b}`);
    await platformExec(env(), sql`UPDATE contract SET calculated_total_value_cents = 125000 WHERE id = ${a}`);
    ny = await expectExact(client, member, 'America/New_York', AT);
    expect([month(ny, '2024-09'), month(ny, '2024-10')]).toEqual([30_000, 125_000]);

    // The quote's lines: added, changed, removed; then the quote itself deleted.
    await platformExec(
      env(),
      sql`INSERT INTO quote_line (org_id, quote_id, item_name, qty, unit_price_cents) VALUES (${orgId}, ${quoteId}, 'Program ad', 1, 2500)`,
    );
    await platformExec(
      env(),
      sql`UPDATE quote_line SET qty = 3 WHERE quote_id = ${quoteId} AND item_name = 'Old banner'`,
    );
    ny = await expectExact(client, member, 'America/New_York', AT);
    expect(month(ny, '2024-12')).toBe(17_500);
    await platformExec(env(), sql`DELETE FROM quote_line WHERE quote_id = ${quoteId} AND item_name = 'Program ad'`);
    ny = await expectExact(client, member, 'America/New_York', AT);
    expect(month(ny, '2024-12')).toBe(15_000);
    await platformExec(env(), sql`DELETE FROM quote WHERE id = ${quoteId}`);
    ny = await expectExact(client, member, 'America/New_York', AT);
    expect(month(ny, '2024-12')).toBe(0);
    await platformExec(env(), sql`UPDATE contract SET total_value_cents = 4000 WHERE id = ${q}`);
    ny = await expectExact(client, member, 'America/New_York', AT);
    expect(month(ny, '2024-12')).toBe(4_000);

    // An invoiced agreement deleted outright: its invoices lose it, and it leaves the totals.
    await platformExec(
      env(),
      sql`INSERT INTO invoice (org_id, company_id, agreement_id, invoice_source, status, due_date, total_amount_cents)
          VALUES (${orgId}, ${companyId}, ${c}, 'agreement', 'sent', '2099-01-01', 7000)`,
    );
    await platformExec(env(), sql`DELETE FROM contract WHERE id IN (${c}, ${q})`);
    ny = await expectExact(client, member, 'America/New_York', AT);
    expect([month(ny, '2024-11'), month(ny, '2024-12')]).toEqual([0, 0]);
    await expectExactEverywhere(client, member, 'agreements');
  });

  it('an organization’s deletion takes its totals with it, and leaves another’s alone', async () => {
    const gone = await setup('Gone Boosters');
    const kept = await setup('Kept Boosters');
    for (const o of [gone, kept]) {
      const quoteId = await seedQuote(env(), o.orgId, o.companyId, 'contracted', [
        { itemName: 'Banner', qty: 1, unitPriceCents: 9_000 },
      ]);
      const agreementId = await seedAgreement(env(), o.orgId, {
        companyId: o.companyId,
        startDate: '2025-01-01',
        endDate: '2026-01-01',
        quoteId,
      });
      await seedAgreement(env(), o.orgId, {
        companyId: o.companyId,
        startDate: '2025-02-01',
        endDate: '2026-02-01',
        calculatedTotalValueCents: 5_000,
      });
      await platformExec(
        env(),
        sql`INSERT INTO invoice (org_id, company_id, agreement_id, invoice_source, status, due_date, total_amount_cents, paid_at)
            VALUES (${o.orgId}, ${o.companyId}, ${agreementId}, 'agreement', 'paid', '2099-01-01', 9000, '2025-01-10T12:00:00Z'),
                   (${o.orgId}, ${o.companyId}, NULL, 'direct', 'sent', '2099-01-01', 3000, NULL)`,
      );
    }
    const counts = (orgId: string) =>
      platformQuery(
        env(),
        z.object({ days: column.count, statuses: column.count, months: column.count }),
        sql`SELECT (SELECT count(*) FROM org_invoice_paid_day WHERE org_id = ${orgId}) AS days,
                   (SELECT count(*) FROM invoice_status_count WHERE org_id = ${orgId}) AS statuses,
                   (SELECT count(*) FROM org_agreement_month WHERE org_id = ${orgId}) AS months`,
      );
    expect(await counts(gone.orgId)).toEqual([{ days: 1, statuses: 2, months: 1 }]);

    await platformExec(env(), sql`DELETE FROM organization WHERE id = ${gone.orgId}`);
    expect(await counts(gone.orgId)).toEqual([{ days: 0, statuses: 0, months: 0 }]);
    expect(await counts(kept.orgId)).toEqual([{ days: 1, statuses: 2, months: 1 }]);
    const ny = await expectExact(kept.client, kept.member, 'America/New_York', AT);
    expect([month(ny, '2025-01'), month(ny, '2025-02')]).toEqual([9_000, 5_000]);
    expect(ny.outstanding).toEqual({ count: 1, cents: 3_000 });
  });

  it('leaves the totals to the triggers: the app role cannot call what writes them', async () => {
    const { member } = await setup('Honest Boosters');
    const calls = [
      sql`SELECT invoice_totals_move(ARRAY[]::invoice[], ARRAY[]::invoice[])`,
      sql`SELECT agreement_month_refresh(${member.orgId}::uuid, NULL, NULL, NULL)`,
      sql`SELECT campaign_giving_apply(1, ARRAY[]::donation[])`,
      sql`SELECT agreement_in_force_move(ARRAY[]::contract[], ARRAY[]::contract[])`,
      sql`SELECT agreement_end_move(ARRAY[]::contract[], ARRAY[]::contract[])`,
    ];
    for (const call of calls) {
      // The database's refusal, under the driver's "Failed query" wrapper.
      const refused = await withTenant(env().deps.db, member, (tx) => tx.execute(call)).then(
        () => 'not refused',
        (err: unknown) => (err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err)),
      );
      expect(refused).toMatch(/permission denied/);
    }
  });

  it('agreements in force stay exact on every day through starts, ends, status changes, deletes and restores', async () => {
    const { client, orgId, member, companyId } = await setup('In Force Boosters');
    const other = await setup('Other Boosters');
    /** Days around every start and end below, and today (the dashboard's). */
    const DAYS = ['2024-12-31', '2025-01-01', '2025-06-30', '2025-07-01', '2025-12-31', '2026-01-01', '2026-01-02'];
    const kept = (day: string) =>
      readCount(sql`SELECT org_agreements_in_force(${orgId}::uuid, ${day}::date) AS n`, member);
    const counted = (day: string) =>
      readCount(
        sql`SELECT count(*) AS n FROM contract WHERE org_id = ${orgId} AND status = 'active' AND deleted_at IS NULL
              AND start_date <= ${day}::date AND end_date >= ${day}::date`,
        member,
      );
    async function readCount(query: ReturnType<typeof sql>, m: TMember): Promise<number> {
      const [row] = await withTenant(env().deps.db, m, (tx) => rows(tx, z.object({ n: column.count }), query));
      return row?.n ?? -1;
    }
    const expectExactDays = async (step: string) => {
      const shown: number[] = [];
      const truth: number[] = [];
      for (const day of DAYS) {
        shown.push(await kept(day));
        truth.push(await counted(day));
      }
      expect(shown, step).toEqual(truth);
      const today = await dashboardMetrics(env().deps, member, 12);
      expect(today.activeContracts, `${step}: today`).toBe(await counted(new Date().toISOString().slice(0, 10)));
      return shown;
    };

    const agreement = (startDate: string, endDate: string, status = 'active') =>
      seedAgreement(env(), orgId, { companyId, startDate, endDate, status });
    const year = await agreement('2025-01-01', '2025-12-31');
    const half = await agreement('2025-07-01', '2026-01-01');
    await agreement('2025-01-01', '2025-06-30', 'draft');
    const current = await agreement('2020-01-01', '2099-12-31');
    // Another organization's agreement changes nothing here.
    await seedAgreement(env(), other.orgId, {
      companyId: other.companyId,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
    expect(await expectExactDays('seeded')).toEqual([1, 2, 2, 3, 3, 2, 1]);

    // Deleted and restored through the API, as a person does.
    expectStatus(await client.delete(`/api/agreements/${year}`), 200, 'delete agreement');
    expect(await expectExactDays('deleted')).toEqual([1, 1, 1, 2, 2, 2, 1]);
    expectStatus(await client.post(`/api/agreements/${year}/restore`, {}), 200, 'restore agreement');
    await expectExactDays('restored');

    // Its dates moved, its status changed both ways, and several rows in one statement.
    await platformExec(
      env(),
      sql`UPDATE contract SET start_date = '2025-06-30', end_date = '2026-01-02' WHERE id = ${half}`,
    );
    await expectExactDays('dates moved');
    await platformExec(env(), sql`UPDATE contract SET status = 'expired' WHERE id = ${year}`);
    await expectExactDays('expired');
    await platformExec(env(), sql`UPDATE contract SET status = 'active' WHERE org_id = ${orgId}`);
    expect(await expectExactDays('all active')).toEqual([1, 3, 4, 3, 3, 2, 2]);
    // A change to what is not counted (the notes) leaves the days alone; deleted outright, it leaves them.
    await platformExec(env(), sql`UPDATE contract SET notes = 'Renewed by phone' WHERE id = ${current}`);
    await platformExec(env(), sql`DELETE FROM contract WHERE id IN (${current}, ${half})`);
    expect(await expectExactDays('deleted outright')).toEqual([0, 2, 2, 1, 1, 0, 0]);

    // The organization's deletion takes its days with it, and leaves the other's alone.
    const days = (org: string) =>
      platformQuery(
        env(),
        z.object({ n: column.count }),
        sql`SELECT count(*) AS n FROM org_agreement_in_force_day WHERE org_id = ${org}`,
      );
    expect((await days(orgId))[0]?.n).toBeGreaterThan(0);
    await platformExec(env(), sql`DELETE FROM organization WHERE id = ${orgId}`);
    expect(await days(orgId)).toEqual([{ n: 0 }]);
    expect(await days(other.orgId)).toEqual([{ n: 2 }]);
  });

  it('two agreements of one month written at once both count (the second waits for the first)', async () => {
    if (env().kind !== 'postgres') return; // PGlite runs one transaction at a time
    const { client, orgId, member, companyId } = await setup('Busy Boosters');
    const insert = (cents: number) =>
      sql`INSERT INTO contract (org_id, company_id, status, start_date, end_date, term_months, calculated_total_value_cents)
          VALUES (${orgId}, ${companyId}, 'active', '2025-01-10', '2026-01-10', 12, ${cents})`;
    // The second computes its month only once the first has committed, so it sees both.
    await whileHeld(env(), insert(1_000), () =>
      withPlatform(env().deps.db, env().deps.log, 'test', (tx) => tx.execute(insert(2_000))),
    );
    const ny = await expectExact(client, member, 'America/New_York', AT);
    expect(month(ny, '2025-01')).toBe(3_000);
  });
});
