import { formatMoney } from '@pennant/shared/money';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { flat, pdfPages } from './fixtures/pdf-text';
import { MANUAL_PAYMENT_INSTRUCTIONS, renderInvoicePdf, type TInvoicePdfData } from './invoice';

const ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PAY_URL = 'https://invoice.stripe.com/i/acct_123/test_abc';

function sampleInvoice(overrides: Partial<TInvoicePdfData['invoice']> = {}): TInvoicePdfData {
  return {
    organization: {
      name: 'Riverside Youth Baseball Boosters',
      ein: '12-3456789',
      remitToAddress: 'Riverside Boosters\nPO Box 1428\nRiverside, CA 92502',
      business: { street: '4100 Field Lane', city: 'Riverside', state: 'CA', zip: '92501' },
    },
    invoice: {
      id: ID,
      status: 'sent',
      type: 'manual',
      issuedAt: new Date('2026-03-03T15:00:00Z'),
      dueDate: '2026-04-02',
      paidAt: null,
      hostedUrl: null,
      memo: 'Spring season sponsorship, first installment.',
      remitToInfo: 'Riverside Boosters Treasurer\nPO Box 77\nRiverside, CA 92502',
      ...overrides,
    },
    company: { name: 'Acme Hardware', addressLines: ['12 Main Street', 'Riverside, CA'] },
    contact: { name: 'Jane Doe', email: 'jane@acme.example' },
    lines: [
      { description: 'Outfield Banner', quantity: 2, unitPriceCents: 50_000, totalCents: 100_000 },
      { description: 'Program Ad — Half Page', quantity: 1, unitPriceCents: 25_000, totalCents: 25_000 },
    ],
    totalCents: 125_000,
    generatedAt: new Date('2026-03-03T15:00:00Z'),
    timeZone: 'America/Los_Angeles',
  };
}

/** The link annotations' targets on each page. */
async function linkTargets(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const urls: string[] = [];
  for (let i = 1; i <= pdf.numPages; i += 1) {
    const annotations: { subtype?: string; url?: string }[] = await (await pdf.getPage(i)).getAnnotations();
    for (const a of annotations) if (a.subtype === 'Link' && a.url) urls.push(a.url);
  }
  return urls;
}

describe('invoice renderer', () => {
  it('prints the organization, the number and dates, bill-to, remit-to with the EIN, the lines, total and memo', async () => {
    const bytes = await renderInvoicePdf(sampleInvoice());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const text = flat(pages[0] ?? '');
    for (const expected of [
      'Riverside Youth Baseball Boosters',
      'INVOICE',
      'INVOICE #1A2B3C4D',
      'Acme Hardware · Due April 2, 2026',
      'Invoice #: 1A2B3C4D',
      'Issue date: March 3, 2026',
      'Due date: April 2, 2026',
      'BILL TO',
      'Acme Hardware',
      'Attn: Jane Doe',
      'jane@acme.example',
      'REMIT TO',
      'Riverside Boosters Treasurer',
      'PO Box 77',
      'EIN: 12-3456789',
      'DESCRIPTION',
      'UNIT PRICE',
      'Outfield Banner',
      'Program Ad — Half Page',
      formatMoney(50_000),
      formatMoney(100_000),
      formatMoney(25_000),
      'Total',
      '$1,250.00',
      'Amount due: $1,250.00',
      'Spring season sponsorship, first installment.',
      MANUAL_PAYMENT_INSTRUCTIONS,
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    // The invoice's own remit-to wins over the organization's.
    expect(text).not.toContain('PO Box 1428');
    expect(text).not.toContain('PAID');
    expect(await linkTargets(bytes)).toEqual([]);
  });

  it('gives a card invoice a clickable Pay online link instead of the manual instructions', async () => {
    const bytes = await renderInvoicePdf(sampleInvoice({ type: 'stripe', hostedUrl: PAY_URL }));
    const text = flat((await pdfPages(bytes)).join(' '));
    expect(text).toContain(`Pay online: ${PAY_URL}`);
    expect(text).not.toContain(MANUAL_PAYMENT_INSTRUCTIONS);
    expect(await linkTargets(bytes)).toContain(PAY_URL);
  });

  it('stamps a paid invoice PAID with its date and a void one VOID; neither asks for payment', async () => {
    const paid = flat(
      (
        await pdfPages(
          await renderInvoicePdf(sampleInvoice({ status: 'paid', paidAt: new Date('2026-03-20T18:00:00Z') })),
        )
      ).join(' '),
    );
    expect(paid).toContain('PAID March 20, 2026');
    expect(paid).not.toContain('Amount due');
    expect(paid).not.toContain(MANUAL_PAYMENT_INSTRUCTIONS);

    const voided = flat((await pdfPages(await renderInvoicePdf(sampleInvoice({ status: 'void' })))).join(' '));
    expect(voided).toContain('VOID');
    expect(voided).toContain('No payment is due.');
    expect(voided).not.toContain(MANUAL_PAYMENT_INSTRUCTIONS);
  });

  it('remits to the organization’s address without remit-to info, and leaves out an EIN it does not have', async () => {
    const data = sampleInvoice({ remitToInfo: null, memo: null });
    data.organization.ein = null;
    const text = flat((await pdfPages(await renderInvoicePdf(data))).join(' '));
    expect(text).toContain('PO Box 1428');
    expect(text).not.toContain('EIN');
    expect(text).not.toContain('MEMO');
  });

  it('flows a 60-line invoice over pages, each line once, numbered of the total, the total after the last line', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      description: `Fence Panel ${String(i + 1).padStart(2, '0')}`,
      quantity: 1,
      unitPriceCents: 10_000 + i,
      totalCents: 10_000 + i,
    }));
    const total = lines.reduce((sum, l) => sum + l.totalCents, 0);
    const data = { ...sampleInvoice(), lines, totalCents: total };
    const pages = (await pdfPages(await renderInvoicePdf(data))).map(flat);
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    const all = pages.join(' ');
    for (const l of lines) expect(all.split(l.description).length - 1, l.description).toBe(1);
    expect(all).toContain('Items (continued)');
    expect(all.lastIndexOf(formatMoney(total))).toBeGreaterThan(all.indexOf('Fence Panel 60'));
  });
});
