import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  checkoutSessionOf,
  connectedAccountOf,
  hostedInvoiceOf,
  PAID_PLAN_KEYS,
  PaymentsError,
  PLAN_AMOUNT_CENTS,
  planPrices,
  subscriptionOf,
  type TConnectedAccount,
  type THostedInvoice,
  type THostedInvoiceLine,
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
/** A hosted invoice's page has no cancel: the customer just leaves it. */
export type TInvoiceOutcome = 'pay' | 'decline';

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

/** What the simulator's donation page shows and where it sends the browser after. */
export interface TSimulatedDonation {
  id: string;
  accountId: string;
  status: 'open' | 'complete' | 'expired';
  amountCents: number;
  description: string;
  donorEmail: string | null;
  /** With {CHECKOUT_SESSION_ID} filled in, as Stripe does. */
  successUrl: string;
  cancelUrl: string;
}

/** What the simulator's hosted invoice page shows. */
export interface TSimulatedHostedInvoice {
  id: string;
  accountId: string;
  status: THostedInvoice['status'];
  customerName: string;
  customerEmail: string | null;
  lines: THostedInvoiceLine[];
  amountDueCents: number;
  amountPaidCents: number;
  dueDate: Date;
  memo: string | null;
  paidAt: Date | null;
}

/** The simulator's extra surface, for its developer pages (checkout, portal, onboarding, donation, invoice). */
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
  /** null when there is no such donation session. */
  donationDetails(sessionId: string): Promise<TSimulatedDonation | null>;
  /** Pay (checkout.session.completed), decline (nothing changes, it stays open) or cancel (it expires). */
  completeDonation(sessionId: string, outcome: TCheckoutOutcome): Promise<TSimulatedWebhook[]>;
  /** null when there is no such hosted invoice. */
  hostedInvoiceDetails(invoiceId: string): Promise<TSimulatedHostedInvoice | null>;
  /** Pay (invoice.paid) or decline (invoice.payment_failed, it stays open); only an open invoice. */
  payHostedInvoice(invoiceId: string, outcome: TInvoiceOutcome): Promise<TSimulatedWebhook[]>;
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

/** A one-off payment's checkout session on a connected account (a donation). */
const ZDonation = z.object({
  id: z.string(),
  accountId: z.string(),
  amountCents: z.number().int(),
  description: z.string(),
  donorEmail: z.string().nullable(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  metadata: z.record(z.string(), z.string()),
  status: z.enum(['open', 'complete', 'expired']),
  paymentStatus: z.enum(['paid', 'unpaid']),
  paymentIntentId: z.string().nullable(),
  created: z.number(),
});

/** An invoice a connected account sends its customer, with that customer. */
const ZHostedInvoiceState = z.object({
  id: z.string(),
  accountId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  lines: z.array(z.object({ description: z.string(), unitAmountCents: z.number().int(), quantity: z.number().int() })),
  dueDate: z.number(),
  memo: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  status: z.enum(['open', 'paid', 'void']),
  finalizedAt: z.number(),
  paidAt: z.number().nullable(),
  voidedAt: z.number().nullable(),
  created: z.number(),
});

const ZState = z.object({
  sessions: z.record(z.string(), ZSession),
  customers: z.record(
    z.string(),
    z.object({ id: z.string(), email: z.string(), portalReturnUrl: z.string().nullable() }),
  ),
  subscriptions: z.record(z.string(), ZSub),
  accounts: z.record(z.string(), ZAccount),
  // Added with donations and hosted invoices: a state file written before has neither.
  donations: z.record(z.string(), ZDonation).default({}),
  hostedInvoices: z.record(z.string(), ZHostedInvoiceState).default({}),
  /** Idempotency key → the id of the object the first call made. */
  idempotency: z.record(z.string(), z.string()),
});
type TState = z.output<typeof ZState>;
type TSub = z.output<typeof ZSub>;
type TAccount = z.output<typeof ZAccount>;
type TDonation = z.output<typeof ZDonation>;
type THostedInvoiceState = z.output<typeof ZHostedInvoiceState>;

const emptyState = (): TState => ({
  sessions: {},
  customers: {},
  subscriptions: {},
  accounts: {},
  donations: {},
  hostedInvoices: {},
  idempotency: {},
});

/** Stripe's smallest charge in US dollars. */
const MINIMUM_CHARGE_CENTS = 50;

const invoiceTotal = (lines: THostedInvoiceLine[]) =>
  lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);

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
  /** Stripe refuses a charge to an account whose charges are not enabled (onboarding not done). */
  const chargeableOrThrow = (id: string, status: 400 | 409) => {
    const account = load().accounts[id];
    if (!account) throw new PaymentsError(`No such account: ${id}`, status);
    if (!ACCOUNT_STATES[account.state].chargesEnabled) {
      throw new PaymentsError(`Account ${id} cannot accept charges`, status);
    }
    return account;
  };
  const donationOrThrow = (id: string) => {
    const donation = load().donations[id];
    if (!donation) throw new PaymentsError(`No such checkout session: ${id}`, 404);
    return donation;
  };
  const hostedInvoiceOrThrow = (id: string) => {
    const invoice = load().hostedInvoices[id];
    if (!invoice) throw new PaymentsError(`No such invoice: ${id}`, 404);
    return invoice;
  };

  // The objects in Stripe's JSON shapes: webhooks carry them, and the retrievals read them back
  // through the same mapping as Stripe's answers.
  const sessionJson = (s: z.output<typeof ZSession>) => ({
    id: s.id,
    object: 'checkout.session',
    mode: 'subscription' as const,
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

  const donationJson = (d: TDonation) => ({
    id: d.id,
    object: 'checkout.session',
    mode: 'payment' as const,
    submit_type: 'donate',
    status: d.status,
    payment_status: d.paymentStatus,
    customer: null,
    customer_email: d.donorEmail,
    customer_details: d.status === 'complete' ? { email: d.donorEmail } : null,
    subscription: null,
    payment_intent: d.paymentIntentId,
    client_reference_id: null,
    metadata: d.metadata,
    amount_subtotal: d.amountCents,
    amount_total: d.amountCents,
    currency: 'usd',
    created: d.created,
    success_url: d.successUrl,
    cancel_url: d.cancelUrl,
    url: d.status === 'open' ? `${pages}/donate/${d.id}` : null,
  });
  const hostedInvoiceJson = (i: THostedInvoiceState) => {
    const total = invoiceTotal(i.lines);
    const paid = i.status === 'paid' ? total : 0;
    return {
      id: i.id,
      object: 'invoice',
      customer: i.customerId,
      customer_name: i.customerName,
      customer_email: i.customerEmail,
      collection_method: 'send_invoice',
      currency: 'usd',
      description: i.memo,
      due_date: i.dueDate,
      status: i.status,
      amount_due: total,
      amount_paid: paid,
      amount_remaining: i.status === 'open' ? total : 0,
      subtotal: total,
      total,
      // Pennant renders its own PDF of the invoice; the simulator makes none.
      hosted_invoice_url: `${pages}/invoice/${i.id}`,
      invoice_pdf: null,
      metadata: i.metadata,
      parent: null,
      created: i.created,
      status_transitions: {
        finalized_at: i.finalizedAt,
        paid_at: i.paidAt,
        voided_at: i.voidedAt,
        marked_uncollectible_at: null,
      },
      lines: {
        object: 'list',
        data: i.lines.map((line, n) => ({
          id: `il_${i.id.slice('in_'.length)}_${n}`,
          object: 'line_item',
          description: line.description,
          quantity: line.quantity,
          amount: line.unitAmountCents * line.quantity,
          currency: 'usd',
          pricing: { unit_amount_decimal: String(line.unitAmountCents) },
        })),
      },
    };
  };
  const toHostedInvoice = (i: THostedInvoiceState): THostedInvoice =>
    hostedInvoiceOf(hostedInvoiceJson(i), i.accountId);

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

  /** An event as Stripe would send it, signed now; a connected account's carries its id as `account`. */
  const webhook = (type: string, object: { id: string }, account?: string): TSimulatedWebhook => {
    const created = nowSeconds();
    const rawBody = JSON.stringify(
      {
        id: newId('evt'),
        object: 'event',
        ...(account ? { account } : {}),
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
    async retrieveCheckoutSession(sessionId, accountId) {
      // As with Stripe: a connected account's session is seen only on that account, and the
      // platform's own only without one.
      if (accountId !== undefined) {
        const donation = load().donations[sessionId];
        return donation?.accountId === accountId ? checkoutSessionOf(donationJson(donation)) : null;
      }
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
    async createAccountLoginLink(accountId) {
      accountOrThrow(accountId);
      return { url: `${pages}/dashboard/${accountId}` };
    },
    async deleteConnectedAccount(accountId) {
      const s = load();
      if (!s.accounts[accountId]) return false;
      // What was made on the account goes with it: Stripe knows none of it afterwards.
      delete s.accounts[accountId];
      for (const d of Object.values(s.donations)) if (d.accountId === accountId) delete s.donations[d.id];
      for (const i of Object.values(s.hostedInvoices)) if (i.accountId === accountId) delete s.hostedInvoices[i.id];
      save();
      return true;
    },
    async createDonationCheckout(input) {
      // Stripe's idempotency keys belong to the account the call is made on; a key already used
      // answers its first result without checking anything again.
      const id = once(`donation:${input.accountId}:${input.idempotencyKey}`, () => {
        chargeableOrThrow(input.accountId, 400);
        if (!Number.isSafeInteger(input.amountCents) || input.amountCents < MINIMUM_CHARGE_CENTS) {
          throw new PaymentsError(`The amount must be a whole number of cents, at least ${MINIMUM_CHARGE_CENTS}`, 400);
        }
        const sessionId = newId('cs');
        load().donations[sessionId] = {
          id: sessionId,
          accountId: input.accountId,
          amountCents: input.amountCents,
          description: input.description,
          donorEmail: input.donorEmail,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          metadata: { ...input.metadata },
          status: 'open',
          paymentStatus: 'unpaid',
          paymentIntentId: null,
          created: nowSeconds(),
        };
        return sessionId;
      });
      return { sessionId: id, url: `${pages}/donate/${id}` };
    },
    async createHostedInvoice(input) {
      const lineOk = (line: THostedInvoiceLine) =>
        Number.isSafeInteger(line.unitAmountCents) &&
        line.unitAmountCents >= 0 &&
        Number.isSafeInteger(line.quantity) &&
        line.quantity >= 1;
      const id = once(`hosted-invoice:${input.accountId}:${input.idempotencyKey}`, () => {
        chargeableOrThrow(input.accountId, 400);
        // Stripe marks an invoice of nothing paid as it finalizes it; the simulator refuses one instead.
        if (!input.lines.every(lineOk) || invoiceTotal(input.lines) <= 0) {
          throw new PaymentsError('An invoice needs lines of whole cents, a quantity of at least 1 and a total', 400);
        }
        const invoiceId = newId('in');
        const created = nowSeconds();
        load().hostedInvoices[invoiceId] = {
          id: invoiceId,
          accountId: input.accountId,
          customerId: newId('cus'),
          customerName: input.customer.name,
          customerEmail: input.customer.email,
          lines: input.lines.map(({ description, unitAmountCents, quantity }) => ({
            description,
            unitAmountCents,
            quantity,
          })),
          dueDate: Math.floor(input.dueDate.getTime() / 1000),
          memo: input.memo,
          metadata: { ...input.metadata },
          // Made, given its lines and finalized in one call, as stripe.ts does.
          status: 'open',
          finalizedAt: created,
          paidAt: null,
          voidedAt: null,
          created,
        };
        return invoiceId;
      });
      return toHostedInvoice(hostedInvoiceOrThrow(id));
    },
    async retrieveHostedInvoice(accountId, invoiceId) {
      const invoice = load().hostedInvoices[invoiceId];
      return invoice?.accountId === accountId ? toHostedInvoice(invoice) : null;
    },
    async voidHostedInvoice(accountId, invoiceId) {
      const invoice = load().hostedInvoices[invoiceId];
      if (invoice?.accountId !== accountId) throw new PaymentsError(`No such invoice: ${invoiceId}`, 404);
      if (invoice.status !== 'open') throw new PaymentsError(`Invoice ${invoiceId} is ${invoice.status}`, 409);
      invoice.status = 'void';
      invoice.voidedAt = nowSeconds();
      save();
      return toHostedInvoice(invoice);
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
    async donationDetails(sessionId) {
      const d = load().donations[sessionId];
      if (!d) return null;
      return {
        id: d.id,
        accountId: d.accountId,
        status: d.status,
        amountCents: d.amountCents,
        description: d.description,
        donorEmail: d.donorEmail,
        successUrl: d.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', d.id),
        cancelUrl: d.cancelUrl,
      };
    },
    async completeDonation(sessionId, outcome) {
      const donation = donationOrThrow(sessionId);
      if (donation.status !== 'open')
        throw new PaymentsError(`Checkout session ${sessionId} is ${donation.status}`, 409);
      if (outcome === 'decline') return [];
      if (outcome === 'cancel') {
        donation.status = 'expired';
        save();
        return [webhook('checkout.session.expired', donationJson(donation), donation.accountId)];
      }
      chargeableOrThrow(donation.accountId, 409);
      Object.assign(donation, { status: 'complete', paymentStatus: 'paid', paymentIntentId: newId('pi') });
      save();
      return [webhook('checkout.session.completed', donationJson(donation), donation.accountId)];
    },
    async hostedInvoiceDetails(invoiceId) {
      const i = load().hostedInvoices[invoiceId];
      if (!i) return null;
      const json = hostedInvoiceJson(i);
      return {
        id: i.id,
        accountId: i.accountId,
        status: i.status,
        customerName: i.customerName,
        customerEmail: i.customerEmail,
        lines: i.lines.map((line) => ({ ...line })),
        amountDueCents: json.amount_due,
        amountPaidCents: json.amount_paid,
        dueDate: new Date(i.dueDate * 1000),
        memo: i.memo,
        paidAt: i.paidAt === null ? null : new Date(i.paidAt * 1000),
      };
    },
    async payHostedInvoice(invoiceId, outcome) {
      const invoice = hostedInvoiceOrThrow(invoiceId);
      if (invoice.status !== 'open') throw new PaymentsError(`Invoice ${invoiceId} is ${invoice.status}`, 409);
      // A declined card leaves the invoice open for another try, as Stripe's hosted page does.
      if (outcome === 'decline') {
        return [webhook('invoice.payment_failed', hostedInvoiceJson(invoice), invoice.accountId)];
      }
      chargeableOrThrow(invoice.accountId, 409);
      invoice.status = 'paid';
      invoice.paidAt = nowSeconds();
      save();
      return [webhook('invoice.paid', hostedInvoiceJson(invoice), invoice.accountId)];
    },
  };
}
