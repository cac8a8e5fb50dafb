import { INVOICE_MESSAGES, INVOICE_NEXT_DAYS_WINDOW } from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import { AlertTriangle, CalendarClock, type LucideIcon, ReceiptText } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/lib/cn';
import { useInvoiceKpis } from '../invoices-api';

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'invoice' : 'invoices'}`;

function KpiCard({
  label,
  kpi,
  icon: Icon,
  tone,
  loading,
}: {
  label: string;
  kpi: { count: number; cents: number } | undefined;
  icon: LucideIcon;
  tone: string;
  loading: boolean;
}) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id} aria-busy={loading} className="flex flex-col gap-1 p-4 sm:p-5">
      {/* On a phone each card is one line (label and count, amount at the right), so the three
          stacked cards leave the list in view; from 640 px they stand side by side. */}
      <div className="flex items-start justify-between gap-2">
        <h2 id={id} className="text-sm font-medium text-slate-600">
          {label}
        </h2>
        <span className={cn('hidden rounded-lg p-2 sm:inline-flex', tone)}>
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        {loading || !kpi ? (
          <Skeleton className="h-6 w-24 sm:hidden" />
        ) : (
          <p className="text-lg font-semibold tabular-nums text-slate-900 sm:hidden">{formatMoney(kpi.cents)}</p>
        )}
      </div>
      {loading || !kpi ? (
        <>
          <Skeleton className="hidden h-8 w-28 sm:block" />
          <Skeleton className="h-3 w-16" />
        </>
      ) : (
        <>
          <p className="hidden break-words text-2xl font-semibold tabular-nums tracking-tight text-slate-900 sm:block">
            {formatMoney(kpi.cents)}
          </p>
          <p className="-mt-1 text-xs text-slate-500 sm:mt-0">{count(kpi.count)}</p>
        </>
      )}
    </Card>
  );
}

/** The three KPI cards (spec §7): outstanding, past due and due in the next 7 days, for the company filter too. */
export function InvoiceKpiCards({ company }: { company: string | null }) {
  const kpis = useInvoiceKpis(company);
  if (kpis.isError && !kpis.data) {
    return (
      <Alert
        action={
          <Button variant="outline" size="sm" onClick={() => void kpis.refetch()}>
            Try Again
          </Button>
        }
      >
        {INVOICE_MESSAGES.metricsFailed}
      </Alert>
    );
  }
  const data = kpis.data;
  return (
    <section aria-label="Invoice metrics" className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
      <KpiCard
        label="Outstanding"
        kpi={data?.outstanding}
        icon={ReceiptText}
        tone="bg-brand-50 text-brand-700"
        loading={kpis.isPending}
      />
      <KpiCard
        label="Past Due"
        kpi={data?.pastDue}
        icon={AlertTriangle}
        tone="bg-red-50 text-red-700"
        loading={kpis.isPending}
      />
      <KpiCard
        label={`Next ${INVOICE_NEXT_DAYS_WINDOW} Days`}
        kpi={data?.nextSevenDays}
        icon={CalendarClock}
        tone="bg-amber-50 text-amber-700"
        loading={kpis.isPending}
      />
    </section>
  );
}
