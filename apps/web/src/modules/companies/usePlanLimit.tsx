import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UpgradeDialog } from '@/components/plan/UpgradeDialog';
import { PLAN_KEY } from '@/components/plan/usePlan';
import { ApiError } from '@/lib/api';

/**
 * The Free plan's sponsor limit: a refusal with code plan_limit opens the upgrade dialog with
 * the server's message. `handle` returns true when it took care of the error.
 */
export function usePlanLimit() {
  const qc = useQueryClient();
  const [reason, setReason] = useState<string | null>(null);
  const handle = (err: unknown): boolean => {
    if (!(err instanceof ApiError && err.code === 'plan_limit')) return false;
    setReason(err.message);
    void qc.invalidateQueries({ queryKey: PLAN_KEY });
    return true;
  };
  const dialog = (
    <UpgradeDialog
      open={reason !== null}
      onOpenChange={(open) => !open && setReason(null)}
      context="limit"
      reason={reason ?? undefined}
    />
  );
  return { handle, dialog };
}
