// @vitest-environment jsdom
import { FUNDRAISING_MESSAGES, type TCampaignSummary } from '@pennant/shared/fundraising/schemas';
import type { TSession } from '@pennant/shared/session/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { apiError, stubApi } from '../invoices/test-fixtures';
import { premiumClient } from '../invoices/test-session';
import { FundraisingPage, mentionsRowLevelSecurity } from './FundraisingPage';
import { fundraisingKeys } from './fundraising-api';
import { campaignSummary } from './wizard/test-fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const DRAFT = campaignSummary({ id: 'c1000000-0000-4000-8000-000000000001', name: 'Draft Drive', status: 'draft' });
const READY = campaignSummary({
  id: 'c2000000-0000-4000-8000-000000000002',
  name: 'Alumni Appeal',
  status: 'ready',
  campaignType: 'alumni',
  goalCents: 1_000_000,
  totalGoalCents: 1_000_000,
  raisedCents: 0,
});
const SENT_NEW = campaignSummary({
  id: 'c3000000-0000-4000-8000-000000000003',
  name: 'Fall Push',
  status: 'sent',
  unsentCount: 4,
  raisedCents: 200_000,
  totalGoalCents: 150_000,
});
const SENT_ALL = campaignSummary({ id: 'c4000000-0000-4000-8000-000000000004', name: 'Winter Gala', status: 'sent' });
const ARCHIVED = campaignSummary({ id: 'c5000000-0000-4000-8000-000000000005', name: 'Old Thing', status: 'archived' });
const ALL = [DRAFT, READY, SENT_NEW, SENT_ALL, ARCHIVED];

/** A reply of the list: one page of 50, with how many campaigns there are in all. */
const listPage = (campaigns: TCampaignSummary[], page = 1, total = campaigns.length) => ({
  campaigns,
  total,
  page,
  pageSize: 50,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderPage(opts: { campaigns?: TCampaignSummary[] | null; roles?: TRole[]; plan?: TSession['plan'] } = {}) {
  const campaigns = opts.campaigns === undefined ? ALL : opts.campaigns;
  const client = premiumClient(
    opts.roles ?? ['admin'],
    campaigns === null ? [] : [[fundraisingKeys.list(1), listPage(campaigns)]],
    opts.plan,
  );
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={['/dashboard/fundraising']}>
        <Routes>
          <Route path="/dashboard/fundraising" element={<FundraisingPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return client;
}

const table = () => screen.getByRole('table', { name: 'Campaigns' });
function rowOf(name: string) {
  const cell = within(table()).getByText(name);
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`No row for ${name}`);
  return tr;
}
function openMore(name: string) {
  fireEvent.keyDown(screen.getByRole('button', { name: `More actions for ${name}` }), { key: 'Enter' });
  return within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((i) => i.textContent?.trim());
}

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('FundraisingPage', () => {
  it('lists the campaigns with their status badges, type, period, goal and raised', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Fundraising' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Campaign' })).toBeTruthy();

    const badge = (name: string, status: string) => within(rowOf(name)).getByText(status);
    expect(badge('Draft Drive', 'Draft').dataset.tone).toBe('yellow');
    expect(badge('Alumni Appeal', 'Ready').dataset.tone).toBe('green');
    expect(badge('Fall Push', 'Sent').dataset.tone).toBe('blue');
    expect(badge('Old Thing', 'Archived').dataset.tone).toBe('grey');

    const draft = rowOf('Draft Drive');
    expect(draft.textContent).toContain('Player');
    expect(draft.textContent).toContain('Mar 1, 2026 – Mar 31, 2026');
    expect(draft.textContent).toContain('$500 / player');
    expect(draft.textContent).toContain('$300');
    expect(draft.textContent).toContain('20%');
    const alumni = rowOf('Alumni Appeal');
    expect(alumni.textContent).toContain('Alumni');
    expect(alumni.textContent).toContain('$10,000');
    expect(alumni.textContent).not.toContain('/ player');
  });

  it('caps the raised bar at 100% while the figure says how far past the goal it is', () => {
    renderPage();
    const row = rowOf('Fall Push');
    expect(row.textContent).toContain('133.3%');
    const bar = within(row).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
  });

  it('links the name to the campaign page only when the campaign is sent', () => {
    renderPage();
    expect(within(rowOf('Draft Drive')).queryByRole('link', { name: 'Draft Drive' })).toBeNull();
    expect(within(rowOf('Alumni Appeal')).queryByRole('link', { name: 'Alumni Appeal' })).toBeNull();
    const link = within(rowOf('Fall Push')).getByRole('link', { name: 'Fall Push' });
    expect(link.getAttribute('href')).toBe(`/dashboard/fundraising/campaign/${SENT_NEW.id}`);
  });

  it('offers the actions each status allows', () => {
    renderPage();
    const launch = within(rowOf('Draft Drive')).getByRole('link', { name: 'Launch Draft Drive' });
    expect(launch.getAttribute('href')).toBe(`/dashboard/fundraising/launch/${DRAFT.id}`);
    expect(within(rowOf('Alumni Appeal')).getByRole('link', { name: 'Launch Alumni Appeal' })).toBeTruthy();
    expect(openMore('Draft Drive')).toEqual(['Edit', 'Delete']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });

    // Sent with contacts never e-mailed: the incremental send and View; no Launch, no Delete.
    const fall = rowOf('Fall Push');
    expect(within(fall).queryByRole('link', { name: /^Launch/ })).toBeNull();
    const sendNew = within(fall).getByRole('link', { name: 'Send Fall Push to 4 new contacts' });
    expect(sendNew.textContent).toContain('Send to 4 new contacts');
    expect(sendNew.getAttribute('href')).toBe(`/dashboard/fundraising/launch/${SENT_NEW.id}`);
    expect(within(fall).getByRole('link', { name: 'View Fall Push' }).getAttribute('href')).toBe(
      `/dashboard/fundraising/campaign/${SENT_NEW.id}`,
    );
    expect(openMore('Fall Push')).toEqual(['Edit']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });

    // Sent with everyone contacted: View only.
    const winter = rowOf('Winter Gala');
    expect(within(winter).queryByRole('link', { name: /new contacts/ })).toBeNull();
    expect(within(winter).getByRole('link', { name: 'View Winter Gala' })).toBeTruthy();

    // Any other status: neither launched nor deleted from here.
    const other = rowOf('Old Thing');
    expect(within(other).queryByRole('link')).toBeNull();
    expect(openMore('Old Thing')).toEqual(['Edit']);
  });

  it('shows a read-only member the list without New Campaign, Launch, Edit or Delete', () => {
    renderPage({ roles: ['read_only'] });
    expect(screen.queryByRole('button', { name: 'New Campaign' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Launch/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /new contacts/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /More actions/ })).toBeNull();
    expect(within(rowOf('Fall Push')).getByRole('link', { name: 'View Fall Push' })).toBeTruthy();
  });

  it('says what to do when there are no campaigns', () => {
    renderPage({ campaigns: [] });
    expect(screen.getByText(FUNDRAISING_MESSAGES.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the load failure with the message, and the access-policy hint for a row-level security refusal', async () => {
    stubApi(() => apiError(403, 'new row violates row-level security policy for table "fundraising_campaign"'));
    renderPage({ campaigns: null });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error Fetching Campaigns');
    expect(alert.textContent).toContain('violates row-level security policy');
    expect(alert.textContent).toContain(FUNDRAISING_MESSAGES.accessPolicyHint);
  });

  it('leaves the hint out when the failure is something else', async () => {
    stubApi(() => apiError(403, 'Not a member of an organization'));
    renderPage({ campaigns: null });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error Fetching Campaigns');
    expect(alert.textContent).toContain('Not a member of an organization');
    expect(alert.textContent).not.toContain(FUNDRAISING_MESSAGES.accessPolicyHint);
  });

  it('recognises the ways a row-level security refusal is worded', () => {
    expect(mentionsRowLevelSecurity('violates row-level security policy')).toBe(true);
    expect(mentionsRowLevelSecurity('Row level security denied')).toBe(true);
    expect(mentionsRowLevelSecurity('RLS check failed')).toBe(true);
    expect(mentionsRowLevelSecurity('Campaign not found')).toBe(false);
  });

  it('pages a long list 50 at a time: the count, the page buttons, and the next page asked for', async () => {
    const later = Array.from({ length: 20 }, (_, i) =>
      campaignSummary({
        id: `c6000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
        name: `Drive ${i + 51}`,
      }),
    );
    const fetchMock = stubApi((_method, path) =>
      Response.json(path.includes('page=2') ? listPage(later, 2, 70) : listPage(ALL, 1, 70)),
    );
    const client = renderPage();
    client.setQueryData(fundraisingKeys.list(1), listPage(ALL, 1, 70));
    await screen.findByText('Showing 1–5 of 70');
    const pages = screen.getByRole('navigation', { name: 'Campaign pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 51–70 of 70');
    expect(within(table()).getByText('Drive 51')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/fundraising/campaigns?page=2');
  });

  it('shows no pager when every campaign fits on one page', () => {
    renderPage();
    expect(screen.queryByRole('navigation', { name: 'Campaign pages' })).toBeNull();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('shows a skeleton while the list loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderPage({ campaigns: null });
    expect(screen.getByRole('status').textContent).toBe('Loading campaigns...');
  });

  it('deletes a draft after confirmation, with a toast', async () => {
    const fetchMock = stubApi((method) =>
      method === 'DELETE' ? Response.json({ ok: true }) : Response.json(listPage(ALL)),
    );
    renderPage();
    openMore('Draft Drive');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Campaign' });
    expect(dialog.textContent).toContain('Draft Drive');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(FUNDRAISING_MESSAGES.deleted));
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(del?.[0]).toBe(`/api/fundraising/campaigns/${DRAFT.id}`);
  });

  it('opens the upgrade dialog instead of the campaign dialog on a plan without new campaigns', () => {
    renderPage({ plan: { planKey: 'free', status: null, expiresAt: null } });
    fireEvent.click(screen.getByRole('button', { name: 'New Campaign' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade Your Plan' });
    expect(dialog.textContent).toContain(FUNDRAISING_MESSAGES.premiumRequired);
    expect(screen.queryByRole('dialog', { name: 'New Campaign' })).toBeNull();
  });

  it('opens the campaign dialog for a new campaign and in edit mode', async () => {
    stubApi(() => apiError(404, 'Campaign not found'));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'New Campaign' }));
    expect(screen.getByRole('dialog', { name: 'New Campaign' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    openMore('Fall Push');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit Campaign' })).toBeTruthy();
  });
});
