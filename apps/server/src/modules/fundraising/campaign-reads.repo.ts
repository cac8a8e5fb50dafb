import { CAMPAIGN_TYPES, FUNDRAISING_LIMITS, type TInsightFilter } from '@pennant/shared/fundraising/schemas';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, sql, type TTx } from '../../db/client';

/*
 * The campaign page's figures (spec 002 §2.4, §2.5, §3, §7.2, §7.3, §9): e-mail history, player and
 * campaign progress, the donation list, analytics and contact insights. Set-based: each answer is
 * one statement over the campaign's own rows, so 10,000 contacts and 50,000 donations never mean a
 * query per row. Only paid donations count (§9). Totals, donors and the timeline come from the
 * giving rows the donation triggers keep (0019: per contact and donor e-mail, per quarter hour),
 * not from the donations themselves: one row per donor instead of one per gift. Counts of players,
 * contacts and e-mailed contacts, each player's figures and the contacts as the page shows them
 * come from the tallies and the roster the triggers of 0026 keep.
 */

/**
 * The donor uniqueness key of rules.donorKey in SQL, as two columns to group by (cheaper than
 * building a text per row): the donor's e-mail (trimmed, lower case), else the contact, else
 * neither, which every anonymous donation shares. A giving row's donor_email is already trimmed
 * and lower case.
 */
const GIVING_EMAIL = sql`g.donor_email`;
const GIVING_CONTACT = sql`CASE WHEN g.donor_email IS NULL THEN g.contact_id END`;
/** The key as text, as rules.donorKey writes it ('email:…', 'contact:…', 'anonymous'). */
const donorKeyText = (email: SQL, contact: SQL) =>
  sql`CASE WHEN ${email} IS NOT NULL THEN 'email:' || ${email}
           WHEN ${contact} IS NOT NULL THEN 'contact:' || ${contact}::text
           ELSE 'anonymous' END`;

const ZFacts = z.object({
  id: z.string(),
  campaign_type: z.enum(CAMPAIGN_TYPES),
  goal_cents: column.count.nullable(),
  player_count: column.count,
  contact_count: column.count,
});
export type TCampaignFacts = z.output<typeof ZFacts>;

/**
 * The campaign (not deleted) with what every figure is measured against: its goal, players and
 * contacts (the campaign's tally, 0026; none yet reads as zeros).
 */
export async function findCampaignFacts(tx: TTx, orgId: string, id: string): Promise<TCampaignFacts | null> {
  const [row] = await preparedRows(
    tx,
    ZFacts,
    sql`SELECT c.id, c.campaign_type, c.goal_cents, COALESCE(t.player_count, 0) AS player_count,
               COALESCE(t.contact_count, 0) AS contact_count
        FROM fundraising_campaign c
        LEFT JOIN LATERAL campaign_tally_of(${orgId}, c.id) t ON true
        WHERE c.org_id = ${orgId} AND c.id = ${id} AND NOT c.is_deleted`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// E-mail history (§3, §4.2)
// ---------------------------------------------------------------------------------------------

const ZHistory = z.object({
  contact_count: column.count,
  mailed_count: column.count,
  original_subject: z.string().nullable(),
  original_body: z.string().nullable(),
});

/**
 * The campaign's contacts, those that already have a recipient row of it (queued, sent, failed or
 * skipped: a launch never queues them again; the tally of 0026), and the first launch's subject
 * and body. No row: no such campaign (deleted, another organization's).
 */
export async function emailHistoryFigures(tx: TTx, orgId: string, campaignId: string) {
  const [row] = await preparedRows(
    tx,
    ZHistory,
    sql`SELECT COALESCE(t.contact_count, 0) AS contact_count, COALESCE(t.mailed_count, 0) AS mailed_count,
               f.subject AS original_subject, f.body AS original_body
        FROM fundraising_campaign c
        LEFT JOIN LATERAL campaign_tally_of(${orgId}, c.id) t ON true
        LEFT JOIN LATERAL (SELECT ec.subject, ec.body FROM email_campaign ec
                           WHERE ec.org_id = c.org_id AND ec.fundraising_campaign_id = c.id
                           ORDER BY ec.created_at, ec.id LIMIT 1) f ON true
        WHERE c.org_id = ${orgId} AND c.id = ${campaignId} AND NOT c.is_deleted`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Progress (§3 player progress, §9)
// ---------------------------------------------------------------------------------------------

const ZPlayerProgress = z.object({
  goal_cents: column.count.nullable(),
  players: z.array(z.object({ id: z.string(), name: z.string(), raised_cents: z.number(), contact_count: z.number() })),
});

/**
 * The campaign's goal and each player (by name) with their paid donations and their contacts, from
 * the players' tallies (0026). No row: no such campaign.
 */
export async function playerProgressFigures(tx: TTx, orgId: string, campaignId: string) {
  const [row] = await preparedRows(
    tx,
    ZPlayerProgress,
    sql`SELECT c.goal_cents,
               (SELECT COALESCE(json_agg(json_build_object('id', p.id, 'name', p.name,
                                                           'raised_cents', COALESCE(t.raised_cents, 0),
                                                           'contact_count', COALESCE(t.contact_count, 0))
                                         ORDER BY lower(p.name), p.id), '[]'::json)
                FROM campaign_player p
                LEFT JOIN campaign_player_tallies(${orgId}, c.id) t ON t.player_id = p.id
                WHERE p.org_id = c.org_id AND p.campaign_id = c.id) AS players
        FROM fundraising_campaign c
        WHERE c.org_id = ${orgId} AND c.id = ${campaignId} AND NOT c.is_deleted`,
  );
  return row ?? null;
}

const ZProgress = z.object({
  campaign_type: z.enum(CAMPAIGN_TYPES),
  goal_cents: column.count.nullable(),
  player_count: column.count,
  contact_count: column.count,
  raised_cents: column.count,
  donation_count: column.count,
  donor_count: column.count,
});

/**
 * What the goal is measured against (the type, the goal, players and contacts: the tally of 0026)
 * with the paid total, paid donations and distinct donors (by the donor key) from the giving rows.
 * No row: no such campaign.
 */
export async function progressFigures(tx: TTx, orgId: string, campaignId: string) {
  const [row] = await preparedRows(
    tx,
    ZProgress,
    sql`SELECT c.campaign_type, c.goal_cents, COALESCE(t.player_count, 0) AS player_count,
               COALESCE(t.contact_count, 0) AS contact_count, p.raised_cents, p.donation_count, p.donor_count
        FROM fundraising_campaign c
        LEFT JOIN LATERAL campaign_tally_of(${orgId}, c.id) t ON true
        CROSS JOIN LATERAL (
          SELECT COALESCE(sum(n.total), 0) AS raised_cents, COALESCE(sum(n.count), 0) AS donation_count,
                 count(*) AS donor_count
          FROM (SELECT sum(g.total_cents) AS total, sum(g.donation_count) AS count
                FROM campaign_giving_rows(${orgId}, c.id) g
                GROUP BY ${GIVING_EMAIL}, ${GIVING_CONTACT}) n) p
        WHERE c.org_id = ${orgId} AND c.id = ${campaignId} AND NOT c.is_deleted`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Donation details (§7.3)
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Analytics (§2.5): one pass over the paid donations
// ---------------------------------------------------------------------------------------------

/**
 * The number of top donors, written into the statement's text rather than bound: with LIMIT $n the
 * planner's estimate for the prepared statement's generic plan (any n) was twice its estimate for
 * n = 10, so PostgreSQL planned the statement again on every request (0.8–1.1 ms of its 3); with
 * the number in the text the two estimates agree and the plan is made once per connection.
 */
const TOP_DONORS = sql.raw(String(FUNDRAISING_LIMITS.topDonorsHeld));

const ZAnalytics = z.object({
  total_cents: column.count,
  donation_count: column.count,
  donor_count: column.count,
  timeline: z.array(z.object({ date: z.string(), amount_cents: z.number(), count: z.number() })),
  top_donors: z.array(
    z.object({
      key: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      total_cents: z.number(),
      donation_count: z.number(),
    }),
  ),
});
export type TAnalyticsRow = z.output<typeof ZAnalytics>;

/**
 * Totals, the timeline by local date in `zone` (paid_at on the organization's calendar, oldest
 * first) and the top donors by the donor key, largest first (ties: more donations, then the key),
 * at most FUNDRAISING_LIMITS.topDonorsHeld of them. A donor's name and e-mail are their latest
 * donation's, falling back to the contact's. No row: no such campaign (deleted, another organization's).
 */
export async function analyticsFigures(
  tx: TTx,
  orgId: string,
  campaignId: string,
  zone: string,
): Promise<TAnalyticsRow | null> {
  const [row] = await preparedRows(
    tx,
    ZAnalytics,
    sql`WITH donors AS MATERIALIZED (
          SELECT ${GIVING_EMAIL} AS donor_email, ${GIVING_CONTACT} AS donor_contact,
                 sum(g.total_cents) AS total_cents, sum(g.donation_count) AS donation_count
          FROM campaign_giving_rows(${orgId}, ${campaignId}) g
          GROUP BY 1, 2
        ),
        -- Quarter hours (UTC) onto the organization's calendar, grouped by the definer function: every
        -- zone in use is a whole number of quarter hours from UTC, so each quarter falls on one local
        -- date, and each date is a range of quarters, summed from the primary key (0042).
        days AS (
          SELECT d.day::text AS date, d.total_cents AS amount_cents, d.donation_count AS count
          FROM campaign_giving_days(${orgId}, ${campaignId}, ${zone}) d
        ),
        top AS (
          SELECT donors.*, ${donorKeyText(sql`donor_email`, sql`donor_contact`)} AS key
          FROM donors ORDER BY total_cents DESC, donation_count DESC, key LIMIT ${TOP_DONORS}
        ),
        -- Names and addresses for the few top donors only, from their own donations by index: their
        -- latest donation's, else the contact's (looked up only for a donation that gave none).
        named AS (
          SELECT t.key, t.total_cents, t.donation_count, w.name, w.email
          FROM top t
          CROSS JOIN LATERAL (
            SELECT (array_agg(x.name ORDER BY x.paid_at DESC) FILTER (WHERE x.name IS NOT NULL))[1] AS name,
                   (array_agg(x.email ORDER BY x.paid_at DESC) FILTER (WHERE x.email IS NOT NULL))[1] AS email
            FROM (SELECT p.paid_at, p.contact_id, p.donor_name, p.donor_email_key FROM donation p
                  WHERE t.donor_email IS NOT NULL AND p.org_id = ${orgId} AND p.campaign_id = ${campaignId}
                    AND p.status = 'paid' AND p.donor_email_key = t.donor_email
                  UNION ALL
                  SELECT p.paid_at, p.contact_id, p.donor_name, p.donor_email_key FROM donation p
                  WHERE t.donor_email IS NULL AND t.donor_contact IS NOT NULL AND p.org_id = ${orgId}
                    AND p.campaign_id = ${campaignId} AND p.status = 'paid' AND p.contact_id = t.donor_contact
                    AND p.donor_email_key IS NULL
                  UNION ALL
                  SELECT p.paid_at, p.contact_id, p.donor_name, p.donor_email_key FROM donation p
                  WHERE t.donor_email IS NULL AND t.donor_contact IS NULL AND p.org_id = ${orgId}
                    AND p.campaign_id = ${campaignId} AND p.status = 'paid' AND p.donor_email_key IS NULL
                    AND p.contact_id IS NULL) p
            CROSS JOIN LATERAL (
              SELECT p.paid_at,
                     COALESCE(NULLIF(btrim(p.donor_name), ''),
                              (SELECT fc.name FROM fundraising_contact fc
                               WHERE fc.id = p.contact_id AND fc.org_id = ${orgId})) AS name,
                     COALESCE(p.donor_email_key,
                              (SELECT lower(fc.email) FROM fundraising_contact fc
                               WHERE fc.id = p.contact_id AND fc.org_id = ${orgId})) AS email) x
          ) w
        )
        SELECT (SELECT COALESCE(sum(total_cents), 0) FROM donors) AS total_cents,
               (SELECT COALESCE(sum(donation_count), 0) FROM donors) AS donation_count,
               (SELECT count(*) FROM donors) AS donor_count,
               (SELECT COALESCE(json_agg(days ORDER BY days.date), '[]'::json) FROM days) AS timeline,
               (SELECT COALESCE(json_agg(named ORDER BY named.total_cents DESC, named.donation_count DESC, named.key),
                                '[]'::json) FROM named) AS top_donors
        FROM fundraising_campaign c
        WHERE c.org_id = ${orgId} AND c.id = ${campaignId} AND NOT c.is_deleted`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Contact insights (§2.5, §3 contact insight row; spec RPC get_campaign_contact_insights)
// ---------------------------------------------------------------------------------------------

const FILTERS: Record<TInsightFilter, SQL> = {
  all: sql`true`,
  eligible: sql`reminder_status = 'eligible'`,
  donated: sql`donations_made > 0`,
  opted_out: sql`email_opt_out`,
  no_email: sql`email IS NULL`,
};

const ZInsightJson = z.object({
  contact_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  received: z.boolean(),
  donations_made: z.number(),
  total_donated_cents: z.number(),
  email_opt_out: z.boolean(),
  opt_out_at: z.string().nullable(),
  reminder_status: z.string(),
});

const ZInsights = z.object({
  all_n: column.count,
  eligible_n: column.count,
  donated_n: column.count,
  opted_out_n: column.count,
  no_email_n: column.count,
  sent_n: column.count,
  rows: z.array(ZInsightJson),
});
export type TInsightsRow = z.output<typeof ZInsights>;

/**
 * Every contact of the campaign with: the campaign e-mail received (a recipient row with status
 * sent), paid donations made (by the contact, or by their address as the donor's e-mail, case
 * insensitive; a donation matching both ways counts once), the opt-out and the reminder status
 * (opted_out, else exempt_donated, else eligible). Answers the counts of every filter, the e-mails
 * sent, and one page of the filtered rows by name (a top-N sort). The contacts, their opt-outs and
 * recipient statuses are the campaign's roster (0026, stored together, with the name's sort key
 * and the address's match key worked out when they change); hash joins over them and the giving
 * rows, each read once whatever their numbers. No row: no such campaign.
 */
export async function insightFigures(
  tx: TTx,
  orgId: string,
  campaignId: string,
  filter: TInsightFilter,
  page: number,
  pageSize: number = FUNDRAISING_LIMITS.insightsPageSize,
): Promise<TInsightsRow | null> {
  const [row] = await preparedRows(
    tx,
    ZInsights,
    sql`WITH contacts AS MATERIALIZED (
          SELECT r.contact_id, r.name, NULLIF(btrim(r.email), '') AS email, r.email_key, r.name_key,
                 r.email_opt_out, r.opt_out_at, COALESCE(r.recipient_status = 'sent', false) AS received
          FROM campaign_roster_rows(${orgId}, ${campaignId}) r
        ),
        giving AS MATERIALIZED (SELECT * FROM campaign_giving_rows(${orgId}, ${campaignId})),
        given AS (
          -- Paid giving counts for its contact, and for the campaign contact whose address it was
          -- given from when that is another one: one pass over the giving rows (one per donor and
          -- contact, not one per gift), no de-duplication.
          SELECT x.contact_id, sum(x.n) AS n, sum(x.total) AS total
          FROM (SELECT g.contact_id, g.donation_count AS n, g.total_cents AS total FROM giving g
                WHERE g.contact_id IS NOT NULL
                UNION ALL
                SELECT c.contact_id, g.donation_count, g.total_cents FROM giving g
                JOIN contacts c ON c.email_key = g.donor_email
                WHERE g.contact_id IS DISTINCT FROM c.contact_id) x
          GROUP BY x.contact_id
        ),
        insights AS (
          SELECT c.contact_id, c.name, c.email, c.name_key, c.received,
                 COALESCE(g.n, 0)::int AS donations_made, COALESCE(g.total, 0)::bigint AS total_donated_cents,
                 c.email_opt_out, c.opt_out_at,
                 CASE WHEN c.email_opt_out THEN 'opted_out'
                      WHEN COALESCE(g.n, 0) > 0 THEN 'exempt_donated'
                      ELSE 'eligible' END AS reminder_status
          FROM contacts c LEFT JOIN given g ON g.contact_id = c.contact_id
        )
        SELECT count(*) AS all_n,
               count(*) FILTER (WHERE ${FILTERS.eligible}) AS eligible_n,
               count(*) FILTER (WHERE ${FILTERS.donated}) AS donated_n,
               count(*) FILTER (WHERE ${FILTERS.opted_out}) AS opted_out_n,
               count(*) FILTER (WHERE ${FILTERS.no_email}) AS no_email_n,
               count(*) FILTER (WHERE received) AS sent_n,
               (SELECT COALESCE(json_agg(pg ORDER BY pg.name_key, pg.email, pg.contact_id), '[]'::json)
                FROM (SELECT i.* FROM insights i WHERE ${FILTERS[filter]}
                      ORDER BY i.name_key, i.email, i.contact_id
                      LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) pg) AS rows
        FROM insights
        HAVING EXISTS (SELECT 1 FROM fundraising_campaign c
                       WHERE c.org_id = ${orgId} AND c.id = ${campaignId} AND NOT c.is_deleted)`,
  );
  return row ?? null;
}
