import { CONNECT_MESSAGES, type TPaymentAccount } from '@pennant/shared/billing/connect';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../../db/client';
import type { TPaymentsSimulator, TSimulatedWebhook } from '../../integrations/payments';
import { PaymentsError } from '../../integrations/payments';
import type { TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { makePremium, platformExec, platformQuery, setPlan, teammate } from '../../test/team-fixtures';

function simulator(env: TTestEnv): TPaymentsSimulator {
  const payments = env.deps.payments;
  if (payments.kind !== 'simulator') throw new Error('tests run on the payment simulator');
  return payments;
}

async function deliverAll(env: TTestEnv, hooks: readonly TSimulatedWebhook[]) {
  for (const hook of hooks) {
    const res = await env.app.request('http://localhost:3999/api/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': hook.signatureHeader },
      body: hook.rawBody,
    });
    expect(res.status).toBe(200);
  }
}

const account = async (client: TestClient) => {
  const res = await client.get<TPaymentAccount>('/api/payments/account');
  expect(res.status).toBe(200);
  return res.body;
};

/** Starts onboarding through the API; answers the account id the simulator's page names. */
async function startSetup(client: TestClient): Promise<string> {
  const res = await client.post<{ url: string }>('/api/payments/account/onboarding', {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const match = /^http:\/\/localhost:3999\/dev\/payments\/onboarding\/(acct_sim_[0-9a-f]+)$/.exec(res.body.url);
  expect(match, res.body.url).not.toBeNull();
  return match?.[1] ?? '';
}

async function premiumOwner(env: TTestEnv, name: string) {
  const owner = env.client();
  const { orgId } = await ownerWithOrg(owner, name);
  await makePremium(env, orgId);
  return { owner, orgId };
}

forEachDatabase('payment account', (env) => {
  it('starts Not Started, then onboarding left incomplete, then finished: each state read from the provider', async () => {
    const { owner } = await premiumOwner(env(), 'Connect Comets');
    expect(await account(owner)).toMatchObject({
      status: 'not_started',
      accountId: null,
      disabledReason: null,
      canAcceptPayments: false,
    });

    const accountId = await startSetup(owner);
    // The link's return and refresh addresses are the Payments tab, which reads the account again.
    expect(await simulator(env()).onboardingUrls(accountId)).toEqual({
      returnUrl: 'http://localhost:3999/dashboard/settings?tab=payments&stripe=success',
      refreshUrl: 'http://localhost:3999/dashboard/settings?tab=payments&stripe=incomplete',
    });
    expect((await account(owner)).status).toBe('setup_incomplete');

    // A second click continues with the same account.
    expect(await startSetup(owner)).toBe(accountId);

    await deliverAll(env(), await simulator(env()).setAccountState(accountId, 'incomplete'));
    expect(await account(owner)).toMatchObject({
      status: 'setup_incomplete',
      accountId,
      disabledReason: 'past_due',
      currentlyDue: expect.arrayContaining(['external_account']),
      canAcceptPayments: false,
    });

    await deliverAll(env(), await simulator(env()).setAccountState(accountId, 'requirements'));
    expect(await account(owner)).toMatchObject({
      status: 'disabled',
      onboardingComplete: true,
      disabledReason: 'pending_verification',
      pendingVerification: ['individual.verification.document'],
    });

    await deliverAll(env(), await simulator(env()).setAccountState(accountId, 'active'));
    expect(await account(owner)).toMatchObject({
      status: 'active',
      chargesEnabled: true,
      payoutsEnabled: true,
      disabledReason: null,
      canAcceptPayments: true,
    });

    const dashboard = await owner.post<{ url: string }>('/api/payments/account/dashboard', {});
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.url).toBe(`http://localhost:3999/dev/payments/dashboard/${accountId}`);
  });

  it('refresh reads the provider even when no event came (the return from onboarding)', async () => {
    const { owner } = await premiumOwner(env(), 'Refresh Rovers');
    const accountId = await startSetup(owner);
    // The simulator changes state, but its webhooks are never delivered.
    await simulator(env()).setAccountState(accountId, 'active');
    expect((await account(owner)).status).toBe('setup_incomplete');
    const res = await owner.post<TPaymentAccount>('/api/payments/account/refresh', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', canAcceptPayments: true });
    expect((await account(owner)).status).toBe('active');
  });

  it('an account.updated event delivered twice, or late after a reset, changes nothing more', async () => {
    const { owner, orgId } = await premiumOwner(env(), 'Replay Rangers');
    const accountId = await startSetup(owner);
    const hooks = await simulator(env()).setAccountState(accountId, 'active');
    await deliverAll(env(), hooks);
    const updatedAt = async () =>
      (
        await platformQuery(
          env(),
          z.object({ updated_at: z.string() }),
          sql`SELECT updated_at::text AS updated_at FROM organization WHERE id = ${orgId}`,
        )
      )[0]?.updated_at;
    const before = await updatedAt();
    await deliverAll(env(), hooks);
    expect(await updatedAt()).toBe(before);

    const reset = await owner.post<TPaymentAccount>('/api/payments/account/reset', { deleteAccount: true });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ status: 'not_started', accountId: null });
    expect(await simulator(env()).retrieveAccount(accountId)).toBeNull();
    // The old account's event arrives after the reset: the organization stays reset.
    const late = hooks.map((h) => ({ ...h }));
    await deliverAll(env(), late);
    expect((await account(owner)).status).toBe('not_started');
  });

  it('Reset & Start Over forgets the account, sets card invoices back to manual, and a new setup makes a new account', async () => {
    const { owner, orgId } = await premiumOwner(env(), 'Restart Raiders');
    const first = await startSetup(owner);
    await deliverAll(env(), await simulator(env()).setAccountState(first, 'active'));
    await platformExec(env(), sql`UPDATE organization SET default_payment_method = 'stripe' WHERE id = ${orgId}`);

    const res = await owner.post<TPaymentAccount>('/api/payments/account/reset', {});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('not_started');
    const [row] = await platformQuery(
      env(),
      z.object({ default_payment_method: z.string(), stripe_requirements: z.unknown() }),
      sql`SELECT default_payment_method, stripe_requirements FROM organization WHERE id = ${orgId}`,
    );
    expect(row).toEqual({ default_payment_method: 'manual', stripe_requirements: null });

    const second = await startSetup(owner);
    expect(second).not.toBe(first);
  });

  it('a provider that fails: setup, refresh and reset answer 502 with the spec’s words and change nothing', async () => {
    const { owner } = await premiumOwner(env(), 'Outage Otters');
    const accountId = await startSetup(owner);
    const sim = simulator(env());
    const down = () => Promise.reject(new PaymentsError('Simulated outage', 503));
    const original = {
      createAccountLink: sim.createAccountLink,
      retrieveAccount: sim.retrieveAccount,
      deleteConnectedAccount: sim.deleteConnectedAccount,
    };
    sim.createAccountLink = down;
    sim.retrieveAccount = down;
    sim.deleteConnectedAccount = down;
    try {
      const setup = await owner.post<{ error: { message: string } }>('/api/payments/account/onboarding', {});
      expect(setup.status).toBe(502);
      expect(setup.body.error.message).toBe(CONNECT_MESSAGES.noOauthUrl);
      const refresh = await owner.post<{ error: { message: string } }>('/api/payments/account/refresh', {});
      expect(refresh.status).toBe(502);
      expect(refresh.body.error.message).toBe(CONNECT_MESSAGES.invalidResponse);
      const reset = await owner.post<{ error: { message: string } }>('/api/payments/account/reset', {});
      expect(reset.status).toBe(502);
      expect(reset.body.error.message).toBe(CONNECT_MESSAGES.resetFailed);
    } finally {
      Object.assign(sim, original);
    }
    expect(await account(owner)).toMatchObject({ status: 'setup_incomplete', accountId });
  });

  it('refuses setup on the free plan and every change to a read-only member', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Free Falcons');
    const setup = await owner.post<{ error: { message: string } }>('/api/payments/account/onboarding', {});
    expect(setup.status).toBe(403);
    expect(setup.body.error.message).toBe(CONNECT_MESSAGES.premiumRequired);
    expect((await account(owner)).status).toBe('not_started');

    const viewer = await teammate(env(), owner, orgId, ['read_only']);
    expect((await account(viewer.client)).status).toBe('not_started');
    for (const path of ['onboarding', 'refresh', 'dashboard', 'reset']) {
      const res = await viewer.client.post(`/api/payments/account/${path}`, {});
      expect(res.status, path).toBe(403);
    }
    // A lapsed premium plan cannot start setup either.
    await setPlan(env(), orgId, 'premium_month', 'past_due');
    expect((await owner.post('/api/payments/account/onboarding', {})).status).toBe(403);
  });

  it('the dashboard link needs an account (409)', async () => {
    const { owner } = await premiumOwner(env(), 'Dashless Dolphins');
    const res = await owner.post<{ error: { message: string } }>('/api/payments/account/dashboard', {});
    expect(res.status).toBe(409);
  });
});
