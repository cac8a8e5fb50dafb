import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import { canAcceptCardPayments } from '@pennant/shared/billing/connect';
import {
  CSV_BOM,
  csvLine,
  DONATION_EXPORT_COLUMNS,
  DONOR_SUMMARY_COLUMNS,
  dayFormatter,
  donationCsvLine,
  donationsFileName,
  donorSummaryCsvLine,
  donorSummaryFileName,
} from '@pennant/shared/fundraising/exports';
import {
  donationCursor,
  FUNDRAISING_LIMITS,
  FUNDRAISING_MESSAGES,
  parseDonationCursor,
  type TDonationCheckoutInput,
  type TDonationFilter,
  type TDonationPage,
  type TPublicCampaign,
} from '@pennant/shared/fundraising/schemas';
import { zonedToday } from '@pennant/shared/months';
import { z } from 'zod';
import { isoInstant } from '../../db/instant';
import { readPlatform, readTenant, withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import { isId, campaignNotFound as memberCampaignNotFound } from './campaigns.common';
import {
  countAttempt,
  deletePendingDonation,
  findCampaignContact,
  findDonationsCampaign,
  findPublicCampaign,
  insertDonation,
  isCampaignPlayer,
  listDonationPage,
  listDonorSummaryPage,
  newestDonationMicros,
  setDonationSession,
  type TDonationAfter,
  type TDonorAfter,
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
  const row = await readPlatform(deps.db, deps.log, 'public campaign', (tx) => findPublicCampaign(tx, id));
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

// ---------------------------------------------------------------------------------------------
// Donation Details (§2.5, §7.3): the list a page at a time, and the two exports
// ---------------------------------------------------------------------------------------------

const PAGE_SIZE = FUNDRAISING_LIMITS.donationsPageSize;
const EXPORT_BATCH = FUNDRAISING_LIMITS.donationsExportBatch;

/** The campaign's connected account, once it is known to be this organization's (404 otherwise, §6). */
async function campaignAccount(deps: TDeps, member: TMember, id: string): Promise<string | null> {
  if (!isId(id)) throw memberCampaignNotFound();
  const found = await readTenant(deps.db, member, (tx) => findDonationsCampaign(tx, member.orgId, id));
  if (!found) throw memberCampaignNotFound();
  return found.stripe_connected_account_id;
}

/**
 * A page of Donation Details: up to 20 donations of the filter, newest first, after the cursor
 * (decisions.md, "Donation exports"), with the next page's cursor and, on the first page, the
 * filter's count. Every member may read; another organization's campaign is 404.
 */
export async function campaignDonationPage(
  deps: TDeps,
  member: TMember,
  id: string,
  query: { status: TDonationFilter; cursor?: string | undefined },
): Promise<TDonationPage> {
  if (!isId(id)) throw memberCampaignNotFound();
  const after: TDonationAfter | null = query.cursor ? parseDonationCursor(query.cursor) : null;
  return readTenant(deps.db, member, async (tx) => {
    // The first page's count comes with the campaign check, in one statement; the page leaves with
    // it (one round trip) and is thrown away for a campaign that is not there. One more than
    // the page: whether another page follows.
    const [campaign, found] = await Promise.all([
      findDonationsCampaign(tx, member.orgId, id, after ? null : query.status),
      listDonationPage(tx, member.orgId, id, query.status, after, PAGE_SIZE + 1),
    ]);
    if (!campaign) throw memberCampaignNotFound();
    const page = found.slice(0, PAGE_SIZE);
    const last = page.at(-1);
    const more = found.length > PAGE_SIZE;
    return {
      donations: page.map((d) => ({
        id: d.id,
        amountCents: d.amount_cents,
        status: d.status,
        createdAt: isoInstant(d.created_at),
        paidAt: d.paid_at === null ? null : isoInstant(d.paid_at),
        stripePaymentIntentId: d.stripe_payment_intent_id,
        donorName: d.donor_name,
        donorEmail: d.donor_email,
        contactId: d.contact_id,
        playerId: d.player_id,
        playerName: d.player_name,
      })),
      stripeAccountId: campaign.stripe_connected_account_id,
      nextCursor: more && last ? donationCursor(last.at_micros, last.id) : null,
      total: after ? null : campaign.total,
    };
  });
}

export interface TCsvDownload {
  fileName: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * A CSV file written as it is read: the byte-order mark and the header line, then the source's
 * pages of EXPORT_BATCH rows, each read in its own short transaction after the previous page's
 * last row (keyOf), until a page comes back short. A page is read only when the previous one has
 * been taken by the reply, so a slow download holds one page in memory and no connection. A
 * failure after the first bytes can only cut the file short: it is logged, and the reply ends in
 * error so the browser shows the download as failed.
 */
function csvPages<TRow, TKey>(
  deps: TDeps,
  header: string,
  page: (after: TKey | null) => Promise<TRow[]>,
  keyOf: (last: TRow) => TKey,
  line: (row: TRow) => string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  let after: TKey | null = null;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + header));
          return;
        }
        try {
          const batch = done ? [] : await page(after);
          const last = batch.at(-1);
          if (last === undefined) {
            controller.close();
            return;
          }
          done = batch.length < EXPORT_BATCH;
          after = keyOf(last);
          controller.enqueue(encoder.encode(batch.map(line).join('')));
        } catch (err) {
          deps.log.error({ err }, 'CSV export failed part way');
          controller.error(err);
        }
      },
    },
    // One page ahead at most.
    { highWaterMark: 1 },
  );
}

/** The day in the file name, and how each row's instant is written: the organization's calendar. */
function exportCalendar(member: TMember) {
  const zone = member.org.timezone;
  return { today: zonedToday(new Date(), zone), dayOf: dayFormatter(zone) };
}

/**
 * The donations export (§7.3): the list's own query, newest first, by status, 1,000 donations
 * a statement, each batch in its own short transaction resuming after the previous one's last.
 */
export async function exportDonations(
  deps: TDeps,
  member: TMember,
  id: string,
  status: TDonationFilter,
): Promise<TCsvDownload> {
  await campaignAccount(deps, member, id);
  const { today, dayOf } = exportCalendar(member);
  const body = csvPages(
    deps,
    csvLine(DONATION_EXPORT_COLUMNS),
    (after: TDonationAfter | null) =>
      readTenant(deps.db, member, (tx) => listDonationPage(tx, member.orgId, id, status, after, EXPORT_BATCH)),
    (last) => ({ micros: last.at_micros, id: last.id }),
    (d) =>
      donationCsvLine(
        {
          id: d.id,
          amountCents: d.amount_cents,
          status: d.status,
          createdAt: d.created_at,
          stripePaymentIntentId: d.stripe_payment_intent_id,
          donorName: d.donor_name,
          donorEmail: d.donor_email,
          playerName: d.player_name,
        },
        dayOf,
      ),
  );
  return { fileName: donationsFileName(id, today), body };
}

/**
 * The donor summary (§7.3): one line per donor over the donations of the status, largest paid
 * total first, 1,000 donors a statement (listDonorSummaryPage), over the donations made up to
 * the newest one when the export began.
 */
export async function exportDonorSummary(
  deps: TDeps,
  member: TMember,
  id: string,
  status: TDonationFilter,
): Promise<TCsvDownload> {
  await campaignAccount(deps, member, id);
  const { today, dayOf } = exportCalendar(member);
  const until = await readTenant(deps.db, member, (tx) => newestDonationMicros(tx, member.orgId, id));
  const body = csvPages(
    deps,
    csvLine(DONOR_SUMMARY_COLUMNS),
    async (after: TDonorAfter | null) =>
      until === null
        ? []
        : readTenant(deps.db, member, (tx) =>
            listDonorSummaryPage(tx, member.orgId, id, status, until, after, EXPORT_BATCH),
          ),
    (last) => ({ paidCents: last.paid_cents, key: last.donor_key }),
    (s) =>
      donorSummaryCsvLine(
        {
          name: s.name,
          email: s.email,
          paidCents: s.paid_cents,
          paidCount: s.paid_count,
          lastAt: s.last_at,
          statusCounts: {
            paid: s.paid_count,
            pending: s.pending_count,
            failed: s.failed_count,
            refunded: s.refunded_count,
          },
        },
        dayOf,
      ),
  );
  return { fileName: donorSummaryFileName(id, today), body };
}
