import { describe, expect, it } from 'vitest';
import { ZCreateOrganization, ZCustomAdType, ZOnboardingRoles } from './schemas';

describe('onboarding rules', () => {
  it('requires an organization name and stores the month as a number', () => {
    expect(ZCreateOrganization.safeParse({ name: '  ', fiscalStartMonth: 1 }).error?.issues[0]?.message).toBe(
      'Organization name is required',
    );
    expect(ZCreateOrganization.parse({ name: ' Hawks ', fiscalStartMonth: '9' })).toEqual({
      name: 'Hawks',
      seasonLabel: '2025',
      fiscalStartMonth: 9,
    });
  });

  it('refuses a season label outside the list', () => {
    expect(ZCreateOrganization.safeParse({ name: 'Hawks', seasonLabel: '2030', fiscalStartMonth: 1 }).success).toBe(
      false,
    );
  });

  it('needs a custom type label', () => {
    expect(ZCustomAdType.safeParse({ label: '   ' }).error?.issues[0]?.message).toBe('Label required');
    expect(ZCustomAdType.safeParse({ label: 'Dugout Sign' }).success).toBe(true);
  });

  it('needs at least one role and always the admin role', () => {
    expect(ZOnboardingRoles.safeParse({ roles: [] }).error?.issues[0]?.message).toBe('At least one role is required.');
    expect(ZOnboardingRoles.safeParse({ roles: ['treasurer'] }).success).toBe(false);
    expect(ZOnboardingRoles.safeParse({ roles: ['admin', 'treasurer'] }).success).toBe(true);
  });
});
