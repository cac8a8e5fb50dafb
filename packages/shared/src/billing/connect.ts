import { z } from 'zod';

/**
 * The payment account: the organization's connected account at the card payment provider, through
 * which sponsors pay invoices and donors give (spec 000 §2 Payments tab, §3 the organization's
 * stripe fields, §4 Payment provider connect badge, §7 generate-stripe-oauth-link,
 * generate-stripe-account-link, dev-clear-stripe-connect, §8 Payment connect).
 */

export const CONNECT_MESSAGES = {
  title: 'Payment Setup',
  orgRequired: 'Organization ID is required',
  setupFailed: 'Setup Failed',
  noOauthUrl: 'No OAuth URL returned',
  invalidResponse: 'Invalid response from server',
  resetFailed: 'Failed to reset Stripe Connect',
  connectFailed: 'Stripe Connect setup failed',
  continueInProvider: 'Continue in the provider',
  resetAndStartOver: 'Reset & Start Over',
  resetConfirmTitle: 'Reset the payment account?',
  resetConfirm:
    'This disconnects the payment account from your organization and deletes it at the payment provider. ' +
    'Card payments stop until you set up a new one. Invoices already paid stay paid.',
  resetDone: 'The payment account was reset. You can set up a new one.',
  connected: 'Your payment account is ready to accept card payments.',
  incomplete: 'Payment setup is not finished yet. Continue where you left off when you are ready.',
  premiumRequired: 'Payment Setup is a Premium feature. Upgrade to Premium to accept card payments.',
} as const;

/** The connect badge (spec §4), in the table's words. */
export const CONNECT_STATUSES = ['not_started', 'setup_incomplete', 'limited', 'disabled', 'active'] as const;
export type TConnectStatus = (typeof CONNECT_STATUSES)[number];

export const CONNECT_STATUS_LABELS: Record<TConnectStatus, string> = {
  not_started: 'Not Started',
  setup_incomplete: 'Setup Incomplete',
  limited: 'Limited',
  disabled: 'Disabled',
  active: 'Active',
};

/** What the organization keeps of its connected account (spec §3). */
export interface TConnectFields {
  accountId: string | null;
  onboardingComplete: boolean;
  accountEnabled: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

/**
 * The badge, by spec §4's table read top to bottom: no account; onboarding not complete; the
 * account not enabled; enabled but not both charges and payouts; else active.
 */
export function connectStatusOf(f: TConnectFields): TConnectStatus {
  if (!f.accountId) return 'not_started';
  if (!f.onboardingComplete) return 'setup_incomplete';
  if (!f.accountEnabled) return 'disabled';
  if (!(f.chargesEnabled && f.payoutsEnabled)) return 'limited';
  return 'active';
}

/** Card invoices and donations need an account that can take charges. */
export function canAcceptCardPayments(f: TConnectFields): boolean {
  return f.accountId !== null && f.onboardingComplete && f.accountEnabled && f.chargesEnabled;
}

/** The disabled reasons the panel explains (spec §4), from the provider's `disabled_reason`. */
export const DISABLED_REASONS = ['pending_verification', 'past_due', 'pending_onboarding'] as const;
export type TDisabledReason = (typeof DISABLED_REASONS)[number];

export const DISABLED_REASON_MESSAGES: Record<TDisabledReason, { title: string; body: string }> = {
  pending_verification: {
    title: 'Verification in progress',
    body: 'The payment provider is reviewing your information. This usually takes up to 24 hours.',
  },
  past_due: {
    title: 'Information missing',
    body: 'The payment provider needs more information before your account can accept payments.',
  },
  pending_onboarding: {
    title: 'Setup not finished',
    body: 'You have not finished setting up your payment account.',
  },
};

/**
 * The provider's reason ('requirements.past_due', 'requirements.pending_verification', …) as one of
 * the three the panel explains; an account with currently-due items and no reason is not finished.
 */
export function disabledReasonOf(requirements: {
  disabledReason: string | null;
  currentlyDue: readonly string[];
  pendingVerification: readonly string[];
}): TDisabledReason | null {
  const raw = requirements.disabledReason ?? '';
  if (raw.endsWith('pending_verification')) return 'pending_verification';
  if (raw.endsWith('past_due')) return 'past_due';
  if (raw.length > 0) return 'pending_onboarding';
  if (requirements.pendingVerification.length > 0) return 'pending_verification';
  if (requirements.currentlyDue.length > 0) return 'pending_onboarding';
  return null;
}

export const ZStoredRequirements = z.object({
  disabledReason: z.string().nullable(),
  currentlyDue: z.array(z.string()),
  pendingVerification: z.array(z.string()),
});
export type TStoredRequirements = z.infer<typeof ZStoredRequirements>;

export const ZPaymentAccount = z.object({
  status: z.enum(CONNECT_STATUSES),
  accountId: z.string().nullable(),
  onboardingComplete: z.boolean(),
  accountEnabled: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  disabledReason: z.enum(DISABLED_REASONS).nullable(),
  currentlyDue: z.array(z.string()),
  pendingVerification: z.array(z.string()),
  /** Whether card invoices and donations can be taken now. */
  canAcceptPayments: z.boolean(),
});
export type TPaymentAccount = z.infer<typeof ZPaymentAccount>;

/** Where the provider's onboarding sends the browser back (spec §2 return parameters). */
export const CONNECT_RETURN = {
  param: 'stripe',
  success: 'success',
  incomplete: 'incomplete',
  error: 'error',
} as const;

export const ZResetPaymentAccountInput = z.object({
  /** Also delete the account at the provider (dev-clear-stripe-connect's deleteStripeAccount). */
  deleteAccount: z.boolean().default(true),
});
export type TResetPaymentAccountInput = z.input<typeof ZResetPaymentAccountInput>;

/** The session flag set when onboarding opens in a new tab (spec §7 generate-stripe-oauth-link). */
export const CONNECT_SESSION_FLAG = 'pennant.paymentSetupOpened';
