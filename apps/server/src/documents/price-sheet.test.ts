import { bundleTotals } from '@pennant/shared/catalogue/rules';
import { formatMoney } from '@pennant/shared/money';
import { describe, expect, it } from 'vitest';
import { flat, pdfPages } from './fixtures/pdf-text';
import { samplePriceSheet } from './fixtures/sample-price-sheet';
import { pdfText } from './pdf-layout';
import { businessAddressLines, renderPriceSheet } from './price-sheet';

describe('price sheet renderer', () => {
  it('renders a one-page sheet with the organization, contacts, products, packages and savings', async () => {
    const data = samplePriceSheet(6, 2);
    const bytes = await renderPriceSheet(data);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const text = flat(pages[0] ?? '');
    expect(text).toContain('Spring Sponsorship Menu');
    expect(text).toContain('2026 season');
    expect(text).toContain('Riverside Youth Baseball Boosters');
    expect(text).toContain('sponsors@riversidebaseball.org');
    expect(text).toContain('treasurer@riversidebaseball.org');
    expect(text).toContain('PO Box 1428');
    expect(text).toContain('4100 Field Lane');
    expect(text).toContain('Generated March 3, 2026');
    expect(text).toContain('Page 1 of 1');
    for (const p of data.products) {
      expect(text).toContain(p.name);
      expect(text).toContain(formatMoney(p.displayPriceCents));
    }
    expect(text).toContain('Left field fence');
    for (const b of data.bundles) {
      expect(text).toContain(b.name);
      const totals = bundleTotals(b.items, b.displayPriceCents);
      expect(text).toContain(formatMoney(b.displayPriceCents));
      expect(text).toContain(formatMoney(totals.savingsCents));
      expect(text).toContain(`${totals.discountPercent}% off`);
      for (const i of b.items) expect(text).toContain(`${i.productName} × ${i.qty}`);
    }
  });

  it('flows a long list over pages: every row whole on one page, the header on each, Page n of N', async () => {
    const data = samplePriceSheet(120, 8);
    const pages = (await pdfPages(await renderPriceSheet(data))).map(flat);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('Generated March 3, 2026');
    });
    const productPages = new Set<number>();
    for (const p of data.products) {
      // Its row is on exactly one page (a package's 'Name × 2' is not its row), with its price.
      const row = new RegExp(`${p.name.replace(/[()#]/g, '\\$&')}(?!\\d| ×)`);
      const on = pages.flatMap((page, i) => (row.test(page) ? [i] : []));
      expect(on, p.name).toHaveLength(1);
      expect(pages[on[0] ?? -1]).toContain(formatMoney(p.displayPriceCents));
      productPages.add(on[0] ?? -1);
    }
    // Each page the products run onto has the table header again.
    expect(productPages.size).toBeGreaterThan(1);
    for (const i of productPages) expect(pages[i]).toContain('PRODUCT AD TYPE LOCATION SETUP FEE PRICE');
    expect(pages.slice(1).some((page) => page.includes('Sponsorship opportunities (continued)'))).toBe(true);
  });

  it('leaves out what a list or organization does not have', async () => {
    const data = samplePriceSheet(3, 0);
    const bytes = await renderPriceSheet({
      ...data,
      organization: {
        name: 'Plain Boosters',
        sponsorshipLeadEmail: null,
        treasurerEmail: null,
        remitToAddress: null,
        business: { street: null, city: null, state: null, zip: null },
      },
    });
    const text = flat((await pdfPages(bytes)).join(' '));
    expect(text).not.toContain('Packages');
    expect(text).not.toContain('SPONSORSHIP CONTACT');
    expect(text).not.toContain('REMIT PAYMENT TO');
    expect(text).toContain('Plain Boosters');
  });

  it('prints what the built-in fonts cannot draw as ?, never as a wrong glyph', () => {
    expect(pdfText('Café Über – “Menu” × 2 €5')).toBe('Café Über – “Menu” × 2 €5');
    expect(pdfText('Zażółć 🎉 球')).toBe('Za?ó?? ? ?');
    expect(pdfText('Line one\nLine two\tend')).toBe('Line one Line two end');
    expect(pdfText('Line one\r\nLine two', true)).toBe('Line one\nLine two');
  });

  it('writes the business address as street, then city, state and zip', () => {
    expect(businessAddressLines({ street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' })).toEqual([
      '1 Main St',
      'Springfield, IL 62701',
    ]);
    expect(businessAddressLines({ street: null, city: 'Springfield', state: null, zip: null })).toEqual([
      'Springfield',
    ]);
    expect(businessAddressLines({ street: ' ', city: null, state: null, zip: null })).toEqual([]);
  });
});
