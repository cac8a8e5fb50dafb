import { OUTSTANDING_INVOICE_STATUSES } from '@pennant/shared/invoices/schemas';
import { z } from 'zod';
import { column, rows, sql, type TTx } from '../../db/client';

/*
 * Dashboard figures, from the totals the triggers keep rather than from the rows themselves:
 * companies per status (0005), invoices per status and paid invoices per UTC day, agreements
 * counted at their value per start month (0024), paid donations per quarter hour (0022).
 */

const ZCounts = z.object({
  timezone: z.string().nullable(),
  total_companies: column.count,
  sponsoring_companies: column.count,
  active_contracts: column.count,
  outstanding_count: column.count,
  outstanding_cents: column.count,
});
export type TDashboardCounts = z.output<typeof ZCounts>;

/**
 * The figures that need no calendar, with the viewer's saved zone (app_user_timezone: the
 * transaction's user, so no platform transaction of its own), in one statement:
 * - total and sponsoring companies, from the per-status counts;
 * - agreements in force today: active, not deleted, today between the start and end dates (on the
 *   database's calendar), counted from contract_org_status_end_idx alone;
 * - invoices still owed and out of the organization's hands (spec §7 outstanding) and their total,
 *   from the per-status totals.
 */
export async function dashboardCounts(tx: TTx, orgId: string): Promise<TDashboardCounts> {
  const outstanding = sql.join(
    OUTSTANDING_INVOICE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = await rows(
    tx,
    ZCounts,
    sql`SELECT app_user_timezone() AS timezone, c.total AS total_companies, c.sponsoring AS sponsoring_companies,
               a.n AS active_contracts, o.n AS outstanding_count, o.cents AS outstanding_cents
        FROM (SELECT coalesce(sum(n), 0) AS total, coalesce(sum(n) FILTER (WHERE status = 'sponsor'), 0) AS sponsoring
              FROM company_status_counts(${orgId}::uuid)) c,
             (SELECT count(*) AS n FROM contract
              WHERE org_id = ${orgId} AND status = 'active' AND deleted_at IS NULL
                AND start_date <= current_date AND end_date >= current_date) a,
             (SELECT coalesce(sum(invoice_count), 0) AS n, coalesce(sum(total_cents), 0) AS cents
              FROM org_invoice_status_totals(${orgId}::uuid) WHERE status IN (${outstanding})) o`,
  );
  if (!row) throw new Error('dashboard counts returned nothing');
  return row;
}

/**
 * Cents of invoices paid on or after a calendar day, the day of payment read in the viewer's zone:
 * the whole UTC days after the one that day begins on, from the per-day totals, and that split
 * UTC day invoice by invoice (invoice_org_paid_idx).
 */
export async function paidSince(tx: TTx, orgId: string, fromDay: string, zone: string): Promise<number> {
  const [row] = await rows(
    tx,
    z.object({ cents: column.count }),
    sql`WITH split AS (
          SELECT b.from_at, (b.from_at AT TIME ZONE 'UTC')::date AS day
          FROM (SELECT ${fromDay}::date::timestamp AT TIME ZONE ${zone} AS from_at) b
        )
        SELECT (SELECT coalesce(sum(d.total_cents), 0)
                FROM split s, org_invoice_paid_days(${orgId}::uuid, s.day + 1, 'infinity'::date) d)
             + (SELECT coalesce(sum(i.total_amount_cents), 0) FROM split s, invoice i
                WHERE i.org_id = ${orgId} AND i.status = 'paid'
                  AND i.paid_at >= s.from_at AND i.paid_at < (s.day + 1)::timestamp AT TIME ZONE 'UTC') AS cents`,
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
 *
 * Paid invoices come from their per-UTC-day totals: a UTC day on which no local month begins lies
 * wholly inside one local month, whatever the zone. The days on which one does begin (at most one
 * per month, the window's end included) are split between two months, so their invoices are read
 * one by one and placed by their own paid_at.
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
        split_days AS (
          SELECT DISTINCT ((m AT TIME ZONE ${zone}) AT TIME ZONE 'UTC')::date AS day
          FROM generate_series(${firstMonth}::timestamp, (${lastMonth}::date + interval '1 month')::timestamp,
                               interval '1 month') AS m
        ),
        sponsorship_amounts(month, cents) AS (
          SELECT date_trunc('month', (d.day::timestamp AT TIME ZONE 'UTC') AT TIME ZONE ${zone}), d.total_cents
          FROM window_bounds b,
               org_invoice_paid_days(${orgId}::uuid, (b.from_at AT TIME ZONE 'UTC')::date, (b.to_at AT TIME ZONE 'UTC')::date) d
          WHERE d.day NOT IN (SELECT s.day FROM split_days s)
          UNION ALL
          SELECT date_trunc('month', i.paid_at AT TIME ZONE ${zone}), i.total_amount_cents
          FROM window_bounds b, split_days s, invoice i
          WHERE i.org_id = ${orgId} AND i.status = 'paid'
            AND i.paid_at >= s.day::timestamp AT TIME ZONE 'UTC' AND i.paid_at < (s.day + 1)::timestamp AT TIME ZONE 'UTC'
            AND i.paid_at >= b.from_at AND i.paid_at < b.to_at
          UNION ALL
          SELECT a.month::timestamp, a.total_cents
          FROM org_agreement_months(${orgId}::uuid, ${firstMonth}::date, (${lastMonth}::date + interval '1 month')::date) a
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
