import { BILLING_MESSAGES, type TReceiptList, type TVerifyResult } from '@pennant/shared/billing/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../../db/client';
import {
  PaymentsError,
  type TPaymentsSimulator,
  type TSimulatedWebhook,
  type TSubscription,
} from '../../integrations/payments';
import type { TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformExec, platformQuery, teammate } from '../../test/team-fixtures';
import { planFieldsOf } from './billing.common';
import { processPaymentEvent } from './payment-events.service';
import { sweepPaymentEvents } from './payment-sweep.service';

interface TPlan {
  planKey: string;
  status: string | null;
  expiresAt: string | null;
}

const DAY_MS = 86_400_000;

function simulator(env: TTestEnv): TPaymentsSimulator {
  const payments = env.deps.payments;
  if (payments.kind !== 'simulator') throw new Error('tests run on the payment simulator');
  return payments;
}

/** POSTs a webhook as the provider does: its raw body, its signature, no Origin, no cookie. */
async function deliver(env: TTestEnv, hook: TSimulatedWebhook, signature = hook.signatureHeader) {
  const res = await env.app.request('http://localhost:3999/api/payments/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: hook.rawBody,
  });
  return { status: res.status, body: await res.json() };
}

async function deliverAll(env: TTestEnv, hooks: readonly TSimulatedWebhook[]) {
  for (const hook of hooks) expect(await deliver(env, hook)).toEqual({ status: 200, body: { ok: true } });
}

/** A checkout started through the API; answers its session id (the last part of the page's URL). */
async function startCheckout(client: TestClient, planKey: 'premium_month' | 'premium_year' = 'premium_month') {
  const res = await client.post<{ url: string }>('/api/billing/checkout', { planKey });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sessionId = res.body.url.split('/').pop() ?? '';
  expect(res.body.url).toBe(`http://localhost:3999/dev/payments/checkout/${sessionId}`);
  return sessionId;
}

async function subscriptionOf(env: TTestEnv, sessionId: string): Promise<string> {
  const session = await simulator(env).retrieveCheckoutSession(sessionId);
  if (!session?.subscriptionId) throw new Error('no subscription');
  return session.subscriptionId;
}

const plan = async (client: TestClient) => (await client.get<TPlan>('/api/plan')).body;

function organizationRow(env: TTestEnv, orgId: string) {
  return platformQuery(
    env,
    z.object({ updated_at: z.string(), stripe_customer_id: z.string().nullable() }),
    sql`SELECT updated_at::text AS updated_at, stripe_customer_id FROM organization WHERE id = ${orgId}`,
  );
}

function hookType(hook: TSimulatedWebhook): string {
  return z.object({ type: z.string() }).parse(JSON.parse(hook.rawBody)).type;
}

describe('plan fields from a subscription', () => {
  const sub: TSubscription = {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    planKey: 'premium_year',
    currentPeriodEnd: new Date('2026-03-01T00:00:00Z'),
    cancelAtPeriodEnd: true,
  };
  it('keeps a subscription that cancels at period end active until the period is over', () => {
    expect(planFieldsOf(sub, new Date('2026-02-01T00:00:00Z')).status).toBe('active');
    expect(planFieldsOf(sub, new Date('2026-03-02T00:00:00Z')).status).toBe('canceled');
    expect(planFieldsOf({ ...sub, cancelAtPeriodEnd: false }, new Date('2026-03-02T00:00:00Z')).status).toBe('active');
  });
});

forEachDatabase('billing', (env) => {
  it('pays a monthly checkout: webhooks make the plan premium and leave one receipt with a PDF', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Paying Pirates');
    expect(await plan(owner)).toMatchObject({ planKey: 'free', status: null });
    const sessionId = await startCheckout(owner);
    const hooks = await simulator(env()).completeCheckout(sessionId, 'pay');
    expect(hooks.map(hookType)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    await deliverAll(env(), hooks);

    const after = await plan(owner);
    expect(after).toMatchObject({ planKey: 'premium_month', status: 'active' });
    const ahead = Date.parse(after.expiresAt ?? '') - Date.now();
    expect(ahead).toBeGreaterThan(27 * DAY_MS);
    expect(ahead).toBeLessThan(32 * DAY_MS);
    // The session (what the menu and gates read) shows it at once, without waiting for its cache.
    const session = await owner.get<{ session: { plan: TPlan } }>('/api/session');
    expect(session.body.session.plan).toMatchObject({ planKey: 'premium_month', status: 'active' });

    const receipts = await owner.get<TReceiptList>('/api/billing/receipts');
    expect(receipts.status).toBe(200);
    expect(receipts.body.receipts).toEqual([
      { id: expect.any(String), paidAt: expect.any(String), amountPaidCents: 999, hostedUrl: null, hasPdf: true },
    ]);
    const [receipt] = receipts.body.receipts;
    const link = await owner.post<{ url: string; fileName: string }>(`/api/billing/receipts/${receipt?.id}/pdf`);
    expect(link.status).toBe(200);
    expect(link.body.url.startsWith('http://localhost:3999/api/files/')).toBe(true);
    expect(link.body.fileName).toMatch(/^Pennant-receipt-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = await env().app.request(link.body.url);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // The portal opens for the customer the checkout made.
    const portal = await owner.post<{ url: string }>('/api/billing/portal');
    expect(portal.status).toBe(200);
    const [org] = await organizationRow(env(), orgId);
    expect(portal.body.url).toBe(`http://localhost:3999/dev/payments/portal/${org?.stripe_customer_id}`);

    // Every event delivered twice more: still one receipt, and the organization is not touched again.
    await deliverAll(env(), [...hooks, ...hooks]);
    const [again] = await organizationRow(env(), orgId);
    expect(again?.updated_at).toEqual(org?.updated_at);
    expect((await owner.get<TReceiptList>('/api/billing/receipts')).body.receipts).toHaveLength(1);
    const events = await platformQuery(
      env(),
      z.object({ id: z.string(), processed: z.boolean(), attempts: z.number() }),
      sql`SELECT id, processed_at IS NOT NULL AS processed, attempts FROM payment_event
          WHERE payload->'data'->>'id' = ${sessionId} OR payload->'data'->>'customer' = ${org?.stripe_customer_id ?? ''}`,
    );
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.processed && e.attempts === 1)).toBe(true);
    // The job itself is idempotent too: running it on a processed event does nothing.
    for (const e of events) await processPaymentEvent(env().deps, e.id);
    const [still] = await organizationRow(env(), orgId);
    expect(still?.updated_at).toEqual(org?.updated_at);
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'Forged Falcons');
    const sessionId = await startCheckout(owner, 'premium_year');
    const hooks = await simulator(env()).completeCheckout(sessionId, 'pay');
    for (const hook of hooks) {
      const forged = await deliver(env(), hook, 't=1,v1=0000');
      expect(forged).toEqual({ status: 400, body: { error: { code: 'bad_request', message: 'Invalid signature' } } });
      const tampered = await deliver(env(), { ...hook, rawBody: `${hook.rawBody} ` });
      expect(tampered.status).toBe(400);
    }
    const missing = await env().app.request('http://localhost:3999/api/payments/webhook', {
      method: 'POST',
      body: hooks[0]?.rawBody,
    });
    expect(missing.status).toBe(400);
    // The same-origin exemption is this one path and method: its neighbours still need an Origin.
    for (const [method, path] of [
      ['POST', '/api/payments/webhooks'],
      ['POST', '/api/payments/webhook/x'],
      ['PUT', '/api/payments/webhook'],
      ['POST', '/api/billing/checkout'],
    ]) {
      const res = await env().app.request(`http://localhost:3999${path}`, { method, body: '{}' });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const ids = hooks.map((h) => z.object({ id: z.string() }).parse(JSON.parse(h.rawBody)).id);
    const stored = await platformQuery(
      env(),
      z.object({ id: z.string() }),
      sql`SELECT id FROM payment_event WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(stored).toEqual([]);
    expect(await plan(owner)).toMatchObject({ planKey: 'free', status: null });
    expect((await owner.get<TReceiptList>('/api/billing/receipts')).body.receipts).toEqual([]);
  });

  it('follows the provider when events come out of order (deleted before created)', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'Shuffled Sharks');
    const sessionId = await startCheckout(owner);
    const sim = simulator(env());
    const [completed, created, invoice] = await sim.completeCheckout(sessionId, 'pay');
    const [deleted] = await sim.cancelSubscription(await subscriptionOf(env(), sessionId), false);
    if (!completed || !created || !invoice || !deleted) throw new Error('missing webhooks');
    // The subscription's deletion first (no organization knows its customer yet), then the rest.
    await deliverAll(env(), [deleted, completed, created, invoice]);
    const after = await plan(owner);
    expect(after).toMatchObject({ planKey: 'premium_month', status: 'canceled' });
    expect(after.expiresAt).not.toBeNull();
    expect((await owner.get<TReceiptList>('/api/billing/receipts')).body.receipts).toHaveLength(1);
    // A late 'created' again cannot bring it back.
    await deliverAll(env(), [created]);
    expect(await plan(owner)).toMatchObject({ status: 'canceled' });
  });

  it('keeps an invoice that comes before its checkout and records it once the checkout is known', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'Early Eagles');
    const sessionId = await startCheckout(owner);
    const [completed, created, invoice] = await simulator(env()).completeCheckout(sessionId, 'pay');
    if (!completed || !created || !invoice) throw new Error('missing webhooks');
    await deliverAll(env(), [invoice, created]);
    expect((await owner.get<TReceiptList>('/api/billing/receipts')).body.receipts).toEqual([]);
    await deliverAll(env(), [completed, invoice]);
    expect(await plan(owner)).toMatchObject({ planKey: 'premium_month', status: 'active' });
    expect((await owner.get<TReceiptList>('/api/billing/receipts')).body.receipts).toHaveLength(1);
  });

  it('answers 502 with the spec’s words when the provider fails, and changes nothing', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'Outage Ospreys');
    const sim = simulator(env());
    const original = { checkout: sim.createSubscriptionCheckout };
    sim.createSubscriptionCheckout = () => Promise.reject(new PaymentsError('Simulated outage', 503));
    try {
      const res = await owner.post<{ error: { message: string } }>('/api/billing/checkout', {
        planKey: 'premium_year',
      });
      expect(res.status).toBe(502);
      expect(res.body.error.message).toBe(BILLING_MESSAGES.noCheckoutUrl);
    } finally {
      sim.createSubscriptionCheckout = original.checkout;
    }
    expect(await plan(owner)).toMatchObject({ planKey: 'free', status: null });
  });

  it('the sweep hands an event whose job gave up to the job again, once', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'Swept Swallows');
    const sessionId = await startCheckout(owner);
    const [completed, created, invoice] = await simulator(env()).completeCheckout(sessionId, 'pay');
    if (!completed || !created || !invoice) throw new Error('missing webhooks');
    // The invoice comes first and its job fails (no organization has the customer yet); the queue
    // has given up on it by the time the checkout is handled, and no one delivers it again.
    await deliverAll(env(), [invoice, completed, created]);
    expect((await owner.get<TReceiptList>('/api/billing/receipts')).body.receipts).toEqual([]);
    const invoiceId = z.object({ id: z.string() }).parse(JSON.parse(invoice.rawBody)).id;
    // Too recent to be stale: the sweep leaves it to the queue's own retries.
    expect(await sweepPaymentEvents(env().deps)).toBe(0);
    await platformExec(
      env(),
      sql`UPDATE payment_event SET received_at = now() - interval '20 minutes' WHERE id = ${invoiceId}`,
    );
    expect(await sweepPaymentEvents(env().deps)).toBe(1);
    expect((await owner.get<TReceiptList>('/api/billing/receipts')).body.receipts).toHaveLength(1);
    expect(await sweepPaymentEvents(env().deps)).toBe(0);
  });

  it('verifies a checkout without webhooks, and only the organization’s own', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'Verified Vipers');
    const sessionId = await startCheckout(owner, 'premium_year');
    const open = await owner.post<TVerifyResult>('/api/billing/verify', { sessionId });
    expect(open.body).toEqual({ active: false, planKey: 'free', status: null, currentPeriodEnd: null });
    await simulator(env()).completeCheckout(sessionId, 'pay');

    const other = env().client();
    await ownerWithOrg(other, 'Other Otters');
    const foreign = await other.post('/api/billing/verify', { sessionId });
    expect(foreign.status).toBe(404);
    expect((await other.post('/api/billing/verify', { sessionId: 'cs_sim_nonexistent' })).status).toBe(404);
    expect(await plan(other)).toMatchObject({ planKey: 'free' });

    const verified = await owner.post<TVerifyResult>('/api/billing/verify', { sessionId });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ active: true, planKey: 'premium_year', status: 'active' });
    const ahead = Date.parse(verified.body.currentPeriodEnd ?? '') - Date.now();
    expect(ahead).toBeGreaterThan(360 * DAY_MS);
    expect(await plan(owner)).toMatchObject({ planKey: 'premium_year', status: 'active' });

    const manual = await owner.post<TVerifyResult>('/api/billing/verify-subscription');
    expect(manual.body).toMatchObject({ active: true, planKey: 'premium_year', status: 'active' });
    const none = await other.post<TVerifyResult>('/api/billing/verify-subscription');
    expect(none.body).toEqual({ active: false, planKey: 'free', status: null, currentPeriodEnd: null });
  });

  it('gives a new checkout after a cancelled one, not the cancelled session again', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'Second-try Sharks');
    const first = await startCheckout(owner);
    await deliverAll(env(), await simulator(env()).completeCheckout(first, 'cancel'));
    const second = await startCheckout(owner);
    expect(second).not.toBe(first);
    expect((await simulator(env()).retrieveCheckoutSession(second))?.status).toBe('open');
  });

  it('answers 409 for the portal without a customer', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'Portal-less Pumas');
    const res = await owner.post('/api/billing/portal');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: BILLING_MESSAGES.noCustomer } });
  });

  it('keeps a subscription that cancels at period end active until then', async () => {
    const owner = env().client();
    await ownerWithOrg(owner, 'Leaving Lions');
    const sessionId = await startCheckout(owner);
    const sim = simulator(env());
    await deliverAll(env(), await sim.completeCheckout(sessionId, 'pay'));
    const subscriptionId = await subscriptionOf(env(), sessionId);
    const before = await plan(owner);
    await deliverAll(env(), await sim.cancelSubscription(subscriptionId, true));
    expect(await sim.retrieveSubscription(subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await plan(owner)).toEqual({ ...before, status: 'active' });
    // Ended at once later: canceled, with the plan and the end date kept.
    await deliverAll(env(), await sim.cancelSubscription(subscriptionId, false));
    expect(await plan(owner)).toMatchObject({
      planKey: 'premium_month',
      status: 'canceled',
      expiresAt: before.expiresAt,
    });
  });

  it('refuses checkout and portal to a read-only member (403), but lets them read receipts', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Watching Wolves');
    const { client: viewer } = await teammate(env(), owner, orgId, ['read_only']);
    expect((await viewer.post('/api/billing/checkout', { planKey: 'premium_month' })).status).toBe(403);
    expect((await viewer.post('/api/billing/portal')).status).toBe(403);
    expect((await viewer.get('/api/billing/receipts')).status).toBe(200);
  });
});
