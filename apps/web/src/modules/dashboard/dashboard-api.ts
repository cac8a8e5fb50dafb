import * as dashboard from '@pennant/shared/dashboard/contract';
import type { TDashboardMetrics, TRevenueWindow } from '@pennant/shared/dashboard/schemas';
import { monthWindow, zonedYearMonth } from '@pennant/shared/months';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';

/** ['dashboard', months]: realtime topics invoices, agreements and companies refresh every window. */
export const dashboardKey = (months: TRevenueWindow) => ['dashboard', months] as const;

/** The dashboard's figures over a window of months; the last window stays on screen while the next loads. */
export function useDashboardMetrics(months: TRevenueWindow) {
  return useQuery({
    queryKey: dashboardKey(months),
    queryFn: () => call(dashboard.dashboardMetrics, { query: { months: `${months}` as const } }),
    placeholderData: keepPreviousData,
  });
}

/** The figures shown when the metrics cannot be loaded: zeros over the chosen window (spec §8). */
export function zeroMetrics(months: TRevenueWindow, timezone: string, now: Date = new Date()): TDashboardMetrics {
  const revenue = monthWindow(zonedYearMonth(now, timezone), months).map((month) => ({
    month,
    sponsorshipsCents: 0,
    donationsCents: 0,
  }));
  return {
    totalCompanies: 0,
    sponsoringCompanies: 0,
    activeContracts: 0,
    outstandingInvoices: { count: 0, cents: 0 },
    paidYearToDateCents: 0,
    fiscalYearStart: '',
    timezone,
    revenue,
    totals: { totalCents: 0, sponsorshipsCents: 0, donationsCents: 0, growthPct: null },
  };
}

/** 'YYYY-MM' as 'Jan 26'. */
export function monthLabel(key: string): string {
  const [y, m] = key.split('-').map(Number);
  if (!y || !m) return key;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });
}

/** A calendar date 'YYYY-MM-DD' as 'Jul 1, 2025' (no zone shift: it is a date, not an instant). */
export function calendarDateLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
