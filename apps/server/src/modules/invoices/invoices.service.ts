import { canAcceptCardPayments } from '@pennant/shared/billing/connect';
import {
  canMarkPaid,
  canMarkSent,
  canVoid,
  defaultDueDate,
  invoiceNumber,
  nextDaysSpan,
  sumNextDays,
} from '@pennant/shared/invoices/rules';
import {
  INVOICE_MESSAGES,
  INVOICE_PAGE_SIZE,
  INVOICE_REMIT_TO_MAX,
  INVOICE_STATUSES,
  OUTSTANDING_INVOICE_STATUSES,
  type TInvoiceDetail,
  type TInvoiceFormDefaults,
  type TInvoiceKpis,
  type TInvoiceList,
  type TInvoiceRow,
  type TInvoiceSourceKind,
  type TInvoiceSources,
  type TInvoiceStatus,
  type TInvoiceType,
  type ZInvoiceFormQuery,
  type ZInvoiceKpiQuery,
  type ZInvoiceListQuery,
} from '@pennant/shared/invoices/schemas';
import { zonedToday } from '@pennant/shared/months';
import type { z } from 'zod';
import type { TTx } from '../../db/client';
import { isoInstant } from '../../db/instant';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { PaymentsError } from '../../integrations/payments';
import { agreementNotFound, quoteNotFound } from '../agreements/agreements.common';
import { listAgreementLines } from '../agreements/agreements.repo';
import { companyNotFound } from '../companies/companies.service';
import { listQuoteLines } from '../quotes/quotes.repo';
import type { TMember } from '../session/member';
import { invoiceNotFound, isId, publishInvoices, requireInvoiceRight } from './invoices.common';
import {
  countInvoiceTabs,
  findAgreementSource,
  findCompanyName,
  findInvoice,
  findInvoiceRef,
  findInvoicingOrganization,
  findQuoteSource,
  insertInvoiceEvents,
  invoiceKpiFigures,
  listInvoiceableAgreements,
  listInvoiceableQuotes,
  listInvoiceEvents,
  listInvoiceLines,
  listInvoicePage,
  type TInvoiceListRow,
  type TInvoiceTransition,
  type TInvoicingOrganization,
  transitionInvoice,
} from './invoices.repo';

/** The chooser lists at most this many agreements and as many quotes (newest first). */
export const INVOICE_SOURCES_LIMIT = 200;

export function toInvoiceRow(r: TInvoiceListRow): TInvoiceRow {
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    agreementId: r.agreement_id,
    quoteId: r.quote_id,
    source: r.invoice_source,
    type: r.invoice_type,
    status: r.status,
    totalCents: r.total_cents,
    dueDate: r.due_date,
    createdAt: isoInstant(r.created_at),
    sentAt: r.sent_at === null ? null : isoInstant(r.sent_at),
    paidAt: r.paid_at === null ? null : isoInstant(r.paid_at),
    providerInvoiceId: r.stripe_invoice_id,
    hostedUrl: r.hosted_url,
  };
}

// ---------------------------------------------------------------------------------------------
// List, KPIs, sources
// ---------------------------------------------------------------------------------------------

function statusesOf(filter: z.output<typeof ZInvoiceListQuery>['status']): readonly string[] | null {
  if (filter === 'all') return null;
  if (filter === 'outstanding') return OUTSTANDING_INVOICE_STATUSES;
  return [filter];
}

/**
 * The list (spec §2, §7 Invoices): a tab (Active, Paid, All), a status (or 'outstanding'), a
 * source, a company, a search on the company's name, the short id and the provider's id; newest
 * first, 50 a page. The tab counts are counted under the same filters, so a tab's count is its total.
 */
export async function listInvoices(
  deps: TDeps,
  member: TMember,
  q: z.output<typeof ZInvoiceListQuery>,
): Promise<TInvoiceList> {
  const filters = {
    statuses: statusesOf(q.status),
    source: q.source === 'all' ? null : q.source,
    companyId: q.company ?? null,
    search: q.q ? q.q : null,
  };
  return readTenant(deps.db, member, async (tx) => {
    // The counts and the page leave together, one round trip.
    const [counts, page] = await Promise.all([
      countInvoiceTabs(tx, member.orgId, filters),
      listInvoicePage(tx, member.orgId, {
        ...filters,
        tab: q.tab,
        limit: INVOICE_PAGE_SIZE,
        offset: (q.page - 1) * INVOICE_PAGE_SIZE,
      }),
    ]);
    const tabCounts = { active: counts.active_n, paid: counts.paid_n, all: counts.all_n };
    return {
      invoices: page.map(toInvoiceRow),
      total: tabCounts[q.tab],
      page: q.page,
      pageSize: INVOICE_PAGE_SIZE,
      counts: tabCounts,
      companyName: counts.company_name,
    };
  });
}

/** The KPI cards (spec §7), for the organization or one company, on the organization's calendar. */
export async function invoiceKpis(
  deps: TDeps,
  member: TMember,
  q: z.output<typeof ZInvoiceKpiQuery>,
): Promise<TInvoiceKpis> {
  const now = new Date();
  const row = await readTenant(deps.db, member, (tx) =>
    invoiceKpiFigures(tx, member.orgId, { companyId: q.company ?? null, ...nextDaysSpan(now) }),
  );
  return {
    outstanding: { count: row.outstanding_n, cents: row.outstanding_cents },
    pastDue: { count: row.past_due_n, cents: row.past_due_cents },
    nextSevenDays: sumNextDays(row.next_days, zonedToday(now, member.org.timezone)),
  };
}

/**
 * What Create Invoice offers (spec §4), the kind its chooser shows: active agreements, or accepted
 * quotes with no agreement yet (the other list empty, and not read).
 */
export async function invoiceSources(deps: TDeps, member: TMember, kind: TInvoiceSourceKind): Promise<TInvoiceSources> {
  return readTenant(deps.db, member, async (tx) => {
    const agreements =
      kind === 'agreements' ? await listInvoiceableAgreements(tx, member.orgId, INVOICE_SOURCES_LIMIT) : [];
    const quotes = kind === 'quotes' ? await listInvoiceableQuotes(tx, member.orgId, INVOICE_SOURCES_LIMIT) : [];
    return {
      agreements: agreements.map((a) => ({
        id: a.id,
        companyId: a.company_id,
        companyName: a.company_name,
        valueCents: a.value_cents,
        startDate: a.start_date,
        endDate: a.end_date,
      })),
      quotes: quotes.map((q) => ({
        id: q.id,
        companyId: q.company_id,
        companyName: q.company_name,
        totalCents: q.total_cents,
        acceptedAt: q.accepted_at === null ? null : isoInstant(q.accepted_at),
      })),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The form's defaults
// ---------------------------------------------------------------------------------------------

/** The connected account can take card payments now (the organization's stripe_* columns). */
export function cardAvailableFor(org: TInvoicingOrganization): boolean {
  return canAcceptCardPayments({
    accountId: org.stripe_connected_account_id,
    onboardingComplete: org.stripe_onboarding_complete,
    accountEnabled: org.stripe_account_enabled,
    chargesEnabled: org.stripe_charges_enabled,
    payoutsEnabled: org.stripe_payouts_enabled,
  });
}

/**
 * Where the sponsor sends a check: the organization's name, its remit-to address (else its
 * business address) and its EIN, one per line; null when it has neither an address nor an EIN.
 */
export function remitToOf(org: TInvoicingOrganization): string | null {
  const clean = (v: string | null) => v?.trim() || null;
  const cityLine = [
    clean(org.business_city),
    [clean(org.business_state), clean(org.business_zip)].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const address =
    clean(org.remit_to_address) ?? ([clean(org.business_street), cityLine].filter(Boolean).join('\n') || null);
  const ein = clean(org.ein);
  if (!address && !ein) return null;
  // Prefilled into a field of at most INVOICE_REMIT_TO_MAX characters, which the form sends back.
  // A remit-to address often starts with the organization's name already: never print it twice.
  const name = org.name.trim();
  const named = address?.toLowerCase().startsWith(name.toLowerCase()) ? null : name;
  return [named, address, ein ? `EIN: ${ein}` : null].filter(Boolean).join('\n').slice(0, INVOICE_REMIT_TO_MAX);
}

type TFormLine = TInvoiceFormDefaults['lines'][number];

/** Only lines that can be invoiced: a line of 0 (a free item) cannot be an invoice line. */
const billable = (lines: TFormLine[]) => lines.filter((l) => l.amountCents >= 1 && l.quantity >= 1);

const noSourceId = (field: 'agreementId' | 'quoteId', what: string) =>
  new AppError('validation_failed', `${what} is required`, { [field]: `${what} is required` });

interface TFormSource {
  companyId: string | null;
  companyName: string | null;
  agreementId: string | null;
  quoteId: string | null;
  lines: TFormLine[];
}

async function formSource(tx: TTx, member: TMember, q: z.output<typeof ZInvoiceFormQuery>): Promise<TFormSource> {
  const orgId = member.orgId;
  if (q.source === 'agreement') {
    if (!q.agreementId) throw noSourceId('agreementId', 'Agreement');
    const agreement = await findAgreementSource(tx, orgId, q.agreementId, false);
    if (!agreement) throw agreementNotFound();
    const lines: TFormLine[] = [];
    for (const l of await listAgreementLines(tx, orgId, agreement.id)) {
      lines.push({ description: l.item_name, amountCents: l.unit_price_cents, quantity: l.qty });
      if (l.setup_fee_cents > 0) {
        lines.push({ description: `Setup fee — ${l.item_name}`, amountCents: l.setup_fee_cents, quantity: l.qty });
      }
    }
    return {
      companyId: agreement.company_id,
      companyName: agreement.company_name,
      agreementId: agreement.id,
      quoteId: null,
      lines: billable(lines),
    };
  }
  if (q.source === 'quote') {
    if (!q.quoteId) throw noSourceId('quoteId', 'Quote');
    const quote = await findQuoteSource(tx, orgId, q.quoteId, false);
    if (!quote) throw quoteNotFound();
    // Setup-fee lines are lines of the quote of their own ('… (setup fee)'): they stay as they are.
    const lines = (await listQuoteLines(tx, orgId, quote.id)).map((l) => ({
      description: l.item_name,
      amountCents: l.unit_price_cents,
      quantity: l.qty,
    }));
    return {
      companyId: quote.company_id,
      companyName: quote.company_name,
      agreementId: null,
      quoteId: quote.id,
      lines: billable(lines),
    };
  }
  if (!q.companyId) return { companyId: null, companyName: null, agreementId: null, quoteId: null, lines: [] };
  const name = await findCompanyName(tx, orgId, q.companyId);
  if (name === null) throw companyNotFound();
  return { companyId: q.companyId, companyName: name, agreementId: null, quoteId: null, lines: [] };
}

/**
 * The new-invoice form prefilled from its source (spec §2 /dashboard/invoices/new, §5 Invoice
 * form): the agreement's lines (each setup fee a line of its own), the quote's lines, or nothing
 * for a direct invoice (the form adds its one empty line). The type is the organization's default
 * payment method when that is card payment and the account can take cards now, else manual.
 */
export async function invoiceFormDefaults(
  deps: TDeps,
  member: TMember,
  q: z.output<typeof ZInvoiceFormQuery>,
): Promise<TInvoiceFormDefaults> {
  requireInvoiceRight(member, 'create');
  return readTenant(deps.db, member, async (tx) => {
    // The organization and the form's source leave together, one round trip; the calendar is the member's.
    const today = zonedToday(new Date(), member.org.timezone);
    const [org, source] = await Promise.all([findInvoicingOrganization(tx, member.orgId), formSource(tx, member, q)]);
    if (!org) throw new AppError('not_found', 'Organization not found');
    const cardAvailable = cardAvailableFor(org);
    const invoiceType: TInvoiceType = org.default_payment_method === 'stripe' && cardAvailable ? 'stripe' : 'manual';
    return {
      source: q.source,
      ...source,
      invoiceType,
      cardAvailable,
      today,
      dueDate: defaultDueDate(today),
      remitToInfo: remitToOf(org),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------

/** The invoice's detail inside the caller's transaction; null for another organization's or an unknown id. */
export async function loadInvoiceDetail(tx: TTx, orgId: string, id: string): Promise<TInvoiceDetail | null> {
  if (!isId(id)) return null;
  // All three leave together, one round trip: the lines and events of an invoice that is not
  // there (another organization's, deleted) are none, and are thrown away with it.
  const [row, lines, events] = await Promise.all([
    findInvoice(tx, orgId, id),
    listInvoiceLines(tx, orgId, id),
    listInvoiceEvents(tx, orgId, id),
  ]);
  if (!row) return null;
  return {
    ...toInvoiceRow(row),
    lines: lines.map((l) => ({
      id: l.id,
      description: l.description,
      unitPriceCents: l.unit_price_cents,
      quantity: l.quantity,
      totalCents: l.total_cents,
    })),
    memo: row.memo,
    remitToInfo: row.remit_to_info,
    providerPdfUrl: row.pdf_url,
    // A company has no address of its own: its e-mail is its primary contact's (as for agreements).
    companyEmail: row.contact_email,
    primaryContactName: row.contact_name,
    primaryContactEmail: row.contact_email,
    updatedAt: isoInstant(row.updated_at),
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

/** One invoice with its lines, company and history; another organization's, unknown or malformed id: 404. */
export async function getInvoice(deps: TDeps, member: TMember, id: string): Promise<TInvoiceDetail> {
  if (!isId(id)) throw invoiceNotFound();
  const detail = await readTenant(deps.db, member, (tx) => loadInvoiceDetail(tx, member.orgId, id));
  if (!detail) throw invoiceNotFound();
  return detail;
}

// ---------------------------------------------------------------------------------------------
// Status changes (spec §4)
// ---------------------------------------------------------------------------------------------

const FROM: Record<'sent' | 'paid' | 'void', readonly TInvoiceStatus[]> = {
  sent: INVOICE_STATUSES.filter((s) => canMarkSent(s)),
  paid: INVOICE_STATUSES.filter((s) => canMarkPaid(s, 'server')),
  void: INVOICE_STATUSES.filter((s) => canVoid(s)),
};

const EVENT: Record<'sent' | 'paid' | 'void', { type: string; words: string }> = {
  sent: { type: 'invoice_sent', words: 'marked as sent' },
  paid: { type: 'invoice_paid', words: 'marked as paid' },
  void: { type: 'invoice_voided', words: 'voided' },
};

const refused = () => new AppError('conflict', INVOICE_MESSAGES.transitionRefused);

/**
 * A card invoice is voided at the provider before Pennant's copy, so the sponsor can no longer pay
 * a void invoice. The provider refusing because it is void already is no failure; because it was
 * paid meanwhile, the change is refused (the payment's webhook marks it paid).
 */
async function voidAtProvider(deps: TDeps, accountId: string, providerInvoiceId: string, invoiceId: string) {
  try {
    await deps.payments.voidHostedInvoice(accountId, providerInvoiceId);
    return;
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
    const now = await deps.payments.retrieveHostedInvoice(accountId, providerInvoiceId).catch(() => null);
    if (now?.status === 'void') return;
    if (now?.status === 'paid') throw refused();
    deps.log.error({ err, invoiceId, providerInvoiceId }, 'card invoice could not be voided at the provider');
    throw new AppError('bad_gateway', INVOICE_MESSAGES.voidFailed);
  }
}

async function changeStatus(
  deps: TDeps,
  member: TMember,
  id: string,
  to: Extract<TInvoiceTransition, 'sent' | 'paid' | 'void'>,
): Promise<TInvoiceDetail> {
  requireInvoiceRight(member, 'edit');
  if (!isId(id)) throw invoiceNotFound();
  const ref = await withTenant(deps.db, member, (tx) => findInvoiceRef(tx, member.orgId, id));
  if (!ref) throw invoiceNotFound();
  if (!FROM[to].includes(ref.status)) throw refused();
  if (to === 'void' && ref.invoice_type === 'stripe' && ref.stripe_invoice_id && ref.stripe_account_id) {
    await voidAtProvider(deps, ref.stripe_account_id, ref.stripe_invoice_id, id);
  }
  // A card invoice marked paid by hand stays open at the provider: the club was paid some other
  // way, and a sponsor who pays the page as well is a refund for the treasurer, not for Pennant.
  const detail = await withTenant(deps.db, member, async (tx) => {
    const at = new Date();
    const changed = await transitionInvoice(tx, { orgId: member.orgId, id }, to, FROM[to], at);
    if (!changed) throw refused();
    await insertInvoiceEvents(tx, [
      {
        orgId: member.orgId,
        companyId: changed.company_id,
        invoiceId: id,
        eventType: EVENT[to].type,
        description: `${invoiceNumber(id)} ${EVENT[to].words}`,
        createdBy: member.userId,
        metadata: { invoice_id: id, from: ref.status, to },
        occurredAt: at,
      },
    ]);
    return loadInvoiceDetail(tx, member.orgId, id);
  });
  if (!detail) throw invoiceNotFound();
  publishInvoices(deps, member.orgId);
  return detail;
}

/** Mark as Sent: from Ready to Send only; sent_at is now. */
export function markInvoiceSent(deps: TDeps, member: TMember, id: string): Promise<TInvoiceDetail> {
  return changeStatus(deps, member, id, 'sent');
}

/** Mark as Paid: anything not paid or void; paid_at is now. Final. */
export function markInvoicePaid(deps: TDeps, member: TMember, id: string): Promise<TInvoiceDetail> {
  return changeStatus(deps, member, id, 'paid');
}

/** Void: anything not paid or void (a card invoice at the provider first). Final. */
export function voidInvoice(deps: TDeps, member: TMember, id: string): Promise<TInvoiceDetail> {
  return changeStatus(deps, member, id, 'void');
}
