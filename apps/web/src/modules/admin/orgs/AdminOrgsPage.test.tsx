// @vitest-environment jsdom
import { ADMIN_MESSAGES, type TAdminOrg } from '@pennant/shared/admin/schemas';
import type { TSession } from '@pennant/shared/session/schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../catalogue/test-helpers';
import { apiError, stubApi } from '../../invoices/test-fixtures';
import { readImpersonation } from '../impersonation/impersonation-store';
import { ADMIN_ID, adminClient, adminOrg, renderAt, stubMatchMedia } from '../test-helpers';
import { AdminOrgsPage } from './AdminOrgsPage';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(stubResizeObserver);
beforeEach(() => stubMatchMedia(true));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  for (const f of Object.values(toast)) f.mockReset();
});

type TExtra = (method: string, path: string, body: unknown) => Response | null;

function serve(orgs: TAdminOrg[], extra: TExtra = () => null) {
  return stubApi((method, path, body) => {
    const url = new URL(path, 'http://localhost');
    if (method === 'GET' && url.pathname === '/api/admin/orgs') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const found = orgs.filter((o) => o.name.toLowerCase().includes(search));
      return Response.json({ organizations: found.slice(offset, offset + 10), totalCount: found.length });
    }
    if (path === '/api/session') {
      const session = adminClient().getQueryData<TSession>(['session']);
      return Response.json({ session });
    }
    return extra(method, path, body) ?? apiError(404, `unexpected ${method} ${path}`);
  });
}

function open() {
  renderAt(adminClient(), '/admin/orgs', <AdminOrgsPage />);
}

const rowOf = (name: string) => {
  const tr = within(screen.getByRole('table', { name: 'Organizations' }))
    .getByText(name)
    .closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
};

describe('/admin/orgs', () => {
  it("shows 10 a page with 'Showing x of y organizations' and the columns of §2.10", async () => {
    const orgs = Array.from({ length: 12 }, (_, i) =>
      adminOrg({ name: `Club ${String(i + 1).padStart(2, '0')}`, workflowMode: i === 0 ? 'advanced' : 'basic' }),
    );
    serve(orgs);
    open();
    expect(await screen.findByText('Showing 10 of 12 organizations')).toBeTruthy();
    const row = rowOf('Club 01');
    expect(within(row).getByText('Season 2026 · Advanced workflow')).toBeTruthy();
    expect(within(row).getByText('owner@lincolnboosters.org')).toBeTruthy();
    expect(within(row).getByText('Free')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Organization pages' })).getByRole('button', { name: 'Page 2' }),
    );
    expect(await screen.findByText('Showing 2 of 12 organizations')).toBeTruthy();
  });

  it('searches 300 ms after the last keystroke', async () => {
    const fetchMock = serve([adminOrg({ name: 'Riverside Eagles' }), adminOrg({ name: 'Lincoln Boosters' })]);
    open();
    await screen.findByText('Showing 2 of 2 organizations');
    fireEvent.change(screen.getByLabelText('Search organizations'), { target: { value: 'river' } });
    const searched = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('search=river')).length;
    expect(searched()).toBe(0);
    await waitFor(() => expect(searched()).toBe(1));
    expect(await screen.findByText('Showing 1 of 1 organizations')).toBeTruthy();
  });

  it("says 'No organizations found', and 'Failed to load organizations: {message}' on failure", async () => {
    serve([]);
    open();
    expect(await screen.findByText(ADMIN_MESSAGES.noOrganizations)).toBeTruthy();
    cleanup();
    stubApi(() => apiError(409, 'Database unavailable'));
    open();
    expect(await screen.findByText('Failed to load organizations: Database unavailable')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(ADMIN_MESSAGES.fetchOrgsFailed, { description: 'Database unavailable' });
  });

  it('disables Impersonate for a frozen organization', async () => {
    serve([adminOrg({ name: 'Frozen Falcons', frozen: true }), adminOrg({ name: 'Open Otters' })]);
    open();
    await screen.findByText('Showing 2 of 2 organizations');
    expect(within(rowOf('Frozen Falcons')).getByText('Frozen')).toBeTruthy();
    expect(
      (within(rowOf('Frozen Falcons')).getByRole('button', { name: 'Impersonate Frozen Falcons' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      (within(rowOf('Open Otters')).getByRole('button', { name: 'Impersonate Open Otters' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it('the plan toggle sets premium_month, and a failure says Error updating plan', async () => {
    const org = adminOrg({ name: 'Open Otters' });
    const fetchMock = serve([org], (method) => (method === 'PATCH' ? apiError(409, 'Plan locked') : null));
    open();
    await screen.findByText('Showing 1 of 1 organizations');
    fireEvent.click(screen.getByRole('switch', { name: 'Premium plan for Open Otters' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ADMIN_MESSAGES.updatePlanFailed, { description: 'Plan locked' }),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe(`/api/admin/orgs/${org.id}`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ planKey: 'premium_month' });
  });

  it('the status toggle freezes, and a failure says Error updating organization', async () => {
    const org = adminOrg({ name: 'Open Otters' });
    const fetchMock = serve([org], (method) => (method === 'PATCH' ? apiError(404, 'Organization not found') : null));
    open();
    await screen.findByText('Showing 1 of 1 organizations');
    fireEvent.click(screen.getByRole('switch', { name: 'Freeze Open Otters' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ADMIN_MESSAGES.updateOrgFailed, {
        description: 'Organization not found',
      }),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ frozen: true });
  });

  it('impersonating stores the record and goes to /dashboard', async () => {
    const org = adminOrg({ name: 'Open Otters' });
    const record = {
      orgId: org.id,
      orgName: org.name,
      adminId: ADMIN_ID,
      adminEmail: 'staff@pennant.app',
      impersonatedAt: '2026-03-14T15:00:00.000Z',
    };
    serve([org], (method, path) =>
      method === 'POST' && path === `/api/admin/orgs/${org.id}/impersonation`
        ? Response.json(record, { status: 201 })
        : null,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Impersonate Open Otters' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
    expect(readImpersonation()).toEqual(record);
  });

  it.each([
    ['a string', '"impersonating"'],
    ['an array', '[]'],
    ['an object without the record', '{"ok":true}'],
  ])("a reply that is %s is 'Invalid response format from impersonation service'", async (_kind, reply) => {
    const org = adminOrg({ name: 'Open Otters' });
    serve([org], (method) =>
      method === 'POST' ? new Response(reply, { status: 201, headers: { 'Content-Type': 'application/json' } }) : null,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Impersonate Open Otters' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ADMIN_MESSAGES.startImpersonationFailed, {
        description: 'Invalid response format from impersonation service',
      }),
    );
    expect(readImpersonation()).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('shows cards on a phone', async () => {
    stubMatchMedia(false);
    serve([adminOrg({ name: 'Open Otters' })]);
    open();
    await screen.findByText('Showing 1 of 1 organizations');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Organizations' })).getByText('Open Otters')).toBeTruthy();
  });
});
