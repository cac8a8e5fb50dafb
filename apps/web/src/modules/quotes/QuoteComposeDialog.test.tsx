// @vitest-environment jsdom
import type { TCompanyContact } from '@pennant/shared/companies/schemas';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueKeys } from '../catalogue/catalogue-api';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { companyKeys } from '../companies/companies-api';
import { QuoteComposeDialog } from './QuoteComposeDialog';
import { atRoute, BANNER, COMPANY_ID, detail, GAME_DAY, reply, SHOUTOUT } from './test-fixtures';

const RILEY: TCompanyContact = {
  id: '9e1c5a6b-1111-4d2e-8f00-000000000001',
  companyId: COMPANY_ID,
  name: 'Riley Chen',
  email: 'riley@hardware.example',
  phone: null,
  title: null,
  role: 'primary',
  isPrimary: true,
  isActive: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const CREATED = detail({ id: '3f9a7c21-0000-4000-8000-000000000007', status: 'draft' });

function renderDialog(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const client = seededClient(
    ['sponsorship_lead'],
    [
      [catalogueKeys.products, [BANNER, SHOUTOUT]],
      [catalogueKeys.bundles('all'), { bundles: [GAME_DAY], currentSeason: '2026', nextSeason: '2027' }],
      [companyKeys.contacts(COMPANY_ID), [RILEY]],
    ],
  );
  const onOpenChange = vi.fn();
  render(
    withClient(
      client,
      atRoute(
        '/dashboard/companies/x',
        <QuoteComposeDialog
          open
          onOpenChange={onOpenChange}
          company={{ id: COMPANY_ID, name: 'Riverside Hardware', status: 'prospect' }}
        />,
      ),
    ),
  );
  return onOpenChange;
}

const sendButton = () => screen.getByRole('button', { name: 'Send Quote' });

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('QuoteComposeDialog', () => {
  it('waits for a line, a subject and a body before Preview and Send', () => {
    renderDialog(vi.fn());
    expect(screen.getByLabelText('Subject')).toHaveProperty('value', 'Sponsorship Proposal from Lincoln Boosters');
    expect(sendButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByLabelText('Item 1'), { target: { value: `product:${SHOUTOUT.id}` } });
    expect(sendButton()).toHaveProperty('disabled', false);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '  ' } });
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Message'), {
      target: { value: 'Hello {{contact_name}} at {{company_name}}' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('tabpanel');
    expect(preview.textContent).toContain('Riley Chen <riley@hardware.example>');
    expect(preview.textContent).toContain('Hello Riley at Riverside Hardware');
    expect(preview.textContent).toContain('$300');
  });

  it('Send Quote creates the draft and sends it to the primary contact', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/quotes') return reply(CREATED, 201);
      if (url === `/api/quotes/${CREATED.id}/send`)
        return reply({ quote: { ...CREATED, status: 'sent' }, sentTo: [RILEY.email] });
      return reply({ error: { code: 'not_found', message: url } }, 404);
    });
    const onOpenChange = renderDialog(fetchMock);
    fireEvent.change(screen.getByLabelText('Item 1'), { target: { value: `product:${BANNER.id}` } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const create = fetchMock.mock.calls.find(([url]) => url === '/api/quotes');
    const send = fetchMock.mock.calls.find(([url]) => url.endsWith('/send'));
    expect(JSON.parse(String(create?.[1]?.body)).lines).toHaveLength(2);
    expect(send?.[0]).toBe(`/api/quotes/${CREATED.id}/send`);
    expect(JSON.parse(String(send?.[1]?.body))).toMatchObject({
      subject: 'Sponsorship Proposal from Lincoln Boosters',
      contactIds: [RILEY.id],
    });
  });
});
