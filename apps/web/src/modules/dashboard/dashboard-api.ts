import * as dashboard from '@pennant/shared/contracts/dashboard.contract';
import type { TDashboardMetrics, TRevenueWindow } from '@pennant/shared/dashboard.schemas';
import { zonedYearMonth } from '@pennant/shared/timezones';
import { call } from '@/lib/api';

/** ['dashboard', months]: realtime topics invoices, agreements and companies refresh every window. */
export const dashboardKey = (months: TRevenueWindow) => ['dashboard', months] as const;

export const fetchDashboardMetrics = (months: TRevenueWindow) =>
  call(dashboard.dashboardMetrics, { query: { months: `${months}` as const } });

const pad = (n: number) => String(n).padStart(2, '0');

/** The figures shown when the metrics cannot be loaded: zeros over the chosen window (spec §8). */
export function zeroMetrics(months: TRevenueWindow, timezone: string, now: Date = new Date()): TDashboardMetrics {
  const { year, month } = zonedYearMonth(now, timezone);
  const revenue = Array.from({ length: months }, (_, i) => {
    const index = year * 12 + (month - 1) - (months - 1 - i);
    return { month: `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`, sponsorshipsCents: 0, donationsCents: 0 };
  });
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
