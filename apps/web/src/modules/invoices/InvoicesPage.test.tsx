// @vitest-environment jsdom
import { INVOICE_MESSAGES, type TInvoiceList, type TInvoiceSources } from '@pennant/shared/invoices/schemas';
import type { TSession } from '@pennant/shared/session/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOPIC_QUERIES } from '@/lib/query';
import { stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { InvoicesPage } from './InvoicesPage';
import { invoiceKeys, type TInvoiceListFilters } from './invoices-api';
import { readFilters, writeFilters } from './list/list-filters';
import {
  AGREEMENT_ID,
  apiError,
  COMPANY_ID,
  FILTERS,
  invoiceDetail,
  invoiceList,
  invoiceRow,
  KPIS,
  stubApi,
} from './test-fixtures';
import { premiumClient } from './test-session';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const SENT_MANUAL = invoiceRow({});
const PENDING_CARD = invoiceRow({
  id: 'b2000000-0000-4000-8000-000000000002',
  companyName: 'Blue Bistro',
  type: 'stripe',
  status: 'pending',
  source: 'agreement',
  agreementId: AGREEMENT_ID,
  totalCents: 50_000,
});
const OVERDUE = invoiceRow({
  id: 'c3000000-0000-4000-8000-000000000003',
  status: 'overdue',
  dueDate: '2026-01-01',
});
const DRAFT = invoiceRow({ id: 'd4000000-0000-4000-8000-000000000004', status: 'draft' });
const LIST = invoiceList([SENT_MANUAL, PENDING_CARD, OVERDUE, DRAFT]);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPage(
  opts: {
    url?: string;
    roles?: TRole[];
    lists?: [TInvoiceListFilters, TInvoiceList][];
    kpis?: boolean;
    plan?: TSession['plan'];
  } = {},
) {
  const lists = opts.lists ?? [[FILTERS, LIST]];
  const companies = new Set(lists.map(([f]) => f.company));
  const client = premiumClient(
    opts.roles ?? ['treasurer'],
    [
      ...lists.map(([f, l]): [readonly unknown[], unknown] => [invoiceKeys.list(f), l]),
      ...(opts.kpis === false
        ? []
        : [...companies].map((c): [readonly unknown[], unknown] => [invoiceKeys.kpis(c), KPIS])),
    ],
    opts.plan,
  );
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={[opts.url ?? '/dashboard/invoices']}>
        <Routes>
          <Route
            path="/dashboard/invoices"
            element={
              <>
                <InvoicesPage />
                <Where />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return client;
}

const table = () => screen.getByRole('table', { name: 'Invoices' });
const rowOf = (number: string) => {
  const tr = within(table()).getByRole('link', { name: number }).closest('tr');
  if (!tr) throw new Error(`No row for ${number}`);
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
const where = () => screen.getAllByTestId('where')[0]?.textContent;

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('InvoicesPage', () => {
  it('shows the KPI cards, the tabs with their counts and a row per invoice', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeTruthy();
    const outstanding = screen.getByRole('group', { name: 'Outstanding' });
    expect(outstanding.textContent).toContain('$2,500.00');
    expect(outstanding.textContent).toContain('3 invoices');
    expect(screen.getByRole('group', { name: 'Past Due' }).textContent).toContain('1 invoice');
    expect(screen.getByRole('group', { name: 'Next 7 Days' }).textContent).toContain('$900.00');

    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Active4', 'Paid7', 'All12']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Active4');

    const sent = rowOf('Invoice #A1B2C3D4');
    expect(within(sent).getByRole('link', { name: 'Invoice #A1B2C3D4' }).textContent).toBe('A1B2C3D4');
    expect(sent.textContent).toContain('Acme Hardware');
    expect(sent.textContent).toContain('$1,250.50');
    expect(sent.textContent).toContain('Manual');
    expect(sent.textContent).toContain('Sent');
    const card = rowOf('Invoice #B2000000');
    expect(card.textContent).toContain('Agreement');
    expect(card.textContent).toContain('Online');
    expect(card.textContent).toContain('Ready to Send');
    // The overdue due date is shown in red.
    expect(within(rowOf('Invoice #C3000000')).getAllByText(/Jan 1, 2026/)[0]?.className).toContain('text-red-600');
  });

  it('opens an invoice when its row is clicked', () => {
    renderPage();
    fireEvent.click(within(rowOf('Invoice #B2000000')).getAllByText('Blue Bistro')[0] as HTMLElement);
    expect(where()).toBe(`/dashboard/invoices/${PENDING_CARD.id}`);
  });

  it('offers Mark as Paid and Resend Email by status and type', () => {
    const PAID = invoiceRow({ id: 'e5000000-0000-4000-8000-000000000005', status: 'paid' });
    const VOID = invoiceRow({ id: 'f6000000-0000-4000-8000-000000000006', status: 'void' });
    const PAID_CARD = invoiceRow({ id: 'a7000000-0000-4000-8000-000000000007', status: 'paid', type: 'stripe' });
    renderPage({ lists: [[FILTERS, invoiceList([SENT_MANUAL, PENDING_CARD, PAID, VOID, PAID_CARD])]] });
    openMenu('Invoice #A1B2C3D4');
    expect(menuItems()).toEqual(['Mark as Paid', 'Resend Email']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    openMenu('Invoice #B2000000');
    expect(menuItems()).toEqual(['Mark as Paid']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    openMenu('Invoice #E5000000');
    expect(menuItems()).toEqual(['Resend Email']);
    // Void (and a paid card invoice) offer nothing.
    expect(screen.queryByRole('button', { name: 'Actions for Invoice #F6000000' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Invoice #A7000000' })).toBeNull();
  });

  it('asks before marking an invoice paid, then says so', async () => {
    const fetchMock = stubApi(() => Response.json(invoiceDetail({ ...OVERDUE, status: 'paid' })));
    renderPage();
    openMenu('Invoice #C3000000');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mark as Paid' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as Paid' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/invoices/${OVERDUE.id}/paid`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(INVOICE_MESSAGES.markedPaid));
    expect(screen.queryByRole('dialog', { name: 'Mark as Paid' })).toBeNull();
  });

  it('resends the e-mail and says so, or shows the error', async () => {
    const fetchMock = stubApi(() =>
      Response.json({ sentTo: 'sam@acme.example', pdfAttached: true, ccWarning: null, status: 'sent' }),
    );
    renderPage();
    openMenu('Invoice #A1B2C3D4');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Resend Email' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(INVOICE_MESSAGES.resent));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/invoices/${SENT_MANUAL.id}/resend`);

    stubApi(() => apiError(409, INVOICE_MESSAGES.noRecipient));
    openMenu('Invoice #A1B2C3D4');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Resend Email' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(INVOICE_MESSAGES.noRecipient));
  });

  it('gives a read-only member neither Create Invoice nor row actions', () => {
    renderPage({ roles: ['read_only'] });
    expect(screen.queryByRole('button', { name: 'Create Invoice' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });

  it('keeps the filters in the address and asks the server with them', async () => {
    const fetchMock = stubApi(() => Response.json(invoiceList([])));
    renderPage();
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'overdue' } });
    expect(where()).toBe('/dashboard/invoices?status=overdue');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/invoices?status=overdue&tab=active');

    fireEvent.change(screen.getByLabelText('Filter by source'), { target: { value: 'quote' } });
    expect(where()).toBe('/dashboard/invoices?status=overdue&source=quote');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search invoices' }), { target: { value: ' acme ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(where()).toBe('/dashboard/invoices?q=acme&status=overdue&source=quote');
    await waitFor(() =>
      expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/invoices?q=acme&status=overdue&source=quote&tab=active'),
    );
    expect(await screen.findByText(INVOICE_MESSAGES.empty)).toBeTruthy();

    // Choosing Paid moves to the Paid tab; Clear resets search and filters.
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'paid' } });
    expect(where()).toBe('/dashboard/invoices?q=acme&status=paid&source=quote');
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Paid');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(where()).toBe('/dashboard/invoices?tab=paid');
    expect(screen.getByPlaceholderText('Search by company, invoice # or payment id')).toHaveProperty('value', '');
  });

  it('opens the Paid tab for ?status=paid and the Active tab with the filter for ?status=outstanding', () => {
    renderPage({
      url: '/dashboard/invoices?status=paid',
      lists: [[{ ...FILTERS, status: 'paid', tab: 'paid' }, LIST]],
    });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Paid7');
    cleanup();
    renderPage({
      url: '/dashboard/invoices?status=outstanding',
      lists: [[{ ...FILTERS, status: 'outstanding' }, LIST]],
    });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Active4');
    expect(screen.getByLabelText('Filter by status')).toHaveProperty('value', 'outstanding');
    // A tab that cannot show the filter drops it.
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Paid/ }));
    expect(where()).toBe('/dashboard/invoices?tab=paid');
  });

  it('names the company it is filtered by, with a way to clear it', () => {
    renderPage({
      url: `/dashboard/invoices?company=${COMPANY_ID}`,
      lists: [
        [
          { ...FILTERS, company: COMPANY_ID },
          { ...LIST, companyName: 'Acme Hardware' },
        ],
      ],
    });
    expect(screen.getByText(/Filtered by/).textContent).toContain('Acme Hardware');
    fireEvent.click(screen.getByRole('button', { name: 'Clear company filter' }));
    expect(where()).toBe('/dashboard/invoices');
  });

  it('shows the empty state, and the failures with a way to try again', async () => {
    renderPage({ lists: [[FILTERS, invoiceList([])]] });
    expect(screen.getByText(INVOICE_MESSAGES.empty)).toBeTruthy();
    cleanup();

    stubApi(() => apiError(500, 'Something went wrong'));
    renderPage({ lists: [], kpis: false });
    // A server error is tried once more before the page gives up.
    expect(await screen.findByText(INVOICE_MESSAGES.loadFailed, undefined, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(INVOICE_MESSAGES.metricsFailed, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try Again' }).length).toBeGreaterThanOrEqual(2);
  });

  it('pages through 50 at a time', async () => {
    const fetchMock = stubApi(() => Response.json(invoiceList([SENT_MANUAL], { total: 120, page: 2 })));
    renderPage({ lists: [[FILTERS, invoiceList([SENT_MANUAL], { total: 120 })]] });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(where()).toBe('/dashboard/invoices?page=2');
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/invoices?tab=active&page=2'));
  });
});

describe('Create Invoice chooser', () => {
  const SOURCES: TInvoiceSources = {
    agreements: [
      {
        id: AGREEMENT_ID,
        companyId: COMPANY_ID,
        companyName: 'Acme Hardware',
        valueCents: 120_000,
        startDate: '2026-03-01',
        endDate: '2027-03-01',
      },
    ],
    quotes: [],
  };

  it('offers the three choices, and says when there is nothing to invoice', async () => {
    stubApi(() => Response.json({ agreements: [], quotes: [] }));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Create Invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Invoice' });
    for (const choice of ['From Agreement', 'From Accepted Quote', 'Direct Invoice']) {
      expect(within(dialog).getByRole('button', { name: choice })).toBeTruthy();
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'From Agreement' }));
    expect(await screen.findByText(INVOICE_MESSAGES.noAgreements)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'From Accepted Quote' }));
    expect(await screen.findByText(INVOICE_MESSAGES.noQuotes)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Direct Invoice' }));
    expect(where()).toBe('/dashboard/invoices/new?source=direct');
  });

  it('lists the active agreements and opens the form for the one picked', async () => {
    const fetchMock = stubApi(() => Response.json(SOURCES));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Create Invoice' }));
    fireEvent.click(screen.getByRole('button', { name: 'From Agreement' }));
    const list = await screen.findByRole('list', { name: 'Active agreements' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/invoices/sources?kind=agreements');
    const pick = within(list).getByRole('button');
    expect(pick.textContent).toContain('Acme Hardware');
    expect(pick.textContent).toContain('$1,200.00');
    expect(pick.textContent).toContain('Mar 1, 2026');
    fireEvent.click(pick);
    expect(where()).toBe(
      `/dashboard/invoices/new?source=agreement&agreementId=${AGREEMENT_ID}&companyId=${COMPANY_ID}`,
    );
  });

  it('hands the filtered company to a direct invoice', () => {
    renderPage({
      url: `/dashboard/invoices?company=${COMPANY_ID}`,
      lists: [[{ ...FILTERS, company: COMPANY_ID }, LIST]],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Invoice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Direct Invoice' }));
    expect(where()).toBe(`/dashboard/invoices/new?source=direct&companyId=${COMPANY_ID}`);
  });
});

describe('list filters in the address', () => {
  it('reads what it writes, and leaves out the defaults', () => {
    const f: TInvoiceListFilters = { ...FILTERS, q: 'acme', status: 'sent', source: 'quote', page: 3 };
    const p = writeFilters(f);
    expect(p.toString()).toBe('q=acme&status=sent&source=quote&page=3');
    expect(readFilters(p)).toEqual(f);
    expect(writeFilters(FILTERS).toString()).toBe('');
    expect(readFilters(new URLSearchParams('status=void')).tab).toBe('all');
    expect(readFilters(new URLSearchParams('company=not-an-id&page=-2'))).toEqual(FILTERS);
  });
});

describe('realtime', () => {
  it('refreshes the invoices area and the dashboard on the invoices topic, and the dashboard on agreements', () => {
    expect(TOPIC_QUERIES.invoices).toContainEqual(['invoices']);
    expect(TOPIC_QUERIES.invoices).toContainEqual(['dashboard']);
    expect(TOPIC_QUERIES.agreements).toContainEqual(['dashboard']);
  });

  it('on the free plan, Create Invoice offers the upgrade instead (Invoicing is Premium); the list stays open', async () => {
    const fetchMock = stubApi(() => Response.json({}));
    renderPage({ plan: { planKey: 'free', status: null, expiresAt: null } });
    expect(screen.getByRole('table', { name: 'Invoices' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Invoice' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(INVOICE_MESSAGES.premiumRequired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Direct Invoice' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
