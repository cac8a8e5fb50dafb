import { describe, expect, it } from 'vitest';
import { firstDay, fiscalYearStart, monthsBefore, monthWindow, zonedYearMonth } from './months';

describe('months', () => {
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
