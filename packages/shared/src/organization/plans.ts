export const PLAN_KEYS = ['free', 'premium_month', 'premium_year'] as const;
export type TPlanKey = (typeof PLAN_KEYS)[number];

/** Subscription statuses the product knows by name (spec §3 'and others': any other string is kept as is). */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface TPlanState {
  planKey: string;
  status: string | null;
  expiresAt: string | null;
}

/** The plan of an organization with nothing stored: free is the default (spec §4). */
export const FREE_PLAN: TPlanState = { planKey: 'free', status: null, expiresAt: null };

export const PLAN_PRICES = {
  premium_month: { cents: 999, label: '$9.99', per: 'month' },
  premium_year: { cents: 9999, label: '$99.99', per: 'year' },
} as const;

/** What the yearly price comes to per month, e.g. '$8.33'. */
export const PREMIUM_YEAR_PER_MONTH_LABEL = `$${(PLAN_PRICES.premium_year.cents / 12 / 100).toFixed(2)}`;

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

/**
 * The two columns of the plan matrix. An organization gets the premium column only with a premium
 * plan in status active; a past-due, canceled or trialing premium plan is on the free column (a
 * trial lifts the sponsor limit alone, see `planLimits`).
 */
export type TPlanTier = 'free' | 'premium';

export function planTier(plan: TPlanState): TPlanTier {
  return isPremiumActive(plan) ? 'premium' : 'free';
}

/** The limits of each column; null means unlimited. */
export const PLAN_LIMITS = {
  free: { activeSponsors: 10, teamMembers: 1 },
  premium: { activeSponsors: null, teamMembers: null },
} as const satisfies Record<TPlanTier, { activeSponsors: number | null; teamMembers: number | null }>;

export const FREE_LIMITS = PLAN_LIMITS.free;

/** The sponsor limit alone also honours a trial (spec §4). */
function sponsorLimitLifted(plan: TPlanState): boolean {
  return isPremiumKey(plan.planKey) && (plan.status === 'active' || plan.status === 'trialing');
}

/** The limits in force for a plan; null means unlimited. Usage bars, gates and the server read these. */
export function planLimits(plan: TPlanState): { activeSponsors: number | null; teamMembers: number | null } {
  return {
    activeSponsors: PLAN_LIMITS[sponsorLimitLifted(plan) ? 'premium' : 'free'].activeSponsors,
    teamMembers: PLAN_LIMITS[planTier(plan)].teamMembers,
  };
}

export function canAddSponsor(plan: TPlanState, activeSponsors: number, adding = 1): boolean {
  const limit = planLimits(plan).activeSponsors;
  return limit === null || activeSponsors + adding <= limit;
}

/** The seats the team limit counts: members plus pending invitations, so the limit cannot be raced. */
export function teamSeatsUsed(usage: { teamMembers: number; pendingInvites: number }): number {
  return usage.teamMembers + usage.pendingInvites;
}

/** Whether one more invitation fits; `seats` is `teamSeatsUsed(…)`. */
export function canAddTeamMember(plan: TPlanState, seats: number): boolean {
  const limit = planLimits(plan).teamMembers;
  return limit === null || seats < limit;
}

interface TFeatureRow {
  /** The columns that include the feature. */
  tiers: readonly TPlanTier[];
  /** The line the pricing page prints for it; null for a gate the pricing page does not list. */
  pricing: string | null;
}

/**
 * The plan matrix's features (spec §9), in the order the pricing page lists them. Every gate on
 * both sides asks `planAllows(plan, feature)`, and the pricing page prints `PLAN_FEATURES`, which
 * is built from this table: pricing and gates cannot disagree.
 */
export const PLAN_FEATURE_MATRIX = {
  advancedReporting: { tiers: ['premium'], pricing: 'Advanced reporting' },
  customTemplates: { tiers: ['premium'], pricing: 'Custom templates' },
  seasonRollover: { tiers: ['premium'], pricing: 'Season rollover' },
  bulkImport: { tiers: ['premium'], pricing: 'Bulk import' },
  invoicing: { tiers: ['premium'], pricing: 'Invoicing' },
  /** The Payments tab's Payment Setup (the card payment provider's connected account). */
  cardProcessing: { tiers: ['premium'], pricing: 'Card processing' },
  aiAssistance: { tiers: ['premium'], pricing: 'AI assistance' },
  auditLog: { tiers: ['premium'], pricing: 'Audit log' },
  /** 'No new campaigns' after a downgrade (spec §4). */
  campaigns: { tiers: ['premium'], pricing: null },
  /** Billing & Receipts, the receipts page and menu entry (spec §2). */
  receipts: { tiers: ['premium'], pricing: null },
  /** The dashboard's Paid Year-to-Date card ('Upgrade for Finance KPIs' on free, spec §2). */
  financeKpis: { tiers: ['premium'], pricing: null },
} as const satisfies Record<string, TFeatureRow>;

export type TPlanFeature = keyof typeof PLAN_FEATURE_MATRIX;
export const PLAN_FEATURE_KEYS = Object.keys(PLAN_FEATURE_MATRIX) as TPlanFeature[];

export function tierIncludes(tier: TPlanTier, feature: TPlanFeature): boolean {
  const tiers: readonly TPlanTier[] = PLAN_FEATURE_MATRIX[feature].tiers;
  return tiers.includes(tier);
}

/** Features only the premium column has. */
export const PREMIUM_FEATURES = PLAN_FEATURE_KEYS.filter((f) => tierIncludes('premium', f) && !tierIncludes('free', f));
export type TPremiumFeature = TPlanFeature;

export function planAllows(plan: TPlanState, feature: TPlanFeature): boolean {
  return tierIncludes(planTier(plan), feature);
}

export function canCreateCampaign(plan: TPlanState): boolean {
  return planAllows(plan, 'campaigns');
}

/** '1 team member', '3 team members': the words for a team limit. */
export function teamMembersLabel(count: number): string {
  return `${count} team member${count === 1 ? '' : 's'}`;
}

function limitLines(tier: TPlanTier): string[] {
  const { activeSponsors, teamMembers } = PLAN_LIMITS[tier];
  if (activeSponsors === null && teamMembers === null) return ['Unlimited sponsors and team members'];
  return [
    activeSponsors === null ? 'Unlimited sponsors' : `Up to ${activeSponsors} active sponsors`,
    teamMembers === null ? 'Unlimited team members' : teamMembersLabel(teamMembers),
  ];
}

function featureLines(tier: TPlanTier, only: boolean): string[] {
  return PLAN_FEATURE_KEYS.flatMap((f) => {
    const { pricing } = PLAN_FEATURE_MATRIX[f];
    const listed = tierIncludes(tier, f) && (!only || !tierIncludes('free', f));
    return listed && pricing ? [pricing] : [];
  });
}

/**
 * What each plan offers, in the words the pricing page (landing #pricing, Settings → Billing)
 * prints: the limits, then the matrix's features. Premium lists what it adds to free.
 */
export const PLAN_FEATURES: { readonly free: readonly string[]; readonly premium: readonly string[] } = {
  free: [
    ...limitLines('free'),
    'Basic reports and templates',
    'Check or bank transfer payments only',
    ...featureLines('free', false),
  ],
  premium: [...limitLines('premium'), ...featureLines('premium', true)],
};

export type TPlanBadge =
  | { kind: 'free'; label: 'Free Plan' }
  | { kind: 'premium'; label: 'Premium' }
  | { kind: 'premium_inactive'; label: 'Premium'; status: string };

export function planBadge(plan: TPlanState): TPlanBadge {
  if (!isPremiumKey(plan.planKey)) return { kind: 'free', label: 'Free Plan' };
  if (plan.status === 'active') return { kind: 'premium', label: 'Premium' };
  return { kind: 'premium_inactive', label: 'Premium', status: plan.status ?? 'inactive' };
}

/** A status as words: 'past_due' → 'past due'; none → 'inactive'. */
export function statusWords(status: string | null): string {
  return (status ?? 'inactive').replace(/_/g, ' ');
}

/**
 * The subscription banner (spec §4): free shows an upgrade prompt; premium active shows 'renews on
 * {date}' (when there is an end date) and Manage Subscription; canceled with a future end date shows
 * 'Premium active until {date}' and Reactivate; any other status shows 'Subscription payment past
 * due' (or the status) and 'Resolve Now'.
 */
export type TSubscriptionBanner =
  | { kind: 'free' }
  | { kind: 'active'; renewsOn: string | null }
  | { kind: 'canceled'; activeUntil: string }
  | { kind: 'attention'; status: string; title: string };

export function subscriptionBanner(plan: TPlanState, now: Date = new Date()): TSubscriptionBanner {
  if (!isPremiumKey(plan.planKey)) return { kind: 'free' };
  if (plan.status === 'active') return { kind: 'active', renewsOn: plan.expiresAt };
  if (plan.status === 'canceled' && plan.expiresAt && Date.parse(plan.expiresAt) > now.getTime()) {
    return { kind: 'canceled', activeUntil: plan.expiresAt };
  }
  const status = plan.status ?? 'inactive';
  const title = status === 'past_due' ? 'Subscription payment past due' : `Subscription ${statusWords(status)}`;
  return { kind: 'attention', status, title };
}

/** Usage bars turn orange at 80% of a limit. */
export function usageTone(used: number, limit: number): 'normal' | 'warning' {
  return limit > 0 && used / limit >= 0.8 ? 'warning' : 'normal';
}
