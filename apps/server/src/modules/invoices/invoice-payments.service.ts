import { invoiceNumber } from '@pennant/shared/invoices/rules';
import type { TDeps } from '../../deps';
import type { THostedInvoice, TPaymentEvent } from '../../integrations/payments';
import type { TRunTx } from '../payments/billing.common';
import { publishInvoices } from './invoices.common';
import { findInvoiceByProviderId, insertInvoiceEvents, transitionInvoice } from './invoices.repo';

/** The provider's events about a connected account's invoice (a sponsor's card invoice). */
export type TProviderInvoiceEvent =
  | (Extract<TPaymentEvent, { kind: 'invoice.paid' }> & { accountId: string })
  | Extract<TPaymentEvent, { kind: 'invoice.updated' }>;

const UNPAID = ['draft', 'pending', 'sent', 'overdue'] as const;

/**
 * A sponsor's card invoice changed at the provider: paid on its page, or voided there. The
 * invoice is refetched, so what is written is what the provider says now (an event delivered
 * twice, late or out of order changes nothing more), and found by its provider id. Paid: it
 * becomes paid at the provider's paid time (else the event's), once; a void invoice stays void —
 * money came in for it, which the treasurer must sort out, so it is logged as a warning. Void at
 * the provider: it becomes void unless it was paid. Answers the organization whose invoices
 * changed (its pages hear 'invoices'), or null.
 */
export async function applyProviderInvoice(
  deps: TDeps,
  platform: TRunTx,
  read: TProviderInvoiceEvent,
  eventAt: Date,
): Promise<string | null> {
  const copy: THostedInvoice | null = read.kind === 'invoice.paid' ? read.hosted : read.invoice;
  const providerId = read.kind === 'invoice.paid' ? read.invoiceId : read.invoice.id;
  const current = (await deps.payments.retrieveHostedInvoice(read.accountId, providerId)) ?? copy;
  if (!current) return null;

  const changed = await platform(async (tx) => {
    const invoice = await findInvoiceByProviderId(tx, providerId);
    if (!invoice) {
      deps.log.info({ providerId, accountId: read.accountId }, 'provider invoice Pennant does not know; skipped');
      return null;
    }
    if (invoice.stripe_account_id !== read.accountId) {
      deps.log.warn({ providerId, invoiceId: invoice.id }, 'provider invoice event from another account; skipped');
      return null;
    }
    const at = current.status === 'paid' ? (current.paidAt ?? eventAt) : eventAt;
    const to = current.status === 'paid' ? 'paid' : current.status === 'void' ? 'void' : null;
    if (!to) return null;
    const moved = await transitionInvoice(tx, { orgId: null, id: invoice.id }, to, UNPAID, at);
    if (!moved) {
      if (to === 'paid' && invoice.status === 'void') {
        deps.log.warn(
          { invoiceId: invoice.id, orgId: invoice.org_id, providerId, amountPaidCents: current.amountPaidCents },
          'a void invoice was paid at the provider; it stays void',
        );
      }
      return null;
    }
    await insertInvoiceEvents(tx, [
      {
        orgId: moved.org_id,
        companyId: moved.company_id,
        invoiceId: moved.id,
        eventType: to === 'paid' ? 'invoice_paid' : 'invoice_voided',
        description: `${invoiceNumber(moved.id)} ${to === 'paid' ? 'paid online' : 'voided at the payment provider'}`,
        createdBy: null,
        metadata: {
          invoice_id: moved.id,
          from: invoice.status,
          to,
          provider_invoice_id: providerId,
          at: at.toISOString(),
          ...(to === 'paid' ? { amount_paid_cents: current.amountPaidCents } : {}),
        },
        // Entered when Pennant heard it: the provider's clock (whole seconds) could put it before
        // what the treasurer did a moment earlier. When it happened is the invoice's paid_at.
      },
    ]);
    return moved.org_id;
  });
  if (changed) publishInvoices(deps, changed);
  return changed;
}
