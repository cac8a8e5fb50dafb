import { OUTSTANDING_INVOICE_STATUSES } from '@pennant/shared/invoices/schemas';
import { z } from 'zod';
import { column, preparedRows, sql, type TTx } from '../../db/client';

/*
 * Dashboard figures, from the totals the triggers keep rather than from the rows themselves:
 * companies per status (0005), invoices per status and paid invoices per UTC day, agreements
 * counted at their value per start month (0024), paid donations per quarter hour (0022).
 * Each statement is prepared (preparedRows): their texts never change, and planning them cost as
 * much as running them.
 */

const ZCounts = z.object({
  total_companies: column.count,
  sponsoring_companies: column.count,
  active_contracts: column.count,
  outstanding_count: column.count,
  outstanding_cents: column.count,
});
export type TDashboardCounts = z.output<typeof ZCounts>;

/**
 * The figures that need no calendar, in one statement:
 * - total and sponsoring companies, from the per-status counts;
 * - agreements in force today: active, not deleted, today between the start and end dates (on the
 *   database's calendar), summed from the day deltas 0031 keeps (one row per start or end date);
 * - invoices still owed and out of the organization's hands (spec §7 outstanding) and their total,
 *   from the per-status totals.
 */
export async function dashboardCounts(tx: TTx, orgId: string): Promise<TDashboardCounts> {
  const outstanding = sql.join(
    OUTSTANDING_INVOICE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = await preparedRows(
    tx,
    ZCounts,
    sql`SELECT c.total AS total_companies, c.sponsoring AS sponsoring_companies,
               a.n AS active_contracts, o.n AS outstanding_count, o.cents AS outstanding_cents
        FROM (SELECT coalesce(sum(n), 0) AS total, coalesce(sum(n) FILTER (WHERE status = 'sponsor'), 0) AS sponsoring
              FROM company_status_counts(${orgId}::uuid)) c,
             (SELECT org_agreements_in_force(${orgId}::uuid, current_date) AS n) a,
             (SELECT coalesce(sum(n), 0) AS n, coalesce(sum(cents), 0) AS cents
              FROM invoice_status_counts(${orgId}::uuid) WHERE status IN (${outstanding})) o`,
  );
  if (!row) throw new Error('dashboard counts returned nothing');
  return row;
}

export const ZRevenueRow = z.object({
  month: z.string(),
  sponsorships_cents: column.count,
  donations_cents: column.count,
  paid_since_cents: column.count,
});
export type TRevenueRow = z.output<typeof ZRevenueRow>;

/**
 * Revenue Trends' months from firstMonth to lastMonth ('YYYY-MM-01'), every month present, and
 * (on every row, one statement for both) the cents of invoices paid since paidSinceDay, the day of
 * payment read in the viewer's zone.
 *
 * Sponsorships: the money sponsors paid, by the month of payment in the viewer's zone, which is
 * paid invoices by paid_at; plus, for a club that does not invoice through Pennant, each agreement
 * (not deleted) that has no invoice at all, at its value (spec §3, AGREEMENT_VALUE_SQL) in the
 * month its term starts (a calendar date, so no zone applies). An invoiced agreement counts only
 * through its invoices, so nothing is counted twice. Donations: paid donations by the month of
 * payment in the viewer's zone, summed from whole quarter hours (every zone is a whole number of
 * them from UTC, so a quarter never straddles two local months).
 *
 * Each local month is a range of instants [from_at, to_at). Its paid invoices are the UTC days
 * wholly inside it, from the per-day totals, plus the invoices of the part-days at either end
 * (from_at to the next UTC midnight, the last UTC midnight to to_at), read from
 * invoice_org_paid_idx; the paid-since figure is the same with no end. Every bound is a column of
 * a materialized row, so each range is an index condition (under row-level security an
 * expression of zone functions is not), and no row is converted between zones.
 */
export function revenueFigures(
  tx: TTx,
  orgId: string,
  zone: string,
  firstMonth: string,
  lastMonth: string,
  paidSinceDay: string,
): Promise<TRevenueRow[]> {
  return preparedRows(
    tx,
    ZRevenueRow,
    sql`WITH bounds AS MATERIALIZED (
          SELECT b.month, b.from_at, b.to_at,
                 (b.from_at AT TIME ZONE 'UTC')::date + 1 AS first_whole_day,
                 (b.to_at AT TIME ZONE 'UTC')::date AS end_day,
                 ((b.from_at AT TIME ZONE 'UTC')::date + 1)::timestamp AT TIME ZONE 'UTC' AS head_to,
                 (b.to_at AT TIME ZONE 'UTC')::date::timestamp AT TIME ZONE 'UTC' AS tail_from
          FROM (SELECT m AS month, m AT TIME ZONE ${zone} AS from_at, (m + interval '1 month') AT TIME ZONE ${zone} AS to_at
                FROM generate_series(${firstMonth}::timestamp, ${lastMonth}::timestamp, interval '1 month') AS m) b
        ),
        since AS MATERIALIZED (
          SELECT s.from_at, (s.from_at AT TIME ZONE 'UTC')::date + 1 AS first_whole_day,
                 ((s.from_at AT TIME ZONE 'UTC')::date + 1)::timestamp AT TIME ZONE 'UTC' AS head_to
          FROM (SELECT ${paidSinceDay}::date::timestamp AT TIME ZONE ${zone} AS from_at) s
        ),
        paid_since AS (
          SELECT (SELECT coalesce(sum(d.total_cents), 0)
                  FROM since s, org_invoice_paid_days(${orgId}::uuid, s.first_whole_day, 'infinity'::date) d)
               + (SELECT coalesce(sum(i.total_amount_cents), 0) FROM since s, invoice i
                  WHERE i.org_id = ${orgId} AND i.status = 'paid' AND i.paid_at >= s.from_at AND i.paid_at < s.head_to)
                 AS cents
        )
        SELECT to_char(b.month, 'YYYY-MM') AS month,
               (SELECT coalesce(sum(d.total_cents), 0)
                FROM org_invoice_paid_days(${orgId}::uuid, b.first_whole_day, b.end_day) d)
             + (SELECT coalesce(sum(i.total_amount_cents), 0) FROM invoice i
                WHERE i.org_id = ${orgId} AND i.status = 'paid' AND i.paid_at >= b.from_at AND i.paid_at < b.head_to)
             + (SELECT coalesce(sum(i.total_amount_cents), 0) FROM invoice i
                WHERE i.org_id = ${orgId} AND i.status = 'paid' AND i.paid_at >= b.tail_from AND i.paid_at < b.to_at)
             + coalesce(a.total_cents, 0) AS sponsorships_cents,
               (SELECT coalesce(sum(q.total_cents), 0)
                FROM org_giving_quarters(${orgId}::uuid, b.from_at, b.to_at) q) AS donations_cents,
               p.cents AS paid_since_cents
        FROM bounds b
        CROSS JOIN paid_since p
        LEFT JOIN org_agreement_months(${orgId}::uuid, ${firstMonth}::date, (${lastMonth}::date + interval '1 month')::date) a
          ON a.month = b.month::date
        ORDER BY b.month`,
  );
}
