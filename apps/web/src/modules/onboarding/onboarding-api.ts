import * as onboarding from '@pennant/shared/onboarding/contract';
import type { TAdType, TCreateOrganization, TOnboardingRoles } from '@pennant/shared/onboarding/schemas';
import { call } from '@/lib/api';

export const onboardingApi = {
  state: () => call(onboarding.onboardingState),
  createOrganization: (body: TCreateOrganization) => call(onboarding.createOrganization, { body }),
  adTypes: async (): Promise<TAdType[]> => (await call(onboarding.listAdTypes)).adTypes,
  addAdType: (label: string) => call(onboarding.addAdType, { body: { label } }),
  finishMenu: (adTypeIds: string[]) => call(onboarding.finishMenu, { body: { adTypeIds } }),
  assignRoles: (body: TOnboardingRoles) => call(onboarding.assignRoles, { body }),
};
