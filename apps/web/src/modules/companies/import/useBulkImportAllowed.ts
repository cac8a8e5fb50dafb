import { planAllows } from '@pennant/shared/plans';
import { usePlan } from '@/components/plan/usePlan';
import { useSession } from '@/lib/session';

/** Bulk import is a premium feature: the same rule (planAllows) the server's import routes apply. */
export function useBulkImportAllowed(): boolean {
  const session = useSession();
  const { data } = usePlan();
  return planAllows(data ?? session.plan, 'bulkImport');
}
