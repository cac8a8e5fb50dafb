// @vitest-environment jsdom
import { CATALOGUE_MESSAGES, type TBundleList, type TProduct } from '@pennant/shared/catalogue/schemas';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueKeys } from '../catalogue-api';
import { seededClient, stubResizeObserver, withClient } from '../test-helpers';
import { PriceListDrawer } from './PriceListDrawer';

const BANNER: TProduct = {
  id: '7a1c0000-0000-4000-8000-000000000001',
  name: 'Outfield Banner',
  masterTypeId: '7a1c0000-0000-4000-8000-0000000000a1',
  adTypeLabel: 'Banner',
  adTypeIsCustom: false,
  recurringPriceCents: 50_000,
  setupFeeCents: 7_500,
  shareType: 'none',
  shareValue: 0,
  isLimited: false,
  locationText: null,
  seasonLabel: '2026',
  updatedAt: '2026-01-05T10:00:00.000Z',
  hasActiveQuotes: false,
};
const BUNDLES: TBundleList = {
  bundles: [
    {
      id: '7a1c0000-0000-4000-8000-0000000000b1',
      name: 'Game Day Package',
      seasonLabel: '2026',
      packagePriceCents: 90_000,
      items: [],
      updatedAt: '2026-01-05T10:00:00.000Z',
    },
  ],
  currentSeason: '2026',
  nextSeason: '2027',
};

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PriceListDrawer', () => {
  it('needs one item, starts each at its default price in dollars and sends cents', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json(
        {
          id: '7a1c0000-0000-4000-8000-0000000000c1',
          name: 'Spring Menu',
          seasonLabel: '2026',
          createdAt: '2026-01-05T10:00:00.000Z',
          items: [],
        },
        { status: 201 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = seededClient(
      ['sponsorship_lead'],
      [
        [catalogueKeys.products, [BANNER]],
        [catalogueKeys.bundles('all'), BUNDLES],
      ],
    );
    render(withClient(client, <PriceListDrawer open onOpenChange={() => undefined} priceList={null} />));

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Spring Menu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Price List' }));
    expect(await screen.findByText(CATALOGUE_MESSAGES.priceListItems)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Outfield Banner' }));
    const bannerPrice = screen.getByLabelText('Display price for Outfield Banner') as HTMLInputElement;
    expect(bannerPrice.value).toBe('500.00');
    fireEvent.change(bannerPrice, { target: { value: '450' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Game Day Package' }));
    expect((screen.getByLabelText('Display price for Game Day Package') as HTMLInputElement).value).toBe('900.00');

    fireEvent.click(screen.getByRole('button', { name: 'Create Price List' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/price-lists');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Spring Menu',
      seasonLabel: '2026',
      items: [
        { kind: 'product', id: BANNER.id, displayPriceCents: 45_000 },
        { kind: 'bundle', id: BUNDLES.bundles[0]?.id, displayPriceCents: 90_000 },
      ],
    });
  });
});
