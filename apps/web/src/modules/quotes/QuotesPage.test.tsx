// @vitest-environment jsdom
import type { TQuoteList, TQuoteListQuery } from '@pennant/shared/quotes/schemas';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { QuotesPage } from './QuotesPage';
import { quoteKeys } from './quotes-api';
import { atRoute, COMPANY_ID, reply, summary } from './test-fixtures';

const DRAFT = summary({
  id: '3f9a7c21-0000-4000-8000-000000000001',
  status: 'draft',
  companyName: 'Lakeside Diner',
  sentAt: null,
  expiresAt: null,
  totalCents: 30_000,
  hasPdf: false,
});
const SENT = summary({ id: 'ab12cd34-0000-4000-8000-000000000002', totalCents: 123_450 });
const ACCEPTED = summary({ id: 'e5d4c3b2-0000-4000-8000-000000000003', status: 'accepted', agreementId: null });

const listOf = (quotes: TQuoteList['quotes']): TQuoteList => ({
  quotes,
  total: quotes.length,
  page: 1,
  pageSize: 50,
  counts: { all: 7, active: 2, accepted: 1, closed: 4 },
});

function renderPage(path: string, lists: [TQuoteListQuery, TQuoteList][]) {
  const client = seededClient(
    ['sponsorship_lead'],
    lists.map(([query, data]) => [quoteKeys.list(query), data]),
  );
  render(withClient(client, atRoute(path, <QuotesPage />)));
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('QuotesPage', () => {
  it('opens on the Active tab with every tab’s count and one card per quote', () => {
    renderPage('/dashboard/quotes', [[{ tab: 'active', page: 1 }, listOf([DRAFT, SENT])]]);
    expect(screen.getByRole('heading', { level: 1, name: 'Quotes' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Quote' }).getAttribute('href')).toBe('/dashboard/quotes/new');
    expect(tab(/^All Quotes/).textContent).toBe('All Quotes7');
    expect(tab(/^Active/).textContent).toBe('Active2');
    expect(tab(/^Accepted/).textContent).toBe('Accepted1');
    expect(tab(/^Closed/).textContent).toBe('Closed4');
    expect(tab(/^Active/).getAttribute('aria-selected')).toBe('true');

    const cards = within(screen.getByRole('list', { name: 'Quotes' })).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const [draft, sent] = cards;
    expect(within(draft as HTMLElement).getByRole('button', { name: 'Quote #3F9A7C' })).toBeTruthy();
    expect(draft?.textContent).toContain('Draft');
    expect(draft?.textContent).toContain('Lakeside Diner');
    expect(draft?.textContent).toContain('$300.00');
    expect(sent?.textContent).toContain('Quote #AB12CD');
    expect(sent?.textContent).toContain('Sent');
    expect(sent?.textContent).toContain('Riverside Hardware');
    expect(sent?.textContent).toContain('$1,234.50');
    expect(sent?.textContent).toContain('Mar 2, 2026');
    expect(sent?.textContent).toContain('Apr 2, 2026');
  });

  it('a draft’s card opens the wizard to edit it', () => {
    renderPage('/dashboard/quotes', [[{ tab: 'active', page: 1 }, listOf([DRAFT])]]);
    fireEvent.click(screen.getByText('Lakeside Diner'));
    expect(screen.getByTestId('location').textContent).toBe(`/dashboard/quotes/new?quote_id=${DRAFT.id}`);
  });

  it('statusFilter=accepted opens the Accepted tab', () => {
    renderPage('/dashboard/quotes?statusFilter=accepted', [[{ tab: 'accepted', page: 1 }, listOf([ACCEPTED])]]);
    expect(tab(/^Accepted/).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Quote #E5D4C3')).toBeTruthy();
  });

  it('agreementCreated=true shows the notice with View Agreements and leaves the address', async () => {
    renderPage('/dashboard/quotes?agreementCreated=true', [[{ tab: 'active', page: 1 }, listOf([])]]);
    expect(await screen.findByText('Agreement created')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Agreements' }).getAttribute('href')).toBe('/dashboard/agreements');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/quotes'));
    expect(screen.getByText('Agreement created')).toBeTruthy();
    expect(screen.getByText('No quotes found')).toBeTruthy();
  });

  it('company filters the list and can be cleared', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply({ error: { code: 'not_found', message: 'Company not found' } }, 404)),
    );
    renderPage(`/dashboard/quotes?company=${COMPANY_ID}`, [
      [{ tab: 'active', page: 1, company: COMPANY_ID }, listOf([SENT])],
      [{ tab: 'active', page: 1 }, listOf([DRAFT, SENT])],
    ]);
    expect(screen.getByText('Filtered by: Riverside Hardware')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear company filter' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/quotes');
  });
});

describe('QuotesPage card menus', () => {
  const openMenu = (number: string) =>
    fireEvent.keyDown(screen.getByRole('button', { name: `Actions for ${number}` }), { key: 'Enter' });
  const items = () => screen.getAllByRole('menuitem').map((i) => i.textContent?.trim());

  it('offers what each status allows', () => {
    renderPage('/dashboard/quotes', [[{ tab: 'active', page: 1 }, listOf([DRAFT, SENT])]]);
    openMenu('Quote #3F9A7C');
    expect(items()).toEqual(['Edit & Send', 'View Details', 'Delete Quote']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    openMenu('Quote #AB12CD');
    expect(items()).toEqual(['Accept Quote', 'Reject Quote', 'Download PDF', 'View Details', 'Delete Quote']);
  });

  it('Reject shows at once and is put back when the server refuses', async () => {
    let refuse: (r: Response) => void = () => undefined;
    const fetchMock = vi.fn(
      (_url: string, _init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          refuse = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage('/dashboard/quotes', [[{ tab: 'active', page: 1 }, listOf([SENT])]]);
    const card = () => screen.getByRole('article', { name: 'Quote #AB12CD' });
    openMenu('Quote #AB12CD');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reject Quote' }));
    await waitFor(() => expect(card().textContent).toContain('Rejected'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/quotes/${SENT.id}/reject`);
    refuse(reply({ error: { code: 'conflict', message: 'This quote is no longer sent' } }, 409));
    await waitFor(() => expect(card().textContent).toContain('Sent'));
    expect(card().textContent).not.toContain('Rejected');
  });

  it('Delete Quote asks first, in the spec’s words', () => {
    renderPage('/dashboard/quotes', [[{ tab: 'active', page: 1 }, listOf([SENT])]]);
    openMenu('Quote #AB12CD');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Quote' }));
    expect(screen.getByRole('dialog', { name: 'Delete Quote' }).textContent).toContain(
      'Are you sure you want to delete this quote? This action cannot be undone.',
    );
  });
});
