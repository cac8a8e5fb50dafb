import { ArrowLeft, CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useSystemHealth } from '../admin-api';
import { HealthStatus } from '../HealthStatus';
import { formatCount, StatCard, TableSkeleton } from '../parts';

/** /admin/system-health: the job queue's successes and failures, and the latest failures. */
export function SystemHealthPage() {
  const { data, isPending, isError, error, refetch } = useSystemHealth();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to="/admin" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Admin Dashboard
      </Link>
      <PageHeader
        title="System Health"
        description={
          data ? `Background jobs over the last ${data.windowHours} hours.` : 'Background jobs over the last day.'
        }
      />
      {isError ? (
        <ErrorState onRetry={() => void refetch()}>{errorMessage(error, 'Could not load system health')}</ErrorState>
      ) : (
        <>
          <section aria-label="Job counts" className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
            <StatCard
              label="Succeeded"
              icon={CheckCircle2}
              loading={isPending}
              value={formatCount(data?.successCount ?? 0)}
            />
            <StatCard label="Failed" icon={XCircle} loading={isPending} value={formatCount(data?.errorCount ?? 0)} />
            <StatCard
              label="Waiting or running"
              icon={Clock}
              loading={isPending}
              value={formatCount(data?.pendingCount ?? 0)}
            />
          </section>
          {data ? (
            <Card className="p-5">
              <HealthStatus health={data} />
            </Card>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle>Recent Failures</CardTitle>
            </CardHeader>
            <CardContent className="p-0 sm:p-0">
              {isPending ? (
                <TableSkeleton label="Loading failures" />
              ) : data?.lastErrors.length ? (
                <Table aria-label="Recent failures">
                  <TableHead>
                    <TableRow>
                      <TableHeaderCell>When</TableHeaderCell>
                      <TableHeaderCell>Job</TableHeaderCell>
                      <TableHeaderCell>Error</TableHeaderCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.lastErrors.map((e) => (
                      <TableRow key={`${e.runAt}-${e.taskName}`}>
                        <TableCell className="whitespace-nowrap">{formatDateTime(e.runAt)}</TableCell>
                        <TableCell className="font-medium text-slate-900">{e.taskName}</TableCell>
                        <TableCell className="max-w-md break-words text-slate-600">{e.message ?? '—'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <EmptyState icon={CheckCircle2} title="No failed jobs">
                  Every background job in this window finished.
                </EmptyState>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
