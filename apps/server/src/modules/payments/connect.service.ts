import { randomUUID } from 'node:crypto';
import {
  CONNECT_MESSAGES,
  canAcceptCardPayments,
  connectStatusOf,
  disabledReasonOf,
  type TConnectFields,
  type TPaymentAccount,
  type TResetPaymentAccountInput,
  ZResetPaymentAccountInput,
  ZStoredRequirements,
} from '@pennant/shared/billing/connect';
import type { TRedirect } from '@pennant/shared/billing/schemas';
import { planAllows } from '@pennant/shared/organization/plans';
import { allows, refusal } from '@pennant/shared/session/permissions';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TConnectedAccount } from '../../integrations/payments';
import type { TMember } from '../session/member';
import { publishBilling, type TRunTx } from './billing.common';
import {
  claimConnectedAccount,
  clearConnectedAccount,
  findConnectState,
  findConnectStateByAccount,
  type TConnectRow,
  type TConnectWrite,
  writeConnectFields,
} from './connect.repo';

/**
 * The payment account (Settings → Payments): the organization's connected account at the card
 * payment provider. The provider is the source of truth; the organization keeps a copy of its
 * flags, written from a fresh read of the account (on account.updated and when the member comes
 * back from onboarding), never from an event's copy alone.
 */

/** Where onboarding comes back to: the Payments tab, which then reads the account again. */
export function paymentsTabUrl(publicUrl: string, outcome: 'success' | 'incomplete'): string {
  return `${publicUrl}/dashboard/settings?tab=payments&stripe=${outcome}`;
}

function requirePayment(member: TMember): void {
  if (!allows(member, 'payment')) throw new AppError('forbidden', refusal('payment'));
}

function connectFieldsOf(row: TConnectRow): TConnectFields {
  return {
    accountId: row.stripe_connected_account_id,
    onboardingComplete: row.stripe_onboarding_complete,
    accountEnabled: row.stripe_account_enabled,
    chargesEnabled: row.stripe_charges_enabled,
    payoutsEnabled: row.stripe_payouts_enabled,
  };
}

export function paymentAccountOf(row: TConnectRow): TPaymentAccount {
  const fields = connectFieldsOf(row);
  const stored = ZStoredRequirements.safeParse(row.stripe_requirements);
  const requirements = stored.success
    ? stored.data
    : { disabledReason: null, currentlyDue: [], pendingVerification: [] };
  const status = connectStatusOf(fields);
  return {
    status,
    accountId: fields.accountId,
    onboardingComplete: fields.onboardingComplete,
    accountEnabled: fields.accountEnabled,
    chargesEnabled: fields.chargesEnabled,
    payoutsEnabled: fields.payoutsEnabled,
    // An active account has nothing to explain; a half-set-up one always has a reason.
    disabledReason: status === 'active' || status === 'not_started' ? null : disabledReasonOf(requirements),
    currentlyDue: requirements.currentlyDue,
    pendingVerification: requirements.pendingVerification,
    canAcceptPayments: canAcceptCardPayments(fields),
  };
}

/** The provider's account as the organization's fields: enabled means nothing holds it back. */
export function connectWriteOf(account: TConnectedAccount): TConnectWrite {
  return {
    accountEnabled: account.requirements.disabledReason === null,
    onboardingComplete: account.detailsSubmitted,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    requirements: {
      disabledReason: account.requirements.disabledReason,
      currentlyDue: account.requirements.currentlyDue,
      pendingVerification: account.requirements.pendingVerification,
    },
  };
}

/** The organization's payment-account columns, read in a transaction of their own (every caller's later writes open theirs). */
async function connectState(deps: TDeps, member: TMember): Promise<TConnectRow> {
  const row = await readTenant(deps.db, member, (tx) => findConnectState(tx, member.orgId));
  if (!row) throw new AppError('not_found', CONNECT_MESSAGES.orgRequired);
  return row;
}

export async function getPaymentAccount(deps: TDeps, member: TMember): Promise<TPaymentAccount> {
  return paymentAccountOf(await connectState(deps, member));
}

/** Reads the account at the provider and stores it; true when the organization's fields changed. */
async function syncAccount(deps: TDeps, run: TRunTx, orgId: string, accountId: string): Promise<boolean> {
  const account = await deps.payments.retrieveAccount(accountId);
  // Deleted at the provider (in its dashboard): the organization starts over.
  if (!account) return run(async (tx) => (await clearConnectedAccount(tx, orgId)) !== null);
  return run((tx) => writeConnectFields(tx, orgId, accountId, connectWriteOf(account)));
}

/** After onboarding: the account as the provider has it now. */
export async function refreshPaymentAccount(deps: TDeps, member: TMember): Promise<TPaymentAccount> {
  requirePayment(member);
  const row = await connectState(deps, member);
  const accountId = row.stripe_connected_account_id;
  if (!accountId) return paymentAccountOf(row);
  const run: TRunTx = (fn) => withTenant(deps.db, member, fn);
  let changed: boolean;
  try {
    changed = await syncAccount(deps, run, member.orgId, accountId);
  } catch (err) {
    deps.log.error({ err, orgId: member.orgId }, 'payment account could not be read');
    throw new AppError('bad_gateway', CONNECT_MESSAGES.invalidResponse);
  }
  if (changed) publishBilling(deps, member.orgId);
  return getPaymentAccount(deps, member);
}

/**
 * A link to the provider's onboarding (generate-stripe-oauth-link and -account-link in one). The
 * account is made on first use; two clicks racing each other keep the first account and the other
 * is deleted at the provider. Premium only, like the tab.
 */
export async function startPaymentSetup(deps: TDeps, member: TMember): Promise<TRedirect> {
  requirePayment(member);
  if (!planAllows(member.plan, 'cardProcessing')) throw new AppError('plan_limit', CONNECT_MESSAGES.premiumRequired);
  const row = await connectState(deps, member);
  const publicUrl = deps.config.publicUrl;
  try {
    let accountId = row.stripe_connected_account_id;
    if (!accountId) {
      const created = await deps.payments.createConnectedAccount({
        orgId: member.orgId,
        email: member.email,
        idempotencyKey: `connect:${member.orgId}:${randomUUID()}`,
      });
      const claimed = await withTenant(deps.db, member, (tx) =>
        claimConnectedAccount(tx, member.orgId, created.accountId),
      );
      if (claimed) {
        accountId = created.accountId;
        publishBilling(deps, member.orgId);
      } else {
        await deps.payments.deleteConnectedAccount(created.accountId).catch((err: unknown) => {
          deps.log.warn({ err, accountId: created.accountId }, 'a duplicate payment account was left at the provider');
        });
        accountId = (await connectState(deps, member)).stripe_connected_account_id;
      }
    }
    if (!accountId) throw new Error('the payment account was reset while it was being set up');
    const { url } = await deps.payments.createAccountLink({
      accountId,
      refreshUrl: paymentsTabUrl(publicUrl, 'incomplete'),
      returnUrl: paymentsTabUrl(publicUrl, 'success'),
    });
    if (!url) throw new Error('the provider answered no onboarding URL');
    return { url };
  } catch (err) {
    deps.log.error({ err, orgId: member.orgId }, 'payment setup could not start');
    throw new AppError('bad_gateway', CONNECT_MESSAGES.noOauthUrl);
  }
}

/** A one-time link into the account's dashboard at the provider. */
export async function openPaymentDashboard(deps: TDeps, member: TMember): Promise<TRedirect> {
  requirePayment(member);
  const accountId = (await connectState(deps, member)).stripe_connected_account_id;
  if (!accountId) throw new AppError('conflict', 'There is no payment account yet. Set one up first.');
  try {
    return await deps.payments.createAccountLoginLink(accountId);
  } catch (err) {
    deps.log.error({ err, orgId: member.orgId }, 'payment dashboard link could not be made');
    throw new AppError('bad_gateway', CONNECT_MESSAGES.invalidResponse);
  }
}

/**
 * 'Reset & Start Over' (dev-clear-stripe-connect): by default the provider deletes the account
 * first (one it no longer knows is fine), then the organization forgets it. A provider failure
 * changes nothing and is a 502, so the member can try again.
 */
export async function resetPaymentAccount(
  deps: TDeps,
  member: TMember,
  input: TResetPaymentAccountInput,
): Promise<TPaymentAccount> {
  requirePayment(member);
  const { deleteAccount } = ZResetPaymentAccountInput.parse(input);
  const accountId = (await connectState(deps, member)).stripe_connected_account_id;
  if (accountId && deleteAccount) {
    try {
      await deps.payments.deleteConnectedAccount(accountId);
    } catch (err) {
      deps.log.error({ err, orgId: member.orgId, accountId }, 'payment account could not be deleted');
      throw new AppError('bad_gateway', CONNECT_MESSAGES.resetFailed);
    }
  }
  const previous = await withTenant(deps.db, member, (tx) => clearConnectedAccount(tx, member.orgId));
  if (previous) publishBilling(deps, member.orgId);
  return getPaymentAccount(deps, member);
}

/**
 * account.updated: the account is read again at the provider (never the event's copy: events come
 * out of order) and stored on the organization that has it. Answers that organization when its
 * fields changed.
 */
export async function applyAccountUpdate(deps: TDeps, platform: TRunTx, accountId: string): Promise<string | null> {
  const org = await platform((tx) => findConnectStateByAccount(tx, accountId));
  if (!org) return null;
  return (await syncAccount(deps, platform, org.id, accountId)) ? org.id : null;
}
