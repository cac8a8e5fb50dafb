import type { TPaymentAccount } from '@pennant/shared/billing/connect';
import {
  FUNDRAISING_LIMITS,
  type TCampaignContactList,
  type TContactInsights,
  type TDonationAnalytics,
  type TDonationRow,
  type TEmailHistory,
  type TPlayerProgress,
} from '@pennant/shared/fundraising/schemas';
import type { TEditableCampaign } from '../wizard/campaign-form';

/** Test data for the campaign and launch pages, shaped by the shared reply types. */

export const CAMPAIGN_ID = 'c0000000-0000-4000-8000-000000000001';
export const PLAYER_A = 'b0000000-0000-4000-8000-00000000000a';
export const PLAYER_B = 'b0000000-0000-4000-8000-00000000000b';

/** A campaign with all its contacts: the detail read (contactCount) and the contacts' own read. */
export function campaignDetail(over: Partial<TEditableCampaign> = {}): TEditableCampaign {
  const c: TEditableCampaign = {
    id: CAMPAIGN_ID,
    name: 'Spring Booster Drive',
    status: 'sent',
    campaignType: 'player',
    goalCents: 50_000,
    startsAt: '2026-03-01',
    endsAt: '2026-03-31',
    minContactsPerPlayer: 10,
    subjectSeed: 'Support [Player Name]',
    bodySeed: 'Hi [Recipient],\n\n[Donate Buttons]\n\n[Unsubscribe]',
    behalfOfName: null,
    messagePerspective: 'team',
    reminderSchedule: {
      autoScheduleEnabled: true,
      customScheduleEnabled: false,
      customIntervalsDays: [],
      maxReminders: 2,
    },
    createdAt: '2026-02-20T15:00:00.000Z',
    updatedAt: '2026-02-20T15:00:30.000Z',
    organizationName: 'Lincoln Boosters',
    players: [
      { id: PLAYER_A, name: 'Alex Rivera' },
      { id: PLAYER_B, name: 'Sam Chen' },
    ],
    contacts: [
      {
        id: 'cc000000-0000-4000-8000-000000000001',
        contactId: 'ca000000-0000-4000-8000-000000000001',
        playerId: PLAYER_A,
        name: 'Maria Rivera',
        email: 'maria@example.org',
        emailSent: true,
        optedOut: false,
      },
      {
        id: 'cc000000-0000-4000-8000-000000000002',
        contactId: 'ca000000-0000-4000-8000-000000000002',
        playerId: PLAYER_B,
        name: 'Wei Chen',
        email: 'wei@example.org',
        emailSent: false,
        optedOut: false,
      },
    ],
    contactCount: 0,
    ...over,
  };
  return { ...c, contactCount: over.contactCount ?? c.contacts.length };
}

/** The contacts' read: one page of them, or all of them, with the counts of all. */
export function contactPage(c: TEditableCampaign, page?: number): TCampaignContactList {
  const size = FUNDRAISING_LIMITS.contactsPageSize;
  const shown = page ? c.contacts.slice((page - 1) * size, page * size) : c.contacts;
  return {
    contacts: shown,
    total: c.contacts.length,
    emailedCount: c.contacts.filter((k) => k.emailSent).length,
  };
}

export function alumniDetail(over: Partial<TEditableCampaign> = {}): TEditableCampaign {
  return campaignDetail({
    name: 'Alumni Giving Day',
    campaignType: 'alumni',
    goalCents: 1_000_000,
    behalfOfName: 'Coach Taylor',
    players: [],
    contacts: campaignDetail().contacts.map((c) => ({ ...c, playerId: null })),
    ...over,
  });
}

export function emailHistory(over: Partial<TEmailHistory> = {}): TEmailHistory {
  return {
    totalContacts: 2,
    previouslySentContacts: 0,
    newContacts: 2,
    hasPreviousSends: false,
    originalSubject: null,
    originalBody: null,
    ...over,
  };
}

export function playerProgress(over: Partial<TPlayerProgress> = {}): TPlayerProgress {
  return {
    id: PLAYER_A,
    name: 'Alex Rivera',
    raisedCents: 25_000,
    contactCount: 12,
    goalCents: 50_000,
    progressPercentage: 50,
    ...over,
  };
}

export function donation(over: Partial<TDonationRow> = {}): TDonationRow {
  return {
    id: 'd0000000-0000-4000-8000-000000000001',
    amountCents: 5_000,
    status: 'paid',
    createdAt: '2026-03-05T18:30:00.000Z',
    paidAt: '2026-03-05T18:31:00.000Z',
    stripePaymentIntentId: 'pi_123',
    donorName: 'Maria Rivera',
    donorEmail: 'maria@example.org',
    contactId: 'ca000000-0000-4000-8000-000000000001',
    playerId: null,
    playerName: null,
    ...over,
  };
}

export function analytics(donors: number): TDonationAnalytics {
  return {
    totalRaisedCents: 123_450,
    donationCount: 14,
    donorCount: donors,
    averageDonationCents: 8_818,
    timeline: [
      { date: '2026-03-02', amountCents: 10_000, count: 2 },
      { date: '2026-03-05', amountCents: 113_450, count: 12 },
    ],
    topDonors: Array.from({ length: Math.min(donors, 10) }, (_, i) => ({
      key: `email:donor${i + 1}@example.org`,
      name: `Donor ${i + 1}`,
      email: `donor${i + 1}@example.org`,
      totalCents: (20 - i) * 1_000,
      donationCount: 1,
    })),
  };
}

export function insights(total: number, page = 1): TContactInsights {
  const pageSize = 10;
  const count = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
  return {
    rows: Array.from({ length: count }, (_, i) => {
      const n = (page - 1) * pageSize + i + 1;
      return {
        contactId: `ca000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        name: `Contact ${n}`,
        email: `contact${n}@example.org`,
        receivedCampaignEmail: n % 2 === 0,
        donationsMade: n === 1 ? 2 : 0,
        totalDonatedCents: n === 1 ? 7_500 : 0,
        emailOptOut: n === 3,
        optOutAt: n === 3 ? '2026-03-04T12:00:00.000Z' : null,
        reminderStatus: n === 1 ? 'exempt_donated' : n === 3 ? 'opted_out' : n === 4 ? 'paused' : 'eligible',
      };
    }),
    page,
    pageSize,
    total,
    counts: { all: total, eligible: total - 2, donated: 1, opted_out: 1, no_email: 0 },
    stats: { totalContacts: total, emailsSent: Math.floor(total / 2), deliveryRate: 50 },
  };
}

export function paymentAccount(ready: boolean): TPaymentAccount {
  return {
    status: ready ? 'active' : 'setup_incomplete',
    accountId: 'acct_123',
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
