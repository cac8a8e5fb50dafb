import { z } from 'zod';
import { column, rows, sql, type TTx, ZRowId } from '../../db/client';

/*
 * The launch (one transaction: template, batch, one recipient row per new contact, campaign sent)
 * and the send-campaign-email job's claim. Set-based: a launch to 10,000 contacts is one INSERT …
 * SELECT, never a statement per contact.
 */

/** The organization's payment account as canAcceptCardPayments reads it. */
const paymentAccount = {
  stripe_connected_account_id: z.string().nullable(),
  stripe_account_enabled: z.boolean(),
  stripe_onboarding_complete: z.boolean(),
  stripe_charges_enabled: z.boolean(),
  stripe_payouts_enabled: z.boolean(),
};
const ZLaunchCampaign = z.object({ id: z.string(), name: z.string(), status: z.string(), ...paymentAccount }).extend({
  campaign_type: z.enum(['player', 'alumni']),
});
export type TLaunchCampaignRow = z.output<typeof ZLaunchCampaign>;

/**
 * The campaign (not deleted) with its organization's payment account, locked: two launches of one
 * campaign take turns, so the second sees the first one's recipients and finds no one new.
 */
export async function lockLaunchCampaign(tx: TTx, orgId: string, id: string): Promise<TLaunchCampaignRow | null> {
  const [row] = await rows(
    tx,
    ZLaunchCampaign,
    sql`SELECT c.id, c.name, c.status, c.campaign_type, o.stripe_connected_account_id, o.stripe_account_enabled,
               o.stripe_onboarding_complete, o.stripe_charges_enabled, o.stripe_payouts_enabled
        FROM fundraising_campaign c JOIN organization o ON o.id = c.org_id
        WHERE c.org_id = ${orgId} AND c.id = ${id} AND NOT c.is_deleted
        FOR UPDATE OF c`,
  );
  return row ?? null;
}

const ZRowOne = z.object({ one: z.number() });

/** Whether any launch of the campaign came before (the reply's incremental flag). */
export async function hasEarlierLaunch(tx: TTx, orgId: string, campaignId: string): Promise<boolean> {
  const found = await rows(
    tx,
    ZRowOne,
    sql`SELECT 1 AS one FROM email_campaign
        WHERE org_id = ${orgId} AND fundraising_campaign_id = ${campaignId} LIMIT 1`,
  );
  return found.length > 0;
}

/** The launch's subject and body become the campaign's template (spec update-campaign-templates). */
export async function saveTemplate(
  tx: TTx,
  orgId: string,
  id: string,
  subject: string,
  body: string,
): Promise<boolean> {
  const changed = await rows(
    tx,
    ZRowId,
    sql`UPDATE fundraising_campaign SET subject_seed = ${subject}, body_seed = ${body}, updated_at = now()
        WHERE org_id = ${orgId} AND id = ${id} AND NOT is_deleted
        RETURNING id`,
  );
  return changed.length > 0;
}

export async function insertEmailCampaign(
  tx: TTx,
  v: {
    orgId: string;
    campaignId: string;
    name: string;
    subject: string;
    body: string;
    cadenceSeconds: number;
    createdBy: string;
  },
): Promise<string> {
  const [row] = await rows(
    tx,
    ZRowId,
    sql`INSERT INTO email_campaign (org_id, name, kind, fundraising_campaign_id, status, subject, body, cadence_seconds,
                                    created_by)
        VALUES (${v.orgId}, ${v.name}, 'fundraising', ${v.campaignId}, 'queued', ${v.subject}, ${v.body},
                ${v.cadenceSeconds}, ${v.createdBy})
        RETURNING id`,
  );
  if (!row) throw new Error('email_campaign not inserted');
  return row.id;
}

export interface TQueuedRecipient {
  id: string;
  status: 'queued' | 'skipped';
  sendAfter: Date;
}

const ZRowIdStatusSendAfter = z.object({
  id: z.string(),
  status: z.enum(['queued', 'skipped']),
  send_after: column.instant,
});

/**
 * One recipient row per contact of the campaign that has none yet: queued, one cadence apart in
 * the campaign's contact order; an opted-out contact (or one without an address) is skipped and
 * takes no slot. The unique (fundraising_campaign_id, contact_id) index makes a racing launch's
 * duplicate a no-op (ON CONFLICT DO NOTHING), so nobody is queued twice.
 */
export async function insertNewRecipients(
  tx: TTx,
  v: { orgId: string; campaignId: string; emailCampaignId: string; cadenceSeconds: number },
): Promise<TQueuedRecipient[]> {
  const inserted = await rows(
    tx,
    ZRowIdStatusSendAfter,
    sql`INSERT INTO email_campaign_recipient (org_id, email_campaign_id, fundraising_campaign_id, contact_id, player_id,
                                              status, send_after)
        SELECT n.org_id, ${v.emailCampaignId}::uuid, n.campaign_id, n.contact_id, n.player_id,
               CASE WHEN n.skip THEN 'skipped' ELSE 'queued' END,
               now() + (${v.cadenceSeconds}::int * (row_number() OVER (PARTITION BY n.skip ORDER BY n.created_at, n.id) - 1))
                       * interval '1 second'
        FROM (SELECT cc.org_id, cc.campaign_id, cc.contact_id, cc.player_id, cc.created_at, cc.id,
                     (fc.email_opt_out OR btrim(fc.email) = '') AS skip
              FROM campaign_contact cc JOIN fundraising_contact fc ON fc.id = cc.contact_id AND fc.org_id = cc.org_id
              WHERE cc.org_id = ${v.orgId} AND cc.campaign_id = ${v.campaignId}
                AND NOT EXISTS (SELECT 1 FROM email_campaign_recipient r
                                WHERE r.fundraising_campaign_id = cc.campaign_id AND r.contact_id = cc.contact_id)) n
        ON CONFLICT DO NOTHING
        RETURNING id, status, send_after`,
  );
  return inserted.map((r) => ({ id: r.id, status: r.status, sendAfter: new Date(r.send_after) }));
}

/** The batch's count; a batch with nothing to send (every new contact opted out) is completed at once. */
export async function finishEmailCampaign(
  tx: TTx,
  orgId: string,
  emailCampaignId: string,
  recipientCount: number,
  queued: number,
): Promise<void> {
  await tx.execute(
    sql`UPDATE email_campaign
        SET recipient_count = ${recipientCount},
            status = CASE WHEN ${queued}::int = 0 THEN 'completed' ELSE status END,
            completed_at = CASE WHEN ${queued}::int = 0 THEN now() ELSE completed_at END
        WHERE org_id = ${orgId} AND id = ${emailCampaignId}`,
  );
}

/** Launched: status sent (§4.1: the server's transition), sent_at at the first launch. */
export async function markCampaignSent(tx: TTx, orgId: string, id: string): Promise<void> {
  await tx.execute(
    sql`UPDATE fundraising_campaign SET status = 'sent', sent_at = COALESCE(sent_at, now()), updated_at = now()
        WHERE org_id = ${orgId} AND id = ${id}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The send-campaign-email job (platform: a job knows its organization only from the row)
// ---------------------------------------------------------------------------------------------

export const ZRecipientFacts = z.object({
  id: z.string(),
  org_id: z.string(),
  email_campaign_id: z.string(),
  status: z.string(),
  subject: z.string(),
  body: z.string(),
  contact_id: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  player_id: z.string().nullable(),
  player_name: z.string().nullable(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  campaign_type: z.enum(['player', 'alumni']),
  goal_cents: column.count.nullable(),
  behalf_of_name: z.string().nullable(),
  organization_name: z.string(),
});
export type TRecipientFacts = z.output<typeof ZRecipientFacts>;

/**
 * What a recipient's e-mail is made of (ZRecipientFacts): the batch's subject and body, the
 * contact, player, campaign and organization; the caller adds its WHERE on r (the recipient).
 */
export const RECIPIENT_FACTS = sql`
  SELECT r.id, r.org_id, r.email_campaign_id, r.status, ec.subject, ec.body,
         fc.id AS contact_id, fc.name AS contact_name, fc.email AS contact_email,
         p.id AS player_id, p.name AS player_name,
         c.id AS campaign_id, c.name AS campaign_name, c.campaign_type, c.goal_cents, c.behalf_of_name,
         o.name AS organization_name
  FROM email_campaign_recipient r
  JOIN email_campaign ec ON ec.id = r.email_campaign_id
  JOIN fundraising_contact fc ON fc.id = r.contact_id
  JOIN fundraising_campaign c ON c.id = r.fundraising_campaign_id
  JOIN organization o ON o.id = r.org_id
  LEFT JOIN campaign_player p ON p.id = r.player_id`;

export async function findRecipientFacts(tx: TTx, recipientId: string): Promise<TRecipientFacts | null> {
  const [row] = await rows(tx, ZRecipientFacts, sql`${RECIPIENT_FACTS} WHERE r.id = ${recipientId}`);
  return row ?? null;
}

/**
 * Locks the recipient's batch: the jobs of one batch finish one at a time, so the last one always
 * sees every other recipient settled and completes the batch (without the lock two jobs finishing
 * together could each see the other still queued).
 */
export async function lockEmailCampaign(tx: TTx, emailCampaignId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM email_campaign WHERE id = ${emailCampaignId} FOR UPDATE`);
}

const ZRowStatus = z.object({ status: z.enum(['sent', 'skipped']) });

/**
 * queued → sent, or → skipped when the contact opted out (or lost the address) since the launch: a
 * conditional update, so a retried or duplicated job finds nothing to claim. null: already claimed.
 */
export async function claimRecipient(tx: TTx, recipientId: string): Promise<'sent' | 'skipped' | null> {
  const [row] = await rows(
    tx,
    ZRowStatus,
    sql`UPDATE email_campaign_recipient r
        SET status = CASE WHEN fc.email_opt_out OR btrim(fc.email) = '' THEN 'skipped' ELSE 'sent' END,
            sent_at = CASE WHEN fc.email_opt_out OR btrim(fc.email) = '' THEN NULL ELSE now() END
        FROM fundraising_contact fc
        WHERE r.id = ${recipientId} AND r.status = 'queued' AND fc.id = r.contact_id
        RETURNING r.status`,
  );
  return row?.status ?? null;
}

export async function setRecipientMessage(tx: TTx, recipientId: string, emailMessageId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE email_campaign_recipient SET email_message_id = ${emailMessageId} WHERE id = ${recipientId}`,
  );
}

/** queued → completed once no recipient of the batch is left queued (conditional: once). */
export async function completeEmailCampaignIfDone(tx: TTx, emailCampaignId: string): Promise<boolean> {
  const done = await rows(
    tx,
    ZRowId,
    sql`UPDATE email_campaign ec SET status = 'completed', completed_at = now()
        WHERE ec.id = ${emailCampaignId} AND ec.status = 'queued'
          AND NOT EXISTS (SELECT 1 FROM email_campaign_recipient r
                          WHERE r.email_campaign_id = ec.id AND r.status = 'queued')
        RETURNING ec.id`,
  );
  return done.length > 0;
}

/**
 * Recipients still queued 5 minutes after their turn (a crash or restart between the launch's
 * commit and its enqueue, or a job lost): the sweep enqueues them again. Oldest first, bounded.
 */
export async function findStrandedRecipients(tx: TTx, limit: number): Promise<string[]> {
  const found = await rows(
    tx,
    ZRowId,
    sql`SELECT id FROM email_campaign_recipient
        WHERE status = 'queued' AND fundraising_campaign_id IS NOT NULL AND send_after < now() - interval '5 minutes'
        ORDER BY send_after LIMIT ${limit}`,
  );
  return found.map((r) => r.id);
}

const ZRowOrgId = z.object({ org_id: z.string() });

/** Batches whose recipients are all settled but which were never marked (belt and braces for the lock above). */
export async function completeSettledEmailCampaigns(tx: TTx): Promise<{ org_id: string }[]> {
  return rows(
    tx,
    ZRowOrgId,
    sql`UPDATE email_campaign ec SET status = 'completed', completed_at = now()
        WHERE ec.status = 'queued' AND ec.created_at < now() - interval '5 minutes'
          AND NOT EXISTS (SELECT 1 FROM email_campaign_recipient r
                          WHERE r.email_campaign_id = ec.id AND r.status = 'queued')
        RETURNING ec.org_id`,
  );
}

/**
 * A campaign e-mail the mailer gave up on: its recipient reads failed (spec email_campaign_recipient:
 * sent or failed), and no reminder follows an e-mail that never arrived.
 */
export async function markRecipientFailedByEmail(tx: TTx, emailMessageId: string): Promise<{ org_id: string }[]> {
  return rows(
    tx,
    ZRowOrgId,
    sql`UPDATE email_campaign_recipient SET status = 'failed'
        WHERE email_message_id = ${emailMessageId} AND status = 'sent'
        RETURNING org_id`,
  );
}

// ---------------------------------------------------------------------------------------------
// The AI writer's facts
// ---------------------------------------------------------------------------------------------

const ZWritingFacts = z.object({
  name: z.string(),
  campaign_type: z.enum(['player', 'alumni']),
  goal_cents: column.count.nullable(),
  ends_at: z.string(),
  behalf_of_name: z.string().nullable(),
  message_perspective: z.enum(['player', 'team']),
  organization_name: z.string(),
});
export type TWritingFacts = z.output<typeof ZWritingFacts>;

export async function findWritingFacts(tx: TTx, orgId: string, id: string): Promise<TWritingFacts | null> {
  const [row] = await rows(
    tx,
    ZWritingFacts,
    sql`SELECT c.name, c.campaign_type, c.goal_cents, c.ends_at::text AS ends_at, c.behalf_of_name,
               c.message_perspective, o.name AS organization_name
        FROM fundraising_campaign c JOIN organization o ON o.id = c.org_id
        WHERE c.org_id = ${orgId} AND c.id = ${id} AND NOT c.is_deleted`,
  );
  return row ?? null;
}
