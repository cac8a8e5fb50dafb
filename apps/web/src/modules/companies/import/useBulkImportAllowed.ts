import { usePlanAllows } from '@/components/plan/usePlan';

/** Bulk import is a premium feature: the plan matrix's rule, the one the server's import routes apply. */
export function useBulkImportAllowed(): boolean {
  return usePlanAllows('bulkImport');
}
