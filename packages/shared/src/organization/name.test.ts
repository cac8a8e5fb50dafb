import { describe, expect, it } from 'vitest';
import { ZCreateOrganization } from '../onboarding/schemas';
import { ZOrganizationSettings } from './schemas';

const settings = { seasonLabel: '2026-27', fiscalStartMonth: 7 };
const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('organization name: one rule for onboarding and settings', () => {
  it.each([
    ['', 'Organization name is required'],
    ['   ', 'Organization name is required'],
    ['A', 'Organization name must be at least 2 characters'],
    ['x'.repeat(61), 'Organization name cannot exceed 60 characters'],
  ])('refuses %j in both places with the same words', (name, expected) => {
    expect(message(ZCreateOrganization.safeParse({ name, ...settings }))).toBe(expected);
    expect(message(ZOrganizationSettings.safeParse({ name, ...settings }))).toBe(expected);
  });

  it('accepts 2 to 60 characters, trimmed', () => {
    expect(ZCreateOrganization.parse({ name: '  FC  ', ...settings }).name).toBe('FC');
    expect(ZOrganizationSettings.parse({ name: 'x'.repeat(60), ...settings }).name).toHaveLength(60);
  });
});
