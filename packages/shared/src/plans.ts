export const PLAN_KEYS = ['free', 'premium_month', 'premium_year'] as const;
export type TPlanKey = (typeof PLAN_KEYS)[number];

export interface TPlanState {
  planKey: string;
  status: string | null;
  expiresAt: string | null;
}

export const FREE_LIMITS = { activeSponsors: 10, teamMembers: 1 } as const;

export const PLAN_PRICES = {
  premium_month: { cents: 999, label: '$9.99', per: 'month' },
  premium_year: { cents: 9999, label: '$99.99', per: 'year' },
} as const;

export const PLAN_REFETCH_MS = 60_000;

export function planKeyOf(raw: string | null | undefined): string {
  return raw && raw.length > 0 ? raw : 'free';
}

export function isPremiumKey(planKey: string | null | undefined): boolean {
  return planKeyOf(planKey).startsWith('premium_');
}

/** Premium features unlock only for a premium plan in status active. */
export function isPremiumActive(plan: TPlanState): boolean {
  return isPremiumKey(plan.planKey) && plan.status === 'active';
}

/** The sponsor limit alone also honours a trial. */
function sponsorLimitLifted(plan: TPlanState): boolean {
  return isPremiumKey(plan.planKey) && (plan.status === 'active' || plan.status === 'trialing');
}

export function canAddSponsor(plan: TPlanState, activeSponsors: number, adding = 1): boolean {
  return sponsorLimitLifted(plan) || activeSponsors + adding <= FREE_LIMITS.activeSponsors;
}

/** Team members counts active members plus pending invites, so the limit cannot be raced. */
export function canAddTeamMember(plan: TPlanState, members: number): boolean {
  return isPremiumActive(plan) || members < FREE_LIMITS.teamMembers;
}

/** The limits in force for a plan; null means unlimited. Usage bars and the server read these. */
export function planLimits(plan: TPlanState): { activeSponsors: number | null; teamMembers: number | null } {
  return {
    activeSponsors: sponsorLimitLifted(plan) ? null : FREE_LIMITS.activeSponsors,
    teamMembers: isPremiumActive(plan) ? null : FREE_LIMITS.teamMembers,
  };
}

/**
 * The plan matrix: what each plan offers, in the words the pricing page prints. Gates on both
 * sides ask `planAllows`; the pricing page renders `PLAN_FEATURES`; so the two cannot disagree.
 */
export const PLAN_FEATURES = {
  free: [
    `Up to ${FREE_LIMITS.activeSponsors} active sponsors`,
    `${FREE_LIMITS.teamMembers} team member`,
    'Basic reports and templates',
    'Check or bank transfer payments only',
  ],
  premium: [
    'Unlimited sponsors and team members',
    'Advanced reporting',
    'Custom templates',
    'Season rollover',
    'Bulk import',
    'Invoicing',
    'Card processing',
    'AI assistance',
    'Audit log',
  ],
} as const;

/** Features that only an active premium plan unlocks (a trial lifts the sponsor limit alone). */
export const PREMIUM_FEATURES = ['bulkImport', 'campaigns', 'receipts', 'paymentSetup'] as const;
export type TPremiumFeature = (typeof PREMIUM_FEATURES)[number];

export function planAllows(plan: TPlanState, feature: TPremiumFeature): boolean {
  void feature;
  return isPremiumActive(plan);
}

export function canCreateCampaign(plan: TPlanState): boolean {
  return planAllows(plan, 'campaigns');
}

export type TPlanBadge =
  | { kind: 'free'; label: 'Free Plan' }
  | { kind: 'premium'; label: 'Premium' }
  | { kind: 'premium_inactive'; label: 'Premium'; status: string };

export function planBadge(plan: TPlanState): TPlanBadge {
  if (!isPremiumKey(plan.planKey)) return { kind: 'free', label: 'Free Plan' };
  if (plan.status === 'active') return { kind: 'premium', label: 'Premium' };
  return { kind: 'premium_inactive', label: 'Premium', status: plan.status ?? 'inactive' };
}

/** Usage bars turn orange at 80% of a limit. */
export function usageTone(used: number, limit: number): 'normal' | 'warning' {
  return limit > 0 && used / limit >= 0.8 ? 'warning' : 'normal';
}
