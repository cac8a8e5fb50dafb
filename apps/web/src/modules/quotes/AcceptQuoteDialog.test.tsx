// @vitest-environment jsdom
import type { TQuoteSummary } from '@pennant/shared/quotes/schemas';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { AcceptQuoteDialog } from './AcceptQuoteDialog';
import { atRoute, detail, reply, summary } from './test-fixtures';

const QUOTE = summary({ status: 'sent' });
const AGREEMENT_ID = 'cc000000-0000-4000-8000-000000000001';

function Harness({ quote }: { quote: TQuoteSummary }) {
  const [open, setOpen] = useState<TQuoteSummary | null>(quote);
  return <AcceptQuoteDialog quote={open} onOpenChange={(o) => !o && setOpen(null)} />;
}

function renderDialog() {
  const client = seededClient(['sponsorship_lead']);
  render(withClient(client, atRoute('/dashboard/quotes', <Harness quote={QUOTE} />)));
}

function acceptReply(agreementId: string | null) {
  return vi.fn(async (_url: string, _init?: RequestInit) =>
    reply({ quote: detail({ status: 'accepted' }), agreementId, rejectedQuoteIds: [] }),
  );
}

const bodyOf = (fetchMock: ReturnType<typeof acceptReply>) => {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, method: init?.method, body: JSON.parse(String(init?.body)) };
};
const location = () => screen.getByTestId('location').textContent;

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AcceptQuoteDialog', () => {
  it('shows its title and three choices', () => {
    vi.stubGlobal('fetch', acceptReply(null));
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Quote Accepted Successfully!' })).toBeTruthy();
    for (const name of ['Customize Agreement', 'Create Agreement Now', 'Accept Quote Only']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('Customize Agreement accepts without an agreement, then opens the agreement form for the quote', async () => {
    const fetchMock = acceptReply(null);
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Customize Agreement' }));
    await waitFor(() => expect(location()).toBe(`/dashboard/agreements/new?source=quote&quote_id=${QUOTE.id}`));
    expect(bodyOf(fetchMock)).toEqual({
      url: `/api/quotes/${QUOTE.id}/accept`,
      method: 'POST',
      body: { agreement: 'skip', rejectOtherQuotes: false },
    });
  });

  it('Create Agreement Now accepts with an agreement and comes back to the list with the notice', async () => {
    const fetchMock = acceptReply(AGREEMENT_ID);
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    fireEvent.click(screen.getByLabelText('Also reject this company’s other sent quotes'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Agreement Now' }));
    await waitFor(() => expect(location()).toBe('/dashboard/quotes?agreementCreated=true'));
    expect(bodyOf(fetchMock).body).toEqual({ agreement: 'create', rejectOtherQuotes: true });
  });

  it('Accept Quote Only accepts without an agreement and stays on the list', async () => {
    const fetchMock = acceptReply(null);
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Quote Only' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quote Accepted Successfully!' })).toBeNull());
    expect(bodyOf(fetchMock).body).toEqual({ agreement: 'skip', rejectOtherQuotes: false });
    expect(location()).toBe('/dashboard/quotes');
  });

  it('over the Free plan’s sponsor limit shows the server’s message with a way to upgrade', async () => {
    const message = 'Free plan limit reached: 10 active sponsors. Upgrade to Premium for unlimited sponsors.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply({ error: { code: 'plan_limit', message } }, 403)),
    );
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Quote Only' }));
    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade Your Plan' });
    expect(upgrade.textContent).toContain(message);
    expect(screen.getByRole('link', { name: 'View Plans & Billing' })).toBeTruthy();
  });
});
