// @vitest-environment jsdom
import { AGREEMENT_MESSAGES, type TAgreementDetail } from '@pennant/shared/agreements/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { AgreementDetailPage } from './AgreementDetailPage';
import { agreementKeys } from './agreements-api';

const ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const DETAIL: TAgreementDetail = {
  id: ID,
  status: 'active',
  companyId: '3c000000-0000-4000-8000-000000000001',
  companyName: 'Acme Hardware',
  quoteId: '5b000000-0000-4000-8000-000000000001',
  seasonLabel: '2026',
  startDate: '2026-03-01',
  endDate: '2027-06-01',
  termMonths: 12,
  valueCents: 115_000,
  createdAt: '2026-02-20T10:00:00.000Z',
  deletedAt: null,
  companyEmail: 'office@acme.example',
  primaryContactName: 'Sam Rivera',
  lines: [
    {
      id: '11000000-0000-4000-8000-000000000001',
      productId: '7a1c0000-0000-4000-8000-000000000001',
      bundleId: null,
      itemName: 'Outfield Banner',
      qty: 2,
      unitPriceCents: 50_000,
      setupFeeCents: 7_500,
    },
  ],
  clauses: ['Pay on time.'],
  notes: null,
  customTerm: true,
  derivedTermMonths: 15,
  document: null,
  events: [
    {
      id: '22000000-0000-4000-8000-000000000001',
      eventType: 'agreement_email_sent',
      description: 'Agreement emailed',
      occurredAt: '2026-03-02T15:00:00.000Z',
      createdByName: 'Me',
      metadata: { recipient_email: 'office@acme.example', subject: 'Your agreement' },
    },
  ],
};

function renderPage(opts: { roles?: TRole[]; detail?: TAgreementDetail | null } = {}) {
  const client = seededClient(
    opts.roles ?? ['sponsorship_lead'],
    opts.detail === null ? [] : [[agreementKeys.detail(ID), opts.detail ?? DETAIL]],
  );
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={[`/dashboard/agreements/${ID}`]}>
        <Routes>
          <Route path="/dashboard/agreements/:id" element={<AgreementDetailPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const notFound = () => Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AgreementDetailPage', () => {
  it('says Agreement Not Found for an unknown id, with a way back', async () => {
    vi.stubGlobal('fetch', async () => notFound());
    renderPage({ detail: null });
    expect(await screen.findByRole('heading', { name: AGREEMENT_MESSAGES.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Agreements' }).getAttribute('href')).toBe('/dashboard/agreements');
  });

  it('shows the number, the company, a custom term and the quick actions', () => {
    vi.stubGlobal('fetch', async () => notFound());
    renderPage();
    expect(screen.getByRole('heading', { name: 'Agreement #A1B2C3' })).toBeTruthy();
    expect(screen.getByText('Agreement with Acme Hardware')).toBeTruthy();
    expect(screen.getByText('$1,150')).toBeTruthy();
    expect(screen.getByText('Custom')).toBeTruthy();
    expect(screen.getByText(/15 months/)).toBeTruthy();
    expect(screen.getByText('Quote #5B0000')).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getByRole('link', { name: 'Copy Agreement' }).getAttribute('href')).toBe(
      `/dashboard/agreements/new?copy_from=${ID}`,
    );
    for (const name of ['Email Agreement', 'View PDF', 'Delete Agreement']) {
      expect(within(actions).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(actions).getByRole('link', { name: 'Create Invoice' })).toBeTruthy();
  });

  it('keeps View PDF disabled while it checks and when there is no PDF, and enables it when there is one', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      Response.json({ url: 'https://files.example/a.pdf', fileName: 'a.pdf', expiresAt: '2099-01-01T00:00:00.000Z' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const header = screen.getAllByRole('button', { name: 'View PDF' })[0];
    expect(header).toHaveProperty('disabled', true);
    // Not asked before the page has waited.
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(header).toHaveProperty('disabled', false), { timeout: 3000 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/agreements/${ID}/pdf`);
  });

  it('lists the line items with their setup fee and the total', () => {
    vi.stubGlobal('fetch', async () => notFound());
    renderPage();
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Line Items/ }));
    const items = screen.getByRole('list', { name: 'Line items' });
    expect(items.textContent).toContain('Outfield Banner');
    expect(items.textContent).toContain('2 x $500.00');
    expect(items.textContent).toContain('$1,000.00');
    expect(items.textContent).toContain('+ $150.00 setup');
    expect(screen.getByText('$1,150', { selector: 'span' })).toBeTruthy();
  });

  it('says when there are no line items', () => {
    vi.stubGlobal('fetch', async () => notFound());
    renderPage({ detail: { ...DETAIL, lines: [] } });
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Line Items/ }));
    expect(screen.getByText(AGREEMENT_MESSAGES.noLines)).toBeTruthy();
  });

  it('shows the PDF panel and the timeline in History', () => {
    vi.stubGlobal('fetch', async () => notFound());
    renderPage();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'History' }));
    const pdf = screen.getByRole('region', { name: 'Agreement PDF' });
    expect(pdf.textContent).toContain(AGREEMENT_MESSAGES.noPdfToView);
    expect(within(pdf).getByRole('button', { name: 'Generate PDF' })).toBeTruthy();
    const history = screen.getByRole('list', { name: 'Agreement history' });
    expect(history.textContent).toContain('Agreement emailed');
    expect(history.textContent).toContain('office@acme.example');
    expect(history.textContent).toContain('Your agreement');
  });

  it('shows a deleted agreement with Restore', () => {
    vi.stubGlobal('fetch', async () => notFound());
    renderPage({ detail: { ...DETAIL, deletedAt: '2026-04-01T10:00:00.000Z' } });
    expect(screen.getByText('This agreement is deleted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).queryByRole('button', { name: 'Delete Agreement' })).toBeNull();
  });

  it('gives a read-only member no changing actions', () => {
    vi.stubGlobal('fetch', async () => notFound());
    renderPage({ roles: ['read_only'] });
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).queryByRole('link', { name: 'Create Invoice' })).toBeNull();
    expect(within(actions).queryByRole('link', { name: 'Copy Agreement' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Email Agreement' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Delete Agreement' })).toBeNull();
  });
});
