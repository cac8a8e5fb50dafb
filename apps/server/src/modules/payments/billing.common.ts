import type { TTx } from '../../db/client';
import type { TDeps } from '../../deps';
import type { TCheckoutSession, TSubscription } from '../../integrations/payments';
import { type TPlanFields, writeCustomerId, writePlanFields } from './billing.repo';

/** Subscription statuses that still stand for a running subscription. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

export function isLive(sub: TSubscription): boolean {
  return LIVE_STATUSES.has(sub.status);
}

/**
 * The organization's plan fields from a subscription as the provider has it now.
 *
 * Cancel at period end: the provider keeps the subscription `active` with `cancelAtPeriodEnd`
 * until the period is over, then deletes it (status canceled). We store `active` for as long as
 * the provider does — Premium stays unlocked for the time that was paid — and store `canceled`
 * only once the period has ended (or the provider says canceled). The banner's 'Premium active
 * until {date}' therefore shows for a subscription the provider ended with time left on it.
 */
export function planFieldsOf(sub: TSubscription, now: Date = new Date()): TPlanFields {
  const ended = sub.cancelAtPeriodEnd && sub.currentPeriodEnd.getTime() <= now.getTime();
  return {
    customerId: sub.customerId,
    planKey: sub.planKey,
    status: ended ? 'canceled' : sub.status,
    currentPeriodEnd: sub.currentPeriodEnd,
  };
}

/**
 * The subscription that decides the organization's plan, refetched from the provider: the named
 * one as it is now; when that one has ended and the customer has another running subscription
 * (a new checkout after a cancellation), the newest running one, so a late event about an old
 * subscription never overwrites a newer one. `fallback` (the event's copy) when the provider
 * knows no such subscription any more.
 */
export async function currentSubscription(
  deps: TDeps,
  subscriptionId: string,
  fallback: TSubscription | null,
): Promise<TSubscription | null> {
  const named = (await deps.payments.retrieveSubscription(subscriptionId)) ?? fallback;
  if (!named || isLive(named) || !named.customerId) return named;
  const all = await deps.payments.listCustomerSubscriptions(named.customerId);
  return all.find(isLive) ?? named;
}

/** The newest running subscription of a customer, else the newest at all (manual verification). */
export async function newestSubscription(deps: TDeps, customerId: string): Promise<TSubscription | null> {
  const all = await deps.payments.listCustomerSubscriptions(customerId);
  return all.find((s) => s.status === 'active') ?? all.find(isLive) ?? all[0] ?? null;
}

export function publishBilling(deps: TDeps, orgId: string): void {
  deps.hub.publish(orgId, { topic: 'billing' });
}

/** Runs work in one transaction: withPlatform in the job, withTenant in a member's request. */
export type TRunTx = <T>(fn: (tx: TTx) => Promise<T>) => Promise<T>;

/**
 * A finished checkout, as the provider has it now: its subscription (refetched) decides the plan
 * fields and its customer becomes the organization's. An open or expired session changes nothing.
 * True when the organization's fields changed.
 */
export async function applyCheckoutSession(
  deps: TDeps,
  run: TRunTx,
  orgId: string,
  session: TCheckoutSession,
): Promise<boolean> {
  if (session.status !== 'complete') return false;
  const customerId = session.customerId;
  if (session.subscriptionId) {
    const sub = await currentSubscription(deps, session.subscriptionId, null);
    if (sub) {
      const fields = { ...planFieldsOf(sub), customerId: customerId ?? sub.customerId };
      return run((tx) => writePlanFields(tx, orgId, fields));
    }
  }
  return customerId ? run((tx) => writeCustomerId(tx, orgId, customerId)) : false;
}
