import { donationErrorMessage } from '@pennant/shared/fundraising/rules';
import { FUNDRAISING_MESSAGES as M, type TDonationCheckoutInput } from '@pennant/shared/fundraising/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { column, sql } from '../../db/client';
import { withPlatform } from '../../db/tenant';
import { TEST_ORIGIN } from '../../test/client';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { makePremium, platformExec, platformQuery } from '../../test/team-fixtures';
import { activePaymentAccount, deliverAll, simulator } from '../invoices/fixtures/invoice-fixtures';
import { applyDonationCheckout } from './donation-payments.service';
import { createDonationCheckout, DONATION_RATE_LIMIT, publicCampaign } from './donations.service';
import { fundraisingOrg, readyPaymentAccount, seedCampaign, type TSeededCampaign } from './fixtures/launch-fixtures';

const BASE = 'http://localhost:3999';

const ZDonation = z.object({
  id: z.string(),
  org_id: z.string(),
  status: z.string(),
  amount_cents: column.count,
  player_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  donor_name: z.string().nullable(),
  donor_email: z.string().nullable(),
  checkout_session_id: z.string().nullable(),
  stripe_account_id: z.string().nullable(),
  stripe_payment_intent_id: z.string().nullable(),
  paid_at: column.instant.nullable(),
});

function donationsOf(env: TTestEnv, campaignId: string) {
  return platformQuery(
    env,
    ZDonation,
    sql`SELECT id, org_id, status, amount_cents, player_id, contact_id, donor_name, donor_email, checkout_session_id,
               stripe_account_id, stripe_payment_intent_id, paid_at
        FROM donation WHERE campaign_id = ${campaignId} ORDER BY created_at, id`,
  );
}

function receiptsOf(env: TTestEnv, donationId: string) {
  return platformQuery(
    env,
    z.object({
      to: z.array(z.string()),
      subject: z.string(),
      text: z.string().nullable(),
      from_name: z.string().nullable(),
    }),
    sql`SELECT "to", subject, text, from_name FROM email_message WHERE idempotency_key = ${`donation-receipt:${donationId}`}`,
  );
}

/** An organization whose payment account takes cards (onboarded on the simulator), with a player campaign. */
async function donationSetup(env: TTestEnv, name: string) {
  const org = await fundraisingOrg(env, name);
  // Setting up the payment account is a Premium feature; taking donations on it is not.
  await makePremium(env, org.orgId);
  const accountId = await activePaymentAccount(env, org.client);
  const campaign = await seedCampaign(env, org.orgId, {
    name: 'Spring Drive',
    status: 'sent',
    players: ['Avery', 'Blake'],
    contacts: [
      { name: 'Pat Parent', email: 'pat@example.org', player: 'Avery' },
      { name: 'Robin Relative', email: 'robin@example.org', player: 'Blake' },
    ],
  });
  return { ...org, accountId, campaign };
}

const idOf = (map: Map<string, string>, key: string): string => {
  const id = map.get(key);
  if (!id) throw new Error(`no ${key}`);
  return id;
};

function input(campaign: TSeededCampaign, extra: Partial<TDonationCheckoutInput> = {}): TDonationCheckoutInput {
  return { campaignId: campaign.id, amountCents: 5000, donorEmail: null, playerId: null, contactId: null, ...extra };
}

const sessionIdOf = (url: string): string => {
  const id = /\/dev\/payments\/donate\/(cs_sim_[0-9a-f]+)$/.exec(url)?.[1];
  if (!id) throw new Error(`no simulator session in ${url}`);
  return id;
};

/** The browser on the simulator's page: Pay (or Cancel), which delivers the webhook and redirects. */
function pressOnSimulator(env: TTestEnv, checkoutUrl: string, action: 'pay' | 'cancel') {
  return env.app.request(`${TEST_ORIGIN}${new URL(checkoutUrl).pathname}`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  });
}

forEachDatabase('fundraising: public donations', (env) => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('end to end in local mode: a signed-out donor reads the campaign, checks out on the simulator, pays', async () => {
    const { orgId, campaign } = await donationSetup(env(), 'Loop Boosters');
    const donor = env().client();
    const read = await donor.get(`/api/public/campaigns/${campaign.id}`);
    expect(read).toMatchObject({
      status: 200,
      body: {
        id: campaign.id,
        name: 'Spring Drive',
        campaignType: 'player',
        behalfOfName: null,
        organizationName: 'Loop Boosters',
      },
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect(await donor.get(`/api/public/campaigns/${id}`)).toMatchObject({
        status: 404,
        body: { error: { message: 'Campaign not found' } },
      });
    }
    expect(
      await donor.post('/api/public/donations', { campaignId: campaign.id, amountCents: 50, donorEmail: null }),
    ).toMatchObject({ status: 400, body: { error: { message: 'Minimum donation is $1.00' } } });

    const started = await donor.post<{ checkoutUrl: string }>('/api/public/donations', {
      campaignId: campaign.id,
      amountCents: 5000,
      donorEmail: 'loop@example.org',
      playerId: idOf(campaign.players, 'Avery'),
      contactId: null,
    });
    expect(started.status).toBe(200);
    const { checkoutUrl } = started.body;
    const page = await donor.get<string>(new URL(checkoutUrl).pathname);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Pay $50.00');
    expect(page.body).toContain('Donation to Loop Boosters: Spring Drive');
    expect((await donationsOf(env(), campaign.id)).map((d) => d.status)).toEqual(['pending']);

    const paid = await pressOnSimulator(env(), checkoutUrl, 'pay');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(back.pathname).toBe('/donate/success');
    expect(back.searchParams.get('campaign_id')).toBe(campaign.id);
    const [donation] = await donationsOf(env(), campaign.id);
    expect(donation).toMatchObject({
      org_id: orgId,
      status: 'paid',
      checkout_session_id: back.searchParams.get('session_id'),
    });
    expect(await receiptsOf(env(), donation?.id ?? '')).toHaveLength(1);
  });

  describe('the donation page’s campaign', () => {
    it('shows the campaign, its type, on behalf of and the organization’s name, with no one signed in', async () => {
      const { orgId } = await fundraisingOrg(env(), 'Eastside Alumni');
      const campaign = await seedCampaign(env(), orgId, {
        name: 'Alumni Fund',
        type: 'alumni',
        behalfOfName: 'Coach Rivera',
      });
      expect(await publicCampaign(env().deps, campaign.id)).toEqual({
        id: campaign.id,
        name: 'Alumni Fund',
        campaignType: 'alumni',
        behalfOfName: 'Coach Rivera',
        organizationName: 'Eastside Alumni',
      });
    });

    it('answers 404 Campaign not found for a deleted, unknown or malformed id', async () => {
      const { orgId } = await fundraisingOrg(env(), 'Deleted Boosters');
      const campaign = await seedCampaign(env(), orgId);
      await platformExec(env(), sql`UPDATE fundraising_campaign SET is_deleted = true WHERE id = ${campaign.id}`);
      for (const id of [campaign.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
        await expect(publicCampaign(env().deps, id)).rejects.toMatchObject({
          code: 'not_found',
          message: 'Campaign not found',
        });
      }
      await expect(createDonationCheckout(env().deps, input(campaign))).rejects.toMatchObject({
        code: 'not_found',
        message: 'Campaign not found',
      });
    });
  });

  describe('starting a donation', () => {
    it('writes a pending donation and answers the simulator’s checkout on the organization’s account', async () => {
      const { orgId, accountId, campaign } = await donationSetup(env(), 'Checkout Boosters');
      const avery = idOf(campaign.players, 'Avery');
      const pat = idOf(campaign.contacts, 'pat@example.org');
      const { checkoutUrl } = await createDonationCheckout(
        env().deps,
        input(campaign, { amountCents: 5000, donorEmail: 'pat@example.org', playerId: avery, contactId: pat }),
      );
      expect(checkoutUrl).toMatch(/^http:\/\/localhost:3999\/dev\/payments\/donate\/cs_sim_[0-9a-f]+$/);
      const sessionId = sessionIdOf(checkoutUrl);

      const [donation, ...more] = await donationsOf(env(), campaign.id);
      expect(more).toEqual([]);
      expect(donation).toMatchObject({
        org_id: orgId,
        status: 'pending',
        amount_cents: 5000,
        player_id: avery,
        contact_id: pat,
        donor_name: 'Pat Parent',
        donor_email: 'pat@example.org',
        checkout_session_id: sessionId,
        stripe_account_id: accountId,
        paid_at: null,
      });

      // What the provider was asked for: the amount on the account, the pages, the donation's ids.
      expect(await simulator(env()).donationDetails(sessionId)).toMatchObject({
        accountId,
        status: 'open',
        amountCents: 5000,
        donorEmail: 'pat@example.org',
        description: 'Donation to Checkout Boosters: Spring Drive',
        successUrl: `${BASE}/donate/success?session_id=${sessionId}&campaign_id=${campaign.id}`,
        cancelUrl: `${BASE}/donate/cancel?campaign_id=${campaign.id}&player_id=${avery}&contact_id=${pat}`,
      });
      const session = await simulator(env()).retrieveCheckoutSession(sessionId, accountId);
      expect(session?.metadata).toEqual({
        donationId: donation?.id,
        orgId,
        campaignId: campaign.id,
        playerId: avery,
        contactId: pat,
      });
    });

    it('ignores a player or contact not in the campaign, and takes the player from a known contact', async () => {
      const { campaign, orgId } = await donationSetup(env(), 'Link Boosters');
      const other = await seedCampaign(env(), orgId, {
        name: 'Other Drive',
        players: ['Casey'],
        contacts: [{ name: 'Sam Stranger', email: 'sam@example.org', player: 'Casey' }],
      });
      await createDonationCheckout(
        env().deps,
        input(campaign, {
          playerId: idOf(other.players, 'Casey'),
          contactId: idOf(other.contacts, 'sam@example.org'),
        }),
      );
      const robin = idOf(campaign.contacts, 'robin@example.org');
      await createDonationCheckout(env().deps, input(campaign, { contactId: robin, amountCents: 2500 }));
      const rows = await donationsOf(env(), campaign.id);
      expect(rows.map((d) => [d.player_id, d.contact_id, d.donor_name, d.status])).toEqual([
        [null, null, null, 'pending'],
        [idOf(campaign.players, 'Blake'), robin, 'Robin Relative', 'pending'],
      ]);
    });

    it('refuses with the phrase the page translates when the organization has no payment account', async () => {
      const { orgId } = await fundraisingOrg(env(), 'Unconnected Boosters');
      const campaign = await seedCampaign(env(), orgId);
      const refused = await createDonationCheckout(env().deps, input(campaign)).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toMatchObject({ code: 'conflict' });
      const message = refused instanceof Error ? refused.message : '';
      expect(message).toContain('payment account is not set up');
      expect(message).toContain(M.providerNotSetUp);
      expect(
        donationErrorMessage(message, {
          providerNotSetUp: M.providerNotSetUp,
          chargesNotEnabled: M.chargesNotEnabled,
          notYet: M.paymentNotYetAvailable,
          temporarily: M.paymentTemporarilyUnavailable,
          fallback: M.donationFailed,
        }),
      ).toBe(M.paymentNotYetAvailable);
      expect(await donationsOf(env(), campaign.id)).toEqual([]);
    });

    it('refuses with charges not enabled while the account’s onboarding is unfinished', async () => {
      const { client, orgId } = await fundraisingOrg(env(), 'Onboarding Boosters');
      await makePremium(env(), orgId);
      const started = await client.post<{ url: string }>('/api/payments/account/onboarding', {});
      expect(started.status).toBe(200);
      const campaign = await seedCampaign(env(), orgId);
      const refused = createDonationCheckout(env().deps, input(campaign));
      await expect(refused).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('charges not enabled'),
      });
      expect(await donationsOf(env(), campaign.id)).toEqual([]);
    });

    it('answers 502 Failed to process donation when the provider fails, leaving no donation', async () => {
      const { orgId } = await fundraisingOrg(env(), 'Broken Boosters');
      // The organization believes its account is ready; the provider knows no such account.
      await readyPaymentAccount(env(), orgId);
      const campaign = await seedCampaign(env(), orgId);
      await expect(createDonationCheckout(env().deps, input(campaign))).rejects.toMatchObject({
        code: 'bad_gateway',
        message: 'Failed to process donation',
      });
      expect(await donationsOf(env(), campaign.id)).toEqual([]);
    });

    it(`limits one client to ${DONATION_RATE_LIMIT.attempts} attempts in ${DONATION_RATE_LIMIT.windowSeconds / 60} minutes`, async () => {
      const { orgId } = await fundraisingOrg(env(), 'Busy Boosters');
      const campaign = await seedCampaign(env(), orgId);
      const attempt = (ip: string) =>
        createDonationCheckout(env().deps, input(campaign), { ip }).then(
          () => 'ok',
          (err: unknown) => (err instanceof Error ? err.message : 'failed'),
        );
      const ip = '198.51.100.20';
      for (let i = 0; i < DONATION_RATE_LIMIT.attempts; i++) {
        // Each attempt is counted, whatever its outcome (here: no payment account).
        expect(await attempt(ip)).toContain(M.providerNotSetUp);
      }
      expect(await attempt(ip)).toBe(M.donationRateLimited);
      await expect(createDonationCheckout(env().deps, input(campaign), { ip })).rejects.toMatchObject({
        code: 'rate_limited',
      });
      // Another client is not held back.
      expect(await attempt('203.0.113.7')).toContain(M.providerNotSetUp);
    });
  });

  describe('the provider’s webhook', () => {
    it('paid on the simulator’s page, then the same news twice more: one paid donation, one receipt, one publish', async () => {
      const { orgId, accountId, campaign } = await donationSetup(env(), 'Paying Boosters');
      const pat = idOf(campaign.contacts, 'pat@example.org');
      const { checkoutUrl } = await createDonationCheckout(
        env().deps,
        input(campaign, { amountCents: 5000, donorEmail: 'pat@example.org', contactId: pat }),
      );
      const sessionId = sessionIdOf(checkoutUrl);
      const publish = vi.spyOn(env().deps.hub, 'publish');

      // The donor pays on the simulator's page: the webhook is delivered and the browser sent on.
      const sim = simulator(env());
      const res = await pressOnSimulator(env(), checkoutUrl, 'pay');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(
        `${BASE}/donate/success?session_id=${sessionId}&campaign_id=${campaign.id}`,
      );
      const [paid] = await donationsOf(env(), campaign.id);
      expect(paid).toMatchObject({
        status: 'paid',
        amount_cents: 5000,
        donor_email: 'pat@example.org',
        stripe_payment_intent_id: expect.stringMatching(/^pi_sim_/),
      });
      expect(paid?.paid_at).not.toBeNull();

      // News of the same payment under other event ids (payment_event cannot drop those): the
      // conditional update holds.
      const session = await sim.retrieveCheckoutSession(sessionId, accountId);
      if (!session) throw new Error('no session');
      const platform = <T>(fn: Parameters<typeof withPlatform<T>>[3]) =>
        withPlatform(env().deps.db, env().deps.log, 'test', fn);
      for (let i = 0; i < 2; i++) {
        expect(
          await applyDonationCheckout(
            env().deps,
            platform,
            { kind: 'checkout.completed', accountId, session },
            new Date(),
          ),
        ).toBeNull();
      }

      const after = await donationsOf(env(), campaign.id);
      expect(after).toEqual([paid]);
      const receipts = await receiptsOf(env(), paid?.id ?? '');
      expect(receipts).toHaveLength(1);
      expect(receipts[0]).toMatchObject({
        to: ['pat@example.org'],
        subject: 'Your donation receipt from Paying Boosters',
        from_name: 'Paying Boosters via Pennant',
      });
      const text = receipts[0]?.text ?? '';
      expect(text).toContain('$50.00');
      expect(text).toContain('Spring Drive');
      expect(text).toContain('Paying Boosters');
      expect(text).toContain(`Transaction ID: ${sessionId.slice(-12)}`);
      expect(text).not.toContain('2.9%');
      expect(publish.mock.calls.filter(([org, e]) => org === orgId && e.topic === 'fundraising')).toHaveLength(1);
    });

    it('the same webhook delivered three times: one paid donation and one receipt', async () => {
      const { campaign } = await donationSetup(env(), 'Replay Boosters');
      const { checkoutUrl } = await createDonationCheckout(
        env().deps,
        input(campaign, { donorEmail: 'fan@example.org' }),
      );
      const hooks = await simulator(env()).completeDonation(sessionIdOf(checkoutUrl), 'pay');
      for (let i = 0; i < 3; i++) await deliverAll(env(), hooks);
      const donations = await donationsOf(env(), campaign.id);
      expect(donations.map((d) => d.status)).toEqual(['paid']);
      expect(await receiptsOf(env(), donations[0]?.id ?? '')).toHaveLength(1);
    });

    it('keeps the e-mail the donor gave on the provider’s page when the donation had none; no e-mail, no receipt', async () => {
      const { campaign } = await donationSetup(env(), 'Anonymous Boosters');
      const withPageEmail = await createDonationCheckout(
        env().deps,
        input(campaign, { donorEmail: 'page@example.org' }),
      );
      // As if the donor typed it on the provider's page only.
      await platformExec(env(), sql`UPDATE donation SET donor_email = NULL WHERE campaign_id = ${campaign.id}`);
      const anonymous = await createDonationCheckout(env().deps, input(campaign, { amountCents: 1000 }));
      await deliverAll(env(), await simulator(env()).completeDonation(sessionIdOf(withPageEmail.checkoutUrl), 'pay'));
      await deliverAll(env(), await simulator(env()).completeDonation(sessionIdOf(anonymous.checkoutUrl), 'pay'));
      const [first, second] = await donationsOf(env(), campaign.id);
      expect(first).toMatchObject({ status: 'paid', donor_email: 'page@example.org' });
      expect((await receiptsOf(env(), first?.id ?? ''))[0]?.to).toEqual(['page@example.org']);
      expect(second).toMatchObject({ status: 'paid', donor_email: null });
      expect(await receiptsOf(env(), second?.id ?? '')).toEqual([]);
    });

    it('a cancelled checkout leaves the donation failed, and sends the donor back to the cancel page', async () => {
      const { campaign } = await donationSetup(env(), 'Leaving Boosters');
      const { checkoutUrl } = await createDonationCheckout(
        env().deps,
        input(campaign, { donorEmail: 'x@example.org' }),
      );
      const res = await pressOnSimulator(env(), checkoutUrl, 'cancel');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${BASE}/donate/cancel?campaign_id=${campaign.id}`);
      const [donation] = await donationsOf(env(), campaign.id);
      expect(donation).toMatchObject({ status: 'failed', paid_at: null });
      expect(await receiptsOf(env(), donation?.id ?? '')).toEqual([]);
    });

    it('skips an event whose session is on another account than the donation’s', async () => {
      const { campaign, accountId } = await donationSetup(env(), 'Guarded Boosters');
      const { checkoutUrl } = await createDonationCheckout(env().deps, input(campaign));
      const sessionId = sessionIdOf(checkoutUrl);
      await simulator(env()).completeDonation(sessionId, 'pay');
      const session = await simulator(env()).retrieveCheckoutSession(sessionId, accountId);
      if (!session) throw new Error('no session');
      const platform = <T>(fn: Parameters<typeof withPlatform<T>>[3]) =>
        withPlatform(env().deps.db, env().deps.log, 'test', fn);
      expect(
        await applyDonationCheckout(
          env().deps,
          platform,
          { kind: 'checkout.completed', accountId: 'acct_sim_someone_else', session },
          new Date(),
        ),
      ).toBeNull();
      expect((await donationsOf(env(), campaign.id)).map((d) => d.status)).toEqual(['pending']);
    });
  });
});
