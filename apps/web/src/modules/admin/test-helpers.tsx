import type { TAdminOrg, TAdminUser, TAuditEntry } from '@pennant/shared/admin/schemas';
import type { TSession } from '@pennant/shared/session/schemas';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { seededClient, withClient } from '../catalogue/test-helpers';

export const ADMIN_ID = 'ad000000-0000-4000-8000-000000000001';

/** A query client whose session is a platform admin's (or, with `isAppAdmin: false`, anyone's). */
export function adminClient(data: [readonly unknown[], unknown][] = [], over: Partial<TSession> = {}): QueryClient {
  const client = seededClient(['admin'], data);
  client.setQueryData<TSession>(SESSION_KEY, (s) =>
    s
      ? {
          ...s,
          user: { id: ADMIN_ID, email: 'staff@pennant.app', name: 'Staff Member' },
          isAppAdmin: true,
          impersonation: null,
          ...over,
        }
      : s,
  );
  return client;
}

/** Where the router is now, for assertions on navigation. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** Renders `element` at `path` in a memory router; any other path shows where it went. */
export function renderAt(client: QueryClient, path: string, element: ReactNode) {
  return render(
    withClient(
      client,
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

/** jsdom has no matchMedia; the admin pages ask it for the 768 px breakpoint. */
export function stubMatchMedia(matches = true): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) satisfies MediaQueryList,
  );
}

let seq = 0;
const uuid = (prefix: string) => {
  seq += 1;
  return `${prefix}000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

export function adminUser(over: Partial<TAdminUser> = {}): TAdminUser {
  return {
    id: uuid('a1'),
    email: 'coach@lincolnboosters.org',
    name: 'Pat Coach',
    createdAt: '2026-01-05T10:00:00.000Z',
    orgCount: 1,
    disabled: false,
    isAppAdmin: false,
    ...over,
  };
}

export function adminOrg(over: Partial<TAdminOrg> = {}): TAdminOrg {
  return {
    id: uuid('b2'),
    name: 'Lincoln Boosters',
    seasonLabel: '2026',
    ownerEmail: 'owner@lincolnboosters.org',
    userCount: 3,
    workflowMode: 'basic',
    planKey: 'free',
    subscriptionStatus: null,
    frozen: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...over,
  };
}

export function auditEntry(over: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id: uuid('c3'),
    createdAt: '2026-03-14T15:00:00.000Z',
    adminEmail: 'staff@pennant.app',
    action: 'freeze_org',
    targetUserEmail: null,
    targetOrgName: 'Lincoln Boosters',
    details: {},
    ipAddress: '127.0.0.1',
    userAgent: 'Mozilla/5.0',
    ...over,
  };
}
