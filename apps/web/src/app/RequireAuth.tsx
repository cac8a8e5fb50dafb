import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/ui/Spinner';
import { useSessionQuery } from '@/lib/session';

/** 'Loading...' while the session resolves, then /auth when signed out. */
export function RequireAuth() {
  const { data, isPending, isError, refetch } = useSessionQuery();
  const location = useLocation();
  if (isPending) return <PageLoading />;
  if (isError) {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-3 text-slate-700">
        <p>We could not check your session.</p>
        <button type="button" className="text-brand-700 underline" onClick={() => void refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  if (!data) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Signed-in pages of an organization: a user without one is sent to onboarding. */
export function RequireOrganization() {
  const { data } = useSessionQuery();
  if (data && !data.org) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}
