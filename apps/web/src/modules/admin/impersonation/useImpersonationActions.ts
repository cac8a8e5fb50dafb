import { ADMIN_MESSAGES, type TImpersonation } from '@pennant/shared/admin/schemas';
import type { TSession } from '@pennant/shared/session/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { SESSION_KEY } from '@/lib/session';
import { switchOrganizationCache, useEndImpersonation, useStartImpersonation } from '../admin-api';
import { clearImpersonation, storeImpersonation } from './impersonation-store';

/**
 * Starting (spec 000 §4): the record is stored, the session is read again (it now acts as the
 * organization) with every other organization's cached data dropped, and the admin lands on
 * /dashboard as that organization.
 */
export function useStartImpersonationFlow() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const start = useStartImpersonation({
    onSuccess: async (record: TImpersonation) => {
      storeImpersonation(record);
      await switchOrganizationCache(qc).catch(() => undefined);
      navigate('/dashboard');
    },
    onError: (err) => {
      toast.error(ADMIN_MESSAGES.startImpersonationFailed, {
        description: errorMessage(err, 'Could not start impersonation'),
      });
    },
  });
  return {
    start: (orgId: string) => start.mutate(orgId),
    pendingOrgId: start.isPending ? (start.variables ?? null) : null,
  };
}

/**
 * Ending (spec 000 §4, 002 §4.7): the admin goes back to /admin/orgs, then the end call is made
 * and — whether it worked or not — the record is removed and the session read again; a failure is
 * told in a toast. Leaving the organization's pages first matters: an admin who belongs to no
 * organization would otherwise be sent to onboarding by the app's guard the moment the session
 * stops acting for the club.
 */
export function useExitImpersonationFlow() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const end = useEndImpersonation();
  async function exit() {
    await navigate('/admin/orgs');
    try {
      await end.mutateAsync();
    } catch (err) {
      toast.error(ADMIN_MESSAGES.endImpersonationFailed, {
        description: errorMessage(err, 'Could not end impersonation'),
      });
    }
    clearImpersonation();
    qc.setQueryData<TSession | null>(SESSION_KEY, (s) => (s ? { ...s, impersonation: null } : s));
    await switchOrganizationCache(qc).catch(() => undefined);
  }
  return { exit: () => void exit(), exiting: end.isPending };
}
