import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import { canAcceptCardPayments } from '@pennant/shared/billing/connect';
import {
  FUNDRAISING_MESSAGES,
  type TDonationCheckoutInput,
  type TPublicCampaign,
} from '@pennant/shared/fundraising/schemas';
import { z } from 'zod';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import {
  countAttempt,
  deletePendingDonation,
  findCampaignContact,
  findPublicCampaign,
  insertDonation,
  isCampaignPlayer,
  setDonationSession,
  type TPublicCampaignRow,
} from './donations.repo';

/*
 * The public donation page (spec 002 §2.7, §4.6, §5.6, §7.7, §8.3): what it shows of a campaign,
 * and the checkout a donation starts on the organization's payment account. No one is signed in:
 * reads and writes run as the platform, each naming the campaign's organization.
 */

const M = FUNDRAISING_MESSAGES;
const ZId = z.uuid();

/** Donation attempts one client address may start in the window: generous for a family giving twice, tight for a script. */
export const DONATION_RATE_LIMIT = { attempts: 30, windowSeconds: 600 } as const;

const campaignNotFound = () => new AppError('not_found', M.campaignNotFound);

/** The donation page's campaign: a deleted, unknown or malformed id is 404 'Campaign not found'. */
async function campaignOrThrow(deps: TDeps, id: string): Promise<TPublicCampaignRow> {
  if (!ZId.safeParse(id).success) throw campaignNotFound();
  const row = await withPlatform(deps.db, deps.log, 'public campaign', (tx) => findPublicCampaign(tx, id));
  if (!row) throw campaignNotFound();
  return row;
}

export async function publicCampaign(deps: TDeps, id: string): Promise<TPublicCampaign> {
  const row = await campaignOrThrow(deps, id);
  return {
    id: row.id,
    name: row.name,
    campaignType: row.campaign_type,
    behalfOfName: row.behalf_of_name,
    organizationName: row.organization_name,
  };
}

/**
 * The organization's connected account when it can take a card payment now; else 409 with the
 * phrase the page translates (§8.3): no account at all, or one whose set-up is not finished.
 */
function chargeableAccount(row: TPublicCampaignRow): string {
  // A frozen organization takes no money (the admin console's freeze, decisions.md).
  if (row.is_frozen) throw new AppError('frozen', ADMIN_MESSAGES.frozenDonation);
  const accountId = row.stripe_connected_account_id;
  if (!accountId) throw new AppError('conflict', `This organization’s ${M.providerNotSetUp} yet.`);
  const ready = canAcceptCardPayments({
    accountId,
    onboardingComplete: row.stripe_onboarding_complete,
    accountEnabled: row.stripe_account_enabled,
    chargesEnabled: row.stripe_charges_enabled,
    payoutsEnabled: row.stripe_payouts_enabled,
  });
  if (!ready) {
    throw new AppError(
      'conflict',
      `This organization’s payment account cannot take donations yet: ${M.chargesNotEnabled}.`,
    );
  }
  return accountId;
}

/** One more attempt from this client; past the limit a 429 (counted in PostgreSQL, shared by every node). */
async function countClientAttempt(deps: TDeps, ip: string): Promise<void> {
  const count = await withPlatform(deps.db, deps.log, 'donation rate limit', (tx) =>
    countAttempt(tx, `donation-client:${ip}`, DONATION_RATE_LIMIT.windowSeconds),
  );
  if (count > DONATION_RATE_LIMIT.attempts) throw new AppError('rate_limited', M.donationRateLimited);
}

/**
 * Starts a donation (§7.7): the campaign must exist and its organization's payment account take
 * charges (409 otherwise, with the phrase the page translates). The player and the contact are
 * kept only when they belong to the campaign; anything else in the link is ignored, never an
 * error, since donate links are forwarded and edited by hand. A contact known to the campaign
 * gives the donor's name and, when the link names no player, the player they were listed under.
 *
 * The pending donation is written first, then the checkout is made on the connected account
 * (after commit: no transaction waits on the network) with the donation's id in its metadata and
 * as its idempotency key; the webhook marks it paid (donation-payments.service.ts). If the
 * provider fails, the donation is removed (nobody could ever pay it) and the answer is 502.
 *
 * `client.ip` (http/client-ip.ts) counts the attempt against the per-client limit.
 */
export async function createDonationCheckout(
  deps: TDeps,
  input: TDonationCheckoutInput,
  client?: { ip: string },
): Promise<{ checkoutUrl: string }> {
  if (client) await countClientAttempt(deps, client.ip);
  const campaign = await campaignOrThrow(deps, input.campaignId);
  const accountId = chargeableAccount(campaign);
  const orgId = campaign.org_id;

  const donation = await withPlatform(deps.db, deps.log, 'donation checkout', async (tx) => {
    const playerId =
      input.playerId && (await isCampaignPlayer(tx, orgId, campaign.id, input.playerId)) ? input.playerId : null;
    const contact = input.contactId ? await findCampaignContact(tx, orgId, campaign.id, input.contactId) : null;
    if ((input.playerId && !playerId) || (input.contactId && !contact)) {
      deps.log.info(
        { campaignId: campaign.id, playerId: input.playerId, contactId: input.contactId },
        'donation link names a player or contact not in the campaign; ignored',
      );
    }
    const ids = {
      playerId: playerId ?? contact?.player_id ?? null,
      contactId: contact ? (input.contactId ?? null) : null,
    };
    const id = await insertDonation(tx, {
      orgId,
      campaignId: campaign.id,
      ...ids,
      amountCents: input.amountCents,
      stripeAccountId: accountId,
      donorName: contact?.name ?? null,
      donorEmail: input.donorEmail ?? null,
    });
    return { id, ...ids };
  });

  const base = deps.config.publicUrl;
  const campaignQuery = `campaign_id=${encodeURIComponent(campaign.id)}`;
  // Try Again on the cancel page keeps who the donation was for (the e-mail is left out of addresses).
  const again = new URLSearchParams({ campaign_id: campaign.id });
  if (donation.playerId) again.set('player_id', donation.playerId);
  if (donation.contactId) again.set('contact_id', donation.contactId);
  const metadata: Record<string, string> = { donationId: donation.id, orgId, campaignId: campaign.id };
  if (donation.playerId) metadata.playerId = donation.playerId;
  if (donation.contactId) metadata.contactId = donation.contactId;
  let checkout: { sessionId: string; url: string };
  try {
    checkout = await deps.payments.createDonationCheckout({
      accountId,
      amountCents: input.amountCents,
      description: `Donation to ${campaign.organization_name}: ${campaign.name}`,
      donorEmail: input.donorEmail ?? null,
      // Stripe fills {CHECKOUT_SESSION_ID} in; it must stay unencoded.
      successUrl: `${base}/donate/success?session_id={CHECKOUT_SESSION_ID}&${campaignQuery}`,
      cancelUrl: `${base}/donate/cancel?${again}`,
      metadata,
      idempotencyKey: `donation:${donation.id}`,
    });
  } catch (err) {
    deps.log.error({ err, donationId: donation.id, orgId }, 'donation checkout could not be made at the provider');
    await withPlatform(deps.db, deps.log, 'donation checkout failed', (tx) =>
      deletePendingDonation(tx, orgId, donation.id),
    );
    throw new AppError('bad_gateway', M.donationFailed);
  }
  await withPlatform(deps.db, deps.log, 'donation checkout session', (tx) =>
    setDonationSession(tx, orgId, donation.id, checkout.sessionId),
  );
  return { checkoutUrl: checkout.url };
}
