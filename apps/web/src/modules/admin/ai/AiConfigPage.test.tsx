// @vitest-environment jsdom
import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import { AI_MESSAGES, type TAiConfig } from '@pennant/shared/ai/schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../catalogue/test-helpers';
import { apiError, stubApi } from '../../invoices/test-fixtures';
import { adminClient, renderAt, stubMatchMedia } from '../test-helpers';
import { AiConfigPage } from './AiConfigPage';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(stubResizeObserver);
beforeEach(() => stubMatchMedia(true));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const f of Object.values(toast)) f.mockReset();
});

const CONFIG: TAiConfig = {
  featureKey: 'personalize-email',
  model: 'gpt-4o-mini',
  tokenLimit: 2000,
  systemPrompt: 'You write short, warm e-mails.',
  updatedAt: '2026-03-14T15:00:00.000Z',
  updatedByEmail: 'staff@pennant.app',
};

type TExtra = (method: string, path: string) => Response | Promise<Response> | null;

/** The configurations route, and whatever `extra` answers (a reply may never come). */
function serve(extra: TExtra = () => null) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/api/admin/ai-configs') return Response.json({ configs: [CONFIG] });
    return (await extra(method, path)) ?? apiError(404, `unexpected ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openEdit() {
  renderAt(adminClient(), '/admin/ai-config', <AiConfigPage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Prospect e-mails' }));
  return screen.findByRole('dialog', { name: 'Edit AI Configuration' });
}

describe('/admin/ai-config', () => {
  it('lists each feature with its model, token limit, last update and who made it', async () => {
    serve();
    renderAt(adminClient(), '/admin/ai-config', <AiConfigPage />);
    const table = await screen.findByRole('table', { name: 'AI features' });
    expect(within(table).getByText('personalize-email')).toBeTruthy();
    expect(within(table).getByText('GPT-4o mini (recommended)')).toBeTruthy();
    expect(within(table).getByText('2,000')).toBeTruthy();
    expect(within(table).getByText('staff@pennant.app')).toBeTruthy();
  });

  it.each([['999'], ['32001'], ['']])('refuses a token limit of %s (1,000 to 32,000)', async (value) => {
    const fetchMock = serve();
    const dialog = await openEdit();
    fireEvent.change(within(dialog).getByLabelText('Token Limit'), { target: { value } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(AI_MESSAGES.tokenLimit)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('closes with its success toast before the call has answered (§4.7)', async () => {
    let answered = false;
    const fetchMock = serve((method) =>
      method === 'PUT'
        ? // Never answers during the test: the dialog must not wait for it.
          new Promise<Response>(() => undefined).then((r) => {
            answered = true;
            return r;
          })
        : null,
    );
    const dialog = await openEdit();
    fireEvent.change(within(dialog).getByLabelText('Token Limit'), { target: { value: '32000' } });
    fireEvent.change(within(dialog).getByLabelText('Model'), { target: { value: 'gpt-4o' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit AI Configuration' })).toBeNull());
    expect(toast.success).toHaveBeenCalledWith(ADMIN_MESSAGES.aiConfigUpdated);
    expect(answered).toBe(false);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/admin/ai-configs/personalize-email');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      model: 'gpt-4o',
      tokenLimit: 32000,
      systemPrompt: CONFIG.systemPrompt,
    });
  });

  it('tells a failed save in an error toast after the dialog closed', async () => {
    serve((method) => (method === 'PUT' ? apiError(409, 'Config locked') : null));
    const dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ADMIN_MESSAGES.updateAiConfigFailed, { description: 'Config locked' }),
    );
  });

  it("shows the history with 'Revert to this version' disabled and 'Revert functionality coming soon'", async () => {
    serve((_method, path) =>
      path === '/api/admin/ai-configs/personalize-email/history'
        ? Response.json({
            history: [
              {
                id: 'h1',
                featureKey: 'personalize-email',
                createdAt: '2026-03-14T15:00:00.000Z',
                createdByEmail: 'staff@pennant.app',
                previousConfig: { model: 'gpt-4o', tokenLimit: 4000, systemPrompt: 'Old prompt' },
              },
            ],
          })
        : null,
    );
    renderAt(adminClient(), '/admin/ai-config', <AiConfigPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'History of Prospect e-mails' }));
    const sheet = await screen.findByRole('dialog', { name: 'Configuration History' });
    const revert = await within(sheet).findByRole('button', { name: 'Revert to this version' });
    expect((revert as HTMLButtonElement).disabled).toBe(true);
    expect(within(sheet).getByText('Revert functionality coming soon')).toBeTruthy();
    expect(within(sheet).getByText('4,000')).toBeTruthy();
  });

  it("says 'Error fetching AI configurations' when the list fails", async () => {
    stubApi(() => apiError(409, 'Nope'));
    renderAt(adminClient(), '/admin/ai-config', <AiConfigPage />);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ADMIN_MESSAGES.fetchAiConfigsFailed, { description: 'Nope' }),
    );
  });
});
