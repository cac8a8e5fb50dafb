import { TZDate } from '@date-fns/tz';
import { subMonths } from 'date-fns';

/**
 * Calendar days and months, the one place for "today" in a zone and for month arithmetic
 * (dashboard windows, fiscal years), on date-fns: a month is its first day, read in the zone that
 * decides which month "now" is.
 */
export interface TYearMonth {
  year: number;
  month: number;
}

const firstOf = (ym: TYearMonth) => new Date(Date.UTC(ym.year, ym.month - 1, 1));
const toYearMonth = (d: Date): TYearMonth => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });

/** 'YYYY-MM'. */
export const monthKey = (ym: TYearMonth) => `${String(ym.year).padStart(4, '0')}-${String(ym.month).padStart(2, '0')}`;

/**
 * A zone's date holds for a whole UTC quarter hour: every offset in use is a whole number of
 * quarter hours (+05:45, +12:45, -09:30 …) and zones change offset on the hour, so local midnight
 * and every change fall on a quarter-hour boundary. Reading the date through the zone's offset
 * (Intl) cost a twentieth of the agreements list's CPU; a zone's last answer is kept for its quarter.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** Zones come from one canonical list (a few hundred); past this the memo starts over. */
const ZONE_MEMO_MAX = 1_000;
const todayByZone = new Map<string, { quarter: number; day: string }>();

/** Today's date ('YYYY-MM-DD') on the calendar of a time zone. */
export function zonedToday(now: Date, zone: string): string {
  const quarter = Math.floor(now.getTime() / QUARTER_HOUR_MS);
  const kept = todayByZone.get(zone);
  if (kept?.quarter === quarter) return kept.day;
  const local = new TZDate(now, zone);
  const day = `${monthKey({ year: local.getFullYear(), month: local.getMonth() + 1 })}-${String(local.getDate()).padStart(2, '0')}`;
  if (todayByZone.size >= ZONE_MEMO_MAX) todayByZone.clear();
  todayByZone.set(zone, { quarter, day });
  return day;
}

/** The month a moment falls in, in a time zone (its today's month). */
export function zonedYearMonth(date: Date, zone: string): TYearMonth {
  const day = zonedToday(date, zone);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

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
