import { describe, expect, it } from 'vitest';
import { DEFAULT_SEASON_LABEL, MONTH_NAMES, monthName, nextSeasonLabel, SEASON_LABELS } from './season';

describe('season labels', () => {
  it('offers the four labels with 2025 as the default', () => {
    expect(SEASON_LABELS).toEqual(['2025', '2025-26', '2026', '2026-27']);
    expect(DEFAULT_SEASON_LABEL).toBe('2025');
  });

  it('names the twelve months and maps 1–12 to them', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(monthName(1)).toBe('January');
    expect(monthName(12)).toBe('December');
    expect(() => monthName(13)).toThrow(RangeError);
  });

  it('computes the next season as the numeric label plus one', () => {
    expect(nextSeasonLabel('2025')).toBe('2026');
    expect(nextSeasonLabel('2025-26')).toBe('2026-27');
    expect(nextSeasonLabel('2099-00')).toBe('2100-01');
    expect(nextSeasonLabel('Spring')).toBe('Spring');
  });
});
