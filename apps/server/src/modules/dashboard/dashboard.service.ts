import type { TDashboardMetrics, TRevenueMonth, TRevenueWindow } from '@pennant/shared/dashboard/schemas';
import { firstDay, fiscalYearStart, monthsBefore, zonedYearMonth } from '@pennant/shared/months';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { timezoneOf } from '../organizations/profile.service';
import type { TMember } from '../session/member';
import { companyCounts, countActiveContracts, monthlyRevenue, outstandingInvoices, paidSince } from './dashboard.repo';

export { fiscalYearStart, monthsBefore } from '@pennant/shared/months';

/** Last month against the one before, in percent with one decimal; null when the earlier is 0. */
export function growthPct(revenue: readonly TRevenueMonth[]): number | null {
  const total = (m: TRevenueMonth | undefined) => (m ? m.sponsorshipsCents + m.donationsCents : 0);
  const last = total(revenue[revenue.length - 1]);
  const previous = total(revenue[revenue.length - 2]);
  if (previous === 0) return null;
  return Math.round(((last - previous) / previous) * 1000) / 10;
}

/**
 * The dashboard's figures. "This month" and the fiscal year are read on the calendar of the
 * requesting user's zone (their profile, America/New_York by default).
 */
export async function dashboardMetrics(
  deps: TDeps,
  member: TMember,
  months: TRevenueWindow,
  now: Date = new Date(),
): Promise<TDashboardMetrics> {
  const zone = await timezoneOf(deps, member.userId);
  const current = zonedYearMonth(now, zone);
  const fiscalStart = firstDay(fiscalYearStart(current, member.org.fiscalStartMonth));
  const figures = await withTenant(deps.db, member, async (tx) => ({
    companies: await companyCounts(tx, member.orgId),
    activeContracts: await countActiveContracts(tx, member.orgId),
    outstanding: await outstandingInvoices(tx, member.orgId),
    paidYtd: await paidSince(tx, member.orgId, fiscalStart, zone),
    revenue: await monthlyRevenue(
      tx,
      member.orgId,
      zone,
      firstDay(monthsBefore(current, months - 1)),
      firstDay(current),
    ),
  }));
  const revenue: TRevenueMonth[] = figures.revenue.map((r) => ({
    month: r.month,
    sponsorshipsCents: Number(r.sponsorships_cents),
    donationsCents: Number(r.donations_cents),
  }));
  const sponsorshipsCents = revenue.reduce((sum, m) => sum + m.sponsorshipsCents, 0);
  const donationsCents = revenue.reduce((sum, m) => sum + m.donationsCents, 0);
  return {
    totalCompanies: figures.companies.total,
    sponsoringCompanies: figures.companies.sponsoring,
    activeContracts: figures.activeContracts,
    outstandingInvoices: figures.outstanding,
    paidYearToDateCents: figures.paidYtd,
    fiscalYearStart: fiscalStart,
    timezone: zone,
    revenue,
    totals: {
      totalCents: sponsorshipsCents + donationsCents,
      sponsorshipsCents,
      donationsCents,
      growthPct: growthPct(revenue),
    },
  };
}
