import { defaultQuoteSubject } from '@pennant/shared/ai/rules';
import { CONTACT_NAME_MAX, ZEmailDraftRequest } from '@pennant/shared/ai/schemas';
import {
  defaultQuoteBody,
  quoteNumber,
  quoteRenewalCents,
  quoteSendBlock,
  quoteTabStatuses,
  quoteYearOneCents,
  setupFeeItemName,
} from '@pennant/shared/quotes/rules';
import {
  QUOTE_MESSAGES,
  QUOTE_PAGE_SIZE,
  QUOTE_TAB_STATUSES,
  type TQuoteDetail,
  type TQuoteEmailDraft,
  type TQuoteEmailInput,
  type TQuoteLineValues,
  type TQuoteList,
  type TQuoteStatus,
  type TQuoteTabCounts,
  type TQuoteValues,
  type ZQuoteEmailDraftInput,
  type ZQuoteListQuery,
} from '@pennant/shared/quotes/schemas';
import type { TTx } from '../../db/client';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { writeEmail } from '../ai/ai.service';
import { fieldErrors, isId } from '../catalogue/catalogue.common';
import { updateCompany as updateCompanyRow } from '../companies/companies.repo';
import { companyNotFound, requireCompanyLocked, statusEvent } from '../companies/companies.service';
import { insertTimelineEvents, latestContactAt, setLastContactedAt } from '../companies/notes.repo';
import type { TMember } from '../session/member';
import {
  loadQuoteDetail,
  publish,
  quoteNotFound,
  removeFilesQuietly,
  requireQuoteRight,
  resolveSender,
  toQuoteStatus,
  toSummary,
  wrongState,
} from './quotes.common';
import {
  countQuotesByStatus,
  deleteQuoteDocument,
  deleteQuote as deleteQuoteRows,
  findCompaniesByName,
  findCompanyName,
  findQuoteAgreement,
  findQuoteOrganization,
  holdItemNames,
  insertQuote,
  insertQuoteEvents,
  listActiveContacts,
  listQuotePage,
  lockQuote,
  moveQuoteEvents,
  priceListExists,
  replaceQuoteLines,
  saveQuoteEmail as saveQuoteEmailRow,
  type TNewQuoteLine,
  updateQuoteDraft,
} from './quotes.repo';

type TListQuery = ReturnType<typeof ZQuoteListQuery.parse>;
type TDraftInput = ReturnType<typeof ZQuoteEmailDraftInput.parse>;

// ---------------------------------------------------------------------------------------------
// List and one quote
// ---------------------------------------------------------------------------------------------

/** The statuses the page shows: the tab's, narrowed by the status filter; null = any. */
function pageStatuses(query: TListQuery): readonly TQuoteStatus[] | null {
  const tab = quoteTabStatuses(query.tab);
  if (!query.status) return tab;
  return !tab || tab.includes(query.status) ? [query.status] : [];
}

/**
 * One page (50) of the organization's quotes, newest first, under the tab, status, company and
 * company-name search, with each tab's count under the same filters (the tab itself aside).
 */
export async function listQuotes(deps: TDeps, member: TMember, query: TListQuery): Promise<TQuoteList> {
  const search = query.q?.trim() || null;
  const companyId = query.company ?? null;
  const offset = (query.page - 1) * QUOTE_PAGE_SIZE;
  return readTenant(deps.db, member, async (tx) => {
    const scope = search
      ? await findCompaniesByName(tx, member.orgId, search, companyId)
      : companyId
        ? [companyId]
        : null;
    const empty = scope?.length === 0;
    // The counts and the page both need only the scope: they leave together, one round trip.
    const [byStatus, page] = empty
      ? [new Map<string, number>(), []]
      : await Promise.all([
          countQuotesByStatus(tx, member.orgId, scope),
          listQuotePage(tx, member.orgId, scope, pageStatuses(query), QUOTE_PAGE_SIZE, offset),
        ]);
    const counts: TQuoteTabCounts = { all: 0, active: 0, accepted: 0, closed: 0 };
    for (const [raw, n] of byStatus) {
      const status = toQuoteStatus(raw);
      if (query.status && status !== query.status) continue;
      counts.all += n;
      for (const tab of ['active', 'accepted', 'closed'] as const) {
        if (QUOTE_TAB_STATUSES[tab].includes(status)) counts[tab] += n;
      }
    }
    return {
      quotes: page.map(toSummary),
      total: counts[query.tab],
      page: query.page,
      pageSize: QUOTE_PAGE_SIZE,
      counts,
    };
  });
}

export async function getQuote(deps: TDeps, member: TMember, id: string): Promise<TQuoteDetail> {
  if (!isId(id)) throw quoteNotFound();
  return readTenant(deps.db, member, (tx) => loadQuoteDetail(tx, member, id));
}

// ---------------------------------------------------------------------------------------------
// Create and edit a draft
// ---------------------------------------------------------------------------------------------

/**
 * Each line's item must be a product, or a bundle not deleted, of the organization (held until
 * the transaction ends); its name comes from the catalogue. A line naming anything else is a 400
 * on that line's field.
 */
async function catalogueLines(tx: TTx, member: TMember, lines: readonly TQuoteLineValues[]): Promise<TNewQuoteLine[]> {
  const ids = (pick: (l: TQuoteLineValues) => string | null | undefined) => [
    ...new Set(lines.flatMap((l) => pick(l) ?? [])),
  ];
  const products = await holdItemNames(
    tx,
    member.orgId,
    'product',
    ids((l) => l.productId),
  );
  const bundles = await holdItemNames(
    tx,
    member.orgId,
    'bundle',
    ids((l) => l.bundleId),
  );
  const missing: Record<string, string> = {};
  const resolved = lines.flatMap((line, index): TNewQuoteLine[] => {
    const productId = line.productId ?? null;
    const bundleId = productId ? null : (line.bundleId ?? null);
    const name = productId ? products.get(productId) : bundleId ? bundles.get(bundleId) : undefined;
    if (name === undefined) {
      missing[`lines.${index}.${productId ? 'productId' : 'bundleId'}`] = QUOTE_MESSAGES.itemNotFound;
      return [];
    }
    return [
      {
        productId,
        bundleId,
        itemName: line.isSetupFee ? setupFeeItemName(name) : name,
        qty: line.qty,
        unitPriceCents: line.unitPriceCents,
        isSetupFee: line.isSetupFee,
      },
    ];
  });
  if (Object.keys(missing).length > 0) throw fieldErrors(missing);
  return resolved;
}

/** The company of a quote, locked: 404 when not the organization's. A prospect moves to negotiating (spec §4). */
async function quoteCompany(tx: TTx, member: TMember, companyId: string, at: Date): Promise<void> {
  const company = await requireCompanyLocked(tx, member, companyId);
  if (company.status !== 'prospect') return;
  await updateCompanyRow(tx, member.orgId, companyId, { status: 'negotiating', statusUpdatedAt: at });
  await insertTimelineEvents(tx, [statusEvent(member, companyId, company.status, 'negotiating', at)]);
}

async function checkPriceList(tx: TTx, member: TMember, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  if (!(await priceListExists(tx, member.orgId, id))) {
    throw fieldErrors({ originPriceListId: QUOTE_MESSAGES.priceListNotFound });
  }
  return id;
}

const totalsOf = (lines: readonly TNewQuoteLine[]) => ({
  totalCents: quoteYearOneCents(lines),
  renewalCents: quoteRenewalCents(lines),
});

/**
 * A new draft for one of the organization's companies (spec §4): the lines from the catalogue,
 * the totals kept on the quote, the default subject and body prefilled; a prospect company moves
 * to negotiating; a 'quote_created' entry on the company's timeline.
 */
export async function createQuote(deps: TDeps, member: TMember, input: TQuoteValues): Promise<TQuoteDetail> {
  requireQuoteRight(member, 'create');
  const quote = await withTenant(deps.db, member, async (tx) => {
    const now = new Date();
    await quoteCompany(tx, member, input.companyId, now);
    const lines = await catalogueLines(tx, member, input.lines);
    const totals = totalsOf(lines);
    const id = await insertQuote(tx, {
      orgId: member.orgId,
      companyId: input.companyId,
      createdById: member.userId,
      notes: input.notes ?? null,
      originPriceListId: await checkPriceList(tx, member, input.originPriceListId),
      emailSubject: defaultQuoteSubject(member.org.name),
      emailBody: defaultQuoteBody(member.org.name),
      ...totals,
    });
    await replaceQuoteLines(tx, member.orgId, id, lines);
    await insertQuoteEvents(tx, [
      {
        orgId: member.orgId,
        companyId: input.companyId,
        quoteId: id,
        eventType: 'quote_created',
        description: `${quoteNumber(id)} created`,
        createdBy: member.userId,
        metadata: { quote_id: id, total_cents: totals.totalCents },
        occurredAt: now,
      },
    ]);
    return loadQuoteDetail(tx, member, id);
  });
  publish(deps, member, 'quotes', 'companies');
  return quote;
}

/**
 * Replaces a draft's company, lines and notes (409 once it is sent). The stored PDF, made from
 * the old lines, is forgotten.
 */
export async function updateQuote(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TQuoteValues,
): Promise<TQuoteDetail> {
  requireQuoteRight(member, 'edit');
  if (!isId(id)) throw quoteNotFound();
  const { quote, staleFile } = await withTenant(deps.db, member, async (tx) => {
    const current = await lockQuote(tx, member.orgId, id);
    if (!current) throw quoteNotFound();
    if (current.status !== 'draft') throw wrongState(QUOTE_MESSAGES.notDraft);
    if (current.company_id !== input.companyId) {
      await quoteCompany(tx, member, input.companyId, new Date());
      await moveQuoteEvents(tx, member.orgId, id, input.companyId);
    }
    const lines = await catalogueLines(tx, member, input.lines);
    await updateQuoteDraft(tx, member.orgId, id, {
      companyId: input.companyId,
      notes: input.notes ?? null,
      originPriceListId: await checkPriceList(tx, member, input.originPriceListId),
      ...totalsOf(lines),
    });
    await replaceQuoteLines(tx, member.orgId, id, lines);
    const staleFile = await deleteQuoteDocument(tx, member.orgId, id);
    return { quote: await loadQuoteDetail(tx, member, id), staleFile };
  });
  await removeFilesQuietly(deps, [staleFile]);
  publish(deps, member, 'quotes', 'companies');
  return quote;
}

/** Keeps the wizard's subject and body on a draft or sent quote (the others cannot be sent). */
export async function saveQuoteEmail(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TQuoteEmailInput,
): Promise<TQuoteDetail> {
  requireQuoteRight(member, 'edit');
  if (!isId(id)) throw quoteNotFound();
  const quote = await withTenant(deps.db, member, async (tx) => {
    const current = await lockQuote(tx, member.orgId, id);
    if (!current) throw quoteNotFound();
    const block = quoteSendBlock(toQuoteStatus(current.status));
    if (block) throw wrongState(block);
    await saveQuoteEmailRow(tx, member.orgId, id, input);
    return loadQuoteDetail(tx, member, id);
  });
  publish(deps, member, 'quotes');
  return quote;
}

// ---------------------------------------------------------------------------------------------
// Delete
// ---------------------------------------------------------------------------------------------

/**
 * Deletes the quote with its lines, document (and its file), timeline entries and e-mail logs.
 * A quote an agreement was made from stays (409) until the agreement is deleted.
 */
export async function deleteQuote(deps: TDeps, member: TMember, id: string): Promise<void> {
  requireQuoteRight(member, 'delete');
  if (!isId(id)) throw quoteNotFound();
  const { fileKey } = await withTenant(deps.db, member, async (tx) => {
    const current = await lockQuote(tx, member.orgId, id);
    if (!current) throw quoteNotFound();
    if (await findQuoteAgreement(tx, member.orgId, id)) throw wrongState(QUOTE_MESSAGES.hasAgreement);
    await requireCompanyLocked(tx, member, current.company_id);
    const deleted = await deleteQuoteRows(tx, member.orgId, id);
    // Its 'quote_sent' entries were contacts: 'Last contact' falls back to what remains.
    const companyId = current.company_id;
    await setLastContactedAt(tx, member.orgId, companyId, await latestContactAt(tx, member.orgId, companyId));
    return deleted;
  });
  await removeFilesQuietly(deps, [fileKey]);
  publish(deps, member, 'quotes', 'companies');
}

// ---------------------------------------------------------------------------------------------
// Generate Message via AI
// ---------------------------------------------------------------------------------------------

/** The first word of a contact's name, as the writer's contact_first_name; null without one. */
function firstName(name: string | null | undefined): string | null {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  return first ? first.slice(0, CONTACT_NAME_MAX) : null;
}

/**
 * A subject and body for the quote e-mail (spec §7 chat-completion, generate_quote_email): the
 * company and its primary contact's first name, the lines and Year-1 total, the organization,
 * the sender (the quote sender rule) and the sender's own instructions; the PDF goes with it.
 */
export async function draftQuoteEmail(deps: TDeps, member: TMember, input: TDraftInput): Promise<TQuoteEmailDraft> {
  requireQuoteRight(member, 'create');
  const facts = await withTenant(deps.db, member, async (tx) => {
    const companyName = await findCompanyName(tx, member.orgId, input.companyId);
    if (companyName === null) throw companyNotFound();
    const org = await findQuoteOrganization(tx, member.orgId);
    const [contact] = await listActiveContacts(tx, member.orgId, input.companyId);
    return { org, contact, companyName, sender: await resolveSender(tx, member, org) };
  });
  const request = ZEmailDraftRequest.parse({
    kind: 'quote',
    organizationName: facts.org.name,
    companyName: facts.companyName,
    contactFirstName: firstName(facts.contact?.name),
    items: input.lines.map((l) => ({ name: l.itemName, qty: l.qty, cents: l.unitPriceCents })),
    totalCents: quoteYearOneCents(input.lines),
    sender: facts.sender,
    documentAttached: true,
    customInstructions: input.customPrompt ?? null,
  });
  const written = await writeEmail(deps, member, 'chat-completion', request);
  return { subject: written.subject, body: written.body };
}
