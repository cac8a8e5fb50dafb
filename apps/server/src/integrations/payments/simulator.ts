import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  checkoutSessionOf,
  connectedAccountOf,
  PAID_PLAN_KEYS,
  PaymentsError,
  PLAN_AMOUNT_CENTS,
  planPrices,
  subscriptionOf,
  type TConnectedAccount,
  type TPaidPlanKey,
  type TPayments,
  type TSubscription,
  WebhookSignatureError,
  webhookEvent,
  ZPaidPlanKey,
  ZWebhookBody,
} from './payments';
import { signatureHeader, verifySignatureHeader } from './webhook-signature';

/** The price ids the simulator gives its plans. */
export const SIMULATOR_PRICES: Record<TPaidPlanKey, string> = {
  premium_month: 'price_sim_premium_month',
  premium_year: 'price_sim_premium_year',
};

export type TSimulatedAccountState = 'incomplete' | 'requirements' | 'active';
export type TCheckoutOutcome = 'pay' | 'decline' | 'cancel';

/** A webhook as the simulator would POST it: the route verifies it like Stripe's. */
export interface TSimulatedWebhook {
  rawBody: string;
  signatureHeader: string;
}

/** What the simulator's checkout page shows and where it sends the browser after. */
export interface TSimulatedCheckout {
  id: string;
  status: 'open' | 'complete' | 'expired';
  planKey: TPaidPlanKey;
  amountCents: number;
  email: string;
  /** With {CHECKOUT_SESSION_ID} filled in, as Stripe does. */
  successUrl: string;
  cancelUrl: string;
}

/** The simulator's extra surface, for its developer pages (checkout, portal, onboarding). */
export interface TPaymentsSimulator extends TPayments {
  kind: 'simulator';
  /** The secret its webhooks are signed with. */
  webhookSecret: string;
  /** null when there is no such session. */
  checkoutDetails(sessionId: string): Promise<TSimulatedCheckout | null>;
  /** Where the portal page goes back to: the last portal session's return URL. */
  portalReturnUrl(customerId: string): Promise<string | null>;
  /** The last account link's URLs: return after onboarding, refresh when the link is stale. */
  onboardingUrls(accountId: string): Promise<{ returnUrl: string; refreshUrl: string } | null>;
  /** Pay (a subscription starts), decline (nothing changes, the session stays open) or cancel (it expires). */
  completeCheckout(sessionId: string, outcome: TCheckoutOutcome): Promise<TSimulatedWebhook[]>;
  /** At period end: it stays active and is marked to end; else it ends now. */
  cancelSubscription(subscriptionId: string, atPeriodEnd: boolean): Promise<TSimulatedWebhook[]>;
  setAccountState(accountId: string, state: TSimulatedAccountState): Promise<TSimulatedWebhook[]>;
}

export interface TSimulatorOptions {
  /** Its state file lives here, e.g. DATA_DIR/payments-simulator. */
  dir: string;
  /** Its pages are `${publicUrl}/dev/payments/…`. */
  publicUrl: string;
  /** STRIPE_WEBHOOK_SECRET, or else one is derived from the session secret. */
  webhookSecret: string | undefined;
  sessionSecret: string;
  /** The clock, in ms (tests move it). */
  now?: () => number;
}

export function simulatorDir(dataDir: string): string {
  return join(dataDir, 'payments-simulator');
}

/** The simulator's webhook secret when none is configured: stable across restarts, unguessable. */
export function simulatorWebhookSecret(sessionSecret: string): string {
  return `whsec_sim_${createHmac('sha256', sessionSecret).update('pennant payments simulator webhooks').digest('hex')}`;
}

const ZSession = z.object({
  id: z.string(),
  orgId: z.string(),
  planKey: ZPaidPlanKey,
  customerId: z.string().nullable(),
  email: z.string(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  paymentStatus: z.enum(['paid', 'unpaid']),
  subscriptionId: z.string().nullable(),
  created: z.number(),
});

const ZSub = z.object({
  id: z.string(),
  customerId: z.string(),
  orgId: z.string(),
  planKey: ZPaidPlanKey,
  status: z.string(),
  currentPeriodStart: z.number(),
  currentPeriodEnd: z.number(),
  cancelAtPeriodEnd: z.boolean(),
  created: z.number(),
});

const ZAccount = z.object({
  id: z.string(),
  orgId: z.string(),
  email: z.string(),
  state: z.enum(['incomplete', 'requirements', 'active']),
  returnUrl: z.string().nullable(),
  refreshUrl: z.string().nullable(),
});

const ZState = z.object({
  sessions: z.record(z.string(), ZSession),
  customers: z.record(
    z.string(),
    z.object({ id: z.string(), email: z.string(), portalReturnUrl: z.string().nullable() }),
  ),
  subscriptions: z.record(z.string(), ZSub),
  accounts: z.record(z.string(), ZAccount),
  /** Idempotency key → the id of the object the first call made. */
  idempotency: z.record(z.string(), z.string()),
});
type TState = z.output<typeof ZState>;
type TSub = z.output<typeof ZSub>;
type TAccount = z.output<typeof ZAccount>;

const emptyState = (): TState => ({ sessions: {}, customers: {}, subscriptions: {}, accounts: {}, idempotency: {} });

/** Ids shaped like Stripe's, e.g. cs_sim_3f9a…. */
const newId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;

/**
 * A plan's period: a calendar month or year after the start, on the same day of the month, or the
 * month's last day when it is shorter (31 January → 28 February), as Stripe anchors billing.
 */
function periodEnd(startSeconds: number, planKey: TPaidPlanKey): number {
  const start = new Date(startSeconds * 1000);
  const months = planKey === 'premium_year' ? 12 : 1;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = Date.UTC(
    year,
    month,
    Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
  );
  return Math.floor(end / 1000);
}

/** What an account in each state reports, as Stripe's Express accounts do. */
const ACCOUNT_STATES: Record<TSimulatedAccountState, Omit<TConnectedAccount, 'id'>> = {
  incomplete: {
    chargesEnabled: false,
    payoutsEnabled: false,
    detailsSubmitted: false,
    requirements: {
      currentlyDue: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      pastDue: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      pendingVerification: [],
      disabledReason: 'requirements.past_due',
    },
  },
  requirements: {
    chargesEnabled: false,
    payoutsEnabled: false,
    detailsSubmitted: true,
    requirements: {
      currentlyDue: [],
      pastDue: [],
      pendingVerification: ['individual.verification.document'],
      disabledReason: 'requirements.pending_verification',
    },
  },
  active: {
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    requirements: { currentlyDue: [], pastDue: [], pendingVerification: [], disabledReason: null },
  },
};

/**
 * The offline stand-in for Stripe: behaves like its test mode, in memory and in a JSON file under
 * DATA_DIR/payments-simulator so it survives restarts. Checkout, the customer portal and account
 * onboarding are developer pages at /dev/payments/… (local mode only); what they do comes back as
 * webhooks signed the way Stripe signs them, which the webhook route verifies like Stripe's.
 */
export function createPaymentsSimulator(opts: TSimulatorOptions): TPaymentsSimulator {
  const prices = planPrices(SIMULATOR_PRICES);
  const secret = opts.webhookSecret ?? simulatorWebhookSecret(opts.sessionSecret);
  const now = opts.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);
  const file = join(opts.dir, 'state.json');
  const pages = `${opts.publicUrl}/dev/payments`;

  /** The state file's content; a file that is not the simulator's state stops the call. */
  const readState = (): TState => {
    if (!existsSync(file)) return emptyState();
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      raw = null;
    }
    const parsed = ZState.safeParse(raw);
    if (!parsed.success) {
      throw new PaymentsError(`The payment simulator's state in ${file} is unreadable; delete it to start over`);
    }
    return parsed.data;
  };
  let state: TState | undefined;
  const load = (): TState => {
    state ??= readState();
    return state;
  };
  /** Written beside, then renamed: a restart never reads half a file. */
  const save = () => {
    mkdirSync(opts.dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(load()), { mode: 0o600 });
    renameSync(temp, file);
  };

  /** A create call with a key already used answers the object the first call made. */
  const once = (key: string, make: () => string): string => {
    const s = load();
    const known = s.idempotency[key];
    if (known) return known;
    const id = make();
    s.idempotency[key] = id;
    save();
    return id;
  };

  const sessionOrThrow = (id: string) => {
    const session = load().sessions[id];
    if (!session) throw new PaymentsError(`No such checkout session: ${id}`, 404);
    return session;
  };
  const subOrThrow = (id: string) => {
    const sub = load().subscriptions[id];
    if (!sub) throw new PaymentsError(`No such subscription: ${id}`, 404);
    return sub;
  };
  const accountOrThrow = (id: string) => {
    const account = load().accounts[id];
    if (!account) throw new PaymentsError(`No such account: ${id}`, 404);
    return account;
  };

  // The objects in Stripe's JSON shapes: webhooks carry them, and the retrievals read them back
  // through the same mapping as Stripe's answers.
  const sessionJson = (s: z.output<typeof ZSession>) => ({
    id: s.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: s.status,
    payment_status: s.paymentStatus,
    customer: s.customerId,
    customer_email: s.email,
    subscription: s.subscriptionId,
    client_reference_id: s.orgId,
    metadata: { orgId: s.orgId, planKey: s.planKey },
    amount_total: PLAN_AMOUNT_CENTS[s.planKey],
    currency: 'usd',
    created: s.created,
  });
  const subscriptionJson = (s: TSub) => ({
    id: s.id,
    object: 'subscription',
    customer: s.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    created: s.created,
    metadata: { orgId: s.orgId, planKey: s.planKey },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id.slice('sub_'.length)}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: s.currentPeriodStart,
          current_period_end: s.currentPeriodEnd,
          price: {
            id: prices.priceIdOf(s.planKey),
            object: 'price',
            unit_amount: PLAN_AMOUNT_CENTS[s.planKey],
            currency: 'usd',
            recurring: { interval: s.planKey === 'premium_year' ? 'year' : 'month', interval_count: 1 },
          },
        },
      ],
    },
  });
  const accountJson = (a: TAccount) => {
    const view = ACCOUNT_STATES[a.state];
    return {
      id: a.id,
      object: 'account',
      type: 'express',
      email: a.email,
      metadata: { orgId: a.orgId },
      charges_enabled: view.chargesEnabled,
      payouts_enabled: view.payoutsEnabled,
      details_submitted: view.detailsSubmitted,
      requirements: {
        currently_due: view.requirements.currentlyDue,
        past_due: view.requirements.pastDue,
        pending_verification: view.requirements.pendingVerification,
        disabled_reason: view.requirements.disabledReason,
      },
    };
  };
  const invoiceJson = (s: TSub) => ({
    id: newId('in'),
    object: 'invoice',
    customer: s.customerId,
    status: 'paid',
    amount_due: PLAN_AMOUNT_CENTS[s.planKey],
    amount_paid: PLAN_AMOUNT_CENTS[s.planKey],
    currency: 'usd',
    billing_reason: 'subscription_create',
    period_start: s.currentPeriodStart,
    period_end: s.currentPeriodEnd,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: s.id, metadata: { orgId: s.orgId } },
    },
  });

  const toSubscription = (s: TSub): TSubscription =>
    subscriptionOf(
      {
        id: s.id,
        customer: s.customerId,
        status: s.status,
        cancel_at_period_end: s.cancelAtPeriodEnd,
        items: { data: [{ current_period_end: s.currentPeriodEnd, price: { id: prices.priceIdOf(s.planKey) } }] },
      },
      prices,
    );

  /** An event as Stripe would send it, signed now. */
  const webhook = (type: string, object: { id: string }): TSimulatedWebhook => {
    const created = nowSeconds();
    const rawBody = JSON.stringify(
      {
        id: newId('evt'),
        object: 'event',
        api_version: 'simulator',
        created,
        livemode: false,
        type,
        data: { object },
      },
      null,
      2,
    );
    return { rawBody, signatureHeader: signatureHeader(secret, rawBody, created) };
  };

  return {
    kind: 'simulator',
    prices,
    webhookSecret: secret,
    async createSubscriptionCheckout(input) {
      if (!PAID_PLAN_KEYS.includes(input.planKey)) throw new PaymentsError(`No such plan: ${input.planKey}`, 400);
      if (input.customerId && !load().customers[input.customerId]) {
        throw new PaymentsError(`No such customer: ${input.customerId}`, 400);
      }
      const id = once(`checkout:${input.idempotencyKey}`, () => {
        const sessionId = newId('cs');
        load().sessions[sessionId] = {
          id: sessionId,
          orgId: input.orgId,
          planKey: input.planKey,
          customerId: input.customerId,
          email: input.email,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          status: 'open',
          paymentStatus: 'unpaid',
          subscriptionId: null,
          created: nowSeconds(),
        };
        return sessionId;
      });
      return { sessionId: id, url: `${pages}/checkout/${id}` };
    },
    async createPortalSession({ customerId, returnUrl }) {
      const customer = load().customers[customerId];
      if (!customer) throw new PaymentsError(`No such customer: ${customerId}`, 400);
      customer.portalReturnUrl = returnUrl;
      save();
      return { url: `${pages}/portal/${customerId}` };
    },
    async retrieveCheckoutSession(sessionId) {
      const session = load().sessions[sessionId];
      return session ? checkoutSessionOf(sessionJson(session)) : null;
    },
    async retrieveSubscription(subscriptionId) {
      const sub = load().subscriptions[subscriptionId];
      return sub ? toSubscription(sub) : null;
    },
    async listCustomerSubscriptions(customerId) {
      return Object.values(load().subscriptions)
        .filter((s) => s.customerId === customerId)
        .toSorted((a, b) => b.created - a.created || (b.id < a.id ? -1 : 1))
        .map(toSubscription);
    },
    async createConnectedAccount({ orgId, email, idempotencyKey }) {
      const accountId = once(`account:${idempotencyKey}`, () => {
        const id = newId('acct');
        load().accounts[id] = { id, orgId, email, state: 'incomplete', returnUrl: null, refreshUrl: null };
        return id;
      });
      return { accountId };
    },
    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const account = load().accounts[accountId];
      if (!account) throw new PaymentsError(`No such account: ${accountId}`, 400);
      account.returnUrl = returnUrl;
      account.refreshUrl = refreshUrl;
      save();
      return { url: `${pages}/onboarding/${accountId}` };
    },
    async retrieveAccount(accountId) {
      const account = load().accounts[accountId];
      return account ? connectedAccountOf(accountJson(account)) : null;
    },
    async verifyWebhook(rawBody, header) {
      verifySignatureHeader(secret, rawBody, header, now());
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError('Webhook body is not JSON');
      }
      const body = ZWebhookBody.safeParse(parsed);
      if (!body.success) throw new WebhookSignatureError('Webhook body is not an event');
      return webhookEvent(body.data);
    },

    async checkoutDetails(sessionId) {
      const s = load().sessions[sessionId];
      if (!s) return null;
      return {
        id: s.id,
        status: s.status,
        planKey: s.planKey,
        amountCents: PLAN_AMOUNT_CENTS[s.planKey],
        email: s.email,
        successUrl: s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id),
        cancelUrl: s.cancelUrl,
      };
    },
    async portalReturnUrl(customerId) {
      return load().customers[customerId]?.portalReturnUrl ?? null;
    },
    async onboardingUrls(accountId) {
      const a = load().accounts[accountId];
      return a?.returnUrl && a.refreshUrl ? { returnUrl: a.returnUrl, refreshUrl: a.refreshUrl } : null;
    },
    async completeCheckout(sessionId, outcome) {
      const session = sessionOrThrow(sessionId);
      if (session.status !== 'open') throw new PaymentsError(`Checkout session ${sessionId} is ${session.status}`, 409);
      // A declined card leaves the session open for another try, as Stripe's does.
      if (outcome === 'decline') return [];
      if (outcome === 'cancel') {
        session.status = 'expired';
        save();
        return [webhook('checkout.session.expired', sessionJson(session))];
      }
      const s = load();
      let customerId = session.customerId;
      if (!customerId) {
        customerId = newId('cus');
        s.customers[customerId] = { id: customerId, email: session.email, portalReturnUrl: null };
      }
      const start = nowSeconds();
      const sub: TSub = {
        id: newId('sub'),
        customerId,
        orgId: session.orgId,
        planKey: session.planKey,
        status: 'active',
        currentPeriodStart: start,
        currentPeriodEnd: periodEnd(start, session.planKey),
        cancelAtPeriodEnd: false,
        created: start,
      };
      s.subscriptions[sub.id] = sub;
      Object.assign(session, { customerId, subscriptionId: sub.id, status: 'complete', paymentStatus: 'paid' });
      save();
      return [
        webhook('checkout.session.completed', sessionJson(session)),
        webhook('customer.subscription.created', subscriptionJson(sub)),
        webhook('invoice.paid', invoiceJson(sub)),
      ];
    },
    async cancelSubscription(subscriptionId, atPeriodEnd) {
      const sub = subOrThrow(subscriptionId);
      if (sub.status === 'canceled') throw new PaymentsError(`Subscription ${subscriptionId} is already canceled`, 409);
      if (atPeriodEnd) {
        sub.cancelAtPeriodEnd = true;
        save();
        return [webhook('customer.subscription.updated', subscriptionJson(sub))];
      }
      sub.status = 'canceled';
      sub.cancelAtPeriodEnd = false;
      save();
      return [webhook('customer.subscription.deleted', subscriptionJson(sub))];
    },
    async setAccountState(accountId, next) {
      const account = accountOrThrow(accountId);
      account.state = next;
      save();
      return [webhook('account.updated', accountJson(account))];
    },
  };
}
