import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  type TCheckoutInput,
  type TReceipt,
  type TRedirect,
  type TVerifyInput,
  type TVerifyResult,
  ZCheckoutInput,
} from '@pennant/shared/billing/schemas';
import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { isPremiumActive } from '@pennant/shared/organization/plans';
import { allows, refusal } from '@pennant/shared/session/permissions';
import { isoInstant } from '../../db/instant';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TCheckoutSession } from '../../integrations/payments';
import { isId } from '../catalogue/catalogue.common';
import type { TMember } from '../session/member';
import { applyCheckoutSession, newestSubscription, planFieldsOf, publishBilling, type TRunTx } from './billing.common';
import { findBillingState, findReceipt, listReceiptRows, type TBillingState, writePlanFields } from './billing.repo';

/** Where the provider sends the browser after a paid checkout (the Payment verification page). */
export function checkoutSuccessUrl(publicUrl: string): string {
  return `${publicUrl}/stripe-callback?checkout=success&session_id={CHECKOUT_SESSION_ID}`;
}

/** The Billing tab of the settings: where a cancelled checkout and the portal come back to. */
export function billingTabUrl(publicUrl: string): string {
  return `${publicUrl}/dashboard/settings?tab=billing`;
}

function requirePayment(member: TMember): void {
  if (!allows(member, 'payment')) throw new AppError('forbidden', refusal('payment'));
}

function tenant(deps: TDeps, member: TMember): TRunTx {
  return (fn) => withTenant(deps.db, member, fn);
}

async function billingState(deps: TDeps, member: TMember): Promise<TBillingState> {
  const state = await withTenant(deps.db, member, (tx) => findBillingState(tx, member.orgId));
  if (!state) throw new AppError('not_found', BILLING_MESSAGES.organizationNotFound);
  return state;
}

function verifyResult(state: TBillingState): TVerifyResult {
  const expiresAt = state.current_period_end ? isoInstant(state.current_period_end) : null;
  const planKey = state.plan_key ?? 'free';
  return {
    active: isPremiumActive({ planKey, status: state.subscription_status, expiresAt }),
    planKey,
    status: state.subscription_status,
    currentPeriodEnd: expiresAt,
  };
}

/**
 * Starts a Premium checkout at the provider for the member's organization: its customer when it
 * has one, else one is made from the member's e-mail. Each request gets its own idempotency key
 * (the SDK resends it on its own retries): a key shared by requests, say per minute, would hand a
 * member who cancelled and tried again the cancelled session. The button is disabled while a
 * checkout starts, so a double click sends one request. A provider failure is a 502.
 */
export async function createCheckout(deps: TDeps, member: TMember, input: TCheckoutInput): Promise<TRedirect> {
  requirePayment(member);
  const { planKey } = ZCheckoutInput.parse(input);
  const state = await billingState(deps, member);
  const publicUrl = deps.config.publicUrl;
  try {
    const { url } = await deps.payments.createSubscriptionCheckout({
      orgId: member.orgId,
      planKey,
      customerId: state.stripe_customer_id,
      email: member.email,
      successUrl: checkoutSuccessUrl(publicUrl),
      cancelUrl: billingTabUrl(publicUrl),
      idempotencyKey: `checkout:${member.orgId}:${planKey}:${randomUUID()}`,
    });
    if (!url) throw new Error('the provider answered no checkout URL');
    return { url };
  } catch (err) {
    deps.log.error({ err, orgId: member.orgId, planKey }, 'checkout could not be created');
    throw new AppError('bad_gateway', BILLING_MESSAGES.noCheckoutUrl);
  }
}

/** The provider's customer portal; an organization that never paid has no customer there (409). */
export async function openBillingPortal(deps: TDeps, member: TMember): Promise<TRedirect> {
  requirePayment(member);
  const state = await billingState(deps, member);
  if (!state.stripe_customer_id) throw new AppError('conflict', BILLING_MESSAGES.noCustomer);
  try {
    const { url } = await deps.payments.createPortalSession({
      customerId: state.stripe_customer_id,
      returnUrl: billingTabUrl(deps.config.publicUrl),
    });
    return { url };
  } catch (err) {
    deps.log.error({ err, orgId: member.orgId }, 'billing portal could not be opened');
    throw new AppError('bad_gateway', BILLING_MESSAGES.portalFailed);
  }
}

/**
 * The Payment verification page's check: the checkout session must be this organization's (else
 * 404, whoever's it is); once it is complete its subscription is refetched and the plan fields
 * written as the webhook job would. Answers the organization's fields after.
 */
export async function verifyCheckout(deps: TDeps, member: TMember, input: TVerifyInput): Promise<TVerifyResult> {
  let session: TCheckoutSession | null;
  try {
    session = await deps.payments.retrieveCheckoutSession(input.sessionId.trim());
  } catch (err) {
    deps.log.error({ err, orgId: member.orgId }, 'checkout session could not be read');
    throw new AppError('bad_gateway', BILLING_MESSAGES.verifyFailed);
  }
  if (!session || session.orgId !== member.orgId) throw new AppError('not_found', 'No such checkout');
  let changed: boolean;
  try {
    changed = await applyCheckoutSession(deps, tenant(deps, member), member.orgId, session);
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.log.error({ err, orgId: member.orgId }, 'checkout could not be verified');
    throw new AppError('bad_gateway', BILLING_MESSAGES.verifyFailed);
  }
  if (changed) publishBilling(deps, member.orgId);
  return verifyResult(await billingState(deps, member));
}

/**
 * Manual verification: the customer's subscriptions at the provider, the newest active one (else
 * the newest) written to the plan fields. Without a customer the fields are answered as they are.
 */
export async function verifySubscription(deps: TDeps, member: TMember): Promise<TVerifyResult> {
  const state = await billingState(deps, member);
  if (!state.stripe_customer_id) return { ...verifyResult(state), active: false };
  const customerId = state.stripe_customer_id;
  let changed = false;
  try {
    const sub = await newestSubscription(deps, customerId);
    if (sub) {
      const fields = { ...planFieldsOf(sub), customerId };
      changed = await withTenant(deps.db, member, (tx) => writePlanFields(tx, member.orgId, fields));
    }
  } catch (err) {
    deps.log.error({ err, orgId: member.orgId }, 'subscription could not be verified');
    throw new AppError('bad_gateway', BILLING_MESSAGES.unableToConfirm);
  }
  if (changed) publishBilling(deps, member.orgId);
  return verifyResult(await billingState(deps, member));
}

/** The organization's receipts, newest first. */
export async function listReceipts(deps: TDeps, member: TMember): Promise<TReceipt[]> {
  const found = await readTenant(deps.db, member, (tx) => listReceiptRows(tx, member.orgId));
  return found.map((r) => ({
    id: r.id,
    paidAt: isoInstant(r.paid_at),
    amountPaidCents: r.amount_paid_cents,
    hostedUrl: r.hosted_url,
    hasPdf: r.pdf_key !== null,
  }));
}

const receiptNotFound = () => new AppError('not_found', 'Receipt not found');

/** A short-lived link to a receipt's stored PDF; none stored, or another organization's, is a 404. */
export async function receiptPdf(deps: TDeps, member: TMember, id: string): Promise<TDocumentLink> {
  if (!isId(id)) throw receiptNotFound();
  const found = await withTenant(deps.db, member, (tx) => findReceipt(tx, member.orgId, id));
  if (!found?.pdf_key) throw receiptNotFound();
  const day = isoInstant(found.paid_at).slice(0, 10);
  const fileName = `Pennant-receipt-${day}.pdf`;
  const link = await deps.files.signedUrl(found.pdf_key, { fileName });
  return { url: link.url, fileName, expiresAt: link.expiresAt };
}
