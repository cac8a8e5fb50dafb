import { describe, expect, it } from 'vitest';
import { column } from './client';

describe('row column types', () => {
  it('reads counts from either driver: numbers, and the strings bigint sums arrive as', () => {
    expect(column.count.parse(42)).toBe(42);
    expect(column.count.parse('9007199254740')).toBe(9_007_199_254_740);
    expect(column.count.nullable().parse(null)).toBeNull();
    for (const bad of [null, undefined, true, {}, [1]])
      expect(column.count.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('reads instants as a Date or as the text a statement selected', () => {
    const at = new Date('2026-11-28T12:00:00Z');
    expect(column.instant.parse(at)).toBe(at);
    expect(column.instant.parse('2026-11-28 12:00:00+00')).toBe('2026-11-28 12:00:00+00');
    for (const bad of [null, 1_764_331_200_000, {}])
      expect(column.instant.safeParse(bad).success, String(bad)).toBe(false);
  });
});
