/**
 * Money is integer cents everywhere; people type and read US dollars. One place for the
 * conversion both ways, used by forms, the server's documents and the e-mails.
 */

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** The most any single price may be: $10,000,000.00, far beyond a club's catalogue, well inside int4. */
export const MAX_PRICE_CENTS = 1_000_000_000;

/** Cents to US dollars with 2 decimals ($1,234.50); `whole` drops the decimals. */
export function formatMoney(cents: number, whole = false): string {
  return (whole ? wholeMoney : money).format(cents / 100);
}

/**
 * Dollars as typed ('12', '12.5', '$1,200.00') to whole cents, rounded to the nearest cent (the
 * spec's "rounded to cents"); null for blank, NaN for anything that is not a number.
 */
export function dollarsToCents(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) ? Math.round(input * 100) : Number.NaN;
  const cleaned = input.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  // Through the digits, not the float: 0.29 * 100 is 28.999999999999996 and 0.145 * 100 is
  // 14.499999999999998, so the float would round 12.145 down. Half up on the third decimal.
  const [whole = '0', fraction = ''] = cleaned.replace('-', '').split('.');
  const digits = `${fraction}000`;
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return cleaned.startsWith('-') ? -cents : cents;
}

/** Cents to the dollars an input shows ('12.50'); blank for null. */
export function centsToDollarInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return (cents / 100).toFixed(2);
}
