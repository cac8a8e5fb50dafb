import { formatMoney } from '@pennant/shared/money';
import { describe, expect, it } from 'vitest';
import { flat, pdfPages } from './fixtures/pdf-text';
import { renderQuote, type TQuoteDocumentData } from './quote';

function sampleQuote(overrides: Partial<TQuoteDocumentData> = {}): TQuoteDocumentData {
  return {
    organization: {
      name: 'Riverside Youth Baseball Boosters',
      remitToAddress: 'Riverside Boosters\nPO Box 1428\nRiverside, CA 92502',
      business: { street: '4100 Field Lane', city: 'Riverside', state: 'CA', zip: '92501' },
    },
    sender: { name: 'Dana Coach', email: 'sponsors@riversidebaseball.org' },
    company: { name: 'Acme Hardware' },
    contact: { name: 'Jane Doe', email: 'jane@acme.example' },
    quote: {
      number: 'Quote #1A2B3C',
      createdAt: new Date('2026-03-01T15:00:00Z'),
      sentAt: new Date('2026-03-03T15:00:00Z'),
      validUntil: new Date('2026-04-02T15:00:00Z'),
      notes: 'Banners go up before opening day.',
    },
    lines: [
      { itemName: 'Outfield Banner', qty: 2, unitPriceCents: 50_000, isSetupFee: false },
      { itemName: 'Outfield Banner (setup fee)', qty: 2, unitPriceCents: 7_500, isSetupFee: true },
      { itemName: 'Program Ad — Half Page', qty: 1, unitPriceCents: 20_000, isSetupFee: false },
    ],
    yearOneCents: 135_000,
    renewalCents: 120_000,
    generatedAt: new Date('2026-03-03T15:00:00Z'),
    timeZone: 'America/Los_Angeles',
    ...overrides,
  };
}

describe('quote renderer', () => {
  it('prints the organization, the company and contact, the lines with setup fees, both totals and the validity', async () => {
    const bytes = await renderQuote(sampleQuote());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const text = flat(pages[0] ?? '');
    for (const expected of [
      'Riverside Youth Baseball Boosters',
      'Sponsorship Proposal',
      'Quote #1A2B3C',
      'Prepared for Acme Hardware',
      'Jane Doe',
      'jane@acme.example',
      'Dana Coach',
      'sponsors@riversidebaseball.org',
      'Outfield Banner',
      'Outfield Banner (setup fee)',
      'One-time setup fee (first year only)',
      'Program Ad — Half Page',
      formatMoney(50_000),
      formatMoney(100_000),
      formatMoney(7_500),
      formatMoney(15_000),
      formatMoney(20_000),
      'Year 1 total',
      formatMoney(135_000),
      'Annual renewal total',
      formatMoney(120_000),
      'Valid until: April 2, 2026',
      'This quote is valid until April 2, 2026.',
      'Date: March 3, 2026',
      'Banners go up before opening day.',
      'REMIT PAYMENT TO',
      'PO Box 1428',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('reads as a draft without a validity date, and remits to the business address without a remit-to one', async () => {
    const data = sampleQuote({
      quote: {
        number: 'Quote #FFFFFF',
        createdAt: new Date('2026-03-01T15:00:00Z'),
        sentAt: null,
        validUntil: null,
        notes: null,
      },
      contact: null,
    });
    data.organization.remitToAddress = null;
    const text = flat((await pdfPages(await renderQuote(data))).join(' '));
    expect(text).toContain('Valid until: 30 days from the date it is sent');
    expect(text).toContain('Date: March 1, 2026');
    expect(text).toContain('4100 Field Lane');
    expect(text).toContain('Riverside, CA 92501');
    expect(text).not.toContain('Notes');
  });

  it('flows many lines over pages, each numbered of the total, the totals after the last line', async () => {
    const lines = Array.from({ length: 80 }, (_, i) => ({
      itemName: `Fence Panel ${String(i + 1).padStart(2, '0')}`,
      qty: 1,
      unitPriceCents: 10_000 + i,
      isSetupFee: false,
    }));
    const total = lines.reduce((sum, l) => sum + l.unitPriceCents, 0);
    const pages = (
      await pdfPages(await renderQuote(sampleQuote({ lines, yearOneCents: total, renewalCents: total })))
    ).map(flat);
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    const all = pages.join(' ');
    for (const l of lines) expect(all.split(l.itemName).length - 1, l.itemName).toBe(1);
    expect(all.indexOf('Year 1 total')).toBeGreaterThan(all.indexOf('Fence Panel 80'));
    expect(all).toContain(formatMoney(total));
  });
});
