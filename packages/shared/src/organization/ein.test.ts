import { describe, expect, it } from 'vitest';
import { EIN_MAX_LENGTH, EIN_PATTERN, formatEin } from './ein';

describe('formatEin', () => {
  it('keeps up to two digits as they are', () => {
    expect(formatEin('')).toBe('');
    expect(formatEin('1')).toBe('1');
    expect(formatEin('12')).toBe('12');
  });

  it('adds the dash after the second digit', () => {
    expect(formatEin('123')).toBe('12-3');
    expect(formatEin('123456789')).toBe('12-3456789');
  });

  it('drops anything that is not a digit, wherever it was typed', () => {
    expect(formatEin('12-3456789')).toBe('12-3456789');
    expect(formatEin(' 1a2 - 34b567 89 ')).toBe('12-3456789');
    expect(formatEin('--')).toBe('');
  });

  it('stops at nine digits, ten characters with the dash', () => {
    const formatted = formatEin('12345678901234');
    expect(formatted).toBe('12-3456789');
    expect(formatted).toHaveLength(EIN_MAX_LENGTH);
  });

  it('produces the accepted pattern once all nine digits are typed, and not before', () => {
    expect(EIN_PATTERN.test(formatEin('987654321'))).toBe(true);
    expect(EIN_PATTERN.test(formatEin('98765432'))).toBe(false);
  });

  it('is stable when applied to its own output', () => {
    for (const input of ['1', '12', '123', '12-34', '123456789']) {
      expect(formatEin(formatEin(input))).toBe(formatEin(input));
    }
  });
});
