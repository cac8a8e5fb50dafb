import { planKeyOf } from '@pennant/shared/organization/plans';
import { normalizeRoles } from '@pennant/shared/team/roles';
import type { Context } from 'hono';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TAppEnv } from '../../http/env';
import type { TAuthUser } from '../auth/auth';
import type { TMember } from './member.types';
import { findCurrentMembership } from './session.repo';

export type { TMember, TMemberOrg } from './member.types';

function toIso(v: Date | string | null): string | null {
  if (v === null) return null;
  return v instanceof Date ? v.toISOString() : new Date(v).toISOString();
}

export async function loadMember(deps: TDeps, user: TAuthUser): Promise<TMember | null> {
  const found = await withPlatform(deps.db, deps.log, 'resolve current organization', (tx) =>
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
    },
    roles: normalizeRoles(found.map((r) => r.role)),
    isOwner: found.some((r) => r.is_owner),
    plan: {
      planKey: planKeyOf(first.plan_key),
      status: first.subscription_status,
      expiresAt: toIso(first.current_period_end),
    },
  };
}

export function requireUser(c: Context<TAppEnv>): TAuthUser {
  const user = c.get('authUser');
  if (!user) throw new AppError('unauthenticated', 'Please sign in to continue');
  return user;
}

/** The member behind this request; the organization always comes from the session, never the client. */
export async function requireMember(c: Context<TAppEnv>): Promise<TMember> {
  const loaded = c.get('member');
  if (loaded) return loaded;
  const user = requireUser(c);
  const member = await loadMember(c.get('deps'), user);
  if (!member) throw new AppError('forbidden', 'You are not a member of an organization yet');
  c.set('member', member);
  return member;
}
