import {
  type TAdType,
  type TCreateOrganization,
  type TOnboardingRoles,
  ZAdType,
  ZOnboardingState,
} from '@pennant/shared/onboarding.schemas';
import { ROLES } from '@pennant/shared/roles';
import { z } from 'zod';
import { api } from '@/lib/api';

export const onboardingApi = {
  state: () => api.get('/api/onboarding', ZOnboardingState),
  createOrganization: (input: TCreateOrganization) =>
    api.post('/api/onboarding/organization', input, z.object({ orgId: z.string() })),
  adTypes: async (): Promise<TAdType[]> =>
    (await api.get('/api/onboarding/ad-types', z.object({ adTypes: z.array(ZAdType) }))).adTypes,
  addAdType: (label: string) => api.post('/api/onboarding/ad-types', { label }, ZAdType),
  finishMenu: (adTypeIds: string[]) =>
    api.post('/api/onboarding/menu', { adTypeIds }, z.object({ created: z.number() })),
  assignRoles: (input: TOnboardingRoles) =>
    api.put('/api/onboarding/roles', input, z.object({ roles: z.array(z.enum(ROLES)) })),
};
