import { z } from 'zod';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { renderReceipt } from '../../documents/receipt';
import {
  PAID_PLAN_KEYS,
  PLAN_AMOUNT_CENTS,
  readPaymentEvent,
  type TPaidPlanKey,
  type TPaymentEvent,
  type TWebhookEvent,
} from '../../integrations/payments';
import { applyDonationCheckout } from '../fundraising/donation-payments.service';
import { applyProviderInvoice } from '../invoices/invoice-payments.service';
import { applyCheckoutSession, currentSubscription, planFieldsOf, publishBilling, type TRunTx } from './billing.common';
import {
  countPaymentEventAttempt,
  findBillingStateByCustomer,
  findPaymentEvent,
  markPaymentEventProcessed,
  setReceiptPdf,
  type TBillingState,
  upsertReceipt,
  writePlanFields,
} from './billing.repo';
import { applyAccountUpdate } from './connect.service';

/** An invoice of a customer no organization has yet: the job fails and is retried (the checkout comes). */
export class PaymentEventNotReady extends Error {
  override name = 'PaymentEventNotReady';
}

const ZOrgId = z.uuid();

/** Stripe's hosted invoice page, when the event carries one (the simulator's do not). */
const ZHostedInvoice = z.object({ hosted_invoice_url: z.url({ protocol: /^https$/ }) });

export function receiptKey(orgId: string, receiptId: string): string {
  return `org/${orgId}/receipts/${receiptId}.pdf`;
}

/**
 * Handles one recorded provider event, then marks it processed. Idempotent (every write is
 * conditional or keyed by the provider's id) and order-proof: for a checkout and every
 * subscription event the subscription is refetched and the organization's plan fields are written
 * from what the provider says now, so a late or repeated event cannot bring an old state back.
 */
export async function processPaymentEvent(deps: TDeps, eventId: string): Promise<void> {
  const platform: TRunTx = (fn) => withPlatform(deps.db, deps.log, 'payment event', fn);
  const stored = await platform(async (tx) => {
    const row = await findPaymentEvent(tx, eventId);
    if (row && !row.processed) await countPaymentEventAttempt(tx, eventId);
    return row;
  });
  if (!stored || stored.processed) return;
  const event: TWebhookEvent = {
    id: stored.id,
    type: stored.type,
    created: new Date(stored.payload.created),
    objectId: stored.payload.objectId,
    accountId: stored.payload.accountId,
    data: stored.payload.data,
  };
  let read: TPaymentEvent;
  try {
    read = readPaymentEvent(event, deps.payments.prices);
  } catch (err) {
    // An object of a shape Pennant does not know: no retry will read it either.
    deps.log.error({ err, eventId, type: event.type }, 'payment event could not be read; skipped');
    await platform((tx) => markPaymentEventProcessed(tx, eventId));
    return;
  }
  const changedOrg = await applyPaymentEvent(deps, platform, read, event);
  await platform((tx) => markPaymentEventProcessed(tx, eventId));
  if (changedOrg) publishBilling(deps, changedOrg);
}

/** Applies the event; answers the organization whose billing changed, or null. */
async function applyPaymentEvent(
  deps: TDeps,
  platform: TRunTx,
  read: TPaymentEvent,
  event: TWebhookEvent,
): Promise<string | null> {
  switch (read.kind) {
    case 'checkout.completed': {
      // A payment on a connected account is a donation (modules/fundraising).
      if (read.session.mode === 'payment' && read.accountId !== null) {
        return applyDonationCheckout(deps, platform, { ...read, accountId: read.accountId }, event.created);
      }
      if (read.session.mode !== 'subscription' || read.accountId !== null) return null;
      const session = (await deps.payments.retrieveCheckoutSession(read.session.id)) ?? read.session;
      const orgId = ZOrgId.safeParse(session.orgId);
      if (!orgId.success) {
        deps.log.warn({ eventId: event.id, sessionId: session.id }, 'checkout names no organization; skipped');
        return null;
      }
      return (await applyCheckoutSession(deps, platform, orgId.data, session)) ? orgId.data : null;
    }
    case 'subscription': {
      // A deleted subscription is canceled whatever else its copy says (plan key and end kept).
      const copy = read.event === 'deleted' ? { ...read.subscription, status: 'canceled' } : read.subscription;
      const sub = await currentSubscription(deps, read.subscription.id, copy);
      if (!sub) return null;
      const org = await platform((tx) => findBillingStateByCustomer(tx, sub.customerId));
      if (!org) {
        // The checkout that names the organization has not been handled yet; it refetches this.
        deps.log.info({ eventId: event.id, customerId: sub.customerId }, 'subscription of an unknown customer');
        return null;
      }
      return (await platform((tx) => writePlanFields(tx, org.id, planFieldsOf(sub)))) ? org.id : null;
    }
    case 'invoice.paid':
      // A connected account's invoice is a sponsor's card invoice (modules/invoices).
      if (read.accountId !== null) {
        return applyProviderInvoice(deps, platform, { ...read, accountId: read.accountId }, event.created);
      }
      return recordReceipt(deps, platform, read, event);
    case 'account.updated':
      // The payment account's badge: re-read at the provider and stored (connect.service.ts).
      return applyAccountUpdate(deps, platform, read.account.id);
    case 'invoice.updated':
      return applyProviderInvoice(deps, platform, read, event.created);
    case 'checkout.expired':
      if (read.session.mode === 'payment' && read.accountId !== null) {
        return applyDonationCheckout(deps, platform, { ...read, accountId: read.accountId }, event.created);
      }
      return null;
    case 'ignored':
      return null;
  }
}

function planKeyOfInvoice(amountCents: number, org: TBillingState, fromSubscription: TPaidPlanKey | null) {
  if (fromSubscription) return fromSubscription;
  const byAmount = PAID_PLAN_KEYS.find((key) => PLAN_AMOUNT_CENTS[key] === amountCents);
  if (byAmount) return byAmount;
  return org.plan_key === 'premium_year' ? 'premium_year' : 'premium_month';
}

/**
 * A paid invoice of a subscription: one receipt per provider invoice id. The simulator's invoices
 * have no page of their own, so a receipt PDF is rendered and stored; Stripe's keep the hosted
 * invoice page when the event carries it.
 */
async function recordReceipt(
  deps: TDeps,
  platform: TRunTx,
  read: Extract<TPaymentEvent, { kind: 'invoice.paid' }>,
  event: TWebhookEvent,
): Promise<string | null> {
  if (!read.subscriptionId) return null;
  const customerId = read.customerId;
  const org = customerId ? await platform((tx) => findBillingStateByCustomer(tx, customerId)) : null;
  if (!org) throw new PaymentEventNotReady(`No organization has customer ${customerId ?? '(none)'} yet`);
  const hosted = deps.payments.kind === 'stripe' ? ZHostedInvoice.safeParse(event.data) : null;
  const { row, created } = await platform((tx) =>
    upsertReceipt(tx, {
      orgId: org.id,
      providerInvoiceId: read.invoiceId,
      paidAt: event.created,
      amountPaidCents: read.amountCents,
      hostedUrl: hosted?.success ? hosted.data.hosted_invoice_url : null,
    }),
  );
  let pdfStored = false;
  if (deps.payments.kind === 'simulator' && !row.pdf_key) {
    const sub = await deps.payments.retrieveSubscription(read.subscriptionId);
    const bytes = await renderReceipt({
      organization: { name: org.name },
      invoiceId: read.invoiceId,
      paidAt: event.created,
      planKey: planKeyOfInvoice(read.amountCents, org, sub?.planKey ?? null),
      amountCents: read.amountCents,
      generatedAt: new Date(),
    });
    const key = receiptKey(org.id, row.id);
    await deps.files.put(key, bytes, 'application/pdf');
    pdfStored = await platform((tx) => setReceiptPdf(tx, row.id, key));
  }
  return created || pdfStored ? org.id : null;
}
