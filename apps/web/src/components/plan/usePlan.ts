import * as organization from '@pennant/shared/organization/contract';
import {
  canAddTeamMember,
  PLAN_REFETCH_MS,
  planAllows,
  type TPlanFeature,
  type TPlanState,
  teamSeatsUsed,
} from '@pennant/shared/organization/plans';
import type { TPlanReply } from '@pennant/shared/organization/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { useSession } from '@/lib/session';

export const PLAN_KEY = ['plan'] as const;

/** The plan with its usage; refetched every 60 s (spec §4) and on realtime 'invites'/'companies'. */
export function usePlan() {
  return useQuery({
    queryKey: PLAN_KEY,
    queryFn: () => call(organization.getPlan),
    refetchInterval: PLAN_REFETCH_MS,
    staleTime: 30_000,
  });
}

/** The plan in force: the fresh plan when loaded, else the session's copy. */
export function useCurrentPlan(): TPlanState {
  const session = useSession();
  const { data } = usePlan();
  return data ?? session.plan;
}

/** Whether the plan matrix (packages/shared/plans.ts) gives the organization `feature`: the server's rule. */
export function usePlanAllows(feature: TPlanFeature): boolean {
  return planAllows(useCurrentPlan(), feature);
}

/** True when one more invitation would not fit the plan's team limit (members plus pending invites). */
export function teamLimitReached(plan: TPlanReply | undefined): boolean {
  if (!plan) return false;
  return !canAddTeamMember(plan, teamSeatsUsed(plan.usage));
}
