import { z } from 'zod';
import { column, rows, sql, type TTx } from '../../db/client';

/*
 * The public donation flow (0016_fundraising.sql donation): the campaign the donation page shows,
 * the pending donation a checkout starts, and the webhook's change to paid. No one is signed in,
 * so these run as the platform; every statement after the campaign read names the campaign's
 * org_id, so a donation only ever touches the organization of the campaign it is for.
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
    z.object({ id: z.string() }),
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
    z.object({ id: z.string() }),
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

/**
 * Counts one attempt under the key in a fixed window (a window past its length starts again) and
 * answers the count so far, in one statement: two requests at once cannot both read the old
 * count. The sign-in limits' table (auth_rate_limit), so every node shares the counts.
 */
export async function countAttempt(tx: TTx, key: string, windowSeconds: number): Promise<number> {
  const [row] = await rows(
    tx,
    z.object({ count: column.count }),
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
    z.object({ id: z.string() }),
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
    z.object({ id: z.string() }),
    sql`UPDATE donation SET status = 'failed'
        WHERE org_id = ${orgId} AND id = ${id} AND status = 'pending'
        RETURNING id`,
  );
  return changed.length > 0;
}
