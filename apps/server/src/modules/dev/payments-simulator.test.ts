import type { TPlanReply } from '@pennant/shared/organization/schemas';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import type { TPaidPlanKey, TPaymentsSimulator } from '../../integrations/payments';
import { TEST_ORIGIN, type TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';

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

  describe('on a public PUBLIC_URL', () => {
    it('none of the pages exist', async () => {
      const local = env();
      const client = local.client();
      const { path } = await checkout(local, client);
      const publicApp = createApp({
        ...local.deps,
        config: { ...local.deps.config, publicUrl: 'https://pennant.example.org', localMode: false },
      });
      for (const p of [path, '/dev/payments/portal/cus_sim_x', '/dev/payments/onboarding/acct_sim_x']) {
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
