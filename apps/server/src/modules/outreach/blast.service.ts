import { DEFAULT_EMAIL_TONE, type TEmailItem } from '@pennant/shared/ai/schemas';
import { textToHtml } from '@pennant/shared/outreach/rules';
import {
  BLAST_LIMITS,
  BLAST_MESSAGES,
  CC_ROLE_LABELS,
  type TBlastPreview,
  type TBlastPreviewInput,
  type TBlastProspectPage,
  type TBlastProspectQuery,
  type TBlastQueued,
  type TBlastStatusReply,
  type TCcRole,
  type TQueueBlastInput,
} from '@pennant/shared/outreach/schemas';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { writeEmail } from '../ai/ai.service';
import { isId } from '../catalogue/catalogue.common';
import { listSheetItems } from '../catalogue/price-sheet.repo';
import type { TMember } from '../session/member';
import {
  findBlastStatus,
  findPriceListFacts,
  findProspectPage,
  findProspects,
  insertBlast,
  type TPriceListFacts,
  type TProspectCursor,
  type TProspectRow,
} from './blast.repo';
import { SEND_BLAST_EMAIL } from './blast-send.service';
import { sanitizeEmailHtml } from './sanitize';

/*
 * The prospect e-mail blast (spec 002 §2.6, §4.5, §5.7, §7.6): the active prospects, one
 * recipient's AI-written preview, the queue, and the status the dialog polls. The routes' permission
 * (outreach.create: admins and sponsorship leads) is checked before any of this runs.
 */

export function publishOutreach(deps: TDeps, orgId: string): void {
  deps.hub.publish(orgId, { topic: 'outreach' });
}

const priceListNotFound = () => new AppError('not_found', BLAST_MESSAGES.priceListNotFound);

/** The cursor of the page after this row: its company id and contact name key (ZBlastProspectQuery.after). */
const cursorOf = (row: TProspectRow) => `${row.id}:${row.name_key}`;

function readCursor(after: string | undefined): TProspectCursor | null {
  if (!after) return null;
  // The query schema checked the id and the colon; the key is the rest, as the server wrote it.
  return { id: after.slice(0, 36), key: after.slice(37) };
}

/**
 * One page of the Recipients table (§2.6, §7.6): active prospects by contact name, after the cursor,
 * matching the search. The first page also counts the matches, up to BLAST_LIMITS.prospectCountMax.
 */
export async function blastProspects(
  deps: TDeps,
  member: TMember,
  query: TBlastProspectQuery,
): Promise<TBlastProspectPage> {
  const search = query.search ? query.search : null;
  const after = readCursor(query.after);
  const size = BLAST_LIMITS.prospectPageSize;
  const cap = BLAST_LIMITS.prospectCountMax;
  const found = await readTenant(deps.db, member, (tx) =>
    // One row past the page says whether there is another; one past the cap, whether there are more.
    findProspectPage(tx, member.orgId, { search, after, limit: size + 1, upTo: after ? size + 1 : cap + 1 }),
  );
  const page = found.rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    prospects: page.map((p) => ({
      id: p.id,
      contactName: p.contact_name,
      companyName: p.company_name,
      email: p.email,
    })),
    nextCursor: found.rows.length > size && last ? cursorOf(last) : null,
    totalCount: after ? null : Math.min(found.matched, cap),
    totalCapped: !after && found.matched > cap,
  };
}

/** The price list's lines as the writer lists them: each product or bundle at the list's price. */
function writerItems(items: Awaited<ReturnType<typeof listSheetItems>>): TEmailItem[] {
  return items.flatMap((i) => {
    const name = i.product_name ?? i.bundle_name;
    return name ? [{ name, qty: 1, cents: i.display_price_cents }] : [];
  });
}

/**
 * One recipient's e-mail from the seeds (§7.6 personalize-email): the writer of the
 * personalize-email feature, in the organization's tone ('friendly and professional', §9), with
 * the price list's items and the prospect's company and first name; the reply is the editor's HTML,
 * sanitised like everything the editor sends back. Another organization's price list or company is
 * a 404; a writer failure is the AI area's 502, and the dialog falls back for that recipient (§8.2).
 */
export async function previewBlastEmail(
  deps: TDeps,
  member: TMember,
  input: TBlastPreviewInput,
): Promise<TBlastPreview> {
  const facts = await withTenant(deps.db, member, async (tx) => {
    const list = await findPriceListFacts(tx, member.orgId, input.priceListId);
    if (!list) return null;
    const [prospect] = await findProspects(tx, member.orgId, [input.prospectId]);
    return { list, prospect, items: await listSheetItems(tx, member.orgId, input.priceListId) };
  });
  if (!facts) throw priceListNotFound();
  if (!facts.prospect) throw new AppError('not_found', 'Prospect not found');
  const written = await writeEmail(deps, member, 'personalize-email', {
    kind: 'prospect',
    organizationName: facts.list.org_name,
    companyName: facts.prospect.company_name,
    contactFirstName: facts.prospect.contact_name.trim().split(/\s+/)[0] ?? null,
    items: writerItems(facts.items).slice(0, 100),
    totalCents: null,
    dueDate: null,
    campaignName: facts.list.name,
    tone: DEFAULT_EMAIL_TONE,
    sender: { name: member.name, email: member.email },
    documentAttached: true,
    customInstructions: null,
    subjectSeed: input.subjectSeed,
    bodySeed: input.bodySeed,
  });
  return { subject: written.subject, html: sanitizeEmailHtml(textToHtml(written.body)) };
}

/** The CC role's address: the organization's saved lead or treasurer address, or the sender's own. */
function ccAddress(role: TCcRole, list: TPriceListFacts, member: TMember): string {
  const address =
    role === 'lead' ? list.sponsorship_lead_email : role === 'treasurer' ? list.treasurer_email : member.email;
  if (!address?.trim()) throw new AppError('conflict', BLAST_MESSAGES.noCcAddress(CC_ROLE_LABELS[role]));
  return address.trim();
}

/**
 * Queues a blast (§7.6 queue-email-blast): the price list and every prospect must be this
 * organization's and still active (a prospect that opted out or left the pipeline since the
 * dialog opened refuses the whole blast, so the sender sees it); each e-mail's HTML is sanitised
 * before it is stored. One transaction writes the blast and its recipients, each with its turn one
 * cadence apart; then one job per recipient is enqueued at its turn. The reply does not wait for
 * any e-mail. A failed enqueue is logged: the recipients are in the database and the sweep sends them.
 */
export async function queueBlast(deps: TDeps, member: TMember, input: TQueueBlastInput): Promise<TBlastQueued> {
  const cadence = deps.config.blastSendCadenceSeconds;
  const now = Date.now();
  const blast = await withTenant(deps.db, member, async (tx) => {
    const list = await findPriceListFacts(tx, member.orgId, input.priceListId);
    if (!list) throw priceListNotFound();
    const ccEmail = ccAddress(input.ccRole, list, member);
    const prospects = await findProspects(
      tx,
      member.orgId,
      input.recipients.map((r) => r.prospectId),
    );
    const byId = new Map(prospects.map((p) => [p.id, p]));
    if (input.recipients.some((r) => !byId.has(r.prospectId))) {
      throw new AppError('conflict', BLAST_MESSAGES.prospectsGone);
    }
    return insertBlast(tx, {
      orgId: member.orgId,
      createdBy: member.userId,
      name: `${list.name} blast`.slice(0, 200),
      priceListId: input.priceListId,
      subjectSeed: input.subjectSeed,
      bodySeed: input.bodySeed,
      attachPdf: input.attachPdf,
      ccRole: input.ccRole,
      ccEmail,
      cadenceSeconds: cadence,
      recipients: input.recipients.map((r, i) => {
        const p = byId.get(r.prospectId);
        if (!p) throw new Error('prospect vanished');
        return {
          companyId: p.id,
          companyContactId: p.contact_id,
          email: p.email,
          subject: r.subject.replace(/\s+/g, ' ').trim(),
          html: sanitizeEmailHtml(r.html),
          sendAfter: new Date(now + i * cadence * 1000),
        };
      }),
    });
  });
  const jobs = [...blast.recipients]
    .sort((a, b) => a.send_after.getTime() - b.send_after.getTime())
    .map((r) => ({ data: { recipientId: r.id }, key: r.id, startAfter: r.send_after }));
  try {
    await deps.queue.sendMany(SEND_BLAST_EMAIL, jobs);
  } catch (err) {
    deps.log.error({ err, blastId: blast.id, orgId: member.orgId }, 'blast e-mails not enqueued; the sweep will');
  }
  publishOutreach(deps, member.orgId);
  return { campaignId: blast.id, recipientCount: blast.recipients.length };
}

/**
 * The polled status (§4.5): completed once nobody is queued and every claimed e-mail has been
 * delivered or given up on, so the completion toast can count the failures.
 */
export async function blastStatus(deps: TDeps, member: TMember, id: string): Promise<TBlastStatusReply> {
  if (!isId(id)) throw new AppError('not_found', BLAST_MESSAGES.blastNotFound);
  const row = await readTenant(deps.db, member, (tx) => findBlastStatus(tx, member.orgId, id));
  if (!row) throw new AppError('not_found', BLAST_MESSAGES.blastNotFound);
  const done = row.queued === 0 && row.delivering === 0;
  return {
    id: row.id,
    status: done ? 'completed' : 'queued',
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    skipped: row.skipped,
    queued: row.queued + row.delivering,
    completedAt: done && row.completed_at ? new Date(row.completed_at).toISOString() : null,
  };
}
