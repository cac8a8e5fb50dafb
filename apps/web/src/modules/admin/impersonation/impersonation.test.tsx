// @vitest-environment jsdom
import { ADMIN_MESSAGES, type TImpersonation } from '@pennant/shared/admin/schemas';
import type { TSession } from '@pennant/shared/session/schemas';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPERSONATION_KEY } from '@/lib/storage';
import { stubResizeObserver } from '../../catalogue/test-helpers';
import { apiError, stubApi } from '../../invoices/test-fixtures';
import { AdminGuard } from '../AdminGuard';
import { ADMIN_ID, adminClient, renderAt } from '../test-helpers';
import { ImpersonationBanner } from './ImpersonationBanner';
import { readImpersonation, storeImpersonation } from './impersonation-store';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const STARTED = new Date('2026-03-14T15:00:00.000Z');
const RECORD: TImpersonation = {
  orgId: 'b2000000-0000-4000-8000-000000000001',
  orgName: 'Riverside Eagles',
  adminId: ADMIN_ID,
  adminEmail: 'staff@pennant.app',
  impersonatedAt: STARTED.toISOString(),
};

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  for (const f of Object.values(toast)) f.mockReset();
});

function sessionReply(over: Partial<TSession> = {}) {
  const client = adminClient();
  return Response.json({ session: { ...client.getQueryData<TSession>(['session']), ...over } });
}

describe('the impersonation banner', () => {
  it('is not shown without a record', () => {
    renderAt(adminClient(), '/dashboard', <ImpersonationBanner />);
    expect(screen.queryByText(ADMIN_MESSAGES.bannerTitle)).toBeNull();
  });

  it("reads 'Admin Impersonation Mode', 'Viewing as {org}', 'just now', then the minutes, refreshed every minute", () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(STARTED.getTime() + 20_000));
    storeImpersonation(RECORD);
    renderAt(adminClient(), '/dashboard', <ImpersonationBanner />);

    const banner = screen.getByRole('region', { name: 'Admin Impersonation Mode' });
    expect(within(banner).getByText('Admin Impersonation Mode')).toBeTruthy();
    expect(within(banner).getByText('Viewing as Riverside Eagles')).toBeTruthy();
    expect(within(banner).getByText('just now')).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Exit Impersonation' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(60_000));
    expect(within(banner).getByText('1 minute ago')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(within(banner).getByText('5 minutes ago')).toBeTruthy();
  });

  it('follows the session when the browser lost the record, so the way out stays', () => {
    renderAt(adminClient([], { impersonation: RECORD }), '/dashboard', <ImpersonationBanner />);
    expect(screen.getByText('Viewing as Riverside Eagles')).toBeTruthy();
  });

  it('exit ends the impersonation, removes the record and returns to /admin/orgs', async () => {
    storeImpersonation(RECORD);
    const fetchMock = stubApi((method, path) => {
      if (method === 'DELETE' && path === '/api/admin/impersonation') {
        return Response.json({ orgId: RECORD.orgId, endedAt: new Date().toISOString() });
      }
      if (path === '/api/session') return sessionReply();
      return apiError(404, 'unexpected');
    });
    renderAt(adminClient(), '/dashboard', <ImpersonationBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Exit Impersonation' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/orgs'));
    expect(readImpersonation()).toBeNull();
    expect(window.localStorage.getItem(IMPERSONATION_KEY)).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/admin/impersonation' && init?.method === 'DELETE'),
    ).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('when ending fails, the record is still removed and the admin still returns to /admin/orgs', async () => {
    storeImpersonation(RECORD);
    stubApi((method, path) => {
      if (method === 'DELETE') return apiError(500, 'The server is down');
      if (path === '/api/session') return sessionReply();
      return apiError(404, 'unexpected');
    });
    renderAt(adminClient(), '/dashboard', <ImpersonationBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Exit Impersonation' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/orgs'));
    expect(readImpersonation()).toBeNull();
    expect(toast.error).toHaveBeenCalledWith(ADMIN_MESSAGES.endImpersonationFailed, {
      description: 'The server is down',
    });
  });
});

describe('the admin gate', () => {
  it("tells a non-admin 'Not authorized' ('You must be an admin to access this area') and shows no console", async () => {
    renderAt(adminClient([], { isAppAdmin: false }), '/admin', <AdminGuard />);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Not authorized', {
        description: 'You must be an admin to access this area',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Not authorized' })).toBeTruthy();
  });

  it("says 'Error checking admin status' when the session cannot be read, rather than refusing", async () => {
    stubApi(() => apiError(500, 'Server unavailable'));
    const client = adminClient();
    client.removeQueries({ queryKey: ['session'] });
    renderAt(client, '/admin', <AdminGuard />);
    expect(await screen.findByText('Error checking admin status')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('Error checking admin status', { description: 'Server unavailable' });
    expect(toast.error).not.toHaveBeenCalledWith('Not authorized', expect.anything());
  });

  it('lets a platform admin through', () => {
    renderAt(adminClient(), '/admin', <AdminGuard />);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Not authorized' })).toBeNull();
  });
});
