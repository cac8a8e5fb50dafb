// @vitest-environment jsdom
import { permissionsFor } from '@pennant/shared/session/permissions';
import type { TSession } from '@pennant/shared/session/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { destinationAfterSignIn } from './session';

const session = (over: Partial<TSession>): TSession => ({
  user: { id: '5d1e2f3a-0000-4000-8000-000000000001', email: 'me@club.example', name: 'Me' },
  isAppAdmin: false,
  org: null,
  roles: [],
  isOwner: false,
  plan: { planKey: 'free', status: null, expiresAt: null },
  permissions: permissionsFor({ roles: [], isOwner: false }),
  timezone: 'America/Chicago',
  ...over,
});

afterEach(() => window.localStorage.clear());

describe('destinationAfterSignIn', () => {
  it('sends a platform administrator without an organization to the console, others to onboarding', () => {
    expect(destinationAfterSignIn(session({ isAppAdmin: true }))).toBe('/admin');
    expect(destinationAfterSignIn(session({}))).toBe('/onboarding');
  });

  it('sends a platform administrator who belongs to a club to its dashboard', () => {
    const org = {
      id: '5d1e2f3a-0000-4000-8000-000000000002',
      name: 'Lincoln Boosters',
      seasonLabel: '2026',
      fiscalStartMonth: 7,
      hasCompletedMenuWizard: true,
      isFrozen: false,
    };
    expect(destinationAfterSignIn(session({ isAppAdmin: true, org, roles: ['admin'] }))).toBe('/dashboard');
  });
});
