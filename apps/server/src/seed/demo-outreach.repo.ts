import { textToHtml } from '@pennant/shared/outreach/rules';
import { PROSPECT_STATUSES } from '@pennant/shared/outreach/schemas';
import { z } from 'zod';
import { rows, sql, type TTx, ZRowId } from '../db/client';

/*
 * The demo's prospect e-mail blast (issue 16): twelve days ago the club e-mailed five of its
 * prospects the first price list, the lead copied and the price sheet attached. Their companies'
 * timelines and the price sheet send log show it; the blast reads completed. New blasts start from
 * the dashboard's Prospect Email Blast card.
 */

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

const ZRowIdNameLead = z.object({ id: z.string(), name: z.string(), lead: z.string().nullable() });
const ZRowCompanyContact = z.object({
  company_id: z.string(),
  company: z.string(),
  contact_id: z.string(),
  contact: z.string(),
  email: z.string(),
});
export async function seedDemoOutreach(
  tx: TTx,
  orgId: string,
  userId: string,
  contacts: { leadEmail: string; treasurerEmail: string },
): Promise<void> {
  // The addresses Settings keeps for the copy of every blast e-mail (the lead is the owner, who also
  // holds that role; the treasurer is the teammate).
  await tx.execute(
    sql`UPDATE organization SET sponsorship_lead_email = COALESCE(sponsorship_lead_email, ${contacts.leadEmail}),
                                treasurer_email = COALESCE(treasurer_email, ${contacts.treasurerEmail})
        WHERE id = ${orgId}`,
  );
  const [list] = await rows(
    tx,
    ZRowIdNameLead,
    sql`SELECT pl.id, pl.name, o.sponsorship_lead_email AS lead FROM price_list pl JOIN organization o ON o.id = pl.org_id
        WHERE pl.org_id = ${orgId} AND NOT pl.is_deleted ORDER BY pl.created_at, pl.id LIMIT 1`,
  );
  if (!list) return;
  const prospects = await rows(
    tx,
    ZRowCompanyContact,
    sql`SELECT c.id AS company_id, c.name AS company, cc.id AS contact_id, cc.name AS contact, btrim(cc.email) AS email
        FROM company c JOIN company_contact cc ON cc.company_id = c.id AND cc.is_primary AND cc.is_active
        WHERE c.org_id = ${orgId} AND c.status IN (SELECT jsonb_array_elements_text(${json(PROSPECT_STATUSES)}))
          AND btrim(COALESCE(cc.email, '')) <> ''
        ORDER BY c.name LIMIT 5`,
  );
  if (prospects.length === 0) return;
  const subjectSeed = `${list.name} - Sponsorship Opportunities`;
  const bodySeed =
    'Thank you for supporting youth sports in our community. Our sponsorship options are on the attached price sheet.';
  const [blast] = await rows(
    tx,
    ZRowId,
    sql`INSERT INTO email_campaign (org_id, name, kind, status, subject, body, cadence_seconds, recipient_count, created_by,
                                    created_at, completed_at, price_list_id, attach_pdf, cc_role, cc_email)
        VALUES (${orgId}, ${`${list.name} blast`}, 'blast', 'completed', ${subjectSeed}, ${bodySeed}, 30,
                ${prospects.length}, ${userId}, now() - interval '12 days', now() - interval '12 days' + interval '3 minutes',
                ${list.id}, true, 'lead', ${list.lead})
        RETURNING id`,
  );
  if (!blast) return;
  for (const [i, p] of prospects.entries()) {
    const first = p.contact.trim().split(/\s+/)[0] ?? p.contact;
    const subject = `${subjectSeed} for ${p.company}`;
    const html = textToHtml(
      `Hi ${first},\n\nI'm reaching out on behalf of our booster club. Local businesses like ${p.company} make our season possible, and I'd love for you to be part of it.\n\n${bodySeed}\n\nWould you have 15 minutes next week for a quick call?`,
    );
    const sentAt = sql`now() - interval '12 days' + ${`${i * 30} seconds`}::interval`;
    await tx.execute(
      sql`INSERT INTO email_campaign_recipient (org_id, email_campaign_id, company_id, company_contact_id, email, subject,
                                                html, status, send_after, sent_at, created_at)
          VALUES (${orgId}, ${blast.id}, ${p.company_id}, ${p.contact_id}, ${p.email}, ${subject}, ${html}, 'sent',
                  ${sentAt}, ${sentAt}, now() - interval '12 days')`,
    );
    await tx.execute(
      sql`INSERT INTO timeline_event (org_id, company_id, event_type, description, created_by, metadata, occurred_at)
          VALUES (${orgId}, ${p.company_id}, 'prospect_email_sent', ${`Prospect e-mail sent to ${p.email}: ${subject}`},
                  ${userId}, ${json({ email_campaign_id: blast.id, recipient_email: p.email, subject, price_list_id: list.id, price_list_name: list.name, pdf_attached: true })},
                  ${sentAt})`,
    );
    await tx.execute(
      sql`INSERT INTO price_sheet_send_log (org_id, company_id, price_list_id, email_campaign_id, sent_at)
          VALUES (${orgId}, ${p.company_id}, ${list.id}, ${blast.id}, ${sentAt})`,
    );
  }
}
