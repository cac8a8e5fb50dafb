// @vitest-environment jsdom
import { FUNDRAISING_MESSAGES } from '@pennant/shared/fundraising/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededClient, stubResizeObserver, withClient } from '../../catalogue/test-helpers';
import { apiError, stubApi } from '../../invoices/test-fixtures';
import { fundraisingKeys } from '../fundraising-api';
import type { TEditableCampaign } from '../wizard/campaign-form';
import { CampaignDetailPage } from './CampaignDetailPage';
import {
  alumniDetail,
  analytics,
  CAMPAIGN_ID,
  campaignDetail,
  contactPage,
  donation,
  emailHistory,
  insights,
  PLAYER_A,
  PLAYER_B,
  playerProgress,
} from './campaign-fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

type TSeed = [readonly unknown[], unknown];

/** A server error is retried once (about a second later) before the page says it failed. */
const RETRIED = { timeout: 5_000 };

function renderPage(opts: { roles?: TRole[]; seed?: TSeed[] } = {}) {
  const client = seededClient(opts.roles ?? ['admin'], opts.seed ?? []);
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={[`/dashboard/fundraising/campaign/${CAMPAIGN_ID}`]}>
        <Routes>
          <Route path="/dashboard/fundraising/campaign/:campaignId" element={<CampaignDetailPage />} />
          <Route path="/dashboard/fundraising" element={<p>The campaigns list</p>} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return client;
}

/** The detail read (no contacts) and, last, the first page of its contacts' read. */
const detailSeed = (c: TEditableCampaign) => {
  const { contacts: _all, ...detail } = c;
  return {
    detail: [fundraisingKeys.detail(CAMPAIGN_ID), detail] as TSeed,
    contacts: [fundraisingKeys.contacts(CAMPAIGN_ID, 1), contactPage(c, 1)] as TSeed,
  };
};

const playerSeed = (c: TEditableCampaign = campaignDetail()): TSeed[] => [
  detailSeed(c).detail,
  [
    fundraisingKeys.history(CAMPAIGN_ID),
    emailHistory({ hasPreviousSends: true, previouslySentContacts: 1, newContacts: 1 }),
  ],
  [
    fundraisingKeys.playerProgress(CAMPAIGN_ID),
    {
      players: [
        playerProgress(),
        playerProgress({
          id: PLAYER_B,
          name: 'Sam Chen',
          raisedCents: 75_000,
          contactCount: 1,
          progressPercentage: 150,
        }),
      ],
    },
  ],
  detailSeed(c).contacts,
];

const alumniSeed = (c: TEditableCampaign = alumniDetail()): TSeed[] => [
  detailSeed(c).detail,
  [
    fundraisingKeys.history(CAMPAIGN_ID),
    emailHistory({ hasPreviousSends: true, previouslySentContacts: 2, newContacts: 0 }),
  ],
  [
    fundraisingKeys.progress(CAMPAIGN_ID),
    {
      raisedCents: 123_450,
      goalCents: 1_000_000,
      donationCount: 14,
      donorCount: 12,
      contactCount: 2,
      progressPercentage: 12.3,
    },
  ],
  [fundraisingKeys.analytics(CAMPAIGN_ID), analytics(12)],
  detailSeed(c).contacts,
];

const card = (title: string) => {
  const heading = screen.getByRole('heading', { level: 2, name: title });
  const el = heading.closest('div.rounded-xl');
  if (!(el instanceof HTMLElement)) throw new Error(`no card ${title}`);
  return el;
};

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('CampaignDetailPage: a player campaign', () => {
  it('shows the title, the four cards, the details card and each player’s progress, the bar capped at 100%', () => {
    renderPage({ seed: playerSeed() });
    expect(screen.getByRole('heading', { level: 1, name: 'Spring Booster Drive' })).toBeTruthy();
    expect(screen.getByText('Active Campaign')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Campaigns/ }).getAttribute('href')).toBe('/dashboard/fundraising');

    expect(within(card('Goal')).getByText('$500')).toBeTruthy();
    expect(within(card('Goal')).getByText('Goal per Player')).toBeTruthy();
    expect(within(card('Duration')).getByText('30 days')).toBeTruthy();
    expect(within(card('Duration')).getByText('Mar 1, 2026 – Mar 31, 2026')).toBeTruthy();
    expect(within(card('Players')).getByText('2')).toBeTruthy();
    expect(within(card('Status')).getByText('Campaign Active')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Contacts', level: 2 })?.textContent).toBe('Contacts');

    const details = card('Campaign Details');
    expect(within(details).getByText('Player')).toBeTruthy();
    expect(within(details).getByText('Goal per Player')).toBeTruthy();
    // Updated 30 seconds after creation: no last-updated line.
    expect(within(details).queryByText('Last Updated')).toBeNull();

    const players = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    expect(players).toHaveLength(2);
    expect(within(players[0] as HTMLElement).getByText('$250.00')).toBeTruthy();
    expect(within(players[0] as HTMLElement).getByText('12 contacts')).toBeTruthy();
    expect(within(players[0] as HTMLElement).getByText('50%')).toBeTruthy();
    expect(within(players[0] as HTMLElement).queryByText('At goal')).toBeNull();
    expect(within(players[1] as HTMLElement).getByText('At goal')).toBeTruthy();
    expect(within(players[1] as HTMLElement).getByText('150%')).toBeTruthy();
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['50', '100']);
    expect(screen.getByText('1 of 2')).toBeTruthy();
    expect(screen.getByText('$1,000.00')).toBeTruthy();

    // Sent: the incremental send, Add Contacts, the locked contacts with their badges; no delete.
    expect(screen.getByRole('link', { name: /Send to 1 new contacts/ }).getAttribute('href')).toBe(
      `/dashboard/fundraising/launch/${CAMPAIGN_ID}`,
    );
    expect(screen.getByRole('button', { name: /Add Contacts/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByText(FUNDRAISING_MESSAGES.contactsLocked)).toBeTruthy();
    const contacts = within(screen.getByRole('table', { name: 'Campaign contacts' })).getAllByRole('row');
    expect(within(contacts[1] as HTMLElement).getByText('Email Sent')).toBeTruthy();
    expect(within(contacts[2] as HTMLElement).getByText('Not sent yet')).toBeTruthy();
  });

  it('reads the contacts a page at a time from the server, with the counts of all of them', async () => {
    const many = campaignDetail({
      contacts: Array.from({ length: 30 }, (_, i) => ({
        id: `cc000000-0000-4000-8000-0000000000${String(i + 10)}`,
        contactId: `ca000000-0000-4000-8000-0000000000${String(i + 10)}`,
        playerId: PLAYER_A,
        name: `Parent ${i + 1}`,
        email: `parent${i + 1}@example.org`,
        emailSent: i < 3,
        optedOut: false,
      })),
    });
    const fetchMock = stubApi(() => Response.json(contactPage(many, 2)));
    renderPage({ seed: playerSeed(many) });
    expect(screen.getByText('30 contacts · 3 e-mailed')).toBeTruthy();
    const table = () => within(screen.getByRole('table', { name: 'Campaign contacts' }));
    expect(table().getAllByRole('row')).toHaveLength(26);
    expect(table().getByText('Parent 25')).toBeTruthy();

    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Contact pages' })).getByRole('button', { name: 'Page 2' }),
    );
    await waitFor(() => expect(table().getByText('Parent 26')).toBeTruthy());
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(`/api/fundraising/campaigns/${CAMPAIGN_ID}/contacts?page=2`);
    expect(table().getAllByRole('row')).toHaveLength(6);
    expect(table().queryByText('Parent 25')).toBeNull();
  });

  it('says when the contacts cannot be loaded, and reads them again on Try Again', async () => {
    const fetchMock = stubApi(() => apiError(500, 'boom'));
    // Everything but the contacts' page.
    renderPage({ seed: playerSeed().slice(0, -1) });
    expect(await screen.findByText(FUNDRAISING_MESSAGES.contactsFailed, undefined, RETRIED)).toBeTruthy();
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(calls));
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(`/api/fundraising/campaigns/${CAMPAIGN_ID}/contacts?page=1`);
  });

  it('shows the last-updated line once the campaign changed more than 60 seconds after creation', () => {
    renderPage({ seed: playerSeed(campaignDetail({ updatedAt: '2026-02-25T10:00:00.000Z' })) });
    const details = card('Campaign Details');
    expect(within(details).getByText('Last Updated')).toBeTruthy();
    expect(within(details).getByText('Feb 25, 2026')).toBeTruthy();
  });

  it('says when player progress cannot be loaded', async () => {
    stubApi(() => apiError(500, 'boom'));
    // The detail and the history, no progress.
    renderPage({ seed: playerSeed().slice(0, 2) });
    expect(await screen.findByText(FUNDRAISING_MESSAGES.playerProgressFailed, undefined, RETRIED)).toBeTruthy();
  });

  it('offers Launch and Delete for a draft, and deletes it (soft) after confirming', async () => {
    const fetchMock = stubApi(() => Response.json({ ok: true }));
    renderPage({ seed: playerSeed(campaignDetail({ status: 'draft' })) });
    expect(screen.getAllByText('Draft')).toHaveLength(2);
    expect(within(card('Status')).getByText('Draft')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Launch/ }).getAttribute('href')).toBe(
      `/dashboard/fundraising/launch/${CAMPAIGN_ID}`,
    );
    expect(screen.queryByRole('button', { name: /Add Contacts/ })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Campaign contacts' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Campaign' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The campaigns list')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/fundraising/campaigns/${CAMPAIGN_ID}`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(toast.success).toHaveBeenCalledWith(FUNDRAISING_MESSAGES.deleted);
  });

  it('gives a read-only member no launch, add or delete', () => {
    renderPage({ roles: ['read_only'], seed: playerSeed() });
    expect(screen.queryByRole('link', { name: /Send to/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add Contacts/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add More Contacts/ })).toBeNull();
  });
});

describe('CampaignDetailPage: not found', () => {
  it('says the campaign was not found, with the server’s reason', async () => {
    stubApi(() => apiError(404, FUNDRAISING_MESSAGES.notFound));
    renderPage();
    expect(await screen.findByRole('heading', { name: FUNDRAISING_MESSAGES.notFoundTitle })).toBeTruthy();
    expect(screen.getByText(FUNDRAISING_MESSAGES.notFound)).toBeTruthy();
  });

  it('falls back to its own sentence when the reply is not a not-found', async () => {
    stubApi(() => apiError(400, 'Invalid input'));
    renderPage();
    expect(await screen.findByRole('heading', { name: FUNDRAISING_MESSAGES.notFoundTitle })).toBeTruthy();
    expect(screen.getByText(FUNDRAISING_MESSAGES.notFoundText)).toBeTruthy();
  });
});

describe('CampaignDetailPage: an alumni campaign', () => {
  it('shows on behalf of, the contacts card, the total goal, progress and the analytics with the top donors', () => {
    renderPage({ seed: alumniSeed() });
    expect(screen.getByText('on behalf of Coach Taylor')).toBeTruthy();
    expect(within(card('Goal')).getByText('Total Goal')).toBeTruthy();
    expect(within(card('Goal')).getByText('$10,000')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Players' })).toBeNull();
    expect(within(card('Campaign Details')).getByText('Total Goal')).toBeTruthy();

    const progress = card('Campaign Progress');
    expect(within(progress).getByText('$1,234.50')).toBeTruthy();
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('12.3');
    // All contacts e-mailed: no incremental send.
    expect(screen.queryByRole('link', { name: /Send to/ })).toBeNull();

    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Analytics');
    expect(screen.getByText('$1,234.50', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('$88.18')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Donations by day' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Mar 5, 2026: $1,134.50 from 12 donations')).toBeTruthy();

    // Ten held, five shown, then '+5 more donors'.
    const top = () => within(screen.getByRole('list', { name: 'Top donors' })).getAllByRole('listitem');
    expect(top()).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: '+5 more donors' }));
    expect(top()).toHaveLength(10);
  });

  it("shows no '+N more donors' with five donors or fewer", () => {
    const seed = alumniSeed();
    seed[3] = [fundraisingKeys.analytics(CAMPAIGN_ID), analytics(5)];
    renderPage({ seed });
    expect(within(screen.getByRole('list', { name: 'Top donors' })).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /more donors/ })).toBeNull();
  });

  it('says when the progress or the analytics cannot be loaded', async () => {
    stubApi(() => apiError(500, 'boom'));
    renderPage({ seed: alumniSeed().slice(0, 2) });
    expect(await screen.findByText(FUNDRAISING_MESSAGES.campaignProgressFailed, undefined, RETRIED)).toBeTruthy();
    expect(await screen.findByText(FUNDRAISING_MESSAGES.analyticsFailed, undefined, RETRIED)).toBeTruthy();
  });

  it('lists donations 20 at a time with Load More, links each payment to the provider and links both exports', async () => {
    const cursor = '1772735400000000_d0000000-0000-4000-8000-000000000002';
    const fetchMock = stubApi((_m, path) => {
      if (path.includes('status=pending')) {
        return Response.json({
          donations: [donation({ id: 'd9', status: 'pending', stripePaymentIntentId: null })],
          stripeAccountId: 'acct_9',
          nextCursor: null,
          total: 1,
        });
      }
      if (path.includes(`cursor=${cursor}`)) {
        return Response.json({
          donations: [donation({ id: 'd3', donorName: 'Wei Chen', donorEmail: 'wei@example.org' })],
          stripeAccountId: 'acct_9',
          nextCursor: null,
          total: null,
        });
      }
      return apiError(500, 'unexpected');
    });
    renderPage({
      seed: [
        ...alumniSeed(),
        [
          fundraisingKeys.donations(CAMPAIGN_ID, 'all'),
          {
            pages: [
              {
                donations: [
                  donation(),
                  donation({
                    id: 'd2',
                    donorName: null,
                    donorEmail: null,
                    status: 'pending',
                    stripePaymentIntentId: 'pi_2',
                  }),
                ],
                stripeAccountId: 'acct_9',
                nextCursor: cursor,
                total: 3,
              },
            ],
            pageParams: [null],
          },
        ],
      ],
    });
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Donation Details/ }));
    const table = await screen.findByRole('table', { name: 'Donations' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Maria Rivera')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('$50.00')).toBeTruthy();
    // The status shows beside the amount on phones and in its own column from 640 px (CSS picks one).
    expect(within(rows[1] as HTMLElement).getAllByText('Paid').length).toBeGreaterThan(0);
    expect(within(rows[2] as HTMLElement).getByText('Anonymous')).toBeTruthy();
    const link = within(rows[1] as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://dashboard.stripe.com/acct_9/payments/pi_123');
    expect(link.getAttribute('target')).toBe('_blank');

    // The exports are the server's files of the filter, saved by the browser.
    const exportDonations = screen.getByRole('link', { name: /Export Donations CSV/ });
    expect(exportDonations.getAttribute('href')).toBe(`/api/fundraising/campaigns/${CAMPAIGN_ID}/donations/export`);
    expect(exportDonations.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: /Export Donor Summary/ }).getAttribute('href')).toBe(
      `/api/fundraising/campaigns/${CAMPAIGN_ID}/donor-summary/export`,
    );

    // The next page, from the first page's cursor.
    expect(screen.getByText('Showing 2 of 3 donations')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load More Donations' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Donations' })).getAllByRole('row')).toHaveLength(4),
    );
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(
      `/api/fundraising/campaigns/${CAMPAIGN_ID}/donations?status=all&cursor=${cursor}`,
    );
    expect(within(screen.getByRole('table', { name: 'Donations' })).getByText('Wei Chen')).toBeTruthy();
    expect(screen.getByText('Showing 3 of 3 donations')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Donations' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Pending' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Donations' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(`/api/fundraising/campaigns/${CAMPAIGN_ID}/donations?status=pending`);
    expect((await screen.findByRole('link', { name: /Export Donor Summary/ })).getAttribute('href')).toBe(
      `/api/fundraising/campaigns/${CAMPAIGN_ID}/donor-summary/export?status=pending`,
    );
    expect(screen.getByText('Showing 1 of 1 donation')).toBeTruthy();
  });

  it('offers no export while a filter has no donations', async () => {
    renderPage({
      seed: [
        ...alumniSeed(),
        [
          fundraisingKeys.donations(CAMPAIGN_ID, 'all'),
          { pages: [{ donations: [], stripeAccountId: null, nextCursor: null, total: 0 }], pageParams: [null] },
        ],
      ],
    });
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Donation Details/ }));
    expect(await screen.findByText('No donations found.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export Donations CSV/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: /Export Donor Summary/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: /Export/ })).toBeNull();
  });

  it('says when the donations cannot be loaded', async () => {
    stubApi(() => apiError(500, 'boom'));
    renderPage({ seed: alumniSeed() });
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Donation Details/ }));
    expect(await screen.findByText(FUNDRAISING_MESSAGES.detailsFailed, undefined, RETRIED)).toBeTruthy();
  });

  it('pages the contact insights 10 at a time: 5 page buttons plus the last, and filters on the server', async () => {
    const fetchMock = stubApi((_m, path) => {
      const url = new URL(path, 'http://x');
      return Response.json(insights(120, Number(url.searchParams.get('page'))));
    });
    renderPage({ seed: [...alumniSeed(), [fundraisingKeys.insights(CAMPAIGN_ID, 'all', 1), insights(120, 1)]] });
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Contact Insights/ }));

    const pages = () =>
      within(screen.getByRole('navigation', { name: 'Contact insights pages' }))
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent);
    expect(pages()).toEqual(['1', '2', '3', '4', '5', '12']);
    expect(screen.getByRole('button', { name: /Previous/ })).toHaveProperty('disabled', true);
    const table = screen.getByRole('table', { name: 'Contact insights' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('Exempt (donated)')).toBeTruthy();
    expect(within(table).getByText('Opted out')).toBeTruthy();
    expect(within(table).getByText('paused')).toBeTruthy();
    expect(within(table).getByText('Yes (Mar 4, 2026)')).toBeTruthy();
    expect(within(table).getByText('$75.00')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('Delivery rate')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    await waitFor(() => expect(pages()).toEqual(['8', '9', '10', '11', '12']));
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(
      `/api/fundraising/campaigns/${CAMPAIGN_ID}/insights?filter=all&page=12`,
    );
    expect(screen.getByRole('button', { name: 'Page 12' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: /Next/ })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: /Opted out/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(
        `/api/fundraising/campaigns/${CAMPAIGN_ID}/insights?filter=opted_out&page=1`,
      ),
    );
  });

  it('says when the contact insights cannot be loaded', async () => {
    stubApi(() => apiError(500, 'boom'));
    renderPage({ seed: alumniSeed() });
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Contact Insights/ }));
    expect(await screen.findByText(FUNDRAISING_MESSAGES.insightsFailed, undefined, RETRIED)).toBeTruthy();
  });
});

describe('CampaignDetailPage: adding contacts', () => {
  const added = { success: true, message: 'ok', stats: { contactsAdded: 2, contactsSkipped: 1, contactsFailed: 0 } };

  it('Add Contacts: rows with Add row and Remove, the CSV box, and at least one valid row', async () => {
    const fetchMock = stubApi(() => Response.json(added));
    renderPage({ seed: alumniSeed() });
    fireEvent.click(screen.getByRole('button', { name: /Add Contacts/ }));
    const dialog = screen.getByRole('dialog', { name: 'Add Contacts' });
    const d = within(dialog);

    expect(d.getByRole('button', { name: 'Remove row 1' })).toHaveProperty('disabled', true);
    fireEvent.click(d.getByRole('button', { name: /Add row/ }));
    expect(d.getByRole('button', { name: 'Remove row 1' })).toHaveProperty('disabled', false);
    fireEvent.click(d.getByRole('button', { name: 'Remove row 2' }));
    expect(d.queryByRole('button', { name: 'Remove row 2' })).toBeNull();

    // A name without an e-mail containing '@' is not a contact.
    fireEvent.change(d.getByLabelText('Name, row 1'), { target: { value: 'Jordan Lee' } });
    fireEvent.change(d.getByLabelText('Email, row 1'), { target: { value: 'jordan' } });
    fireEvent.click(d.getByRole('button', { name: 'Add Contacts' }));
    expect(d.getByText(FUNDRAISING_MESSAGES.addOneValid)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(d.getByLabelText('Contacts (CSV)'), { target: { value: 'just words\nno email here' } });
    fireEvent.click(d.getByRole('button', { name: /Import CSV/ }));
    expect(d.getByText(FUNDRAISING_MESSAGES.noValidCsvContacts)).toBeTruthy();

    fireEvent.change(d.getByLabelText('Contacts (CSV)'), {
      target: { value: '"Pat Kim", PAT@Example.org\nRiley Fox, riley@example.org' },
    });
    fireEvent.click(d.getByRole('button', { name: /Import CSV/ }));
    expect(d.getByText('Imported 2 contacts from CSV')).toBeTruthy();
    expect(d.getByLabelText('Name, row 2')).toHaveProperty('value', 'Pat Kim');
    expect(d.getByLabelText('Email, row 2')).toHaveProperty('value', 'pat@example.org');

    fireEvent.click(d.getByRole('button', { name: 'Add Contacts' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Added 2 new contacts, skipped 1 already existing'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/fundraising/campaigns/${CAMPAIGN_ID}/contacts`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      contacts: [
        { name: 'Pat Kim', email: 'pat@example.org', playerId: null },
        { name: 'Riley Fox', email: 'riley@example.org', playerId: null },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Contacts' })).toBeNull());
  });

  it('Add Contacts on a player campaign: each row needs its player; a failure keeps the dialog', async () => {
    const fetchMock = stubApi(() => apiError(500, 'database down'));
    renderPage({ seed: playerSeed() });
    fireEvent.click(screen.getByRole('button', { name: /Add Contacts/ }));
    const d = within(screen.getByRole('dialog', { name: 'Add Contacts' }));
    fireEvent.change(d.getByLabelText('Name, row 1'), { target: { value: 'Jordan Lee' } });
    fireEvent.change(d.getByLabelText('Email, row 1'), { target: { value: 'jordan@example.org' } });
    fireEvent.click(d.getByRole('button', { name: 'Add Contacts' }));
    expect(d.getByText(FUNDRAISING_MESSAGES.selectPlayer)).toBeTruthy();

    const select = d.getByLabelText('Player, row 1');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a player', 'Alex Rivera', 'Sam Chen']);
    fireEvent.change(select, { target: { value: PLAYER_A } });
    fireEvent.click(d.getByRole('button', { name: 'Add Contacts' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(FUNDRAISING_MESSAGES.addFailed));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).contacts).toEqual([
      { name: 'Jordan Lee', email: 'jordan@example.org', playerId: PLAYER_A },
    ]);
    expect(screen.getByRole('dialog', { name: 'Add Contacts' })).toBeTruthy();
  });

  it('Add More Contacts: manual entry rules, Enter adds, the CSV forms, and none is refused', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => apiError(409, 'Campaign is locked'));
    renderPage({ seed: alumniSeed() });
    fireEvent.click(screen.getByRole('button', { name: /Add More Contacts/ }));
    const dialog = screen.getByRole('dialog', { name: 'Add More Contacts' });
    const d = within(dialog);
    expect(d.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Manual Entry', 'CSV Import']);

    fireEvent.click(d.getByRole('button', { name: 'Add 0 Contacts' }));
    expect(d.getByText(FUNDRAISING_MESSAGES.addAtLeastOne)).toBeTruthy();

    await user.type(d.getByLabelText('Name'), 'Jordan Lee{Enter}');
    expect(d.getByText(FUNDRAISING_MESSAGES.enterNameAndEmail)).toBeTruthy();
    await user.type(d.getByLabelText('Email'), 'jordan{Enter}');
    expect(d.getByText(FUNDRAISING_MESSAGES.enterValidEmail)).toBeTruthy();
    await user.clear(d.getByLabelText('Email'));
    await user.type(d.getByLabelText('Email'), 'Jordan@Example.ORG{Enter}');
    expect(d.getByText('jordan@example.org')).toBeTruthy();
    expect(d.getByLabelText('Name')).toHaveProperty('value', '');

    fireEvent.mouseDown(d.getByRole('tab', { name: 'CSV Import' }));
    expect(d.getByText("One contact per line. Supports 'Name, Email', 'Name <email>' or just 'email'.")).toBeTruthy();
    fireEvent.change(d.getByLabelText('Contacts (CSV)'), {
      target: { value: 'Pat Kim <pat@example.org>\nriley@example.org\nSam Fox, sam@example.org' },
    });
    fireEvent.click(d.getByRole('button', { name: /Import CSV/ }));
    expect(d.getByText('Imported 3 contacts from CSV')).toBeTruthy();
    expect(d.getByText('Contacts to add (4)')).toBeTruthy();
    expect(d.getByText('riley')).toBeTruthy();

    fireEvent.click(d.getByRole('button', { name: 'Remove riley' }));
    fireEvent.click(d.getByRole('button', { name: 'Add 3 Contacts' }));
    // This dialog reports the server's own message.
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Campaign is locked'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).contacts).toEqual([
      { name: 'Jordan Lee', email: 'jordan@example.org', playerId: null },
      { name: 'Pat Kim', email: 'pat@example.org', playerId: null },
      { name: 'Sam Fox', email: 'sam@example.org', playerId: null },
    ]);
  });
});
