import { randomUUID } from 'node:crypto';
import type { Stripe } from 'stripe';
import type { TStripeApiBase } from '../../config';
import {
  checkoutSessionOf,
  connectedAccountOf,
  PaymentsError,
  planPrices,
  subscriptionOf,
  type TPaidPlanKey,
  type TPayments,
  type TSubscription,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  webhookEvent,
  ZAccountObject,
  ZSessionObject,
  ZSubscriptionObject,
  ZWebhookBody,
} from './payments';

/** A call that has not answered in this long is given up (the SDK's own default is 80 s). */
export const STRIPE_TIMEOUT_MS = 30_000;

export interface TStripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  prices: Record<TPaidPlanKey, string>;
  /** Another address for the API than api.stripe.com (tests). */
  apiBase?: TStripeApiBase | undefined;
  /** Retries of a failed call (the SDK reuses the idempotency key); 2 by default, 0 in tests. */
  maxRetries?: number;
  /** The clock webhook timestamps are checked against, in ms (tests move it). */
  now?: () => number;
}

type TSdk = typeof import('stripe');

/** The SDK's failure as a PaymentsError, or null for a 404 (the caller answers null). */
function failure(sdk: TSdk, err: unknown): PaymentsError | null {
  if (err instanceof PaymentsError) return err;
  if (err instanceof sdk.Stripe.errors.StripeError) {
    if (err.statusCode === 404) return null;
    return new PaymentsError(`Stripe: ${err.message}`, err.statusCode, { cause: err });
  }
  const reason = err instanceof Error ? err.message : String(err);
  return new PaymentsError(`Stripe call failed: ${reason}`, undefined, { cause: err });
}

/**
 * Payments through the official `stripe` SDK. Every create call carries an idempotency key, so a
 * retried call (ours or the SDK's) makes one object; webhooks are checked with
 * `stripe.webhooks.constructEvent`. The SDK is loaded on the first call: a server that never takes
 * a payment never pays for it at start.
 */
export function createStripePayments(opts: TStripePaymentsOptions): TPayments & { kind: 'stripe' } {
  const prices = planPrices(opts.prices);
  let loaded: Promise<{ sdk: TSdk; client: Stripe }> | undefined;
  const load = () => {
    loaded ??= import('stripe').then((sdk) => ({
      sdk,
      client: new sdk.Stripe(opts.secretKey, {
        maxNetworkRetries: opts.maxRetries ?? 2,
        timeout: STRIPE_TIMEOUT_MS,
        ...(opts.apiBase ? { protocol: opts.apiBase.protocol, host: opts.apiBase.host, port: opts.apiBase.port } : {}),
      }),
    }));
    return loaded;
  };

  /** Runs a call; a provider failure becomes a PaymentsError. */
  const call = async <T>(fn: (client: Stripe) => Promise<T>): Promise<T> => {
    const { sdk, client } = await load();
    try {
      return await fn(client);
    } catch (err) {
      throw failure(sdk, err) ?? new PaymentsError('Stripe: not found', 404, { cause: err });
    }
  };

  /** Runs a retrieval; null when Stripe answers 404. */
  const find = async <T>(fn: (client: Stripe) => Promise<T>): Promise<T | null> => {
    const { sdk, client } = await load();
    try {
      return await fn(client);
    } catch (err) {
      const mapped = failure(sdk, err);
      if (mapped) throw mapped;
      return null;
    }
  };

  /** The SDK's objects are read like a webhook's: one mapping for both. */
  const subscription = (sub: unknown): TSubscription => subscriptionOf(ZSubscriptionObject.parse(sub), prices);

  return {
    kind: 'stripe',
    prices,
    async createSubscriptionCheckout(input) {
      const session = await call((client) =>
        client.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: prices.priceIdOf(input.planKey), quantity: 1 }],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            client_reference_id: input.orgId,
            metadata: { orgId: input.orgId, planKey: input.planKey },
            subscription_data: { metadata: { orgId: input.orgId, planKey: input.planKey } },
            ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentsError('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await call((client) =>
        client.billingPortal.sessions.create(
          { customer: customerId, return_url: returnUrl },
          { idempotencyKey: `portal-${randomUUID()}` },
        ),
      );
      return { url: session.url };
    },
    async retrieveCheckoutSession(sessionId) {
      const session = await find((client) => client.checkout.sessions.retrieve(sessionId));
      return session ? checkoutSessionOf(ZSessionObject.parse(session)) : null;
    },
    async retrieveSubscription(subscriptionId) {
      const sub = await find((client) => client.subscriptions.retrieve(subscriptionId));
      return sub ? subscription(sub) : null;
    },
    async listCustomerSubscriptions(customerId) {
      const list = await call((client) =>
        client.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
      );
      return list.data.toSorted((a, b) => b.created - a.created).map(subscription);
    },
    async createConnectedAccount({ orgId, email, idempotencyKey }) {
      const account = await call((client) =>
        client.accounts.create(
          {
            type: 'express',
            email,
            metadata: { orgId },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          },
          { idempotencyKey },
        ),
      );
      return { accountId: account.id };
    },
    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const link = await call((client) =>
        client.accountLinks.create(
          { account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' },
          { idempotencyKey: `account-link-${randomUUID()}` },
        ),
      );
      return { url: link.url };
    },
    async retrieveAccount(accountId) {
      const account = await find((client) => client.accounts.retrieve(accountId));
      return account ? connectedAccountOf(ZAccountObject.parse(account)) : null;
    },
    async verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header');
      const { sdk } = await load();
      let event: unknown;
      try {
        event = sdk.Stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          opts.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          opts.now?.(),
        );
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new WebhookSignatureError(`Webhook signature rejected: ${reason}`, { cause: err });
      }
      const body = ZWebhookBody.safeParse(event);
      if (!body.success) throw new WebhookSignatureError('Webhook body is not an event');
      return webhookEvent(body.data);
    },
  };
}
