import { DEFAULT_REVENUE_WINDOW, type TRevenueWindow } from '@pennant/shared/dashboard/schemas';
import { planAllows, subscriptionBanner } from '@pennant/shared/organization/plans';
import type { TRole } from '@pennant/shared/team/roles';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { SubscriptionBanner } from '@/components/plan/SubscriptionBanner';
import { UpgradeDialog } from '@/components/plan/UpgradeDialog';
import { usePlan } from '@/components/plan/usePlan';
import { Alert } from '@/components/ui/Alert';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { PageHeader } from '@/components/ui/PageHeader';
import { useSession } from '@/lib/session';
import { BlastCard } from '../outreach/BlastCard';
import { useDashboardMetrics, zeroMetrics } from './dashboard-api';
import { KpiCards } from './KpiCards';
import { PlanUsageBanner } from './PlanUsageBanner';
import { QuickActions } from './QuickActions';
import { QuickSteps } from './QuickSteps';
import { RevenueTrends } from './RevenueTrends';

/** Spec §6: the quick steps currently receive fixed placeholder roles (admin, lead). */
const QUICK_STEP_ROLES: readonly TRole[] = ['admin', 'sponsorship_lead'];

export function DashboardPage() {
  const session = useSession();
  const plan = usePlan();
  const current = plan.data ?? session.plan;
  // Free: the usage banner; premium that is not active (past due, canceled…): the subscription
  // banner with its way to resolve it; premium active: no banner.
  const banner = subscriptionBanner(current).kind;
  const financeKpis = planAllows(current, 'financeKpis');
  const [months, setMonths] = useState<TRevenueWindow>(DEFAULT_REVENUE_WINDOW);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const metrics = useDashboardMetrics(months);

  useEffect(() => {
    document.title = 'Dashboard — Pennant';
  }, []);

  useEffect(() => {
    if (metrics.isError && metrics.errorUpdatedAt > 0) {
      toast.error('Could not load dashboard metrics', {
        description: 'Some metrics may be unavailable; zeros are shown',
      });
    }
  }, [metrics.isError, metrics.errorUpdatedAt]);

  const zeros = useMemo(() => zeroMetrics(months, session.timezone), [months, session.timezone]);
  const figures = metrics.isError ? zeros : (metrics.data ?? zeros);
  const loading = metrics.isPending;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Dashboard"
        actions={
          <ButtonLink to="/dashboard/quotes/new" variant="primary">
            + New Quote
          </ButtonLink>
        }
      />

      {metrics.isError ? (
        <Alert
          tone="warning"
          icon={AlertTriangle}
          className="p-3"
          action={
            <button
              type="button"
              className="font-medium text-amber-900 underline underline-offset-2"
              onClick={() => void metrics.refetch()}
            >
              Retry
            </button>
          }
        >
          Some dashboard metrics could not be loaded. Data may be incomplete.
        </Alert>
      ) : null}

      {banner === 'free' ? <PlanUsageBanner plan={plan.data} onUpgrade={() => setUpgradeOpen(true)} /> : null}
      {banner === 'attention' || banner === 'canceled' ? (
        <SubscriptionBanner plan={current} onUpgrade={() => setUpgradeOpen(true)} />
      ) : null}

      <KpiCards metrics={figures} loading={loading} premium={financeKpis} onUpgrade={() => setUpgradeOpen(true)} />

      <QuickSteps roles={QUICK_STEP_ROLES} outstandingInvoices={figures.outstandingInvoices.count} loading={loading} />

      <BlastCard />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <RevenueTrends
          metrics={figures}
          months={months}
          onMonthsChange={setMonths}
          loading={loading}
          updating={metrics.isPlaceholderData && metrics.isFetching}
        />
        <QuickActions />
      </div>

      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} context="upgrade" />
    </div>
  );
}
