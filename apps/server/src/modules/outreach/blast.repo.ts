import { PROSPECT_STATUSES, type TCcRole } from '@pennant/shared/outreach/schemas';
import { z } from 'zod';
import { column, rows, sql, type TTx } from '../../db/client';

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
});
export type TProspectRow = z.output<typeof ZProspect>;

/**
 * Active prospects: companies in a pipeline status whose active primary contact has an e-mail
 * that opted out neither as a company contact (any of the organization's with that address) nor as
 * a fundraising contact. `ids` narrows to those companies. By contact name.
 */
export function listProspects(tx: TTx, orgId: string, ids?: readonly string[]): Promise<TProspectRow[]> {
  const only = ids ? sql`AND c.id IN (SELECT (jsonb_array_elements_text(${json(ids)}))::uuid)` : sql``;
  return rows(
    tx,
    ZProspect,
    // The opted-out addresses are gathered once and matched by hash (NOT IN a hashed subplan): a
    // correlated NOT EXISTS per prospect read every contact of the organization again for each
    // one (no index serves lower(btrim(email)) under row-level security), seconds at 100,000.
    sql`WITH opted_out AS (
          SELECT lower(btrim(o.email)) AS email FROM company_contact o
          WHERE o.org_id = ${orgId} AND o.email_opt_out AND o.email IS NOT NULL
          UNION
          SELECT lower(f.email) FROM fundraising_contact f WHERE f.org_id = ${orgId} AND f.email_opt_out
        )
        SELECT c.id, cc.id AS contact_id, cc.name AS contact_name, c.name AS company_name, btrim(cc.email) AS email
        FROM company c
        JOIN company_contact cc ON cc.company_id = c.id AND cc.org_id = c.org_id AND cc.is_primary AND cc.is_active
        WHERE c.org_id = ${orgId} AND c.status IN (SELECT jsonb_array_elements_text(${json(PROSPECT_STATUSES)}))
          AND btrim(COALESCE(cc.email, '')) <> '' ${only}
          AND lower(btrim(cc.email)) NOT IN (SELECT email FROM opted_out WHERE email IS NOT NULL)
        ORDER BY lower(cc.name), lower(c.name), c.id`,
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

/** The blast and its recipients, set-based; answers the blast's id and each recipient's id and turn. */
export async function insertBlast(
  tx: TTx,
  b: TNewBlast,
): Promise<{ id: string; recipients: { id: string; send_after: Date }[] }> {
  const [blast] = await rows(
    tx,
    z.object({ id: z.string() }),
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
    z.object({ id: z.string(), send_after: z.coerce.date() }),
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

/** The price sheet's stored file, once per blast: the first writer wins, later ones read its key. */
export async function setBlastAttachment(tx: TTx, blastId: string, key: string, name: string): Promise<string> {
  await tx.execute(
    sql`UPDATE email_campaign SET attachment_key = ${key}, attachment_name = ${name}
        WHERE id = ${blastId} AND attachment_key IS NULL`,
  );
  const [row] = await rows(
    tx,
    z.object({ attachment_key: z.string() }),
    sql`SELECT attachment_key FROM email_campaign WHERE id = ${blastId}`,
  );
  if (!row) throw new Error('blast lost its attachment');
  return row.attachment_key;
}

/**
 * queued → sent, or → skipped when the address opted out since the queue (as a company contact
 * or a fundraising contact): a conditional update, so a retried or doubled job claims nothing.
 */
export async function claimBlastRecipient(tx: TTx, recipientId: string): Promise<'sent' | 'skipped' | null> {
  const [row] = await rows(
    tx,
    z.object({ status: z.enum(['sent', 'skipped']) }),
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
    z.object({ id: z.string() }),
    sql`SELECT id FROM email_campaign_recipient
        WHERE status = 'queued' AND company_id IS NOT NULL AND send_after < now() - interval '5 minutes'
        ORDER BY send_after LIMIT ${limit}`,
  );
  return found.map((r) => r.id);
}
