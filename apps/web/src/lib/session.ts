import * as auth from '@pennant/shared/auth/contract';
import { PLAN_REFETCH_MS } from '@pennant/shared/organization/plans';
import * as sessionApi from '@pennant/shared/session/contract';
import type { TSession } from '@pennant/shared/session/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './api';
import {
  clearDraftKeys,
  clearOnboardingKeys,
  IMPERSONATION_KEY,
  ONBOARDING_KEYS,
  PENDING_INVITE_KEY,
  readKey,
  removeKey,
} from './storage';

export const SESSION_KEY = ['session'] as const;

export function useSessionQuery() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => (await call(sessionApi.getSession)).session,
    staleTime: 30_000,
    // The plan (and the rest of the session) is refetched every 60 s, as the spec asks.
    refetchInterval: PLAN_REFETCH_MS,
  });
}

/** The signed-in session; only for pages behind the guard, where it is always present. */
export function useSession(): TSession {
  const { data } = useSessionQuery();
  if (!data) throw new Error('useSession must be used inside a signed-in page');
  return data;
}

export function useRefreshSession() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: SESSION_KEY });
}

/**
 * Spec §2: pending invite → resume onboarding → dashboard when the user has a role → onboarding.
 * A platform administrator who belongs to no organization goes to the admin console instead of
 * onboarding (the spec's order says nothing of platform staff).
 */
export function destinationAfterSignIn(session: TSession | null): string {
  const invite = readKey(PENDING_INVITE_KEY);
  if (invite) {
    const link = new URLSearchParams(invite);
    const query = new URLSearchParams({ invite_id: link.get('invite_id') ?? '', token: link.get('token') ?? '' });
    return `/auth/accept-invite?${query}`;
  }
  if (readKey(ONBOARDING_KEYS.orgId)) return '/onboarding';
  if (session && session.roles.length > 0) return '/dashboard';
  if (session?.isAppAdmin && !session.org) return '/admin';
  return '/onboarding';
}

export async function signOutEverywhere(): Promise<void> {
  await call(auth.signOut);
  clearOnboardingKeys();
  clearDraftKeys();
  removeKey(IMPERSONATION_KEY);
}
