// @vitest-environment jsdom
import { FUNDRAISING_MESSAGES as M } from '@pennant/shared/fundraising/schemas';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DonatePage } from './DonatePage';
import {
  ALUMNI_CAMPAIGN,
  apiError,
  CAMPAIGN_ID,
  CONTACT_ID,
  PLAYER_CAMPAIGN,
  PLAYER_ID,
  stubFetch,
} from './test-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CHECKOUT = 'https://checkout.stripe.com/c/pay/cs_test_123';

/** The campaign read answers `campaign`; the donation answers `donation` (a checkout by default). */
function stubDonate(
  campaign: Response | (() => Response) = () => Response.json(PLAYER_CAMPAIGN),
  donation: () => Response | Promise<Response> = () => Response.json({ checkoutUrl: CHECKOUT }),
) {
  return stubFetch((method, url) => {
    if (method === 'GET' && url === `/api/public/campaigns/${CAMPAIGN_ID}`) {
      return typeof campaign === 'function' ? campaign() : campaign;
    }
    if (method === 'POST' && url === '/api/public/donations') return donation();
    return apiError(404, `unexpected ${method} ${url}`);
  });
}

function renderDonate(search: string) {
  const redirect = vi.fn();
  render(<DonatePage search={search} redirect={redirect} />);
  return redirect;
}

const donateButton = () => screen.getByRole('button', { name: /^(Donate|Processing…)$/ });
const quick = (dollars: number) => screen.getByRole('button', { name: `$${dollars}` });
const customAmount = () => screen.getByLabelText('Custom amount');

describe('/donate', () => {
  it('says the campaign ID is required without one, and asks nothing of the server', () => {
    const fetchMock = stubDonate();
    renderDonate('');
    expect(screen.getByRole('alert').textContent).toContain('Campaign ID is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a loading state, then the campaign and its organization', async () => {
    let answer: (r: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderDonate(`?campaign_id=${CAMPAIGN_ID}`);
    expect(screen.getByRole('status').textContent).toContain('Loading campaign…');
    answer(Response.json(PLAYER_CAMPAIGN));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Drive' })).toBeTruthy();
    expect(screen.getByText('Eastside Eagles')).toBeTruthy();
    expect(screen.queryByText(/On behalf of/)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says Campaign not found for an unknown campaign', async () => {
    stubDonate(() => apiError(404, 'Campaign not found'));
    renderDonate(`?campaign_id=${CAMPAIGN_ID}`);
    expect((await screen.findByRole('alert')).textContent).toContain('Campaign not found');
    expect(screen.queryByRole('button', { name: 'Donate' })).toBeNull();
  });

  it('shows On behalf of for an alumni campaign sent on someone’s behalf', async () => {
    stubDonate(() => Response.json(ALUMNI_CAMPAIGN));
    renderDonate(`?campaign_id=${CAMPAIGN_ID}`);
    expect(await screen.findByText('On behalf of Coach Rivera')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Alumni Fund' })).toBeTruthy();
  });

  it('offers $25 $50 $100 $250 as toggles and a custom amount; Donate waits for an amount', async () => {
    stubDonate();
    renderDonate(`?campaign_id=${CAMPAIGN_ID}`);
    await screen.findByRole('heading', { level: 1 });
    for (const dollars of [25, 50, 100, 250]) expect(quick(dollars).getAttribute('aria-pressed')).toBe('false');
    expect(customAmount().getAttribute('min')).toBe('1');
    expect(customAmount().getAttribute('step')).toBe('0.01');
    expect(donateButton()).toHaveProperty('disabled', true);

    fireEvent.click(quick(100));
    expect(quick(100).getAttribute('aria-pressed')).toBe('true');
    expect(donateButton()).toHaveProperty('disabled', false);
    fireEvent.click(quick(25));
    expect(quick(25).getAttribute('aria-pressed')).toBe('true');
    expect(quick(100).getAttribute('aria-pressed')).toBe('false');
    // Pressed again, it is let go.
    fireEvent.click(quick(25));
    expect(quick(25).getAttribute('aria-pressed')).toBe('false');
    expect(donateButton()).toHaveProperty('disabled', true);
    // A custom amount replaces a quick one.
    fireEvent.click(quick(50));
    fireEvent.change(customAmount(), { target: { value: '40' } });
    expect(quick(50).getAttribute('aria-pressed')).toBe('false');
    expect(donateButton()).toHaveProperty('disabled', false);
  });

  it('prefills the amount (a quick one pressed, another in the custom field) and the e-mail', async () => {
    stubDonate();
    renderDonate(`?campaign_id=${CAMPAIGN_ID}&amount=50&email=pat%40example.org`);
    await screen.findByRole('heading', { level: 1 });
    expect(quick(50).getAttribute('aria-pressed')).toBe('true');
    expect((customAmount() as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe('pat@example.org');
    cleanup();

    renderDonate(`?campaign_id=${CAMPAIGN_ID}&amount=37.50`);
    await screen.findByRole('heading', { level: 1 });
    expect((customAmount() as HTMLInputElement).value).toBe('37.50');
    expect(quick(50).getAttribute('aria-pressed')).toBe('false');
  });

  it('says why an amount will not do: not a valid amount, or under $1.00', async () => {
    const fetchMock = stubDonate();
    renderDonate(`?campaign_id=${CAMPAIGN_ID}`);
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(customAmount(), { target: { value: '0' } });
    fireEvent.click(donateButton());
    expect(screen.getByRole('alert').textContent).toContain(M.validAmount);
    fireEvent.change(customAmount(), { target: { value: '0.5' } });
    fireEvent.click(donateButton());
    expect(screen.getByRole('alert').textContent).toContain(M.minimumDonation);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('sends the amount in cents with the ids, shows Processing…, and goes to the checkout', async () => {
    let finish: (r: Response) => void = () => undefined;
    const fetchMock = stubDonate(undefined, () => new Promise<Response>((resolve) => (finish = resolve)));
    const redirect = renderDonate(
      `?campaign_id=${CAMPAIGN_ID}&player_id=${PLAYER_ID}&contact_id=undefined&email=fan%40example.org`,
    );
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(customAmount(), { target: { value: '12.345' } });
    fireEvent.click(donateButton());
    await waitFor(() => expect(donateButton().textContent).toContain('Processing…'));
    expect(donateButton()).toHaveProperty('disabled', true);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      campaignId: CAMPAIGN_ID,
      amountCents: 1235,
      donorEmail: 'fan@example.org',
      playerId: PLAYER_ID,
      contactId: null,
    });
    finish(Response.json({ checkoutUrl: CHECKOUT }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a quick amount, the contact, and no e-mail when none is given', async () => {
    const fetchMock = stubDonate();
    const redirect = renderDonate(`?campaign_id=${CAMPAIGN_ID}&contact_id=${CONTACT_ID}&player_id=null`);
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(quick(250));
    fireEvent.click(donateButton());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      campaignId: CAMPAIGN_ID,
      amountCents: 25_000,
      donorEmail: null,
      playerId: null,
      contactId: CONTACT_ID,
    });
  });

  const refusals: [string, () => Response | Promise<Response>, string][] = [
    [
      'a payment account not set up',
      () => apiError(409, 'This organization’s payment account is not set up yet.'),
      M.paymentNotYetAvailable,
    ],
    [
      'charges not enabled',
      () => apiError(409, 'This organization’s payment account cannot take donations yet: charges not enabled.'),
      M.paymentTemporarilyUnavailable,
    ],
    ['another server message', () => apiError(400, 'Please enter a valid email'), 'Please enter a valid email'],
    ['a provider failure', () => apiError(502, 'Failed to process donation'), 'Failed to process donation'],
    ['a reply that is not the API’s', () => new Response('Bad gateway', { status: 502 }), M.donationFailed],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch')), M.donationFailed],
    ['a reply without a checkout URL', () => Response.json({}), M.noCheckoutUrl],
    [
      'a checkout URL that is not a web page',
      () => Response.json({ checkoutUrl: 'javascript:alert(1)' }),
      M.noCheckoutUrl,
    ],
  ];
  for (const [what, reply, message] of refusals) {
    it(`shows ${what} in a red alert as “${message.slice(0, 40)}…” and lets the donor try again`, async () => {
      stubDonate(undefined, reply);
      const redirect = renderDonate(`?campaign_id=${CAMPAIGN_ID}&amount=25`);
      await screen.findByRole('heading', { level: 1 });
      fireEvent.click(donateButton());
      expect((await screen.findByRole('alert')).textContent).toContain(message);
      expect(donateButton().textContent).toContain('Donate');
      expect(donateButton()).toHaveProperty('disabled', false);
      expect(redirect).not.toHaveBeenCalled();
    });
  }
});
