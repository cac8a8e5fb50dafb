import { z } from 'zod';
import { column, preparedRows, rows, sql, type TDb, type TTx } from '../../db/client';
import { readAsOwner } from '../../db/tenant';

/*
 * The console's figures across every organization: withPlatform only, except the job queue's,
 * which is read from pg-boss's own schema (see queueHealth).
 */

const ZTotals = z.object({
  organizations: column.count,
  active_organizations: column.count,
  users: column.count,
  active_contracts: column.count,
  sponsors: column.count,
  signups: column.count,
});
export type TTotals = z.output<typeof ZTotals>;

/**
 * The platform's totals: organizations (and those not frozen), accounts (and those made in the
 * last `signupDays` days), agreements in force today (active, not deleted, today within their
 * dates, as the club dashboard counts them) and sponsors (companies in status sponsor, from the
 * per-status counts the company triggers keep). One pass over each table; the last two are read
 * from their partial indexes alone (0025).
 */
export async function platformTotals(tx: TTx, signupDays: number): Promise<TTotals> {
  const [row] = await preparedRows(
    tx,
    ZTotals,
    sql`SELECT o.organizations, o.active_organizations, u.users, u.signups,
               (SELECT count(*) FROM contract WHERE status = 'active' AND deleted_at IS NULL
                  AND start_date <= current_date AND end_date >= current_date) AS active_contracts,
               (SELECT coalesce(sum(n), 0) FROM company_status_count WHERE status = 'sponsor') AS sponsors
        FROM (SELECT count(*) AS organizations, count(*) FILTER (WHERE NOT is_frozen) AS active_organizations
              FROM organization) o,
             (SELECT count(*) AS users,
                     count(*) FILTER (WHERE created_at >= now() - make_interval(days => ${signupDays})) AS signups
              FROM auth_user) u`,
  );
  if (!row) throw new Error('totals returned nothing');
  return row;
}

const ZRowDateCount = z.object({ date: z.string(), count: column.count });

/** Accounts made per UTC day over the last `days` days, today included, every day listed. */
export async function signupsPerDay(tx: TTx, days: number): Promise<{ date: string; count: number }[]> {
  return rows(
    tx,
    ZRowDateCount,
    sql`WITH span AS (
          SELECT d::date AS day FROM generate_series(
            (now() AT TIME ZONE 'UTC')::date - (${days}::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') d
        )
        SELECT to_char(s.day, 'YYYY-MM-DD') AS date, count(u.id) AS count
        FROM span s LEFT JOIN auth_user u ON (u.created_at AT TIME ZONE 'UTC')::date = s.day
        GROUP BY s.day ORDER BY s.day`,
  );
}

export interface TQueueHealth {
  present: boolean;
  completed: number;
  failed: number;
  pending: number;
  lastErrors: { run_at: Date | string; task_name: string; message: string | null }[];
}

const ZPresent = z.object({ present: z.boolean() });
const ZCounts = z.object({ completed: column.count, failed: column.count, pending: column.count });
const ZFailure = z.object({ run_at: column.instant, task_name: z.string(), message: z.string().nullable() });

/**
 * The job queue's state (admin_get_cron_health) from pg-boss's job table: jobs finished in the
 * last `hours` hours by outcome, jobs waiting or running, and the latest failures with their
 * error. pg-boss's schema belongs to the connecting user, not to the platform role, so this runs
 * as that user in a read-only transaction (readAsOwner), its two reads issued together. Without
 * the schema (a queue that never started, the tests' inline queue) everything is zero.
 */
export async function queueHealth(db: TDb, hours: number, failures: number): Promise<TQueueHealth> {
  return readAsOwner(db, async (tx) => {
    const [found] = await preparedRows(tx, ZPresent, sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`);
    if (!found?.present) return { present: false, completed: 0, failed: 0, pending: 0, lastErrors: [] };
    const [[counts], lastErrors] = await Promise.all([
      preparedRows(
        tx,
        ZCounts,
        sql`SELECT count(*) FILTER (WHERE state::text = 'completed') AS completed,
                   count(*) FILTER (WHERE state::text = 'failed') AS failed,
                   count(*) FILTER (WHERE state::text IN ('created', 'retry', 'active')) AS pending
            FROM pgboss.job
            WHERE state::text IN ('created', 'retry', 'active')
               OR completed_on >= now() - make_interval(hours => ${hours})`,
      ),
      preparedRows(
        tx,
        ZFailure,
        sql`SELECT coalesce(completed_on, started_on, created_on) AS run_at, name AS task_name,
                   left(coalesce(output->>'message', output::text), 300) AS message
            FROM pgboss.job WHERE state::text = 'failed'
            ORDER BY coalesce(completed_on, started_on, created_on) DESC LIMIT ${failures}`,
      ),
    ]);
    return {
      present: true,
      completed: counts?.completed ?? 0,
      failed: counts?.failed ?? 0,
      pending: counts?.pending ?? 0,
      lastErrors,
    };
  });
}
