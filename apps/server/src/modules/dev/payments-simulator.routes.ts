import type { Context, Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { TDeps } from '../../deps';
import type { TAppEnv } from '../../http/env';
import { FONT_MONO, FONT_SANS } from '../../http/page-style';
import { checkSameOrigin } from '../../http/same-origin';
import {
  PaymentsError,
  PLAN_AMOUNT_CENTS,
  type TConnectedAccount,
  type TPaidPlanKey,
  type TPaymentsSimulator,
  type TSimulatedDonation,
  type TSimulatedHostedInvoice,
  type TSimulatedWebhook,
  type TSubscription,
} from '../../integrations/payments';
import { receivePaymentWebhook } from '../payments/webhook.service';

const BILLING_TAB = '/dashboard/settings?tab=billing';
const PAYMENTS_TAB = '/dashboard/settings?tab=payments';

const ZCheckoutAction = z.enum(['pay', 'decline', 'cancel']);
const ZPortalAction = z.enum(['cancel_at_period_end', 'cancel_now']);
const ZOnboardingAction = z.enum(['active', 'requirements', 'incomplete']);
const ZInvoiceAction = z.enum(['pay', 'decline']);

type THtml = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * The payment simulator's own pages, standing in for Stripe's hosted checkout, customer portal,
 * account onboarding, donation checkout, hosted invoice page and Express dashboard: local mode
 * only (on a public PUBLIC_URL /dev/* stays a 404), and only when the simulator is the payments
 * provider. Each button changes the simulator's state, then hands the signed webhooks it would
 * send to `receivePaymentWebhook` one by one, in order — the path a provider's POST to the
 * webhook route takes — and only then sends the browser on.
 */
export function mountPaymentsSimulator(app: Hono<TAppEnv>, deps: TDeps): void {
  if (!deps.config.localMode || deps.payments.kind !== 'simulator') return;
  const sim: TPaymentsSimulator = deps.payments;

  const deliver = async (webhooks: TSimulatedWebhook[]) => {
    for (const w of webhooks) await receivePaymentWebhook(deps, w.rawBody, w.signatureHeader);
  };

  // Checkout ------------------------------------------------------------------------------------

  app.get('/dev/payments/checkout/:sessionId', async (c) => {
    const details = await sim.checkoutDetails(c.req.param('sessionId'));
    if (details?.status !== 'open') return checkoutGone(c, details?.status);
    const price = money(details.amountCents);
    const declined = c.req.query('declined') !== undefined;
    return page(
      c,
      'Checkout',
      html`<section class="card">
  <p class="eyebrow">Pennant</p>
  <h1>Subscribe to Premium</h1>
  <div class="item">
    <div><strong>Pennant Premium — ${interval(details.planKey)}</strong><span class="muted">Billed ${interval(details.planKey)}</span></div>
    <div class="price">${price}<span class="muted"> / ${period(details.planKey)}</span></div>
  </div>
  <dl>
    <dt>Email</dt><dd>${details.email}</dd>
  </dl>
  ${declined ? html`<p class="alert" role="alert">Your card was declined. Try again, or use another card.</p>` : ''}
  <form method="post" action="/dev/payments/checkout/${details.id}">
    <label for="card">Card information</label>
    <input id="card" class="card-field" value="4242 4242 4242 4242" readonly aria-describedby="card-note">
    <div class="row2 joined"><input value="12 / 34" readonly aria-label="Expiry"><input value="123" readonly aria-label="CVC"></div>
    <p id="card-note" class="muted small">A test card: nothing is charged, whichever button you press.</p>
    <button class="primary" name="action" value="pay">Pay ${price}</button>
    <div class="row2">
      <button class="danger" name="action" value="decline">Decline card</button>
      <button class="secondary" name="action" value="cancel">Cancel</button>
    </div>
  </form>
</section>`,
    );
  });

  app.post('/dev/payments/checkout/:sessionId', async (c) => {
    checkSameOrigin(c, deps.config);
    const sessionId = c.req.param('sessionId');
    const action = ZCheckoutAction.safeParse((await c.req.parseBody()).action);
    if (!action.success) return badAction(c);
    const details = await sim.checkoutDetails(sessionId);
    if (details?.status !== 'open') return checkoutGone(c, details?.status);
    const webhooks = await attempt(() => sim.completeCheckout(sessionId, action.data));
    if (!webhooks.ok) return failed(c, webhooks.error, BILLING_TAB);
    await deliver(webhooks.value);
    if (action.data === 'pay') return c.redirect(details.successUrl, 303);
    if (action.data === 'cancel') return c.redirect(details.cancelUrl, 303);
    return c.redirect(`/dev/payments/checkout/${encodeURIComponent(sessionId)}?declined=1`, 303);
  });

  // Customer portal -----------------------------------------------------------------------------

  app.get('/dev/payments/portal/:customerId', async (c) => {
    const customerId = c.req.param('customerId');
    const returnUrl = await sim.portalReturnUrl(customerId);
    if (!returnUrl) return notFound(c, 'There is no portal session for this customer.', BILLING_TAB);
    const sub = currentSubscription(await sim.listCustomerSubscriptions(customerId));
    const canCancel = sub !== null && sub.status !== 'canceled';
    return page(
      c,
      'Customer portal',
      html`<section class="card">
  <p class="eyebrow">Pennant · Billing</p>
  <h1>Your subscription</h1>
  ${
    sub
      ? html`<div class="item">
    <div><strong>Pennant Premium — ${sub.planKey ? interval(sub.planKey) : 'unknown plan'}</strong><span class="muted">${sub.planKey ? `${money(PLAN_AMOUNT_CENTS[sub.planKey])} / ${period(sub.planKey)}` : ''}</span></div>
    <div><span class="badge ${sub.status === 'active' && !sub.cancelAtPeriodEnd ? 'ok' : 'warn'}">${statusLabel(sub)}</span></div>
  </div>
  <dl>
    <dt>${sub.status === 'canceled' ? 'Ended' : sub.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt><dd>${longDate(sub.currentPeriodEnd)}</dd>
  </dl>`
      : html`<p>No subscription yet.</p>`
  }
  <form method="post" action="/dev/payments/portal/${customerId}">
    ${
      canCancel && !sub.cancelAtPeriodEnd
        ? html`<button class="secondary" name="action" value="cancel_at_period_end">Cancel at period end</button>`
        : ''
    }
    ${canCancel ? html`<button class="danger" name="action" value="cancel_now">Cancel now</button>` : ''}
    <a class="button primary" href="${returnUrl}">Return to Pennant</a>
  </form>
</section>`,
    );
  });

  app.post('/dev/payments/portal/:customerId', async (c) => {
    checkSameOrigin(c, deps.config);
    const customerId = c.req.param('customerId');
    const action = ZPortalAction.safeParse((await c.req.parseBody()).action);
    if (!action.success) return badAction(c);
    const returnUrl = await sim.portalReturnUrl(customerId);
    if (!returnUrl) return notFound(c, 'There is no portal session for this customer.', BILLING_TAB);
    const sub = currentSubscription(await sim.listCustomerSubscriptions(customerId));
    if (!sub) return notFound(c, 'This customer has no subscription to cancel.', returnUrl);
    const webhooks = await attempt(() => sim.cancelSubscription(sub.id, action.data === 'cancel_at_period_end'));
    if (!webhooks.ok) return failed(c, webhooks.error, returnUrl);
    await deliver(webhooks.value);
    return c.redirect(returnUrl, 303);
  });

  // Account onboarding --------------------------------------------------------------------------

  app.get('/dev/payments/onboarding/:accountId', async (c) => {
    const accountId = c.req.param('accountId');
    const urls = await sim.onboardingUrls(accountId);
    const account = urls ? await sim.retrieveAccount(accountId) : null;
    if (!urls || !account) return notFound(c, 'There is no onboarding link for this account.', PAYMENTS_TAB);
    const state = accountStateLabel(account);
    return page(
      c,
      'Account onboarding',
      html`<section class="card">
  <p class="eyebrow">Pennant · Payments</p>
  <h1>Set up payments</h1>
  <p>Verify your organization to accept card payments from sponsors. In the simulation, choose how onboarding ends.</p>
  <dl>
    <dt>Account</dt><dd class="mono">${account.id}</dd>
    <dt>Status</dt><dd>${state}</dd>
  </dl>
  <form method="post" action="/dev/payments/onboarding/${accountId}">
    <button class="primary" name="action" value="active">Complete onboarding</button>
    <button class="secondary" name="action" value="requirements">Leave with requirements</button>
    <button class="secondary" name="action" value="incomplete">Leave incomplete</button>
  </form>
</section>`,
    );
  });

  app.post('/dev/payments/onboarding/:accountId', async (c) => {
    checkSameOrigin(c, deps.config);
    const accountId = c.req.param('accountId');
    const action = ZOnboardingAction.safeParse((await c.req.parseBody()).action);
    if (!action.success) return badAction(c);
    const urls = await sim.onboardingUrls(accountId);
    if (!urls) return notFound(c, 'There is no onboarding link for this account.', PAYMENTS_TAB);
    const webhooks = await attempt(() => sim.setAccountState(accountId, action.data));
    if (!webhooks.ok) return failed(c, webhooks.error, urls.returnUrl);
    await deliver(webhooks.value);
    return c.redirect(urls.returnUrl, 303);
  });

  // Donation checkout (a one-off payment to a connected account) -------------------------------

  app.get('/dev/payments/donate/:sessionId', async (c) => {
    const details = await sim.donationDetails(c.req.param('sessionId'));
    if (details?.status !== 'open') return donationGone(c, details);
    const price = money(details.amountCents);
    const declined = c.req.query('declined') !== undefined;
    return page(
      c,
      'Donation',
      html`<section class="card">
  <p class="eyebrow">Pennant · Donation</p>
  <h1>${details.description}</h1>
  <div class="item">
    <div><strong>${details.description}</strong><span class="muted">One-time donation</span></div>
    <div class="price">${price}</div>
  </div>
  ${details.donorEmail ? html`<dl><dt>Email</dt><dd>${details.donorEmail}</dd></dl>` : ''}
  ${declined ? html`<p class="alert" role="alert">Your card was declined. Try again, or use another card.</p>` : ''}
  <form method="post" action="/dev/payments/donate/${details.id}">
    <label for="card">Card information</label>
    <input id="card" class="card-field" value="4242 4242 4242 4242" readonly aria-describedby="card-note">
    <div class="row2 joined"><input value="12 / 34" readonly aria-label="Expiry"><input value="123" readonly aria-label="CVC"></div>
    <p id="card-note" class="muted small">A test card: nothing is charged, whichever button you press.</p>
    <button class="primary" name="action" value="pay">Pay ${price}</button>
    <div class="row2">
      <button class="danger" name="action" value="decline">Decline card</button>
      <button class="secondary" name="action" value="cancel">Cancel</button>
    </div>
  </form>
</section>`,
    );
  });

  app.post('/dev/payments/donate/:sessionId', async (c) => {
    checkSameOrigin(c, deps.config);
    const sessionId = c.req.param('sessionId');
    const action = ZCheckoutAction.safeParse((await c.req.parseBody()).action);
    if (!action.success) return badAction(c);
    const details = await sim.donationDetails(sessionId);
    if (details?.status !== 'open') return donationGone(c, details);
    const webhooks = await attempt(() => sim.completeDonation(sessionId, action.data));
    if (!webhooks.ok) return failed(c, webhooks.error, details.cancelUrl);
    await deliver(webhooks.value);
    if (action.data === 'pay') return c.redirect(details.successUrl, 303);
    if (action.data === 'cancel') return c.redirect(details.cancelUrl, 303);
    return c.redirect(`/dev/payments/donate/${encodeURIComponent(sessionId)}?declined=1`, 303);
  });

  // Hosted invoice page (an invoice a connected account sends a sponsor) -----------------------

  app.get('/dev/payments/invoice/:invoiceId', async (c) => {
    const invoice = await sim.hostedInvoiceDetails(c.req.param('invoiceId'));
    if (!invoice) return notFound(c, 'There is no such invoice.', '/');
    const declined = invoice.status === 'open' && c.req.query('declined') !== undefined;
    return page(c, invoice.status === 'paid' ? 'Invoice paid' : 'Invoice', invoicePage(invoice, declined));
  });

  app.post('/dev/payments/invoice/:invoiceId', async (c) => {
    checkSameOrigin(c, deps.config);
    const invoiceId = c.req.param('invoiceId');
    const action = ZInvoiceAction.safeParse((await c.req.parseBody()).action);
    if (!action.success) return badAction(c);
    const path = `/dev/payments/invoice/${encodeURIComponent(invoiceId)}`;
    // A paid or void invoice is refused here, as Stripe's page refuses to take a second payment.
    const webhooks = await attempt(() => sim.payHostedInvoice(invoiceId, action.data));
    if (!webhooks.ok) return failed(c, webhooks.error, webhooks.error.status === 404 ? '/' : path);
    await deliver(webhooks.value);
    return c.redirect(action.data === 'pay' ? path : `${path}?declined=1`, 303);
  });

  // The connected account's dashboard (Stripe's Express dashboard, reached by a login link) -----

  app.get('/dev/payments/dashboard/:accountId', async (c) => {
    const account = await sim.retrieveAccount(c.req.param('accountId'));
    if (!account) return notFound(c, 'There is no such payment account.', PAYMENTS_TAB);
    const state = accountStateLabel(account);
    return page(
      c,
      'Payment dashboard',
      html`<section class="card">
  <p class="eyebrow">Pennant · Payments</p>
  <h1>Payment dashboard</h1>
  <p>Your organization's payment account at the card payment provider. In the simulation there is nothing to manage here.</p>
  <dl>
    <dt>Account</dt><dd class="mono">${account.id}</dd>
    <dt>Status</dt><dd><span class="badge ${account.chargesEnabled ? 'ok' : 'warn'}">${state}</span></dd>
    <dt>Charges</dt><dd>${account.chargesEnabled ? 'Enabled' : 'Disabled'}</dd>
    <dt>Payouts</dt><dd>${account.payoutsEnabled ? 'Enabled' : 'Disabled'}</dd>
  </dl>
  <a class="button primary" href="${PAYMENTS_TAB}">Return to Pennant</a>
</section>`,
    );
  });
}

/** The hosted invoice page: buttons while it is open, else its status (a paid one is the confirmation). */
function invoicePage(invoice: TSimulatedHostedInvoice, declined: boolean): THtml {
  const total = money(invoice.amountDueCents);
  const lines = html`<table>
    <thead><tr><th scope="col">Description</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
    <tbody>${invoice.lines.map(
      (line) =>
        html`<tr><td>${line.description}<span class="muted block">${money(line.unitAmountCents)} each</span></td><td class="num">${line.quantity}</td><td class="num">${money(line.unitAmountCents * line.quantity)}</td></tr>`,
    )}</tbody>
    <tfoot><tr><th scope="row" colspan="2">Total</th><td class="num"><strong>${total}</strong></td></tr></tfoot>
  </table>`;
  const facts = html`<dl>
    <dt>Billed to</dt><dd>${invoice.customerName}${invoice.customerEmail ? html`<span class="muted block">${invoice.customerEmail}</span>` : ''}</dd>
    <dt>Due</dt><dd>${longDate(invoice.dueDate)}</dd>
    <dt>Invoice</dt><dd class="mono">${invoice.id}</dd>
    ${invoice.memo ? html`<dt>Memo</dt><dd>${invoice.memo}</dd>` : ''}
  </dl>`;
  if (invoice.status === 'paid') {
    return html`<section class="card">
  <p class="eyebrow">Pennant · Invoice</p>
  <h1>Paid</h1>
  <p><span class="badge ok">Paid</span> ${money(invoice.amountPaidCents)}${invoice.paidAt ? ` on ${longDate(invoice.paidAt)}` : ''}. Thank you — no further payment is due.</p>
  ${facts}
  ${lines}
</section>`;
  }
  if (invoice.status !== 'open') {
    return html`<section class="card">
  <p class="eyebrow">Pennant · Invoice</p>
  <h1>Invoice ${invoiceStatusLabel(invoice.status).toLowerCase()}</h1>
  <p><span class="badge warn">${invoiceStatusLabel(invoice.status)}</span> This invoice can no longer be paid.</p>
  ${facts}
  ${lines}
</section>`;
  }
  return html`<section class="card">
  <p class="eyebrow">Pennant · Invoice</p>
  <h1>Amount due ${total}</h1>
  <p><span class="badge warn">${invoiceStatusLabel(invoice.status)}</span></p>
  ${facts}
  ${lines}
  ${declined ? html`<p class="alert" role="alert">Your card was declined. Try again, or use another card.</p>` : ''}
  <form method="post" action="/dev/payments/invoice/${invoice.id}">
    <label for="card">Card information</label>
    <input id="card" class="card-field" value="4242 4242 4242 4242" readonly aria-describedby="card-note">
    <div class="row2 joined"><input value="12 / 34" readonly aria-label="Expiry"><input value="123" readonly aria-label="CVC"></div>
    <p id="card-note" class="muted small">A test card: nothing is charged, whichever button you press.</p>
    <button class="primary" name="action" value="pay">Pay invoice ${total}</button>
    <button class="danger" name="action" value="decline">Decline card</button>
  </form>
</section>`;
}

function invoiceStatusLabel(status: TSimulatedHostedInvoice['status']): string {
  if (status === 'open') return 'Open';
  if (status === 'paid') return 'Paid';
  if (status === 'void') return 'Void';
  if (status === 'draft') return 'Draft';
  return 'Uncollectible';
}

function accountStateLabel(account: TConnectedAccount): string {
  if (account.chargesEnabled) return 'Complete';
  return account.detailsSubmitted ? 'Pending verification' : 'Incomplete';
}

function donationGone(c: Context<TAppEnv>, details: TSimulatedDonation | null) {
  if (details?.status === 'complete') return notFound(c, 'This donation is already paid.', details.successUrl);
  if (details?.status === 'expired') {
    return notFound(c, 'This checkout session was canceled or has expired.', details.cancelUrl);
  }
  return notFound(c, 'There is no such checkout session.', '/');
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const interval = (planKey: TPaidPlanKey) => (planKey === 'premium_year' ? 'yearly' : 'monthly');
const period = (planKey: TPaidPlanKey) => (planKey === 'premium_year' ? 'year' : 'month');
const longDate = (d: Date) => d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The one the portal shows: the newest that has not ended, else the newest. */
function currentSubscription(subs: TSubscription[]): TSubscription | null {
  return subs.find((s) => s.status !== 'canceled') ?? subs[0] ?? null;
}

function statusLabel(sub: TSubscription): string {
  if (sub.status === 'active' && sub.cancelAtPeriodEnd) return 'Cancels at period end';
  if (sub.status === 'past_due') return 'Past due';
  return sub.status.charAt(0).toUpperCase() + sub.status.slice(1);
}

/** A simulator call that may refuse (a finished session, an ended subscription): its error, not a throw. */
async function attempt<T>(
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: PaymentsError }> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (err instanceof PaymentsError) return { ok: false, error: err };
    throw err;
  }
}

function checkoutGone(c: Context<TAppEnv>, status: 'open' | 'complete' | 'expired' | undefined) {
  const message =
    status === 'complete'
      ? 'This checkout session is already paid.'
      : status === 'expired'
        ? 'This checkout session was canceled or has expired.'
        : 'There is no such checkout session.';
  return notFound(c, message, BILLING_TAB);
}

function notFound(c: Context<TAppEnv>, message: string, back: string) {
  return problem(c, 404, 'Not found', message, back);
}

function failed(c: Context<TAppEnv>, error: PaymentsError, back: string) {
  const status: ContentfulStatusCode = error.status === 404 ? 404 : 409;
  return problem(c, status, 'That did not work', error.message, back);
}

function badAction(c: Context<TAppEnv>) {
  return problem(c, 400, 'Unknown action', 'Use one of the buttons on the page.', BILLING_TAB);
}

function problem(c: Context<TAppEnv>, status: ContentfulStatusCode, title: string, message: string, back: string) {
  return page(
    c,
    title,
    html`<section class="card"><h1>${title}</h1><p>${message}</p><a class="button primary" href="${back}">Back to Pennant</a></section>`,
    status,
  );
}

const STYLE = `*{box-sizing:border-box}body{font-family:${FONT_SANS};margin:0;background:#f1f5f9;color:#0f172a;line-height:1.5}
.banner{background:#fef3c7;border-bottom:1px solid #f59e0b;color:#78350f;font-weight:600;text-align:center;padding:10px 16px;font-size:15px}
.banner span{display:block;font-weight:400;font-size:13px}
main{max-width:480px;margin:0 auto;padding:24px 16px 48px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px 20px;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.eyebrow{margin:0;color:#64748b;font-size:13px;font-weight:600;letter-spacing:.04em;text-transform:uppercase}
h1{font-size:22px;margin:4px 0 16px}
.item{display:flex;justify-content:space-between;align-items:flex-start;gap:12px;padding:14px 0;border-top:1px solid #e2e8f0;border-bottom:1px solid #e2e8f0;margin-bottom:12px}
.item strong,.item .muted{display:block}.price{font-size:20px;font-weight:700;white-space:nowrap}.price .muted{display:inline;font-size:14px;font-weight:400}
.muted{color:#64748b}.small{font-size:13px;margin:6px 0 16px}.mono{font-family:${FONT_MONO};font-size:13px}
dl{display:grid;grid-template-columns:90px minmax(0,1fr);gap:4px 8px;margin:0 0 16px;font-size:14px}dt{color:#64748b}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-size:14px;font-weight:600;margin-bottom:6px}
input{display:block;width:100%;font:inherit;font-size:16px;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;background:#f8fafc;color:#0f172a;min-width:0}
.card-field{font-family:${FONT_MONO};letter-spacing:.05em;border-radius:8px 8px 0 0}
.row2{display:grid;grid-template-columns:1fr 1fr;gap:8px}.joined{gap:0}.joined input{border-top:0;border-radius:0 0 0 8px}.joined input+input{border-left:0;border-radius:0 0 8px 0}
form .row2 button{margin-top:0}
button,.button{display:block;width:100%;font:inherit;font-size:16px;font-weight:600;padding:12px 16px;margin:0 0 8px;border-radius:8px;border:1px solid transparent;cursor:pointer;text-align:center;text-decoration:none}
.primary{background:#1d4ed8;color:#fff}.primary:hover{background:#1e40af}
.secondary{background:#fff;color:#0f172a;border-color:#cbd5e1}.secondary:hover{background:#f1f5f9}
.danger{background:#fff;color:#b91c1c;border-color:#fca5a5}.danger:hover{background:#fef2f2}
button:focus-visible,.button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.alert{background:#fef2f2;border:1px solid #fca5a5;color:#991b1b;border-radius:8px;padding:10px 12px;margin:0 0 16px;font-size:14px}
table{width:100%;border-collapse:collapse;font-size:14px;margin:0 0 16px}th,td{padding:8px 0;text-align:left;vertical-align:top;border-bottom:1px solid #e2e8f0}
th{color:#64748b;font-weight:600}.num{text-align:right;padding-left:12px;white-space:nowrap}tfoot th,tfoot td{border-bottom:0;color:#0f172a}.block{display:block;font-size:13px}
.badge{display:inline-block;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600;white-space:nowrap}.ok{background:#dcfce7;color:#166534}.warn{background:#fef3c7;color:#92400e}`;

/**
 * The page's referrer policy is same-origin (the app's is no-referrer): under no-referrer a browser
 * sends `Origin: null` with a form's POST, which the same-origin check rightly refuses.
 */
function page(c: Context<TAppEnv>, title: string, body: THtml, status: ContentfulStatusCode = 200) {
  return c.html(
    html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} — Payment simulator — Pennant</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="same-origin">
<style>${raw(STYLE)}</style></head>
<body><div class="banner" role="note">Simulated payment — no card is charged<span>Pennant's built-in payment simulator stands in for Stripe in local mode.</span></div>
<main>${body}</main></body></html>`,
    status,
  );
}
