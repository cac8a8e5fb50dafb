// @vitest-environment jsdom
import type { TCompany, TCompanyContact, TCompanyList } from '@pennant/shared/companies/schemas';
import { QUOTE_MESSAGES } from '@pennant/shared/quotes/schemas';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueKeys } from '../catalogue/catalogue-api';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { companyKeys, type TCompanyListFilters } from '../companies/companies-api';
import { QuoteWizardPage } from './QuoteWizardPage';
import { atRoute, BANNER, COMPANY_ID, detail, GAME_DAY, reply, SHOUTOUT } from './test-fixtures';

const COMPANY: TCompany = {
  id: COMPANY_ID,
  name: 'Riverside Hardware',
  status: 'prospect',
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
};
const COMPANIES: TCompanyList = {
  companies: [COMPANY],
  totalCount: 1,
  counts: { all: 1, pipeline: 1, sponsors: 0, former: 0 },
  page: 1,
  pageSize: 50,
  hasMore: false,
};
const PICKER_FILTERS: TCompanyListFilters = { search: '', status: [], category: 'all', sort: 'name', dir: 'asc' };
const CREATED = detail({
  id: '3f9a7c21-0000-4000-8000-000000000001',
  status: 'draft',
  emailSubject: 'Sponsorship Proposal from Lincoln Boosters',
  emailBody: 'Hi {{contact_name}},',
});

/** The server as the wizard sees it: creating a draft answers CREATED; contacts are empty. */
function serverMock() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/quotes' && init?.method === 'POST') return reply(CREATED, 201);
    if (url.startsWith(`/api/companies/${COMPANY_ID}/contacts`)) return reply({ contacts: [] });
    return reply({ error: { code: 'not_found', message: `Unexpected ${url}` } }, 404);
  });
}

function renderWizard(path = '/dashboard/quotes/new') {
  const client = seededClient(
    ['sponsorship_lead'],
    [
      [catalogueKeys.products, [BANNER, SHOUTOUT]],
      [catalogueKeys.bundles('all'), { bundles: [GAME_DAY], currentSeason: '2026', nextSeason: '2027' }],
      [companyKeys.list(PICKER_FILTERS), { pages: [COMPANIES], pageParams: [1] }],
      [companyKeys.detail(COMPANY_ID), { ...COMPANY, contactCount: 0 }],
    ],
  );
  render(withClient(client, atRoute(path, <QuoteWizardPage />)));
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const location = () => screen.getByTestId('location').textContent;

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('QuoteWizardPage, step 1 (Quote Details)', () => {
  it('shows step 1 of 4 with the four steps', () => {
    vi.stubGlobal('fetch', serverMock());
    renderWizard();
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Quote Details' })).toBeTruthy();
    for (const step of ['Email Composition', 'Select Recipients', 'Review & Send']) {
      expect(screen.getByText(step)).toBeTruthy();
    }
  });

  it('asks for a company and a line item before creating anything', () => {
    const fetchMock = serverMock();
    vi.stubGlobal('fetch', fetchMock);
    renderWizard();
    next();
    expect(screen.getByText(QUOTE_MESSAGES.company)).toBeTruthy();
    expect(screen.getByText(QUOTE_MESSAGES.lines)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Riverside Hardware/ }));
    expect(screen.queryByText(QUOTE_MESSAGES.company)).toBeNull();
    next();
    expect(screen.getByText(QUOTE_MESSAGES.lines)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/quotes')).toBe(false);
    expect(screen.getByRole('heading', { level: 2, name: 'Quote Details' })).toBeTruthy();
  });

  it('a quantity below 1 stops it too', () => {
    vi.stubGlobal('fetch', serverMock());
    renderWizard(`/dashboard/quotes/new?company=${COMPANY_ID}`);
    fireEvent.change(screen.getByLabelText('Item 1'), { target: { value: `product:${SHOUTOUT.id}` } });
    fireEvent.change(screen.getByLabelText('Quantity 1'), { target: { value: '0' } });
    next();
    expect(screen.getByText(QUOTE_MESSAGES.quantity)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Quote Details' })).toBeTruthy();
  });

  it('Next creates the draft with its lines and shows the drafted e-mail', async () => {
    const fetchMock = serverMock();
    vi.stubGlobal('fetch', fetchMock);
    renderWizard(`/dashboard/quotes/new?company_id=${COMPANY_ID}`);
    // The company from the address is chosen already.
    expect(await screen.findByRole('button', { name: 'Change company (Riverside Hardware)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Item 1'), { target: { value: `product:${BANNER.id}` } });
    fireEvent.change(screen.getByLabelText('Quantity 1'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Wants the left-field spot' } });
    next();

    expect(await screen.findByRole('heading', { level: 2, name: 'Email Composition' })).toBeTruthy();
    const create = fetchMock.mock.calls.find(([url]) => url === '/api/quotes');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({
      companyId: COMPANY_ID,
      lines: [
        { productId: BANNER.id, bundleId: null, qty: 2, unitPriceCents: 50_000, isSetupFee: false },
        { productId: BANNER.id, bundleId: null, qty: 2, unitPriceCents: 7_500, isSetupFee: true },
      ],
      notes: 'Wants the left-field spot',
      originPriceListId: null,
    });
    expect(screen.getByLabelText('Subject')).toHaveProperty('value', 'Sponsorship Proposal from Lincoln Boosters');
    expect(screen.getByLabelText('Message')).toHaveProperty('value', 'Hi {{contact_name}},');
    await waitFor(() => expect(location()).toContain(`quote_id=${CREATED.id}`));

    // Step 2 asks for a subject and a body.
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '' } });
    next();
    expect(screen.getByText(QUOTE_MESSAGES.subject)).toBeTruthy();
    expect(screen.getByText(QUOTE_MESSAGES.body)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Quote Details' })).toBeTruthy();
  });

  it('Cancel goes back to the quotes', async () => {
    vi.stubGlobal('fetch', serverMock());
    renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/dashboard/quotes'));
  });
});

describe('QuoteWizardPage, editing a draft through to sending', () => {
  const DRAFT = detail({
    id: '3f9a7c21-0000-4000-8000-000000000009',
    status: 'draft',
    lines: [
      {
        id: '11110000-0000-4000-8000-000000000001',
        productId: SHOUTOUT.id,
        bundleId: null,
        itemName: SHOUTOUT.name,
        qty: 1,
        unitPriceCents: 25_000,
        isSetupFee: false,
      },
    ],
    emailSubject: 'Our offer for {{company_name}}',
    emailBody: 'Hi {{contact_name}},\n\nThanks!',
  });
  const contact = (over: Partial<TCompanyContact>): TCompanyContact => ({
    id: '9e1c5a6b-1111-4d2e-8f00-000000000001',
    companyId: COMPANY_ID,
    name: 'Riley Chen',
    email: 'riley@hardware.example',
    phone: null,
    title: 'Owner',
    role: 'primary',
    isPrimary: true,
    isActive: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...over,
  });
  const RILEY = contact({});
  const SAM = contact({ id: '9e1c5a6b-1111-4d2e-8f00-000000000002', name: 'Sam Ortiz', isPrimary: false });
  const NO_EMAIL = contact({
    id: '9e1c5a6b-1111-4d2e-8f00-000000000003',
    name: 'Pat Lee',
    email: null,
    isPrimary: false,
  });

  it('loads the draft, keeps its lines and e-mail, preselects the primary contact and sends', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === `/api/quotes/${DRAFT.id}` && method === 'GET') return reply(DRAFT);
      if (url === `/api/quotes/${DRAFT.id}` && method === 'PUT') return reply(DRAFT);
      if (url === `/api/quotes/${DRAFT.id}/email`) return reply(DRAFT);
      if (url === `/api/quotes/${DRAFT.id}/send`)
        return reply({ quote: { ...DRAFT, status: 'sent' }, sentTo: [RILEY.email] });
      if (url.startsWith(`/api/companies/${COMPANY_ID}/contacts`)) return reply({ contacts: [RILEY, SAM, NO_EMAIL] });
      return reply({ error: { code: 'not_found', message: `Unexpected ${url}` } }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWizard(`/dashboard/quotes/new?quote_id=${DRAFT.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Quote #3F9A7C' })).toBeTruthy();
    expect(screen.getByLabelText('Unit price 1')).toHaveProperty('value', '250.00');
    next();
    expect(await screen.findByRole('heading', { level: 2, name: 'Email Composition' })).toBeTruthy();
    expect(screen.getByLabelText('Subject')).toHaveProperty('value', 'Our offer for {{company_name}}');
    next();

    expect(await screen.findByRole('heading', { level: 2, name: 'Select Recipients' })).toBeTruthy();
    expect(screen.getByLabelText(/Riley Chen/)).toHaveProperty('ariaChecked', 'true');
    expect(screen.getByLabelText(/Sam Ortiz/)).toHaveProperty('ariaChecked', 'false');
    expect(screen.getByLabelText(/Pat Lee/)).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('Send me a copy'));
    expect(screen.getByLabelText('Copy email')).toHaveProperty('value', 'me@club.example');

    fireEvent.click(screen.getByLabelText(/Riley Chen/));
    next();
    expect(screen.getByText(QUOTE_MESSAGES.recipients)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Sam Ortiz/));
    next();

    expect(screen.getByRole('heading', { level: 2, name: 'Review & Send' })).toBeTruthy();
    expect(screen.getByText('Our offer for Riverside Hardware')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Email preview' }).textContent).toContain('Hi Sam,');
    expect(screen.getAllByRole('region', { name: 'Quote totals' })[0]?.textContent).toContain('$250');

    fireEvent.click(screen.getByRole('button', { name: 'Send Quote' }));
    await waitFor(() => expect(location()).toBe('/dashboard/quotes'));
    const sent = fetchMock.mock.calls.find(([url]) => url === `/api/quotes/${DRAFT.id}/send`);
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      subject: 'Our offer for {{company_name}}',
      body: 'Hi {{contact_name}},\n\nThanks!',
      contactIds: [SAM.id],
      copyEmail: 'me@club.example',
    });
  });
});
