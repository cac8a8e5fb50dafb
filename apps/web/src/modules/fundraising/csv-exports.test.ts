// @vitest-environment jsdom
import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  donationsCsv,
  donationsFileName,
  donorSummaryCsv,
  donorSummaryFileName,
  downloadCsv,
  localDay,
} from './csv-exports';
import { donation } from './detail/campaign-fixtures';

const TZ = 'America/Chicago';
const parse = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

afterEach(() => vi.restoreAllMocks());

describe('donations CSV', () => {
  it('has the spec’s columns and one line per donation, dated on the organization’s calendar', () => {
    const rows = parse(
      donationsCsv(
        [
          donation({ playerName: 'Alex Rivera', createdAt: '2026-03-06T03:00:00.000Z' }),
          donation({
            id: 'd2',
            status: 'pending',
            amountCents: 2_550,
            donorName: null,
            donorEmail: null,
            stripePaymentIntentId: null,
          }),
        ],
        TZ,
      ),
    );
    expect(rows[0]).toEqual([
      'Date',
      'Donor Name',
      'Donor Email',
      'Amount',
      'Status',
      'Player Name',
      'Stripe Payment ID',
      'Donation ID',
    ]);
    // 03:00 UTC on the 6th is still the 5th in Chicago.
    expect(rows[1]).toEqual([
      '2026-03-05',
      'Maria Rivera',
      'maria@example.org',
      '50.00',
      'paid',
      'Alex Rivera',
      'pi_123',
      'd0000000-0000-4000-8000-000000000001',
    ]);
    expect(rows[2]).toEqual(['2026-03-05', '', '', '25.50', 'pending', '', '', 'd2']);
  });

  it('neutralises cells a spreadsheet would run as a formula, multi-line ones too', () => {
    const csv = donationsCsv(
      [
        donation({ donorName: '=HYPERLINK("http://evil")', donorEmail: '+1@x.org' }),
        donation({ donorName: '@SUM(A1)', donorEmail: '-x@y.org' }),
        donation({ donorName: '=1+1\nsecond line', donorEmail: '\tx@y.org' }),
      ],
      TZ,
    );
    const rows = parse(csv);
    expect(rows[1]?.slice(1, 3)).toEqual(['\'=HYPERLINK("http://evil")', "'+1@x.org"]);
    expect(rows[2]?.slice(1, 3)).toEqual(["'@SUM(A1)", "'-x@y.org"]);
    expect(rows[3]?.[1]).toBe("'=1+1\nsecond line");
    expect(rows[3]?.[2]).toBe("'\tx@y.org");
  });

  it('names the files by campaign and day', () => {
    expect(donationsFileName('abc', '2026-03-07')).toBe('donations-campaign-abc-2026-03-07.csv');
    expect(donorSummaryFileName('abc', '2026-03-07')).toBe('donor-summary-campaign-abc-2026-03-07.csv');
    expect(localDay('2026-03-07T04:59:00.000Z', TZ)).toBe('2026-03-06');
  });
});

describe('donor summary CSV', () => {
  it('groups by donor e-mail (any case), else contact, else anonymous; totals count paid only', () => {
    const rows = parse(
      donorSummaryCsv(
        [
          donation({
            id: '1',
            donorEmail: 'MARIA@example.org',
            amountCents: 10_000,
            createdAt: '2026-03-09T15:00:00Z',
          }),
          donation({ id: '2', donorEmail: 'maria@example.org', amountCents: 5_000, createdAt: '2026-03-02T15:00:00Z' }),
          donation({ id: '3', status: 'pending', amountCents: 9_900, createdAt: '2026-03-10T15:00:00Z' }),
          donation({ id: '4', donorName: 'Wei', donorEmail: null, contactId: 'contact-2', amountCents: 2_500 }),
          donation({ id: '5', donorName: null, donorEmail: null, contactId: null, amountCents: 1_000 }),
          donation({ id: '6', donorName: null, donorEmail: null, contactId: null, amountCents: 3_000 }),
        ],
        TZ,
      ),
    );
    expect(rows[0]).toEqual([
      'Donor Name',
      'Email',
      'Total Amount',
      'Number of Donations',
      'Average Donation',
      'Last Donation Date',
      'Status Summary',
    ]);
    expect(rows.slice(1)).toEqual([
      ['Maria Rivera', 'MARIA@example.org', '150.00', '2', '75.00', '2026-03-10', '2 paid, 1 pending'],
      ['Anonymous', '', '40.00', '2', '20.00', '2026-03-05', '2 paid'],
      ['Wei', '', '25.00', '1', '25.00', '2026-03-05', '1 paid'],
    ]);
  });
});

describe('downloadCsv', () => {
  it('hands the browser a UTF-8 file with the given name', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs.
    const create = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:x';
    });
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: create });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    downloadCsv('donations-campaign-abc-2026-03-07.csv', 'a,b');
    expect(names).toEqual(['donations-campaign-abc-2026-03-07.csv']);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () =>
        resolve(new Uint8Array(reader.result instanceof ArrayBuffer ? reader.result : new ArrayBuffer(0)));
      if (blobs[0]) reader.readAsArrayBuffer(blobs[0]);
    });
    // The UTF-8 byte-order mark, then the text.
    expect([...bytes]).toEqual([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62]);
  });
});
