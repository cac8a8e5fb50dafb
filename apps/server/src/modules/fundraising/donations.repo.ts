import type { TDonationFilter } from '@pennant/shared/fundraising/schemas';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId } from '../../db/client';

/*
 * The public donation flow (0016_fundraising.sql donation): the campaign the donation page shows,
 * the pending donation a checkout starts, and the webhook's change to paid. No one is signed in,
 * so these run as the platform; every statement after the campaign read names the campaign's
 * org_id, so a donation only ever touches the organization of the campaign it is for.
 * Then Donation Details (the list's pages and the two exports), read by a member of the
 * organization in its tenant transaction.
 */

// ---------------------------------------------------------------------------------------------
// The campaign and its organization's payment account
// ---------------------------------------------------------------------------------------------

const ZPublicCampaignRow = z.object({
  id: z.string(),
  org_id: z.string(),
  name: z.string(),
  campaign_type: z.enum(['player', 'alumni']),
  behalf_of_name: z.string().nullable(),
  organization_name: z.string(),
  stripe_connected_account_id: z.string().nullable(),
  stripe_account_enabled: z.boolean(),
  stripe_onboarding_complete: z.boolean(),
  stripe_charges_enabled: z.boolean(),
  stripe_payouts_enabled: z.boolean(),
  is_frozen: z.boolean(),
});
export type TPublicCampaignRow = z.output<typeof ZPublicCampaignRow>;

/** A campaign that is not deleted, with its organization's name and payment-account fields. */
export async function findPublicCampaign(tx: TTx, id: string): Promise<TPublicCampaignRow | null> {
  const [row] = await rows(
    tx,
    ZPublicCampaignRow,
    sql`SELECT c.id, c.org_id, c.name, c.campaign_type, c.behalf_of_name, o.name AS organization_name,
               o.stripe_connected_account_id, o.stripe_account_enabled, o.stripe_onboarding_complete,
               o.stripe_charges_enabled, o.stripe_payouts_enabled, o.is_frozen
        FROM fundraising_campaign c
        JOIN organization o ON o.id = c.org_id
        WHERE c.id = ${id} AND NOT c.is_deleted`,
  );
  return row ?? null;
}

/** Whether the player is one of the campaign's. */
export async function isCampaignPlayer(tx: TTx, orgId: string, campaignId: string, playerId: string): Promise<boolean> {
  const found = await rows(
    tx,
    ZRowId,
    sql`SELECT id FROM campaign_player WHERE org_id = ${orgId} AND campaign_id = ${campaignId} AND id = ${playerId}`,
  );
  return found.length > 0;
}

const ZCampaignContactRow = z.object({ name: z.string(), email: z.string(), player_id: z.string().nullable() });

/** The contact as one of the campaign's (its name, address and player), or null when it is not in the campaign. */
export async function findCampaignContact(
  tx: TTx,
  orgId: string,
  campaignId: string,
  contactId: string,
): Promise<z.output<typeof ZCampaignContactRow> | null> {
  const [row] = await rows(
    tx,
    ZCampaignContactRow,
    sql`SELECT f.name, f.email, cc.player_id
        FROM campaign_contact cc
        JOIN fundraising_contact f ON f.id = cc.contact_id AND f.org_id = cc.org_id
        WHERE cc.org_id = ${orgId} AND cc.campaign_id = ${campaignId} AND cc.contact_id = ${contactId}`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Starting a donation
// ---------------------------------------------------------------------------------------------

export interface TNewDonation {
  orgId: string;
  campaignId: string;
  playerId: string | null;
  contactId: string | null;
  amountCents: number;
  stripeAccountId: string;
  donorName: string | null;
  donorEmail: string | null;
}

export async function insertDonation(tx: TTx, d: TNewDonation): Promise<string> {
  const [row] = await rows(
    tx,
    ZRowId,
    sql`INSERT INTO donation (org_id, campaign_id, player_id, contact_id, amount_cents, status, stripe_account_id,
                              donor_name, donor_email)
        VALUES (${d.orgId}, ${d.campaignId}, ${d.playerId}, ${d.contactId}, ${d.amountCents}, 'pending',
                ${d.stripeAccountId}, ${d.donorName}, ${d.donorEmail})
        RETURNING id`,
  );
  if (!row) throw new Error('donation insert returned no row');
  return row.id;
}

/** The provider's checkout session of a pending donation (set once). */
export async function setDonationSession(tx: TTx, orgId: string, id: string, sessionId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE donation SET checkout_session_id = ${sessionId}
        WHERE org_id = ${orgId} AND id = ${id} AND checkout_session_id IS NULL`,
  );
}

/** A donation whose checkout the provider never made: nobody could pay it, so it never existed. */
export async function deletePendingDonation(tx: TTx, orgId: string, id: string): Promise<void> {
  await tx.execute(sql`DELETE FROM donation WHERE org_id = ${orgId} AND id = ${id} AND status = 'pending'`);
}

const ZRowCount = z.object({ count: column.count });

/**
 * Counts one attempt under the key in a fixed window (a window past its length starts again) and
 * answers the count so far, in one statement: two requests at once cannot both read the old
 * count. The sign-in limits' table (auth_rate_limit), so every node shares the counts.
 */
export async function countAttempt(tx: TTx, key: string, windowSeconds: number): Promise<number> {
  const [row] = await rows(
    tx,
    ZRowCount,
    sql`INSERT INTO auth_rate_limit (key, window_start, count) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN auth_rate_limit.window_start < now() - make_interval(secs => ${windowSeconds})
                       THEN 1 ELSE auth_rate_limit.count + 1 END,
          window_start = CASE WHEN auth_rate_limit.window_start < now() - make_interval(secs => ${windowSeconds})
                              THEN now() ELSE auth_rate_limit.window_start END
        RETURNING count`,
  );
  return row?.count ?? 1;
}

// ---------------------------------------------------------------------------------------------
// The provider's word: paid (or expired)
// ---------------------------------------------------------------------------------------------

const ZDonationRow = z.object({
  id: z.string(),
  org_id: z.string(),
  campaign_id: z.string(),
  amount_cents: column.count,
  status: z.string(),
  checkout_session_id: z.string().nullable(),
  stripe_account_id: z.string().nullable(),
  donor_email: z.string().nullable(),
  campaign_name: z.string(),
  behalf_of_name: z.string().nullable(),
  organization_name: z.string(),
});
export type TDonationRow = z.output<typeof ZDonationRow>;

/**
 * The donation a checkout session is for: by the session id it was stored with, else by the id
 * the session's metadata carries (a crash between the provider's answer and storing its id).
 */
export async function findDonationOfSession(
  tx: TTx,
  sessionId: string,
  donationId: string | null,
): Promise<TDonationRow | null> {
  const [row] = await rows(
    tx,
    ZDonationRow,
    sql`SELECT d.id, d.org_id, d.campaign_id, d.amount_cents, d.status, d.checkout_session_id, d.stripe_account_id,
               d.donor_email, c.name AS campaign_name, c.behalf_of_name, o.name AS organization_name
        FROM donation d
        JOIN fundraising_campaign c ON c.id = d.campaign_id AND c.org_id = d.org_id
        JOIN organization o ON o.id = d.org_id
        WHERE d.checkout_session_id = ${sessionId}
           OR (${donationId}::uuid IS NOT NULL AND d.id = ${donationId}::uuid AND d.checkout_session_id IS NULL)
        ORDER BY d.checkout_session_id IS NULL
        LIMIT 1`,
  );
  return row ?? null;
}

export interface TPaidWrite {
  orgId: string;
  id: string;
  sessionId: string;
  paidAt: Date;
  paymentIntentId: string | null;
  /** The e-mail the donor gave on the provider's page: kept only when the donation has none. */
  customerEmail: string | null;
}

/**
 * Pending (or failed: money came in after all) becomes paid, once: a repeated or late event finds
 * it paid and changes nothing. Answers whether this call made the change.
 */
export async function markDonationPaid(tx: TTx, w: TPaidWrite): Promise<boolean> {
  const changed = await rows(
    tx,
    ZRowId,
    sql`UPDATE donation
        SET status = 'paid', paid_at = ${w.paidAt.toISOString()}::timestamptz,
            stripe_payment_intent_id = COALESCE(${w.paymentIntentId}, stripe_payment_intent_id),
            checkout_session_id = COALESCE(checkout_session_id, ${w.sessionId}),
            donor_email = COALESCE(donor_email, ${w.customerEmail})
        WHERE org_id = ${w.orgId} AND id = ${w.id} AND status IN ('pending', 'failed')
        RETURNING id`,
  );
  return changed.length > 0;
}

/** An abandoned checkout (the session expired): a pending donation becomes failed, once. */
export async function markDonationFailed(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const changed = await rows(
    tx,
    ZRowId,
    sql`UPDATE donation SET status = 'failed'
        WHERE org_id = ${orgId} AND id = ${id} AND status = 'pending'
        RETURNING id`,
  );
  return changed.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Donation Details (§2.5, §7.3): signed in, in the member's tenant transaction
// ---------------------------------------------------------------------------------------------

const onlyStatus = (status: TDonationFilter) => (status === 'all' ? sql`` : sql`AND d.status = ${status}`);

const ZRowStripeConnectedAccountIdTotal = z.object({
  stripe_connected_account_id: z.string().nullable(),
  total: column.count.nullable(),
});

/**
 * The campaign (not deleted) with its organization's connected account; null when it is not
 * this organization's. With `countOf`, also the campaign's donations of that filter (an
 * index-only scan of 0027's index), in the same statement: the first page needs no third one.
 */
export async function findDonationsCampaign(
  tx: TTx,
  orgId: string,
  id: string,
  countOf: TDonationFilter | null = null,
): Promise<{ stripe_connected_account_id: string | null; total: number | null } | null> {
  const total = countOf
    ? sql`(SELECT count(*) FROM donation d WHERE d.org_id = ${orgId} AND d.campaign_id = ${id} ${onlyStatus(countOf)})`
    : sql`NULL::bigint`;
  const [row] = await preparedRows(
    tx,
    ZRowStripeConnectedAccountIdTotal,
    sql`SELECT o.stripe_connected_account_id, ${total} AS total
        FROM fundraising_campaign c JOIN organization o ON o.id = c.org_id
        WHERE c.org_id = ${orgId} AND c.id = ${id} AND NOT c.is_deleted`,
  );
  return row ?? null;
}

/** Where a page starts: after this donation (see ZDonationCursor). */
export interface TDonationAfter {
  micros: string;
  id: string;
}

const ZListedDonation = z.object({
  id: z.string(),
  amount_cents: column.count,
  status: z.string(),
  created_at: column.instant,
  paid_at: column.instant.nullable(),
  stripe_payment_intent_id: z.string().nullable(),
  donor_name: z.string().nullable(),
  donor_email: z.string().nullable(),
  contact_id: z.string().nullable(),
  player_id: z.string().nullable(),
  player_name: z.string().nullable(),
  /** created_at in whole microseconds since 1970, exact: the next page's cursor. */
  at_micros: z.string(),
});
export type TListedDonation = z.output<typeof ZListedDonation>;

/**
 * One page of the campaign's donations, newest first (created_at, then id, both descending),
 * after the given donation: by index (0027), walking only the rows it answers, however deep the
 * page. The donor's name and e-mail fall back to the linked contact's (§3).
 */
export async function listDonationPage(
  tx: TTx,
  orgId: string,
  campaignId: string,
  status: TDonationFilter,
  after: TDonationAfter | null,
  limit: number,
): Promise<TListedDonation[]> {
  // timestamptz 'epoch' + n µs is exact: the cursor's instant is the listed row's, to the microsecond.
  const from = after
    ? sql`AND (d.created_at, d.id) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
    : sql``;
  return preparedRows(
    tx,
    ZListedDonation,
    sql`SELECT d.id, d.amount_cents, d.status, d.created_at, d.paid_at, d.stripe_payment_intent_id,
               COALESCE(NULLIF(btrim(d.donor_name), ''), fc.name) AS donor_name,
               COALESCE(NULLIF(btrim(d.donor_email), ''), fc.email) AS donor_email,
               d.contact_id, d.player_id, p.name AS player_name,
               (extract(epoch FROM d.created_at) * 1000000)::bigint::text AS at_micros
        FROM donation d
        LEFT JOIN fundraising_contact fc ON fc.id = d.contact_id AND fc.org_id = d.org_id
        LEFT JOIN campaign_player p ON p.id = d.player_id AND p.org_id = d.org_id
        WHERE d.org_id = ${orgId} AND d.campaign_id = ${campaignId} ${onlyStatus(status)} ${from}
        ORDER BY d.created_at DESC, d.id DESC
        LIMIT ${limit}`,
  );
}

/** Where a page of donors starts: after this donor in the summary's order. */
export interface TDonorAfter {
  paidCents: number;
  key: string;
}

const ZDonorSummary = z.object({
  donor_key: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  paid_cents: column.count,
  paid_count: column.count,
  pending_count: column.count,
  failed_count: column.count,
  refunded_count: column.count,
  last_at: column.instant,
});
export type TDonorSummary = z.output<typeof ZDonorSummary>;

/**
 * One page of the donor summary over the campaign's donations of the filter created up to
 * `untilMicros` (newestDonationMicros when the export began): one row per donor by rules.donorKey over the listed e-mail (the donor's, else their
 * contact's; any case), else the contact, else anonymous. The name and e-mail are the newest
 * given. Largest paid total first, then by key (unique, so the page can resume after a donor).
 * Each page aggregates the campaign's donations again: memory stays one page, whatever the size.
 */
export async function listDonorSummaryPage(
  tx: TTx,
  orgId: string,
  campaignId: string,
  status: TDonationFilter,
  untilMicros: string,
  after: TDonorAfter | null,
  limit: number,
): Promise<TDonorSummary[]> {
  const from = after
    ? sql`WHERE s.paid_cents < ${after.paidCents}
             OR (s.paid_cents = ${after.paidCents} AND s.donor_key COLLATE "C" > ${after.key})`
    : sql``;
  return rows(
    tx,
    ZDonorSummary,
    sql`WITH listed AS (
          SELECT d.id, d.status, d.amount_cents, d.created_at,
                 COALESCE(NULLIF(btrim(d.donor_name), ''), fc.name) AS donor_name,
                 COALESCE(NULLIF(btrim(d.donor_email), ''), fc.email) AS donor_email,
                 CASE WHEN NULLIF(lower(btrim(COALESCE(NULLIF(btrim(d.donor_email), ''), fc.email))), '') IS NOT NULL
                        THEN 'email:' || lower(btrim(COALESCE(NULLIF(btrim(d.donor_email), ''), fc.email)))
                      WHEN d.contact_id IS NOT NULL THEN 'contact:' || d.contact_id::text
                      ELSE 'anonymous' END AS donor_key
          FROM donation d
          LEFT JOIN fundraising_contact fc ON fc.id = d.contact_id AND fc.org_id = d.org_id
          WHERE d.org_id = ${orgId} AND d.campaign_id = ${campaignId} ${onlyStatus(status)}
            AND d.created_at <= timestamptz 'epoch' + ${untilMicros}::bigint * interval '1 microsecond'
        ), summary AS (
          SELECT donor_key,
                 (array_agg(donor_name ORDER BY created_at DESC, id DESC) FILTER (WHERE donor_name IS NOT NULL))[1] AS name,
                 (array_agg(donor_email ORDER BY created_at DESC, id DESC) FILTER (WHERE donor_email IS NOT NULL))[1] AS email,
                 COALESCE(sum(amount_cents) FILTER (WHERE status = 'paid'), 0) AS paid_cents,
                 count(*) FILTER (WHERE status = 'paid') AS paid_count,
                 count(*) FILTER (WHERE status = 'pending') AS pending_count,
                 count(*) FILTER (WHERE status = 'failed') AS failed_count,
                 count(*) FILTER (WHERE status = 'refunded') AS refunded_count,
                 max(created_at) AS last_at
          FROM listed GROUP BY donor_key
        )
        SELECT s.* FROM summary s ${from}
        ORDER BY s.paid_cents DESC, s.donor_key COLLATE "C"
        LIMIT ${limit}`,
  );
}

const ZRowAt = z.object({ at: z.string() });

/**
 * The campaign's newest donation's created_at in whole microseconds since 1970, null without
 * donations: where an export stops reading, so gifts made while it runs do not move donors
 * between its pages. By the list's index (0027): one entry read.
 */
export async function newestDonationMicros(tx: TTx, orgId: string, campaignId: string): Promise<string | null> {
  const [row] = await rows(
    tx,
    ZRowAt,
    sql`SELECT (extract(epoch FROM d.created_at) * 1000000)::bigint::text AS at
        FROM donation d WHERE d.org_id = ${orgId} AND d.campaign_id = ${campaignId}
        ORDER BY d.created_at DESC, d.id DESC LIMIT 1`,
  );
  return row?.at ?? null;
}
