import { permissionsFor } from '@pennant/shared/session/permissions';
import type { TSession } from '@pennant/shared/session/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SESSION_KEY } from '@/lib/session';

/** A signed-in session with these roles; its rights come from the server's own matrix. */
export function sessionFor(roles: TRole[], seasonLabel = '2026'): TSession {
  return {
    user: { id: '5d1e2f3a-0000-4000-8000-000000000001', email: 'me@club.example', name: 'Me' },
    isAppAdmin: false,
    org: {
      id: '5d1e2f3a-0000-4000-8000-000000000002',
      name: 'Lincoln Boosters',
      seasonLabel,
      fiscalStartMonth: 7,
      hasCompletedMenuWizard: true,
      isFrozen: false,
    },
    roles,
    isOwner: false,
    plan: { planKey: 'free', status: null, expiresAt: null },
    permissions: permissionsFor({ roles, isOwner: false }),
    timezone: 'America/Chicago',
  };
}

/** A query client that never refetches on its own, seeded with the session and any cached data. */
export function seededClient(roles: TRole[], data: [readonly unknown[], unknown][] = []): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  client.setQueryData(SESSION_KEY, sessionFor(roles));
  for (const [key, value] of data) client.setQueryData(key, value);
  return client;
}

export function withClient(client: QueryClient, ui: ReactNode) {
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

/** jsdom has no ResizeObserver; Radix's checkbox measures itself with one. */
export function stubResizeObserver(): void {
  if ('ResizeObserver' in globalThis) return;
  class NoResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, value: NoResizeObserver });
}
