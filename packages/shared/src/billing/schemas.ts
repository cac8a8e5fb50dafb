import { z } from 'zod';
import { text } from '../fields';

/**
 * Premium billing (issue 13; spec 000 §2 billing and receipts tabs, /stripe-callback, §3
 * invoice_receipt, §4 Plan and Subscription banner and Payment verification page, §7 create-checkout,
 * customer-portal, verify-payment, manual-verify-subscription, §8 Billing and payments).
 */

export const PAID_PLANS = ['premium_month', 'premium_year'] as const;
export type TPaidPlan = (typeof PAID_PLANS)[number];

export const BILLING_MESSAGES = {
  checkoutErrorTitle: 'Checkout Error',
  organizationNotFound: 'Organization not found',
  organizationRecord: 'Unable to access organization record',
  notAuthenticated: 'User not authenticated',
  noCheckoutUrl: 'No checkout URL returned',
  portalFailed: 'Failed to open billing portal',
  noCustomer: 'There is no subscription to manage yet. Upgrade to Premium first.',
  verifyNoOrganization: 'Error verifying payment: Could not find organization',
  verifyFailed: 'Payment verification failed. Please contact support.',
  unableToConfirm: 'Unable to confirm subscription status.',
  manualVerification: 'We are confirming your payment with the payment provider. This can take a minute.',
  success: 'Your Premium subscription is active. Redirecting to dashboard...',
  processingIssue: 'Processing Issue',
  processing: 'Processing your payment...',
  noReceipts: 'No receipts found',
} as const;

/** The /stripe-callback page's schedule (spec §4): wait, then poll, then verify by hand. */
export const CALLBACK_FIRST_WAIT_MS = 2000;
export const CALLBACK_POLL_INTERVAL_MS = 3000;
export const CALLBACK_POLL_ATTEMPTS = 10;
export const CALLBACK_REDIRECT_MS = 3000;

export const ZCheckoutInput = z.object({
  planKey: z.enum(PAID_PLANS, { error: 'Choose the monthly or the yearly plan' }),
});
export type TCheckoutInput = z.input<typeof ZCheckoutInput>;

export const ZRedirect = z.object({ url: z.string() });
export type TRedirect = z.infer<typeof ZRedirect>;

export const ZVerifyInput = z.object({
  sessionId: text(200, 'Session id').trim().min(1, 'Session id is required'),
});
export type TVerifyInput = z.input<typeof ZVerifyInput>;

/** What a verification found: the organization's plan fields after it. */
export const ZVerifyResult = z.object({
  active: z.boolean(),
  planKey: z.string(),
  status: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
});
export type TVerifyResult = z.infer<typeof ZVerifyResult>;

export const ZReceipt = z.object({
  id: z.uuid(),
  paidAt: z.string(),
  amountPaidCents: z.number().int(),
  /** The provider's page for the invoice, when it has one. */
  hostedUrl: z.string().nullable(),
  hasPdf: z.boolean(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZReceiptList = z.object({ receipts: z.array(ZReceipt) });
export type TReceiptList = z.infer<typeof ZReceiptList>;
