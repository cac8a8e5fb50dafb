import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { toast } from 'sonner';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageLoading } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { useSessionQuery } from '@/lib/session';

const NOTICE_MS = 2500;

/**
 * Spec §2: platform admins only; anyone else is told so and sent home. Home is the public site,
 * a full page load, so the notice stays on screen a moment before leaving.
 */
export function AdminGuard() {
  const { data: session, isPending, isError, error, refetch } = useSessionQuery();
  const allowed = session?.isAppAdmin === true;
  // A session that could not be read is not a refusal: it is said so, with a way to try again.
  const unknown = isError && session === undefined;
  const refused = !isPending && !unknown && !allowed;

  useEffect(() => {
    if (unknown) toast.error(ADMIN_MESSAGES.checkingAdminFailed, { description: errorMessage(error, '') });
  }, [unknown, error]);

  useEffect(() => {
    if (!refused) return;
    toast.error(ADMIN_MESSAGES.notAuthorized, { description: ADMIN_MESSAGES.notAuthorizedDescription });
    const timer = setTimeout(() => window.location.assign('/'), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [refused]);

  if (refused) {
    return (
      <main role="alert" className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
        <ShieldAlert className="h-10 w-10 text-red-500" aria-hidden />
        <h1 className="text-xl font-semibold text-slate-900">{ADMIN_MESSAGES.notAuthorized}</h1>
        <p className="text-slate-600">{ADMIN_MESSAGES.notAuthorizedDescription}. Taking you home…</p>
      </main>
    );
  }
  if (unknown) {
    return (
      <main className="mx-auto flex min-h-screen max-w-md items-center p-6">
        <ErrorState onRetry={() => void refetch()}>{ADMIN_MESSAGES.checkingAdminFailed}</ErrorState>
      </main>
    );
  }
  if (!allowed) return <PageLoading />;
  return <Outlet />;
}
