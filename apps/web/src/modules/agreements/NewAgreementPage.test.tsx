// @vitest-environment jsdom
import { AGREEMENT_MESSAGES, DEFAULT_AGREEMENT_CLAUSES } from '@pennant/shared/agreements/schemas';
import type { TProduct } from '@pennant/shared/catalogue/schemas';
import type { TCompany, TCompanyList } from '@pennant/shared/companies/schemas';
import type { TQuoteDetail } from '@pennant/shared/quotes/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueKeys } from '../catalogue/catalogue-api';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { companyKeys } from '../companies/companies-api';
import { agreementKeys } from './agreements-api';
import { linesFromQuote } from './form/agreement-form';
import { NewAgreementPage } from './NewAgreementPage';

const product = (over: Partial<TProduct>): TProduct => ({
  id: '7a1c0000-0000-4000-8000-000000000001',
  name: 'Outfield Banner',
  masterTypeId: null,
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
const ACME = company('3c000000-0000-4000-8000-000000000001', 'Acme Hardware');
const BISTRO = company('3c000000-0000-4000-8000-000000000002', 'Blue Bistro');
const COMPANIES: TCompanyList = {
  companies: [ACME, BISTRO],
  totalCount: 2,
  counts: { all: 2, pipeline: 0, sponsors: 2, former: 0 },
  page: 1,
  pageSize: 50,
  hasMore: false,
};
const PICKER = { search: '', status: [], category: 'all', sort: 'name', dir: 'asc' } as const;

const NEW_ID = '9a000000-0000-4000-8000-000000000001';
const QUOTE_ID = '5b000000-0000-4000-8000-000000000001';

function renderPage(opts: { url?: string; roles?: TRole[]; data?: [readonly unknown[], unknown][] } = {}) {
  const client = seededClient(opts.roles ?? ['sponsorship_lead'], [
    [catalogueKeys.products, [BANNER, SHOUTOUT]],
    [companyKeys.list({ ...PICKER, status: [] }), { pages: [COMPANIES], pageParams: [1] }],
    ...(opts.data ?? []),
  ]);
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={[opts.url ?? '/dashboard/agreements/new']}>
        <Routes>
          <Route path="/dashboard/agreements/new" element={<NewAgreementPage />} />
          <Route path="/dashboard/agreements/:id" element={<p>Agreement page</p>} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const chooseProduct = (n: number, p: TProduct) =>
  fireEvent.change(screen.getByLabelText(`Product ${n}`), { target: { value: p.id } });
const total = () => screen.getByLabelText('Total Agreement Value').textContent;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Agreement' }));
function chooseCompany(name: string) {
  fireEvent.focus(screen.getByRole('combobox', { name: 'Company' }));
  fireEvent.click(screen.getByRole('option', { name }));
}

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NewAgreementPage', () => {
  it('starts today with a 12-month term and shows the end date as start plus the term', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'New Agreement' })).toBeTruthy();
    expect((screen.getByLabelText('Term') as HTMLSelectElement).value).toBe('12');
    const start = input('Start Date').value;
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(input('End Date').readOnly).toBe(true);

    fireEvent.change(input('Start Date'), { target: { value: '2026-01-15' } });
    expect(input('End Date').value).toBe('2027-01-15');
    fireEvent.change(screen.getByLabelText('Term'), { target: { value: '6' } });
    expect(input('End Date').value).toBe('2026-07-15');
    fireEvent.change(screen.getByLabelText('Term'), { target: { value: '24' } });
    expect(input('End Date').value).toBe('2028-01-15');
    // The default terms: five clauses, shown as a list.
    expect(screen.getByRole('list', { name: 'Default terms' }).querySelectorAll('li')).toHaveLength(
      DEFAULT_AGREEMENT_CLAUSES.length,
    );
  });

  it('needs a custom end date when that option is on, and the term is disabled meanwhile', async () => {
    renderPage();
    chooseCompany('Acme Hardware');
    chooseProduct(1, SHOUTOUT);
    fireEvent.click(screen.getByRole('switch', { name: 'Use Custom End Date' }));
    expect(screen.getByLabelText('Term')).toHaveProperty('disabled', true);
    expect(input('End Date').readOnly).toBe(false);
    expect(input('End Date').value).toBe('');
    submit();
    expect(await screen.findByText(AGREEMENT_MESSAGES.endDate)).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Use Custom End Date' }));
    expect(screen.getByLabelText('Term')).toHaveProperty('disabled', false);
    expect(screen.queryByText(AGREEMENT_MESSAGES.endDate)).toBeNull();
  });

  it('offers the setup fee only for a product that has one, and adds up the total value', () => {
    renderPage();
    chooseProduct(1, BANNER);
    expect(input('Unit Price 1').value).toBe('500.00');
    const setup = screen.getByRole('checkbox', { name: /Setup fee \(\$75\.00\)/ });
    expect(setup.getAttribute('aria-checked')).toBe('true');
    fireEvent.change(input('Quantity 1'), { target: { value: '2' } });
    // 2 × ($500 + $75), in whole dollars.
    expect(total()).toBe('$1,150');
    fireEvent.click(setup);
    expect(total()).toBe('$1,000');

    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    chooseProduct(2, SHOUTOUT);
    expect(screen.getAllByRole('checkbox', { name: /Setup fee/ })).toHaveLength(1);
    expect(input('Unit Price 2').value).toBe('300.00');
    fireEvent.change(input('Unit Price 2'), { target: { value: '250.50' } });
    expect(total()).toBe('$1,251');

    // Switching line 1 to a product without a fee takes its checkbox away.
    chooseProduct(1, SHOUTOUT);
    expect(screen.queryByRole('checkbox', { name: /Setup fee/ })).toBeNull();
  });

  it('never removes the last product line', () => {
    renderPage();
    expect(screen.getByRole('button', { name: 'Remove product 1' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByRole('button', { name: 'Remove product 1' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove product 2' }));
    expect(screen.queryByLabelText('Product 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove product 1' })).toHaveProperty('disabled', true);
  });

  it('asks for a company and a product before sending anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    submit();
    expect(await screen.findByText(AGREEMENT_MESSAGES.company)).toBeTruthy();
    expect(screen.getByText(AGREEMENT_MESSAGES.products)).toBeTruthy();
    fireEvent.change(input('Quantity 1'), { target: { value: '0' } });
    submit();
    expect(await screen.findByText(AGREEMENT_MESSAGES.quantity)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the agreement with the custom terms and goes to its page', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ id: NEW_ID, quoteId: QUOTE_ID, pdfGenerated: true }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    chooseCompany('Blue Bistro');
    fireEvent.change(input('Start Date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Term'), { target: { value: '18' } });
    chooseProduct(1, BANNER);
    fireEvent.click(screen.getByRole('radio', { name: 'Custom terms' }));
    fireEvent.change(screen.getByLabelText('Custom Terms'), { target: { value: 'Pay on time.\n\nBe nice.' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Corner spot' } });
    submit();
    expect(await screen.findByText('Agreement page')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/agreements');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      companyId: BISTRO.id,
      termMonths: 18,
      startDate: '2026-03-01',
      customEndDate: null,
      useCustomEndDate: false,
      customTerms: 'Pay on time.\n\nBe nice.',
      notes: 'Corner spot',
      lines: [{ productId: BANNER.id, qty: 1, unitPriceCents: 50_000, includeSetupFee: true }],
      quoteId: null,
    });
  });

  it('prefills the company and lines from an accepted quote and sends its id', async () => {
    const quote: TQuoteDetail = {
      id: QUOTE_ID,
      status: 'accepted',
      companyId: ACME.id,
      companyName: ACME.name,
      createdAt: '2026-01-05T10:00:00.000Z',
      sentAt: null,
      expiresAt: null,
      totalCents: 0,
      hasPdf: false,
      agreementId: null,
      companyStatus: 'sponsor',
      lines: [
        {
          id: 'l1',
          productId: BANNER.id,
          bundleId: null,
          itemName: BANNER.name,
          qty: 2,
          unitPriceCents: 45_000,
          isSetupFee: false,
        },
        {
          id: 'l2',
          productId: BANNER.id,
          bundleId: null,
          itemName: 'Setup',
          qty: 2,
          unitPriceCents: 7_500,
          isSetupFee: true,
        },
        {
          id: 'l3',
          productId: SHOUTOUT.id,
          bundleId: null,
          itemName: SHOUTOUT.name,
          qty: 1,
          unitPriceCents: 30_000,
          isSetupFee: false,
        },
      ],
      renewalCents: 0,
      notes: null,
      emailSubject: null,
      emailBody: null,
      recipientEmails: null,
      originPriceListId: null,
      acceptedAt: null,
      rejectedAt: null,
      expiredAt: null,
      archivedAt: null,
    };
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ id: NEW_ID, quoteId: QUOTE_ID, pdfGenerated: true }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage({
      url: `/dashboard/agreements/new?source=quote&quote_id=${QUOTE_ID}`,
      data: [[agreementKeys.quote(QUOTE_ID), quote]],
    });
    expect((screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement).value).toBe('Acme Hardware');
    expect(input('Unit Price 1').value).toBe('450.00');
    expect(input('Quantity 1').value).toBe('2');
    expect(input('Unit Price 2').value).toBe('300.00');
    // 2 × ($450 + $75) + $300
    expect(total()).toBe('$1,350');
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body.quoteId).toBe(QUOTE_ID);
    expect(body.companyId).toBe(ACME.id);
    expect(body.lines).toEqual(linesFromQuote(quote.lines));
  });

  it('says so when the quote is not found', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'not_found', message: 'Quote not found' } }, { status: 404 }),
    );
    renderPage({ url: `/dashboard/agreements/new?source=quote&quote_id=${QUOTE_ID}` });
    expect(await screen.findByText('The form could not be prefilled; it starts blank.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveProperty('disabled', false);
  });

  it('is closed to a member without the right to create agreements', () => {
    renderPage({ roles: ['treasurer'] });
    expect(screen.getByText('You do not have permission to add agreements')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Agreement' })).toHaveProperty('disabled', true);
  });
});

describe('linesFromQuote', () => {
  it('charges the setup fee when a setup-fee line follows, and leaves bundles out', () => {
    expect(
      linesFromQuote([
        {
          id: 'a',
          productId: BANNER.id,
          bundleId: null,
          itemName: 'B',
          qty: 1,
          unitPriceCents: 100,
          isSetupFee: false,
        },
        { id: 'b', productId: BANNER.id, bundleId: null, itemName: 'S', qty: 1, unitPriceCents: 10, isSetupFee: true },
        {
          id: 'c',
          productId: null,
          bundleId: BANNER.id,
          itemName: 'P',
          qty: 1,
          unitPriceCents: 900,
          isSetupFee: false,
        },
        {
          id: 'd',
          productId: SHOUTOUT.id,
          bundleId: null,
          itemName: 'O',
          qty: 3,
          unitPriceCents: 200,
          isSetupFee: false,
        },
      ]),
    ).toEqual([
      { productId: BANNER.id, qty: 1, unitPriceCents: 100, includeSetupFee: true },
      { productId: SHOUTOUT.id, qty: 3, unitPriceCents: 200, includeSetupFee: false },
    ]);
  });
});
