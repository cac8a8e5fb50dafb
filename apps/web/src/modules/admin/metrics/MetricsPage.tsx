import { ADMIN_LIMITS } from '@pennant/shared/admin/schemas';
import { Activity, Building2, FileSignature, UserPlus, Users } from 'lucide-react';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis } from 'recharts';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/api';
import { useAdminMetrics, useSignupMetrics, useSystemHealth, useTokenUsage } from '../admin-api';
import { HealthStatus } from '../HealthStatus';
import { formatCount, StatCard } from '../parts';
import { TokenUsageChart } from './TokenUsageChart';

const DAYS = ADMIN_LIMITS.defaultDaysBack;
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * /admin/metrics (spec 002 §2.10): Daily Sign-ups, Active Organizations, Total Users and Active
 * Contracts; the System Health card; Token Usage by Model with the estimated cost.
 */
export function MetricsPage() {
  const metrics = useAdminMetrics();
  const signups = useSignupMetrics(DAYS);
  const health = useSystemHealth();
  const usage = useTokenUsage(DAYS);
  const today = signups.data?.daily.at(-1)?.count ?? 0;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Metrics" description={`Platform activity over the last ${DAYS} days.`} />

      {metrics.isError ? (
        <ErrorState onRetry={() => void metrics.refetch()}>
          {errorMessage(metrics.error, 'Could not load the metrics')}
        </ErrorState>
      ) : null}

      <section aria-label="Platform figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Daily Sign-ups"
          icon={UserPlus}
          loading={signups.isPending || metrics.isPending}
          value={formatCount(today)}
          detail={`Today · ${formatCount(metrics.data?.signupCount ?? 0)} in ${DAYS} days`}
        />
        <StatCard
          label="Active Organizations"
          icon={Building2}
          loading={metrics.isPending}
          value={formatCount(metrics.data?.activeOrganizations ?? 0)}
          detail={`of ${formatCount(metrics.data?.totalOrganizations ?? 0)} organizations`}
        />
        <StatCard
          label="Total Users"
          icon={Users}
          loading={metrics.isPending}
          value={formatCount(metrics.data?.totalUsers ?? 0)}
        />
        <StatCard
          label="Active Contracts"
          icon={FileSignature}
          loading={metrics.isPending}
          value={formatCount(metrics.data?.activeContracts ?? 0)}
        />
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-2">
            <CardTitle>System Health</CardTitle>
            <Activity className="h-5 w-5 text-slate-400" aria-hidden />
          </CardHeader>
          <CardContent className="space-y-4">
            {health.isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : health.isError ? (
              <p className="text-sm text-red-700">{errorMessage(health.error, 'Could not load system health')}</p>
            ) : (
              <>
                <HealthStatus health={health.data} />
                <dl className="grid grid-cols-2 gap-2 text-sm">
                  <div className="rounded-lg bg-slate-50 p-2.5">
                    <dt className="text-xs text-slate-500">Succeeded</dt>
                    <dd className="text-lg font-semibold text-slate-900">{formatCount(health.data.successCount)}</dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-2.5">
                    <dt className="text-xs text-slate-500">Failed</dt>
                    <dd className="text-lg font-semibold text-slate-900">{formatCount(health.data.errorCount)}</dd>
                  </div>
                </dl>
              </>
            )}
            <ButtonLink to="/admin/system-health" variant="outline" size="sm" className="w-full">
              View details
            </ButtonLink>
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Sign-ups per Day</CardTitle>
          </CardHeader>
          <CardContent>
            {signups.isPending ? (
              <Skeleton className="h-40 w-full" />
            ) : signups.isError ? (
              <p className="text-sm text-red-700">{errorMessage(signups.error, 'Could not load sign-ups')}</p>
            ) : (
              <figure
                className="h-40 w-full"
                aria-label={`${formatCount(signups.data.total)} sign-ups over the last ${signups.data.days} days`}
              >
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={signups.data.daily} margin={{ top: 4, right: 4, left: 4, bottom: 0 }}>
                    <XAxis
                      dataKey="date"
                      tickFormatter={dayLabel}
                      tick={{ fontSize: 11, fill: '#64748b' }}
                      tickLine={false}
                      axisLine={{ stroke: '#cbd5e1' }}
                      interval="preserveStartEnd"
                      minTickGap={24}
                    />
                    <Tooltip
                      labelFormatter={(label) => dayLabel(String(label))}
                      formatter={(value) => [formatCount(Number(value)), 'Sign-ups']}
                      cursor={{ fill: '#f1f5f9' }}
                      contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }}
                    />
                    <Bar dataKey="count" fill="#0ea5e9" radius={[3, 3, 0, 0]} />
                  </BarChart>
                </ResponsiveContainer>
              </figure>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Token Usage by Model</CardTitle>
          <p className="text-sm text-slate-600">AI tokens over the last {DAYS} days, with the estimated cost.</p>
        </CardHeader>
        <CardContent>
          {usage.isPending ? (
            <Skeleton className="h-64 w-full" />
          ) : usage.isError ? (
            <p className="text-sm text-red-700">{errorMessage(usage.error, 'Could not load token usage')}</p>
          ) : (
            <TokenUsageChart usage={usage.data.usage} days={usage.data.days} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
