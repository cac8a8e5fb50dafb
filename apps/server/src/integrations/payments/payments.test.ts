import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { createPayments } from './index';
import {
  PaymentsError,
  planPrices,
  readPaymentEvent,
  type TPayments,
  type TWebhookEvent,
  WebhookSignatureError,
} from './payments';
import {
  createPaymentsSimulator,
  SIMULATOR_PRICES,
  type TSimulatedAccountState,
  type TSimulatedWebhook,
} from './simulator';
import { createStripePayments } from './stripe';

const PRICES = { premium_month: 'price_month_123', premium_year: 'price_year_456' };
const WEBHOOK_SECRET = 'whsec_test_secret';
const T0 = Date.UTC(2026, 0, 31, 12, 0, 0);

// ---------------------------------------------------------------------------------------------
// A stand-in for api.stripe.com: form-encoded requests in, JSON out
// ---------------------------------------------------------------------------------------------

interface TSeen {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The connected account the call was made on (the Stripe-Account header). */
  stripeAccount: string | undefined;
  form: URLSearchParams;
}

const PERIOD_END = Math.floor(Date.UTC(2026, 2, 1) / 1000);

function subscriptionJson(id: string, created: number, price: string) {
  return {
    id,
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    created,
    items: {
      object: 'list',
      data: [{ id: `si_${id}`, object: 'subscription_item', current_period_end: PERIOD_END, price: { id: price } }],
    },
  };
}

const DUE = Math.floor(Date.UTC(2026, 2, 15) / 1000);
const PAID_AT = Math.floor(Date.UTC(2026, 1, 10) / 1000);
const INVOICE_METADATA = { orgId: 'org-1', invoiceId: 'inv-7' };

/** An invoice on the connected account acct_1, as Stripe answers it. */
function connectedInvoiceJson(id: string, status: string, paid: boolean) {
  return {
    id,
    object: 'invoice',
    customer: 'cus_conn_1',
    collection_method: 'send_invoice',
    currency: 'usd',
    status,
    amount_due: 30_000,
    amount_paid: paid ? 30_000 : 0,
    amount_remaining: paid ? 0 : 30_000,
    due_date: DUE,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_1/${id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_1/${id}/pdf`,
    status_transitions: { finalized_at: 1, paid_at: paid ? PAID_AT : null, voided_at: null },
    metadata: INVOICE_METADATA,
  };
}

const refusal = (status: number, type: string, message: string): [number, unknown] => [
  status,
  { error: { type, message } },
];

function connectedReply(method: string, path: string, form: URLSearchParams, account: string): [number, unknown] {
  if (account === 'acct_disabled') {
    return refusal(400, 'invalid_request_error', 'Your account cannot currently make charges.');
  }
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    return [
      200,
      {
        id: 'cs_test_donation',
        object: 'checkout.session',
        mode: 'payment',
        url: 'https://checkout.stripe.com/c/pay/cs_test_donation',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        customer: null,
        customer_email: form.get('customer_email'),
        subscription: null,
        payment_intent: null,
        metadata: { orgId: form.get('metadata[orgId]'), campaignId: form.get('metadata[campaignId]') },
      },
    ];
  }
  if (method === 'GET' && path === '/v1/checkout/sessions/cs_test_donation' && account === 'acct_1') {
    return [
      200,
      {
        id: 'cs_test_donation',
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 2500,
        customer: null,
        customer_details: { email: 'fan@example.org' },
        customer_email: null,
        subscription: null,
        payment_intent: 'pi_test_donation',
        metadata: { orgId: 'org-1', donationId: 'don-1' },
      },
    ];
  }
  if (method === 'POST' && path === '/v1/customers') return [200, { id: 'cus_conn_1', object: 'customer' }];
  if (method === 'POST' && path === '/v1/invoices') {
    return [200, { ...connectedInvoiceJson('in_1', 'draft', false), amount_due: 0, hosted_invoice_url: null }];
  }
  if (method === 'POST' && path === '/v1/invoiceitems') return [200, { id: 'ii_1', object: 'invoiceitem' }];
  if (method === 'POST' && path === '/v1/invoices/in_1/finalize') {
    return [200, connectedInvoiceJson('in_1', 'open', false)];
  }
  if (method === 'GET' && path === '/v1/invoices/in_paid') return [200, connectedInvoiceJson('in_paid', 'paid', true)];
  if (method === 'POST' && path === '/v1/invoices/in_1/void') return [200, connectedInvoiceJson('in_1', 'void', false)];
  if (method === 'POST' && path === '/v1/invoices/in_paid/void') {
    return refusal(400, 'invalid_request_error', 'You can only void open or uncollectible invoices.');
  }
  return refusal(404, 'invalid_request_error', `No such object: ${path}`);
}

function stripeReply(method: string, url: URL, form: URLSearchParams, account: string | undefined): [number, unknown] {
  const path = url.pathname;
  if (account) return connectedReply(method, path, form, account);
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    return [
      200,
      {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        status: 'open',
        payment_status: 'unpaid',
        customer: form.get('customer'),
        subscription: null,
        client_reference_id: form.get('client_reference_id'),
        metadata: { orgId: form.get('metadata[orgId]') },
      },
    ];
  }
  if (method === 'GET' && path === '/v1/checkout/sessions/cs_test_1') {
    return [
      200,
      {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 9999,
        customer: 'cus_1',
        customer_details: { email: 'treasurer@club.org' },
        customer_email: null,
        subscription: { id: 'sub_1', object: 'subscription' },
        client_reference_id: null,
        metadata: { orgId: 'org-1' },
      },
    ];
  }
  if (method === 'GET' && path === '/v1/subscriptions/sub_1')
    return [200, subscriptionJson('sub_1', 100, PRICES.premium_year)];
  if (method === 'GET' && path === '/v1/subscriptions') {
    return [
      200,
      {
        object: 'list',
        url: '/v1/subscriptions',
        has_more: false,
        data: [subscriptionJson('sub_old', 100, 'price_other'), subscriptionJson('sub_new', 200, PRICES.premium_month)],
      },
    ];
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    return [200, { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/bps_1' }];
  }
  if (method === 'POST' && path === '/v1/accounts') return [200, { id: 'acct_1', object: 'account' }];
  if (method === 'GET' && path === '/v1/accounts/acct_1') {
    return [
      200,
      {
        id: 'acct_1',
        object: 'account',
        charges_enabled: false,
        payouts_enabled: true,
        details_submitted: true,
        requirements: {
          currently_due: ['external_account'],
          past_due: [],
          pending_verification: ['individual.id_number'],
          disabled_reason: 'requirements.pending_verification',
        },
      },
    ];
  }
  if (method === 'POST' && path === '/v1/account_links') {
    return [
      200,
      { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_1/x', created: 1, expires_at: 2 },
    ];
  }
  if (method === 'POST' && path === '/v1/accounts/acct_1/login_links') {
    return [200, { object: 'login_link', created: 1, url: 'https://connect.stripe.com/express/acct_1/login' }];
  }
  if (method === 'POST' && path === '/v1/accounts/acct_busy/login_links') {
    return refusal(402, 'invalid_request_error', 'The request was valid but it failed.');
  }
  if (method === 'DELETE' && path === '/v1/accounts/acct_1') {
    return [200, { id: 'acct_1', object: 'account', deleted: true }];
  }
  return [
    404,
    { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: ${path}` } },
  ];
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

describe('Stripe, through the real SDK against a local API', () => {
  const seen: TSeen[] = [];
  let server: Server;
  let payments: TPayments;

  beforeAll(async () => {
    server = createServer((req, res) => {
      void readBody(req).then((body) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const form = new URLSearchParams(req.method === 'GET' ? url.search : body);
        seen.push({
          method: req.method ?? '',
          path: url.pathname,
          idempotencyKey: header(req, 'idempotency-key'),
          authorization: header(req, 'authorization'),
          stripeAccount: header(req, 'stripe-account'),
          form,
        });
        const [status, json] = stripeReply(req.method ?? '', url, form, header(req, 'stripe-account'));
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
        res.end(JSON.stringify(json));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the stub API is not listening on a port');
    const { port } = address;
    payments = createStripePayments({
      secretKey: 'sk_test_123',
      webhookSecret: WEBHOOK_SECRET,
      prices: PRICES,
      apiBase: { protocol: 'http', host: '127.0.0.1', port },
      maxRetries: 0,
    });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const last = () => {
    const request = seen.at(-1);
    if (!request) throw new Error('no request reached the server');
    return request;
  };

  it('starts a subscription checkout with the plan price, the organization and the idempotency key', async () => {
    const first = await payments.createSubscriptionCheckout({
      orgId: 'org-1',
      planKey: 'premium_year',
      customerId: null,
      email: 'treasurer@club.org',
      successUrl: 'http://localhost:3000/payment-verification?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/settings?tab=billing',
      idempotencyKey: 'checkout-org-1-abc',
    });
    expect(first).toEqual({ sessionId: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const request = last();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: 'checkout-org-1-abc',
    });
    expect(request.authorization).toBe('Bearer sk_test_123');
    expect(request.form.get('mode')).toBe('subscription');
    expect(request.form.get('line_items[0][price]')).toBe('price_year_456');
    expect(request.form.get('line_items[0][quantity]')).toBe('1');
    expect(request.form.get('client_reference_id')).toBe('org-1');
    expect(request.form.get('customer_email')).toBe('treasurer@club.org');
    expect(request.form.get('customer')).toBeNull();
    expect(request.form.get('subscription_data[metadata][orgId]')).toBe('org-1');
    expect(request.form.get('success_url')).toContain('{CHECKOUT_SESSION_ID}');

    await payments.createSubscriptionCheckout({
      orgId: 'org-1',
      planKey: 'premium_month',
      customerId: 'cus_1',
      email: 'treasurer@club.org',
      successUrl: 'http://localhost:3000/ok',
      cancelUrl: 'http://localhost:3000/no',
      idempotencyKey: 'checkout-org-1-def',
    });
    expect(last().form.get('customer')).toBe('cus_1');
    expect(last().form.get('customer_email')).toBeNull();
    expect(last().form.get('line_items[0][price]')).toBe('price_month_123');
  });

  it('reads a checkout session, a subscription and a customer’s subscriptions newest first', async () => {
    expect(await payments.retrieveCheckoutSession('cs_test_1')).toEqual({
      id: 'cs_test_1',
      mode: 'subscription',
      status: 'complete',
      paymentStatus: 'paid',
      amountTotalCents: 9999,
      customerId: 'cus_1',
      customerEmail: 'treasurer@club.org',
      subscriptionId: 'sub_1',
      paymentIntentId: null,
      orgId: 'org-1',
      metadata: { orgId: 'org-1' },
    });
    expect(await payments.retrieveCheckoutSession('cs_missing')).toBeNull();
    expect(await payments.retrieveSubscription('sub_1')).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      planKey: 'premium_year',
      currentPeriodEnd: new Date(PERIOD_END * 1000),
      cancelAtPeriodEnd: false,
    });
    expect(await payments.retrieveSubscription('sub_missing')).toBeNull();
    const list = await payments.listCustomerSubscriptions('cus_1');
    expect(last().form.get('customer')).toBe('cus_1');
    expect(last().form.get('status')).toBe('all');
    expect(list.map((s) => [s.id, s.planKey])).toEqual([
      ['sub_new', 'premium_month'],
      ['sub_old', null],
    ]);
  });

  it('opens the customer portal', async () => {
    const portal = await payments.createPortalSession({
      customerId: 'cus_1',
      returnUrl: 'http://localhost:3000/settings',
    });
    expect(portal).toEqual({ url: 'https://billing.stripe.com/p/session/bps_1' });
    expect(last().form.get('customer')).toBe('cus_1');
    expect(last().form.get('return_url')).toBe('http://localhost:3000/settings');
    expect(last().idempotencyKey).toMatch(/^portal-/);
  });

  it('creates a connected account and its onboarding link, and reads its requirements', async () => {
    expect(
      await payments.createConnectedAccount({ orgId: 'org-1', email: 'a@club.org', idempotencyKey: 'acct-org-1' }),
    ).toEqual({
      accountId: 'acct_1',
    });
    expect(last()).toMatchObject({ path: '/v1/accounts', idempotencyKey: 'acct-org-1' });
    expect(last().form.get('type')).toBe('express');
    expect(last().form.get('metadata[orgId]')).toBe('org-1');
    const link = await payments.createAccountLink({
      accountId: 'acct_1',
      refreshUrl: 'http://localhost:3000/refresh',
      returnUrl: 'http://localhost:3000/stripe-callback',
    });
    expect(link).toEqual({ url: 'https://connect.stripe.com/setup/e/acct_1/x' });
    expect(last().form.get('type')).toBe('account_onboarding');
    expect(last().form.get('account')).toBe('acct_1');
    expect(last().idempotencyKey).toMatch(/^account-link-/);
    expect(await payments.retrieveAccount('acct_1')).toEqual({
      id: 'acct_1',
      chargesEnabled: false,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirements: {
        currentlyDue: ['external_account'],
        pastDue: [],
        pendingVerification: ['individual.id_number'],
        disabledReason: 'requirements.pending_verification',
      },
    });
    expect(await payments.retrieveAccount('acct_missing')).toBeNull();
  });

  it('opens the connected account’s dashboard and deletes the account', async () => {
    expect(await payments.createAccountLoginLink('acct_1')).toEqual({
      url: 'https://connect.stripe.com/express/acct_1/login',
    });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/accounts/acct_1/login_links' });
    expect(last().idempotencyKey).toMatch(/^login-link-/);
    const refused = await rejection(payments.createAccountLoginLink('acct_busy'));
    expect(refused).toBeInstanceOf(PaymentsError);
    expect(refused).toMatchObject({ status: 402 });

    expect(await payments.deleteConnectedAccount('acct_1')).toBe(true);
    expect(last()).toMatchObject({ method: 'DELETE', path: '/v1/accounts/acct_1' });
    expect(await payments.deleteConnectedAccount('acct_missing')).toBe(false);
  });

  it('starts a donation checkout on the connected account', async () => {
    const metadata = { orgId: 'org-1', campaignId: 'camp-9' };
    const donation = await payments.createDonationCheckout({
      accountId: 'acct_1',
      amountCents: 2500,
      description: 'Donation to Eastside Eagles',
      donorEmail: 'fan@example.org',
      successUrl: 'http://localhost:3000/give/thanks?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/give',
      metadata,
      idempotencyKey: 'donation-abc',
    });
    expect(donation).toEqual({
      sessionId: 'cs_test_donation',
      url: 'https://checkout.stripe.com/c/pay/cs_test_donation',
    });
    const request = last();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      stripeAccount: 'acct_1',
      idempotencyKey: 'donation-abc',
    });
    expect(Object.fromEntries(request.form)).toMatchObject({
      mode: 'payment',
      submit_type: 'donate',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Donation to Eastside Eagles',
      customer_email: 'fan@example.org',
      'metadata[orgId]': 'org-1',
      'metadata[campaignId]': 'camp-9',
      'payment_intent_data[metadata][orgId]': 'org-1',
      'payment_intent_data[metadata][campaignId]': 'camp-9',
      success_url: 'http://localhost:3000/give/thanks?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/give',
    });
    expect(request.form.get('line_items[0][price]')).toBeNull();

    await payments.createDonationCheckout({
      accountId: 'acct_1',
      amountCents: 1000,
      description: 'Donation',
      donorEmail: null,
      successUrl: 'http://localhost:3000/ok',
      cancelUrl: 'http://localhost:3000/no',
      metadata: {},
      idempotencyKey: 'donation-def',
    });
    expect(last().form.get('customer_email')).toBeNull();

    const refused = await rejection(
      payments.createDonationCheckout({
        accountId: 'acct_disabled',
        amountCents: 1000,
        description: 'Donation',
        donorEmail: null,
        successUrl: 'http://localhost:3000/ok',
        cancelUrl: 'http://localhost:3000/no',
        metadata: {},
        idempotencyKey: 'donation-ghi',
      }),
    );
    expect(refused).toBeInstanceOf(PaymentsError);
    expect(refused).toMatchObject({ status: 400 });
  });

  it('reads a donation’s checkout session on its connected account, and only there', async () => {
    expect(await payments.retrieveCheckoutSession('cs_test_donation', 'acct_1')).toEqual({
      id: 'cs_test_donation',
      mode: 'payment',
      status: 'complete',
      paymentStatus: 'paid',
      amountTotalCents: 2500,
      customerId: null,
      customerEmail: 'fan@example.org',
      subscriptionId: null,
      paymentIntentId: 'pi_test_donation',
      orgId: 'org-1',
      metadata: { orgId: 'org-1', donationId: 'don-1' },
    });
    expect(last()).toMatchObject({
      method: 'GET',
      path: '/v1/checkout/sessions/cs_test_donation',
      stripeAccount: 'acct_1',
    });
    // Without the account (the platform's sessions) or on another account, Stripe knows none.
    expect(await payments.retrieveCheckoutSession('cs_test_donation')).toBeNull();
    expect(last().stripeAccount).toBeUndefined();
    expect(await payments.retrieveCheckoutSession('cs_test_donation', 'acct_other')).toBeNull();
    expect(last().stripeAccount).toBe('acct_other');
  });

  it('sends a hosted invoice from the connected account: customer, invoice, its items, finalized', async () => {
    const before = seen.length;
    const invoice = await payments.createHostedInvoice({
      accountId: 'acct_1',
      customer: { name: 'Acme Hardware', email: 'ap@acme.example' },
      lines: [
        { description: 'Outfield banner', unitAmountCents: 25_000, quantity: 1 },
        { description: 'Program ad', unitAmountCents: 2_500, quantity: 2 },
      ],
      dueDate: new Date(DUE * 1000),
      memo: 'Season 2026 sponsorship',
      metadata: INVOICE_METADATA,
      idempotencyKey: 'invoice-inv-7',
    });
    expect(invoice).toEqual({
      id: 'in_1',
      accountId: 'acct_1',
      status: 'open',
      amountDueCents: 30_000,
      amountPaidCents: 0,
      hostedUrl: 'https://invoice.stripe.com/i/acct_1/in_1',
      pdfUrl: 'https://pay.stripe.com/invoice/acct_1/in_1/pdf',
      paidAt: null,
      metadata: INVOICE_METADATA,
    });
    const calls = seen.slice(before);
    expect(calls.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/customers', 'invoice-inv-7:customer'],
      ['POST', '/v1/invoices', 'invoice-inv-7:invoice'],
      ['POST', '/v1/invoiceitems', 'invoice-inv-7:item:0'],
      ['POST', '/v1/invoiceitems', 'invoice-inv-7:item:1'],
      ['POST', '/v1/invoices/in_1/finalize', 'invoice-inv-7:finalize'],
    ]);
    for (const call of calls) expect(call.stripeAccount, call.path).toBe('acct_1');
    const [customer, draft, first, second] = calls.map((r) => Object.fromEntries(r.form));
    expect(customer).toEqual({
      name: 'Acme Hardware',
      email: 'ap@acme.example',
      'metadata[orgId]': 'org-1',
      'metadata[invoiceId]': 'inv-7',
    });
    expect(draft).toMatchObject({
      customer: 'cus_conn_1',
      collection_method: 'send_invoice',
      due_date: String(DUE),
      description: 'Season 2026 sponsorship',
      pending_invoice_items_behavior: 'exclude',
      'metadata[orgId]': 'org-1',
      'metadata[invoiceId]': 'inv-7',
    });
    expect(first).toMatchObject({
      customer: 'cus_conn_1',
      invoice: 'in_1',
      description: 'Outfield banner',
      unit_amount_decimal: '25000',
      quantity: '1',
      currency: 'usd',
    });
    expect(second).toMatchObject({ invoice: 'in_1', unit_amount_decimal: '2500', quantity: '2' });
  });

  it('reads and voids a hosted invoice on the connected account', async () => {
    expect(await payments.retrieveHostedInvoice('acct_1', 'in_paid')).toMatchObject({
      id: 'in_paid',
      accountId: 'acct_1',
      status: 'paid',
      amountPaidCents: 30_000,
      paidAt: new Date(PAID_AT * 1000),
      metadata: INVOICE_METADATA,
    });
    expect(last()).toMatchObject({ method: 'GET', path: '/v1/invoices/in_paid', stripeAccount: 'acct_1' });
    expect(await payments.retrieveHostedInvoice('acct_1', 'in_missing')).toBeNull();

    expect(await payments.voidHostedInvoice('acct_1', 'in_1')).toMatchObject({ id: 'in_1', status: 'void' });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/invoices/in_1/void', stripeAccount: 'acct_1' });
    const refused = await rejection(payments.voidHostedInvoice('acct_1', 'in_paid'));
    expect(refused).toBeInstanceOf(PaymentsError);
    expect(refused).toMatchObject({ status: 400, message: expect.stringContaining('only void open') });
  });

  it('sends an idempotency key with every create call', () => {
    const posts = seen.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(5);
    for (const post of posts) expect(post.idempotencyKey, post.path).toBeTruthy();
  });
});

// ---------------------------------------------------------------------------------------------
// Webhook signatures
// ---------------------------------------------------------------------------------------------

const EVENT_BODY = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'customer.subscription.updated',
  created: Math.floor(T0 / 1000),
  data: { object: subscriptionJson('sub_1', 100, PRICES.premium_month) },
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  return null;
}

describe('webhook verification', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pennant-payments-webhooks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const stripeHeader = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? WEBHOOK_SECRET,
      timestamp: opts.timestamp ?? Math.floor(T0 / 1000),
    });

  const cases: [string, () => TPayments][] = [
    [
      'stripe',
      () =>
        createStripePayments({
          secretKey: 'sk_test_123',
          webhookSecret: WEBHOOK_SECRET,
          prices: PRICES,
          now: () => T0,
        }),
    ],
    [
      'simulator',
      () =>
        createPaymentsSimulator({
          dir,
          publicUrl: 'http://localhost:3000',
          webhookSecret: WEBHOOK_SECRET,
          sessionSecret: 'x'.repeat(40),
          now: () => T0,
        }),
    ],
  ];

  for (const [name, make] of cases) {
    describe(name, () => {
      const payments = make();

      it('accepts a good signature and reads the event', async () => {
        const event = await payments.verifyWebhook(EVENT_BODY, stripeHeader(EVENT_BODY));
        expect(event).toMatchObject({ id: 'evt_1', type: 'customer.subscription.updated', objectId: 'sub_1' });
        expect(event.created).toEqual(new Date(Math.floor(T0 / 1000) * 1000));
        const read = readPaymentEvent(event, payments.prices);
        expect(read).toMatchObject({ kind: 'subscription', event: 'updated', subscription: { id: 'sub_1' } });
      });

      it('reads the connected account a Connect event happened on', async () => {
        const body = JSON.stringify({
          id: 'evt_2',
          object: 'event',
          account: 'acct_1',
          type: 'invoice.paid',
          created: Math.floor(T0 / 1000),
          data: { object: connectedInvoiceJson('in_paid', 'paid', true) },
        });
        const event = await payments.verifyWebhook(body, stripeHeader(body));
        expect(event).toMatchObject({ id: 'evt_2', accountId: 'acct_1', objectId: 'in_paid' });
        expect(readPaymentEvent(event, payments.prices)).toEqual({
          kind: 'invoice.paid',
          accountId: 'acct_1',
          invoiceId: 'in_paid',
          customerId: 'cus_conn_1',
          subscriptionId: null,
          amountCents: 30_000,
          currency: 'usd',
          metadata: INVOICE_METADATA,
          hosted: {
            id: 'in_paid',
            accountId: 'acct_1',
            status: 'paid',
            amountDueCents: 30_000,
            amountPaidCents: 30_000,
            hostedUrl: 'https://invoice.stripe.com/i/acct_1/in_paid',
            pdfUrl: 'https://pay.stripe.com/invoice/acct_1/in_paid/pdf',
            paidAt: new Date(PAID_AT * 1000),
            metadata: INVOICE_METADATA,
          },
        });
        // The platform's own events have no account.
        expect((await payments.verifyWebhook(EVENT_BODY, stripeHeader(EVENT_BODY))).accountId).toBeNull();
      });

      it('rejects a tampered body, a wrong secret, an old timestamp and a missing header', async () => {
        const good = stripeHeader(EVENT_BODY);
        const tampered = EVENT_BODY.replace('"active"', '"canceled"');
        const attempts: [string, Promise<unknown>][] = [
          ['tampered', payments.verifyWebhook(tampered, good)],
          ['wrong secret', payments.verifyWebhook(EVENT_BODY, stripeHeader(EVENT_BODY, { secret: 'whsec_other' }))],
          [
            'old',
            payments.verifyWebhook(EVENT_BODY, stripeHeader(EVENT_BODY, { timestamp: Math.floor(T0 / 1000) - 301 })),
          ],
          ['missing', payments.verifyWebhook(EVENT_BODY, undefined)],
          ['garbage', payments.verifyWebhook(EVENT_BODY, 'nonsense')],
        ];
        for (const [label, attempt] of attempts) {
          expect(await rejection(attempt), label).toBeInstanceOf(WebhookSignatureError);
        }
      });
    });
  }

  it('the simulator’s own webhooks pass the Stripe implementation with the same secret', async () => {
    const simulator = createPaymentsSimulator({
      dir,
      publicUrl: 'http://localhost:3000',
      webhookSecret: WEBHOOK_SECRET,
      sessionSecret: 'x'.repeat(40),
      now: () => T0,
    });
    const stripe = createStripePayments({
      secretKey: 'sk',
      webhookSecret: WEBHOOK_SECRET,
      prices: PRICES,
      now: () => T0,
    });
    const { accountId } = await simulator.createConnectedAccount({ orgId: 'o', email: 'e@x.org', idempotencyKey: 'k' });
    const [hook] = await simulator.setAccountState(accountId, 'active');
    if (!hook) throw new Error('no webhook');
    expect((await stripe.verifyWebhook(hook.rawBody, hook.signatureHeader)).objectId).toBe(accountId);
  });
});

describe('reading events of connected accounts', () => {
  const event = (type: string, accountId: string | null): TWebhookEvent => ({
    id: 'evt_x',
    type,
    created: new Date(T0),
    objectId: 'in_1',
    accountId,
    data: connectedInvoiceJson('in_1', type === 'invoice.voided' ? 'void' : 'open', false),
  });
  const prices = planPrices(PRICES);

  it('reads a connected invoice voided or failed as invoice.updated, and ignores the platform’s', () => {
    expect(readPaymentEvent(event('invoice.voided', 'acct_1'), prices)).toMatchObject({
      kind: 'invoice.updated',
      accountId: 'acct_1',
      invoice: { id: 'in_1', accountId: 'acct_1', status: 'void', amountPaidCents: 0, metadata: INVOICE_METADATA },
    });
    expect(readPaymentEvent(event('invoice.payment_failed', 'acct_1'), prices)).toMatchObject({
      kind: 'invoice.updated',
      invoice: { status: 'open' },
    });
    for (const type of ['invoice.voided', 'invoice.payment_failed']) {
      expect(readPaymentEvent(event(type, null), prices)).toEqual({ kind: 'ignored', type });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The simulator
// ---------------------------------------------------------------------------------------------

describe('the payment simulator', () => {
  let dir = '';
  let clock = T0;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pennant-payments-sim-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const make = () =>
    createPaymentsSimulator({
      dir,
      publicUrl: 'http://localhost:3000',
      webhookSecret: undefined,
      sessionSecret: 's'.repeat(40),
      now: () => clock,
    });

  const read = async (sim: ReturnType<typeof make>, hooks: TSimulatedWebhook[]) =>
    Promise.all(
      hooks.map(async (hook) =>
        readPaymentEvent(await sim.verifyWebhook(hook.rawBody, hook.signatureHeader), sim.prices),
      ),
    );

  const checkout = (sim: ReturnType<typeof make>, planKey: 'premium_month' | 'premium_year', key: string) =>
    sim.createSubscriptionCheckout({
      orgId: 'org-1',
      planKey,
      customerId: null,
      email: 'treasurer@club.org',
      successUrl: 'http://localhost:3000/payment-verification?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/settings?tab=billing',
      idempotencyKey: key,
    });

  it('makes Stripe-shaped ids and page URLs, and answers a repeated key with the same session', async () => {
    const sim = make();
    const first = await checkout(sim, 'premium_month', 'k-1');
    expect(first.sessionId).toMatch(/^cs_sim_[0-9a-f]{24}$/);
    expect(first.url).toBe(`http://localhost:3000/dev/payments/checkout/${first.sessionId}`);
    expect(await checkout(sim, 'premium_month', 'k-1')).toEqual(first);
    expect((await checkout(sim, 'premium_month', 'k-2')).sessionId).not.toBe(first.sessionId);
    expect(await sim.checkoutDetails(first.sessionId)).toMatchObject({
      amountCents: 999,
      successUrl: `http://localhost:3000/payment-verification?session_id=${first.sessionId}`,
    });
  });

  it('pays a monthly checkout: session completed, subscription created, invoice paid, a month ahead', async () => {
    const sim = make();
    const { sessionId } = await checkout(sim, 'premium_month', 'pay-month');
    const events = await read(sim, await sim.completeCheckout(sessionId, 'pay'));
    expect(events.map((e) => e.kind)).toEqual(['checkout.completed', 'subscription', 'invoice.paid']);
    const [completed, created, invoice] = events;
    if (
      completed?.kind !== 'checkout.completed' ||
      created?.kind !== 'subscription' ||
      invoice?.kind !== 'invoice.paid'
    ) {
      throw new Error('unexpected events');
    }
    expect(completed.session).toMatchObject({
      id: sessionId,
      status: 'complete',
      paymentStatus: 'paid',
      orgId: 'org-1',
    });
    expect(completed.session.customerId).toMatch(/^cus_sim_/);
    expect(completed.session.subscriptionId).toMatch(/^sub_sim_/);
    expect(created.event).toBe('created');
    // 31 January + one month is the end of February, as Stripe anchors it.
    expect(created.subscription).toMatchObject({
      id: completed.session.subscriptionId,
      customerId: completed.session.customerId,
      status: 'active',
      planKey: 'premium_month',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(Date.UTC(2026, 1, 28, 12)),
    });
    expect(invoice).toMatchObject({
      accountId: null,
      amountCents: 999,
      currency: 'usd',
      subscriptionId: created.subscription.id,
      hosted: null,
    });
    expect(completed).toMatchObject({ accountId: null, session: { mode: 'subscription', amountTotalCents: 999 } });
    expect(invoice.invoiceId).toMatch(/^in_sim_/);
    expect(await sim.retrieveCheckoutSession(sessionId)).toEqual(completed.session);
    expect(await sim.retrieveSubscription(created.subscription.id)).toEqual(created.subscription);
    await expect(sim.completeCheckout(sessionId, 'pay')).rejects.toThrow(/complete/);
  });

  it('pays a yearly checkout a year ahead at 9999 cents', async () => {
    const sim = make();
    const { sessionId } = await checkout(sim, 'premium_year', 'pay-year');
    const events = await read(sim, await sim.completeCheckout(sessionId, 'pay'));
    expect(events[1]).toMatchObject({
      subscription: { planKey: 'premium_year', currentPeriodEnd: new Date(Date.UTC(2027, 0, 31, 12)) },
    });
    expect(events[2]).toMatchObject({ kind: 'invoice.paid', amountCents: 9999 });
  });

  it('a declined card makes no subscription and leaves the session open; cancel expires it', async () => {
    const sim = make();
    const { sessionId } = await checkout(sim, 'premium_month', 'decline');
    expect(await sim.completeCheckout(sessionId, 'decline')).toEqual([]);
    expect(await sim.retrieveCheckoutSession(sessionId)).toMatchObject({
      status: 'open',
      subscriptionId: null,
      customerId: null,
    });
    const events = await read(sim, await sim.completeCheckout(sessionId, 'cancel'));
    expect(events).toMatchObject([{ kind: 'checkout.expired', session: { status: 'expired', subscriptionId: null } }]);
  });

  it('cancels at period end (updated, still active) and at once (deleted), and lists newest first', async () => {
    const sim = make();
    const { sessionId } = await checkout(sim, 'premium_month', 'to-cancel');
    await sim.completeCheckout(sessionId, 'pay');
    const session = await sim.retrieveCheckoutSession(sessionId);
    if (!session?.subscriptionId || !session.customerId) throw new Error('no subscription');
    const atEnd = await read(sim, await sim.cancelSubscription(session.subscriptionId, true));
    expect(atEnd).toMatchObject([
      { kind: 'subscription', event: 'updated', subscription: { status: 'active', cancelAtPeriodEnd: true } },
    ]);
    const now = await read(sim, await sim.cancelSubscription(session.subscriptionId, false));
    expect(now).toMatchObject([{ kind: 'subscription', event: 'deleted', subscription: { status: 'canceled' } }]);

    // A second subscription for the same customer, a day later, comes first.
    clock += 86_400_000;
    const again = await sim.createSubscriptionCheckout({
      orgId: 'org-1',
      planKey: 'premium_year',
      customerId: session.customerId,
      email: 'treasurer@club.org',
      successUrl: 'http://localhost:3000/ok',
      cancelUrl: 'http://localhost:3000/no',
      idempotencyKey: 'again',
    });
    await sim.completeCheckout(again.sessionId, 'pay');
    const list = await sim.listCustomerSubscriptions(session.customerId);
    expect(list.map((s) => [s.planKey, s.status])).toEqual([
      ['premium_year', 'active'],
      ['premium_month', 'canceled'],
    ]);
    const portal = await sim.createPortalSession({
      customerId: session.customerId,
      returnUrl: 'http://localhost:3000/settings',
    });
    expect(portal.url).toBe(`http://localhost:3000/dev/payments/portal/${session.customerId}`);
    expect(await sim.portalReturnUrl(session.customerId)).toBe('http://localhost:3000/settings');
  });

  it('maps account states to requirements, with account.updated for each', async () => {
    const sim = make();
    const { accountId } = await sim.createConnectedAccount({
      orgId: 'org-1',
      email: 'a@club.org',
      idempotencyKey: 'acct',
    });
    expect(accountId).toMatch(/^acct_sim_/);
    expect(
      (await sim.createConnectedAccount({ orgId: 'org-1', email: 'a@club.org', idempotencyKey: 'acct' })).accountId,
    ).toBe(accountId);
    const link = await sim.createAccountLink({
      accountId,
      refreshUrl: 'http://localhost:3000/refresh',
      returnUrl: 'http://localhost:3000/stripe-callback',
    });
    expect(link.url).toBe(`http://localhost:3000/dev/payments/onboarding/${accountId}`);
    expect(await sim.onboardingUrls(accountId)).toEqual({
      refreshUrl: 'http://localhost:3000/refresh',
      returnUrl: 'http://localhost:3000/stripe-callback',
    });

    const incomplete = await sim.retrieveAccount(accountId);
    expect(incomplete).toMatchObject({ detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false });
    expect(incomplete?.requirements.disabledReason).toBe('requirements.past_due');
    expect(incomplete?.requirements.currentlyDue.length).toBeGreaterThan(0);

    const [review] = await read(sim, await sim.setAccountState(accountId, 'requirements'));
    expect(review).toMatchObject({
      kind: 'account.updated',
      account: {
        id: accountId,
        detailsSubmitted: true,
        chargesEnabled: false,
        requirements: {
          currentlyDue: [],
          pendingVerification: ['individual.verification.document'],
          disabledReason: 'requirements.pending_verification',
        },
      },
    });
    const [active] = await read(sim, await sim.setAccountState(accountId, 'active'));
    expect(active).toMatchObject({
      kind: 'account.updated',
      account: {
        chargesEnabled: true,
        payoutsEnabled: true,
        detailsSubmitted: true,
        requirements: { currentlyDue: [], pastDue: [], pendingVerification: [], disabledReason: null },
      },
    });
    expect(await sim.retrieveAccount(accountId)).toEqual(active?.kind === 'account.updated' ? active.account : null);
  });

  /** A connected account in the given state (an active one takes charges). */
  const account = async (sim: ReturnType<typeof make>, key: string, state: TSimulatedAccountState = 'active') => {
    const { accountId } = await sim.createConnectedAccount({
      orgId: 'org-1',
      email: 'a@club.org',
      idempotencyKey: key,
    });
    if (state !== 'incomplete') await sim.setAccountState(accountId, state);
    return accountId;
  };
  const donate = (sim: ReturnType<typeof make>, accountId: string, key: string) =>
    sim.createDonationCheckout({
      accountId,
      amountCents: 2500,
      description: 'Donation to Eastside Eagles',
      donorEmail: 'fan@example.org',
      successUrl: 'http://localhost:3000/give/thanks?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/give',
      metadata: { orgId: 'org-1', campaignId: 'camp-9' },
      idempotencyKey: key,
    });
  const sendInvoice = (sim: ReturnType<typeof make>, accountId: string, key: string) =>
    sim.createHostedInvoice({
      accountId,
      customer: { name: 'Acme Hardware', email: 'ap@acme.example' },
      lines: [
        { description: 'Outfield banner', unitAmountCents: 25_000, quantity: 1 },
        { description: 'Program ad', unitAmountCents: 2_500, quantity: 2 },
      ],
      dueDate: new Date(DUE * 1000),
      memo: 'Season 2026 sponsorship',
      metadata: INVOICE_METADATA,
      idempotencyKey: key,
    });
  /** Verifies each webhook and reads it, with the event's own account. */
  const readWithAccount = async (sim: ReturnType<typeof make>, hooks: TSimulatedWebhook[]) =>
    Promise.all(
      hooks.map(async (hook) => {
        const event = await sim.verifyWebhook(hook.rawBody, hook.signatureHeader);
        return { accountId: event.accountId, read: readPaymentEvent(event, sim.prices) };
      }),
    );

  it('takes a donation to a connected account: a payment-mode session completed on that account', async () => {
    const sim = make();
    const accountId = await account(sim, 'donations');
    const first = await donate(sim, accountId, 'donation-1');
    expect(first.sessionId).toMatch(/^cs_sim_[0-9a-f]{24}$/);
    expect(first.url).toBe(`http://localhost:3000/dev/payments/donate/${first.sessionId}`);
    expect(await donate(sim, accountId, 'donation-1')).toEqual(first);
    expect(await sim.donationDetails(first.sessionId)).toEqual({
      id: first.sessionId,
      accountId,
      status: 'open',
      amountCents: 2500,
      description: 'Donation to Eastside Eagles',
      donorEmail: 'fan@example.org',
      successUrl: `http://localhost:3000/give/thanks?session_id=${first.sessionId}`,
      cancelUrl: 'http://localhost:3000/give',
    });
    // A platform retrieval does not see a connected account's session, as with Stripe.
    expect(await sim.retrieveCheckoutSession(first.sessionId)).toBeNull();

    expect(await sim.completeDonation(first.sessionId, 'decline')).toEqual([]);
    expect((await sim.donationDetails(first.sessionId))?.status).toBe('open');
    const [paid] = await readWithAccount(sim, await sim.completeDonation(first.sessionId, 'pay'));
    expect(paid?.accountId).toBe(accountId);
    expect(paid?.read).toEqual({
      kind: 'checkout.completed',
      accountId,
      session: {
        id: first.sessionId,
        mode: 'payment',
        status: 'complete',
        paymentStatus: 'paid',
        amountTotalCents: 2500,
        customerId: null,
        customerEmail: 'fan@example.org',
        subscriptionId: null,
        paymentIntentId: expect.stringMatching(/^pi_sim_/),
        orgId: 'org-1',
        metadata: { orgId: 'org-1', campaignId: 'camp-9' },
      },
    });
    await expect(sim.completeDonation(first.sessionId, 'pay')).rejects.toMatchObject({ status: 409 });
    // Read back on its account it is what the event said; another account, or none, sees nothing.
    expect(await sim.retrieveCheckoutSession(first.sessionId, accountId)).toMatchObject({
      id: first.sessionId,
      mode: 'payment',
      status: 'complete',
      paymentStatus: 'paid',
      customerEmail: 'fan@example.org',
      paymentIntentId: expect.stringMatching(/^pi_sim_/),
      metadata: { orgId: 'org-1', campaignId: 'camp-9' },
    });
    expect(await sim.retrieveCheckoutSession(first.sessionId, 'acct_sim_other')).toBeNull();
    expect(await sim.retrieveCheckoutSession(first.sessionId)).toBeNull();

    const second = await donate(sim, accountId, 'donation-2');
    const [expired] = await readWithAccount(sim, await sim.completeDonation(second.sessionId, 'cancel'));
    expect(expired?.read).toMatchObject({
      kind: 'checkout.expired',
      accountId,
      session: { id: second.sessionId, mode: 'payment', status: 'expired', paymentStatus: 'unpaid' },
    });
  });

  it('sends a hosted invoice: a declined card leaves it open, paying sends invoice.paid on the account', async () => {
    const sim = make();
    const accountId = await account(sim, 'invoices');
    const invoice = await sendInvoice(sim, accountId, 'invoice-1');
    expect(invoice).toEqual({
      id: expect.stringMatching(/^in_sim_[0-9a-f]{24}$/),
      accountId,
      status: 'open',
      amountDueCents: 30_000,
      amountPaidCents: 0,
      hostedUrl: `http://localhost:3000/dev/payments/invoice/${invoice.id}`,
      pdfUrl: null,
      paidAt: null,
      metadata: INVOICE_METADATA,
    });
    expect(await sendInvoice(sim, accountId, 'invoice-1')).toEqual(invoice);
    expect(await sim.retrieveHostedInvoice(accountId, invoice.id)).toEqual(invoice);
    expect(await sim.retrieveHostedInvoice('acct_sim_other', invoice.id)).toBeNull();
    expect(await sim.hostedInvoiceDetails(invoice.id)).toMatchObject({
      status: 'open',
      customerName: 'Acme Hardware',
      customerEmail: 'ap@acme.example',
      amountDueCents: 30_000,
      dueDate: new Date(DUE * 1000),
      memo: 'Season 2026 sponsorship',
      lines: [
        { description: 'Outfield banner', unitAmountCents: 25_000, quantity: 1 },
        { description: 'Program ad', unitAmountCents: 2_500, quantity: 2 },
      ],
    });

    const [failed] = await readWithAccount(sim, await sim.payHostedInvoice(invoice.id, 'decline'));
    expect(failed?.read).toEqual({ kind: 'invoice.updated', accountId, invoice });

    clock += 60_000;
    const [paid] = await readWithAccount(sim, await sim.payHostedInvoice(invoice.id, 'pay'));
    const paidInvoice = {
      ...invoice,
      status: 'paid',
      amountPaidCents: 30_000,
      paidAt: new Date(Math.floor(clock / 1000) * 1000),
    };
    expect(paid?.accountId).toBe(accountId);
    expect(paid?.read).toEqual({
      kind: 'invoice.paid',
      accountId,
      invoiceId: invoice.id,
      customerId: expect.stringMatching(/^cus_sim_/),
      subscriptionId: null,
      amountCents: 30_000,
      currency: 'usd',
      metadata: INVOICE_METADATA,
      hosted: paidInvoice,
    });
    expect(await sim.retrieveHostedInvoice(accountId, invoice.id)).toEqual(paidInvoice);
    await expect(sim.payHostedInvoice(invoice.id, 'pay')).rejects.toMatchObject({ status: 409 });
    await expect(sim.voidHostedInvoice(accountId, invoice.id)).rejects.toMatchObject({ status: 409 });
  });

  it('a voided invoice can no longer be paid', async () => {
    const sim = make();
    const accountId = await account(sim, 'voids');
    const invoice = await sendInvoice(sim, accountId, 'invoice-void');
    expect(await sim.voidHostedInvoice(accountId, invoice.id)).toEqual({ ...invoice, status: 'void' });
    expect((await sim.retrieveHostedInvoice(accountId, invoice.id))?.status).toBe('void');
    const refused = await rejection(sim.payHostedInvoice(invoice.id, 'pay'));
    expect(refused).toBeInstanceOf(PaymentsError);
    expect(refused).toMatchObject({ status: 409, message: expect.stringContaining('void') });
    await expect(sim.payHostedInvoice(invoice.id, 'decline')).rejects.toMatchObject({ status: 409 });
    await expect(sim.voidHostedInvoice(accountId, invoice.id)).rejects.toMatchObject({ status: 409 });
    await expect(sim.voidHostedInvoice(accountId, 'in_sim_nope')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses charges to an account that cannot take them, and to an unknown one', async () => {
    const sim = make();
    for (const state of ['incomplete', 'requirements'] as const) {
      const accountId = await account(sim, `not-active-${state}`, state);
      for (const attempt of [donate(sim, accountId, `d-${state}`), sendInvoice(sim, accountId, `i-${state}`)]) {
        const refused = await rejection(attempt);
        expect(refused, state).toBeInstanceOf(PaymentsError);
        expect(refused, state).toMatchObject({
          status: 400,
          message: expect.stringContaining('cannot accept charges'),
        });
      }
    }
    await expect(donate(sim, 'acct_sim_nope', 'd-unknown')).rejects.toMatchObject({ status: 400 });
    await expect(sendInvoice(sim, 'acct_sim_nope', 'i-unknown')).rejects.toMatchObject({ status: 400 });
    const accountId = await account(sim, 'small');
    await expect(
      sim.createDonationCheckout({
        accountId,
        amountCents: 49,
        description: 'Too little',
        donorEmail: null,
        successUrl: 'http://localhost:3000/ok',
        cancelUrl: 'http://localhost:3000/no',
        metadata: {},
        idempotencyKey: 'small',
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      sim.createHostedInvoice({
        accountId,
        customer: { name: 'Nobody', email: null },
        lines: [],
        dueDate: new Date(DUE * 1000),
        memo: null,
        metadata: {},
        idempotencyKey: 'empty',
      }),
    ).rejects.toMatchObject({ status: 400 });
    // An account that stops taking charges refuses a payment on a page opened before.
    const open = await sendInvoice(sim, accountId, 'i-later');
    await sim.setAccountState(accountId, 'requirements');
    await expect(sim.payHostedInvoice(open.id, 'pay')).rejects.toMatchObject({ status: 409 });
  });

  it('links to the account’s dashboard, and deletes the account with what was made on it', async () => {
    const sim = make();
    const accountId = await account(sim, 'to-delete');
    expect(await sim.createAccountLoginLink(accountId)).toEqual({
      url: `http://localhost:3000/dev/payments/dashboard/${accountId}`,
    });
    await expect(sim.createAccountLoginLink('acct_sim_nope')).rejects.toMatchObject({ status: 404 });
    const invoice = await sendInvoice(sim, accountId, 'doomed');
    const { sessionId } = await donate(sim, accountId, 'doomed');
    expect(await sim.deleteConnectedAccount(accountId)).toBe(true);
    expect(await sim.retrieveAccount(accountId)).toBeNull();
    expect(await sim.retrieveHostedInvoice(accountId, invoice.id)).toBeNull();
    expect(await sim.hostedInvoiceDetails(invoice.id)).toBeNull();
    expect(await sim.donationDetails(sessionId)).toBeNull();
    expect(await sim.deleteConnectedAccount(accountId)).toBe(false);
    expect(await make().retrieveAccount(accountId)).toBeNull();
  });

  it('keeps donations and hosted invoices across a new instance on the same directory', async () => {
    const before = make();
    const accountId = await account(before, 'persist-connect');
    const { sessionId } = await donate(before, accountId, 'persist-donation');
    const invoice = await sendInvoice(before, accountId, 'persist-invoice');
    await before.payHostedInvoice(invoice.id, 'pay');
    const after = make();
    expect(await after.donationDetails(sessionId)).toMatchObject({ status: 'open', amountCents: 2500 });
    expect(await after.retrieveHostedInvoice(accountId, invoice.id)).toMatchObject({ status: 'paid' });
    expect((await donate(after, accountId, 'persist-donation')).sessionId).toBe(sessionId);
    expect((await sendInvoice(after, accountId, 'persist-invoice')).id).toBe(invoice.id);
    const [paid] = await readWithAccount(after, await after.completeDonation(sessionId, 'pay'));
    expect(paid?.read).toMatchObject({ kind: 'checkout.completed', accountId });
  });

  it('reads a state file written before donations and hosted invoices', async () => {
    const oldDir = mkdtempSync(join(tmpdir(), 'pennant-payments-sim-old-'));
    try {
      const old = {
        sessions: {},
        customers: {},
        subscriptions: {},
        accounts: {
          acct_sim_old: {
            id: 'acct_sim_old',
            orgId: 'org-1',
            email: 'a@club.org',
            state: 'active',
            returnUrl: null,
            refreshUrl: null,
          },
        },
        idempotency: {},
      };
      writeFileSync(join(oldDir, 'state.json'), JSON.stringify(old));
      const sim = createPaymentsSimulator({
        dir: oldDir,
        publicUrl: 'http://localhost:3000',
        webhookSecret: undefined,
        sessionSecret: 's'.repeat(40),
        now: () => clock,
      });
      expect(await sim.retrieveAccount('acct_sim_old')).toMatchObject({ chargesEnabled: true });
      expect(await sim.hostedInvoiceDetails('in_sim_x')).toBeNull();
      const invoice = await sendInvoice(sim, 'acct_sim_old', 'after-upgrade');
      const saved: unknown = JSON.parse(readFileSync(join(oldDir, 'state.json'), 'utf8'));
      expect(saved).toMatchObject({ donations: {}, hostedInvoices: { [invoice.id]: { status: 'open' } } });
    } finally {
      rmSync(oldDir, { recursive: true, force: true });
    }
  });

  it('keeps its state across a new instance on the same directory, with the same derived secret', async () => {
    const before = make();
    const { sessionId } = await checkout(before, 'premium_month', 'persist');
    const [hook] = await before.completeCheckout(sessionId, 'pay');
    const after = make();
    expect(after.webhookSecret).toBe(before.webhookSecret);
    expect(after.webhookSecret).toMatch(/^whsec_sim_/);
    const session = await after.retrieveCheckoutSession(sessionId);
    expect(session).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    if (!session?.subscriptionId || !hook) throw new Error('state lost');
    expect(await after.retrieveSubscription(session.subscriptionId)).toMatchObject({ status: 'active' });
    expect((await after.verifyWebhook(hook.rawBody, hook.signatureHeader)).type).toBe('checkout.session.completed');
    expect((await checkout(after, 'premium_month', 'persist')).sessionId).toBe(sessionId);
    expect(SIMULATOR_PRICES.premium_month).toBe(after.prices.priceIdOf('premium_month'));
  });
});

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

describe('payment settings', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pennant-payments-config-'));
  const base = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(40) };
  const stripeEnv = {
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    STRIPE_PRICE_PREMIUM_MONTH: 'price_m',
    STRIPE_PRICE_PREMIUM_YEAR: 'price_y',
  };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const log = createLogger('silent');

  it('uses the simulator without keys and Stripe with all of them', () => {
    expect(loadConfig(base).payments).toEqual({ provider: 'simulator', webhookSecret: undefined });
    expect(createPayments(loadConfig(base), log).kind).toBe('simulator');
    const config = loadConfig({ ...base, ...stripeEnv, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      prices: { premium_month: 'price_m', premium_year: 'price_y' },
      apiBase: { protocol: 'http', host: '127.0.0.1', port: 12111 },
    });
    expect(createPayments(config, log).kind).toBe('stripe');
  });

  it('refuses a key without its companions, and prices without a key', () => {
    expect(() => loadConfig({ ...base, ...stripeEnv, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is not set/,
    );
    expect(() => loadConfig({ ...base, STRIPE_PRICE_PREMIUM_MONTH: 'price_m' })).toThrow(/needs STRIPE_SECRET_KEY/);
  });

  it('warns that payments are simulated on a public address without keys', () => {
    const warnings: string[] = [];
    const spy = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    createPayments(loadConfig({ ...base, PUBLIC_URL: 'https://pennant.example.org', NODE_ENV: 'production' }), spy);
    expect(warnings.join('\n')).toMatch(/Payments are simulated/);
  });
});
