import { TZDate } from '@date-fns/tz';
import { agreementNumber } from '@pennant/shared/agreements/rules';
import { invoiceNumber, invoiceTotalCents, isDueDateAllowed } from '@pennant/shared/invoices/rules';
import { INVOICE_MESSAGES, type TInvoiceCreated, type TInvoiceValues } from '@pennant/shared/invoices/schemas';
import { zonedToday } from '@pennant/shared/months';
import { planAllows } from '@pennant/shared/organization/plans';
import { quoteNumber } from '@pennant/shared/quotes/rules';
import type { TTx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { THostedInvoice } from '../../integrations/payments';
import { agreementNotFound, quoteNotFound } from '../agreements/agreements.common';
import { companyNotFound } from '../companies/companies.service';
import type { TMember } from '../session/member';
import { publishInvoices, requireInvoiceRight } from './invoices.common';
import {
  deleteInvoice,
  findAgreementSource,
  findInvoicingOrganization,
  findQuoteSource,
  holdInvoiceCompany,
  insertInvoice,
  insertInvoiceEvents,
  setInvoiceProvider,
  type TInvoiceCompany,
} from './invoices.repo';
import { cardAvailableFor } from './invoices.service';

const fieldError = (field: string, message: string) => new AppError('validation_failed', message, { [field]: message });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day as YYYY-MM-DD (not 2026-02-30). */
const isDay = (v: string) => {
  if (!DAY.test(v)) return false;
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
};

/** The last second of the due day on the organization's calendar: the provider wants an instant in the future. */
function endOfDay(day: string, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(new TZDate(y ?? 1970, (m ?? 1) - 1, d ?? 1, 23, 59, 59, zone).getTime());
}

interface TChecked {
  company: TInvoiceCompany;
  agreementId: string | null;
  quoteId: string | null;
  /** 'from Agreement #1A2B3C' for the timeline, when made from one. */
  from: string | null;
  /** The card payment account, for a card invoice. */
  accountId: string | null;
}

/**
 * Inside the transaction: the company is this organization's; an agreement invoice names an
 * active agreement of that company, a quote invoice an accepted quote of it with no agreement yet
 * (each held until commit); a card invoice needs an account that can take cards now.
 */
async function checkInvoice(tx: TTx, member: TMember, input: TInvoiceValues): Promise<TChecked> {
  const company = await holdInvoiceCompany(tx, member.orgId, input.companyId);
  if (!company) throw companyNotFound();
  let checked: TChecked = { company, agreementId: null, quoteId: null, from: null, accountId: null };
  if (input.source === 'agreement') {
    if (!input.agreementId) throw fieldError('agreementId', 'Agreement is required');
    const agreement = await findAgreementSource(tx, member.orgId, input.agreementId, true);
    if (!agreement || agreement.company_id !== company.id) throw agreementNotFound();
    if (agreement.status !== 'active' || agreement.deleted) {
      throw new AppError('conflict', INVOICE_MESSAGES.sourceNotActive);
    }
    checked = { ...checked, agreementId: agreement.id, from: `from ${agreementNumber(agreement.id)}` };
  } else if (input.source === 'quote') {
    if (!input.quoteId) throw fieldError('quoteId', 'Quote is required');
    const quote = await findQuoteSource(tx, member.orgId, input.quoteId, true);
    if (!quote || quote.company_id !== company.id) throw quoteNotFound();
    if (quote.status !== 'accepted' || quote.has_agreement) {
      throw new AppError('conflict', INVOICE_MESSAGES.quoteNotInvoiceable);
    }
    checked = { ...checked, quoteId: quote.id, from: `from ${quoteNumber(quote.id)}` };
  }
  if (input.invoiceType === 'stripe') {
    const org = await findInvoicingOrganization(tx, member.orgId);
    if (!org?.stripe_connected_account_id || !cardAvailableFor(org)) {
      throw new AppError('conflict', INVOICE_MESSAGES.cardNeedsAccount);
    }
    checked = { ...checked, accountId: org.stripe_connected_account_id };
  }
  return checked;
}

/**
 * Create Invoice (spec §4, §5, §7 create-invoice-unified): from an active agreement, an accepted
 * quote or scratch. The invoice is Ready to Send, its total the lines' sum, with 'invoice_created'
 * on the company's timeline. A card invoice is then made at the provider on the organization's
 * account (after commit: no transaction waits on the network) and its page stored; if the
 * provider fails, the invoice is removed again (it never existed for the user) and the answer is
 * 502 'Failed to create invoice'.
 */
export async function createInvoice(deps: TDeps, member: TMember, input: TInvoiceValues): Promise<TInvoiceCreated> {
  requireInvoiceRight(member, 'create');
  // The plan matrix's Invoicing: new invoices need Premium; a downgraded club keeps reading, sending
  // and closing out the invoices it has (nothing is lost, nothing is owed twice).
  if (!planAllows(member.plan, 'invoicing')) throw new AppError('plan_limit', INVOICE_MESSAGES.premiumRequired);
  if (!isDay(input.dueDate)) throw fieldError('dueDate', 'Dates are YYYY-MM-DD');
  const zone = member.org.timezone;
  if (!isDueDateAllowed(input.dueDate, zonedToday(new Date(), zone))) {
    throw fieldError('dueDate', INVOICE_MESSAGES.dueDatePast);
  }
  if (invoiceTotalCents(input.lines) <= 0) throw fieldError('lines', INVOICE_MESSAGES.amount);
  const lines = input.lines.map((l) => ({
    description: l.description,
    unitPriceCents: l.amountCents,
    quantity: l.quantity,
  }));

  const created = await withTenant(deps.db, member, async (tx) => {
    const checked = await checkInvoice(tx, member, input);
    const id = await insertInvoice(
      tx,
      {
        orgId: member.orgId,
        companyId: checked.company.id,
        agreementId: checked.agreementId,
        quoteId: checked.quoteId,
        source: input.source,
        type: input.invoiceType,
        dueDate: input.dueDate,
        memo: input.memo ?? null,
        remitToInfo: input.remitToInfo ?? null,
        createdBy: member.userId,
      },
      lines,
    );
    await insertInvoiceEvents(tx, [
      {
        orgId: member.orgId,
        companyId: checked.company.id,
        invoiceId: id,
        eventType: 'invoice_created',
        description: [invoiceNumber(id), 'created', checked.from].filter(Boolean).join(' '),
        createdBy: member.userId,
        metadata: {
          invoice_id: id,
          source: input.source,
          invoice_type: input.invoiceType,
          total_cents: invoiceTotalCents(input.lines),
          due_date: input.dueDate,
          ...(checked.agreementId ? { agreement_id: checked.agreementId } : {}),
          ...(checked.quoteId ? { quote_id: checked.quoteId } : {}),
        },
      },
    ]);
    return { id, checked };
  });

  let provider: THostedInvoice | null = null;
  const { id, checked } = created;
  if (checked.accountId) {
    const accountId = checked.accountId;
    try {
      provider = await deps.payments.createHostedInvoice({
        accountId,
        customer: { name: checked.company.name, email: checked.company.contact_email },
        lines: lines.map((l) => ({
          description: l.description,
          unitAmountCents: l.unitPriceCents,
          quantity: l.quantity,
        })),
        dueDate: endOfDay(input.dueDate, zone),
        memo: input.memo ?? null,
        metadata: { orgId: member.orgId, invoiceId: id },
        idempotencyKey: `invoice:${id}`,
      });
      const made = provider;
      await withTenant(deps.db, member, (tx) =>
        setInvoiceProvider(tx, member.orgId, id, {
          stripeInvoiceId: made.id,
          stripeAccountId: accountId,
          hostedUrl: made.hostedUrl,
          pdfUrl: made.pdfUrl,
        }),
      );
    } catch (err) {
      deps.log.error({ err, invoiceId: id, orgId: member.orgId }, 'card invoice could not be made at the provider');
      // Made there but not recorded here: no one could ever see it in Pennant, so nobody may pay it.
      if (provider) await deps.payments.voidHostedInvoice(accountId, provider.id).catch(() => undefined);
      await withTenant(deps.db, member, (tx) => deleteInvoice(tx, member.orgId, id));
      throw new AppError('bad_gateway', INVOICE_MESSAGES.createFailed);
    }
  }
  publishInvoices(deps, member.orgId);
  return { id, providerInvoiceId: provider?.id ?? null };
}
