import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import { Snowflake } from 'lucide-react';
import { Alert } from '@/components/ui/Alert';
import { useSession } from '@/lib/session';

/**
 * Members of a frozen organization can read everything, and the server refuses every change
 * (decisions.md, "Admin console"); this banner says so above every page of the app.
 */
export function FrozenOrgBanner() {
  const session = useSession();
  if (!session.org?.isFrozen) return null;
  return (
    <Alert tone="warning" icon={Snowflake} className="mb-4">
      {ADMIN_MESSAGES.frozenBanner}
    </Alert>
  );
}
