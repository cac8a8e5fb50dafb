import { REVENUE_WINDOWS, type TDashboardMetrics, type TRevenueWindow } from '@pennant/shared/dashboard/schemas';
import { TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { monthLabel } from './dashboard-api';

const SPONSORSHIP_COLOR = '#2563eb';
const DONATION_COLOR = '#f59e0b';
/** With nothing received yet the axis still reads $0 to $1K instead of five $0 ticks. */
const EMPTY_SCALE_CENTS = 100_000;

interface TRevenueTrendsProps {
  metrics: TDashboardMetrics;
  months: TRevenueWindow;
  onMonthsChange: (months: TRevenueWindow) => void;
  loading: boolean;
  updating: boolean;
}

function compactMoney(cents: number): string {
  const dollars = cents / 100;
  if (Math.abs(dollars) >= 1000) {
    return `$${new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(dollars)}`;
  }
  return formatMoney(cents, true);
}

function Tile({ label, value, tone }: { label: string; value: ReactNode; tone?: 'up' | 'down' }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p
        className={cn(
          'mt-0.5 flex items-center gap-1 text-lg font-semibold text-slate-900',
          tone === 'up' && 'text-green-700',
          tone === 'down' && 'text-red-700',
        )}
      >
        {value}
      </p>
    </div>
  );
}

/** Revenue Trends: stacked monthly sponsorships and donations over 6, 12 or 24 months. */
export function RevenueTrends({ metrics, months, onMonthsChange, loading, updating }: TRevenueTrendsProps) {
  const data = metrics.revenue.map((m) => ({
    label: monthLabel(m.month),
    sponsorships: m.sponsorshipsCents,
    donations: m.donationsCents,
  }));
  const empty = metrics.revenue.every((m) => m.sponsorshipsCents === 0 && m.donationsCents === 0);
  const growth = metrics.totals.growthPct;
  const growthText = growth === null ? '—' : `${growth > 0 ? '+' : ''}${growth.toFixed(1)}%`;
  const growthTone = growth === null || growth === 0 ? undefined : growth > 0 ? 'up' : 'down';

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>Revenue Trends</CardTitle>
          <p className="text-sm text-slate-600">Sponsorships and donations received each month.</p>
        </div>
        <fieldset
          className="inline-flex rounded-lg border border-slate-200 bg-slate-50 p-0.5"
          aria-label="Revenue period"
        >
          {REVENUE_WINDOWS.map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={months === w}
              onClick={() => onMonthsChange(w)}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900',
                'focus-visible:outline-2 focus-visible:outline-brand-600',
                months === w && 'bg-white text-brand-700 shadow-sm',
              )}
            >
              {w}M
            </button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {loading ? (
            [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-16" />)
          ) : (
            <>
              <Tile label="Total Revenue" value={formatMoney(metrics.totals.totalCents)} />
              <Tile label="Sponsorships" value={formatMoney(metrics.totals.sponsorshipsCents)} />
              <Tile label="Donations" value={formatMoney(metrics.totals.donationsCents)} />
              <Tile
                label="Growth %"
                tone={growthTone}
                value={
                  <>
                    {growthTone === 'up' ? <TrendingUp className="h-4 w-4" aria-hidden /> : null}
                    {growthTone === 'down' ? <TrendingDown className="h-4 w-4" aria-hidden /> : null}
                    {growthText}
                  </>
                }
              />
            </>
          )}
        </div>
        {loading ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <figure
            className={cn('relative h-64 w-full transition-opacity sm:h-72', updating && 'opacity-60')}
            aria-label={`Monthly revenue for the last ${months} months: ${formatMoney(metrics.totals.totalCents)} in total`}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
                <XAxis
                  dataKey="label"
                  tick={{ fontSize: 12, fill: '#64748b' }}
                  tickLine={false}
                  axisLine={{ stroke: '#cbd5e1' }}
                  interval="preserveStartEnd"
                  minTickGap={8}
                />
                <YAxis
                  tick={{ fontSize: 12, fill: '#64748b' }}
                  tickLine={false}
                  axisLine={false}
                  width={56}
                  tickFormatter={(v: number) => compactMoney(v)}
                  allowDecimals={false}
                  domain={empty ? [0, EMPTY_SCALE_CENTS] : [0, 'auto']}
                />
                <Tooltip
                  formatter={(value) => formatMoney(Number(value))}
                  cursor={{ fill: '#f1f5f9' }}
                  contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }}
                />
                <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
                <Bar dataKey="sponsorships" name="Sponsorships" stackId="revenue" fill={SPONSORSHIP_COLOR} />
                <Bar
                  dataKey="donations"
                  name="Donations"
                  stackId="revenue"
                  fill={DONATION_COLOR}
                  radius={[4, 4, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
            {empty ? (
              // Over the plot area only (right of the 56px axis), on its own background, so a
              // wrapped line never runs through the axis labels or the grid.
              <figcaption className="pointer-events-none absolute top-1/3 right-2 left-14 flex justify-center">
                <span className="rounded-md bg-white px-3 py-1.5 text-center text-sm text-slate-500 ring-1 ring-slate-200">
                  No payments or donations received in this period yet.
                </span>
              </figcaption>
            ) : null}
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
