import { describe, expect, it } from 'vitest';
import { firstDay, fiscalYearStart, monthKey, monthsBefore, monthWindow, zonedToday, zonedYearMonth } from './months';

describe('months', () => {
  it('writes a month as YYYY-MM', () => {
    expect(monthKey({ year: 2026, month: 3 })).toBe('2026-03');
    expect(monthKey({ year: 2026, month: 12 })).toBe('2026-12');
  });

  it('counts back across years', () => {
    expect(monthsBefore({ year: 2025, month: 3 }, 0)).toEqual({ year: 2025, month: 3 });
    expect(monthsBefore({ year: 2025, month: 3 }, 3)).toEqual({ year: 2024, month: 12 });
    expect(monthsBefore({ year: 2025, month: 1 }, 23)).toEqual({ year: 2023, month: 2 });
  });

  it('lists a window oldest first, ending with the current month', () => {
    expect(monthWindow({ year: 2026, month: 2 }, 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(firstDay({ year: 2026, month: 2 })).toBe('2026-02-01');
  });

  it('reads the month in the viewer’s zone: midnight UTC on the 1st is still last month in New York', () => {
    const moment = new Date('2026-03-01T02:00:00Z');
    expect(zonedYearMonth(moment, 'UTC')).toEqual({ year: 2026, month: 3 });
    expect(zonedYearMonth(moment, 'America/New_York')).toEqual({ year: 2026, month: 2 });
  });

  it('starts the fiscal year in the last occurrence of its month', () => {
    expect(fiscalYearStart({ year: 2026, month: 11 }, 7)).toEqual({ year: 2026, month: 7 });
    expect(fiscalYearStart({ year: 2026, month: 3 }, 7)).toEqual({ year: 2025, month: 7 });
  });
});

describe('today in a time zone', () => {
  it('reads today on the calendar of a time zone', () => {
    const lateEvening = new Date('2026-01-01T03:00:00Z');
    expect(zonedToday(lateEvening, 'America/New_York')).toBe('2025-12-31');
    expect(zonedToday(lateEvening, 'Asia/Tokyo')).toBe('2026-01-01');
  });

  it('turns the day at local midnight, minute by minute, in zones a quarter or half hour off UTC and across a clock change', () => {
    const onCalendar = (at: Date, zone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
        at,
      );
    const walks: [string, string][] = [
      ['Asia/Kathmandu', '2026-03-10T18:00:00Z'], // +05:45: midnight at 18:15 UTC
      ['Australia/Eucla', '2026-03-10T15:00:00Z'], // +08:45
      ['America/St_Johns', '2026-03-10T03:00:00Z'], // -02:30 in summer time, -03:30 before
      ['Pacific/Chatham', '2026-04-04T10:30:00Z'], // +13:45 to +12:45 on 5 April 2026
      ['America/New_York', '2026-03-08T04:30:00Z'], // the spring clock change that night
    ];
    for (const [zone, from] of walks) {
      const start = new Date(from).getTime();
      for (let minute = 0; minute <= 150; minute++) {
        const at = new Date(start + minute * 60_000);
        expect(zonedToday(at, zone), `${zone} at ${at.toISOString()}`).toBe(onCalendar(at, zone));
      }
    }
  });
});
