import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  csvLine,
  DONATION_EXPORT_COLUMNS,
  DONOR_SUMMARY_COLUMNS,
  dayFormatter,
  donationCsvLine,
  donationsFileName,
  donorSummaryCsvLine,
  donorSummaryFileName,
  statusSummary,
  type TDonationExportRow,
} from './exports';

const dayOf = dayFormatter('America/Chicago');
const parse = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

const donation = (over: Partial<TDonationExportRow> = {}): TDonationExportRow => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  amountCents: 5_000,
  status: 'paid',
  createdAt: '2026-03-06T03:00:00.000Z',
  stripePaymentIntentId: 'pi_123',
  donorName: 'Maria Rivera',
  donorEmail: 'maria@example.org',
  playerName: 'Alex Rivera',
  ...over,
});

describe('donation exports', () => {
  it('has the spec’s columns and file names', () => {
    expect(parse(csvLine(DONATION_EXPORT_COLUMNS))[0]).toEqual([
      'Date',
      'Donor Name',
      'Donor Email',
      'Amount',
      'Status',
      'Player Name',
      'Stripe Payment ID',
      'Donation ID',
    ]);
    expect(parse(csvLine(DONOR_SUMMARY_COLUMNS))[0]).toEqual([
      'Donor Name',
      'Email',
      'Total Amount',
      'Number of Donations',
      'Average Donation',
      'Last Donation Date',
      'Status Summary',
    ]);
    expect(donationsFileName('abc', '2026-03-07')).toBe('donations-campaign-abc-2026-03-07.csv');
    expect(donorSummaryFileName('abc', '2026-03-07')).toBe('donor-summary-campaign-abc-2026-03-07.csv');
    expect(CSV_BOM).toBe('\uFEFF');
  });

  it('writes a donation dated on the calendar given, amounts in dollars, blanks for what is missing', () => {
    // 03:00 UTC on the 6th is still the 5th in Chicago.
    expect(parse(donationCsvLine(donation(), dayOf))[0]).toEqual([
      '2026-03-05',
      'Maria Rivera',
      'maria@example.org',
      '50.00',
      'paid',
      'Alex Rivera',
      'pi_123',
      'd0000000-0000-4000-8000-000000000001',
    ]);
    const bare = donation({
      id: 'd2',
      status: 'pending',
      amountCents: 2_550,
      donorName: null,
      donorEmail: null,
      playerName: null,
      stripePaymentIntentId: null,
      createdAt: new Date('2026-03-07T04:59:00.000Z'),
    });
    expect(donationCsvLine(bare, dayOf)).toBe('2026-03-06,,,25.50,pending,,,d2\r\n');
  });

  it('neutralises cells a spreadsheet would run as a formula, multi-line ones too', () => {
    const rows = parse(
      [
        donation({ donorName: '=HYPERLINK("http://evil")', donorEmail: '+1@x.org' }),
        donation({ donorName: '@SUM(A1)', donorEmail: '-x@y.org' }),
        donation({ donorName: '=1+1\nsecond line', donorEmail: '\tx@y.org' }),
      ]
        .map((d) => donationCsvLine(d, dayOf))
        .join(''),
    );
    expect(rows[0]?.slice(1, 3)).toEqual(['\'=HYPERLINK("http://evil")', "'+1@x.org"]);
    expect(rows[1]?.slice(1, 3)).toEqual(["'@SUM(A1)", "'-x@y.org"]);
    expect(rows[2]?.[1]).toBe("'=1+1\nsecond line");
    expect(rows[2]?.[2]).toBe("'\tx@y.org");
  });

  it('writes a donor: paid total, number and average; the last date and every status', () => {
    const line = donorSummaryCsvLine(
      {
        name: 'Maria Rivera',
        email: 'maria@example.org',
        paidCents: 15_001,
        paidCount: 2,
        lastAt: '2026-03-10T15:00:00Z',
        statusCounts: { pending: 1, paid: 2, failed: 0 },
      },
      dayOf,
    );
    expect(parse(line)[0]).toEqual([
      'Maria Rivera',
      'maria@example.org',
      '150.01',
      '2',
      '75.01',
      '2026-03-10',
      '2 paid, 1 pending',
    ]);
    const nobody = donorSummaryCsvLine(
      { name: null, email: null, paidCents: 0, paidCount: 0, lastAt: '2026-03-10T15:00:00Z', statusCounts: {} },
      dayOf,
    );
    expect(parse(nobody)[0]).toEqual(['Anonymous', '', '0.00', '0', '0.00', '2026-03-10', '']);
    expect(statusSummary({ refunded: 1, failed: 2, pending: 3, paid: 4 })).toBe(
      '4 paid, 3 pending, 2 failed, 1 refunded',
    );
  });
});
