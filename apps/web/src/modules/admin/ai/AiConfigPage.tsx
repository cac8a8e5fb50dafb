import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import { AI_FEATURE_LABELS, type TAiConfig, type TAiFeature } from '@pennant/shared/ai/schemas';
import { Bot, History, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useAiConfigs } from '../admin-api';
import { formatCount, TableSkeleton } from '../parts';
import { AiConfigEditDialog } from './AiConfigEditDialog';
import { AiConfigHistorySheet, modelLabel } from './AiConfigHistorySheet';

/**
 * /admin/ai-config (spec 002 §2.10, §3 AI config, §5.8): each AI feature with its model, token
 * limit, last update and who made it; Edit and History.
 */
export function AiConfigPage() {
  const configs = useAiConfigs();
  const [editing, setEditing] = useState<TAiConfig | null>(null);
  const [historyOf, setHistoryOf] = useState<TAiFeature | null>(null);

  useEffect(() => {
    if (configs.isError) {
      toast.error(ADMIN_MESSAGES.fetchAiConfigsFailed, { description: errorMessage(configs.error, '') });
    }
  }, [configs.isError, configs.error]);

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader
        title="AI Configuration"
        description="The model, token limit and system prompt each AI feature uses."
      />
      {configs.isError ? (
        <ErrorState onRetry={() => void configs.refetch()}>{ADMIN_MESSAGES.fetchAiConfigsFailed}</ErrorState>
      ) : (
        <Card className="overflow-hidden">
          {configs.isPending ? (
            <TableSkeleton rows={4} label="Loading AI configurations" />
          ) : configs.data.length === 0 ? (
            <EmptyState icon={Bot} title="No AI features configured" />
          ) : (
            <Table aria-label="AI features">
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Feature</TableHeaderCell>
                  <TableHeaderCell>Model</TableHeaderCell>
                  <TableHeaderCell className="text-right">Token Limit</TableHeaderCell>
                  <TableHeaderCell className="hidden md:table-cell">Last Updated</TableHeaderCell>
                  <TableHeaderCell className="hidden lg:table-cell">Updated By</TableHeaderCell>
                  <TableHeaderCell className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {configs.data.map((c) => (
                  <TableRow key={c.featureKey}>
                    <TableCell>
                      <p className="font-medium text-slate-900">{AI_FEATURE_LABELS[c.featureKey]}</p>
                      <p className="font-mono text-xs text-slate-500">{c.featureKey}</p>
                      <p className="text-xs text-slate-500 md:hidden">Updated {formatDateTime(c.updatedAt)}</p>
                    </TableCell>
                    <TableCell>{modelLabel(c.model)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCount(c.tokenLimit)}</TableCell>
                    <TableCell className="hidden whitespace-nowrap md:table-cell">
                      {formatDateTime(c.updatedAt)}
                    </TableCell>
                    <TableCell className="hidden max-w-56 truncate lg:table-cell">
                      {c.updatedByEmail ?? 'Default'}
                    </TableCell>
                    <TableCell>
                      <div className="flex flex-wrap justify-end gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setEditing(c)}
                          aria-label={`Edit ${AI_FEATURE_LABELS[c.featureKey]}`}
                        >
                          <Pencil className="h-4 w-4" aria-hidden />
                          <span className="hidden sm:inline">Edit</span>
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setHistoryOf(c.featureKey)}
                          aria-label={`History of ${AI_FEATURE_LABELS[c.featureKey]}`}
                        >
                          <History className="h-4 w-4" aria-hidden />
                          <span className="hidden sm:inline">History</span>
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
      )}
      <AiConfigEditDialog config={editing} onClose={() => setEditing(null)} />
      <AiConfigHistorySheet feature={historyOf} onClose={() => setHistoryOf(null)} />
    </div>
  );
}
