import type { TPaymentAccount } from '@pennant/shared/billing/connect';
import type { TCampaignSummary } from '@pennant/shared/fundraising/schemas';
import { contactPage } from '../detail/campaign-fixtures';
import { fundraisingKeys } from '../fundraising-api';
import type { TEditableCampaign } from './campaign-form';

/** Campaign fixtures for the list and dialog tests. */

export const CAMPAIGN_ID = 'c0000000-0000-4000-8000-000000000001';

export function campaignSummary(over: Partial<TCampaignSummary> = {}): TCampaignSummary {
  return {
    id: CAMPAIGN_ID,
    name: 'Spring Booster Drive',
    status: 'draft',
    campaignType: 'player',
    goalCents: 50_000,
    totalGoalCents: 150_000,
    startsAt: '2026-03-01',
    endsAt: '2026-03-31',
    raisedCents: 30_000,
    playerCount: 3,
    contactCount: 12,
    unsentCount: 0,
    createdAt: '2026-02-01T10:00:00.000Z',
    ...over,
  };
}

export const PLAYER_IDS = ['p0000000-0000-4000-8000-000000000001', 'p0000000-0000-4000-8000-000000000002'] as const;

/** A campaign as the editor loads it: its detail read and all its contacts (their own read). */
export function campaignDetail(over: Partial<TEditableCampaign> = {}): TEditableCampaign {
  const c: TEditableCampaign = {
    id: CAMPAIGN_ID,
    name: 'Spring Booster Drive',
    status: 'draft',
    campaignType: 'player',
    goalCents: 50_000,
    startsAt: '2026-06-01',
    endsAt: '2026-06-30',
    minContactsPerPlayer: 2,
    subjectSeed: null,
    bodySeed: null,
    behalfOfName: null,
    messagePerspective: 'team',
    reminderSchedule: {
      autoScheduleEnabled: true,
      customScheduleEnabled: false,
      customIntervalsDays: [],
      maxReminders: 3,
    },
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    organizationName: 'Lincoln Boosters',
    players: [
      { id: PLAYER_IDS[0], name: 'Alex Rivera' },
      { id: PLAYER_IDS[1], name: 'Jordan Lee' },
    ],
    contacts: [
      {
        id: 'k0000000-0000-4000-8000-000000000001',
        contactId: 'f0000000-0000-4000-8000-000000000001',
        playerId: PLAYER_IDS[1],
        name: 'Pat Lee',
        email: 'pat.lee@example.org',
        emailSent: false,
        optedOut: false,
      },
      {
        id: 'k0000000-0000-4000-8000-000000000002',
        contactId: 'f0000000-0000-4000-8000-000000000002',
        playerId: PLAYER_IDS[0],
        name: 'Maria Rivera',
        email: 'maria.rivera@example.org',
        emailSent: false,
        optedOut: false,
      },
    ],
    contactCount: 0,
    ...over,
  };
  return { ...c, contactCount: over.contactCount ?? c.contacts.length };
}

/** The two reads the editor makes, as query cache entries: the detail, and all the contacts. */
export function editingData(c: TEditableCampaign = campaignDetail()): [readonly unknown[], unknown][] {
  const { contacts: _all, ...detail } = c;
  return [
    [fundraisingKeys.detail(c.id), detail],
    [fundraisingKeys.contacts(c.id, 0), contactPage(c)],
  ];
}

export function paymentAccount(ready: boolean): TPaymentAccount {
  return {
    status: ready ? 'active' : 'not_started',
    accountId: ready ? 'acct_123' : null,
    onboardingComplete: ready,
    accountEnabled: ready,
    chargesEnabled: ready,
    payoutsEnabled: ready,
    disabledReason: null,
    currentlyDue: [],
    pendingVerification: [],
    canAcceptPayments: ready,
  };
}
