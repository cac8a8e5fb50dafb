/**
 * Why the upgrade dialog opened. 'limit': a plan limit was actually hit (the sponsor or team limit,
 * a refusal with code plan_limit); 'upgrade': the person asked (pricing, billing, a locked feature).
 */
export type TUpgradeContext = 'limit' | 'upgrade';

export const LIMIT_REACHED = 'You have reached a limit of the Free plan.';
export const UPGRADE_INVITATION = 'Premium lifts the Free plan’s limits and unlocks every feature below.';

/** The dialog's sentence under its title: a limit's wording only when a limit was hit. */
export function upgradeDescription(context: TUpgradeContext, reason?: string): string {
  if (reason) return reason;
  return context === 'limit' ? LIMIT_REACHED : UPGRADE_INVITATION;
}
