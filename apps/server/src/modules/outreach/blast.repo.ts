import { PROSPECT_STATUSES, type TCcRole } from '@pennant/shared/outreach/schemas';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowId } from '../../db/client';
import { containsPattern } from '../companies/companies.repo';

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/*
 * The prospect blast's SQL (spec 002 §3 prospect, email_campaign, recipients; §7.6). Every read
 * names the organization as well as row-level security scoping it.
 */

// ---------------------------------------------------------------------------------------------
// Prospects
// ---------------------------------------------------------------------------------------------

const ZProspect = z.object({
  id: z.string(),
  contact_id: z.string(),
  contact_name: z.string(),
  company_name: z.string(),
  email: z.string(),
  /** lower(contact name), kept by the database (0028): the order's first key and the cursor's. */
  name_key: z.string(),
});
export type TProspectRow = z.output<typeof ZProspect>;

/** The pipeline statuses as a list of parameters (texteq is leakproof: the planner may use an index on it). */
const pipeline = () =>
  sql.join(
    PROSPECT_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );

/**
 * An active prospect, on company_contact cc: the active primary contact, with an e-mail (not blank),
 * of a company in a pipeline status, whose address opted out neither as a company contact nor as a
 * fundraising contact of the organization. The one statement of the rule for the page, the search,
 * the count and the queue. The company's status and the address's opt-out ride on the contact, kept
 * by the database (0036_prospect_flags.sql), so the rule is the predicate of the prospect index and
 * a walk of it reads nothing else. email_key is NULLIF(lower(btrim(email)), '') (0028).
 */
const prospectRule = (orgId: string) => sql`cc.org_id = ${orgId} AND cc.is_primary AND cc.is_active
    AND cc.email_key IS NOT NULL AND cc.company_in_pipeline AND NOT cc.address_opted_out`;

const PROSPECT_FROM = sql`FROM company_contact cc JOIN company c ON c.id = cc.company_id AND c.org_id = cc.org_id`;
const PROSPECT_COLUMNS = sql`c.id, cc.id AS contact_id, cc.name AS contact_name, c.name AS company_name,
    btrim(cc.email) AS email, cc.name_key`;
/** Contact name, then the company's id: a walk of company_contact_prospect_idx (0028). */
const PROSPECT_ORDER = sql`ORDER BY cc.name_key, cc.company_id`;

/**
 * A term with three letters or digits in a row has a trigram for the indexes of company_search and
 * company_contact_search to look up; a shorter one would read every document of both, so it is
 * only ever matched while walking the prospects in order.
 */
export function searchUsesTrigrams(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

/**
 * The search's test on a contact's keys and its company's name: contact name, e-mail or company
 * name holds the term, case-insensitive and taken literally. The keys are lower(name) and
 * lower(btrim(email)), which ILIKE matches as it would the columns (it folds case itself, and the
 * term is trimmed), and the indexes of 0028 carry them and the company's name, so a walk tests
 * each contact without reading either table.
 */
const matchSql = (nameKey: SQL, emailKey: SQL, companyName: SQL, pattern: string) =>
  sql`(${nameKey} ILIKE ${pattern} OR ${emailKey} ILIKE ${pattern} OR ${companyName} ILIKE ${pattern})`;

/**
 * The candidates of a trigram term: contacts whose name or e-mail holds it (company_contact_search)
 * or whose pipeline company's search text does (company_search), found by the two trigram indexes;
 * under row-level security no index serves an ILIKE on the tables themselves. As arrays, so the
 * contacts are read by primary key and company id (one bitmap of both): as a join, the planner
 * (which cannot see how many hits there are) hashed all 125,000 contacts of the table against them.
 */
const candidatesSql = (orgId: string, pattern: string) => sql`AND (
    cc.id = ANY (ARRAY(SELECT h.contact_id FROM company_contact_search_hits(${orgId}::uuid, ${pattern}) h))
    OR cc.company_id = ANY (ARRAY(
      SELECT s.company_id FROM company_search_hits(${orgId}::uuid, ${pattern}) s WHERE s.status IN (${pipeline()})
    )))`;

export interface TProspectCursor {
  /** The last row's name_key. */
  key: string;
  /** The last row's company id. */
  id: string;
}

export interface TProspectPageQuery {
  search: string | null;
  after: TProspectCursor | null;
  /** Rows of the page. */
  limit: number;
  /** Matches to count up to (at least `limit`): one past the total's cap, or the page's size. */
  upTo: number;
}

/**
 * Prospects a trigram search first walks in order before it turns to the trigram indexes: a term
 * found in many of them (a common mail domain) fills the page and the count within a few hundred,
 * where its trigram candidates would be most of the organization. A rarer term wastes this walk.
 */
export const SEARCH_WALK_BUDGET = 2_000;

const ZPageRow = z.object({
  matched: column.count,
  walked: column.count,
  id: z.string().nullable(),
  contact_id: z.string().nullable(),
  contact_name: z.string().nullable(),
  company_name: z.string().nullable(),
  email: z.string().nullable(),
  name_key: z.string().nullable(),
});

interface TFound {
  rows: TProspectRow[];
  /** Matches found, up to `upTo`. */
  matched: number;
  /** Contacts walked (the budgeted walk only). */
  walked: number;
}

/**
 * The statement's end, after a CTE named found (company_id, name_key of the matches, in order): the
 * page's rows read whole (only they are), and the counts, on one row even when nothing matched.
 * `prepared` only where the statement's text is one of a few fixed ones (no search).
 */
async function pageOfFound(
  tx: TTx,
  orgId: string,
  ctes: SQL,
  walked: SQL,
  limit: number,
  prepared: boolean,
): Promise<TFound> {
  const found = await (prepared ? preparedRows : rows)(
    tx,
    ZPageRow,
    sql`WITH ${ctes}
      SELECT n.matched, n.walked, p.* FROM (SELECT (SELECT count(*) FROM found) AS matched, ${walked} AS walked) n
      LEFT JOIN LATERAL (
        SELECT c.id, cc.id AS contact_id, cc.name AS contact_name, c.name AS company_name,
               btrim(cc.email) AS email, cc.name_key
        FROM (SELECT * FROM found ORDER BY name_key, company_id LIMIT ${limit}) f
        -- The company's one primary contact (company_contact_one_primary_uq).
        JOIN company_contact cc ON cc.company_id = f.company_id AND cc.is_primary AND cc.org_id = ${orgId}
        JOIN company c ON c.id = f.company_id AND c.org_id = ${orgId}
      ) p ON true
      ORDER BY p.name_key, p.id`,
  );
  return {
    // Nothing matched: the one row of counts, with no prospect on it.
    rows: found.flatMap((r) => (r.id === null ? [] : [ZProspect.parse(r)])),
    matched: found[0]?.matched ?? 0,
    walked: found[0]?.walked ?? 0,
  };
}

/** After the cursor: a row comparison the prospect index answers (both columns plain, so leakproof). */
const afterSql = (after: TProspectCursor | null) =>
  after ? sql`AND (cc.name_key, cc.company_id) > (${after.key}, ${after.id}::uuid)` : sql``;

/**
 * The matches in order, walking the prospect index from the cursor and stopping at `upTo` (keyset:
 * as cheap at any depth). Without a search, or with a short term, this is the whole answer; with a
 * trigram term, the candidates come from the trigram indexes first (`trigrams`).
 */
function walkOrTrigrams(tx: TTx, orgId: string, q: TProspectPageQuery, trigrams: boolean): Promise<TFound> {
  const pattern = q.search ? containsPattern(q.search) : null;
  const candidates = pattern && trigrams ? candidatesSql(orgId, pattern) : sql``;
  // Without a search only the contacts' index is walked; a search tests the company's name too.
  const from = pattern ? PROSPECT_FROM : sql`FROM company_contact cc`;
  return pageOfFound(
    tx,
    orgId,
    sql`found AS MATERIALIZED (
      SELECT cc.company_id, cc.name_key ${from}
      WHERE ${prospectRule(orgId)} ${candidates} ${pattern ? sql`AND ${matchSql(sql`cc.name_key`, sql`cc.email_key`, sql`c.name`, pattern)}` : sql``}
        ${afterSql(q.after)}
      ${PROSPECT_ORDER} LIMIT ${Math.max(q.upTo, q.limit)}
    )`,
    sql`0`,
    q.limit,
    pattern === null,
  );
}

/**
 * A trigram search's first try: the next `budget` prospects in order (a walk like the list's, keys
 * only), tested. It is the answer when it found `upTo` matches or walked to the end; otherwise null.
 */
async function walkWithin(tx: TTx, orgId: string, q: TProspectPageQuery, budget: number): Promise<TFound | null> {
  const pattern = containsPattern(q.search ?? '');
  const upTo = Math.max(q.upTo, q.limit);
  const found = await pageOfFound(
    tx,
    orgId,
    sql`walked AS MATERIALIZED (
      SELECT cc.company_id, cc.name_key, cc.email_key, c.name AS company_name ${PROSPECT_FROM}
      WHERE ${prospectRule(orgId)} ${afterSql(q.after)}
      ${PROSPECT_ORDER} LIMIT ${budget}
    ), found AS MATERIALIZED (
      SELECT w.company_id, w.name_key FROM walked w
      WHERE ${matchSql(sql`w.name_key`, sql`w.email_key`, sql`w.company_name`, pattern)}
      ORDER BY w.name_key, w.company_id LIMIT ${upTo}
    )`,
    sql`(SELECT count(*) FROM walked)`,
    q.limit,
    false,
  );
  return found.matched >= upTo || found.walked < budget ? found : null;
}

/**
 * One page of active prospects by contact name after the cursor, matching the search, and how many
 * match, counted up to `upTo`, in one statement (two for a trigram term the walk did not settle).
 * Only keys are walked (index-only on the contacts' prospect index and, for a search, the companies'
 * id index of 0028); the page's rows are read whole at the end.
 *
 * Without a search the statement is prepared: it is a walk of one partial index in its own order
 * (0036), the plan for any organization. A search is planned for its pattern, as every search is.
 */
export async function findProspectPage(
  tx: TTx,
  orgId: string,
  q: TProspectPageQuery,
  budget = SEARCH_WALK_BUDGET,
): Promise<{ rows: TProspectRow[]; matched: number }> {
  const trigrams = q.search !== null && searchUsesTrigrams(q.search);
  const found =
    (trigrams ? await walkWithin(tx, orgId, q, budget) : null) ?? (await walkOrTrigrams(tx, orgId, q, trigrams));
  return { rows: found.rows, matched: found.matched };
}

/** The active prospects among these companies (the preview's one, the queue's recipients). */
export function findProspects(tx: TTx, orgId: string, ids: readonly string[]): Promise<TProspectRow[]> {
  return rows(
    tx,
    ZProspect,
    sql`SELECT ${PROSPECT_COLUMNS} ${PROSPECT_FROM}
        WHERE ${prospectRule(orgId)} AND c.id IN (SELECT (jsonb_array_elements_text(${json(ids)}))::uuid)
        ${PROSPECT_ORDER}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The price list as the writer reads it
// ---------------------------------------------------------------------------------------------

const ZPriceListFacts = z.object({
  name: z.string(),
  season_label: z.string(),
  org_name: z.string(),
  sponsorship_lead_email: z.string().nullable(),
  treasurer_email: z.string().nullable(),
});
export type TPriceListFacts = z.output<typeof ZPriceListFacts>;

export async function findPriceListFacts(tx: TTx, orgId: string, priceListId: string): Promise<TPriceListFacts | null> {
  const [row] = await rows(
    tx,
    ZPriceListFacts,
    sql`SELECT pl.name, pl.season_label, o.name AS org_name, o.sponsorship_lead_email, o.treasurer_email
        FROM price_list pl JOIN organization o ON o.id = pl.org_id
        WHERE pl.org_id = ${orgId} AND pl.id = ${priceListId} AND NOT pl.is_deleted`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Queue
// ---------------------------------------------------------------------------------------------

export interface TNewBlast {
  orgId: string;
  createdBy: string;
  name: string;
  priceListId: string;
  subjectSeed: string;
  bodySeed: string;
  attachPdf: boolean;
  ccRole: TCcRole;
  ccEmail: string;
  cadenceSeconds: number;
  recipients: {
    companyId: string;
    companyContactId: string;
    email: string;
    subject: string;
    html: string;
    sendAfter: Date;
  }[];
}

const ZRowIdSendAfter = z.object({ id: z.string(), send_after: z.coerce.date() });

/** The blast and its recipients, set-based; answers the blast's id and each recipient's id and turn. */
export async function insertBlast(
  tx: TTx,
  b: TNewBlast,
): Promise<{ id: string; recipients: { id: string; send_after: Date }[] }> {
  const [blast] = await rows(
    tx,
    ZRowId,
    sql`INSERT INTO email_campaign (org_id, name, kind, status, subject, body, cadence_seconds, recipient_count,
                                    created_by, price_list_id, attach_pdf, cc_role, cc_email)
        VALUES (${b.orgId}, ${b.name}, 'blast', 'queued', ${b.subjectSeed}, ${b.bodySeed}, ${b.cadenceSeconds},
                ${b.recipients.length}, ${b.createdBy}, ${b.priceListId}, ${b.attachPdf}, ${b.ccRole}, ${b.ccEmail})
        RETURNING id`,
  );
  if (!blast) throw new Error('blast not inserted');
  const payload = b.recipients.map((r) => ({
    company_id: r.companyId,
    company_contact_id: r.companyContactId,
    email: r.email,
    subject: r.subject,
    html: r.html,
    send_after: r.sendAfter.toISOString(),
  }));
  const recipients = await rows(
    tx,
    ZRowIdSendAfter,
    sql`INSERT INTO email_campaign_recipient (org_id, email_campaign_id, company_id, company_contact_id, email, subject,
                                              html, status, send_after)
        SELECT ${b.orgId}, ${blast.id}, r.company_id, r.company_contact_id, r.email, r.subject, r.html, 'queued',
               r.send_after
        FROM jsonb_to_recordset(${json(payload)}) AS r(company_id uuid, company_contact_id uuid, email text,
                                                       subject text, html text, send_after timestamptz)
        RETURNING id, send_after`,
  );
  return { id: blast.id, recipients };
}

// ---------------------------------------------------------------------------------------------
// Status (§4.5)
// ---------------------------------------------------------------------------------------------

const ZStatus = z.object({
  id: z.string(),
  status: z.string(),
  completed_at: column.instant.nullable(),
  total: column.count,
  queued: column.count,
  delivering: column.count,
  sent: column.count,
  failed: column.count,
  skipped: column.count,
});
export type TBlastStatusRow = z.output<typeof ZStatus>;

/**
 * A blast's recipients by status. A recipient is claimed 'sent' when its e-mail is recorded; until
 * the mailer has delivered it (or given up, which makes it failed) it counts as delivering, so
 * 'sent' means what a person means by it.
 */
export async function findBlastStatus(tx: TTx, orgId: string, id: string): Promise<TBlastStatusRow | null> {
  const [row] = await rows(
    tx,
    ZStatus,
    sql`SELECT ec.id, ec.status, ec.completed_at, count(r.id) AS total,
               count(r.id) FILTER (WHERE r.status = 'queued') AS queued,
               count(r.id) FILTER (WHERE r.status = 'sent' AND m.status IN ('queued', 'sending')) AS delivering,
               count(r.id) FILTER (WHERE r.status = 'sent' AND m.status IS DISTINCT FROM 'queued'
                                     AND m.status IS DISTINCT FROM 'sending') AS sent,
               count(r.id) FILTER (WHERE r.status = 'failed') AS failed,
               count(r.id) FILTER (WHERE r.status = 'skipped') AS skipped
        FROM email_campaign ec
        LEFT JOIN email_campaign_recipient r ON r.email_campaign_id = ec.id
        LEFT JOIN email_message m ON m.id = r.email_message_id
        WHERE ec.org_id = ${orgId} AND ec.id = ${id} AND ec.kind = 'blast'
        GROUP BY ec.id`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Sending one recipient (the job)
// ---------------------------------------------------------------------------------------------

const ZRecipientFacts = z.object({
  id: z.string(),
  org_id: z.string(),
  email_campaign_id: z.string(),
  status: z.string(),
  company_id: z.string(),
  company_contact_id: z.string().nullable(),
  email: z.string(),
  subject: z.string(),
  html: z.string(),
  organization_name: z.string(),
  price_list_id: z.string().nullable(),
  price_list_name: z.string().nullable(),
  attach_pdf: z.boolean(),
  cc_email: z.string().nullable(),
  attachment_key: z.string().nullable(),
  attachment_name: z.string().nullable(),
  created_by: z.string().nullable(),
});
export type TBlastRecipientFacts = z.output<typeof ZRecipientFacts>;

export async function findBlastRecipient(tx: TTx, recipientId: string): Promise<TBlastRecipientFacts | null> {
  const [row] = await rows(
    tx,
    ZRecipientFacts,
    sql`SELECT r.id, r.org_id, r.email_campaign_id, r.status, r.company_id, r.company_contact_id, r.email, r.subject,
               r.html, o.name AS organization_name, ec.price_list_id, pl.name AS price_list_name, ec.attach_pdf,
               ec.cc_email, ec.attachment_key, ec.attachment_name, ec.created_by
        FROM email_campaign_recipient r
        JOIN email_campaign ec ON ec.id = r.email_campaign_id AND ec.kind = 'blast'
        JOIN organization o ON o.id = r.org_id
        LEFT JOIN price_list pl ON pl.id = ec.price_list_id
        WHERE r.id = ${recipientId} AND r.company_id IS NOT NULL`,
  );
  return row ?? null;
}

const ZRowAttachmentKey = z.object({ attachment_key: z.string() });

/** The price sheet's stored file, once per blast: the first writer wins, later ones read its key. */
export async function setBlastAttachment(tx: TTx, blastId: string, key: string, name: string): Promise<string> {
  await tx.execute(
    sql`UPDATE email_campaign SET attachment_key = ${key}, attachment_name = ${name}
        WHERE id = ${blastId} AND attachment_key IS NULL`,
  );
  const [row] = await rows(tx, ZRowAttachmentKey, sql`SELECT attachment_key FROM email_campaign WHERE id = ${blastId}`);
  if (!row) throw new Error('blast lost its attachment');
  return row.attachment_key;
}

const ZRowStatus = z.object({ status: z.enum(['sent', 'skipped']) });

/**
 * queued → sent, or → skipped when the address opted out since the queue (as a company contact
 * or a fundraising contact): a conditional update, so a retried or doubled job claims nothing.
 */
export async function claimBlastRecipient(tx: TTx, recipientId: string): Promise<'sent' | 'skipped' | null> {
  const [row] = await rows(
    tx,
    ZRowStatus,
    sql`UPDATE email_campaign_recipient r
        SET status = CASE WHEN o.opted THEN 'skipped' ELSE 'sent' END,
            sent_at = CASE WHEN o.opted THEN NULL ELSE now() END
        FROM (SELECT EXISTS (SELECT 1 FROM company_contact cc
                             WHERE cc.org_id = x.org_id AND cc.email_opt_out
                               AND lower(btrim(cc.email)) = lower(btrim(x.email)))
                  OR EXISTS (SELECT 1 FROM fundraising_contact f
                             WHERE f.org_id = x.org_id AND f.email_opt_out AND lower(f.email) = lower(btrim(x.email)))
                  AS opted
              FROM email_campaign_recipient x WHERE x.id = ${recipientId}) o
        WHERE r.id = ${recipientId} AND r.status = 'queued'
        RETURNING r.status`,
  );
  return row?.status ?? null;
}

export interface TBlastSentRecord {
  orgId: string;
  companyId: string;
  blastId: string;
  priceListId: string | null;
  emailMessageId: string;
  email: string;
  subject: string;
  priceListName: string | null;
  pdfAttached: boolean;
  createdBy: string | null;
}

/** What a sent e-mail leaves behind: the company's timeline event and, with the PDF, the send log. */
export async function recordBlastSent(tx: TTx, s: TBlastSentRecord): Promise<void> {
  await tx.execute(
    sql`INSERT INTO timeline_event (org_id, company_id, event_type, description, created_by, metadata)
        VALUES (${s.orgId}, ${s.companyId}, 'prospect_email_sent',
                ${`Prospect e-mail sent to ${s.email}: ${s.subject}`.slice(0, 500)}, ${s.createdBy},
                ${json({
                  email_campaign_id: s.blastId,
                  recipient_email: s.email,
                  subject: s.subject,
                  price_list_id: s.priceListId,
                  price_list_name: s.priceListName,
                  pdf_attached: s.pdfAttached,
                })})`,
  );
  await tx.execute(sql`UPDATE company SET last_contacted_at = now() WHERE org_id = ${s.orgId} AND id = ${s.companyId}`);
  if (s.pdfAttached) {
    await tx.execute(
      sql`INSERT INTO price_sheet_send_log (org_id, company_id, price_list_id, email_campaign_id, email_message_id)
          VALUES (${s.orgId}, ${s.companyId}, ${s.priceListId}, ${s.blastId}, ${s.emailMessageId})
          ON CONFLICT DO NOTHING`,
    );
  }
}

/** Blast recipients still queued 5 minutes after their turn (a crash, a lost job): the sweep's. */
export async function findStrandedBlastRecipients(tx: TTx, limit: number): Promise<string[]> {
  const found = await rows(
    tx,
    ZRowId,
    sql`SELECT id FROM email_campaign_recipient
        WHERE status = 'queued' AND company_id IS NOT NULL AND send_after < now() - interval '5 minutes'
        ORDER BY send_after LIMIT ${limit}`,
  );
  return found.map((r) => r.id);
}
