import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import { isAiModel } from '@pennant/shared/ai/rules';
import { AI_FEATURE_LABELS, AI_MODELS, type TAiFeature } from '@pennant/shared/ai/schemas';
import { History, RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { InlineError } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Sheet } from '@/components/ui/Sheet';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useAiConfigHistory } from '../admin-api';
import { formatCount, TableSkeleton } from '../parts';

export function modelLabel(model: string): string {
  return isAiModel(model) ? AI_MODELS[model].label : model;
}

/**
 * The History side panel: a feature's earlier configurations, newest first, each with what it
 * replaced. Spec 002 §4.7: 'Revert to this version' is shown disabled, 'Revert functionality
 * coming soon'.
 */
export function AiConfigHistorySheet({ feature, onClose }: { feature: TAiFeature | null; onClose: () => void }) {
  const history = useAiConfigHistory(feature);

  useEffect(() => {
    if (history.isError) {
      toast.error(ADMIN_MESSAGES.fetchHistoryFailed, { description: errorMessage(history.error, '') });
    }
  }, [history.isError, history.error]);

  return (
    <Sheet
      open={feature !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Configuration History"
      description={feature ? `${AI_FEATURE_LABELS[feature]} (${feature})` : undefined}
    >
      {history.isPending ? (
        <TableSkeleton rows={3} label="Loading history" />
      ) : history.isError ? (
        <InlineError>{ADMIN_MESSAGES.fetchHistoryFailed}</InlineError>
      ) : history.data.length === 0 ? (
        <EmptyState icon={History} title="No changes yet">
          This feature still has its original configuration.
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {history.data.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-slate-200 p-4">
              <p className="text-sm font-medium text-slate-900">{formatDateTime(entry.createdAt)}</p>
              <p className="text-xs text-slate-500">Changed by {entry.createdByEmail}</p>
              <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
                Previous configuration
              </p>
              <dl className="mt-1 grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-slate-500">Model</dt>
                  <dd className="text-slate-800">{modelLabel(entry.previousConfig.model)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Token Limit</dt>
                  <dd className="text-slate-800">{formatCount(entry.previousConfig.tokenLimit)}</dd>
                </div>
              </dl>
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-brand-700">System prompt</summary>
                <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs text-slate-700">
                  {entry.previousConfig.systemPrompt}
                </pre>
              </details>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Button variant="outline" size="sm" disabled>
                  <RotateCcw className="h-4 w-4" aria-hidden /> {ADMIN_MESSAGES.revertLabel}
                </Button>
                <span className="text-xs text-slate-500">{ADMIN_MESSAGES.revertComingSoon}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Sheet>
  );
}
