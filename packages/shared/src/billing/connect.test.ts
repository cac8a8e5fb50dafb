import { describe, expect, it } from 'vitest';
import {
  CONNECT_STATUS_LABELS,
  canAcceptCardPayments,
  connectStatusOf,
  disabledReasonOf,
  type TConnectFields,
} from './connect';

const active: TConnectFields = {
  accountId: 'acct_1',
  onboardingComplete: true,
  accountEnabled: true,
  chargesEnabled: true,
  payoutsEnabled: true,
};

describe('the connect badge (spec §4)', () => {
  it.each<[string, Partial<TConnectFields>, string]>([
    ['no connected account', { accountId: null }, 'Not Started'],
    ['onboarding not complete', { onboardingComplete: false, accountEnabled: false }, 'Setup Incomplete'],
    ['onboarding not complete, even when enabled', { onboardingComplete: false }, 'Setup Incomplete'],
    ['account not enabled', { accountEnabled: false, chargesEnabled: false }, 'Disabled'],
    ['enabled, charges on, payouts off', { payoutsEnabled: false }, 'Limited'],
    ['enabled, charges off, payouts on', { chargesEnabled: false }, 'Limited'],
    ['enabled, charges and payouts on', {}, 'Active'],
  ])('%s → %s', (_, change, label) => {
    expect(CONNECT_STATUS_LABELS[connectStatusOf({ ...active, ...change })]).toBe(label);
  });

  it('takes card payments only with an enabled account that can charge', () => {
    expect(canAcceptCardPayments(active)).toBe(true);
    expect(canAcceptCardPayments({ ...active, payoutsEnabled: false })).toBe(true);
    expect(canAcceptCardPayments({ ...active, chargesEnabled: false })).toBe(false);
    expect(canAcceptCardPayments({ ...active, accountEnabled: false })).toBe(false);
    expect(canAcceptCardPayments({ ...active, onboardingComplete: false })).toBe(false);
    expect(canAcceptCardPayments({ ...active, accountId: null })).toBe(false);
  });
});

describe('the disabled reason the panel explains', () => {
  const none = { disabledReason: null, currentlyDue: [], pendingVerification: [] };
  it('reads the provider’s reason', () => {
    expect(disabledReasonOf({ ...none, disabledReason: 'requirements.pending_verification' })).toBe(
      'pending_verification',
    );
    expect(disabledReasonOf({ ...none, disabledReason: 'requirements.past_due' })).toBe('past_due');
    expect(disabledReasonOf({ ...none, disabledReason: 'rejected.other' })).toBe('pending_onboarding');
  });
  it('without a reason, falls back on what is still due', () => {
    expect(disabledReasonOf({ ...none, pendingVerification: ['individual.id_number'] })).toBe('pending_verification');
    expect(disabledReasonOf({ ...none, currentlyDue: ['external_account'] })).toBe('pending_onboarding');
    expect(disabledReasonOf(none)).toBeNull();
  });
});
