// @vitest-environment jsdom

import type { TPriceListItem } from '@pennant/shared/catalogue/schemas';
import type { TEditorLine } from '@pennant/shared/quotes/rules';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { linesFromPriceSheet } from './PriceSheetImportDialog';
import { emptyLine, mergeImportedLines, QuoteLineEditor } from './QuoteLineEditor';
import { BANNER, GAME_DAY, SHOUTOUT } from './test-fixtures';

function Harness({ initial }: { initial?: TEditorLine[] }) {
  const [lines, setLines] = useState<TEditorLine[]>(() => initial ?? [emptyLine()]);
  return <QuoteLineEditor lines={lines} onChange={setLines} products={[BANNER, SHOUTOUT]} bundles={[GAME_DAY]} />;
}

const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const totals = () => screen.getByRole('region', { name: 'Quote totals' });
const yearOne = () => within(totals()).getByText('Year 1 total (includes setup fees)').nextElementSibling?.textContent;

afterEach(cleanup);

describe('QuoteLineEditor', () => {
  it('adds a linked setup-fee line for a product with a fee and drops it when the item changes', () => {
    render(<Harness />);
    expect(screen.queryByText('Setup fee')).toBeNull();

    choose('Item 1', `product:${BANNER.id}`);
    expect(screen.getByText('Setup fee')).toBeTruthy();
    expect(screen.getByLabelText('Setup fee for Outfield Banner')).toHaveProperty('value', '75.00');
    expect(screen.getByLabelText('Unit price 1')).toHaveProperty('value', '500.00');

    // The quantity carries to the setup-fee line.
    fireEvent.change(screen.getByLabelText('Quantity 1'), { target: { value: '2' } });
    expect(screen.getByText(/One-time setup fee for Outfield Banner/).textContent).toContain('× 2');

    choose('Item 1', `product:${SHOUTOUT.id}`);
    expect(screen.queryByText('Setup fee')).toBeNull();
    expect(screen.queryByLabelText('Setup fee for Outfield Banner')).toBeNull();
    expect(screen.getByLabelText('Unit price 1')).toHaveProperty('value', '300.00');
  });

  it('gives a bundle its package price and its products’ setup fees', () => {
    render(<Harness />);
    choose('Item 1', `bundle:${GAME_DAY.id}`);
    expect(screen.getByLabelText('Unit price 1')).toHaveProperty('value', '720.00');
    // Two banners' $75 setup fees.
    expect(screen.getByLabelText('Setup fee for Game Day Package')).toHaveProperty('value', '150.00');
    expect(yearOne()).toBe('$870');
  });

  it('never removes the last item line', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Add Line Item' }));
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(screen.queryByLabelText('Item 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toHaveProperty('disabled', true);

    // A setup-fee line does not count as an item line: with one item and its fee, the item stays.
    choose('Item 1', `product:${BANNER.id}`);
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove setup fee for Outfield Banner' }));
    expect(screen.queryByText('Setup fee')).toBeNull();
    expect(screen.getByLabelText('Item 1')).toBeTruthy();
  });

  it('adds up Year 1 with setup fees, in whole dollars, and the renewal without them', () => {
    render(<Harness />);
    expect(yearOne()).toBe('$0');
    choose('Item 1', `product:${BANNER.id}`);
    fireEvent.click(screen.getByRole('button', { name: 'Add Line Item' }));
    choose('Item 2', `product:${SHOUTOUT.id}`);
    fireEvent.change(screen.getByLabelText('Quantity 1'), { target: { value: '2' } });
    // 2 × ($500 + $75) + $300
    expect(yearOne()).toBe('$1,450');
    expect(totals().textContent).toContain('Annual renewal (without setup fees)$1,300');

    fireEvent.change(screen.getByLabelText('Unit price 2'), { target: { value: '250.50' } });
    expect(yearOne()).toBe('$1,401');
  });
});

describe('Import from Price Sheet lines', () => {
  const item = (over: Partial<TPriceListItem>): TPriceListItem => ({
    kind: 'product',
    id: BANNER.id,
    name: BANNER.name,
    displayPriceCents: 45_000,
    standardPriceCents: 50_000,
    ...over,
  });

  it('takes the sheet’s price and quantity and brings the setup-fee line along', () => {
    const lines = linesFromPriceSheet(
      [
        { item: item({}), priceCents: 45_000, qty: 3 },
        { item: item({ id: SHOUTOUT.id, name: SHOUTOUT.name }), priceCents: 30_000, qty: 1 },
      ],
      { products: [BANNER, SHOUTOUT], bundles: [] },
    );
    expect(lines.map(({ key: _key, ...l }) => l)).toEqual([
      { productId: BANNER.id, bundleId: null, qty: 3, unitPriceCents: 45_000, isSetupFee: false },
      { productId: BANNER.id, bundleId: null, qty: 3, unitPriceCents: 7_500, isSetupFee: true },
      { productId: SHOUTOUT.id, bundleId: null, qty: 1, unitPriceCents: 30_000, isSetupFee: false },
    ]);
  });

  it('replaces the empty rows and keeps the chosen ones', () => {
    const chosen: TEditorLine = { ...emptyLine(), productId: SHOUTOUT.id, unitPriceCents: 30_000 };
    const imported = linesFromPriceSheet([{ item: item({}), priceCents: 45_000, qty: 1 }], {
      products: [BANNER],
      bundles: [],
    });
    const merged = mergeImportedLines([chosen, emptyLine()], imported);
    expect(merged.map((l) => [l.productId, l.isSetupFee])).toEqual([
      [SHOUTOUT.id, false],
      [BANNER.id, false],
      [BANNER.id, true],
    ]);
  });
});
