import { DEFAULT_TIMEZONE } from '@pennant/shared/profile/timezones';

export { DEFAULT_TIMEZONE };

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Cents to US dollars with 2 decimals ($1,234.50); `whole` drops the decimals. */
export function formatMoney(cents: number, whole = false): string {
  return (whole ? wholeMoney : money).format(cents / 100);
}

export function formatDate(value: string | Date, timeZone = DEFAULT_TIMEZONE): string {
  return new Date(value).toLocaleDateString('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(value: string | Date, timeZone = DEFAULT_TIMEZONE): string {
  return new Date(value).toLocaleString('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
