import type { TPlanReply } from '@pennant/shared/organization/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../app';
import { sql } from '../../db/client';
import type { TPaidPlanKey, TPaymentsSimulator } from '../../integrations/payments';
import { TEST_ORIGIN, type TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformQuery } from '../../test/team-fixtures';

const SUCCESS_URL = `${TEST_ORIGIN}/dashboard/settings?tab=billing&checkout=success&session_id={CHECKOUT_SESSION_ID}`;
const CANCEL_URL = `${TEST_ORIGIN}/dashboard/settings?tab=billing&checkout=canceled`;

function simulatorOf(env: TTestEnv): TPaymentsSimulator {
  const payments = env.deps.payments;
  if (payments.kind !== 'simulator') throw new Error('the test app should run on the payment simulator');
  return payments;
}

/** A browser's form POST: urlencoded, with our own Origin, redirects not followed. */
function submit(env: TTestEnv, path: string, fields: Record<string, string>, origin = TEST_ORIGIN) {
  return env.app.request(`${TEST_ORIGIN}${path}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

async function checkout(env: TTestEnv, client: TestClient, planKey: TPaidPlanKey = 'premium_month') {
  const owner = await ownerWithOrg(client);
  const session = await simulatorOf(env).createSubscriptionCheckout({
    orgId: owner.orgId,
    planKey,
    customerId: null,
    email: owner.email,
    successUrl: SUCCESS_URL,
    cancelUrl: CANCEL_URL,
    idempotencyKey: `test-${owner.orgId}-${planKey}`,
  });
  return { owner, ...session, path: `/dev/payments/checkout/${session.sessionId}` };
}

/** A connected account that takes charges, made on the simulator directly (no account.updated delivered). */
async function activeAccount(env: TTestEnv, orgId: string, email: string): Promise<string> {
  const sim = simulatorOf(env);
  const { accountId } = await sim.createConnectedAccount({ orgId, email, idempotencyKey: `test-account-${orgId}` });
  await sim.setAccountState(accountId, 'active');
  return accountId;
}

const DONATION_SUCCESS = `${TEST_ORIGIN}/give/thanks?session_id={CHECKOUT_SESSION_ID}`;
const DONATION_CANCEL = `${TEST_ORIGIN}/give?canceled=1`;

async function donation(env: TTestEnv, client: TestClient) {
  const owner = await ownerWithOrg(client);
  const accountId = await activeAccount(env, owner.orgId, owner.email);
  const session = await simulatorOf(env).createDonationCheckout({
    accountId,
    amountCents: 2500,
    description: 'Donation to Eastside Eagles',
    donorEmail: 'fan@example.org',
    successUrl: DONATION_SUCCESS,
    cancelUrl: DONATION_CANCEL,
    metadata: { orgId: owner.orgId, campaignId: 'camp-9' },
    idempotencyKey: `test-donation-${owner.orgId}`,
  });
  return { owner, accountId, ...session, path: `/dev/payments/donate/${session.sessionId}` };
}

async function hostedInvoice(env: TTestEnv, client: TestClient) {
  const owner = await ownerWithOrg(client);
  const accountId = await activeAccount(env, owner.orgId, owner.email);
  const invoice = await simulatorOf(env).createHostedInvoice({
    accountId,
    customer: { name: 'Acme Hardware', email: 'ap@acme.example' },
    lines: [
      { description: 'Outfield banner', unitAmountCents: 25_000, quantity: 1 },
      { description: 'Program ad', unitAmountCents: 2_500, quantity: 2 },
    ],
    dueDate: new Date(Date.UTC(2026, 2, 15)),
    memo: 'Season 2026 sponsorship',
    metadata: { orgId: owner.orgId, invoiceId: 'inv-7' },
    idempotencyKey: `test-invoice-${owner.orgId}`,
  });
  const path = new URL(invoice.hostedUrl ?? '').pathname;
  return { owner, accountId, invoice, path };
}

/** The recorded events about an object, as the webhook service stored them. */
function storedEvents(env: TTestEnv, objectId: string) {
  return platformQuery(
    env,
    z.object({ type: z.string(), account_id: z.string().nullable(), processed: z.boolean() }),
    sql`SELECT type, payload->>'accountId' AS account_id, processed_at IS NOT NULL AS processed
        FROM payment_event WHERE payload->>'objectId' = ${objectId} ORDER BY received_at, id`,
  );
}

forEachDatabase('the payment simulator pages', (env) => {
  describe('checkout', () => {
    it('shows a simulation banner, the plan, its price, the customer and the three buttons', async () => {
      const client = env().client();
      const { owner, url, path } = await checkout(env(), client);
      expect(url).toBe(`${TEST_ORIGIN}${path}`);
      const page = await client.get<string>(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.body).toContain('Simulated payment — no card is charged');
      expect(page.body).toContain('Pennant Premium — monthly');
      expect(page.body).toContain('4242 4242 4242 4242');
      expect(page.body).toContain(owner.email);
      expect(page.body).toContain('Pay $9.99');
      expect(page.body).toContain('Decline card');
      expect(page.body).toContain('>Cancel<');
      expect(page.body).toContain('name="viewport"');
      expect(page.body).not.toContain('Your card was declined');
    });

    it('prices the yearly plan at $99.99', async () => {
      const client = env().client();
      const { path } = await checkout(env(), client, 'premium_year');
      const page = await client.get<string>(path);
      expect(page.body).toContain('Pennant Premium — yearly');
      expect(page.body).toContain('Pay $99.99');
    });

    it('answers 404 for an unknown session, with a way back to billing', async () => {
      const page = await env().client().get<string>('/dev/payments/checkout/cs_sim_nope');
      expect(page.status).toBe(404);
      expect(page.body).toContain('There is no such checkout session.');
      expect(page.body).toContain('href="/dashboard/settings?tab=billing"');
      const post = await submit(env(), '/dev/payments/checkout/cs_sim_nope', { action: 'pay' });
      expect(post.status).toBe(404);
    });

    it('declining the card goes back to the page with the message, and the session stays open', async () => {
      const client = env().client();
      const { path } = await checkout(env(), client);
      const res = await submit(env(), path, { action: 'decline' });
      expect(res.status).toBe(303);
      const location = res.headers.get('location') ?? '';
      expect(new URL(location, TEST_ORIGIN).pathname).toBe(path);
      const page = await client.get<string>(location);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Your card was declined.');
      expect(page.body).toContain('Pay $9.99');
    });

    it('cancelling goes to the cancel URL and finishes the session', async () => {
      const client = env().client();
      const { path } = await checkout(env(), client);
      const res = await submit(env(), path, { action: 'cancel' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(CANCEL_URL);
      const page = await client.get<string>(path);
      expect(page.status).toBe(404);
      expect(page.body).toContain('canceled or has expired');
    });

    it('paying delivers the webhooks (the organization turns premium) and goes to the success URL', async () => {
      const client = env().client();
      const { sessionId, path } = await checkout(env(), client);
      const res = await submit(env(), path, { action: 'pay' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(SUCCESS_URL.replace('{CHECKOUT_SESSION_ID}', sessionId));
      const plan = await client.get<TPlanReply>('/api/plan');
      expect(plan.body).toMatchObject({ planKey: 'premium_month', status: 'active' });
      const again = await client.get<string>(path);
      expect(again.status).toBe(404);
      expect(again.body).toContain('already paid');
    });

    it('refuses a POST from another origin, or without an action', async () => {
      const client = env().client();
      const { path } = await checkout(env(), client);
      expect((await submit(env(), path, { action: 'pay' }, 'https://evil.example')).status).toBe(403);
      expect((await submit(env(), path, { action: 'refund' })).status).toBe(400);
      expect((await client.get(path)).status).toBe(200);
    });
  });

  describe('portal and onboarding', () => {
    it('the portal shows the subscription and cancels it at period end, then returns', async () => {
      const client = env().client();
      const sim = simulatorOf(env());
      const { sessionId, path } = await checkout(env(), client, 'premium_year');
      expect((await submit(env(), path, { action: 'pay' })).status).toBe(303);
      const session = await sim.retrieveCheckoutSession(sessionId);
      const customerId = session?.customerId;
      if (!customerId) throw new Error('the paid session should have a customer');
      const returnUrl = `${TEST_ORIGIN}/dashboard/settings?tab=billing`;
      const portal = await sim.createPortalSession({ customerId, returnUrl });
      const portalPath = new URL(portal.url).pathname;
      const page = await client.get<string>(portalPath);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Simulated payment — no card is charged');
      expect(page.body).toContain('Pennant Premium — yearly');
      expect(page.body).toContain('Renews on');
      expect(page.body).toContain('Cancel at period end');
      expect(page.body).toContain('Cancel now');
      expect(page.body).toContain('Return to Pennant');
      const res = await submit(env(), portalPath, { action: 'cancel_at_period_end' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(returnUrl);
      const after = await client.get<string>(portalPath);
      expect(after.body).toContain('Ends on');
      expect(after.body).not.toContain('Cancel at period end<');
      expect((await sim.listCustomerSubscriptions(customerId))[0]?.cancelAtPeriodEnd).toBe(true);
    });

    it('onboarding offers the three outcomes and returns to the return URL', async () => {
      const client = env().client();
      const sim = simulatorOf(env());
      const owner = await ownerWithOrg(client);
      const { accountId } = await sim.createConnectedAccount({
        orgId: owner.orgId,
        email: owner.email,
        idempotencyKey: `test-account-${owner.orgId}`,
      });
      const returnUrl = `${TEST_ORIGIN}/dashboard/settings?tab=payments&onboarding=return`;
      const link = await sim.createAccountLink({
        accountId,
        returnUrl,
        refreshUrl: `${TEST_ORIGIN}/dashboard/settings?tab=payments&onboarding=refresh`,
      });
      const path = new URL(link.url).pathname;
      const page = await client.get<string>(path);
      expect(page.status).toBe(200);
      for (const label of ['Complete onboarding', 'Leave with requirements', 'Leave incomplete']) {
        expect(page.body).toContain(label);
      }
      const res = await submit(env(), path, { action: 'requirements' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(returnUrl);
      expect((await sim.retrieveAccount(accountId))?.detailsSubmitted).toBe(true);
      expect((await client.get('/dev/payments/onboarding/acct_sim_nope')).status).toBe(404);
      expect((await client.get('/dev/payments/portal/cus_sim_nope')).status).toBe(404);
    });
  });

  describe('donation checkout', () => {
    it('shows a simulation banner, the description, the amount, the donor and the three buttons', async () => {
      const client = env().client();
      const { url, path } = await donation(env(), client);
      expect(url).toBe(`${TEST_ORIGIN}${path}`);
      const page = await client.get<string>(path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Simulated payment — no card is charged');
      expect(page.body).toContain('Donation to Eastside Eagles');
      expect(page.body).toContain('fan@example.org');
      expect(page.body).toContain('Pay $25.00');
      expect(page.body).toContain('Decline card');
      expect(page.body).toContain('>Cancel<');
      expect(page.body).not.toContain('Your card was declined');
      const missing = await client.get<string>('/dev/payments/donate/cs_sim_nope');
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('There is no such checkout session.');
    });

    it('declining shows the page again with the message; cancelling goes to the cancel URL', async () => {
      const client = env().client();
      const { sessionId, path } = await donation(env(), client);
      const declined = await submit(env(), path, { action: 'decline' });
      expect(declined.status).toBe(303);
      const location = declined.headers.get('location') ?? '';
      expect(new URL(location, TEST_ORIGIN).pathname).toBe(path);
      const page = await client.get<string>(location);
      expect(page.body).toContain('Your card was declined.');
      expect(page.body).toContain('Pay $25.00');
      const canceled = await submit(env(), path, { action: 'cancel' });
      expect(canceled.status).toBe(303);
      expect(canceled.headers.get('location')).toBe(DONATION_CANCEL);
      const gone = await client.get<string>(path);
      expect(gone.status).toBe(404);
      expect(gone.body).toContain('canceled or has expired');
      expect(await storedEvents(env(), sessionId)).toMatchObject([{ type: 'checkout.session.expired' }]);
    });

    it('paying records the signed event with its account, leaves the plan alone and goes to the success URL', async () => {
      const client = env().client();
      const { sessionId, accountId, path } = await donation(env(), client);
      const res = await submit(env(), path, { action: 'pay' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(DONATION_SUCCESS.replace('{CHECKOUT_SESSION_ID}', sessionId));
      expect(await storedEvents(env(), sessionId)).toEqual([
        { type: 'checkout.session.completed', account_id: accountId, processed: true },
      ]);
      // A donation is not a premium checkout.
      expect((await client.get<TPlanReply>('/api/plan')).body).toMatchObject({ planKey: 'free' });
      const again = await client.get<string>(path);
      expect(again.status).toBe(404);
      expect(again.body).toContain('already paid');
    });

    it('refuses a POST from another origin, or without an action', async () => {
      const client = env().client();
      const { path } = await donation(env(), client);
      expect((await submit(env(), path, { action: 'pay' }, 'https://evil.example')).status).toBe(403);
      expect((await submit(env(), path, { action: 'refund' })).status).toBe(400);
      expect((await client.get(path)).status).toBe(200);
    });
  });

  describe('hosted invoice', () => {
    it('shows the amount due, the lines, the due date, the status and the two buttons', async () => {
      const client = env().client();
      const { invoice, path } = await hostedInvoice(env(), client);
      expect(path).toBe(`/dev/payments/invoice/${invoice.id}`);
      const page = await client.get<string>(path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Simulated payment — no card is charged');
      expect(page.body).toContain('Amount due $300.00');
      for (const text of ['Outfield banner', '$250.00', 'Program ad', '$25.00 each', '$50.00', 'Acme Hardware']) {
        expect(page.body).toContain(text);
      }
      expect(page.body).toContain('March 15, 2026');
      expect(page.body).toContain('Season 2026 sponsorship');
      expect(page.body).toContain('>Open<');
      expect(page.body).toContain('Pay invoice $300.00');
      expect(page.body).toContain('Decline card');
      expect((await client.get('/dev/payments/invoice/in_sim_nope')).status).toBe(404);
    });

    it('a declined card keeps it open with the message; paying shows the Paid confirmation, without buttons', async () => {
      const client = env().client();
      const { invoice, accountId, path } = await hostedInvoice(env(), client);
      const declined = await submit(env(), path, { action: 'decline' });
      expect(declined.status).toBe(303);
      const again = await client.get<string>(declined.headers.get('location') ?? '');
      expect(again.body).toContain('Your card was declined.');
      expect(again.body).toContain('Pay invoice $300.00');

      const paid = await submit(env(), path, { action: 'pay' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(path);
      const confirmation = await client.get<string>(path);
      expect(confirmation.status).toBe(200);
      expect(confirmation.body).toContain('<h1>Paid</h1>');
      expect(confirmation.body).toContain('$300.00');
      expect(confirmation.body).not.toContain('<button');
      expect((await simulatorOf(env()).retrieveHostedInvoice(accountId, invoice.id))?.status).toBe('paid');
      expect(await storedEvents(env(), invoice.id)).toEqual([
        { type: 'invoice.payment_failed', account_id: accountId, processed: true },
        { type: 'invoice.paid', account_id: accountId, processed: true },
      ]);
      // A second payment is refused.
      expect((await submit(env(), path, { action: 'pay' })).status).toBe(409);
    });

    it('a void invoice shows its status and no buttons, and cannot be paid', async () => {
      const client = env().client();
      const { invoice, accountId, path } = await hostedInvoice(env(), client);
      await simulatorOf(env()).voidHostedInvoice(accountId, invoice.id);
      const page = await client.get<string>(path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Void');
      expect(page.body).toContain('can no longer be paid');
      expect(page.body).not.toContain('<button');
      const res = await submit(env(), path, { action: 'pay' });
      expect(res.status).toBe(409);
      expect(await res.text()).toContain('is void');
      expect((await submit(env(), path, { action: 'pay' }, 'https://evil.example')).status).toBe(403);
      expect((await submit(env(), path, { action: 'cancel' })).status).toBe(400);
    });
  });

  describe('connected account dashboard', () => {
    it('shows the account, its status and flags, and a way back to the Payments tab', async () => {
      const client = env().client();
      const owner = await ownerWithOrg(client);
      const sim = simulatorOf(env());
      const { accountId } = await sim.createConnectedAccount({
        orgId: owner.orgId,
        email: owner.email,
        idempotencyKey: `test-dashboard-${owner.orgId}`,
      });
      const { url } = await sim.createAccountLoginLink(accountId);
      const path = new URL(url).pathname;
      expect(path).toBe(`/dev/payments/dashboard/${accountId}`);
      const incomplete = await client.get<string>(path);
      expect(incomplete.status).toBe(200);
      expect(incomplete.body).toContain('Simulated payment — no card is charged');
      expect(incomplete.body).toContain(accountId);
      expect(incomplete.body).toContain('Incomplete');
      expect(incomplete.body).toContain('href="/dashboard/settings?tab=payments"');
      await sim.setAccountState(accountId, 'requirements');
      expect((await client.get<string>(path)).body).toContain('Pending verification');
      await sim.setAccountState(accountId, 'active');
      const active = await client.get<string>(path);
      expect(active.body).toContain('Complete');
      expect(active.body).toContain('<dt>Charges</dt><dd>Enabled</dd>');
      expect(active.body).toContain('<dt>Payouts</dt><dd>Enabled</dd>');
      expect((await client.get('/dev/payments/dashboard/acct_sim_nope')).status).toBe(404);
    });
  });

  describe('on a public PUBLIC_URL', () => {
    it('none of the pages exist', async () => {
      const local = env();
      const client = local.client();
      const { path } = await checkout(local, client);
      const publicApp = createApp({
        ...local.deps,
        config: { ...local.deps.config, publicUrl: 'https://pennant.example.org', localMode: false },
      });
      for (const p of [
        path,
        '/dev/payments/portal/cus_sim_x',
        '/dev/payments/onboarding/acct_sim_x',
        '/dev/payments/donate/cs_sim_x',
        '/dev/payments/invoice/in_sim_x',
        '/dev/payments/dashboard/acct_sim_x',
      ]) {
        expect((await publicApp.request(`https://pennant.example.org${p}`)).status).toBe(404);
      }
      const post = await publicApp.request(`https://pennant.example.org${path}`, {
        method: 'POST',
        headers: { origin: 'https://pennant.example.org', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
      });
      expect(post.status).toBe(404);
      // The session is untouched: it is still open on the local app.
      expect((await client.get(path)).status).toBe(200);
    });
  });
});
