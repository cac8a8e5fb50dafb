import type { TConfig } from '../../config';
import type { Logger } from '../../logger';
import type { TPayments } from './payments';
import { createPaymentsSimulator, simulatorDir, type TPaymentsSimulator } from './simulator';
import { createStripePayments } from './stripe';

export type {
  TAccountRequirements,
  TCheckoutInput,
  TCheckoutSession,
  TConnectedAccount,
  TDonationCheckoutInput,
  THostedInvoice,
  THostedInvoiceInput,
  THostedInvoiceLine,
  TPaidPlanKey,
  TPaymentEvent,
  TPayments,
  TPlanPrices,
  TSubscription,
  TWebhookEvent,
} from './payments';
export {
  PAID_PLAN_KEYS,
  PaymentsError,
  PLAN_AMOUNT_CENTS,
  readPaymentEvent,
  WebhookSignatureError,
  ZPaidPlanKey,
} from './payments';
export type {
  TCheckoutOutcome,
  TInvoiceOutcome,
  TPaymentsSimulator,
  TSimulatedAccountState,
  TSimulatedDonation,
  TSimulatedHostedInvoice,
  TSimulatedWebhook,
} from './simulator';

/** What createPayments gives: `kind === 'simulator'` narrows to the simulator, for its developer pages. */
export type TPaymentsProvider = (TPayments & { kind: 'stripe' }) | TPaymentsSimulator;

/**
 * Stripe when the configuration has its keys (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and the two
 * price ids; config.ts refuses some without the others), else the simulator. A public deployment
 * without keys still runs on the simulator, with a warning: nobody is charged, and no one can pay
 * either, because the simulator's pages (/dev/payments/…) exist in local mode only — the routes
 * that serve them must check `config.localMode`, like /dev/mailbox.
 */
export function createPayments(config: TConfig, log: Logger): TPaymentsProvider {
  const { payments } = config;
  if (payments.provider === 'stripe') {
    return createStripePayments({
      secretKey: payments.secretKey,
      webhookSecret: payments.webhookSecret,
      prices: payments.prices,
      apiBase: payments.apiBase,
    });
  }
  if (config.env === 'production' || !config.localMode) {
    log.warn(
      'Payments are simulated: no STRIPE_SECRET_KEY is set, so subscriptions and connected accounts are ' +
        "the built-in simulator's and nobody is charged. Set the STRIPE_* settings to take real payments.",
    );
  }
  return createPaymentsSimulator({
    dir: simulatorDir(config.dataDir),
    publicUrl: config.publicUrl,
    webhookSecret: payments.webhookSecret,
    sessionSecret: config.sessionSecret,
  });
}
