import {
  CAMPAIGN_TYPES,
  MESSAGE_PERSPECTIVES,
  type TReminderSchedule,
  ZCampaignContact,
} from '@pennant/shared/fundraising/schemas';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId, ZRowN } from '../../db/client';

/*
 * Campaigns (0016_fundraising.sql): the list, the detail, the save (players and contacts synced in
 * the caller's transaction), contacts added later, the soft delete. Lists of players and contacts
 * travel as one JSON parameter (jsonb_to_recordset), so a save of 10,000 contacts is a handful of
 * statements, never one per contact, and never near the driver's parameter limit. Every query
 * names the org_id on top of row-level security.
 */

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

// ---------------------------------------------------------------------------------------------
// The campaign row
// ---------------------------------------------------------------------------------------------

const ZCampaignHead = z.object({
  id: z.string(),
  status: z.string(),
  campaign_type: z.enum(CAMPAIGN_TYPES),
});
export type TCampaignHead = z.output<typeof ZCampaignHead>;

/**
 * The campaign (not deleted), locked until commit: a save, an add and a launch of one campaign take
 * turns, so a contact cannot be removed while a launch is queueing it.
 */
export async function lockCampaign(tx: TTx, orgId: string, id: string): Promise<TCampaignHead | null> {
  const [row] = await rows(
    tx,
    ZCampaignHead,
    sql`SELECT id, status, campaign_type FROM fundraising_campaign
        WHERE org_id = ${orgId} AND id = ${id} AND NOT is_deleted
        FOR UPDATE`,
  );
  return row ?? null;
}

/** The fields a save writes (the type only on insert: it is fixed after creation). */
export interface TCampaignValues {
  name: string;
  goalCents: number | null;
  startsAt: string;
  endsAt: string;
  minContactsPerPlayer: number;
  messagePerspective: string;
  behalfOfName: string | null;
  reminderSchedule: TReminderSchedule;
}

export async function insertCampaign(
  tx: TTx,
  v: TCampaignValues & { orgId: string; campaignType: string; createdBy: string },
): Promise<string> {
  const [row] = await rows(
    tx,
    ZRowId,
    sql`INSERT INTO fundraising_campaign (org_id, name, status, campaign_type, goal_cents, starts_at, ends_at,
                                          min_contacts_per_player, message_perspective, behalf_of_name,
                                          reminder_schedule, created_by)
        VALUES (${v.orgId}, ${v.name}, 'draft', ${v.campaignType}, ${v.goalCents}, ${v.startsAt}::date,
                ${v.endsAt}::date, ${v.minContactsPerPlayer}, ${v.messagePerspective}, ${v.behalfOfName},
                ${json(v.reminderSchedule)}, ${v.createdBy})
        RETURNING id`,
  );
  if (!row) throw new Error('fundraising_campaign not inserted');
  return row.id;
}

/** The edit: every field but the type and the status (passed back unchanged, §4.1); updated_at now. */
export async function updateCampaign(tx: TTx, orgId: string, id: string, v: TCampaignValues): Promise<void> {
  await tx.execute(
    sql`UPDATE fundraising_campaign
        SET name = ${v.name}, goal_cents = ${v.goalCents}, starts_at = ${v.startsAt}::date, ends_at = ${v.endsAt}::date,
            min_contacts_per_player = ${v.minContactsPerPlayer}, message_perspective = ${v.messagePerspective},
            behalf_of_name = ${v.behalfOfName}, reminder_schedule = ${json(v.reminderSchedule)}, updated_at = now()
        WHERE org_id = ${orgId} AND id = ${id}`,
  );
}

/** Contacts were added: the campaign changed. */
export async function touchCampaign(tx: TTx, orgId: string, id: string): Promise<void> {
  await tx.execute(sql`UPDATE fundraising_campaign SET updated_at = now() WHERE org_id = ${orgId} AND id = ${id}`);
}

/** Soft delete (§4.1), never a sent campaign: a conditional update, so it cannot race a launch. */
export async function softDeleteCampaign(tx: TTx, orgId: string, id: string): Promise<boolean> {
  const done = await rows(
    tx,
    ZRowId,
    sql`UPDATE fundraising_campaign SET is_deleted = true, updated_at = now()
        WHERE org_id = ${orgId} AND id = ${id} AND NOT is_deleted AND status <> 'sent'
        RETURNING id`,
  );
  return done.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Players
// ---------------------------------------------------------------------------------------------

const ZPlayerSync = z.object({ id: z.string(), name: z.string(), has_donations: z.boolean() });
export type TPlayerSyncRow = z.output<typeof ZPlayerSync>;

export async function listPlayersForSync(tx: TTx, orgId: string, campaignId: string): Promise<TPlayerSyncRow[]> {
  return rows(
    tx,
    ZPlayerSync,
    sql`SELECT p.id, p.name,
               EXISTS (SELECT 1 FROM donation d WHERE d.campaign_id = p.campaign_id AND d.player_id = p.id) AS has_donations
        FROM campaign_player p
        WHERE p.org_id = ${orgId} AND p.campaign_id = ${campaignId}`,
  );
}

const ZRowIdName = z.object({ id: z.string(), name: z.string() });

export async function insertPlayers(
  tx: TTx,
  orgId: string,
  campaignId: string,
  names: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (names.length === 0) return [];
  return rows(
    tx,
    ZRowIdName,
    sql`INSERT INTO campaign_player (org_id, campaign_id, name)
        SELECT ${orgId}, ${campaignId}, p.name FROM jsonb_array_elements_text(${json(names)}) AS p(name)
        RETURNING id, name`,
  );
}

/** A kept player typed with other capitals takes the new spelling. */
export async function renamePlayers(
  tx: TTx,
  orgId: string,
  renamed: readonly { id: string; name: string }[],
): Promise<void> {
  if (renamed.length === 0) return;
  await tx.execute(
    sql`UPDATE campaign_player p SET name = r.name
        FROM jsonb_to_recordset(${json(renamed)}) AS r(id uuid, name text)
        WHERE p.org_id = ${orgId} AND p.id = r.id`,
  );
}

/** Removed players go, except those donations name (their money stays attributed). */
export async function deletePlayers(tx: TTx, orgId: string, campaignId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`DELETE FROM campaign_player p
        WHERE p.org_id = ${orgId} AND p.campaign_id = ${campaignId}
          AND p.id IN (SELECT (jsonb_array_elements_text(${json(ids)}))::uuid)
          AND NOT EXISTS (SELECT 1 FROM donation d WHERE d.campaign_id = p.campaign_id AND d.player_id = p.id)`,
  );
}

/** The campaign's player ids among these (a contact added with a player must name one of them). */
export async function campaignPlayerIds(
  tx: TTx,
  orgId: string,
  campaignId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await rows(
    tx,
    ZRowId,
    sql`SELECT id FROM campaign_player
        WHERE org_id = ${orgId} AND campaign_id = ${campaignId}
          AND id IN (SELECT (jsonb_array_elements_text(${json(ids)}))::uuid)`,
  );
  return new Set(found.map((r) => r.id));
}

// ---------------------------------------------------------------------------------------------
// Contacts
// ---------------------------------------------------------------------------------------------

const ZRowIdEmail = z.object({ id: z.string(), email: z.string() });

/**
 * One fundraising_contact per address in the organization (the opt-out lives there): a new address
 * gets a row, a known one keeps its row (and its opt-out) and takes the name just typed when it
 * differs. Answers each address's contact id, keyed by the lower-case address. The caller passes
 * each address once (ON CONFLICT cannot touch one row twice in a statement).
 */
export async function upsertContacts(
  tx: TTx,
  orgId: string,
  contacts: readonly { name: string; email: string }[],
): Promise<Map<string, string>> {
  if (contacts.length === 0) return new Map();
  await tx.execute(
    sql`INSERT INTO fundraising_contact (org_id, name, email)
        SELECT ${orgId}, c.name, c.email FROM jsonb_to_recordset(${json(contacts)}) AS c(name text, email text)
        ON CONFLICT (org_id, lower(email)) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
          WHERE fundraising_contact.name IS DISTINCT FROM EXCLUDED.name`,
  );
  // Rows left alone by the WHERE above are not returned by RETURNING: read every id afterwards.
  const found = await rows(
    tx,
    ZRowIdEmail,
    sql`SELECT fc.id, lower(fc.email) AS email FROM fundraising_contact fc
        WHERE fc.org_id = ${orgId}
          AND lower(fc.email) IN (SELECT lower(c.email) FROM jsonb_to_recordset(${json(contacts)}) AS c(email text))`,
  );
  return new Map(found.map((r) => [r.email, r.id]));
}

const ZContactSync = z.object({
  id: z.string(),
  contact_id: z.string(),
  email: z.string(),
  player_id: z.string().nullable(),
  /** A recipient row of this campaign exists: the campaign e-mail went (or is going) to them. */
  sent: z.boolean(),
});
export type TContactSyncRow = z.output<typeof ZContactSync>;

/** The campaign's contacts by lower-case address, with whether each was sent the campaign e-mail. */
export async function listContactsForSync(tx: TTx, orgId: string, campaignId: string): Promise<TContactSyncRow[]> {
  return rows(
    tx,
    ZContactSync,
    sql`SELECT cc.id, cc.contact_id, lower(fc.email) AS email, cc.player_id,
               EXISTS (SELECT 1 FROM email_campaign_recipient r
                       WHERE r.fundraising_campaign_id = cc.campaign_id AND r.contact_id = cc.contact_id) AS sent
        FROM campaign_contact cc JOIN fundraising_contact fc ON fc.id = cc.contact_id AND fc.org_id = cc.org_id
        WHERE cc.org_id = ${orgId} AND cc.campaign_id = ${campaignId}`,
  );
}

/**
 * Contacts into the campaign, in the order given: created_at steps a microsecond a row, so the
 * campaign's contact order (the detail, the launch's send order) is the order they were entered.
 * A contact already in the campaign is left as it is. Answers how many went in.
 */
export async function insertCampaignContacts(
  tx: TTx,
  orgId: string,
  campaignId: string,
  contacts: readonly { contactId: string; playerId: string | null }[],
): Promise<number> {
  if (contacts.length === 0) return 0;
  const inserted = await rows(
    tx,
    ZRowId,
    sql`INSERT INTO campaign_contact (org_id, campaign_id, player_id, contact_id, created_at)
        SELECT ${orgId}, ${campaignId}, c.player_id, c.contact_id, now() + (c.n - 1) * interval '1 microsecond'
        FROM ROWS FROM (jsonb_to_recordset(${json(contacts.map((c) => ({ contact_id: c.contactId, player_id: c.playerId })))}) AS (contact_id uuid, player_id uuid))
               WITH ORDINALITY AS c(contact_id, player_id, n)
        ON CONFLICT (campaign_id, contact_id) DO NOTHING
        RETURNING id`,
  );
  return inserted.length;
}

/** Contacts moved to another player (or to none). */
export async function setContactPlayers(
  tx: TTx,
  orgId: string,
  moved: readonly { id: string; playerId: string | null }[],
): Promise<void> {
  if (moved.length === 0) return;
  await tx.execute(
    sql`UPDATE campaign_contact cc SET player_id = m.player_id
        FROM jsonb_to_recordset(${json(moved.map((m) => ({ id: m.id, player_id: m.playerId })))}) AS m(id uuid, player_id uuid)
        WHERE cc.org_id = ${orgId} AND cc.id = m.id`,
  );
}

/** Contacts out of the campaign; never one already sent the campaign e-mail. Answers how many went. */
export async function deleteCampaignContacts(
  tx: TTx,
  orgId: string,
  campaignId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await rows(
    tx,
    ZRowId,
    sql`DELETE FROM campaign_contact cc
        WHERE cc.org_id = ${orgId} AND cc.campaign_id = ${campaignId}
          AND cc.id IN (SELECT (jsonb_array_elements_text(${json(ids)}))::uuid)
          AND NOT EXISTS (SELECT 1 FROM email_campaign_recipient r
                          WHERE r.fundraising_campaign_id = cc.campaign_id AND r.contact_id = cc.contact_id)
        RETURNING cc.id`,
  );
  return gone.length;
}

// ---------------------------------------------------------------------------------------------
// The list (§2.1, §7.2): one statement, each campaign's figures from the kept tallies
// ---------------------------------------------------------------------------------------------

/** The columns the list and the detail both read (the dates as YYYY-MM-DD text). */
const ZCampaignColumns = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  campaign_type: z.enum(CAMPAIGN_TYPES),
  goal_cents: column.count.nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  created_at: column.instant,
});

const ZListRow = ZCampaignColumns.extend({
  /** All the organization's campaigns (not deleted), whatever the page. */
  total: column.count,
  raised_cents: column.count,
  player_count: column.count,
  contact_count: column.count,
  unsent_count: column.count,
});
export type TCampaignListRow = z.output<typeof ZListRow>;

/**
 * One page of the campaigns, newest first, each with its figures: raised from the giving the
 * donation triggers keep (0019); players, contacts and the contacts already e-mailed (a recipient
 * row of the campaign) from the tallies the triggers of 0026 keep, so unsent is contacts less
 * e-mailed without reading a contact: one definer function for all of them, read once
 * (MATERIALIZED; joined as a function the planner ran it again for every campaign). The page is
 * cut before the tallies are joined, and the count of all of them rides on each row. created_at
 * comes as PostgreSQL's UTC text, which isoInstant rewrites without building a Date (200 of them
 * parsed and formatted again showed in the profile).
 */
export async function listCampaigns(
  tx: TTx,
  orgId: string,
  page: { limit: number; offset: number },
): Promise<TCampaignListRow[]> {
  return preparedRows(
    tx,
    ZListRow,
    sql`WITH tally AS MATERIALIZED (SELECT campaign_id, player_count, contact_count, mailed_count, raised_cents
                                    FROM campaign_tallies(${orgId})),
        page AS (SELECT c.*, count(*) OVER () AS total
                 FROM fundraising_campaign c
                 WHERE c.org_id = ${orgId} AND NOT c.is_deleted
                 ORDER BY c.created_at DESC, c.id DESC
                 LIMIT ${page.limit} OFFSET ${page.offset})
        SELECT c.id, c.name, c.status, c.campaign_type, c.goal_cents, c.starts_at::text AS starts_at,
               c.ends_at::text AS ends_at,
               to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS created_at,
               c.total, COALESCE(t.raised_cents, 0) AS raised_cents, COALESCE(t.player_count, 0) AS player_count,
               COALESCE(t.contact_count, 0) AS contact_count,
               COALESCE(t.contact_count - t.mailed_count, 0) AS unsent_count
        FROM page c
        LEFT JOIN tally t ON t.campaign_id = c.id
        ORDER BY c.created_at DESC, c.id DESC`,
  );
}

/** How many campaigns the organization has (not deleted): for a page past the last, which has no row to carry it. */
export async function countCampaigns(tx: TTx, orgId: string): Promise<number> {
  const [row] = await preparedRows(
    tx,
    ZRowN,
    sql`SELECT count(*) AS n FROM fundraising_campaign WHERE org_id = ${orgId} AND NOT is_deleted`,
  );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The detail (§7.2): the campaign with its organization, players and contact count; its contacts
// ---------------------------------------------------------------------------------------------

const ZDetailRow = ZCampaignColumns.extend({
  min_contacts_per_player: z.number(),
  subject_seed: z.string().nullable(),
  body_seed: z.string().nullable(),
  behalf_of_name: z.string().nullable(),
  message_perspective: z.enum(MESSAGE_PERSPECTIVES),
  reminder_schedule: z.unknown(),
  updated_at: column.instant,
  organization_name: z.string(),
  /** Sorted by name (as the dialog lists them). */
  players: z.array(z.object({ id: z.string(), name: z.string() })),
  contact_count: column.count,
});
export type TCampaignDetailRow = z.output<typeof ZDetailRow>;

export async function findCampaignDetail(tx: TTx, orgId: string, id: string): Promise<TCampaignDetailRow | null> {
  const [row] = await preparedRows(
    tx,
    ZDetailRow,
    sql`SELECT c.id, c.name, c.status, c.campaign_type, c.goal_cents, c.starts_at::text AS starts_at,
               c.ends_at::text AS ends_at, c.min_contacts_per_player, c.subject_seed, c.body_seed, c.behalf_of_name,
               c.message_perspective, c.reminder_schedule, c.created_at, c.updated_at, o.name AS organization_name,
               (SELECT COALESCE(json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY lower(p.name), p.id),
                                '[]'::json)
                FROM campaign_player p WHERE p.org_id = c.org_id AND p.campaign_id = c.id) AS players,
               COALESCE((SELECT t.contact_count FROM campaign_tally_of(c.org_id, c.id) t), 0) AS contact_count
        FROM fundraising_campaign c JOIN organization o ON o.id = c.org_id
        WHERE c.org_id = ${orgId} AND c.id = ${id} AND NOT c.is_deleted`,
  );
  return row ?? null;
}

/**
 * The contacts in the order they were entered, all of them or one page (limit and offset; a
 * campaign's contacts are a few thousand at most, and the pager names pages by number);
 * emailSent when the campaign e-mail went or is queued for them (the 'Email Sent' badge and the
 * lock, §4.1), optedOut from the organization's contact (an opt-out holds for every campaign).
 * From the roster the triggers of 0026 keep (the contact's name, address and opt-out and the
 * campaign recipient's status beside each campaign contact, stored together). The columns are
 * named as the API names them, so the rows are the reply's: the editor reads all of a campaign's
 * contacts, and a second object per row was most of what the app added to that read.
 */
export async function listDetailContacts(
  tx: TTx,
  orgId: string,
  campaignId: string,
  page: { limit: number; offset: number } | null,
) {
  return preparedRows(
    tx,
    ZCampaignContact,
    sql`SELECT r.id, r.contact_id AS "contactId", r.player_id AS "playerId", r.name, r.email,
               COALESCE(r.recipient_status IN ('sent', 'queued'), false) AS "emailSent", r.email_opt_out AS "optedOut"
        FROM campaign_roster_rows(${orgId}, ${campaignId}) r
        ORDER BY r.created_at, r.id${page ? sql` LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
}

const ZFound = z.object({ found: z.boolean() });

/** Whether the campaign is there (not deleted, this organization's): for a read of all its contacts, which counts them itself. */
export async function campaignIsLive(tx: TTx, orgId: string, campaignId: string): Promise<boolean> {
  const [row] = await preparedRows(
    tx,
    ZFound,
    sql`SELECT EXISTS (SELECT 1 FROM fundraising_campaign c
                       WHERE c.org_id = ${orgId} AND c.id = ${campaignId} AND NOT c.is_deleted) AS found`,
  );
  return row?.found ?? false;
}

const ZContactCounts = z.object({ found: z.boolean(), total: column.count, emailed: column.count });

/**
 * Whether the campaign is there (not deleted, this organization's), with all its contacts and
 * those e-mailed (the same rule as emailSent above), whatever page is shown. A read of every
 * contact counts the rows it has instead (campaignIsLive): this reads the roster a second time.
 */
export async function countDetailContacts(tx: TTx, orgId: string, campaignId: string) {
  const [row] = await preparedRows(
    tx,
    ZContactCounts,
    sql`SELECT EXISTS (SELECT 1 FROM fundraising_campaign c
                       WHERE c.org_id = ${orgId} AND c.id = ${campaignId} AND NOT c.is_deleted) AS found,
               count(*) AS total, count(*) FILTER (WHERE r.recipient_status IN ('sent', 'queued')) AS emailed
        FROM campaign_roster_rows(${orgId}, ${campaignId}) r`,
  );
  return row ?? { found: false, total: 0, emailed: 0 };
}

const ZRowPaymentAccount = z.object({
  stripe_connected_account_id: z.string().nullable(),
  stripe_account_enabled: z.boolean(),
  stripe_onboarding_complete: z.boolean(),
  stripe_charges_enabled: z.boolean(),
  stripe_payouts_enabled: z.boolean(),
});

/** Whether the organization's payment account can take donations now (alumni campaigns need it, §5.1). */
export async function findPaymentAccount(tx: TTx, orgId: string) {
  const [row] = await rows(
    tx,
    ZRowPaymentAccount,
    sql`SELECT stripe_connected_account_id, stripe_account_enabled, stripe_onboarding_complete,
               stripe_charges_enabled, stripe_payouts_enabled
        FROM organization WHERE id = ${orgId}`,
  );
  return row ?? null;
}
