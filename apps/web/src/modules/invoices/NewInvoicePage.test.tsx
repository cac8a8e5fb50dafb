// @vitest-environment jsdom
import type { TCompany, TCompanyList } from '@pennant/shared/companies/schemas';
import { INVOICE_MESSAGES, type TInvoiceFormDefaults, type TInvoiceFormQuery } from '@pennant/shared/invoices/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { companyKeys } from '../companies/companies-api';
import { invoiceKeys } from './invoices-api';
import { formQueryFrom, NewInvoicePage } from './NewInvoicePage';
import { AGREEMENT_ID, apiError, COMPANY_ID, formDefaults, stubApi } from './test-fixtures';
import { premiumClient } from './test-session';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const company = (id: string, name: string): TCompany => ({
  id,
  name,
  status: 'sponsor',
  website: null,
  industry: null,
  notes: null,
  address: null,
  city: null,
  state: null,
  country: null,
  tags: null,
  lastContactedAt: null,
  statusUpdatedAt: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  primaryContact: null,
});
const BISTRO = company('3c000000-0000-4000-8000-000000000002', 'Blue Bistro');
const COMPANIES: TCompanyList = {
  companies: [company(COMPANY_ID, 'Acme Hardware'), BISTRO],
  totalCount: 2,
  counts: { all: 2, pipeline: 0, sponsors: 2, former: 0 },
  page: 1,
  pageSize: 50,
  hasMore: false,
};
const PICKER = { search: '', status: [], category: 'all', sort: 'name', dir: 'asc' } as const;
const NEW_ID = '9a000000-0000-4000-8000-000000000001';

function renderPage(
  opts: { url?: string; roles?: TRole[]; defaults?: TInvoiceFormDefaults | null; query?: TInvoiceFormQuery } = {},
) {
  const data: [readonly unknown[], unknown][] = [
    [companyKeys.list({ ...PICKER, status: [] }), { pages: [COMPANIES], pageParams: [1] }],
  ];
  if (opts.defaults !== null)
    data.push([invoiceKeys.form(opts.query ?? { source: 'direct' }), opts.defaults ?? formDefaults()]);
  const client = premiumClient(opts.roles ?? ['treasurer'], data);
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={[opts.url ?? '/dashboard/invoices/new']}>
        <Routes>
          <Route path="/dashboard/invoices/new" element={<NewInvoicePage />} />
          <Route path="/dashboard/invoices/:id" element={<p>Invoice page</p>} />
          <Route path="/dashboard/invoices" element={<p>Invoices list</p>} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Create Invoice' });
const total = () => screen.getByLabelText('Total').textContent;
function chooseCompany(name: string) {
  fireEvent.focus(screen.getByRole('combobox', { name: 'Company' }));
  fireEvent.click(screen.getByRole('option', { name }));
}

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('NewInvoicePage', () => {
  it('starts a direct invoice with one empty line, the default due date and the remit-to info', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'New Invoice' })).toBeTruthy();
    expect(screen.getAllByLabelText(/^Description/)).toHaveLength(1);
    expect(input('Amount 1').value).toBe('');
    expect(input('Quantity 1').value).toBe('1');
    expect(input('Due Date').value).toBe('2026-06-09');
    expect(input('Due Date').min).toBe('2026-05-10');
    expect((screen.getByLabelText('Remit-To Info') as HTMLTextAreaElement).value).toBe('Lincoln Boosters\nPO Box 12');
    expect(screen.getByRole('radio', { name: 'Manual (check, cash, bank transfer)' })).toHaveProperty('checked', true);
    expect(total()).toBe('$0.00');
  });

  it('keeps Online payment off without a card-ready payment account, and says where to set it up', () => {
    renderPage();
    expect(screen.getByRole('radio', { name: 'Online payment (card, ACH)' })).toHaveProperty('disabled', true);
    expect(screen.getByText(INVOICE_MESSAGES.cardNeedsAccount, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up payments' }).getAttribute('href')).toBe(
      '/dashboard/settings?tab=payments',
    );
    cleanup();
    renderPage({ defaults: formDefaults({ cardAvailable: true, invoiceType: 'stripe' }) });
    const online = screen.getByRole('radio', { name: 'Online payment (card, ACH)' });
    expect(online).toHaveProperty('disabled', false);
    expect(online).toHaveProperty('checked', true);
    expect(screen.queryByText(INVOICE_MESSAGES.cardNeedsAccount, { exact: false })).toBeNull();
  });

  it('rounds the amount to cents when leaving the box, and adds up the lines', () => {
    renderPage();
    fireEvent.change(input('Amount 1'), { target: { value: '12.345' } });
    fireEvent.blur(input('Amount 1'));
    expect(input('Amount 1').value).toBe('12.35');
    fireEvent.change(input('Quantity 1'), { target: { value: '2' } });
    expect(screen.getByTestId('line-total-1').textContent).toBe('$24.70');
    fireEvent.click(screen.getByRole('button', { name: 'Add Line' }));
    fireEvent.change(input('Amount 2'), { target: { value: '100' } });
    expect(total()).toBe('$124.70');
  });

  it('removes a line only while another remains', () => {
    renderPage();
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Add Line' }));
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 2' }));
    expect(screen.queryByLabelText('Amount 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toHaveProperty('disabled', true);
  });

  it('keeps Create Invoice disabled while the total is not positive', () => {
    renderPage();
    expect(submitButton()).toHaveProperty('disabled', true);
    fireEvent.change(input('Amount 1'), { target: { value: '5' } });
    expect(submitButton()).toHaveProperty('disabled', false);
    fireEvent.change(input('Quantity 1'), { target: { value: '0' } });
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it('refuses a due date in the past', async () => {
    renderPage();
    fireEvent.change(input('Due Date'), { target: { value: '2026-05-09' } });
    expect(await screen.findByText(INVOICE_MESSAGES.dueDatePast)).toBeTruthy();
    fireEvent.change(input('Due Date'), { target: { value: '2026-05-10' } });
    await waitFor(() => expect(screen.queryByText(INVOICE_MESSAGES.dueDatePast)).toBeNull());
  });

  it('asks for a company and a description before sending anything', async () => {
    const fetchMock = stubApi(() => Response.json({}));
    renderPage();
    fireEvent.change(input('Amount 1'), { target: { value: '5' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText(INVOICE_MESSAGES.company)).toBeTruthy();
    expect(screen.getByText(INVOICE_MESSAGES.description)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the invoice, says so and opens it', async () => {
    const fetchMock = stubApi(() => Response.json({ id: NEW_ID, providerInvoiceId: null }, { status: 201 }));
    renderPage();
    chooseCompany('Blue Bistro');
    fireEvent.change(input('Description 1'), { target: { value: 'Outfield banner' } });
    fireEvent.change(input('Amount 1'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Memo'), { target: { value: 'Thank you!' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Invoice page')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(INVOICE_MESSAGES.created);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/invoices');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      source: 'direct',
      companyId: BISTRO.id,
      agreementId: null,
      quoteId: null,
      invoiceType: 'manual',
      dueDate: '2026-06-09',
      lines: [{ description: 'Outfield banner', amountCents: 50_000, quantity: 1 }],
      memo: 'Thank you!',
      remitToInfo: 'Lincoln Boosters\nPO Box 12',
    });
  });

  it('shows why creating failed, with the server’s field messages on the fields', async () => {
    stubApi(() => apiError(400, 'Due date cannot be in the past', { dueDate: INVOICE_MESSAGES.dueDatePast }));
    renderPage();
    chooseCompany('Blue Bistro');
    fireEvent.change(input('Description 1'), { target: { value: 'Outfield banner' } });
    fireEvent.change(input('Amount 1'), { target: { value: '500' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText(INVOICE_MESSAGES.dueDatePast)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(INVOICE_MESSAGES.createFailed, {
      description: 'Due date cannot be in the past',
    });
  });

  it('fixes the company and the lines an agreement gives', async () => {
    const query = { source: 'agreement', companyId: COMPANY_ID, agreementId: AGREEMENT_ID } as const;
    const fetchMock = stubApi(() => Response.json({ id: NEW_ID, providerInvoiceId: null }, { status: 201 }));
    renderPage({
      url: `/dashboard/invoices/new?agreementId=${AGREEMENT_ID}&companyId=${COMPANY_ID}&source=agreement`,
      query,
      defaults: formDefaults({
        source: 'agreement',
        companyId: COMPANY_ID,
        companyName: 'Acme Hardware',
        agreementId: AGREEMENT_ID,
        lines: [
          { description: 'Outfield banner', amountCents: 50_000, quantity: 2 },
          { description: 'Setup', amountCents: 7_500, quantity: 2 },
        ],
      }),
    });
    const picker = screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement;
    expect(picker.value).toBe('Acme Hardware');
    expect(picker.disabled).toBe(true);
    expect(input('Amount 1').value).toBe('500.00');
    expect(total()).toBe('$1,150.00');
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ source: 'agreement', companyId: COMPANY_ID, agreementId: AGREEMENT_ID });
    expect(body.lines).toHaveLength(2);
  });

  it('says when the initial data cannot be loaded', async () => {
    stubApi(() => apiError(404, 'Agreement not found'));
    renderPage({ url: `/dashboard/invoices/new?source=agreement&agreementId=${AGREEMENT_ID}`, defaults: null });
    expect(await screen.findByText(/Failed to load initial data/)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(INVOICE_MESSAGES.initialDataFailed);
  });

  it('is closed to a member without the right to create invoices', () => {
    const fetchMock = stubApi(() => Response.json({}));
    renderPage({ roles: ['sponsorship_lead'], defaults: null });
    expect(screen.getByText('You do not have permission to add invoices')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes back to the list on Cancel when opened directly', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Invoices list')).toBeTruthy();
  });
});

describe('formQueryFrom', () => {
  it('reads the source and its ids, and drops what does not belong', () => {
    expect(formQueryFrom(new URLSearchParams(''))).toEqual({ source: 'direct' });
    expect(
      formQueryFrom(
        new URLSearchParams(`source=quote&quoteId=${AGREEMENT_ID}&agreementId=${AGREEMENT_ID}&companyId=x`),
      ),
    ).toEqual({ source: 'quote', quoteId: AGREEMENT_ID, companyId: undefined, agreementId: undefined });
  });
});
