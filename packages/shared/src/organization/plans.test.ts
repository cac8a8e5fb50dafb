import { describe, expect, it } from 'vitest';
import {
  canAddSponsor,
  canAddTeamMember,
  canCreateCampaign,
  FREE_LIMITS,
  FREE_PLAN,
  isPremiumActive,
  isPremiumKey,
  PLAN_FEATURE_KEYS,
  PLAN_FEATURE_MATRIX,
  PLAN_FEATURES,
  PLAN_LIMITS,
  PREMIUM_FEATURES,
  PREMIUM_YEAR_PER_MONTH_LABEL,
  planAllows,
  planBadge,
  planKeyOf,
  planLimits,
  planTier,
  statusWords,
  subscriptionBanner,
  type TPlanState,
  teamMembersLabel,
  teamSeatsUsed,
  usageTone,
} from './plans';

const plan = (planKey: string, status: string | null = null): TPlanState => ({ planKey, status, expiresAt: null });
const FREE = plan('free');
const MONTH_ACTIVE = plan('premium_month', 'active');
const YEAR_ACTIVE = plan('premium_year', 'active');
const TRIALING = plan('premium_month', 'trialing');
const PAST_DUE = plan('premium_year', 'past_due');
const CANCELED = plan('premium_month', 'canceled');

describe('plan keys', () => {
  it('are free when nothing is set', () => {
    expect(planKeyOf(null)).toBe('free');
    expect(planKeyOf(undefined)).toBe('free');
    expect(planKeyOf('')).toBe('free');
    expect(planKeyOf('premium_year')).toBe('premium_year');
  });

  it('are premium for any key beginning premium_', () => {
    expect(isPremiumKey('premium_month')).toBe(true);
    expect(isPremiumKey('premium_year')).toBe(true);
    expect(isPremiumKey('premium_lifetime')).toBe(true);
    expect(isPremiumKey('premium')).toBe(false);
    expect(isPremiumKey('free')).toBe(false);
    expect(isPremiumKey(null)).toBe(false);
  });
});

describe('premium features', () => {
  it('unlock only for a premium key in status active', () => {
    expect(isPremiumActive(MONTH_ACTIVE)).toBe(true);
    expect(isPremiumActive(YEAR_ACTIVE)).toBe(true);
    for (const p of [FREE, TRIALING, PAST_DUE, CANCELED, plan('premium_year'), plan('free', 'active')]) {
      expect(isPremiumActive(p), JSON.stringify(p)).toBe(false);
    }
  });

  it('include new campaigns, which a downgrade blocks', () => {
    expect(canCreateCampaign(YEAR_ACTIVE)).toBe(true);
    expect(canCreateCampaign(FREE)).toBe(false);
    expect(canCreateCampaign(CANCELED)).toBe(false);
    expect(canCreateCampaign(TRIALING)).toBe(false);
  });
});

describe('the sponsor limit', () => {
  it('lets a free plan reach 10 active sponsors and no more', () => {
    expect(FREE_LIMITS.activeSponsors).toBe(10);
    expect(canAddSponsor(FREE, 0)).toBe(true);
    expect(canAddSponsor(FREE, 9)).toBe(true);
    expect(canAddSponsor(FREE, 10)).toBe(false);
    expect(canAddSponsor(FREE, 25)).toBe(false);
  });

  it('counts every sponsor being added at once', () => {
    expect(canAddSponsor(FREE, 8, 2)).toBe(true);
    expect(canAddSponsor(FREE, 8, 3)).toBe(false);
  });

  it('is lifted by premium active and also by a trial', () => {
    expect(canAddSponsor(MONTH_ACTIVE, 500)).toBe(true);
    expect(canAddSponsor(TRIALING, 500)).toBe(true);
  });

  it('applies again to a premium plan that is past due or canceled', () => {
    expect(canAddSponsor(PAST_DUE, 10)).toBe(false);
    expect(canAddSponsor(CANCELED, 10)).toBe(false);
    expect(canAddSponsor(CANCELED, 3)).toBe(true);
  });
});

describe('the team limit', () => {
  it('allows one team member on the free plan: the owner alone', () => {
    expect(FREE_LIMITS.teamMembers).toBe(1);
    expect(canAddTeamMember(FREE, 0)).toBe(true);
    expect(canAddTeamMember(FREE, 1)).toBe(false);
  });

  it('is lifted only by premium active, not by a trial', () => {
    expect(canAddTeamMember(YEAR_ACTIVE, 40)).toBe(true);
    expect(canAddTeamMember(TRIALING, 1)).toBe(false);
    expect(canAddTeamMember(PAST_DUE, 1)).toBe(false);
  });
});

describe('planLimits', () => {
  it('reports the free limits, and null where a plan lifts them', () => {
    expect(planLimits(FREE)).toEqual({ activeSponsors: 10, teamMembers: 1 });
    expect(planLimits(YEAR_ACTIVE)).toEqual({ activeSponsors: null, teamMembers: null });
    expect(planLimits(TRIALING)).toEqual({ activeSponsors: null, teamMembers: 1 });
    expect(planLimits(PAST_DUE)).toEqual({ activeSponsors: 10, teamMembers: 1 });
  });
});

describe('planBadge', () => {
  it('shows Free Plan, Premium, or Premium with the status when not active', () => {
    expect(planBadge(FREE)).toEqual({ kind: 'free', label: 'Free Plan' });
    expect(planBadge(MONTH_ACTIVE)).toEqual({ kind: 'premium', label: 'Premium' });
    expect(planBadge(PAST_DUE)).toEqual({ kind: 'premium_inactive', label: 'Premium', status: 'past_due' });
    expect(planBadge(plan('premium_year'))).toEqual({ kind: 'premium_inactive', label: 'Premium', status: 'inactive' });
  });
});

describe('usageTone', () => {
  it('turns orange at 80% of a limit and above', () => {
    expect(usageTone(7, 10)).toBe('normal');
    expect(usageTone(8, 10)).toBe('warning');
    expect(usageTone(10, 10)).toBe('warning');
    expect(usageTone(12, 10)).toBe('warning');
    expect(usageTone(0, 1)).toBe('normal');
    expect(usageTone(1, 1)).toBe('warning');
  });

  it('never warns without a limit', () => {
    expect(usageTone(5, 0)).toBe('normal');
  });
});

describe('the plan matrix', () => {
  it('gives the premium column only to a premium plan in status active', () => {
    expect(planTier(MONTH_ACTIVE)).toBe('premium');
    expect(planTier(YEAR_ACTIVE)).toBe('premium');
    for (const p of [FREE, FREE_PLAN, TRIALING, PAST_DUE, CANCELED, plan('premium_year')]) {
      expect(planTier(p), JSON.stringify(p)).toBe('free');
    }
  });

  it('allows every gated feature to premium active and none to free, past due, canceled or a trial', () => {
    for (const feature of PLAN_FEATURE_KEYS) {
      expect(planAllows(YEAR_ACTIVE, feature), feature).toBe(true);
      for (const p of [FREE, TRIALING, PAST_DUE, CANCELED]) {
        expect(planAllows(p, feature), `${feature} ${JSON.stringify(p)}`).toBe(false);
      }
    }
  });

  it('makes bulk import, campaigns, receipts and card processing premium features', () => {
    for (const feature of ['bulkImport', 'campaigns', 'receipts', 'cardProcessing', 'financeKpis'] as const) {
      expect(PREMIUM_FEATURES).toContain(feature);
    }
  });

  it('prints the free plan as the spec words it, from the limits', () => {
    expect(PLAN_FEATURES.free).toEqual([
      'Up to 10 active sponsors',
      '1 team member',
      'Basic reports and templates',
      'Check or bank transfer payments only',
    ]);
    expect(PLAN_FEATURES.free[0]).toContain(String(PLAN_LIMITS.free.activeSponsors));
  });

  it('prints the premium plan as the spec lists it (§9), in order', () => {
    expect(PLAN_FEATURES.premium).toEqual([
      'Unlimited sponsors and team members',
      'Advanced reporting',
      'Custom templates',
      'Season rollover',
      'Bulk import',
      'Invoicing',
      'Card processing',
      'AI assistance',
      'Audit log',
    ]);
  });

  it('prints a premium line for each feature the free plan lacks, and only those', () => {
    const printed = PLAN_FEATURE_KEYS.filter((f) => PLAN_FEATURE_MATRIX[f].pricing !== null);
    for (const feature of printed) {
      const line = PLAN_FEATURE_MATRIX[feature].pricing;
      expect(PLAN_FEATURES.premium, feature).toContain(line);
      expect(PLAN_FEATURES.free, feature).not.toContain(line);
      expect(planAllows(FREE, feature)).toBe(false);
    }
  });

  it('has no limits on the premium column', () => {
    expect(PLAN_LIMITS.premium).toEqual({ activeSponsors: null, teamMembers: null });
  });
});

describe('team seats', () => {
  it('are worded singular for one', () => {
    expect(teamMembersLabel(1)).toBe('1 team member');
    expect(teamMembersLabel(3)).toBe('3 team members');
  });

  it('count members and pending invitations', () => {
    expect(teamSeatsUsed({ teamMembers: 1, pendingInvites: 0 })).toBe(1);
    expect(teamSeatsUsed({ teamMembers: 3, pendingInvites: 2 })).toBe(5);
  });

  it('leave no room for an invitation on free once the owner is there', () => {
    expect(canAddTeamMember(FREE, teamSeatsUsed({ teamMembers: 1, pendingInvites: 0 }))).toBe(false);
    expect(canAddTeamMember(YEAR_ACTIVE, teamSeatsUsed({ teamMembers: 1, pendingInvites: 40 }))).toBe(true);
  });
});

describe('prices', () => {
  it('come to $8.33 a month when paid yearly', () => {
    expect(PREMIUM_YEAR_PER_MONTH_LABEL).toBe('$8.33');
  });
});

describe('subscriptionBanner', () => {
  const now = new Date('2025-06-01T00:00:00Z');

  it('is the upgrade prompt on free', () => {
    expect(subscriptionBanner(FREE, now)).toEqual({ kind: 'free' });
    expect(subscriptionBanner(FREE_PLAN, now)).toEqual({ kind: 'free' });
  });

  it('renews an active premium plan on its end date', () => {
    const active = { planKey: 'premium_year', status: 'active', expiresAt: '2026-06-01T00:00:00Z' };
    expect(subscriptionBanner(active, now)).toEqual({ kind: 'active', renewsOn: '2026-06-01T00:00:00Z' });
    expect(subscriptionBanner(MONTH_ACTIVE, now)).toEqual({ kind: 'active', renewsOn: null });
  });

  it('keeps a canceled plan active until a future end date', () => {
    const canceled = { planKey: 'premium_month', status: 'canceled', expiresAt: '2025-06-20T00:00:00Z' };
    expect(subscriptionBanner(canceled, now)).toEqual({ kind: 'canceled', activeUntil: '2025-06-20T00:00:00Z' });
  });

  it('asks to resolve a past-due plan, and any other status, never showing the free prompt', () => {
    expect(subscriptionBanner(PAST_DUE, now)).toEqual({
      kind: 'attention',
      status: 'past_due',
      title: 'Subscription payment past due',
    });
    const ended = { planKey: 'premium_month', status: 'canceled', expiresAt: '2025-05-01T00:00:00Z' };
    expect(subscriptionBanner(ended, now)).toMatchObject({ kind: 'attention', title: 'Subscription canceled' });
    expect(subscriptionBanner(plan('premium_year', 'unpaid'), now)).toMatchObject({ title: 'Subscription unpaid' });
    expect(subscriptionBanner(plan('premium_year'), now)).toMatchObject({ title: 'Subscription inactive' });
  });

  it('words a status for people', () => {
    expect(statusWords('past_due')).toBe('past due');
    expect(statusWords(null)).toBe('inactive');
  });
});
