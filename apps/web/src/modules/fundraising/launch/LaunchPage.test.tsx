// @vitest-environment jsdom
import { defaultCampaignEmail } from '@pennant/shared/fundraising/rules';
import { FUNDRAISING_MESSAGES, type TCampaignDetail, type TEmailHistory } from '@pennant/shared/fundraising/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingKeys } from '../../billing/billing-api';
import { seededClient, stubResizeObserver, withClient } from '../../catalogue/test-helpers';
import { apiError, stubApi } from '../../invoices/test-fixtures';
import { alumniDetail, CAMPAIGN_ID, campaignDetail, emailHistory, paymentAccount } from '../detail/campaign-fixtures';
import { fundraisingKeys } from '../fundraising-api';
import { LaunchPage } from './LaunchPage';
import { AI_PROMPT_KEY } from './launch-storage';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const DRAFT_KEY = `pennant.draft.fundraising.email.${CAMPAIGN_ID}`;

function renderPage(
  opts: {
    roles?: TRole[];
    detail?: TCampaignDetail | null;
    /** null: the history is not seeded (it is read through the API). */
    history?: TEmailHistory | null;
    extra?: [readonly unknown[], unknown][];
    path?: string;
  } = {},
) {
  const seed: [readonly unknown[], unknown][] = [...(opts.extra ?? [])];
  if (opts.detail !== null) {
    seed.push([fundraisingKeys.detail(CAMPAIGN_ID), opts.detail ?? campaignDetail({ status: 'draft' })]);
    if (opts.history !== null) seed.push([fundraisingKeys.history(CAMPAIGN_ID), opts.history ?? emailHistory()]);
  }
  const client = seededClient(opts.roles ?? ['admin'], seed);
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={[opts.path ?? `/dashboard/fundraising/launch/${CAMPAIGN_ID}`]}>
        <Routes>
          <Route path="/dashboard/fundraising/launch/:campaignId" element={<LaunchPage />} />
          <Route path="/dashboard/fundraising/launch" element={<LaunchPage />} />
          <Route path="/dashboard/fundraising" element={<p>The campaigns list</p>} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const dialog = () => screen.getByRole('dialog');
const subject = () => screen.getByLabelText('Subject');
const body = () => screen.getByLabelText('Email Body');
const launchButton = () => screen.getByRole('button', { name: /Launch Campaign|Send to \d+ new contacts/ });

function setHeight(px: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: px });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  window.localStorage.clear();
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 768 });
});

describe('LaunchPage: the first send', () => {
  it('opens full screen with the saved template, the placeholder toolbar and the campaign details', () => {
    renderPage();
    expect(within(dialog()).getByRole('heading', { name: 'Launch Campaign' })).toBeTruthy();
    expect(dialog().textContent).toContain('Spring Booster Drive');
    expect(subject()).toHaveProperty('value', 'Support [Player Name]');
    expect(body()).toHaveProperty('value', 'Hi [Recipient],\n\n[Donate Buttons]\n\n[Unsubscribe]');
    expect(subject()).toHaveProperty('readOnly', false);
    const toolbar = screen.getByRole('toolbar', { name: 'Insert placeholder' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      '[Recipient]',
      '[Player Name]',
      '[Campaign Name]',
      '[Organization Name]',
      '[Goal Amount]',
      '[Donate Buttons]',
      '[Unsubscribe]',
    ]);
    const details = screen.getByRole('region', { name: 'Campaign details' });
    expect(within(details).getByText('Goal per Player')).toBeTruthy();
    expect(within(details).getByText('$500')).toBeTruthy();
    expect(within(details).getByText('2 · Team/Organization perspective')).toBeTruthy();
    expect(launchButton()).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: /Generate Email Content with AI/ })).toBeTruthy();
  });

  it('starts from the default e-mail without a template, and from the browser’s draft when there is one', () => {
    renderPage({ detail: campaignDetail({ status: 'draft', subjectSeed: null, bodySeed: null }) });
    const fallback = defaultCampaignEmail('player', 'team');
    expect(subject()).toHaveProperty('value', fallback.subject);
    expect(body()).toHaveProperty('value', fallback.body);
    fireEvent.change(subject(), { target: { value: 'My own subject' } });
    expect(JSON.parse(window.localStorage.getItem(DRAFT_KEY) ?? '{}')).toEqual({
      subject: 'My own subject',
      body: fallback.body,
    });
    cleanup();
    renderPage();
    expect(subject()).toHaveProperty('value', 'My own subject');
  });

  it('offers no [Player Name] on an alumni campaign', () => {
    renderPage({
      detail: alumniDetail({ status: 'draft' }),
      extra: [[billingKeys.paymentAccount, paymentAccount(true)]],
    });
    const toolbar = screen.getByRole('toolbar', { name: 'Insert placeholder' });
    expect(within(toolbar).queryByRole('button', { name: 'Insert [Player Name]' })).toBeNull();
    expect(within(toolbar).getAllByRole('button')).toHaveLength(6);
    const details = screen.getByRole('region', { name: 'Campaign details' });
    expect(within(details).getByText('Coach Taylor via Pennant')).toBeTruthy();
  });

  it('inserts a placeholder at the cursor, over the selection', () => {
    renderPage();
    const el = body();
    if (!(el instanceof HTMLTextAreaElement)) throw new Error('no textarea');
    fireEvent.change(el, { target: { value: 'Hello  there' } });
    el.setSelectionRange(6, 6);
    fireEvent.click(screen.getByRole('button', { name: 'Insert [Recipient]' }));
    expect(el.value).toBe('Hello [Recipient] there');
    el.setSelectionRange(0, 5);
    fireEvent.click(screen.getByRole('button', { name: 'Insert [Campaign Name]' }));
    expect(el.value).toBe('[Campaign Name] [Recipient] there');
  });

  it('previews the body as HTML with sample values, sample blocks and nothing typed run as markup', () => {
    renderPage();
    fireEvent.change(body(), {
      target: {
        value:
          'Hi **[Recipient]**, help [Player Name]!\n\n[Donate Buttons]\n\n<img src=x onerror=alert(1)>\n\n[Unsubscribe]',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('button', { name: 'Preview' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('preview-subject').textContent).toBe('Support Alex Rivera');
    const preview = screen.getByTestId('email-preview');
    expect(preview.querySelector('strong')?.textContent).toBe('Jordan Smith');
    expect(preview.textContent).toContain('help Alex Rivera!');
    expect(preview.querySelector('[data-sample="donate-buttons"]')?.textContent).toContain('$25');
    expect(preview.querySelector('[data-sample="unsubscribe"]')?.textContent).toContain('Unsubscribe');
    expect(preview.textContent).not.toContain('[Donate Buttons]');
    expect(preview.querySelector('img')).toBeNull();
    expect(preview.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(screen.queryByRole('toolbar', { name: 'Insert placeholder' })).toBeNull();
  });

  it('launches and shows the queue summary with the completion estimate', async () => {
    const fetchMock = stubApi(() =>
      Response.json({ emailCampaignId: 'e1', queued: 25, skipped: 2, incremental: false, estimatedMinutes: 5 }),
    );
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ subject: 'Go team', body: 'Hi [Recipient]' }));
    renderPage();
    fireEvent.click(launchButton());
    expect(await screen.findByRole('heading', { name: FUNDRAISING_MESSAGES.launched })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/fundraising/campaigns/${CAMPAIGN_ID}/launch`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      subject: 'Go team',
      body: 'Hi [Recipient]',
    });
    expect(toast.success).toHaveBeenCalledWith(FUNDRAISING_MESSAGES.launched, { duration: 8_000 });
    expect(dialog().textContent).toContain('25 e-mails queued');
    expect(dialog().textContent).toContain('2 opted-out contacts skipped');
    expect(screen.getByText('Estimated completion: about 5 minutes')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Campaigns/ }).getAttribute('href')).toBe('/dashboard/fundraising');
    expect(screen.getByRole('link', { name: /View Campaign/ }).getAttribute('href')).toBe(
      `/dashboard/fundraising/campaign/${CAMPAIGN_ID}`,
    );
    // Sent: the draft is done with.
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('needs both subject and body', () => {
    const fetchMock = stubApi(() => Response.json({}));
    renderPage();
    fireEvent.change(subject(), { target: { value: '   ' } });
    fireEvent.click(launchButton());
    expect(screen.getByText(FUNDRAISING_MESSAGES.subjectAndBody)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(FUNDRAISING_MESSAGES.subjectAndBody);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal, and asks to sign in again on a 401', async () => {
    stubApi(() => apiError(409, FUNDRAISING_MESSAGES.allContacted));
    renderPage();
    fireEvent.click(launchButton());
    expect(await screen.findByText(FUNDRAISING_MESSAGES.launchFailed(FUNDRAISING_MESSAGES.allContacted))).toBeTruthy();

    stubApi(() => Response.json({ error: { code: 'unauthorized', message: 'Not signed in' } }, { status: 401 }));
    fireEvent.click(launchButton());
    expect(await screen.findByText(FUNDRAISING_MESSAGES.authRequired)).toBeTruthy();
    expect(toast.error).toHaveBeenLastCalledWith(FUNDRAISING_MESSAGES.authRequired);
  });

  it('saves the template, or says it could not', async () => {
    const fetchMock = stubApi(() => Response.json({ ok: true }));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /Save Template/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(FUNDRAISING_MESSAGES.templateSaved));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/fundraising/campaigns/${CAMPAIGN_ID}/template`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      subjectSeed: 'Support [Player Name]',
      bodySeed: 'Hi [Recipient],\n\n[Donate Buttons]\n\n[Unsubscribe]',
    });
    stubApi(() => apiError(400, 'Subject too long'));
    fireEvent.click(screen.getByRole('button', { name: /Save Template/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(FUNDRAISING_MESSAGES.templateFailed));
  });
});

describe('LaunchPage: modes from the e-mail history', () => {
  const original = { originalSubject: 'First subject', originalBody: 'First body [Donate Buttons]' };

  it('incremental: the original content read-only and a button for the new contacts', () => {
    renderPage({
      detail: campaignDetail(),
      history: emailHistory({
        hasPreviousSends: true,
        totalContacts: 10,
        previouslySentContacts: 7,
        newContacts: 3,
        ...original,
      }),
    });
    expect(within(dialog()).getByRole('heading', { name: 'Send to New Contacts' })).toBeTruthy();
    expect(subject()).toHaveProperty('value', 'First subject');
    expect(subject()).toHaveProperty('readOnly', true);
    expect(body()).toHaveProperty('readOnly', true);
    expect(body()).toHaveProperty('value', 'First body [Donate Buttons]');
    expect(screen.queryByRole('toolbar', { name: 'Insert placeholder' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Generate Email Content with AI/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Save Template/ })).toBeNull();
    expect(dialog().textContent).toContain('already sent to 7 contacts');
    expect(screen.getByRole('button', { name: /Send to 3 new contacts/ })).toHaveProperty('disabled', false);
  });

  it('incremental: sends the original content to the new contacts', async () => {
    const fetchMock = stubApi(() =>
      Response.json({ emailCampaignId: 'e2', queued: 3, skipped: 0, incremental: true, estimatedMinutes: 1 }),
    );
    renderPage({
      detail: campaignDetail(),
      history: emailHistory({ hasPreviousSends: true, previouslySentContacts: 7, newContacts: 3, ...original }),
    });
    fireEvent.click(screen.getByRole('button', { name: /Send to 3 new contacts/ }));
    expect(await screen.findByText('Estimated completion: about 1 minute')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      subject: 'First subject',
      body: 'First body [Donate Buttons]',
    });
    expect(dialog().textContent).toContain('Only contacts not e-mailed before were included.');
    expect(dialog().textContent).not.toContain('opted-out');
  });

  it('all contacted: read-only, titled View Campaign Details, launch disabled', () => {
    renderPage({
      detail: campaignDetail(),
      history: emailHistory({ hasPreviousSends: true, previouslySentContacts: 2, newContacts: 0, ...original }),
    });
    expect(within(dialog()).getByRole('heading', { name: 'View Campaign Details' })).toBeTruthy();
    expect(screen.getByText(FUNDRAISING_MESSAGES.allContacted)).toBeTruthy();
    expect(subject()).toHaveProperty('readOnly', true);
    expect(launchButton()).toHaveProperty('disabled', true);
  });
});

describe('LaunchPage: the alumni payment account', () => {
  it('blocks the launch with a red alert until the payment account can take cards', () => {
    renderPage({
      detail: alumniDetail({ status: 'draft' }),
      extra: [[billingKeys.paymentAccount, paymentAccount(false)]],
    });
    const alert = screen.getByText(FUNDRAISING_MESSAGES.stripeRequired).closest('[role="alert"]');
    expect(alert).toBeTruthy();
    expect(alert?.className).toContain('red');
    expect(launchButton()).toHaveProperty('disabled', true);
  });

  it('lets a ready account launch', () => {
    renderPage({
      detail: alumniDetail({ status: 'draft' }),
      extra: [[billingKeys.paymentAccount, paymentAccount(true)]],
    });
    expect(screen.queryByText(FUNDRAISING_MESSAGES.stripeRequired)).toBeNull();
    expect(launchButton()).toHaveProperty('disabled', false);
  });

  it('never asks a player campaign for the payment account', () => {
    const fetchMock = stubApi(() => Response.json(paymentAccount(false)));
    renderPage();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(launchButton()).toHaveProperty('disabled', false);
  });
});

describe('LaunchPage: Generate Email Content with AI', () => {
  it('needs a focus area, then fills the editor with the draft and keeps the form for next time', async () => {
    const fetchMock = stubApi(() =>
      Response.json({ subject: 'Travel with us', body: '', html: '<p>Hi <strong>[Recipient]</strong></p>' }),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /Generate Email Content with AI/ }));
    const ai = within(screen.getByRole('dialog', { name: 'Generate Email Content with AI' }));
    expect(ai.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Friendly',
      'Professional',
      'Enthusiastic',
      'Urgent',
    ]);
    const chips = within(ai.getByRole('group', { name: 'Focus suggestions' })).getAllByRole('button');
    expect(chips).toHaveLength(6);

    fireEvent.click(ai.getByRole('button', { name: /Generate$/ }));
    expect(ai.getByText(FUNDRAISING_MESSAGES.focusRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(ai.getByRole('button', { name: 'Travel to tournaments' }));
    expect(ai.getByRole('button', { name: 'Travel to tournaments' }).getAttribute('aria-pressed')).toBe('true');
    expect(ai.getByLabelText('Focus area (required)')).toHaveProperty('value', 'Travel to tournaments');
    fireEvent.change(ai.getByLabelText('Tone'), { target: { value: 'urgent' } });
    fireEvent.change(ai.getByLabelText('Call to action (optional)'), { target: { value: 'Give by Friday' } });
    fireEvent.click(ai.getByRole('button', { name: /Generate$/ }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(FUNDRAISING_MESSAGES.aiReady));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/fundraising/campaigns/${CAMPAIGN_ID}/generate-email`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      tone: 'urgent',
      focusArea: 'Travel to tournaments',
      callToAction: 'Give by Friday',
    });
    expect(subject()).toHaveProperty('value', 'Travel with us');
    // An HTML-only reply is turned back into the editor's text.
    expect(body()).toHaveProperty('value', 'Hi **[Recipient]**');
    expect(screen.queryByRole('dialog', { name: 'Generate Email Content with AI' })).toBeNull();

    expect(JSON.parse(window.localStorage.getItem(AI_PROMPT_KEY) ?? '{}')).toMatchObject({
      tone: 'urgent',
      focusAreas: 'Travel to tournaments',
      callToAction: 'Give by Friday',
    });
    fireEvent.click(screen.getByRole('button', { name: /Generate Email Content with AI/ }));
    const again = within(screen.getByRole('dialog', { name: 'Generate Email Content with AI' }));
    expect(again.getByLabelText('Tone')).toHaveProperty('value', 'urgent');
    expect(again.getByLabelText('Focus area (required)')).toHaveProperty('value', 'Travel to tournaments');
  });

  it('says why generation failed', async () => {
    stubApi(() => apiError(502, 'Failed to generate AI content. Please try again.'));
    window.localStorage.setItem(AI_PROMPT_KEY, JSON.stringify({ tone: 'friendly', focusAreas: 'Uniforms' }));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /Generate Email Content with AI/ }));
    const ai = within(screen.getByRole('dialog', { name: 'Generate Email Content with AI' }));
    fireEvent.click(ai.getByRole('button', { name: /Generate$/ }));
    const text = FUNDRAISING_MESSAGES.aiFailed('Failed to generate AI content. Please try again.');
    expect(await ai.findByText(text, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(text);
  });
});

describe('LaunchPage: frame, loading and errors', () => {
  it('folds the campaign details into a disclosure below 650 px', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Campaign Details' })).toBeTruthy();
    setHeight(600);
    const toggle = screen.getByRole('button', { name: 'Campaign Details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Goal per Player').closest('[hidden]')).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Goal per Player').closest('[hidden]')).toBeNull();
    // The body shortens with the window.
    expect(body().getAttribute('rows')).toBe('8');
    setHeight(500);
    expect(body().getAttribute('rows')).toBe('6');
    setHeight(900);
    expect(body().getAttribute('rows')).toBe('14');
    expect(screen.queryByRole('button', { name: 'Campaign Details' })).toBeNull();
  });

  it('closes back to the campaigns', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('The campaigns list')).toBeTruthy();
  });

  it('shows a skeleton while loading, then the load failure', async () => {
    stubApi(() => apiError(404, FUNDRAISING_MESSAGES.notFound));
    renderPage({ detail: null });
    expect(screen.getByText('Loading campaign...')).toBeTruthy();
    expect(await screen.findByText(FUNDRAISING_MESSAGES.failedToLoad)).toBeTruthy();
    expect(screen.getByText(FUNDRAISING_MESSAGES.notFound)).toBeTruthy();
  });

  it('names the e-mail history when only it fails to load, and reads it again on Try Again', async () => {
    let calls = 0;
    stubApi(() => {
      calls += 1;
      return apiError(500, 'Something went wrong');
    });
    renderPage({ history: null });
    expect(await screen.findByText(FUNDRAISING_MESSAGES.historyFailed, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText(FUNDRAISING_MESSAGES.failedToLoad)).toBeNull();
    const before = calls;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls).toBeGreaterThan(before));
  });

  it('needs a campaign id', () => {
    renderPage({ detail: null, path: '/dashboard/fundraising/launch' });
    expect(screen.getByText(FUNDRAISING_MESSAGES.idRequired)).toBeTruthy();
  });

  it('lets a read-only member look but not launch', () => {
    renderPage({ roles: ['read_only'] });
    expect(subject()).toHaveProperty('readOnly', true);
    expect(launchButton()).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: /Save Template/ })).toBeNull();
  });
});
