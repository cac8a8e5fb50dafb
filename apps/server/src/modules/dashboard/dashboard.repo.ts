import { z } from 'zod';
import { column, rows, sql, type TTx } from '../../db/client';
import { AGREEMENT_VALUE_SQL } from '../agreements/agreements.repo';

/*
 * Dashboard figures. Companies and agreements exist today; invoices and donations arrive with
 * their own issues. Their queries are already here in their final shape, each with an empty source
 * that reads zero: the issue that adds a table replaces that source (and only it) with the real
 * rows, filtered by org_id on an index led by org_id.
 */

/** Total and sponsoring companies in one pass over company_org_status_idx (index-only). */
export async function companyCounts(tx: TTx, orgId: string): Promise<{ total: number; sponsoring: number }> {
  const [row] = await rows(
    tx,
    z.object({ total: column.count, sponsoring: column.count }),
    sql`SELECT count(*) AS total, count(*) FILTER (WHERE status = 'sponsor') AS sponsoring
        FROM company WHERE org_id = ${orgId}`,
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

/** Invoices sent and not yet paid, with the amount still due. Source: the invoice table (not built yet). */
export async function outstandingInvoices(tx: TTx, orgId: string): Promise<{ count: number; cents: number }> {
  const [row] = await rows(
    tx,
    z.object({ n: column.count, cents: column.count }),
    sql`WITH open_invoices(org_id, balance_cents) AS (SELECT NULL::uuid, 0::bigint WHERE false)
        SELECT count(*) AS n, coalesce(sum(balance_cents), 0) AS cents FROM open_invoices WHERE org_id = ${orgId}`,
  );
  return { count: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
}

/**
 * Cents paid on or after a calendar day, read in the viewer's zone. Source: invoice payments
 * (not built yet).
 */
export async function paidSince(tx: TTx, orgId: string, fromDay: string, zone: string): Promise<number> {
  const [row] = await rows(
    tx,
    z.object({ cents: column.count }),
    sql`WITH payments(org_id, paid_at, amount_cents) AS (SELECT NULL::uuid, NULL::timestamptz, 0::bigint WHERE false)
        SELECT coalesce(sum(amount_cents), 0) AS cents FROM payments
        WHERE org_id = ${orgId} AND (paid_at AT TIME ZONE ${zone})::date >= ${fromDay}::date`,
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
 * Monthly revenue from firstMonth to lastMonth ('YYYY-MM-01'), every month present. Sponsorships:
 * the agreements (not deleted) by the month of their start date, each at its value (spec §3, the
 * rule of AGREEMENT_VALUE_SQL); a start date is a calendar date, so no zone applies. Donations:
 * bucketed by the month of payment in the viewer's zone (not built yet).
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
    sql`WITH months AS (
          SELECT to_char(m, 'YYYY-MM') AS month
          FROM generate_series(${firstMonth}::timestamp, ${lastMonth}::timestamp, interval '1 month') AS m
        ),
        donation_payments(org_id, paid_at, amount_cents) AS (
          SELECT NULL::uuid, NULL::timestamptz, 0::bigint WHERE false
        ),
        sponsorships AS (
          SELECT to_char(c.start_date, 'YYYY-MM') AS month, sum(coalesce(${AGREEMENT_VALUE_SQL}, 0)) AS cents
          FROM contract c
          WHERE c.org_id = ${orgId} AND c.deleted_at IS NULL
            AND c.start_date >= ${firstMonth}::date
            AND c.start_date < ${lastMonth}::date + interval '1 month'
          GROUP BY 1
        ),
        donations AS (
          SELECT to_char(paid_at AT TIME ZONE ${zone}, 'YYYY-MM') AS month, sum(amount_cents) AS cents
          FROM donation_payments WHERE org_id = ${orgId} GROUP BY 1
        )
        SELECT months.month,
               coalesce(s.cents, 0) AS sponsorships_cents,
               coalesce(d.cents, 0) AS donations_cents
        FROM months
        LEFT JOIN sponsorships s ON s.month = months.month
        LEFT JOIN donations d ON d.month = months.month
        ORDER BY months.month`,
  );
}
