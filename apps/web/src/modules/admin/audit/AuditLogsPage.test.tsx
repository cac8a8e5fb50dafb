// @vitest-environment jsdom
import { ADMIN_MESSAGES, type TAuditEntry } from '@pennant/shared/admin/schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../catalogue/test-helpers';
import { apiError, stubApi } from '../../invoices/test-fixtures';
import { adminClient, auditEntry, renderAt } from '../test-helpers';
import { AuditLogsPage } from './AuditLogsPage';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const f of Object.values(toast)) f.mockReset();
});

const LONG = 'A sponsor asked for a refund on the outfield banner';
const ENTRIES: TAuditEntry[] = [
  auditEntry({ action: 'freeze_org', details: { reason: LONG, plan: 'free' } }),
  auditEntry({ action: 'start_impersonation', targetOrgName: 'Riverside Eagles', details: { orgs: 'a,b,c' } }),
];

function serve(entries: TAuditEntry[] = ENTRIES) {
  return stubApi((method, path) => {
    const url = new URL(path, 'http://localhost');
    if (method === 'GET' && url.pathname === '/api/admin/audit-logs') {
      const action = url.searchParams.get('action');
      const found = entries.filter((e) => !action || e.action === action);
      return Response.json({ entries: found, totalCount: found.length });
    }
    return apiError(404, `unexpected ${method} ${path}`);
  });
}

/** jsdom's Blob has no text(); FileReader reads it. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function open() {
  const client = adminClient();
  renderAt(client, '/admin/audit-logs', <AuditLogsPage />);
  return client;
}

describe('/admin/audit-logs', () => {
  it('cuts each detail value to 30 characters in the table', async () => {
    serve();
    open();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText(`reason: ${LONG.slice(0, 30)}...`)).toBeTruthy();
    expect(within(table).getByText('plan: free')).toBeTruthy();
  });

  it('shows an entry in full in the detail dialog', async () => {
    serve();
    open();
    fireEvent.click((await screen.findAllByRole('button', { name: /^View freeze_org/ }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Audit Log Entry' });
    expect(within(dialog).getByText(LONG)).toBeTruthy();
    expect(within(dialog).getByText('127.0.0.1')).toBeTruthy();
    expect(within(dialog).getByText('Mozilla/5.0')).toBeTruthy();
  });

  it('filters by action', async () => {
    const fetchMock = serve();
    open();
    await screen.findByRole('table', { name: 'Audit log' });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'start_impersonation' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('action=start_impersonation'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText(`reason: ${LONG.slice(0, 30)}...`)).toBeNull());
  });

  it('is cached 30 s and refetched every 60 s', async () => {
    serve();
    const client = open();
    await screen.findByRole('table', { name: 'Audit log' });
    const query = client.getQueryCache().findAll({ queryKey: ['admin', 'audit-logs'] })[0];
    const options = query?.observers[0]?.options;
    expect(options?.staleTime).toBe(30_000);
    expect(options?.refetchInterval).toBe(60_000);
  });

  it('exports every match as CSV, dated, with commas in details as semicolons', async () => {
    serve();
    let blob: Blob | undefined;
    class CapturingUrl extends URL {
      static override createObjectURL(b: Blob): string {
        blob = b;
        return 'blob:audit';
      }
      static override revokeObjectURL(): void {}
    }
    vi.stubGlobal('URL', CapturingUrl);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    open();
    await screen.findByRole('table', { name: 'Audit log' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = blob ? await readText(blob) : '';
    expect(
      text
        .replace(/^\uFEFF/, '')
        .startsWith('Date,Admin,Action,Target User,Target Organization,Details,IP Address,User Agent\r\n'),
    ).toBe(true);
    const rows = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => r.Action)).toEqual(['freeze_org', 'start_impersonation']);
    expect(rows[0]?.Details).toBe(`{"reason":"${LONG}";"plan":"free"}`);
    expect(rows[1]?.Details).toBe('{"orgs":"a;b;c"}');
    expect(rows[1]?.['Target Organization']).toBe('Riverside Eagles');
  });

  it("says 'No audit log entries found' when there are none", async () => {
    serve([]);
    open();
    expect(await screen.findByText(ADMIN_MESSAGES.noAuditEntries)).toBeTruthy();
  });

  it("says 'Error loading audit logs' when the log cannot be read", async () => {
    stubApi(() => apiError(409, 'Nope'));
    open();
    expect(await screen.findByText(ADMIN_MESSAGES.loadAuditLogsFailed)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(ADMIN_MESSAGES.fetchAuditLogsFailed, { description: 'Nope' });
  });
});
