import type { TDashboardMetrics } from '@pennant/shared/dashboard/schemas';
import { Building2, Handshake, Lock, ReceiptText, Wallet } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { calendarDateLabel } from './dashboard-api';

interface TKpiProps {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon: ReactNode;
  loading: boolean;
  /** The list the figure comes from: the whole card links to it. */
  to?: string;
}

function Kpi({ label, value, detail, icon, loading, to }: TKpiProps) {
  const id = useId();
  const card = (
    <Card
      role="group"
      aria-labelledby={id}
      aria-busy={loading}
      className={cn('flex flex-col gap-2 p-4 sm:p-5', to && 'h-full transition-colors group-hover:border-brand-500')}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={id} className="text-sm font-medium text-slate-600">
          {label}
        </h2>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">{icon}</span>
      </div>
      {loading ? (
        <>
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-3 w-28" />
        </>
      ) : (
        <>
          <p className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{value}</p>
          {detail ? <p className="text-xs text-slate-500">{detail}</p> : null}
        </>
      )}
    </Card>
  );
  if (!to) return card;
  return (
    <Link to={to} className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600">
      {card}
    </Link>
  );
}

interface TKpiCardsProps {
  metrics: TDashboardMetrics;
  loading: boolean;
  premium: boolean;
  onUpgrade: () => void;
}

/** The four KPI cards; on the free plan the last is an 'Upgrade for Finance KPIs' button (spec §2). */
export function KpiCards({ metrics, loading, premium, onUpgrade }: TKpiCardsProps) {
  const icon = 'h-5 w-5';
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Kpi
        label="Total Companies"
        value={metrics.totalCompanies.toLocaleString('en-US')}
        detail="Sponsors and prospects"
        icon={<Building2 className={icon} aria-hidden />}
        loading={loading}
      />
      <Kpi
        label="Sponsoring Companies"
        value={metrics.sponsoringCompanies.toLocaleString('en-US')}
        detail={`${metrics.activeContracts.toLocaleString('en-US')} active agreement${metrics.activeContracts === 1 ? '' : 's'}`}
        icon={<Handshake className={icon} aria-hidden />}
        loading={loading}
      />
      <Kpi
        label="Outstanding Invoices"
        value={metrics.outstandingInvoices.count.toLocaleString('en-US')}
        detail={`${formatMoney(metrics.outstandingInvoices.cents)} due`}
        icon={<ReceiptText className={icon} aria-hidden />}
        loading={loading}
        to="/dashboard/invoices?status=outstanding"
      />
      {premium ? (
        <Kpi
          label="Paid Year-to-Date"
          value={formatMoney(metrics.paidYearToDateCents)}
          detail={metrics.fiscalYearStart ? `Since ${calendarDateLabel(metrics.fiscalYearStart)}` : 'This fiscal year'}
          icon={<Wallet className={icon} aria-hidden />}
          loading={loading}
        />
      ) : (
        <button
          type="button"
          onClick={onUpgrade}
          className="flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-amber-300 bg-amber-50 p-4 text-center text-amber-900 transition-colors hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Lock className="h-5 w-5" aria-hidden />
          <span className="text-sm font-semibold">Upgrade for Finance KPIs</span>
          <span className="text-xs text-amber-800">Paid year-to-date and more with Premium</span>
        </button>
      )}
    </section>
  );
}
