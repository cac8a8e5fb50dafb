import { planKeyOf } from '@pennant/shared/organization/plans';
import { zoneOrDefault } from '@pennant/shared/profile/timezones';
import { normalizeRoles } from '@pennant/shared/team/roles';
import type { TDb } from '../../db/client';
import { readPlatform } from '../../db/tenant';
import type { Logger } from '../../logger';
import type { TAuthUser } from '../auth/auth';
import type { TMember } from './member.types';
import { findCurrentMembership } from './session.repo';

function toIso(v: Date | string | null): string | null {
  if (v === null) return null;
  return v instanceof Date ? v.toISOString() : new Date(v).toISOString();
}

/**
 * The user's membership in their current organization, or null before onboarding; for a platform
 * admin impersonating an organization, that organization as its admin and owner. The user's and
 * the organization's calendar zones come with it, so a read measuring "today" needs no statement
 * of its own for them; the session cache lets go of it when either zone changes (0035).
 */
export async function loadMember(deps: { db: TDb; log: Logger }, user: TAuthUser): Promise<TMember | null> {
  const found = await readPlatform(deps.db, deps.log, 'resolve current organization', (tx) =>
    findCurrentMembership(tx, user.id),
  );
  const first = found[0];
  if (!first) return null;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    orgId: first.org_id,
    org: {
      id: first.org_id,
      name: first.name,
      seasonLabel: first.season_label,
      fiscalStartMonth: Number(first.fiscal_start_month),
      hasCompletedMenuWizard: first.has_completed_menu_wizard,
      isFrozen: first.is_frozen,
      timezone: zoneOrDefault(first.org_timezone),
    },
    roles: normalizeRoles(found.map((r) => r.role)),
    isOwner: found.some((r) => r.is_owner),
    plan: {
      planKey: planKeyOf(first.plan_key),
      status: first.subscription_status,
      expiresAt: toIso(first.current_period_end),
    },
    impersonatedAt: toIso(first.impersonated_at),
    timezone: zoneOrDefault(first.viewer_timezone),
  };
}
