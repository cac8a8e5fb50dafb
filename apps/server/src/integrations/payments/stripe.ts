import { randomUUID } from 'node:crypto';
import type { Stripe } from 'stripe';
import type { TStripeApiBase } from '../../config';
import {
  checkoutSessionOf,
  connectedAccountOf,
  hostedInvoiceOf,
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
  ZHostedInvoiceObject,
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
  const hostedInvoice = (invoice: unknown, accountId: string) =>
    hostedInvoiceOf(ZHostedInvoiceObject.parse(invoice), accountId);

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
    async retrieveCheckoutSession(sessionId, accountId) {
      const session = await find((client) =>
        client.checkout.sessions.retrieve(sessionId, {}, accountId ? { stripeAccount: accountId } : {}),
      );
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
    async createAccountLoginLink(accountId) {
      const link = await call((client) =>
        client.accounts.createLoginLink(accountId, {}, { idempotencyKey: `login-link-${randomUUID()}` }),
      );
      return { url: link.url };
    },
    async deleteConnectedAccount(accountId) {
      const deleted = await find((client) => client.accounts.del(accountId));
      return deleted !== null;
    },
    async createDonationCheckout(input) {
      const session = await call((client) =>
        client.checkout.sessions.create(
          {
            mode: 'payment',
            // The page's button says 'Donate' instead of 'Pay'.
            submit_type: 'donate',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: input.amountCents,
                  product_data: { name: input.description },
                },
              },
            ],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: input.metadata,
            // The payment carries it too: refunds and disputes arrive as the payment's events.
            payment_intent_data: { metadata: input.metadata },
            ...(input.donorEmail ? { customer_email: input.donorEmail } : {}),
          },
          { idempotencyKey: input.idempotencyKey, stripeAccount: input.accountId },
        ),
      );
      if (!session.url) throw new PaymentsError('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async createHostedInvoice(input) {
      const { sdk } = await load();
      const key = input.idempotencyKey;
      // One key per call, derived from the caller's: a retry of the whole makes each object once.
      const on = (suffix: string) => ({ idempotencyKey: `${key}:${suffix}`, stripeAccount: input.accountId });
      const customer = await call((client) =>
        client.customers.create(
          {
            name: input.customer.name,
            ...(input.customer.email ? { email: input.customer.email } : {}),
            metadata: input.metadata,
          },
          on('customer'),
        ),
      );
      const draft = await call((client) =>
        client.invoices.create(
          {
            customer: customer.id,
            currency: 'usd',
            collection_method: 'send_invoice',
            due_date: Math.floor(input.dueDate.getTime() / 1000),
            ...(input.memo ? { description: input.memo } : {}),
            metadata: input.metadata,
            // Only the lines added below, never another pending item of the customer.
            pending_invoice_items_behavior: 'exclude',
            // This call finalizes it once its lines are on; Stripe would otherwise do so an hour later.
            auto_advance: false,
          },
          on('invoice'),
        ),
      );
      for (const [i, line] of input.lines.entries()) {
        await call((client) =>
          client.invoiceItems.create(
            {
              customer: customer.id,
              invoice: draft.id,
              currency: 'usd',
              description: line.description,
              quantity: line.quantity,
              // The pinned API version has no integer unit_amount on invoice items.
              unit_amount_decimal: sdk.Stripe.Decimal.from(line.unitAmountCents),
            },
            on(`item:${i}`),
          ),
        );
      }
      const finalized = await call((client) => client.invoices.finalizeInvoice(draft.id, {}, on('finalize')));
      return hostedInvoice(finalized, input.accountId);
    },
    async retrieveHostedInvoice(accountId, invoiceId) {
      const invoice = await find((client) => client.invoices.retrieve(invoiceId, {}, { stripeAccount: accountId }));
      return invoice ? hostedInvoice(invoice, accountId) : null;
    },
    async voidHostedInvoice(accountId, invoiceId) {
      const invoice = await call((client) =>
        client.invoices.voidInvoice(
          invoiceId,
          {},
          { stripeAccount: accountId, idempotencyKey: `invoice-void-${randomUUID()}` },
        ),
      );
      return hostedInvoice(invoice, accountId);
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
