// @vitest-environment jsdom
import { FUNDRAISING_MESSAGES as M, ZCampaignInput } from '@pennant/shared/fundraising/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { clearCampaignDraft, readCampaignDraft, writeCampaignDraft } from './campaign-draft';
import {
  clampStep,
  formFromCampaign,
  newCampaignForm,
  removePlayerAt,
  type TCampaignFormState,
  toCampaignInput,
  validateDetails,
  withStartDate,
} from './campaign-form';
import { campaignDetail } from './test-fixtures';

const TODAY = '2026-05-10';

function playerForm(over: Partial<TCampaignFormState> = {}): TCampaignFormState {
  return {
    ...newCampaignForm(TODAY),
    name: 'Spring Drive',
    goal_dollars: '250.5',
    players: ['Alex', 'Jordan', 'Sam'],
    csvContacts: [
      {
        id: 'c1',
        'Contact Name': ' Ann ',
        'Contact Email': 'ann@example.org',
        'Player Name': 'Jordan',
        matchedPlayerIndex: 1,
      },
    ],
    manualContacts: [
      { id: 'm1', playerIndex: 0, name: 'Bo', email: 'bo@example.org' },
      { id: 'm2', playerIndex: 2, name: 'Cy', email: 'cy@example.org' },
      { id: 'm3', playerIndex: -1, name: 'Di', email: 'di@example.org' },
    ],
    ...over,
  };
}

describe('newCampaignForm', () => {
  it('starts a player campaign today for 30 days with 10 contacts per player and automatic reminders', () => {
    const form = newCampaignForm(TODAY);
    expect(form.campaign_type).toBe('player');
    expect(form.starts_at).toBe('2026-05-10');
    expect(form.ends_at).toBe('2026-06-09');
    expect(form.min_contacts_per_player).toBe(10);
    expect(form.reminder_schedule).toEqual({
      autoScheduleEnabled: true,
      customScheduleEnabled: false,
      customIntervalsDays: [],
      maxReminders: 2,
    });
    expect(form.currentStep).toBe(0);
  });
});

describe('toCampaignInput', () => {
  it('builds the save body of a player campaign: cents, players, CSV then manual contacts', () => {
    const body = toCampaignInput(playerForm({ behalf_of_name: 'Coach' }));
    expect(body).toEqual({
      name: 'Spring Drive',
      campaignType: 'player',
      goalCents: 25_050,
      startsAt: '2026-05-10',
      endsAt: '2026-06-09',
      minContactsPerPlayer: 10,
      messagePerspective: 'player',
      behalfOfName: null,
      reminderSchedule: {
        autoScheduleEnabled: true,
        customScheduleEnabled: false,
        customIntervalsDays: [],
        maxReminders: 2,
      },
      players: [{ name: 'Alex' }, { name: 'Jordan' }, { name: 'Sam' }],
      contacts: [
        { name: 'Ann', email: 'ann@example.org', playerIndex: 1 },
        { name: 'Bo', email: 'bo@example.org', playerIndex: 0 },
        { name: 'Cy', email: 'cy@example.org', playerIndex: 2 },
        { name: 'Di', email: 'di@example.org', playerIndex: -1 },
      ],
    });
    expect(ZCampaignInput.safeParse(body).success).toBe(true);
  });

  it('sends an alumni campaign its sender name (blank → null), its own contacts and no players', () => {
    const alumni = playerForm({
      campaign_type: 'alumni',
      goal_dollars: '',
      behalf_of_name: '  Coach Taylor ',
      manualAlumniContacts: [{ id: 'a1', name: 'Eve', email: 'eve@example.org' }],
    });
    const body = toCampaignInput(alumni);
    expect(body.behalfOfName).toBe('Coach Taylor');
    expect(body.goalCents).toBeNull();
    expect(body.players).toEqual([]);
    expect(body.contacts).toEqual([{ name: 'Eve', email: 'eve@example.org', playerIndex: -1 }]);
    expect(toCampaignInput({ ...alumni, behalf_of_name: '   ' }).behalfOfName).toBeNull();
  });

  it('passes the status back on edit, and keeps custom days unique and sorted', () => {
    const form = playerForm({
      reminder_schedule: {
        autoScheduleEnabled: false,
        customScheduleEnabled: true,
        customIntervalsDays: [9, 3, 9],
        maxReminders: 3,
      },
    });
    const body = toCampaignInput(form, 'sent');
    expect(body.status).toBe('sent');
    expect(body.reminderSchedule.customIntervalsDays).toEqual([3, 9]);
    expect('status' in toCampaignInput(form)).toBe(false);
  });
});

describe('removePlayerAt', () => {
  it("unassigns the removed player's contacts and moves the later players' contacts down one", () => {
    const after = removePlayerAt(playerForm(), 1);
    expect(after.players).toEqual(['Alex', 'Sam']);
    expect(after.csvContacts.map((c) => c.matchedPlayerIndex)).toEqual([-1]);
    expect(after.manualContacts.map((c) => [c.name, c.playerIndex])).toEqual([
      ['Bo', 0],
      ['Cy', 1],
      ['Di', -1],
    ]);
  });
});

describe('withStartDate', () => {
  it('moves the end to a start after it, and leaves it otherwise', () => {
    expect(withStartDate({ ends_at: '2026-06-09' }, '2026-07-01')).toEqual({
      starts_at: '2026-07-01',
      ends_at: '2026-07-01',
    });
    expect(withStartDate({ ends_at: '2026-06-09' }, '2026-06-01')).toEqual({
      starts_at: '2026-06-01',
      ends_at: '2026-06-09',
    });
    expect(withStartDate({ ends_at: '2026-06-09' }, '')).toEqual({ starts_at: '', ends_at: '2026-06-09' });
  });
});

describe('validateDetails', () => {
  it('passes a complete form', () => {
    expect(validateDetails(playerForm(), TODAY)).toEqual({});
  });

  it('gives the spec message of each field', () => {
    expect(validateDetails(playerForm({ name: ' ab ' }), TODAY).name).toBe(M.nameMin);
    expect(validateDetails(playerForm({ starts_at: '' }), TODAY).starts_at).toBe(M.startRequired);
    expect(validateDetails(playerForm({ ends_at: '' }), TODAY).ends_at).toBe(M.endRequired);
    expect(validateDetails(playerForm({ starts_at: '2026-06-10', ends_at: '2026-06-09' }), TODAY).ends_at).toBe(
      M.endAfterStart,
    );
    expect(validateDetails(playerForm({ starts_at: '2026-06-09', ends_at: '2026-06-09' }), TODAY)).toEqual({});
    expect(validateDetails(playerForm({ goal_dollars: '-5' }), TODAY).goal_dollars).toBe(M.goalInvalid);
    expect(validateDetails(playerForm({ min_contacts_per_player: Number.NaN }), TODAY).min_contacts_per_player).toBe(
      M.minContactsInvalid,
    );
    const custom = {
      autoScheduleEnabled: false,
      customScheduleEnabled: true,
      customIntervalsDays: [],
      maxReminders: 2,
    };
    expect(validateDetails(playerForm({ reminder_schedule: custom }), TODAY).custom_days).toBe(M.customDaysNeeded);
  });

  it('checks the sender name of an alumni campaign only, 2 to 100 characters when given', () => {
    const alumni = playerForm({ campaign_type: 'alumni' });
    expect(validateDetails({ ...alumni, behalf_of_name: 'A' }, TODAY).behalf_of_name).toBe(M.behalfOfLength);
    expect(validateDetails({ ...alumni, behalf_of_name: 'x'.repeat(101) }, TODAY).behalf_of_name).toBe(
      M.behalfOfLength,
    );
    expect(validateDetails({ ...alumni, behalf_of_name: '' }, TODAY)).toEqual({});
    expect(validateDetails(playerForm({ behalf_of_name: 'A' }), TODAY)).toEqual({});
  });

  it('refuses a typed date outside this year through five years ahead', () => {
    expect(validateDetails(playerForm({ starts_at: '2025-12-31' }), TODAY).starts_at).toBe(
      'Dates must be between 2026-01-01 and 2031-12-31',
    );
    expect(validateDetails(playerForm({ ends_at: '2032-01-01' }), TODAY).ends_at).toBeTruthy();
  });
});

describe('formFromCampaign', () => {
  it('loads a saved campaign with each contact on its player, by id', () => {
    const form = formFromCampaign(campaignDetail());
    expect(form.players).toEqual(['Alex Rivera', 'Jordan Lee']);
    expect(form.manualContacts.map((c) => [c.name, c.playerIndex])).toEqual([
      ['Pat Lee', 1],
      ['Maria Rivera', 0],
    ]);
    expect(form.goal_dollars).toBe('500');
    expect(form.min_contacts_per_player).toBe(2);
    expect(form.message_perspective).toBe('team');
    expect(form.reminder_schedule.maxReminders).toBe(3);
    // Loaded and saved again unchanged, the body says what the campaign says.
    const body = toCampaignInput(form, 'draft');
    expect(body.players).toEqual([{ name: 'Alex Rivera' }, { name: 'Jordan Lee' }]);
    expect(body.contacts).toEqual([
      { name: 'Pat Lee', email: 'pat.lee@example.org', playerIndex: 1 },
      { name: 'Maria Rivera', email: 'maria.rivera@example.org', playerIndex: 0 },
    ]);
  });

  it('loads an alumni campaign into the alumni list with its sender name', () => {
    const form = formFromCampaign(
      campaignDetail({
        campaignType: 'alumni',
        behalfOfName: 'Coach Taylor',
        goalCents: 12_345,
        players: [],
        contacts: [
          {
            id: 'k1',
            contactId: 'f1',
            playerId: null,
            name: 'Eve',
            email: 'eve@example.org',
            emailSent: true,
            optedOut: false,
          },
        ],
      }),
    );
    expect(form.manualAlumniContacts).toEqual([{ id: 'k1', name: 'Eve', email: 'eve@example.org' }]);
    expect(form.manualContacts).toEqual([]);
    expect(form.behalf_of_name).toBe('Coach Taylor');
    expect(form.goal_dollars).toBe('123.45');
  });
});

describe('clampStep', () => {
  it('keeps the step within the type’s steps', () => {
    expect(clampStep({ campaign_type: 'alumni', currentStep: 4 })).toBe(2);
    expect(clampStep({ campaign_type: 'player', currentStep: 4 })).toBe(4);
    expect(clampStep({ campaign_type: 'player', currentStep: -2 })).toBe(0);
  });
});

describe('the campaign draft', () => {
  const ORG = 'org-1';
  const USER = 'user-1';
  afterEach(() => window.localStorage.clear());

  it('comes back within 24 hours, and not after', () => {
    const form = playerForm();
    writeCampaignDraft(ORG, USER, form, new Date('2026-05-10T10:00:00Z'));
    const back = readCampaignDraft(ORG, USER, new Date('2026-05-11T09:59:00Z'));
    expect(back).toEqual({ ...form, lastSaved: '2026-05-10T10:00:00.000Z' });
    expect(readCampaignDraft(ORG, USER, new Date('2026-05-11T10:00:01Z'))).toBeNull();
    // An old draft is dropped, not kept for later.
    expect(readCampaignDraft(ORG, USER, new Date('2026-05-10T10:00:00Z'))).toBeNull();
  });

  it('belongs to one organization and member', () => {
    writeCampaignDraft(ORG, USER, playerForm(), new Date());
    expect(readCampaignDraft('org-2', USER)).toBeNull();
    expect(readCampaignDraft(ORG, 'user-2')).toBeNull();
    expect(readCampaignDraft(ORG, USER)).not.toBeNull();
    clearCampaignDraft(ORG, USER);
    expect(readCampaignDraft(ORG, USER)).toBeNull();
  });

  it('is not restored when the stored text is not a draft', () => {
    writeCampaignDraft(ORG, USER, playerForm(), new Date());
    const key = Object.keys(window.localStorage).find((k) => k.includes(ORG));
    expect(key).toBeTruthy();
    window.localStorage.setItem(key ?? '', '{"campaign_type":"other"}');
    expect(readCampaignDraft(ORG, USER)).toBeNull();
    window.localStorage.setItem(key ?? '', 'not json');
    expect(readCampaignDraft(ORG, USER)).toBeNull();
  });

  it('keeps a cleared minimum-contacts field as the default', () => {
    writeCampaignDraft(ORG, USER, playerForm({ min_contacts_per_player: Number.NaN }), new Date());
    expect(readCampaignDraft(ORG, USER)?.min_contacts_per_player).toBe(10);
  });
});
