import { describe, expect, it } from 'vitest';
import { centsToDollarInput, dollarsToCents, formatMoney } from './money';

describe('money', () => {
  it('reads typed dollars as whole cents without float drift', () => {
    expect(dollarsToCents('0.29')).toBe(29);
    // Half up on the digits: the float 12.145 * 100 is 1214.4999….
    expect(dollarsToCents('12.145')).toBe(1215);
    expect(dollarsToCents('0.145')).toBe(15);
    expect(dollarsToCents('12.1449')).toBe(1214);
    expect(dollarsToCents('-1.005')).toBe(-101);
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents('$1,200.5')).toBe(120050);
    expect(dollarsToCents('.99')).toBe(99);
    expect(dollarsToCents('19.999')).toBe(2000);
    expect(dollarsToCents(4.35)).toBe(435);
  });
  it('keeps blank as null and refuses what is not a number', () => {
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('  ')).toBeNull();
    expect(dollarsToCents(null)).toBeNull();
    expect(dollarsToCents('12abc')).toBeNaN();
    expect(dollarsToCents('1.2.3')).toBeNaN();
  });
  it('formats cents as US dollars and back for inputs', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(123450, true)).toBe('$1,235');
    expect(centsToDollarInput(1250)).toBe('12.50');
    expect(centsToDollarInput(null)).toBe('');
  });
});
