// @vitest-environment jsdom
import { BILLING_MESSAGES } from '@pennant/shared/billing/schemas';
import type { TPlanReply } from '@pennant/shared/organization/schemas';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAN_KEY } from '@/components/plan/usePlan';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { BillingTab } from './BillingTab';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));

type TPlan = Pick<TPlanReply, 'planKey' | 'status' | 'expiresAt'>;

function renderTab(plan: TPlan = { planKey: 'free', status: null, expiresAt: null }) {
  const usage = { activeSponsors: 0, sponsorLimit: null, teamMembers: 1, pendingInvites: 0, teamLimit: null };
  const reply: TPlanReply = { ...plan, usage };
  const client = seededClient(['admin'], [[PLAN_KEY, reply]]);
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={['/dashboard/settings?tab=billing']}>
        <BillingTab />
      </MemoryRouter>,
    ),
  );
}

function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastError.mockReset();
});

describe('BillingTab', () => {
  it('starts a monthly checkout and sends the browser to its url', async () => {
    const assign = stubAssign();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ url: 'https://checkout.example/cs_1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: /Upgrade Monthly/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/billing/checkout');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ planKey: 'premium_month' });
  });

  it('starts a yearly checkout with premium_year', async () => {
    const assign = stubAssign();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ url: 'https://checkout.example/cs_2' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: /Upgrade Yearly/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_2'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ planKey: 'premium_year' });
  });

  it("toasts 'Checkout Error' with the server's message when the checkout fails", async () => {
    const assign = stubAssign();
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'bad_gateway', message: BILLING_MESSAGES.noCheckoutUrl } }, { status: 502 }),
    );
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: /Upgrade Monthly/ }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(BILLING_MESSAGES.checkoutErrorTitle, {
        description: BILLING_MESSAGES.noCheckoutUrl,
      }),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('opens the billing portal from Manage Subscription', async () => {
    const assign = stubAssign();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ url: 'https://portal.example/p_1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderTab({ planKey: 'premium_month', status: 'active', expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(screen.queryByRole('button', { name: /Upgrade Monthly/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://portal.example/p_1'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/billing/portal');
    expect(screen.queryByText(/Billing system upgrade in progress/)).toBeNull();
  });

  it("toasts 'Failed to open billing portal' when the portal cannot open", async () => {
    const assign = stubAssign();
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'conflict', message: 'No subscription' } }, { status: 409 }),
    );
    renderTab({ planKey: 'premium_month', status: 'past_due', expiresAt: null });
    fireEvent.click(screen.getByRole('button', { name: 'Resolve Now' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(BILLING_MESSAGES.portalFailed, {
        description: BILLING_MESSAGES.noCustomer,
      }),
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
