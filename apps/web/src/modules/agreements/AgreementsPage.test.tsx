// @vitest-environment jsdom
import { isoDay } from '@pennant/shared/agreements/rules';
import {
  AGREEMENT_MESSAGES,
  EXPIRING_BADGE,
  type TAgreementList,
  type TAgreementRow,
} from '@pennant/shared/agreements/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { addDays } from 'date-fns';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { AgreementsPage } from './AgreementsPage';
import { agreementKeys, type TAgreementListFilters } from './agreements-api';

const day = (offset: number) => isoDay(addDays(new Date(), offset));
const COMPANY_ID = '3c000000-0000-4000-8000-000000000001';

const row = (over: Partial<TAgreementRow>): TAgreementRow => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  status: 'active',
  companyId: COMPANY_ID,
  companyName: 'Acme Hardware',
  quoteId: null,
  seasonLabel: '2026',
  startDate: day(-300),
  endDate: day(200),
  termMonths: 12,
  valueCents: 125_050,
  createdAt: '2026-01-05T10:00:00.000Z',
  deletedAt: null,
  ...over,
});
const ACTIVE = row({});
const EXPIRING = row({
  id: 'e1e2e3e4-0000-4000-8000-000000000002',
  companyName: 'Blue Bistro',
  endDate: day(30),
  valueCents: null,
});
const EXPIRED = row({ id: 'c0ffee00-0000-4000-8000-000000000003', status: 'expired', endDate: day(-10) });
const PENDING = row({ id: 'beef0000-0000-4000-8000-000000000004', status: 'pending_signature' });

const LIST: TAgreementList = {
  agreements: [ACTIVE, EXPIRING, EXPIRED, PENDING],
  total: 4,
  page: 1,
  pageSize: 50,
  counts: { all: 4, active: 2, expiring: 1, expired: 1, deleted: 3 },
  companyName: null,
};
const FILTERS: TAgreementListFilters = {
  q: '',
  status: 'all',
  sort: 'created_at',
  order: 'desc',
  tab: 'all',
  company: null,
  page: 1,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPage(opts: { url?: string; roles?: TRole[]; lists?: [TAgreementListFilters, TAgreementList][] } = {}) {
  const lists = opts.lists ?? [[FILTERS, LIST]];
  const client = seededClient(
    opts.roles ?? ['sponsorship_lead'],
    lists.map(([f, l]) => [agreementKeys.list(f), l]),
  );
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={[opts.url ?? '/dashboard/agreements']}>
        <Routes>
          <Route path="/dashboard/agreements" element={<AgreementsPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const table = () => screen.getByRole('table', { name: 'Agreements' });
const rowOf = (text: string) => {
  const cell = within(table()).getByRole('link', { name: text });
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`No row for ${text}`);
  return tr;
};
function openMenu(number: string) {
  fireEvent.keyDown(screen.getByRole('button', { name: `Actions for ${number}` }), { key: 'Enter' });
  return screen.getByRole('menu');
}
const menuItems = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((i) => i.textContent?.trim());

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AgreementsPage', () => {
  it('shows the tabs with their counts and the rows with their numbers, values and statuses', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Agreements' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['All4', 'Active2', 'Expiring1', 'Expired1', 'Deleted3']);

    const active = rowOf('Agreement #A1B2C3');
    expect(active.textContent).toContain('Acme Hardware');
    expect(active.textContent).toContain('$1,251');
    expect(active.textContent).toContain('Active');
    // No value: a dash.
    expect(within(rowOf('Agreement #E1E2E3')).getAllByText('—').length).toBeGreaterThan(0);
    expect(rowOf('Agreement #BEEF00').textContent).toContain('Pending');
  });

  it('highlights the expiring row with its badge and dims the expired one', () => {
    renderPage();
    // Only one row carries the badge (in its status cell, and under the company for phones).
    const badgeRows = new Set(screen.getAllByText(EXPIRING_BADGE).map((badge) => badge.closest('tr')));
    expect(badgeRows.size).toBe(1);
    const expiring = rowOf('Agreement #E1E2E3');
    expect(within(expiring).getAllByText(EXPIRING_BADGE).length).toBeGreaterThan(0);
    expect(expiring.className).toContain('bg-amber-50');
    expect(rowOf('Agreement #C0FFEE').className).toContain('opacity-60');
    expect(rowOf('Agreement #A1B2C3').className).not.toContain('opacity-60');
  });

  it('offers invoicing to active agreements and a renewal quote only to expiring ones', () => {
    renderPage();
    openMenu('Agreement #E1E2E3');
    expect(menuItems()).toEqual(['Create Invoice', 'Create Renewal Quote', 'Delete']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Create Renewal Quote' }));
    expect(screen.getByTestId('where').textContent).toBe(`/dashboard/quotes/new?company_id=${COMPANY_ID}`);
  });

  it('sends Create Invoice to the invoice form for the agreement', () => {
    renderPage();
    openMenu('Agreement #A1B2C3');
    expect(menuItems()).toEqual(['Create Invoice', 'Delete']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Create Invoice' }));
    expect(screen.getByTestId('where').textContent).toBe(
      `/dashboard/invoices/new?agreementId=${ACTIVE.id}&companyId=${COMPANY_ID}&source=agreement`,
    );
  });

  it('offers only Delete on an agreement that is not active', () => {
    renderPage();
    openMenu('Agreement #C0FFEE');
    expect(menuItems()).toEqual(['Delete']);
  });

  it('gives a read-only member no row actions and no Create Agreement', () => {
    renderPage({ roles: ['read_only'] });
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Agreement' })).toBeNull();
  });

  it('asks before deleting, then moves the agreement to the Deleted tab', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    openMenu('Agreement #A1B2C3');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Agreement' });
    expect(dialog.textContent).toContain(AGREEMENT_MESSAGES.deleteConfirm);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Agreement' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/agreements/${ACTIVE.id}`);
    expect(init?.method).toBe('DELETE');
  });

  it('offers Restore (and no second delete) in the Deleted tab and restores through its route', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const deleted = row({ deletedAt: '2026-02-01T10:00:00.000Z' });
    renderPage({
      url: '/dashboard/agreements?tab=deleted',
      lists: [
        [
          { ...FILTERS, tab: 'deleted' },
          { ...LIST, agreements: [deleted], total: 1 },
        ],
      ],
    });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Deleted3');
    openMenu('Agreement #A1B2C3');
    expect(menuItems()).toEqual(['Restore']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Restore' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/agreements/${deleted.id}/restore`);
    expect(init?.method).toBe('POST');
  });

  it('names the company it is filtered by, with a way back to all agreements', () => {
    renderPage({
      url: `/dashboard/agreements?company=${COMPANY_ID}`,
      lists: [
        [
          { ...FILTERS, company: COMPANY_ID },
          { ...LIST, companyName: 'Acme Hardware' },
        ],
      ],
    });
    expect(screen.getByText('Filtered by:').textContent).toContain('Acme Hardware');
    expect(screen.getByRole('link', { name: 'All Agreements' }).getAttribute('href')).toBe('/dashboard/agreements');
    expect(screen.getByRole('button', { name: 'Clear company filter' })).toBeTruthy();
  });

  it('shows the empty state with Create New Agreement, which opens the three choices', () => {
    renderPage({ lists: [[FILTERS, { ...LIST, agreements: [], total: 0 }]] });
    expect(screen.getByText(AGREEMENT_MESSAGES.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create New Agreement' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Agreement' });
    for (const choice of ['From Accepted Quote', 'Create Quote First', 'Direct Agreement']) {
      expect(within(dialog).getByRole('button', { name: choice })).toBeTruthy();
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Direct Agreement' }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/agreements/new');
  });

  it('lists only accepted quotes without an agreement under From Accepted Quote', async () => {
    const quote = (id: string, agreementId: string | null) => ({
      id,
      status: 'accepted',
      companyId: COMPANY_ID,
      companyName: 'Acme Hardware',
      createdAt: '2026-01-05T10:00:00.000Z',
      sentAt: null,
      expiresAt: null,
      totalCents: 90_000,
      hasPdf: false,
      agreementId,
    });
    const fetchMock = vi.fn(async (_url: string) =>
      Response.json({
        quotes: [
          quote('5b000000-0000-4000-8000-000000000001', null),
          quote('6c000000-0000-4000-8000-000000000002', ACTIVE.id),
        ],
        total: 2,
        page: 1,
        pageSize: 50,
        counts: { all: 2, active: 0, accepted: 2, closed: 0 },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Create Agreement' }));
    fireEvent.click(screen.getByRole('button', { name: 'From Accepted Quote' }));
    const list = await screen.findByRole('list', { name: 'Accepted quotes' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/quotes?tab=accepted&status=accepted');
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(list).getByRole('button', { name: /Quote #5B0000/ }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/dashboard/agreements/new?source=quote&quote_id=5b000000-0000-4000-8000-000000000001',
    );
  });
});
