import { type TPlanReply, ZPlanReply } from '@pennant/shared/organization.schemas';
import { isPremiumActive, PLAN_REFETCH_MS } from '@pennant/shared/plans';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';

export const PLAN_KEY = ['plan'] as const;

/** The plan with its usage; refetched every 60 s (spec §4) and on realtime 'invites'/'companies'. */
export function usePlan() {
  return useQuery({
    queryKey: PLAN_KEY,
    queryFn: () => api.get('/api/plan', ZPlanReply),
    refetchInterval: PLAN_REFETCH_MS,
    staleTime: 30_000,
  });
}

/** Whether premium features are unlocked: the fresh plan when loaded, else the session's copy. */
export function usePremiumActive(): boolean {
  const session = useSession();
  const { data } = usePlan();
  return isPremiumActive(data ?? session.plan);
}

/** Seats the team limit counts: members plus pending invitations (the server's rule). */
export function teamSeatsUsed(plan: TPlanReply): number {
  return plan.usage.teamMembers + plan.usage.pendingInvites;
}

/** True when the plan has a team limit and it is reached. */
export function teamLimitReached(plan: TPlanReply | undefined): boolean {
  if (!plan || plan.usage.teamLimit === null) return false;
  return teamSeatsUsed(plan) >= plan.usage.teamLimit;
}
