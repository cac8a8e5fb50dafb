// @vitest-environment jsdom
import { CATALOGUE_MESSAGES, type TProduct } from '@pennant/shared/catalogue/schemas';
import type { TAdType } from '@pennant/shared/onboarding/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueKeys } from '../catalogue-api';
import { seededClient, stubResizeObserver, withClient } from '../test-helpers';
import { ProductDrawer } from './ProductDrawer';

const BANNER_TYPE: TAdType = {
  id: '7a1c0000-0000-4000-8000-0000000000a1',
  slug: 'outfield-banner',
  label: 'Outfield Banner',
  isCustom: false,
};
const SCOREBOARD_TYPE: TAdType = {
  id: '7a1c0000-0000-4000-8000-0000000000a2',
  slug: 'scoreboard-sign',
  label: 'Scoreboard Sign',
  isCustom: true,
};
const PRODUCT: TProduct = {
  id: '7a1c0000-0000-4000-8000-000000000001',
  name: 'Left Field Banner',
  masterTypeId: BANNER_TYPE.id,
  adTypeLabel: BANNER_TYPE.label,
  adTypeIsCustom: false,
  recurringPriceCents: 50_000,
  setupFeeCents: 7_500,
  shareType: 'percent',
  shareValue: 10,
  isLimited: true,
  locationText: 'Left field fence',
  seasonLabel: '2026',
  updatedAt: '2026-01-05T10:00:00.000Z',
  hasActiveQuotes: false,
};

function renderDrawer(opts: { roles?: TRole[]; product?: TProduct | null } = {}) {
  const client = seededClient(opts.roles ?? ['admin'], [[catalogueKeys.adTypes, [BANNER_TYPE, SCOREBOARD_TYPE]]]);
  render(withClient(client, <ProductDrawer open onOpenChange={() => undefined} product={opts.product ?? null} />));
}

/** Captures the product the drawer sends and answers it as created. */
function captureSave() {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(PRODUCT, { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
  return async () => {
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    return { url, method: init?.method, body: JSON.parse(String(init?.body)) as Record<string, unknown> };
  };
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProductDrawer', () => {
  it('resets the share value to 0 when the share type is None', async () => {
    const saved = captureSave();
    renderDrawer();
    expect(screen.getByRole('dialog', { name: 'Add New Product' })).toBeTruthy();
    change('Product Name', 'Outfield Banner');
    change('Ad Type', BANNER_TYPE.id);
    change('Share Type', 'percent');
    change('Share Percentage', '15');
    change('Share Type', 'none');
    expect(screen.queryByLabelText('Share Percentage')).toBeNull();
    // Coming back to a share starts blank, not with the old value.
    change('Share Type', 'fixed');
    expect((screen.getByLabelText('Share Amount') as HTMLInputElement).value).toBe('');
    change('Share Type', 'none');

    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const { url, method, body } = await saved();
    expect(url).toBe('/api/products');
    expect(method).toBe('POST');
    expect(body.shareType).toBe('none');
    expect(body.shareValue).toBe(0);
  });

  it('refuses a percentage outside 1 to 100', async () => {
    renderDrawer();
    change('Product Name', 'Outfield Banner');
    change('Ad Type', BANNER_TYPE.id);
    change('Share Type', 'percent');
    change('Share Percentage', '120');
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(CATALOGUE_MESSAGES.percent)).toBeTruthy();
  });

  it('shows the location only for a limited slot and clears it when the slot is no longer limited', async () => {
    const saved = captureSave();
    renderDrawer();
    expect(screen.queryByLabelText('Location')).toBeNull();
    const limited = screen.getByRole('checkbox', { name: /Limited slot/ });
    fireEvent.click(limited);
    change('Location', 'Left field fence');
    expect(screen.getByLabelText('Location')).toHaveProperty('maxLength', 50);
    fireEvent.click(limited);
    expect(screen.queryByLabelText('Location')).toBeNull();
    fireEvent.click(limited);
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('');
    fireEvent.click(limited);

    change('Product Name', 'Outfield Banner');
    change('Ad Type', BANNER_TYPE.id);
    change('Recurring Price', '500');
    change('Setup Fee', '75.5');
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const { body } = await saved();
    expect(body).toMatchObject({
      isLimited: false,
      locationText: null,
      recurringPriceCents: 50_000,
      setupFeeCents: 7_550,
      seasonLabel: '2026',
    });
  });

  it('disables the price fields, the share and the limited slot for a read-only member', () => {
    renderDrawer({ roles: ['read_only'] });
    expect(screen.getByText('You do not have permission to add products')).toBeTruthy();
    for (const label of ['Recurring Price', 'Setup Fee', 'Share Type', 'Product Name']) {
      expect(screen.getByLabelText(label)).toHaveProperty('disabled', true);
    }
    expect(screen.getByRole('checkbox', { name: /Limited slot/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add Product' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: /Create a custom type/ })).toBeNull();
  });

  it('edits a product with its values in dollars and warns when it is on active quotes', async () => {
    const saved = captureSave();
    renderDrawer({ product: { ...PRODUCT, hasActiveQuotes: true } });
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeTruthy();
    expect(screen.getByText(CATALOGUE_MESSAGES.activeQuoteWarning)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Recurring Price') as HTMLInputElement).value).toBe('500.00'));
    expect((screen.getByLabelText('Setup Fee') as HTMLInputElement).value).toBe('75.00');
    expect((screen.getByLabelText('Share Percentage') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('Left field fence');
    change('Recurring Price', '550');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const { url, method, body } = await saved();
    expect(url).toBe(`/api/products/${PRODUCT.id}`);
    expect(method).toBe('PUT');
    expect(body).toMatchObject({ recurringPriceCents: 55_000, shareType: 'percent', shareValue: 10 });
  });

  it('marks a custom ad type and adds a new one with its slug shown', async () => {
    const created: TAdType = {
      id: '7a1c0000-0000-4000-8000-0000000000a3',
      slug: 'dugout-sign',
      label: 'Dugout Sign',
      isCustom: true,
    };
    const fetchMock = vi.fn(async () => Response.json(created, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    renderDrawer();
    change('Ad Type', SCOREBOARD_TYPE.id);
    expect(screen.getByText('Custom')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Create a custom type/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Type' }));
    expect(screen.getByText(CATALOGUE_MESSAGES.labelRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    change('Custom Type Label', 'Dugout Sign!');
    expect(screen.getByText('dugout-sign')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Type' }));
    await waitFor(() => expect((screen.getByLabelText('Ad Type') as HTMLSelectElement).value).toBe(created.id));
  });
});
