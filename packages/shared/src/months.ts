import { TZDate } from '@date-fns/tz';
import { format, subMonths } from 'date-fns';

/**
 * Calendar months, the one place for month arithmetic (dashboard windows, fiscal years), on
 * date-fns: a month is its first day, read in the zone that decides which month "now" is.
 */
export interface TYearMonth {
  year: number;
  month: number;
}

const firstOf = (ym: TYearMonth) => new Date(Date.UTC(ym.year, ym.month - 1, 1));
const toYearMonth = (d: Date): TYearMonth => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });

/** The month a moment falls in, in a time zone. */
export function zonedYearMonth(date: Date, zone: string): TYearMonth {
  const local = new TZDate(date, zone);
  return { year: local.getFullYear(), month: local.getMonth() + 1 };
}

/** 'YYYY-MM'. */
export const monthKey = (ym: TYearMonth) => format(new Date(ym.year, ym.month - 1, 1), 'yyyy-MM');

/** 'YYYY-MM-01', the month's first day as a date. */
export const firstDay = (ym: TYearMonth) => `${monthKey(ym)}-01`;

/** The month n months before (n may be 0). */
export function monthsBefore(ym: TYearMonth, n: number): TYearMonth {
  return toYearMonth(subMonths(firstOf(ym), n));
}

/** The last n months up to and including `current`, oldest first, as 'YYYY-MM'. */
export function monthWindow(current: TYearMonth, n: number): string[] {
  return Array.from({ length: n }, (_, i) => monthKey(monthsBefore(current, n - 1 - i)));
}

/** The first month of the fiscal year containing `today`, for a fiscal year starting in month 1–12. */
export function fiscalYearStart(today: TYearMonth, fiscalStartMonth: number): TYearMonth {
  return { year: today.month >= fiscalStartMonth ? today.year : today.year - 1, month: fiscalStartMonth };
}
