// @vitest-environment jsdom
import {
  BILLING_MESSAGES,
  CALLBACK_FIRST_WAIT_MS,
  CALLBACK_POLL_ATTEMPTS,
  CALLBACK_POLL_INTERVAL_MS,
  CALLBACK_REDIRECT_MS,
  type TVerifyResult,
} from '@pennant/shared/billing/schemas';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_KEY } from '@/components/plan/usePlan';
import { SESSION_KEY } from '@/lib/session';
import { seededClient, withClient } from '../catalogue/test-helpers';
import { StripeCallbackPage } from './StripeCallbackPage';

const ACTIVE: TVerifyResult = {
  active: true,
  planKey: 'premium_month',
  status: 'active',
  currentPeriodEnd: '2099-01-01T00:00:00.000Z',
};
const INACTIVE: TVerifyResult = { active: false, planKey: 'free', status: null, currentPeriodEnd: null };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string) {
  const client = seededClient(['admin']);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/stripe-callback" element={<StripeCallbackPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return { invalidate };
}

/** Lets timers (faked) and the answered fetches run. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function stubFetch(answer: (url: string) => TVerifyResult) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => Response.json(answer(url)));
  vi.stubGlobal('fetch', fetchMock);
  const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => u === path).length;
  return { fetchMock, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('StripeCallbackPage', () => {
  it('goes straight to the billing tab without checkout or session_id', async () => {
    const { fetchMock } = stubFetch(() => ACTIVE);
    renderAt('/stripe-callback');
    await advance(0);
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/settings?tab=billing');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies the session once, shows the success text and goes to the dashboard after 3 s', async () => {
    const { fetchMock, calls } = stubFetch(() => ACTIVE);
    const { invalidate } = renderAt('/stripe-callback?checkout=success&session_id=cs_test_1');
    expect(screen.getByText(BILLING_MESSAGES.processing)).toBeTruthy();
    await advance(0);
    expect(screen.getByText(BILLING_MESSAGES.success)).toBeTruthy();
    expect(calls('/api/billing/verify')).toBe(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ sessionId: 'cs_test_1' });
    expect(calls('/api/billing/verify-subscription')).toBe(0);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: PLAN_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: SESSION_KEY });

    await advance(CALLBACK_REDIRECT_MS - 1);
    expect(screen.queryByTestId('where')).toBeNull();
    await advance(1);
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });

  it('polls the subscription when the checkout is not active yet and succeeds when it turns active', async () => {
    let polls = 0;
    const { calls } = stubFetch((url) => {
      if (url === '/api/billing/verify') return INACTIVE;
      polls++;
      return polls >= 3 ? ACTIVE : INACTIVE;
    });
    renderAt('/stripe-callback?checkout=success&session_id=cs_test_2');
    await advance(0);
    expect(calls('/api/billing/verify')).toBe(1);
    expect(calls('/api/billing/verify-subscription')).toBe(0);
    expect(screen.getByText(BILLING_MESSAGES.manualVerification)).toBeTruthy();
    await advance(CALLBACK_FIRST_WAIT_MS);
    expect(calls('/api/billing/verify-subscription')).toBe(1);
    await advance(CALLBACK_POLL_INTERVAL_MS * 2);
    expect(calls('/api/billing/verify-subscription')).toBe(3);
    expect(screen.getByText(BILLING_MESSAGES.success)).toBeTruthy();
  });

  it("shows 'Processing Issue' after the last poll finds nothing active", async () => {
    const { calls } = stubFetch(() => INACTIVE);
    renderAt('/stripe-callback?checkout=success&session_id=cs_test_3');
    await advance(0);
    await advance(CALLBACK_FIRST_WAIT_MS);
    for (let i = 1; i < CALLBACK_POLL_ATTEMPTS; i++) {
      expect(screen.queryByText(BILLING_MESSAGES.processingIssue)).toBeNull();
      await advance(CALLBACK_POLL_INTERVAL_MS);
    }
    expect(calls('/api/billing/verify')).toBe(1);
    expect(calls('/api/billing/verify-subscription')).toBe(CALLBACK_POLL_ATTEMPTS);
    expect(screen.getByText(BILLING_MESSAGES.processingIssue)).toBeTruthy();
    expect(screen.getByText(BILLING_MESSAGES.unableToConfirm)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Billing' }).getAttribute('href')).toBe(
      '/dashboard/settings?tab=billing',
    );
    // Nothing more is asked, and no redirect happens on its own.
    await advance(60_000);
    expect(calls('/api/billing/verify-subscription')).toBe(CALLBACK_POLL_ATTEMPTS);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('without a session id waits, then polls the subscription (checkout=success only)', async () => {
    const { calls } = stubFetch(() => ACTIVE);
    renderAt('/stripe-callback?checkout=success');
    await advance(CALLBACK_FIRST_WAIT_MS - 1);
    expect(calls('/api/billing/verify-subscription')).toBe(0);
    await advance(1);
    expect(calls('/api/billing/verify')).toBe(0);
    expect(calls('/api/billing/verify-subscription')).toBe(1);
    expect(screen.getByText(BILLING_MESSAGES.success)).toBeTruthy();
  });
});
