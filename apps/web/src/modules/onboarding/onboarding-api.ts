import * as onboarding from '@pennant/shared/onboarding/contract';
import type { TCreateOrganization, TOnboardingRoles } from '@pennant/shared/onboarding/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { useContractMutation } from '@/lib/query';

export const onboardingKeys = {
  state: ['onboarding', 'state'] as const,
  adTypes: ['onboarding', 'ad-types'] as const,
};

export function useOnboardingState() {
  return useQuery({ queryKey: onboardingKeys.state, queryFn: () => call(onboarding.onboardingState) });
}

export function useAdTypes() {
  return useQuery({
    queryKey: onboardingKeys.adTypes,
    queryFn: async () => (await call(onboarding.listAdTypes)).adTypes,
    staleTime: 5 * 60_000,
    retry: 2,
  });
}

export function useCreateOrganization() {
  return useContractMutation(onboarding.createOrganization, {
    mutationFn: (body: TCreateOrganization) => call(onboarding.createOrganization, { body }),
  });
}

/** Adds a custom ad type; the list is refetched before the hook resolves so the new one can be ticked. */
export function useAddAdType() {
  const qc = useQueryClient();
  return useContractMutation(onboarding.addAdType, {
    mutationFn: (label: string) => call(onboarding.addAdType, { body: { label } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: onboardingKeys.adTypes }),
  });
}

export function useFinishMenu() {
  return useContractMutation(onboarding.finishMenu, {
    mutationFn: (adTypeIds: string[]) => call(onboarding.finishMenu, { body: { adTypeIds } }),
  });
}

export function useAssignRoles() {
  return useContractMutation(onboarding.assignRoles, {
    mutationFn: (body: TOnboardingRoles) => call(onboarding.assignRoles, { body }),
  });
}
