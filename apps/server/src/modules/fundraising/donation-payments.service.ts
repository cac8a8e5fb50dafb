import { donationTransactionId } from '@pennant/shared/fundraising/rules';
import { formatMoney } from '@pennant/shared/money';
import { z } from 'zod';
import type { TDeps } from '../../deps';
import { donationReceiptEmail } from '../../emails/donation-receipt.email';
import { recordEmail } from '../../emails/outgoing.repo';
import type { TCheckoutSession, TPaymentEvent } from '../../integrations/payments';
import { enqueueEmails } from '../../jobs/send-email.job';
import { organizationZone } from '../invoices/invoices.common';
import type { TRunTx } from '../payments/billing.common';
import { findDonationOfSession, markDonationFailed, markDonationPaid, type TDonationRow } from './donations.repo';

/** A donation's checkout on a connected account: completed (paid) or expired (abandoned). */
export type TDonationCheckoutEvent = Extract<TPaymentEvent, { kind: 'checkout.completed' | 'checkout.expired' }> & {
  accountId: string;
};

const ZId = z.uuid();

/** The receipt's date: the day it was paid on the organization's calendar ('March 5, 2026'). */
function receiptDate(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: zone }).format(at);
}

/**
 * The provider's word on a donation's checkout (spec 002 §4.6). The session is read again on its
 * connected account, so what is written is what the provider says now, not what an event (perhaps
 * old, perhaps repeated) carried; the event's copy stands in only when the provider no longer
 * knows the session. The donation is found by the session id, or by the id in the session's
 * metadata, and must be on the account the event came from.
 *
 * Completed and paid: pending becomes paid by conditional update, once however often the event
 * arrives (payment_event already drops a repeated event id; this catches the rest), with the
 * payment's id and the e-mail the donor gave on the provider's page when the donation had none.
 * Only that change records the receipt (its key `donation-receipt:{id}` would stop a second one
 * anyway) and tells the organization's open pages ('fundraising'). Expired: a pending donation
 * becomes failed (the donor left the checkout), which takes it off the pending list.
 *
 * Answers the organization whose donations changed, or null.
 */
export async function applyDonationCheckout(
  deps: TDeps,
  platform: TRunTx,
  read: TDonationCheckoutEvent,
  eventAt: Date,
): Promise<string | null> {
  const session: TCheckoutSession =
    (await deps.payments.retrieveCheckoutSession(read.session.id, read.accountId)) ?? read.session;
  const metaId = ZId.safeParse(session.metadata.donationId);
  const donation = await platform((tx) => findDonationOfSession(tx, session.id, metaId.success ? metaId.data : null));
  if (!donation) {
    deps.log.info(
      { sessionId: session.id, accountId: read.accountId },
      'checkout of no donation Pennant knows; skipped',
    );
    return null;
  }
  if (donation.stripe_account_id !== read.accountId) {
    deps.log.warn(
      { sessionId: session.id, donationId: donation.id },
      'donation checkout event from another account; skipped',
    );
    return null;
  }

  if (session.status === 'complete' && session.paymentStatus === 'paid') {
    return (await markPaid(deps, platform, donation, session, eventAt)) ? donation.org_id : null;
  }
  if (session.status === 'expired') {
    const failed = await platform((tx) => markDonationFailed(tx, donation.org_id, donation.id));
    if (failed) deps.hub.publish(donation.org_id, { topic: 'fundraising' });
    return failed ? donation.org_id : null;
  }
  return null;
}

async function markPaid(
  deps: TDeps,
  platform: TRunTx,
  donation: TDonationRow,
  session: TCheckoutSession,
  eventAt: Date,
): Promise<boolean> {
  if (donation.status === 'paid') return false;
  if (session.amountTotalCents !== null && session.amountTotalCents !== donation.amount_cents) {
    deps.log.warn(
      { donationId: donation.id, amountCents: donation.amount_cents, paidCents: session.amountTotalCents },
      'donation paid a different amount than it was started with',
    );
  }
  const donorEmail = donation.donor_email ?? session.customerEmail;
  // Rendered before the transaction: no transaction waits on it. A replay that finds the donation
  // paid above never gets here; one racing this call loses the conditional update below.
  const receipt = donorEmail
    ? await donationReceiptEmail({
        organizationName: donation.organization_name,
        campaignName: donation.campaign_name,
        behalfOfName: donation.behalf_of_name,
        amount: formatMoney(donation.amount_cents),
        date: receiptDate(eventAt, await organizationZone(deps, donation.org_id)),
        transactionId: donationTransactionId(session.id),
      })
    : null;
  const result = await platform(async (tx) => {
    const changed = await markDonationPaid(tx, {
      orgId: donation.org_id,
      id: donation.id,
      sessionId: session.id,
      paidAt: eventAt,
      paymentIntentId: session.paymentIntentId,
      customerEmail: session.customerEmail,
    });
    if (!changed) return { changed, emailId: null };
    const emailId =
      donorEmail && receipt
        ? await recordEmail(tx, {
            orgId: donation.org_id,
            idempotencyKey: `donation-receipt:${donation.id}`,
            to: [donorEmail],
            subject: receipt.subject,
            html: receipt.html,
            text: receipt.text,
            fromName: receipt.fromName,
          })
        : null;
    return { changed, emailId };
  });
  if (!result.changed) return false;
  if (result.emailId) {
    await enqueueEmails(deps, [result.emailId]).catch((err: unknown) =>
      deps.log.warn({ err, donationId: donation.id }, 'donation receipt not enqueued; the sweep sends it'),
    );
  }
  deps.hub.publish(donation.org_id, { topic: 'fundraising' });
  return true;
}
