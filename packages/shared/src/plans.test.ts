import { describe, expect, it } from 'vitest';
import {
  canAddSponsor,
  canAddTeamMember,
  canCreateCampaign,
  FREE_LIMITS,
  isPremiumActive,
  isPremiumKey,
  planBadge,
  planKeyOf,
  planLimits,
  type TPlanState,
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
