// @vitest-environment jsdom
import { FUNDRAISING_MESSAGES as M } from '@pennant/shared/fundraising/schemas';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingKeys } from '../../billing/billing-api';
import { stubResizeObserver, withClient } from '../../catalogue/test-helpers';
import { stubApi } from '../../invoices/test-fixtures';
import { premiumClient } from '../../invoices/test-session';
import { CampaignDialog } from './CampaignDialog';
import { CAMPAIGN_ID, paymentAccount } from './test-fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/**
 * One campaign made from start to finish through the real steps, the Contacts step included
 * (CampaignDialog.test.tsx covers each step with the Contacts step stood in).
 */

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(stubResizeObserver);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-10T15:00:00.000Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  window.localStorage.clear();
});

describe('CampaignDialog, every step', () => {
  it('creates an alumni campaign with a sender name and the contacts added in the Contacts step', async () => {
    const fetchMock = stubApi(() =>
      Response.json({ id: CAMPAIGN_ID, status: 'draft', message: 'ok' }, { status: 201 }),
    );
    const onClose = vi.fn();
    render(
      withClient(
        premiumClient(['sponsorship_lead'], [[billingKeys.paymentAccount, paymentAccount(true)]]),
        <MemoryRouter>
          <CampaignDialog campaignId={null} onClose={onClose} />
        </MemoryRouter>,
      ),
    );

    fireEvent.click(screen.getByRole('radio', { name: /Alumni Campaign/ }));
    type('Campaign Name', 'Scoreboard Appeal');
    type('Sender Name (optional)', 'Coach Taylor');
    type('Campaign Goal', '10000');
    fireEvent.click(button(/Next/));
    expect(screen.getByRole('heading', { level: 2, name: 'Step 2 of 3: Contacts' })).toBeTruthy();

    const added: [string, string][] = [
      ['Eve Park', 'Eve.Park@Example.org'],
      ['Sam Cole', 'sam.cole@example.org'],
    ];
    for (const [name, email] of added) {
      type('Name', name);
      type('Email', email);
      fireEvent.click(button(/Add Contact/));
    }
    fireEvent.click(button(/Next/));
    expect(screen.getByRole('heading', { level: 2, name: 'Step 3 of 3: Review' })).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();

    fireEvent.click(button(/Create Campaign/));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith(M.created);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({
      name: 'Scoreboard Appeal',
      campaignType: 'alumni',
      goalCents: 1_000_000,
      behalfOfName: 'Coach Taylor',
      players: [],
      contacts: [
        { name: 'Eve Park', email: 'eve.park@example.org', playerIndex: -1 },
        { name: 'Sam Cole', email: 'sam.cole@example.org', playerIndex: -1 },
      ],
    });
  });
});
