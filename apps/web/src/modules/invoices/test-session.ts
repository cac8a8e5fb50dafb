import type { TPlanReply } from '@pennant/shared/organization/schemas';
import type { TSession } from '@pennant/shared/session/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import type { QueryClient } from '@tanstack/react-query';
import { PLAN_KEY } from '@/components/plan/usePlan';
import { SESSION_KEY } from '@/lib/session';
import { seededClient } from '../catalogue/test-helpers';

/**
 * A query client seeded like the catalogue's, on an active Premium plan: invoicing is a Premium
 * feature, so the invoice pages are tested as a paying club sees them (the free plan has its own test).
 */
export function premiumClient(
  roles: TRole[],
  data: [readonly unknown[], unknown][] = [],
  plan: TSession['plan'] = { planKey: 'premium_year', status: 'active', expiresAt: '2099-01-01T00:00:00.000Z' },
): QueryClient {
  const client = seededClient(roles, data);
  client.setQueryData<TSession>(SESSION_KEY, (session) => (session ? { ...session, plan } : session));
  // The plan query too, so the pages read it without asking the server.
  const usage = { activeSponsors: 3, sponsorLimit: null, teamMembers: 1, pendingInvites: 0, teamLimit: null };
  client.setQueryData<TPlanReply>(PLAN_KEY, { ...plan, usage });
  return client;
}
