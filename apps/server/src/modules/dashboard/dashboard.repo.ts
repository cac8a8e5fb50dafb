import { z } from 'zod';
import { column, rows, sql, type TTx } from '../../db/client';
import { AGREEMENT_VALUE_SQL } from '../agreements/agreements.repo';

/*
 * Dashboard figures: companies, agreements, invoices and paid donations (the Donations series of
 * Revenue Trends, from the per-quarter-hour totals the donation triggers keep, 0022).
 */

/**
 * Total and sponsoring companies from the per-status counts the company triggers keep (0005), so
 * the dashboard never counts 100,000 companies.
 */
export async function companyCounts(tx: TTx, orgId: string): Promise<{ total: number; sponsoring: number }> {
  const [row] = await rows(
    tx,
    z.object({ total: column.count, sponsoring: column.count }),
    sql`SELECT coalesce(sum(n), 0) AS total, coalesce(sum(n) FILTER (WHERE status = 'sponsor'), 0) AS sponsoring
        FROM company_status_counts(${orgId}::uuid)`,
  );
  return { total: Number(row?.total ?? 0), sponsoring: Number(row?.sponsoring ?? 0) };
}

/**
 * Agreements in force today: active, not deleted, today between the start and end dates (on the
 * database's calendar). Read on contract_org_status_end_idx.
 */
export async function countActiveContracts(tx: TTx, orgId: string): Promise<number> {
  const [row] = await rows(
    tx,
    z.object({ n: column.count }),
    sql`SELECT count(*) AS n FROM contract
        WHERE org_id = ${orgId} AND status = 'active' AND deleted_at IS NULL
          AND start_date <= current_date AND end_date >= current_date`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Invoices still owed and out of the organization's hands (pending, sent, overdue; spec §7
 * outstanding) with their total. Read on invoice_org_open_due_idx.
 */
export async function outstandingInvoices(tx: TTx, orgId: string): Promise<{ count: number; cents: number }> {
  const [row] = await rows(
    tx,
    z.object({ n: column.count, cents: column.count }),
    sql`SELECT count(*) AS n, coalesce(sum(total_amount_cents), 0) AS cents FROM invoice
        WHERE org_id = ${orgId} AND status IN ('pending', 'sent', 'overdue')`,
  );
  return { count: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
}

/**
 * Cents of invoices paid on or after a calendar day, the day of payment read in the viewer's zone.
 * Read on invoice_org_paid_idx.
 */
export async function paidSince(tx: TTx, orgId: string, fromDay: string, zone: string): Promise<number> {
  const [row] = await rows(
    tx,
    z.object({ cents: column.count }),
    sql`SELECT coalesce(sum(total_amount_cents), 0) AS cents FROM invoice
        WHERE org_id = ${orgId} AND status = 'paid'
          AND paid_at >= (${fromDay}::date::timestamp AT TIME ZONE ${zone})`,
  );
  return Number(row?.cents ?? 0);
}

export const ZRevenueRow = z.object({
  month: z.string(),
  sponsorships_cents: column.count,
  donations_cents: column.count,
});
export type TRevenueRow = z.output<typeof ZRevenueRow>;

/**
 * Monthly revenue from firstMonth to lastMonth ('YYYY-MM-01'), every month present.
 * Sponsorships: the money sponsors paid, by the month of payment in the viewer's zone, which is
 * paid invoices by paid_at; plus, for a club that does not invoice through Pennant, each agreement
 * (not deleted) that has no invoice at all, at its value (spec §3, AGREEMENT_VALUE_SQL) in the
 * month its term starts (a calendar date, so no zone applies). An invoiced agreement counts only
 * through its invoices, so nothing is counted twice. Donations: paid donations by the month of
 * payment in the viewer's zone, summed from whole quarter hours (every zone is a whole number of
 * them from UTC, so a quarter never straddles two local months).
 */
export function monthlyRevenue(
  tx: TTx,
  orgId: string,
  zone: string,
  firstMonth: string,
  lastMonth: string,
): Promise<TRevenueRow[]> {
  return rows(
    tx,
    ZRevenueRow,
    // Months are grouped as timestamps (date_trunc), not as text: sorting thousands of 'YYYY-MM'
    // strings under the database's collation cost more than the rest of the statement.
    sql`WITH months AS (
          SELECT m AS month FROM generate_series(${firstMonth}::timestamp, ${lastMonth}::timestamp, interval '1 month') AS m
        ),
        window_bounds AS (
          SELECT ${firstMonth}::date::timestamp AT TIME ZONE ${zone} AS from_at,
                 (${lastMonth}::date + interval '1 month')::timestamp AT TIME ZONE ${zone} AS to_at
        ),
        sponsorship_amounts(month, cents) AS (
          SELECT date_trunc('month', i.paid_at AT TIME ZONE ${zone}), i.total_amount_cents
          FROM invoice i, window_bounds b
          WHERE i.org_id = ${orgId} AND i.status = 'paid' AND i.paid_at >= b.from_at AND i.paid_at < b.to_at
          UNION ALL
          SELECT date_trunc('month', c.start_date::timestamp), coalesce(${AGREEMENT_VALUE_SQL}, 0)
          FROM contract c
          WHERE c.org_id = ${orgId} AND c.deleted_at IS NULL
            AND c.start_date >= ${firstMonth}::date
            AND c.start_date < ${lastMonth}::date + interval '1 month'
            AND NOT EXISTS (SELECT 1 FROM invoice ci WHERE ci.org_id = c.org_id AND ci.agreement_id = c.id)
        ),
        sponsorships AS (
          SELECT month, sum(cents) AS cents FROM sponsorship_amounts GROUP BY 1
        ),
        donations AS (
          SELECT date_trunc('month', q.quarter AT TIME ZONE ${zone}) AS month, sum(q.total_cents) AS cents
          FROM window_bounds b, org_giving_quarters(${orgId}::uuid, b.from_at, b.to_at) q
          GROUP BY 1
        )
        SELECT to_char(months.month, 'YYYY-MM') AS month,
               coalesce(s.cents, 0) AS sponsorships_cents,
               coalesce(d.cents, 0) AS donations_cents
        FROM months
        LEFT JOIN sponsorships s ON s.month = months.month
        LEFT JOIN donations d ON d.month = months.month
        ORDER BY months.month`,
  );
}
