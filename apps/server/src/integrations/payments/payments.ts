import { text } from '@pennant/shared/fields';
import { PLAN_PRICES, type TPlanKey } from '@pennant/shared/organization/plans';
import { z } from 'zod';

/** The plans people pay for: every plan key but free. */
export type TPaidPlanKey = Exclude<TPlanKey, 'free'>;
export const PAID_PLAN_KEYS = ['premium_month', 'premium_year'] as const satisfies readonly TPaidPlanKey[];
export const ZPaidPlanKey = z.enum(PAID_PLAN_KEYS);

/** What each plan costs, in cents (spec §9): what the invoices of a subscription say. */
export const PLAN_AMOUNT_CENTS: Record<TPaidPlanKey, number> = {
  premium_month: PLAN_PRICES.premium_month.cents,
  premium_year: PLAN_PRICES.premium_year.cents,
};

/** The provider's price id of each paid plan, and the way back. */
export interface TPlanPrices {
  priceIdOf(planKey: TPaidPlanKey): string;
  /** null for a price that is not one of the plans (a subscription made outside Pennant). */
  planKeyOf(priceId: string | null | undefined): TPaidPlanKey | null;
}

export function planPrices(ids: Record<TPaidPlanKey, string>): TPlanPrices {
  return {
    priceIdOf: (planKey) => ids[planKey],
    planKeyOf: (priceId) => PAID_PLAN_KEYS.find((key) => ids[key] === priceId) ?? null,
  };
}

export interface TCheckoutInput {
  orgId: string;
  planKey: TPaidPlanKey;
  /** The organization's customer at the provider; null on its first checkout (one is made from the e-mail). */
  customerId: string | null;
  email: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface TCheckoutSession {
  id: string;
  /** 'subscription' for the premium plans, 'payment' for a donation to a connected account. */
  mode: 'subscription' | 'payment' | 'setup';
  status: 'open' | 'complete' | 'expired';
  /** 'paid', 'unpaid' or 'no_payment_required'. */
  paymentStatus: string;
  /** What the session charges, in cents; null before its line items are known (Stripe's amount_total). */
  amountTotalCents: number | null;
  customerId: string | null;
  /** The e-mail the payer gave on the page, else the one the session was prefilled with. */
  customerEmail: string | null;
  subscriptionId: string | null;
  /** The payment of a 'payment' session, once there is one. */
  paymentIntentId: string | null;
  /** The organization the checkout was started for (client_reference_id, else metadata.orgId). */
  orgId: string | null;
  metadata: Record<string, string>;
}

export interface TSubscription {
  id: string;
  customerId: string;
  /** active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  planKey: TPaidPlanKey | null;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface TAccountRequirements {
  currentlyDue: string[];
  pastDue: string[];
  pendingVerification: string[];
  /** e.g. 'requirements.past_due', 'requirements.pending_verification'; null when nothing holds the account. */
  disabledReason: string | null;
}

export interface TConnectedAccount {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirements: TAccountRequirements;
}

export interface TDonationCheckoutInput {
  /** The connected account the money goes to. */
  accountId: string;
  amountCents: number;
  /** What the donor's card statement and the page show, e.g. 'Donation to Eastside Eagles'. */
  description: string;
  /** Prefilled on the page when known. */
  donorEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Comes back on the session and its events (orgId, campaignId, playerId, ...). */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface THostedInvoiceLine {
  description: string;
  unitAmountCents: number;
  quantity: number;
}

export interface THostedInvoiceInput {
  accountId: string;
  /** Who pays: a customer is made on the connected account for them. */
  customer: { name: string; email: string | null };
  lines: THostedInvoiceLine[];
  dueDate: Date;
  memo: string | null;
  /** Comes back on the invoice and its events (orgId, invoiceId: Pennant's ids). */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface THostedInvoice {
  id: string;
  accountId: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amountDueCents: number;
  amountPaidCents: number;
  /** The provider's page where the customer pays. */
  hostedUrl: string | null;
  /** The provider's PDF of the invoice, when it makes one. */
  pdfUrl: string | null;
  paidAt: Date | null;
  metadata: Record<string, string>;
}

/** A webhook whose signature checked out. `data` is the event's object, for the route to parse. */
export interface TWebhookEvent {
  id: string;
  type: string;
  created: Date;
  /** The id of the event's object (the session, subscription, invoice or account). */
  objectId: string;
  /** The connected account the event happened on (Connect's top-level `account`); null for the platform's. */
  accountId: string | null;
  data: unknown;
}

/** A webhook that is not the provider's, or not anymore (a bad or old signature): the route answers 400. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** A provider call that failed (network, refusal); `status` is the provider's HTTP status when it answered. */
export class PaymentsError extends Error {
  override name = 'PaymentsError';
  constructor(
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Subscriptions for the premium plans and connected accounts for card payments, with plain inputs
 * and results: no provider type leaves this folder. Stripe (stripe.ts) or the simulator (simulator.ts).
 */
export interface TPayments {
  kind: 'stripe' | 'simulator';
  prices: TPlanPrices;
  createSubscriptionCheckout(input: TCheckoutInput): Promise<{ sessionId: string; url: string }>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * null when the provider knows no such session. A connected account's session (a donation) is
   * read on that account (`accountId`, Stripe's Stripe-Account header); without it only the
   * platform's own sessions are found, as with Stripe.
   */
  retrieveCheckoutSession(sessionId: string, accountId?: string): Promise<TCheckoutSession | null>;
  /** null when the provider knows no such subscription. */
  retrieveSubscription(subscriptionId: string): Promise<TSubscription | null>;
  /** Every subscription of the customer, newest first (manual verification). */
  listCustomerSubscriptions(customerId: string): Promise<TSubscription[]>;
  createConnectedAccount(input: { orgId: string; email: string; idempotencyKey: string }): Promise<{
    accountId: string;
  }>;
  createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  /** null when the provider knows no such account. */
  retrieveAccount(accountId: string): Promise<TConnectedAccount | null>;
  /** A one-time link into the connected account's own dashboard (Stripe Express login link). */
  createAccountLoginLink(accountId: string): Promise<{ url: string }>;
  /** Deletes a connected account ('Reset & Start Over'); false when the provider knew none. */
  deleteConnectedAccount(accountId: string): Promise<boolean>;
  /** A one-off card payment to the connected account (a donation), paid on the provider's page. */
  createDonationCheckout(input: TDonationCheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** An invoice the connected account sends its customer, paid on the provider's hosted page. */
  createHostedInvoice(input: THostedInvoiceInput): Promise<THostedInvoice>;
  /** null when the provider knows no such invoice on that account. */
  retrieveHostedInvoice(accountId: string, invoiceId: string): Promise<THostedInvoice | null>;
  /** Voids an open invoice (it can no longer be paid); a paid one is a PaymentsError (409). */
  voidHostedInvoice(accountId: string, invoiceId: string): Promise<THostedInvoice>;
  /** The event, or a WebhookSignatureError (the route answers 400). */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<TWebhookEvent>;
}

/** How far a webhook's timestamp may be from now (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A provider's id or event type: short text without NUL (PostgreSQL cannot store it). */
const ZProviderText = text(255, 'Webhook field').min(1);
/** The latest Unix second a Date can hold (8.64e15 ms); events are from after 1970. */
const LATEST_EVENT_SECONDS = 8_640_000_000_000;
/** Far deeper than any provider object; JSON.stringify overflows the stack some thousands deep. */
const EVENT_OBJECT_DEPTH_MAX = 64;

/**
 * Whether the event's object can be stored as the jsonb payload: no NUL in any text or key (jsonb
 * refuses it) and a nesting JSON.stringify can write. Walked with a stack, so no depth overflows it.
 */
function storableObject(object: unknown): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value: object, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string' && value.includes('\0')) return false;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= EVENT_OBJECT_DEPTH_MAX) return false;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\0')) return false;
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return true;
}

/**
 * What every webhook body holds, whoever sent it. A body that is not such an event is refused
 * (400), before anything is recorded: text, times and objects the payment_event row can hold.
 */
export const ZWebhookBody = z.object({
  id: ZProviderText,
  type: ZProviderText,
  created: z.number().int().min(0).max(LATEST_EVENT_SECONDS),
  /** Present on the events of a connected account, which a Connect endpoint receives too. */
  account: ZProviderText.nullish(),
  data: z.object({
    object: z.object({ id: ZProviderText }).loose().refine(storableObject, 'The event object cannot be stored'),
  }),
});

export function webhookEvent(body: z.output<typeof ZWebhookBody>): TWebhookEvent {
  return {
    id: body.id,
    type: body.type,
    created: new Date(body.created * 1000),
    objectId: body.data.object.id,
    accountId: body.account ?? null,
    data: body.data.object,
  };
}

// ---------------------------------------------------------------------------------------------
// The objects webhooks carry (Stripe's shapes; the simulator sends the same)
// ---------------------------------------------------------------------------------------------

const ZExpandable = z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish();
const expandedId = (field: z.output<typeof ZExpandable>): string | null =>
  field ? (typeof field === 'string' ? field : field.id) : null;

const ZMetadata = z.record(z.string(), z.string()).nullish();

export const ZSessionObject = z.object({
  id: z.string(),
  mode: z.enum(['subscription', 'payment', 'setup']),
  status: z.enum(['open', 'complete', 'expired']).nullish(),
  payment_status: z.string(),
  amount_total: z.number().int().nullish(),
  customer: ZExpandable,
  customer_email: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish() }).loose().nullish(),
  subscription: ZExpandable,
  payment_intent: ZExpandable,
  client_reference_id: z.string().nullish(),
  metadata: ZMetadata,
});

export const ZSubscriptionObject = z.object({
  id: z.string(),
  customer: ZExpandable,
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  items: z.object({
    data: z.array(z.object({ current_period_end: z.number(), price: z.object({ id: z.string() }).loose() }).loose()),
  }),
});

export const ZInvoiceObject = z.object({
  id: z.string(),
  customer: ZExpandable,
  amount_paid: z.number().int(),
  currency: z.string(),
  parent: z.object({ subscription_details: z.object({ subscription: ZExpandable }).nullish() }).nullish(),
  metadata: ZMetadata,
});

/** An invoice a connected account sends its customer (THostedInvoice), as Stripe answers and sends it. */
export const ZHostedInvoiceObject = z.object({
  id: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  hosted_invoice_url: z.string().nullish(),
  invoice_pdf: z.string().nullish(),
  status_transitions: z.object({ paid_at: z.number().int().nullish() }).loose().nullish(),
  metadata: ZMetadata,
});

export const ZAccountObject = z.object({
  id: z.string(),
  charges_enabled: z.boolean().nullish(),
  payouts_enabled: z.boolean().nullish(),
  details_submitted: z.boolean().nullish(),
  requirements: z
    .object({
      currently_due: z.array(z.string()).nullish(),
      past_due: z.array(z.string()).nullish(),
      pending_verification: z.array(z.string()).nullish(),
      disabled_reason: z.string().nullish(),
    })
    .nullish(),
});

/**
 * What a webhook means to Pennant; 'ignored' for every other event type. `accountId` is the
 * connected account the event happened on, null for the platform's own (the premium plans).
 */
export type TPaymentEvent =
  | { kind: 'checkout.completed'; accountId: string | null; session: TCheckoutSession }
  | { kind: 'checkout.expired'; accountId: string | null; session: TCheckoutSession }
  | { kind: 'subscription'; event: 'created' | 'updated' | 'deleted'; subscription: TSubscription }
  | {
      kind: 'invoice.paid';
      accountId: string | null;
      invoiceId: string;
      customerId: string | null;
      subscriptionId: string | null;
      amountCents: number;
      currency: string;
      metadata: Record<string, string>;
      /** The connected account's invoice as a whole; null for the platform's (subscription) invoices. */
      hosted: THostedInvoice | null;
    }
  /** A connected account's invoice that was voided or whose payment failed (it stays open then). */
  | { kind: 'invoice.updated'; accountId: string; invoice: THostedInvoice }
  | { kind: 'account.updated'; account: TConnectedAccount }
  | { kind: 'ignored'; type: string };

export function checkoutSessionOf(raw: z.output<typeof ZSessionObject>): TCheckoutSession {
  return {
    id: raw.id,
    mode: raw.mode,
    status: raw.status ?? 'open',
    paymentStatus: raw.payment_status,
    amountTotalCents: raw.amount_total ?? null,
    customerId: expandedId(raw.customer),
    customerEmail: raw.customer_details?.email ?? raw.customer_email ?? null,
    subscriptionId: expandedId(raw.subscription),
    paymentIntentId: expandedId(raw.payment_intent),
    orgId: raw.client_reference_id ?? raw.metadata?.orgId ?? null,
    metadata: raw.metadata ?? {},
  };
}

export function subscriptionOf(raw: z.output<typeof ZSubscriptionObject>, prices: TPlanPrices): TSubscription {
  const items = raw.items.data;
  // Since Stripe API version 2025-03-31 the period belongs to each item; a plan subscription has one.
  const periodEnd = items.length ? Math.min(...items.map((item) => item.current_period_end)) : 0;
  return {
    id: raw.id,
    customerId: expandedId(raw.customer) ?? '',
    status: raw.status,
    planKey: prices.planKeyOf(items[0]?.price.id),
    currentPeriodEnd: new Date(periodEnd * 1000),
    cancelAtPeriodEnd: raw.cancel_at_period_end,
  };
}

export function connectedAccountOf(raw: z.output<typeof ZAccountObject>): TConnectedAccount {
  const req = raw.requirements;
  return {
    id: raw.id,
    chargesEnabled: raw.charges_enabled ?? false,
    payoutsEnabled: raw.payouts_enabled ?? false,
    detailsSubmitted: raw.details_submitted ?? false,
    requirements: {
      currentlyDue: req?.currently_due ?? [],
      pastDue: req?.past_due ?? [],
      pendingVerification: req?.pending_verification ?? [],
      disabledReason: req?.disabled_reason ?? null,
    },
  };
}

export function hostedInvoiceOf(raw: z.output<typeof ZHostedInvoiceObject>, accountId: string): THostedInvoice {
  const paidAt = raw.status_transitions?.paid_at;
  return {
    id: raw.id,
    accountId,
    status: raw.status,
    amountDueCents: raw.amount_due,
    amountPaidCents: raw.amount_paid,
    hostedUrl: raw.hosted_invoice_url ?? null,
    pdfUrl: raw.invoice_pdf ?? null,
    paidAt: paidAt ? new Date(paidAt * 1000) : null,
    metadata: raw.metadata ?? {},
  };
}

/**
 * Reads a verified event's object into plain results, the same for Stripe and the simulator.
 * Throws a ZodError when an event Pennant handles carries an object of another shape.
 */
export function readPaymentEvent(event: TWebhookEvent, prices: TPlanPrices): TPaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
      return {
        kind: 'checkout.completed',
        accountId: event.accountId,
        session: checkoutSessionOf(ZSessionObject.parse(event.data)),
      };
    case 'checkout.session.expired':
      return {
        kind: 'checkout.expired',
        accountId: event.accountId,
        session: checkoutSessionOf(ZSessionObject.parse(event.data)),
      };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const which =
        event.type === 'customer.subscription.created'
          ? 'created'
          : event.type === 'customer.subscription.updated'
            ? 'updated'
            : 'deleted';
      return {
        kind: 'subscription',
        event: which,
        subscription: subscriptionOf(ZSubscriptionObject.parse(event.data), prices),
      };
    }
    case 'invoice.paid': {
      const invoice = ZInvoiceObject.parse(event.data);
      const { accountId } = event;
      return {
        kind: 'invoice.paid',
        accountId,
        invoiceId: invoice.id,
        customerId: expandedId(invoice.customer),
        subscriptionId: expandedId(invoice.parent?.subscription_details?.subscription),
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        metadata: invoice.metadata ?? {},
        hosted: accountId ? hostedInvoiceOf(ZHostedInvoiceObject.parse(event.data), accountId) : null,
      };
    }
    case 'invoice.voided':
    case 'invoice.payment_failed': {
      // Pennant's own (subscription) invoices are followed through the subscription's events.
      if (!event.accountId) return { kind: 'ignored', type: event.type };
      return {
        kind: 'invoice.updated',
        accountId: event.accountId,
        invoice: hostedInvoiceOf(ZHostedInvoiceObject.parse(event.data), event.accountId),
      };
    }
    case 'account.updated':
      return { kind: 'account.updated', account: connectedAccountOf(ZAccountObject.parse(event.data)) };
    default:
      return { kind: 'ignored', type: event.type };
  }
}
