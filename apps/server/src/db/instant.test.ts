import { describe, expect, it } from 'vitest';
import { isoInstant } from './instant';

describe('isoInstant', () => {
  it('writes PostgreSQL’s UTC text as the API’s ISO form, as a Date would, to the millisecond', () => {
    for (const text of [
      '2026-11-23 10:00:00+00',
      '2026-11-23 10:00:00.1+00',
      '2026-11-23 10:00:00.123+00',
      '2026-11-23 23:59:59.999999+00',
      '2024-02-29 00:00:00.000001+00',
    ]) {
      expect(isoInstant(text)).toBe(new Date(text.replace(' ', 'T').replace('+00', 'Z')).toISOString());
    }
    expect(isoInstant('2026-11-23 10:00:00.123456+00')).toBe('2026-11-23T10:00:00.123Z');
  });

  it('takes other offsets and Dates through Date', () => {
    expect(isoInstant('2026-11-23 11:00:00+01')).toBe('2026-11-23T10:00:00.000Z');
    expect(isoInstant(new Date(Date.UTC(2026, 10, 23, 10)))).toBe('2026-11-23T10:00:00.000Z');
  });
});
