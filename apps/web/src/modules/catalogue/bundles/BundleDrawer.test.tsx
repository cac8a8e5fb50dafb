// @vitest-environment jsdom
import { bundleMinimumMessage } from '@pennant/shared/catalogue/rules';
import type { TBundle, TProduct } from '@pennant/shared/catalogue/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueKeys } from '../catalogue-api';
import { seededClient, withClient } from '../test-helpers';
import { BundleDrawer } from './BundleDrawer';

const product = (over: Partial<TProduct>): TProduct => ({
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
  ...over,
});
const BANNER = product({});
const SHOUTOUT = product({
  id: '7a1c0000-0000-4000-8000-000000000002',
  name: 'PA Shout-Out',
  recurringPriceCents: 30_000,
  setupFeeCents: null,
});

function renderDrawer(opts: { roles?: TRole[]; bundle?: TBundle | null } = {}) {
  const client = seededClient(opts.roles ?? ['sponsorship_lead'], [[catalogueKeys.products, [BANNER, SHOUTOUT]]]);
  render(withClient(client, <BundleDrawer open onOpenChange={() => undefined} bundle={opts.bundle ?? null} />));
}

const submit = () => screen.getByRole('button', { name: 'Create Bundle' });
const setPackagePrice = (dollars: string) =>
  fireEvent.change(screen.getByLabelText('Package Price'), { target: { value: dollars } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BundleDrawer', () => {
  it('shows the minimum message and keeps submit disabled until the total quantity is 2', () => {
    renderDrawer();
    expect(screen.getByRole('dialog', { name: 'Add New Bundle' })).toBeTruthy();
    expect(screen.getByText(bundleMinimumMessage(0))).toBeTruthy();
    expect(submit()).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByLabelText('Product 1'), { target: { value: BANNER.id } });
    expect(screen.getByText('Total quantity must be at least 2 to create a bundle (1/2 selected)')).toBeTruthy();
    expect(submit()).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByLabelText('Quantity 1'), { target: { value: '2' } });
    expect(screen.queryByText(/Total quantity must be at least 2/)).toBeNull();
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('adds up the individual total and setup fees, and shows the discount and the high discount warning', () => {
    renderDrawer();
    fireEvent.change(screen.getByLabelText('Product 1'), { target: { value: BANNER.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    fireEvent.change(screen.getByLabelText('Product 2'), { target: { value: SHOUTOUT.id } });
    const totals = screen.getByRole('region', { name: 'Bundle totals' });
    // $500 + $300 bought one by one; one $75 setup fee.
    expect(totals.textContent).toContain('$800.00');
    expect(totals.textContent).toContain('$75.00');
    expect(totals.textContent).not.toContain('Discount');

    setPackagePrice('720');
    expect(totals.textContent).toContain('10% ($80.00 off)');
    expect(screen.queryByText('High Discount Warning')).toBeNull();

    setPackagePrice('560');
    expect(totals.textContent).toContain('30% ($240.00 off)');
    expect(screen.queryByText('High Discount Warning')).toBeNull();

    setPackagePrice('500');
    expect(totals.textContent).toContain('38% ($300.00 off)');
    expect(screen.getByText('High Discount Warning')).toBeTruthy();

    // At or above the individual total there is no discount at all.
    setPackagePrice('800');
    expect(totals.textContent).not.toContain('Discount');
    expect(screen.queryByText('High Discount Warning')).toBeNull();
  });

  it('never removes the last item row', () => {
    renderDrawer();
    expect(screen.getByRole('button', { name: 'Remove product 1' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByRole('button', { name: 'Remove product 1' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove product 2' }));
    expect(screen.queryByLabelText('Product 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove product 1' })).toHaveProperty('disabled', true);
  });

  it('sends the bundle in cents with its items', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      Response.json(
        {
          id: '7a1c0000-0000-4000-8000-0000000000b1',
          name: 'Game Day Package',
          seasonLabel: '2026',
          packagePriceCents: 72_000,
          items: [],
          updatedAt: '2026-01-05T10:00:00.000Z',
          body: init?.body,
        },
        { status: 201 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderDrawer();
    fireEvent.change(screen.getByLabelText('Bundle Name'), { target: { value: 'Game Day Package' } });
    fireEvent.change(screen.getByLabelText('Product 1'), { target: { value: BANNER.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    fireEvent.change(screen.getByLabelText('Product 2'), { target: { value: SHOUTOUT.id } });
    setPackagePrice('720');
    fireEvent.click(submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/bundles');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Game Day Package',
      seasonLabel: '2026',
      packagePriceCents: 72_000,
      items: [
        { productId: BANNER.id, qty: 1 },
        { productId: SHOUTOUT.id, qty: 1 },
      ],
    });
  });

  it('a read-only member cannot change anything', () => {
    renderDrawer({ roles: ['read_only'] });
    expect(screen.getByText('You do not have permission to add bundles')).toBeTruthy();
    expect(screen.getByLabelText('Bundle Name')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Package Price')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add Product' })).toHaveProperty('disabled', true);
  });
});
