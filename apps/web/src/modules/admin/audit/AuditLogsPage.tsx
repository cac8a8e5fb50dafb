import { auditCsvFileName, auditLogCsv, detailsSummary } from '@pennant/shared/admin/rules';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  AUDIT_ACTIONS,
  type TAuditAction,
  type TAuditEntry,
} from '@pennant/shared/admin/schemas';
import { Download, Eye, ScrollText } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Select } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { fetchAllAuditLogs, useAuditLogs } from '../admin-api';
import { Pagination } from '../Pagination';
import { TableSkeleton } from '../parts';
import { SearchInput } from '../SearchInput';
import { useDebouncedValue } from '../useDebouncedValue';
import { AuditDetailDialog } from './AuditDetailDialog';

function isAuditAction(value: string): value is TAuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** Saves text as a file the browser downloads (with a byte-order mark, so spreadsheets read UTF-8). */
function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function target(entry: TAuditEntry): string {
  return [entry.targetUserEmail, entry.targetOrgName].filter(Boolean).join(' · ') || '—';
}

/**
 * /admin/audit-logs (spec 002 §2.10, §7.8, §9): search (300 ms), an action filter, 20 a page,
 * details cut to 30 characters a value, the detail dialog, and the CSV export of every match.
 */
export function AuditLogsPage() {
  const filterId = useId();
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<TAuditAction | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TAuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = useDebouncedValue(search.trim());
  const pageSize = ADMIN_LIMITS.auditPageSize;
  const logs = useAuditLogs(query, action, (page - 1) * pageSize);

  // A new search or filter starts at its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search or filter changes
  useEffect(() => setPage(1), [query, action]);

  useEffect(() => {
    if (logs.isError) toast.error(ADMIN_MESSAGES.fetchAuditLogsFailed, { description: errorMessage(logs.error, '') });
  }, [logs.isError, logs.error]);

  async function exportCsv() {
    setExporting(true);
    try {
      const entries = await fetchAllAuditLogs(query, action);
      downloadText(auditCsvFileName(new Date()), auditLogCsv(entries), 'text/csv;charset=utf-8');
    } catch (err) {
      toast.error(ADMIN_MESSAGES.fetchAuditLogsFailed, { description: errorMessage(err, '') });
    } finally {
      setExporting(false);
    }
  }

  const entries = logs.data?.entries ?? [];
  const total = logs.data?.totalCount ?? 0;

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader
        title="Audit Logs"
        description="Every action taken in the admin console."
        actions={
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || total === 0}>
            <Download className="h-4 w-4" aria-hidden /> {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput value={search} onChange={setSearch} label="Search audit logs" />
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="whitespace-nowrap text-sm font-medium text-slate-700">
            Action
          </label>
          <Select
            id={filterId}
            className="sm:w-56"
            value={action}
            onChange={(e) => setAction(isAuditAction(e.target.value) ? e.target.value : '')}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {logs.isError ? (
        <ErrorState onRetry={() => void logs.refetch()}>{ADMIN_MESSAGES.loadAuditLogsFailed}</ErrorState>
      ) : (
        <Card className="relative overflow-hidden">
          {logs.isPending ? (
            <TableSkeleton rows={8} label="Loading audit logs" />
          ) : entries.length === 0 ? (
            <EmptyState icon={ScrollText} title={ADMIN_MESSAGES.noAuditEntries}>
              {query || action ? 'Try another search or action.' : null}
            </EmptyState>
          ) : (
            <Table aria-label="Audit log">
              <TableHead>
                <TableRow>
                  <TableHeaderCell>When</TableHeaderCell>
                  <TableHeaderCell>Action</TableHeaderCell>
                  <TableHeaderCell className="hidden lg:table-cell">Target</TableHeaderCell>
                  <TableHeaderCell className="hidden xl:table-cell">Details</TableHeaderCell>
                  <TableHeaderCell className="text-right">
                    <span className="sr-only">View</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>
                      <p className="whitespace-nowrap text-slate-900">{formatDateTime(e.createdAt)}</p>
                      <p className="max-w-48 truncate text-xs text-slate-500">{e.adminEmail ?? '—'}</p>
                    </TableCell>
                    <TableCell>
                      <Badge tone="brand" className="font-mono">
                        {e.action}
                      </Badge>
                    </TableCell>
                    <TableCell className="hidden max-w-56 truncate lg:table-cell">{target(e)}</TableCell>
                    <TableCell className="hidden xl:table-cell">
                      <ul className="font-mono text-xs text-slate-600">
                        {detailsSummary(e.details).map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setOpen(e)}
                        aria-label={`View ${e.action} on ${formatDateTime(e.createdAt)}`}
                      >
                        <Eye className="h-4 w-4" aria-hidden />
                        <span className="hidden sm:inline">View</span>
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
      )}

      {logs.data && total > 0 ? (
        <Pagination label="Audit log pages" page={page} pageSize={pageSize} total={total} onPage={setPage} />
      ) : null}

      <AuditDetailDialog entry={open} onClose={() => setOpen(null)} />
    </div>
  );
}
