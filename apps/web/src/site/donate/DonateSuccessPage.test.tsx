// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DonateSuccessPage } from './DonateSuccessPage';
import { apiError, CAMPAIGN_ID, PLAYER_CAMPAIGN, stubFetch } from './test-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SESSION = 'cs_sim_0123456789abcdef01234567';

describe('/donate/success', () => {
  it('thanks the donor for the campaign, promises the receipt and shows the transaction ID', async () => {
    const fetchMock = stubFetch(() => Response.json(PLAYER_CAMPAIGN));
    render(<DonateSuccessPage search={`?session_id=${SESSION}&campaign_id=${CAMPAIGN_ID}`} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeTruthy();
    expect(await screen.findByText('Spring Drive')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/public/campaigns/${CAMPAIGN_ID}`);
    expect(screen.getByText(/Email receipt will be sent shortly/)).toBeTruthy();
    const id = screen.getByText(/^Transaction ID:/);
    expect(id.textContent).toBe('Transaction ID: cdef01234567');
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('still thanks the donor when the campaign cannot be read, and shows no transaction without a session', async () => {
    const fetchMock = stubFetch(() => apiError(404, 'Campaign not found'));
    render(<DonateSuccessPage search={`?campaign_id=${CAMPAIGN_ID}`} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeTruthy();
    expect(screen.getByText(/Email receipt will be sent shortly/)).toBeTruthy();
    expect(screen.queryByText(/Transaction ID/)).toBeNull();
    expect(screen.queryByText(/Your donation to/)).toBeNull();
  });
});
