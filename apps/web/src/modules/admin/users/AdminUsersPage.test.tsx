// @vitest-environment jsdom
import { ADMIN_MESSAGES, type TAdminUser } from '@pennant/shared/admin/schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../catalogue/test-helpers';
import { apiError, stubApi } from '../../invoices/test-fixtures';
import { ADMIN_ID, adminClient, adminUser, renderAt } from '../test-helpers';
import { AdminUsersPage } from './AdminUsersPage';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const f of Object.values(toast)) f.mockReset();
});

const SELF = adminUser({ id: ADMIN_ID, email: 'staff@pennant.app', name: 'Staff Member', isAppAdmin: true });
const manyUsers = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    adminUser({ email: `member${i + 1}@lincolnboosters.org`, name: `Member ${i + 1}` }),
  );

/** The users route over `users`, honouring search, limit and offset; other calls answer `extra`. */
function serve(
  users: TAdminUser[],
  extra: (method: string, path: string, body: unknown) => Response | null = () => null,
) {
  return stubApi((method, path, body) => {
    const url = new URL(path, 'http://localhost');
    if (method === 'GET' && url.pathname === '/api/admin/users') {
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return Response.json({ users: users.slice(offset, offset + limit), totalCount: users.length });
    }
    return extra(method, path, body) ?? apiError(404, `unexpected ${method} ${path}`);
  });
}

function open() {
  renderAt(adminClient(), '/admin/users', <AdminUsersPage />);
}

const table = () => screen.getByRole('table', { name: 'Users' });

describe('/admin/users', () => {
  it("pages 10 at a time with 'Showing x-y of n', up to 5 page buttons, and 25 or 50 a page", async () => {
    serve(manyUsers(23));
    open();
    expect(await screen.findByText('Showing 1-10 of 23')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'User pages' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 21-23 of 23')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '25' } });
    expect(await screen.findByText('Showing 1-23 of 23')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'User pages' })).toBeNull();
    expect(
      Array.from((screen.getByLabelText('Rows per page') as HTMLSelectElement).options).map((o) => o.value),
    ).toEqual(['10', '25', '50']);
  });

  it('shows at most five page buttons', async () => {
    serve(manyUsers(120));
    open();
    await screen.findByText('Showing 1-10 of 120');
    const pages = screen.getByRole('navigation', { name: 'User pages' });
    expect(within(pages).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(5);
  });

  it('lists name, email, organizations and status', async () => {
    serve([adminUser({ name: 'Dana Fox', email: 'dana@club.org', orgCount: 2, disabled: true })]);
    open();
    await screen.findByRole('table', { name: 'Users' });
    const row = within(table()).getByText('Dana Fox').closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getAllByText('dana@club.org').length).toBeGreaterThan(0);
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('Disabled')).toBeTruthy();
  });

  it("says 'No users found' for an empty list", async () => {
    serve([]);
    open();
    expect(await screen.findByText(ADMIN_MESSAGES.noUsers)).toBeTruthy();
  });

  it("shows 'Failed to load users: {message}' and the toast when the list fails", async () => {
    stubApi(() => apiError(409, 'Database unavailable'));
    open();
    expect(await screen.findByText('Failed to load users: Database unavailable')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(ADMIN_MESSAGES.fetchUsersFailed, { description: 'Database unavailable' });
  });

  it('select-all picks every user on the page but the admin, and a real user in the selection brings the warning', async () => {
    const users = [SELF, adminUser({ email: 'qa+test@club.org' }), adminUser({ email: 'treasurer@club.org' })];
    const fetchMock = serve(users, (method, path) =>
      method === 'POST' && path === '/api/admin/users/bulk-delete'
        ? Response.json({ deleted: 2, message: '2 users deleted' })
        : null,
    );
    open();
    await screen.findByText('Showing 1-3 of 3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select staff@pennant.app' }).getAttribute('data-state')).toBe(
      'unchecked',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete Selected Users' });
    expect(within(dialog).getByText('This selection includes real users')).toBeTruthy();
    expect(within(dialog).getByText('treasurer@club.org')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete 2 Users' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('User Deleted', { description: '2 users deleted' }));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/users/bulk-delete');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ userIds: [users[1]?.id, users[2]?.id] });
  });

  it('a selection of test accounts only asks without the warning', async () => {
    serve([adminUser({ email: 'qa+test@club.org' }), adminUser({ email: 'treasurer@club.org' })]);
    open();
    await screen.findByText('Showing 1-2 of 2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select qa+test@club.org' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Selected Users' });
    expect(within(dialog).queryByText('This selection includes real users')).toBeNull();
  });

  it("'Quick Delete n Test Users' asks only the browser's confirm, then deletes the page's test accounts", async () => {
    const tests = [adminUser({ email: 'pat+e2e@club.org' }), adminUser({ email: 'playwright.run@club.org' })];
    const fetchMock = serve([...tests, adminUser({ email: 'real.person@club.org' })], (method, path) =>
      method === 'POST' && path === '/api/admin/users/bulk-delete'
        ? Response.json({ deleted: 2, message: '2 users deleted' })
        : null,
    );
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    open();
    const quick = await screen.findByRole('button', { name: 'Quick Delete 2 Test Users' });

    fireEvent.click(quick);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/users/bulk-delete')).toBe(false);

    confirm.mockReturnValue(true);
    fireEvent.click(quick);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('User Deleted', { description: '2 users deleted' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/users/bulk-delete');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ userIds: tests.map((u) => u.id) });
  });

  it("disabling a user says 'User has been disabled'", async () => {
    const user = adminUser({ email: 'dana@club.org' });
    serve([user], (method, path) =>
      method === 'PATCH' && path === `/api/admin/users/${user.id}` ? Response.json({ ...user, disabled: true }) : null,
    );
    open();
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Actions for dana@club.org' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Disable User' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('User has been disabled'));
  });

  it("Hard Delete confirms first, then says 'User Deleted'", async () => {
    const user = adminUser({ email: 'dana@club.org', name: 'Dana Fox' });
    serve([user], (method, path) =>
      method === 'DELETE' && path === `/api/admin/users/${user.id}`
        ? Response.json({ message: 'User dana@club.org and their memberships were deleted' })
        : null,
    );
    open();
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Actions for dana@club.org' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Hard Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hard Delete User' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('User Deleted', {
        description: 'User dana@club.org and their memberships were deleted',
      }),
    );
  });
});
