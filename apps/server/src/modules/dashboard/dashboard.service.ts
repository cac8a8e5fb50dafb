import type { TDashboardMetrics, TRevenueMonth, TRevenueWindow } from '@pennant/shared/dashboard/schemas';
import { firstDay, fiscalYearStart, monthsBefore, zonedYearMonth } from '@pennant/shared/months';
import { readTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TMember } from '../session/member';
import { dashboardCounts, revenueFigures } from './dashboard.repo';

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
 * requesting user's zone (their profile, America/New_York by default, on the member), so the
 * counts and the months leave together, one round trip.
 */
export async function dashboardMetrics(
  deps: TDeps,
  member: TMember,
  monthCount: TRevenueWindow,
  now: Date = new Date(),
): Promise<TDashboardMetrics> {
  const zone = member.timezone;
  const current = zonedYearMonth(now, zone);
  const fiscalStart = firstDay(fiscalYearStart(current, member.org.fiscalStartMonth));
  const figures = await readTenant(deps.db, member, async (tx) => {
    const [counts, months] = await Promise.all([
      dashboardCounts(tx, member.orgId),
      revenueFigures(
        tx,
        member.orgId,
        zone,
        firstDay(monthsBefore(current, monthCount - 1)),
        firstDay(current),
        fiscalStart,
      ),
    ]);
    return { counts, zone, fiscalStart, months };
  });
  const revenue: TRevenueMonth[] = figures.months.map((r) => ({
    month: r.month,
    sponsorshipsCents: Number(r.sponsorships_cents),
    donationsCents: Number(r.donations_cents),
  }));
  const sponsorshipsCents = revenue.reduce((sum, m) => sum + m.sponsorshipsCents, 0);
  const donationsCents = revenue.reduce((sum, m) => sum + m.donationsCents, 0);
  const { counts } = figures;
  return {
    totalCompanies: counts.total_companies,
    sponsoringCompanies: counts.sponsoring_companies,
    activeContracts: counts.active_contracts,
    outstandingInvoices: { count: counts.outstanding_count, cents: counts.outstanding_cents },
    paidYearToDateCents: figures.months[0]?.paid_since_cents ?? 0,
    fiscalYearStart: figures.fiscalStart,
    timezone: figures.zone,
    revenue,
    totals: {
      totalCents: sponsorshipsCents + donationsCents,
      sponsorshipsCents,
      donationsCents,
      growthPct: growthPct(revenue),
    },
  };
}
