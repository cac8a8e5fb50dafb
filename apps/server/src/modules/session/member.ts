import type { TSessionOrg } from '@pennant/shared/session/schemas';
import type { Context } from 'hono';
import { AppError } from '../../errors';
import type { TAppEnv } from '../../http/env';
import type { TAuthUser } from '../auth/auth';
import type { TMember, TMemberOrg } from './member.types';
import { loadMember } from './member-loader';

export type { TMember, TMemberOrg } from './member.types';
export { loadMember } from './member-loader';

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

/** The organization as the client sees it: its calendar zone stays on the server (the client reads its own user's). */
export function clientOrg(org: TMemberOrg): TSessionOrg {
  return {
    id: org.id,
    name: org.name,
    seasonLabel: org.seasonLabel,
    fiscalStartMonth: org.fiscalStartMonth,
    hasCompletedMenuWizard: org.hasCompletedMenuWizard,
    isFrozen: org.isFrozen,
  };
}
