import { agreementNumber, isCustomTerm, monthsBetween } from '@pennant/shared/agreements/rules';
import {
  AGREEMENT_FILTER_STATUSES,
  AGREEMENT_MESSAGES,
  AGREEMENT_PAGE_SIZE,
  EXPIRING_WINDOW_DAYS,
  type TAgreementCreated,
  type TAgreementDetail,
  type TAgreementDocument,
  type TAgreementList,
  type TAgreementRow,
  type TAgreementValues,
  type ZAgreementListQuery,
} from '@pennant/shared/agreements/schemas';
import { zonedToday } from '@pennant/shared/months';
import { quoteRenewalCents, quoteYearOneCents, setupFeeItemName } from '@pennant/shared/quotes/rules';
import type { z } from 'zod';
import type { TTx } from '../../db/client';
import { isoInstant } from '../../db/instant';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { lockCompany, setCompaniesStatus } from '../companies/companies.repo';
import { assertSponsorRoom, companyNotFound, statusEvent } from '../companies/companies.service';
import { insertTimelineEvents } from '../companies/notes.repo';
import type { TMember } from '../session/member';
import { createAgreementForQuote, generateAgreementPdfQuietly, lockAgreeableQuote } from './agreement-create';
import { agreementNotFound, isId, publishAgreements, requireAgreementRight } from './agreements.common';
import {
  countAgreementTabs,
  findAgreementDetail,
  findAgreementDocument,
  findCompanyName,
  holdFormProducts,
  insertAcceptedQuote,
  insertAgreementEvent,
  listAgreementEvents,
  listAgreementLines,
  listAgreementPage,
  lockAgreement,
  replaceQuoteLines,
  searchAgreementPage,
  setAgreementDeleted,
  type TAgreementDocumentRow,
  type TAgreementListRow,
  type TNewQuoteLine,
  updateFormQuote,
} from './agreements.repo';

function toRow(r: TAgreementListRow): TAgreementRow {
  return {
    id: r.id,
    status: r.status,
    companyId: r.company_id,
    companyName: r.company_name,
    quoteId: r.quote_id,
    seasonLabel: r.season_label,
    startDate: r.start_date,
    endDate: r.end_date,
    termMonths: r.term_months,
    valueCents: r.value_cents === null ? null : Number(r.value_cents),
    createdAt: isoInstant(r.created_at),
    deletedAt: r.deleted_at === null ? null : isoInstant(r.deleted_at),
  };
}

const metaText = (meta: Record<string, unknown>, key: string): string | null => {
  const v = meta[key];
  return typeof v === 'string' && v ? v : null;
};

function toDocument(d: TAgreementDocumentRow): TAgreementDocument {
  return {
    fileName: d.file_name,
    generatedAt: metaText(d.metadata, 'generated_at') ?? isoInstant(d.updated_at),
    version: d.version,
    emailSentTo: metaText(d.metadata, 'email_sent_to'),
    sentAt: metaText(d.metadata, 'sent_at'),
  };
}

/** Today on the viewer's calendar (their saved zone, on the member): what the Expiring and Expired tabs are measured from. */
function viewerToday(member: TMember): string {
  return zonedToday(new Date(), member.timezone);
}

// ---------------------------------------------------------------------------------------------
// List and detail
// ---------------------------------------------------------------------------------------------

/**
 * The list (spec §2 Agreements): a tab (All, Active, Expiring, Expired, Deleted), a status
 * filter, a company, a search on the season label or the company's name, one of six sorts,
 * 50 a page; the tab counts are counted under the same filters, so the tab's count is the total.
 */
export async function listAgreements(
  deps: TDeps,
  member: TMember,
  q: z.output<typeof ZAgreementListQuery>,
): Promise<TAgreementList> {
  return readTenant(deps.db, member, async (tx) => {
    const filters = {
      statuses: q.status === 'all' ? null : AGREEMENT_FILTER_STATUSES[q.status],
      companyId: q.company ?? null,
      today: viewerToday(member),
    };
    const search = q.q ? q.q : null;
    const pageQuery = {
      ...filters,
      tab: q.tab,
      windowDays: EXPIRING_WINDOW_DAYS,
      sort: q.sort,
      order: q.order,
      limit: AGREEMENT_PAGE_SIZE,
      offset: (q.page - 1) * AGREEMENT_PAGE_SIZE,
    };
    // A search is run once for the counts and the page; otherwise the counts are the kept ones
    // (or, for one company, counted) and the page is read by its sort's index. The company's name
    // is read with them, so every statement leaves in one round trip.
    const [{ counts, page }, companyName] = await Promise.all([
      search
        ? searchAgreementPage(tx, member.orgId, { ...pageQuery, search })
        : Promise.all([
            countAgreementTabs(tx, member.orgId, filters, EXPIRING_WINDOW_DAYS),
            listAgreementPage(tx, member.orgId, pageQuery),
          ]).then(([counts, page]) => ({ counts, page })),
      q.company ? findCompanyName(tx, member.orgId, q.company) : null,
    ]);
    const tabCounts = {
      all: counts.all_n,
      active: counts.active_n,
      expiring: counts.expiring_n,
      expired: counts.expired_n,
      deleted: counts.deleted_n,
    };
    return {
      agreements: page.map(toRow),
      total: tabCounts[q.tab],
      page: q.page,
      pageSize: AGREEMENT_PAGE_SIZE,
      counts: tabCounts,
      companyName,
    };
  });
}

async function loadDetail(tx: TTx, member: TMember, id: string): Promise<TAgreementDetail | null> {
  // None of these needs another's result (the agreement's row carries its contact): they leave
  // together, one round trip; for an unknown id the others simply find nothing.
  const [row, lines, doc, events] = await Promise.all([
    findAgreementDetail(tx, member.orgId, id),
    listAgreementLines(tx, member.orgId, id),
    findAgreementDocument(tx, member.orgId, id),
    listAgreementEvents(tx, member.orgId, id),
  ]);
  if (!row) return null;
  return {
    ...toRow(row),
    companyEmail: row.contact_email,
    primaryContactName: row.contact_name,
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.product_id,
      bundleId: l.bundle_id,
      itemName: l.item_name,
      qty: l.qty,
      unitPriceCents: l.unit_price_cents,
      setupFeeCents: l.setup_fee_cents,
    })),
    clauses: row.clauses,
    notes: row.notes,
    customTerm: isCustomTerm(row.start_date, row.end_date, row.term_months),
    derivedTermMonths: monthsBetween(row.start_date, row.end_date),
    document: doc ? toDocument(doc) : null,
    events: events.map((e) => ({
      id: e.id,
      eventType: e.event_type,
      description: e.description,
      occurredAt: isoInstant(e.occurred_at),
      createdByName: e.created_by_name,
      metadata: e.metadata,
    })),
  };
}

/** One agreement, a deleted one too; another organization's, unknown or malformed id: 404. */
export async function getAgreement(deps: TDeps, member: TMember, id: string): Promise<TAgreementDetail> {
  if (!isId(id)) throw agreementNotFound();
  const detail = await readTenant(deps.db, member, (tx) => loadDetail(tx, member, id));
  if (!detail) throw agreementNotFound();
  return detail;
}

// ---------------------------------------------------------------------------------------------
// Creation from the form
// ---------------------------------------------------------------------------------------------

/** The quote's lines from the form's: each product at its price, then its setup fee when charged. */
async function formQuoteLines(tx: TTx, member: TMember, input: TAgreementValues): Promise<TNewQuoteLine[]> {
  const ids = [...new Set(input.lines.map((l) => l.productId))];
  const found = new Map((await holdFormProducts(tx, member.orgId, ids)).map((p) => [p.id, p]));
  const missing: Record<string, string> = {};
  input.lines.forEach((l, i) => {
    if (!found.has(l.productId)) missing[`lines.${i}.productId`] = 'Product not found';
  });
  const firstMissing = Object.values(missing)[0];
  if (firstMissing) throw new AppError('validation_failed', firstMissing, missing);

  const lines: TNewQuoteLine[] = [];
  for (const l of input.lines) {
    const product = found.get(l.productId);
    if (!product) continue;
    lines.push({
      productId: product.id,
      bundleId: null,
      itemName: product.name,
      qty: l.qty,
      unitPriceCents: l.unitPriceCents,
      isSetupFee: false,
    });
    const fee = product.setup_fee_cents ?? 0;
    if (l.includeSetupFee && fee > 0) {
      lines.push({
        productId: product.id,
        bundleId: null,
        itemName: setupFeeItemName(product.name),
        qty: l.qty,
        unitPriceCents: fee,
        isSetupFee: true,
      });
    }
  }
  return lines;
}

/** The company becomes an active sponsor if it is not one (within the plan's limit), with its audit note. */
async function makeSponsor(tx: TTx, member: TMember, companyId: string, status: string): Promise<boolean> {
  if (status === 'sponsor') return false;
  await assertSponsorRoom(tx, member, 1);
  const at = new Date();
  await setCompaniesStatus(tx, member.orgId, [companyId], 'sponsor', at);
  await insertTimelineEvents(tx, [statusEvent(member, companyId, status, 'sponsor', at)]);
  return true;
}

/**
 * Creation from the form (spec §4): an accepted quote with the form's lines (or, from
 * source=quote, the accepted quote named, its lines replaced by the form's), then the contract
 * made from it in the same transaction; the company becomes a sponsor. After commit the PDF is
 * made; a failure there leaves the agreement saved (pdfGenerated false, the details page retries).
 */
export async function createAgreement(
  deps: TDeps,
  member: TMember,
  input: TAgreementValues,
): Promise<TAgreementCreated> {
  requireAgreementRight(member, 'create');
  const created = await withTenant(deps.db, member, async (tx) => {
    const company = await lockCompany(tx, member.orgId, input.companyId);
    if (!company) throw companyNotFound();
    const lines = await formQuoteLines(tx, member, input);
    const totals = { totalCents: quoteYearOneCents(lines), renewalCents: quoteRenewalCents(lines) };

    let quoteId: string;
    if (input.quoteId) {
      quoteId = (await lockAgreeableQuote(tx, member, input.quoteId)).id;
      await replaceQuoteLines(tx, member.orgId, quoteId, lines);
      await updateFormQuote(tx, member.orgId, quoteId, { companyId: company.id, ...totals });
    } else {
      quoteId = await insertAcceptedQuote(tx, {
        orgId: member.orgId,
        companyId: company.id,
        createdBy: member.userId,
        notes: input.notes ?? null,
        ...totals,
      });
      await replaceQuoteLines(tx, member.orgId, quoteId, lines);
    }

    const becameSponsor = await makeSponsor(tx, member, company.id, company.status);
    const id = await createAgreementForQuote(tx, member, {
      quoteId,
      termMonths: input.termMonths,
      startDate: input.startDate,
      customEndDate: input.useCustomEndDate ? input.customEndDate : null,
      customTerms: input.customTerms,
      notes: input.notes,
    });
    if (!id) throw new AppError('validation_failed', AGREEMENT_MESSAGES.products);
    return { id, quoteId, becameSponsor };
  });
  publishAgreements(deps, member, 'quotes', ...(created.becameSponsor ? (['companies'] as const) : []));
  const pdfGenerated = await generateAgreementPdfQuietly(deps, member, created.id);
  return { id: created.id, quoteId: created.quoteId, pdfGenerated };
}

// ---------------------------------------------------------------------------------------------
// Soft delete and restore
// ---------------------------------------------------------------------------------------------

/** Moves the agreement to the Deleted tab (deleted_at); deleting a deleted one changes nothing. */
export async function deleteAgreement(deps: TDeps, member: TMember, id: string): Promise<void> {
  requireAgreementRight(member, 'delete');
  await changeDeleted(deps, member, id, true);
}

/** Clears deleted_at (the spec checks the edit right for it). */
export async function restoreAgreement(deps: TDeps, member: TMember, id: string): Promise<void> {
  requireAgreementRight(member, 'edit');
  await changeDeleted(deps, member, id, false);
}

async function changeDeleted(deps: TDeps, member: TMember, id: string, deleted: boolean): Promise<void> {
  if (!isId(id)) throw agreementNotFound();
  const changed = await withTenant(deps.db, member, async (tx) => {
    const agreement = await lockAgreement(tx, member.orgId, id);
    if (!agreement) throw agreementNotFound();
    if (!(await setAgreementDeleted(tx, member.orgId, id, deleted))) return false;
    await insertAgreementEvent(tx, {
      orgId: member.orgId,
      companyId: agreement.company_id,
      contractId: id,
      quoteId: agreement.quote_id,
      eventType: deleted ? 'agreement_deleted' : 'agreement_restored',
      description: `${agreementNumber(id)} ${deleted ? 'deleted' : 'restored'}`,
      createdBy: member.userId,
      metadata: null,
    });
    return true;
  });
  if (changed) publishAgreements(deps, member);
}
