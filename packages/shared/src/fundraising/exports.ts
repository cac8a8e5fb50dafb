import { csvCell } from '../csv';
import type { TDonationStatus } from './schemas';

/**
 * The Donation Details exports (spec 002 §7.3): the columns, the file names and one line of each,
 * written by the server from the same query as the list (decisions.md, "Donation exports").
 * Every cell goes through csvCell, so a donor who names themselves '=HYPERLINK(…)' stays text.
 */

export const DONATION_EXPORT_COLUMNS = [
  'Date',
  'Donor Name',
  'Donor Email',
  'Amount',
  'Status',
  'Player Name',
  'Stripe Payment ID',
  'Donation ID',
] as const;

export const DONOR_SUMMARY_COLUMNS = [
  'Donor Name',
  'Email',
  'Total Amount',
  'Number of Donations',
  'Average Donation',
  'Last Donation Date',
  'Status Summary',
] as const;

/** Spreadsheet programs read the file as UTF-8 (accents, not mojibake) when it starts with the byte-order mark. */
export const CSV_BOM = '\uFEFF';

export const donationsFileName = (campaignId: string, day: string) => `donations-campaign-${campaignId}-${day}.csv`;
export const donorSummaryFileName = (campaignId: string, day: string) =>
  `donor-summary-campaign-${campaignId}-${day}.csv`;

/** One CSV line (CRLF, as RFC 4180 and spreadsheet programs expect), every cell defused and quoted as needed. */
export function csvLine(cells: readonly (string | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Cents as a plain amount a spreadsheet sums ('1250.50'), no currency sign. */
export const csvAmount = (cents: number) => (cents / 100).toFixed(2);

/**
 * Instants as calendar days (YYYY-MM-DD) in a time zone. One formatter for a whole export: making
 * an Intl formatter is far dearer than using one.
 */
export function dayFormatter(timeZone: string): (instant: Date | string) => string {
  // en-CA writes dates as YYYY-MM-DD.
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (instant) => f.format(typeof instant === 'string' ? new Date(instant) : instant);
}

export interface TDonationExportRow {
  id: string;
  amountCents: number;
  status: string;
  createdAt: Date | string;
  stripePaymentIntentId: string | null;
  donorName: string | null;
  donorEmail: string | null;
  playerName: string | null;
}

/** One donation, as listed (the donor's name and e-mail already fall back to the contact's). */
export function donationCsvLine(d: TDonationExportRow, dayOf: (instant: Date | string) => string): string {
  return csvLine([
    dayOf(d.createdAt),
    d.donorName,
    d.donorEmail,
    csvAmount(d.amountCents),
    d.status,
    d.playerName,
    d.stripePaymentIntentId,
    d.id,
  ]);
}

/** The statuses in the summary's order: what was given first, then what may still come or did not. */
const SUMMARY_ORDER: readonly TDonationStatus[] = ['paid', 'pending', 'failed', 'refunded'];

/** '2 paid, 1 pending': each status the donor has, in SUMMARY_ORDER. */
export function statusSummary(counts: Partial<Record<TDonationStatus, number>>): string {
  return SUMMARY_ORDER.filter((s) => (counts[s] ?? 0) > 0)
    .map((s) => `${counts[s]} ${s}`)
    .join(', ');
}

export interface TDonorSummaryRow {
  /** The newest name the donor gave (or their contact's); null for an anonymous donor. */
  name: string | null;
  email: string | null;
  /** Only paid donations count toward the total, the number and the average (§9). */
  paidCents: number;
  paidCount: number;
  /** The newest donation of any status. */
  lastAt: Date | string;
  statusCounts: Partial<Record<TDonationStatus, number>>;
}

/** One donor: the total, number and average of their paid donations; the last date and statuses cover all. */
export function donorSummaryCsvLine(s: TDonorSummaryRow, dayOf: (instant: Date | string) => string): string {
  return csvLine([
    s.name || 'Anonymous',
    s.email,
    csvAmount(s.paidCents),
    String(s.paidCount),
    csvAmount(s.paidCount === 0 ? 0 : Math.round(s.paidCents / s.paidCount)),
    dayOf(s.lastAt),
    statusSummary(s.statusCounts),
  ]);
}
