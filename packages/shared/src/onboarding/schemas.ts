import { z } from 'zod';
import { organizationName, text } from '../fields';
import { DEFAULT_SEASON_LABEL, SEASON_LABELS } from '../organization/season';
import { ROLES } from '../team/roles';
import { slugify } from './slug';

export const ZCreateOrganization = z.object({
  name: organizationName(),
  seasonLabel: z.enum(SEASON_LABELS).default(DEFAULT_SEASON_LABEL),
  fiscalStartMonth: z.coerce
    .number()
    .int()
    .min(1, 'Month must be between 1 and 12')
    .max(12, 'Month must be between 1 and 12'),
});
export type TCreateOrganization = z.input<typeof ZCreateOrganization>;

export const ZCustomAdType = z.object({
  label: text(60, 'Label')
    .trim()
    .min(1, 'Label required')
    .refine((l) => slugify(l).length > 0, 'Label needs at least one letter or digit'),
});
export type TCustomAdType = z.infer<typeof ZCustomAdType>;

export const ZFinishMenuWizard = z.object({
  adTypeIds: z.array(z.uuid()).min(1, 'Select at least one ad type to continue').max(200, 'Too many ad types'),
});
export type TFinishMenuWizard = z.infer<typeof ZFinishMenuWizard>;

export const ZOnboardingRoles = z.object({
  roles: z
    .array(z.enum(ROLES))
    .min(1, 'At least one role is required.')
    .max(ROLES.length * 2, 'Too many roles')
    .refine((roles) => roles.includes('admin'), 'The Org Admin role is always kept'),
});
export type TOnboardingRoles = z.infer<typeof ZOnboardingRoles>;

export const ZAdType = z.object({
  id: z.uuid(),
  slug: z.string(),
  label: z.string(),
  isCustom: z.boolean(),
});
export type TAdType = z.infer<typeof ZAdType>;

export const ZOnboardingState = z.object({
  organization: z
    .object({
      id: z.uuid(),
      name: z.string(),
      seasonLabel: z.string(),
      fiscalStartMonth: z.number(),
      hasCompletedMenuWizard: z.boolean(),
    })
    .nullable(),
  roles: z.array(z.enum(ROLES)),
});
export type TOnboardingState = z.infer<typeof ZOnboardingState>;
