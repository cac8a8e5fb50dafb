import { ZBlastQueued, ZBlastStatusReply } from '@pennant/shared/outreach/schemas';
import { z } from 'zod';
import type { Browser, TNode, TTestDb } from './nodes';

/*
 * The work the multi-node and crash tests give app nodes, made as a person makes it, over HTTP: a
 * fundraising campaign with its contacts and its launch, a prospect blast from a price list, and a
 * company import. And what the database says about each, read back.
 */

const ZId = z.object({ id: z.string() });
const ZAny = z.unknown();

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** A player campaign (one player, no reminders) with these contacts, saved as a draft; its id. */
export async function campaignWithContacts(
  browser: Browser,
  node: TNode,
  contacts: readonly { name: string; email: string }[],
): Promise<string> {
  const saved = await browser.expect(
    node,
    'POST',
    '/api/fundraising/campaigns',
    {
      name: 'Spring Drive',
      campaignType: 'player',
      goalCents: 500_000,
      startsAt: isoDay(0),
      endsAt: isoDay(30),
      minContactsPerPlayer: 0,
      messagePerspective: 'team',
      behalfOfName: null,
      reminderSchedule: {
        autoScheduleEnabled: false,
        customScheduleEnabled: false,
        customIntervalsDays: [],
        maxReminders: 0,
      },
      players: [{ name: 'Alex Rivera' }],
      contacts: contacts.map((c) => ({ ...c, playerIndex: 0 })),
    },
    201,
    ZId,
  );
  return saved.id;
}

const ZLaunched = z.object({ emailCampaignId: z.string(), queued: z.number() });

/** Launches the campaign: one e-mail per contact, each at its turn. */
export function launch(browser: Browser, node: TNode, campaignId: string) {
  return browser.expect(
    node,
    'POST',
    `/api/fundraising/campaigns/${campaignId}/launch`,
    { subject: 'Help [Player Name] this spring', body: 'Hi [Recipient],\n\n[Donate Buttons]\n\n[Unsubscribe]' },
    200,
    ZLaunched,
  );
}

/** A product and a price list of it; the list's id. */
export async function priceList(browser: Browser, node: TNode): Promise<string> {
  const { adTypes } = await browser.expect(
    node,
    'GET',
    '/api/ad-types',
    undefined,
    200,
    z.object({ adTypes: z.array(z.object({ id: z.string(), slug: z.string(), isCustom: z.boolean() })) }),
  );
  const type = adTypes.find((t) => t.slug === 'outfield-banner' && !t.isCustom);
  if (!type) throw new Error('no global ad type outfield-banner');
  const product = await browser.expect(
    node,
    'POST',
    '/api/products',
    {
      masterTypeId: type.id,
      name: 'Outfield Banner',
      recurringPriceCents: 50_000,
      setupFeeCents: 7_500,
      shareType: 'none',
      isLimited: false,
    },
    201,
    ZId,
  );
  const list = await browser.expect(
    node,
    'POST',
    '/api/price-lists',
    {
      name: 'Spring Menu',
      seasonLabel: '2026',
      items: [{ kind: 'product', id: product.id, displayPriceCents: 75_000 }],
    },
    201,
    ZId,
  );
  return list.id;
}

/** A prospect: a company in the pipeline with a primary contact's address; its id. */
export async function prospect(browser: Browser, node: TNode, company: string, email: string): Promise<string> {
  const made = await browser.expect(
    node,
    'POST',
    '/api/companies',
    { name: company, status: 'prospect', primaryContact: { name: `Contact of ${company}`, email } },
    201,
    ZId,
  );
  return made.id;
}

/** The active prospects' ids (companies), as the blast dialog lists them. */
export async function prospectIds(browser: Browser, node: TNode): Promise<string[]> {
  const { prospects } = await browser.expect(
    node,
    'GET',
    '/api/outreach/prospects',
    undefined,
    200,
    z.object({ prospects: z.array(ZId) }),
  );
  return prospects.map((p) => p.id);
}

/** Queues a blast of the price list to the prospects, each with an e-mail of its own; the blast's id. */
export async function queueBlast(
  browser: Browser,
  node: TNode,
  priceListId: string,
  prospects: readonly string[],
  attachPdf: boolean,
): Promise<string> {
  const queued = await browser.expect(
    node,
    'POST',
    '/api/outreach/blasts',
    {
      priceListId,
      subjectSeed: 'Spring Menu - Sponsorship Opportunities',
      bodySeed: 'Thank you for supporting youth sports.',
      ccRole: 'me',
      attachPdf,
      recipients: prospects.map((id, i) => ({
        prospectId: id,
        subject: `Offer ${i + 1}`,
        html: `<p>Hello ${i + 1}</p>`,
      })),
    },
    201,
    ZBlastQueued,
  );
  return queued.campaignId;
}

export function blastStatus(browser: Browser, node: TNode, blastId: string) {
  return browser.expect(node, 'GET', `/api/outreach/blasts/${blastId}`, undefined, 200, ZBlastStatusReply);
}

// ---------------------------------------------------------------------------------------------
// Company import
// ---------------------------------------------------------------------------------------------

export const ZImportState = z.object({
  id: z.string(),
  status: z.string(),
  totalRows: z.number().nullable(),
  rowsDone: z.number(),
  imported: z.number(),
  skipped: z.number(),
  failed: z.number(),
});

export const IMPORT_MAPPING = { 'Company Name': 'name', 'Contact Name': 'contact_name', Email: 'contact_email' };

/** A CSV of `rows` companies, each with a contact (its address `{prefix}{n}@{domain}`). */
export function companiesCsv(rows: number, prefix: string, domain = 'import.test'): string {
  const lines = ['Company Name,Contact Name,Email'];
  for (let i = 1; i <= rows; i += 1) lines.push(`${prefix} Company ${i},Contact ${i},${prefix}${i}@${domain}`);
  return `${lines.join('\n')}\n`;
}

/** Upload and review (the duplicates step): the import waits to be started; its id. */
export async function uploadAndReview(browser: Browser, node: TNode, csv: string, fileName: string): Promise<string> {
  const form = new FormData();
  form.set('file', new File([csv], fileName, { type: 'text/csv' }));
  const upload = await browser.expect(node, 'POST', '/api/companies/imports', form, 201, ZImportState);
  await browser.expect(
    node,
    'POST',
    `/api/companies/imports/${upload.id}/duplicates`,
    { mapping: IMPORT_MAPPING },
    200,
    ZAny,
  );
  return upload.id;
}

export function startImport(browser: Browser, node: TNode, importId: string) {
  return browser.expect(node, 'POST', `/api/companies/imports/${importId}/start`, {}, 202, ZImportState);
}

export function importState(browser: Browser, node: TNode, importId: string) {
  return browser.expect(node, 'GET', `/api/companies/imports/${importId}`, undefined, 200, ZImportState);
}

// ---------------------------------------------------------------------------------------------
// What the database says
// ---------------------------------------------------------------------------------------------

const ZRecipientMail = z.object({
  recipient_id: z.string(),
  status: z.string(),
  address: z.string(),
  messages: z.coerce.number(),
  delivered: z.coerce.number(),
});
export type TRecipientMail = z.output<typeof ZRecipientMail>;

/**
 * Each recipient of a batch (a campaign launch or a blast) with its status, its address, how many
 * e-mails the outbox table holds for it (by its message key, `campaign-email:` or `blast-email:`
 * and the recipient's id, or by the message the recipient names) and how many of those are sent.
 */
export function recipientMail(db: TTestDb, emailCampaignId: string): Promise<TRecipientMail[]> {
  return db.rows(
    ZRecipientMail,
    `SELECT r.id AS recipient_id, r.status, COALESCE(r.email, fc.email) AS address,
            count(m.id) AS messages, count(m.id) FILTER (WHERE m.status = 'sent') AS delivered
     FROM email_campaign_recipient r
     LEFT JOIN fundraising_contact fc ON fc.id = r.contact_id
     LEFT JOIN email_message m
       ON m.idempotency_key IN ('campaign-email:' || r.id, 'blast-email:' || r.id) OR m.id = r.email_message_id
     WHERE r.email_campaign_id = $1
     GROUP BY r.id, r.status, COALESCE(r.email, fc.email)`,
    [emailCampaignId],
  );
}

/** Recipients of the batch still waiting for their turn (status queued). */
export function queuedRecipients(db: TTestDb, emailCampaignId: string): Promise<number> {
  return db.count(
    `SELECT count(*) AS n FROM email_campaign_recipient WHERE email_campaign_id = $1 AND status = 'queued'`,
    [emailCampaignId],
  );
}

/** The batch's e-mails not delivered yet (recorded, still queued or sending). */
export function undelivered(db: TTestDb, emailCampaignId: string): Promise<number> {
  return db.count(
    `SELECT count(*) AS n FROM email_campaign_recipient r JOIN email_message m ON m.id = r.email_message_id
     WHERE r.email_campaign_id = $1 AND m.status IN ('queued', 'sending')`,
    [emailCampaignId],
  );
}
