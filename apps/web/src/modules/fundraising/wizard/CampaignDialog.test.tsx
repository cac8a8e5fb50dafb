// @vitest-environment jsdom
import { FUNDRAISING_MESSAGES as M } from '@pennant/shared/fundraising/schemas';
import type { TSession } from '@pennant/shared/session/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingKeys } from '../../billing/billing-api';
import { sessionFor, stubResizeObserver, withClient } from '../../catalogue/test-helpers';
import { apiError, stubApi } from '../../invoices/test-fixtures';
import { premiumClient } from '../../invoices/test-session';
import { CampaignDialog } from './CampaignDialog';
import { writeCampaignDraft } from './campaign-draft';
import { newCampaignForm, type TCampaignFormState, type TContactsStepProps } from './campaign-form';
import { readFileText } from './PlayersStep';
import { CAMPAIGN_ID, campaignDetail, editingData, paymentAccount } from './test-fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/**
 * The Contacts step's components are another part's (tested there); here they are stand-ins that
 * show what the dialog hands them and add the contacts a test chooses.
 */
const contactsPatch = vi.hoisted(() => ({ current: {} as Partial<TCampaignFormState> }));
function contactsStub(testId: string) {
  return async () => {
    const { createElement } = await import('react');
    return (props: TContactsStepProps) =>
      createElement(
        'div',
        { 'data-testid': testId, 'data-locked': String(props.locked), 'data-sent': [...props.sentEmails].join(',') },
        createElement(
          'button',
          { type: 'button', onClick: () => props.onChange(contactsPatch.current) },
          'Add test contacts',
        ),
      );
  };
}
vi.mock('../contacts/PlayerContactsStep', async () => ({
  PlayerContactsStep: await contactsStub('player-contacts')(),
}));
vi.mock('../contacts/AlumniContactsStep', async () => ({
  AlumniContactsStep: await contactsStub('alumni-contacts')(),
}));

const ORG_ID = sessionFor([]).org?.id ?? '';
const USER_ID = sessionFor([]).user.id;
// 10:00 in Chicago on 10 May 2026: the organization's today.
const NOW = new Date('2026-05-10T15:00:00.000Z');
const TODAY = '2026-05-10';

function renderDialog(
  opts: {
    campaignId?: string | null;
    roles?: TRole[];
    data?: [readonly unknown[], unknown][];
    plan?: TSession['plan'];
  } = {},
) {
  const onClose = vi.fn();
  const client = premiumClient(opts.roles ?? ['admin'], opts.data ?? [], opts.plan);
  render(
    withClient(
      client,
      <MemoryRouter>
        <CampaignDialog campaignId={opts.campaignId ?? null} onClose={onClose} />
      </MemoryRouter>,
    ),
  );
  return { onClose, client };
}

const dialog = () => screen.getByRole('dialog');
const stepLabels = () =>
  within(screen.getByRole('navigation', { name: 'Campaign steps' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/^\d/, ''));
const currentStep = () => screen.getByRole('heading', { level: 2, name: /^Step / }).textContent;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const input = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string | RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

function fillDetails(name = 'Spring Booster Drive') {
  type('Campaign Name', name);
}

/** A form at a chosen step, stored as a recent draft so the dialog opens on it. */
function seedDraft(form: Partial<TCampaignFormState>) {
  writeCampaignDraft(ORG_ID, USER_ID, { ...newCampaignForm(TODAY), ...form }, new Date());
}

beforeAll(stubResizeObserver);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  contactsPatch.current = {};
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  window.localStorage.clear();
});

describe('CampaignDialog: steps', () => {
  it('opens a new campaign as a player campaign with five steps, and alumni has three', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'New Campaign' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Player Campaign/ })).toHaveProperty('checked', true);
    expect(stepLabels()).toEqual(['Details', 'Players', 'Perspective', 'Contacts', 'Review']);
    expect(currentStep()).toBe('Step 1 of 5: Details');
    expect(screen.getByRole('progressbar', { name: 'Step 1 of 5' }).getAttribute('aria-valuenow')).toBe('20');

    fireEvent.click(screen.getByRole('radio', { name: /Alumni Campaign/ }));
    expect(stepLabels()).toEqual(['Details', 'Contacts', 'Review']);
    expect(currentStep()).toBe('Step 1 of 3: Details');
  });

  it('walks a player campaign through every step with Next and Back', () => {
    renderDialog();
    fillDetails();
    fireEvent.click(button(/Next/));
    expect(currentStep()).toBe('Step 2 of 5: Players');
    fireEvent.click(button(/Next/));
    expect(currentStep()).toBe('Step 3 of 5: Perspective');
    fireEvent.click(button(/Back/));
    expect(currentStep()).toBe('Step 2 of 5: Players');
    fireEvent.click(button(/Next/));
    fireEvent.click(button(/Next/));
    expect(currentStep()).toBe('Step 4 of 5: Contacts');
    expect(screen.getByTestId('player-contacts').dataset.locked).toBe('false');
    expect(screen.queryByRole('button', { name: /^Save$/ })).toBeNull();
  });

  it('needs at least one contact to leave the Contacts step', () => {
    seedDraft({ name: 'Alumni Night', campaign_type: 'alumni', currentStep: 1 });
    renderDialog({ data: [[billingKeys.paymentAccount, paymentAccount(true)]] });
    expect(currentStep()).toBe('Step 2 of 3: Contacts');
    fireEvent.click(button(/Next/));
    expect(toast.error).toHaveBeenCalledWith(M.contactRequired);
    expect(screen.getByRole('alert').textContent).toBe(M.contactRequired);
    expect(currentStep()).toBe('Step 2 of 3: Contacts');

    contactsPatch.current = { manualAlumniContacts: [{ id: 'a1', name: 'Eve', email: 'eve@example.org' }] };
    fireEvent.click(button('Add test contacts'));
    fireEvent.click(button(/Next/));
    expect(currentStep()).toBe('Step 3 of 3: Review');
    expect(button(/Create Campaign/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Next/ })).toBeNull();
  });

  it('closes with the X and with Escape, and not on a click outside', () => {
    const { onClose } = renderDialog();
    fireEvent.pointerDown(document.body);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(button('Close'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('CampaignDialog: Details', () => {
  it('shows the message of each field and a toast when Next finds errors', () => {
    renderDialog();
    type('Campaign Name', 'ab');
    type('Start Date', '');
    type('End Date', '');
    fireEvent.click(button(/Next/));
    expect(toast.error).toHaveBeenCalledWith(M.fixErrors);
    const messages = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(messages).toEqual(expect.arrayContaining([M.nameMin, M.startRequired, M.endRequired]));
    expect(currentStep()).toBe('Step 1 of 5: Details');

    type('Campaign Name', 'Spring Drive');
    type('Start Date', '2026-06-10');
    type('End Date', '2026-06-01');
    fireEvent.click(button(/Next/));
    expect(screen.getByRole('alert').textContent).toBe(M.endAfterStart);
  });

  it('starts today for 30 days, limits the calendar, and moves the end when the start passes it', () => {
    renderDialog();
    expect(input('Start Date').value).toBe('2026-05-10');
    expect(input('End Date').value).toBe('2026-06-09');
    expect(input('Start Date').min).toBe('2026-01-01');
    expect(input('Start Date').max).toBe('2031-12-31');
    type('Start Date', '2026-07-04');
    expect(input('End Date').value).toBe('2026-07-04');
    type('Start Date', '2026-07-01');
    expect(input('End Date').value).toBe('2026-07-04');
  });

  it('labels the goal per player or for the campaign, and shows min contacts for player campaigns only', () => {
    renderDialog({ data: [[billingKeys.paymentAccount, paymentAccount(true)]] });
    expect(input('Goal per Player')).toBeTruthy();
    expect(input('Minimum Contacts per Player').value).toBe('10');
    fireEvent.click(screen.getByRole('radio', { name: /Alumni Campaign/ }));
    expect(input('Campaign Goal')).toBeTruthy();
    expect(screen.queryByLabelText('Minimum Contacts per Player')).toBeNull();
  });

  it("previews an alumni campaign's sender as '[Sender] via Pennant'", () => {
    renderDialog({ data: [[billingKeys.paymentAccount, paymentAccount(true)]] });
    fireEvent.click(screen.getByRole('radio', { name: /Alumni Campaign/ }));
    type('Sender Name (optional)', 'Coach Taylor');
    expect(dialog().textContent).toContain('“Coach Taylor via Pennant”');
    type('Sender Name (optional)', 'C');
    fillDetails();
    fireEvent.click(button(/Next/));
    expect(screen.getByRole('alert').textContent).toBe(M.behalfOfLength);
  });

  it('warns and blocks a new alumni campaign while the payment account is not ready', () => {
    renderDialog({ data: [[billingKeys.paymentAccount, paymentAccount(false)]] });
    expect(screen.queryByText(M.paymentAccountNotConfigured)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Alumni Campaign/ }));
    expect(screen.getByRole('alert').textContent).toContain(M.paymentAccountNotConfigured);
    fillDetails();
    fireEvent.click(button(/Next/));
    expect(toast.error).toHaveBeenCalledWith(M.paymentAccountNotConfigured);
    expect(currentStep()).toBe('Step 1 of 3: Details');
  });
});

describe('CampaignDialog: Reminder Schedule', () => {
  it('is automatic by default and says which days the campaign length gives', () => {
    renderDialog();
    expect(screen.getByRole('switch', { name: 'Automatic schedule' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Custom schedule' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Reminders on day 7 and day 23 at 9:00 AM.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Max Reminders'), { target: { value: '1' } });
    expect(screen.getByText('Reminders on day 7 at 9:00 AM.')).toBeTruthy();
    type('End Date', '2026-07-30');
    fireEvent.change(screen.getByLabelText('Max Reminders'), { target: { value: '5' } });
    expect(screen.getByText('Reminders on day 7, day 21, day 35, day 49 and day 74 at 9:00 AM.')).toBeTruthy();
  });

  it('switches between automatic and custom, one at a time, and asks for a custom day', () => {
    renderDialog();
    const auto = screen.getByRole('switch', { name: 'Automatic schedule' });
    const custom = screen.getByRole('switch', { name: 'Custom schedule' });
    fireEvent.click(custom);
    expect(custom.getAttribute('aria-checked')).toBe('true');
    expect(auto.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(M.customDaysNeeded)).toBeTruthy();

    fillDetails();
    fireEvent.click(button(/Next/));
    expect(toast.error).toHaveBeenCalledWith(M.fixErrors);
    expect(currentStep()).toBe('Step 1 of 5: Details');

    const day = input('Reminder day (days after the start)');
    for (const d of ['10', '3', '10']) {
      fireEvent.change(day, { target: { value: d } });
      fireEvent.keyDown(day, { key: 'Enter' });
    }
    const days = within(screen.getByRole('list', { name: 'Custom reminder days' })).getAllByRole('listitem');
    expect(days.map((d) => d.textContent)).toEqual(['Day 3', 'Day 10']);
    expect(screen.queryByText(M.customDaysNeeded)).toBeNull();
    expect(screen.getByText('Reminders on day 3 and day 10 at 9:00 AM.')).toBeTruthy();

    fireEvent.change(day, { target: { value: '366' } });
    fireEvent.click(button(/Add Day/));
    expect(screen.getByText(M.reminderDayRange)).toBeTruthy();

    fireEvent.click(button('Remove day 3'));
    expect(screen.getByText('Reminders on day 10 at 9:00 AM.')).toBeTruthy();

    fireEvent.click(auto);
    expect(auto.getAttribute('aria-checked')).toBe('true');
    expect(custom.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByLabelText('Reminder day (days after the start)')).toBeNull();
  });
});

describe('CampaignDialog: Players', () => {
  function openPlayers() {
    renderDialog();
    fillDetails();
    fireEvent.click(button(/Next/));
    expect(currentStep()).toBe('Step 2 of 5: Players');
  }
  const listed = () =>
    within(screen.getByRole('list', { name: 'Players' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\d+ contacts?$/, ''));

  it('adds a player with Enter or Add, and refuses a duplicate', () => {
    openPlayers();
    expect(button(/^Add$/)).toHaveProperty('disabled', true);
    type('Player Name', 'Sam Patel');
    fireEvent.keyDown(input('Player Name'), { key: 'Enter' });
    expect(input('Player Name').value).toBe('');
    type('Player Name', 'Alex Rivera');
    fireEvent.click(button(/^Add$/));
    expect(listed()).toEqual(['Alex Rivera', 'Sam Patel']);
    expect(screen.getByLabelText('2 players').textContent).toBe('2');

    type('Player Name', 'alex rivera');
    fireEvent.click(button(/^Add$/));
    expect(screen.getByRole('alert').textContent).toBe(M.playerExists);
    expect(listed()).toEqual(['Alex Rivera', 'Sam Patel']);

    fireEvent.click(button('Remove Alex Rivera'));
    expect(listed()).toEqual(['Sam Patel']);
  });

  it('imports pasted names, skipping blanks and duplicates with the counts', () => {
    openPlayers();
    const bulk = input('Player names, one per line');
    fireEvent.change(bulk, { target: { value: 'Sam\n\n  \nJordan\nsam\nJordan' } });
    fireEvent.click(button(/Add Players/));
    expect(listed()).toEqual(['Jordan', 'Sam']);
    expect(screen.getByText(M.duplicatePlayersSkipped(2))).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Added 2 players');

    fireEvent.change(bulk, { target: { value: 'jordan' } });
    fireEvent.click(button(/Add Players/));
    expect(screen.getByRole('alert').textContent).toBe(M.noNewPlayers);
  });

  it('reads a dropped .txt or .csv file and refuses anything else', async () => {
    openPlayers();
    const zone = screen.getByText(/Drop a .txt or .csv file here/).closest('label');
    if (!zone) throw new Error('no drop zone');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'roster.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(M.textOrCsvOnly);

    fireEvent.drop(zone, {
      dataTransfer: {
        files: [new File(['Name,Grade\nRiley,10\n"Smith, Jo",11\n'], 'roster.csv', { type: 'text/csv' })],
      },
    });
    await waitFor(() => expect(listed()).toEqual(['Riley', 'Smith, Jo']));

    fireEvent.change(screen.getByLabelText('Upload a player list'), {
      target: { files: [new File(['Casey\nDrew\n'], 'more.txt', { type: 'text/plain' })] },
    });
    await waitFor(() => expect(listed()).toEqual(['Casey', 'Drew', 'Riley', 'Smith, Jo']));
  });

  it('shows the coverage of the minimum contacts per player', () => {
    seedDraft({
      name: 'Spring Drive',
      players: ['Alex', 'Sam'],
      min_contacts_per_player: 2,
      manualContacts: [
        { id: 'm1', playerIndex: 0, name: 'A1', email: 'a1@example.org' },
        { id: 'm2', playerIndex: 0, name: 'A2', email: 'a2@example.org' },
        { id: 'm3', playerIndex: 1, name: 'S1', email: 's1@example.org' },
      ],
      currentStep: 1,
    });
    renderDialog();
    expect(screen.getByText('Players with at least 2 contacts: 1 of 2')).toBeTruthy();
    // Removing a player leaves their contacts unassigned: the other player keeps theirs.
    fireEvent.click(button('Remove Alex'));
    expect(screen.getByText('Players with at least 2 contacts: 0 of 1')).toBeTruthy();
    expect(listed()).toEqual(['Sam']);
    expect(screen.getByRole('list', { name: 'Players' }).textContent).toContain('Sam1 contact');
  });
});

describe('CampaignDialog: Perspective', () => {
  it('offers Individual Player and Team/Organization', () => {
    seedDraft({ name: 'Spring Drive', currentStep: 2 });
    renderDialog();
    const player = screen.getByRole('radio', { name: /Individual Player/ });
    const team = screen.getByRole('radio', { name: /Team\/Organization/ });
    expect(player).toHaveProperty('checked', true);
    fireEvent.click(team);
    expect(team).toHaveProperty('checked', true);
    expect(dialog().textContent).toContain('donations are still attributed to players');
  });
});

describe('CampaignDialog: Review', () => {
  const reviewForm: Partial<TCampaignFormState> = {
    name: 'Spring Drive',
    players: ['Alex', 'Sam'],
    goal_dollars: '500',
    min_contacts_per_player: 1,
    csvContacts: [
      {
        id: 'c1',
        'Contact Name': 'Ann',
        'Contact Email': 'ann@example.org',
        'Player Name': 'Alex',
        matchedPlayerIndex: 0,
      },
    ],
    manualContacts: [
      { id: 'm1', playerIndex: 0, name: 'Ann Again', email: 'ANN@example.org' },
      { id: 'm2', playerIndex: 0, name: 'Tess', email: 'test@example.org' },
    ],
    currentStep: 4,
  };

  it('scores readiness on the six checks and merges duplicates keeping the first', () => {
    seedDraft(reviewForm);
    renderDialog();
    expect(currentStep()).toBe('Step 5 of 5: Review');
    // Name and dates pass; a duplicate, a flagged address and an uncovered player (Sam) do not.
    expect(screen.getByText('50%')).toBeTruthy();
    const card = screen.getByRole('listitem', { name: 'Duplicate ann@example.org' });
    expect(card.textContent).toContain('Ann (Alex) · Ann Again (Alex)');
    const flagged = screen.getByRole('list', { name: 'Potentially invalid emails' });
    expect(flagged.textContent).toContain('test@example.org');
    expect(flagged.textContent).toContain('Role or test address (test@)');
    expect(dialog().textContent).toContain('1 of 2 players have fewer than 1 contacts: Sam (0)');

    fireEvent.click(button('Merge ann@example.org'));
    expect(screen.queryByRole('listitem', { name: 'Duplicate ann@example.org' })).toBeNull();
    expect(screen.getByText('67%')).toBeTruthy();

    fireEvent.click(button(/Contact Preview/));
    const preview = screen.getByRole('table', { name: 'Contact Preview' });
    expect(
      within(preview)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PlayerNameEmail', 'AlexAnnann@example.org', 'AlexTesstest@example.org']);
  });

  it('merges every duplicate at once with Merge All', () => {
    seedDraft({
      ...reviewForm,
      manualContacts: [
        { id: 'm1', playerIndex: 0, name: 'Ann Again', email: 'ann@example.org' },
        { id: 'm2', playerIndex: 1, name: 'Bo', email: 'bo@example.org' },
        { id: 'm3', playerIndex: 1, name: 'Bo Again', email: 'bo@example.org' },
      ],
    });
    renderDialog();
    expect(screen.getAllByRole('listitem', { name: /^Duplicate / })).toHaveLength(2);
    fireEvent.click(button(/Merge All/));
    expect(screen.queryAllByRole('listitem', { name: /^Duplicate / })).toHaveLength(0);
    expect(screen.getByText('100%')).toBeTruthy();
  });

  it('previews the first 5 contacts, then more on Show more', () => {
    seedDraft({
      ...reviewForm,
      csvContacts: [],
      manualContacts: Array.from({ length: 8 }, (_, i) => ({
        id: `m${i}`,
        playerIndex: i % 2,
        name: `Contact ${i}`,
        email: `contact${i}@example.org`,
      })),
    });
    renderDialog();
    fireEvent.click(button(/Contact Preview/));
    const rows = () => within(screen.getByRole('table', { name: 'Contact Preview' })).getAllByRole('row').length - 1;
    expect(rows()).toBe(5);
    fireEvent.click(button('Show more (3 more)'));
    expect(rows()).toBe(8);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('exports the contacts as a CSV download', async () => {
    seedDraft(reviewForm);
    const created: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:contacts';
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderDialog();
    fireEvent.click(button(/Export contacts as CSV/));
    expect(click).toHaveBeenCalled();
    expect(await readFileText(created[0] ?? new Blob())).toBe(
      'Player,Name,Email\r\nAlex,Ann,ann@example.org\r\nAlex,Ann Again,ANN@example.org\r\nAlex,Tess,test@example.org',
    );
    click.mockRestore();
  });
});

describe('CampaignDialog: saving', () => {
  it('creates the campaign with the save body, clears the draft and returns to the list', async () => {
    const fetchMock = stubApi(() =>
      Response.json({ id: CAMPAIGN_ID, status: 'draft', message: 'ok' }, { status: 201 }),
    );
    seedDraft({
      name: '  Spring Drive ',
      goal_dollars: '250',
      players: ['Alex', 'Sam'],
      message_perspective: 'team',
      min_contacts_per_player: 1,
      manualContacts: [
        { id: 'm1', playerIndex: 1, name: 'Sue', email: 'sue@example.org' },
        { id: 'm2', playerIndex: 0, name: 'Al', email: 'al@example.org' },
      ],
      currentStep: 4,
    });
    const { onClose } = renderDialog();
    fireEvent.click(button(/Create Campaign/));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith(M.created);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/fundraising/campaigns');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Spring Drive',
      campaignType: 'player',
      goalCents: 25_000,
      startsAt: '2026-05-10',
      endsAt: '2026-06-09',
      minContactsPerPlayer: 1,
      messagePerspective: 'team',
      behalfOfName: null,
      reminderSchedule: {
        autoScheduleEnabled: true,
        customScheduleEnabled: false,
        customIntervalsDays: [],
        maxReminders: 2,
      },
      players: [{ name: 'Alex' }, { name: 'Sam' }],
      contacts: [
        { name: 'Sue', email: 'sue@example.org', playerIndex: 1 },
        { name: 'Al', email: 'al@example.org', playerIndex: 0 },
      ],
    });
    expect(Object.keys(window.localStorage).filter((k) => k.startsWith('pennant.draft.'))).toEqual([]);
  });

  it("toasts the server's refusal and keeps the dialog open", async () => {
    stubApi(() => apiError(409, 'An alumni campaign needs a ready payment account'));
    seedDraft({
      name: 'Spring Drive',
      players: ['Alex'],
      manualContacts: [{ id: 'm1', playerIndex: 0, name: 'Al', email: 'al@example.org' }],
      currentStep: 4,
    });
    const { onClose } = renderDialog();
    fireEvent.click(button(/Create Campaign/));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        M.createFailed('An alumni campaign needs a ready payment account'),
        undefined,
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends Create Campaign back to Details when the details are not right', () => {
    const fetchMock = stubApi(() => Response.json({}));
    seedDraft({
      name: 'ab',
      players: ['Alex'],
      manualContacts: [{ id: 'm1', playerIndex: 0, name: 'Al', email: 'al@example.org' }],
      currentStep: 4,
    });
    renderDialog();
    fireEvent.click(button(/Create Campaign/));
    expect(currentStep()).toBe('Step 1 of 5: Details');
    expect(screen.getByRole('alert').textContent).toBe(M.nameMin);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('CampaignDialog: the draft', () => {
  it('keeps the form in the browser and restores a recent draft with a note and Start Over', async () => {
    const first = renderDialog();
    fillDetails('Holiday Raffle');
    await waitFor(() =>
      expect(Object.keys(window.localStorage).some((k) => k.startsWith('pennant.draft.fundraising.campaign.'))).toBe(
        true,
      ),
    );
    first.onClose.mockClear();
    cleanup();

    renderDialog();
    expect(input('Campaign Name').value).toBe('Holiday Raffle');
    expect(dialog().textContent).toContain('Restored your unsaved draft');
    fireEvent.click(button('Start Over'));
    expect(input('Campaign Name').value).toBe('');
    expect(dialog().textContent).not.toContain('Restored your unsaved draft');
    await waitFor(() =>
      expect(Object.keys(window.localStorage).some((k) => k.startsWith('pennant.draft.'))).toBe(false),
    );
  });

  it('never writes a draft while editing', async () => {
    renderDialog({ campaignId: CAMPAIGN_ID, data: editingData(campaignDetail()) });
    type('Campaign Name', 'Changed');
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(Object.keys(window.localStorage)).toEqual([]);
  });

  it('keeps what was typed just before the dialog closed', () => {
    const { onClose } = renderDialog();
    fillDetails('Closing Time');
    fireEvent.click(button('Close'));
    expect(onClose).toHaveBeenCalled();
    cleanup();
    renderDialog();
    expect(input('Campaign Name').value).toBe('Closing Time');
  });

  it('does not restore a draft older than 24 hours', () => {
    writeCampaignDraft(
      ORG_ID,
      USER_ID,
      { ...newCampaignForm(TODAY), name: 'Old Draft' },
      new Date('2026-05-09T14:59:00.000Z'),
    );
    renderDialog();
    expect(input('Campaign Name').value).toBe('');
  });
});

describe('CampaignDialog: edit mode', () => {
  it('loads the campaign, fixes the type, and Save keeps the dialog open', async () => {
    const detail = campaignDetail();
    const fetchMock = stubApi(() => Response.json({ id: CAMPAIGN_ID, status: 'draft', message: 'ok' }));
    const { onClose } = renderDialog({
      campaignId: CAMPAIGN_ID,
      data: editingData(detail),
    });
    expect(screen.getByRole('dialog', { name: 'Edit Campaign' })).toBeTruthy();
    expect(input('Campaign Name').value).toBe('Spring Booster Drive');
    expect(screen.getByRole('radio', { name: /Player Campaign/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: /Alumni Campaign/ })).toHaveProperty('disabled', true);
    expect(dialog().textContent).toContain(M.typeFixed);

    type('Campaign Name', 'Spring Booster Drive II');
    fireEvent.click(button(/^Save$/));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.changesSaved));
    expect(onClose).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/fundraising/campaigns/${CAMPAIGN_ID}`);
    expect(init?.method).toBe('PUT');
    const body = JSON.parse(String(init?.body));
    expect(body.name).toBe('Spring Booster Drive II');
    expect(body.status).toBe('draft');
    expect(body.messagePerspective).toBe('team');
    expect(body.contacts).toEqual([
      { name: 'Pat Lee', email: 'pat.lee@example.org', playerIndex: 1 },
      { name: 'Maria Rivera', email: 'maria.rivera@example.org', playerIndex: 0 },
    ]);
  });

  it('saves and leaves with Save Changes on the last step', async () => {
    stubApi(() => Response.json({ id: CAMPAIGN_ID, status: 'draft', message: 'ok' }));
    const { onClose } = renderDialog({
      campaignId: CAMPAIGN_ID,
      data: editingData(campaignDetail()),
    });
    for (let i = 0; i < 4; i += 1) fireEvent.click(button(/Next/));
    expect(currentStep()).toBe('Step 5 of 5: Review');
    fireEvent.click(button(/Save Changes/));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith(M.changesSaved);
  });

  it('says when the changes could not be saved', async () => {
    stubApi(() => apiError(409, 'A contact already e-mailed would be removed'));
    renderDialog({ campaignId: CAMPAIGN_ID, data: editingData(campaignDetail()) });
    fireEvent.click(button(/^Save$/));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(M.changesFailed, {
        description: 'A contact already e-mailed would be removed',
      }),
    );
  });

  it('locks the contacts of a sent campaign and marks those already e-mailed', () => {
    const detail = campaignDetail({
      status: 'sent',
      contacts: campaignDetail().contacts.map((c, i) => ({ ...c, emailSent: i === 0, email: c.email.toUpperCase() })),
    });
    renderDialog({ campaignId: CAMPAIGN_ID, data: editingData(detail) });
    expect(input('Minimum Contacts per Player').disabled).toBe(true);
    fireEvent.click(button(/Next/));
    // Jordan Lee has a contact already e-mailed: that player stays.
    expect(button('Remove Jordan Lee')).toHaveProperty('disabled', true);
    expect(button('Remove Alex Rivera')).toHaveProperty('disabled', false);
    fireEvent.click(button(/Next/));
    fireEvent.click(button(/Next/));
    const contacts = screen.getByTestId('player-contacts');
    expect(contacts.dataset.locked).toBe('true');
    expect(contacts.dataset.sent).toBe('pat.lee@example.org');
  });

  it('says when the campaign cannot be loaded', async () => {
    stubApi(() => apiError(404, M.notFound));
    renderDialog({ campaignId: CAMPAIGN_ID });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(M.loadFailed(M.notFound));
  });
});
