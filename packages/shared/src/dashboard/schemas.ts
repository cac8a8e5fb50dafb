import { z } from 'zod';

/** The Revenue Trends toggle: 6M, 12M (default) or 24M. */
export const REVENUE_WINDOWS = [6, 12, 24] as const;
export type TRevenueWindow = (typeof REVENUE_WINDOWS)[number];
export const DEFAULT_REVENUE_WINDOW: TRevenueWindow = 12;

export const ZDashboardQuery = z.object({
  months: z
    .enum(['6', '12', '24'], { error: 'Months must be 6, 12 or 24' })
    .default('12')
    .transform((m) => Number(m) as TRevenueWindow),
});

export const ZRevenueMonth = z.object({
  /** 'YYYY-MM' on the calendar of the viewer's time zone. */
  month: z.string(),
  sponsorshipsCents: z.number().int(),
  donationsCents: z.number().int(),
});
export type TRevenueMonth = z.infer<typeof ZRevenueMonth>;

/** GET /api/dashboard/metrics. Money is integer cents. */
export const ZDashboardMetrics = z.object({
  totalCompanies: z.number().int(),
  sponsoringCompanies: z.number().int(),
  activeContracts: z.number().int(),
  outstandingInvoices: z.object({ count: z.number().int(), cents: z.number().int() }),
  /** Paid since the first day of the organization's fiscal year, in the viewer's zone. */
  paidYearToDateCents: z.number().int(),
  fiscalYearStart: z.string(),
  timezone: z.string(),
  /** Oldest first, ending with the current month. */
  revenue: z.array(ZRevenueMonth),
  totals: z.object({
    totalCents: z.number().int(),
    sponsorshipsCents: z.number().int(),
    donationsCents: z.number().int(),
    /** Last month against the one before, in percent with one decimal; null when the earlier is 0. */
    growthPct: z.number().nullable(),
  }),
});
export type TDashboardMetrics = z.infer<typeof ZDashboardMetrics>;
