// @vitest-environment jsdom
import type { TCompanyContact } from '@pennant/shared/companies/schemas';
import { permissionsFor } from '@pennant/shared/session/permissions';
import type { TSession } from '@pennant/shared/session/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { companyKeys } from '../companies-api';
import { ContactsTab } from './ContactsTab';

const COMPANY = '0b6d1f2c-4a55-4c1e-9a1d-3f1b2c3d4e5f';
const contact = (over: Partial<TCompanyContact>): TCompanyContact => ({
  id: '9e1c5a6b-1111-4d2e-8f00-000000000001',
  companyId: COMPANY,
  name: 'Riley Chen',
  email: 'riley@hardware.example',
  phone: null,
  title: 'Owner',
  role: 'contact',
  isPrimary: true,
  isActive: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
const RILEY = contact({});
const SAM = contact({ id: '9e1c5a6b-1111-4d2e-8f00-000000000002', name: 'Sam Ortiz', isPrimary: false });

function sessionFor(roles: TRole[]): TSession {
  return {
    user: { id: '5d1e2f3a-0000-4000-8000-000000000001', email: 'me@club.example', name: 'Me' },
    isAppAdmin: false,
    org: {
      id: '5d1e2f3a-0000-4000-8000-000000000002',
      name: 'Lincoln Boosters',
      seasonLabel: 'Season',
      fiscalStartMonth: 7,
      hasCompletedMenuWizard: true,
      isFrozen: false,
    },
    roles,
    isOwner: false,
    plan: { planKey: 'premium', status: 'active', expiresAt: null },
    // The very rule the server uses, so the test follows the permission matrix, not a copy.
    permissions: permissionsFor({ roles, isOwner: false }),
    timezone: 'America/Chicago',
  };
}

function renderTab(roles: TRole[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(SESSION_KEY, sessionFor(roles));
  client.setQueryData(companyKeys.contacts(COMPANY), [RILEY, SAM]);
  render(
    <QueryClientProvider client={client}>
      <ContactsTab companyId={COMPANY} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ContactsTab buttons follow the member’s rights', () => {
  it('a read-only member sees the contacts but every change is disabled', () => {
    renderTab(['read_only']);
    expect(screen.getByText('Riley Chen')).toBeTruthy();
    for (const name of ['Add Contact', 'Edit Riley Chen', 'Deactivate Riley Chen', 'Set Primary for Sam Ortiz']) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    }
  });

  it('a treasurer may add and edit contacts', () => {
    renderTab(['treasurer']);
    for (const name of ['Add Contact', 'Edit Riley Chen', 'Deactivate Riley Chen', 'Set Primary for Sam Ortiz']) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', false);
    }
  });

  it('Set Primary calls its route and then reloads the company’s contacts', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        return Response.json({
          contacts: [
            { ...RILEY, isPrimary: false },
            { ...SAM, isPrimary: true },
          ],
        });
      }),
    );
    renderTab(['sponsorship_lead']);
    fireEvent.click(screen.getByRole('button', { name: 'Set Primary for Sam Ortiz' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set Primary for Riley Chen' })).toBeTruthy());
    expect(calls[0]).toBe(`POST /api/companies/${COMPANY}/contacts/${SAM.id}/primary`);
    expect(calls.some((c) => c.startsWith(`GET /api/companies/${COMPANY}/contacts`))).toBe(true);
  });
});
