import type { TPaymentAccount } from '@pennant/shared/billing/connect';
import * as billing from '@pennant/shared/billing/contract';
import type { TPaidPlan, TRedirect, TVerifyResult } from '@pennant/shared/billing/schemas';
import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';

/**
 * Billing's query keys, query hooks and mutation hooks (checkout, the billing portal, payment
 * verification, receipts). Every key starts with 'billing', the realtime topic, so a webhook's
 * event refreshes the whole area; each mutation refreshes 'billing', 'plan' and 'session' when it
 * settles (lib/query.ts).
 */
export const billingKeys = {
  all: ['billing'] as const,
  receipts: ['billing', 'receipts'] as const,
  paymentAccount: ['billing', 'payment-account'] as const,
};

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** The subscription's paid invoices, newest first. */
export function useReceipts(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.receipts,
    queryFn: async () => (await call(billing.listReceipts)).receipts,
    enabled: opts.enabled ?? true,
  });
}

/** The payment account (Settings → Payments): its badge, requirements and whether it takes cards. */
export function usePaymentAccount(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.paymentAccount,
    queryFn: () => call(billing.getPaymentAccount),
    enabled: opts.enabled ?? true,
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/** Starts a Premium checkout; answers the payment page's url. */
export function useCreateCheckout(ui?: TMutationUi<TRedirect, TPaidPlan>) {
  return useContractMutation(
    billing.createCheckout,
    { mutationFn: (planKey: TPaidPlan) => call(billing.createCheckout, { body: { planKey } }) },
    ui,
  );
}

/** The payment provider's customer portal (Manage Subscription, Reactivate, Resolve Now); 409 without a subscription. */
export function useOpenBillingPortal(ui?: TMutationUi<TRedirect, void>) {
  return useContractMutation(billing.openBillingPortal, { mutationFn: () => call(billing.openBillingPortal) }, ui);
}

/** Confirms a finished checkout by its session id and brings the plan up to date. */
export function useVerifyCheckout(ui?: TMutationUi<TVerifyResult, string>) {
  return useContractMutation(
    billing.verifyCheckout,
    { mutationFn: (sessionId: string) => call(billing.verifyCheckout, { body: { sessionId } }) },
    ui,
  );
}

/** Manual verification: reads the subscription at the provider and updates the plan. */
export function useVerifySubscription(ui?: TMutationUi<TVerifyResult, void>) {
  return useContractMutation(billing.verifySubscription, { mutationFn: () => call(billing.verifySubscription) }, ui);
}

/** A short-lived link to one receipt's PDF. */
export function useReceiptPdf(ui?: TMutationUi<TDocumentLink, string>) {
  return useContractMutation(
    billing.receiptPdf,
    { mutationFn: (id: string) => call(billing.receiptPdf, { params: { id } }) },
    ui,
  );
}

/** A link to the provider's onboarding for the payment account (made on first use). */
export function useStartPaymentSetup(ui?: TMutationUi<TRedirect, void>) {
  return useContractMutation(billing.startPaymentSetup, { mutationFn: () => call(billing.startPaymentSetup) }, ui);
}

/** Reads the payment account at the provider again (on return from onboarding). */
export function useRefreshPaymentAccount(ui?: TMutationUi<TPaymentAccount, void>) {
  return useContractMutation(
    billing.refreshPaymentAccount,
    { mutationFn: () => call(billing.refreshPaymentAccount) },
    ui,
  );
}

/** A one-time link into the payment account's dashboard at the provider. */
export function useOpenPaymentDashboard(ui?: TMutationUi<TRedirect, void>) {
  return useContractMutation(
    billing.openPaymentDashboard,
    { mutationFn: () => call(billing.openPaymentDashboard) },
    ui,
  );
}

/** 'Reset & Start Over': the account is deleted at the provider and forgotten. */
export function useResetPaymentAccount(ui?: TMutationUi<TPaymentAccount, void>) {
  return useContractMutation(
    billing.resetPaymentAccount,
    { mutationFn: () => call(billing.resetPaymentAccount, { body: { deleteAccount: true } }) },
    ui,
  );
}
