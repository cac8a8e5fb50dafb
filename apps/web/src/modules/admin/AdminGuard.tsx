import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageLoading } from '@/components/ui/Spinner';
import { useSessionQuery } from '@/lib/session';

/** Spec §2: platform admins only; anyone else is told so and sent home. */
export function AdminGuard() {
  const { data: session, isPending } = useSessionQuery();
  const navigate = useNavigate();
  const allowed = session?.isAppAdmin === true;

  useEffect(() => {
    if (isPending || allowed) return;
    toast.error('Not authorized', { description: 'You must be an admin to access this area' });
    navigate('/', { replace: true });
  }, [isPending, allowed, navigate]);

  if (!allowed) return <PageLoading />;
  return <Outlet />;
}
