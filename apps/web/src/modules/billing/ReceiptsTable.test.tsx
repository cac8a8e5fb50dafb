// @vitest-environment jsdom
import { BILLING_MESSAGES, type TReceipt } from '@pennant/shared/billing/schemas';
import type { TPlanReply } from '@pennant/shared/organization/schemas';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAN_KEY } from '@/components/plan/usePlan';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { billingKeys } from './billing-api';
import { ReceiptsPage } from './ReceiptsPage';
import { ReceiptsTable } from './ReceiptsTable';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const RECEIPTS: TReceipt[] = [
  {
    id: 'b1000000-0000-4000-8000-000000000001',
    paidAt: '2026-03-15T18:00:00.000Z',
    amountPaidCents: 999,
    hostedUrl: 'https://invoice.example/in_1',
    hasPdf: true,
  },
  {
    id: 'b1000000-0000-4000-8000-000000000002',
    paidAt: '2026-02-15T18:00:00.000Z',
    amountPaidCents: 9999,
    hostedUrl: null,
    hasPdf: false,
  },
];

const usage = { activeSponsors: 0, sponsorLimit: null, teamMembers: 1, pendingInvites: 0, teamLimit: null };

function renderUi(ui: ReactNode, data: [readonly unknown[], unknown][] = []) {
  const client = seededClient(['admin'], data);
  render(withClient(client, <MemoryRouter>{ui}</MemoryRouter>));
}

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReceiptsTable', () => {
  it('lists date, amount and the actions each receipt has', () => {
    renderUi(<ReceiptsTable receipts={RECEIPTS} />);
    const table = screen.getByRole('table', { name: 'Receipts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Amount', 'Action']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByText('Mar 15, 2026')).toBeTruthy();
    expect(within(first).getByText('$9.99')).toBeTruthy();
    const view = within(first).getByRole('link', { name: /View Online/ });
    expect(view.getAttribute('href')).toBe('https://invoice.example/in_1');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(within(first).getByRole('button', { name: /Download PDF/ })).toBeTruthy();
    expect(within(second).getByText('$99.99')).toBeTruthy();
    expect(within(second).queryByRole('link')).toBeNull();
    expect(within(second).queryByRole('button')).toBeNull();
  });

  it("says 'No receipts found' when there are none", () => {
    renderUi(<ReceiptsTable receipts={[]} />);
    expect(screen.getByText(BILLING_MESSAGES.noReceipts)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks for the PDF link and opens it in a new tab', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ url: 'https://files.example/r.pdf', fileName: 'r.pdf', expiresAt: '2099-01-01T00:00:00.000Z' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderUi(<ReceiptsTable receipts={RECEIPTS} />);
    fireEvent.click(screen.getByRole('button', { name: /Download PDF/ }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://files.example/r.pdf', '_blank', 'noopener,noreferrer'),
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/billing/receipts/${RECEIPTS[0]?.id}/pdf`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });
});

describe('ReceiptsPage', () => {
  it('lists the receipts of an active Premium organization', () => {
    const plan: TPlanReply = { planKey: 'premium_year', status: 'active', expiresAt: null, usage };
    renderUi(<ReceiptsPage />, [
      [PLAN_KEY, plan],
      [billingKeys.receipts, RECEIPTS],
    ]);
    expect(screen.getByRole('heading', { name: 'Receipts', level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('shows the premium overlay to any other plan and fetches nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const plan: TPlanReply = { planKey: 'premium_month', status: 'past_due', expiresAt: null, usage };
    renderUi(<ReceiptsPage />, [[PLAN_KEY, plan]]);
    expect(screen.getByText('Receipts is a Premium feature')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
