import { CSV_FORMULA_START } from '@pennant/shared/csv';
import { donorKey } from '@pennant/shared/fundraising/rules';
import type { TDonationRow } from '@pennant/shared/fundraising/schemas';
import Papa from 'papaparse';

/**
 * The Donation Details exports (spec 002 §7.3), made in the browser, with formula starts defused
 * (CSV_FORMULA_START: a donor names themselves, so the text is not ours). papaparse's own pattern
 * misses a multi-line cell (its '.*$' stops at the first newline); the shared one does not.
 */

export const DONATION_COLUMNS = [
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

function toCsv(fields: readonly string[], data: string[][]): string {
  return Papa.unparse({ fields: [...fields], data }, { escapeFormulae: CSV_FORMULA_START, newline: '\r\n' });
}

/** Cents as a plain amount a spreadsheet sums ('1250.50'), no currency sign. */
const amount = (cents: number) => (cents / 100).toFixed(2);

/** An instant as the organization's calendar day, YYYY-MM-DD. */
export function localDay(instant: string | Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}

export const donationsFileName = (campaignId: string, day: string) => `donations-campaign-${campaignId}-${day}.csv`;
export const donorSummaryFileName = (campaignId: string, day: string) =>
  `donor-summary-campaign-${campaignId}-${day}.csv`;

/** One line per donation, as listed (newest first). */
export function donationsCsv(donations: readonly TDonationRow[], timeZone: string): string {
  return toCsv(
    DONATION_COLUMNS,
    donations.map((d) => [
      localDay(d.createdAt, timeZone),
      d.donorName ?? '',
      d.donorEmail ?? '',
      amount(d.amountCents),
      d.status,
      d.playerName ?? '',
      d.stripePaymentIntentId ?? '',
      d.id,
    ]),
  );
}

interface TDonorSummary {
  name: string;
  email: string;
  paidCents: number;
  paidCount: number;
  lastAt: string;
  statuses: Map<string, number>;
}

/**
 * One line per donor, keyed by the donor rule (e-mail, else contact, else anonymous, §9). Only
 * paid donations count toward the total, the number and the average (§9); the last date and the
 * status summary ('2 paid, 1 pending') cover every donation listed. Largest total first.
 */
export function donorSummaryCsv(donations: readonly TDonationRow[], timeZone: string): string {
  const donors = new Map<string, TDonorSummary>();
  for (const d of donations) {
    const key = donorKey(d);
    let s = donors.get(key);
    if (!s) {
      s = { name: '', email: '', paidCents: 0, paidCount: 0, lastAt: d.createdAt, statuses: new Map() };
      donors.set(key, s);
    }
    // The list is newest first, so the first name and e-mail seen are the donor's latest.
    if (!s.name && d.donorName) s.name = d.donorName;
    if (!s.email && d.donorEmail) s.email = d.donorEmail;
    if (d.status === 'paid') {
      s.paidCents += d.amountCents;
      s.paidCount += 1;
    }
    if (new Date(d.createdAt).getTime() > new Date(s.lastAt).getTime()) s.lastAt = d.createdAt;
    s.statuses.set(d.status, (s.statuses.get(d.status) ?? 0) + 1);
  }
  const rows = [...donors.values()].sort((a, b) => b.paidCents - a.paidCents || a.name.localeCompare(b.name));
  return toCsv(
    DONOR_SUMMARY_COLUMNS,
    rows.map((s) => [
      s.name || 'Anonymous',
      s.email,
      amount(s.paidCents),
      String(s.paidCount),
      amount(s.paidCount === 0 ? 0 : Math.round(s.paidCents / s.paidCount)),
      localDay(s.lastAt, timeZone),
      [...s.statuses].map(([status, n]) => `${n} ${status}`).join(', '),
    ]),
  );
}

/**
 * Hands the text to the browser as a file. The byte-order mark makes spreadsheet programs read
 * the names as UTF-8 (accents, not mojibake).
 */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
