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
import { useMediaQuery } from '@/lib/useMediaQuery';
import { useAiConfigs } from '../admin-api';
import { formatCount, TableSkeleton } from '../parts';
import { AiConfigEditDialog } from './AiConfigEditDialog';
import { AiConfigHistorySheet, modelLabel } from './AiConfigHistorySheet';

/** Who changed a configuration last; the seeded default has nobody. */
const DEFAULT_AUTHOR = 'Default';

function ConfigActions({
  config,
  onEdit,
  onHistory,
}: {
  config: TAiConfig;
  onEdit: (c: TAiConfig) => void;
  onHistory: (f: TAiFeature) => void;
}) {
  const label = AI_FEATURE_LABELS[config.featureKey];
  return (
    <div className="flex justify-end gap-1">
      <Button variant="outline" size="sm" onClick={() => onEdit(config)} aria-label={`Edit ${label}`}>
        <Pencil className="h-4 w-4" aria-hidden /> Edit
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onHistory(config.featureKey)} aria-label={`History of ${label}`}>
        <History className="h-4 w-4" aria-hidden /> History
      </Button>
    </div>
  );
}

/**
 * /admin/ai-config (spec 002 §2.10, §3 AI config, §5.8): each AI feature with its model, token
 * limit, last update and who made it; Edit and History.
 */
export function AiConfigPage() {
  const configs = useAiConfigs();
  const [editing, setEditing] = useState<TAiConfig | null>(null);
  const [historyOf, setHistoryOf] = useState<TAiFeature | null>(null);
  // Below 1050 px each feature is a card; the table needs the room.
  const wide = useMediaQuery('(min-width: 1050px)');

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
        <Card className="relative overflow-hidden">
          {configs.isPending ? (
            <TableSkeleton rows={4} label="Loading AI configurations" />
          ) : configs.data.length === 0 ? (
            <EmptyState icon={Bot} title="No AI features configured" />
          ) : wide ? (
            <Table aria-label="AI features">
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Feature</TableHeaderCell>
                  <TableHeaderCell>Model</TableHeaderCell>
                  <TableHeaderCell className="whitespace-nowrap text-right">Token Limit</TableHeaderCell>
                  <TableHeaderCell>Last Updated</TableHeaderCell>
                  <TableHeaderCell>Updated By</TableHeaderCell>
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
                    </TableCell>
                    <TableCell>{modelLabel(c.model)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCount(c.tokenLimit)}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDateTime(c.updatedAt)}</TableCell>
                    <TableCell className="max-w-56 truncate">{c.updatedByEmail ?? DEFAULT_AUTHOR}</TableCell>
                    <TableCell>
                      <ConfigActions config={c} onEdit={setEditing} onHistory={setHistoryOf} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <ul aria-label="AI features" className="divide-y divide-slate-100">
              {configs.data.map((c) => (
                <li key={c.featureKey} className="space-y-3 p-4">
                  <div>
                    <p className="font-medium text-slate-900">{AI_FEATURE_LABELS[c.featureKey]}</p>
                    <p className="font-mono text-xs text-slate-500">{c.featureKey}</p>
                  </div>
                  <dl className="grid grid-cols-2 gap-2 text-sm">
                    <div>
                      <dt className="text-xs text-slate-500">Model</dt>
                      <dd className="text-slate-800">{modelLabel(c.model)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">Token Limit</dt>
                      <dd className="tabular-nums text-slate-800">{formatCount(c.tokenLimit)}</dd>
                    </div>
                    <div className="col-span-2">
                      <dt className="text-xs text-slate-500">Last Updated</dt>
                      <dd className="break-words text-slate-800">
                        {formatDateTime(c.updatedAt)} by {c.updatedByEmail ?? DEFAULT_AUTHOR}
                      </dd>
                    </div>
                  </dl>
                  <ConfigActions config={c} onEdit={setEditing} onHistory={setHistoryOf} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      <AiConfigEditDialog config={editing} onClose={() => setEditing(null)} />
      <AiConfigHistorySheet feature={historyOf} onClose={() => setHistoryOf(null)} />
    </div>
  );
}
