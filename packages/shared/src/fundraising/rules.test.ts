import { addDays, format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  automaticReminderDays,
  calendarRange,
  campaignLengthDays,
  campaignStatusTone,
  cleanQueryId,
  defaultCampaignDates,
  donationErrorMessage,
  donorKey,
  estimatedCompletionMinutes,
  fillTextPlaceholders,
  goalDollarsToCents,
  launchMode,
  normalizeReminderDays,
  PLACEHOLDERS,
  progressBarPercent,
  progressPercentage,
  reminderDays,
  senderLabel,
  showLastUpdated,
  type TPlaceholderValues,
} from './rules';
import { DEFAULT_REMINDER_SCHEDULE, FUNDRAISING_MESSAGES as M, type TReminderSchedule } from './schemas';

const START = '2025-03-01';
const endAfter = (days: number) => format(addDays(parseISO(START), days), 'yyyy-MM-dd');
const auto = (maxReminders = 5): TReminderSchedule => ({ ...DEFAULT_REMINDER_SCHEDULE, maxReminders });
const custom = (days: number[], maxReminders = 5): TReminderSchedule => ({
  autoScheduleEnabled: false,
  customScheduleEnabled: true,
  customIntervalsDays: days,
  maxReminders,
});

describe('the automatic reminder table (§4.4)', () => {
  it.each([
    [0, [1]],
    [1, [1]],
    [3, [1]],
    [5, [2]],
    [7, [3]],
    [8, [3, 7]],
    [11, [3, 8]],
    [14, [3, 11]],
    [15, [5, 15]],
    [21, [5, 15]],
    [22, [7, 15]],
    [30, [7, 23]],
    [31, [7, 21, 28]],
    [45, [7, 21, 38]],
    [46, [7, 21, 35, 42]],
    [60, [7, 21, 35, 53]],
    [61, [7, 21, 35, 49, 56]],
    [90, [7, 21, 35, 49, 83]],
  ])('a %i-day campaign reminds on days %j', (length, days) => {
    expect(campaignLengthDays(START, endAfter(length))).toBe(length);
    expect(reminderDays(auto(), START, endAfter(length))).toEqual(days);
    expect(automaticReminderDays(length)).toEqual(days);
  });

  it('uses days 7 and 21 without both dates', () => {
    expect(reminderDays(auto(), null, null)).toEqual([7, 21]);
    expect(reminderDays(auto(), START, null)).toEqual([7, 21]);
    expect(reminderDays(auto(), null, endAfter(60))).toEqual([7, 21]);
    expect(campaignLengthDays(START, '')).toBeNull();
  });

  it('counts calendar days across a daylight-saving change', () => {
    // 9 March 2025 is a 23-hour day in the US; the length is still 30 days.
    expect(campaignLengthDays('2025-03-01', '2025-03-31')).toBe(30);
    expect(reminderDays(auto(), '2025-03-01', '2025-03-31')).toEqual([7, 23]);
  });
});

describe('reminderDays', () => {
  it('keeps at most max_reminders, default 2', () => {
    expect(reminderDays(DEFAULT_REMINDER_SCHEDULE, START, endAfter(61))).toEqual([7, 21]);
    expect(reminderDays(auto(3), START, endAfter(61))).toEqual([7, 21, 35]);
    expect(reminderDays(auto(0), START, endAfter(61))).toEqual([]);
  });

  it('uses the custom list, sorted and without duplicates, instead of the table', () => {
    expect(reminderDays(custom([14, 3, 3, 7]), START, endAfter(30))).toEqual([3, 7, 14]);
    expect(reminderDays(custom([14, 3, 3, 7], 2), START, endAfter(30))).toEqual([3, 7]);
  });

  it('keeps reminders at least 2 days apart', () => {
    expect(reminderDays(custom([3, 4, 5, 6, 10]), START, endAfter(30))).toEqual([3, 5, 10]);
    expect(reminderDays(custom([1, 2, 3], 2), START, endAfter(30))).toEqual([1, 3]);
  });

  it('sends none when both modes are off', () => {
    const off = { ...custom([3, 7]), customScheduleEnabled: false };
    expect(reminderDays(off, START, endAfter(30))).toEqual([]);
  });
});

describe('normalizeReminderDays', () => {
  it('drops duplicates and sorts numerically', () => {
    expect(normalizeReminderDays([21, 5, 21, 100, 5, 9])).toEqual([5, 9, 21, 100]);
    expect(normalizeReminderDays([])).toEqual([]);
  });
});

describe('launchMode (§4.2)', () => {
  it('is first, incremental or all contacted', () => {
    expect(launchMode({ hasPreviousSends: false, newContacts: 12 })).toBe('first');
    expect(launchMode({ hasPreviousSends: false, newContacts: 0 })).toBe('first');
    expect(launchMode({ hasPreviousSends: true, newContacts: 3 })).toBe('incremental');
    expect(launchMode({ hasPreviousSends: true, newContacts: 0 })).toBe('all_contacted');
  });
});

describe('estimatedCompletionMinutes', () => {
  it('is e-mails × 10 s in minutes, rounded up', () => {
    expect(estimatedCompletionMinutes(0)).toBe(0);
    expect(estimatedCompletionMinutes(1)).toBe(1);
    expect(estimatedCompletionMinutes(6)).toBe(1);
    expect(estimatedCompletionMinutes(7)).toBe(2);
    expect(estimatedCompletionMinutes(60)).toBe(10);
    expect(estimatedCompletionMinutes(61)).toBe(11);
    expect(estimatedCompletionMinutes(3, 30)).toBe(2);
  });
});

describe('donorKey (§9)', () => {
  it('is the e-mail (case-insensitive), else the contact, else anonymous', () => {
    expect(donorKey({ donorEmail: ' Pat@Example.COM ', contactId: 'c1' })).toBe('email:pat@example.com');
    expect(donorKey({ donorEmail: 'pat@example.com', contactId: null })).toBe(
      donorKey({ donorEmail: 'PAT@example.com', contactId: 'c2' }),
    );
    expect(donorKey({ donorEmail: '  ', contactId: 'c1' })).toBe('contact:c1');
    expect(donorKey({ donorEmail: null, contactId: 'c1' })).toBe('contact:c1');
    expect(donorKey({ donorEmail: null, contactId: null })).toBe('anonymous');
  });
});

describe('progress', () => {
  it('is raised over goal with one decimal, 0 without a goal, and may pass 100', () => {
    expect(progressPercentage(5000, null)).toBe(0);
    expect(progressPercentage(5000, 0)).toBe(0);
    expect(progressPercentage(0, 10000)).toBe(0);
    expect(progressPercentage(1, 3)).toBe(33.3);
    expect(progressPercentage(2, 3)).toBe(66.7);
    expect(progressPercentage(10000, 10000)).toBe(100);
    expect(progressPercentage(15000, 10000)).toBe(150);
  });

  it('fills the bar to at most 100%', () => {
    expect(progressBarPercent(150)).toBe(100);
    expect(progressBarPercent(100)).toBe(100);
    expect(progressBarPercent(42.5)).toBe(42.5);
    expect(progressBarPercent(-3)).toBe(0);
  });
});

describe('goalDollarsToCents (§5.1)', () => {
  it('is dollars × 100 rounded, null when blank', () => {
    expect(goalDollarsToCents(null)).toBeNull();
    expect(goalDollarsToCents(undefined)).toBeNull();
    expect(goalDollarsToCents('')).toBeNull();
    expect(goalDollarsToCents('   ')).toBeNull();
    expect(goalDollarsToCents(0)).toBe(0);
    expect(goalDollarsToCents(12)).toBe(1200);
    expect(goalDollarsToCents('12.5')).toBe(1250);
    expect(goalDollarsToCents(' 2500 ')).toBe(250000);
    expect(goalDollarsToCents('$1,200')).toBe(120000);
    expect(goalDollarsToCents('1e3')).toBe(100000);
  });

  it('rounds half a cent up, where the float would round down', () => {
    expect(goalDollarsToCents(12.145)).toBe(1215);
    expect(goalDollarsToCents('12.145')).toBe(1215);
    expect(goalDollarsToCents(0.29)).toBe(29);
    expect(goalDollarsToCents('10.004')).toBe(1000);
  });

  it('keeps a negative goal negative so the form refuses it', () => {
    expect(goalDollarsToCents('-5')).toBe(-500);
  });

  it('reads anything else as no number', () => {
    expect(goalDollarsToCents('abc')).toBeNull();
    expect(goalDollarsToCents(Number.NaN)).toBeNull();
    expect(goalDollarsToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('campaignStatusTone (§4.1)', () => {
  it('is yellow, green, blue, else grey', () => {
    expect(campaignStatusTone('draft')).toBe('yellow');
    expect(campaignStatusTone('ready')).toBe('green');
    expect(campaignStatusTone('sent')).toBe('blue');
    expect(campaignStatusTone('archived')).toBe('grey');
    expect(campaignStatusTone('')).toBe('grey');
  });
});

describe('showLastUpdated (§2.4)', () => {
  it('shows only past 60 seconds of difference', () => {
    const created = '2025-03-01T10:00:00.000Z';
    expect(showLastUpdated(created, created)).toBe(false);
    expect(showLastUpdated(created, '2025-03-01T10:01:00.000Z')).toBe(false);
    expect(showLastUpdated(created, '2025-03-01T10:01:00.001Z')).toBe(true);
    expect(showLastUpdated(created, '2025-03-02T09:00:00.000Z')).toBe(true);
    expect(showLastUpdated('2025-03-01T10:02:00.000Z', created)).toBe(true);
  });
});

describe('cleanQueryId (§2.7)', () => {
  it("ignores blank, 'undefined' and 'null'", () => {
    expect(cleanQueryId(null)).toBeNull();
    expect(cleanQueryId(undefined)).toBeNull();
    expect(cleanQueryId('')).toBeNull();
    expect(cleanQueryId('  ')).toBeNull();
    expect(cleanQueryId('undefined')).toBeNull();
    expect(cleanQueryId('null')).toBeNull();
    expect(cleanQueryId(' 6f1c0a4e-3b7f-4a43-9b1e-0a9c1d2e3f40 ')).toBe('6f1c0a4e-3b7f-4a43-9b1e-0a9c1d2e3f40');
  });
});

describe('donationErrorMessage (§8.3)', () => {
  const messages = {
    providerNotSetUp: M.providerNotSetUp,
    chargesNotEnabled: M.chargesNotEnabled,
    notYet: M.paymentNotYetAvailable,
    temporarily: M.paymentTemporarilyUnavailable,
    fallback: M.donationFailed,
  };

  it('translates the two payment-setup phrases, whatever their case', () => {
    expect(donationErrorMessage('The Payment Account is not set up for this organization', messages)).toBe(
      M.paymentNotYetAvailable,
    );
    expect(donationErrorMessage('Stripe: charges not enabled', messages)).toBe(M.paymentTemporarilyUnavailable);
    expect(donationErrorMessage('CHARGES NOT ENABLED', messages)).toBe(M.paymentTemporarilyUnavailable);
  });

  it("passes other messages through, and falls back to 'Failed to process donation'", () => {
    expect(donationErrorMessage(M.campaignNotFound, messages)).toBe(M.campaignNotFound);
    expect(donationErrorMessage(null, messages)).toBe('Failed to process donation');
    expect(donationErrorMessage('', messages)).toBe('Failed to process donation');
  });
});

describe('dates', () => {
  it('defaults to today through 30 days later (§4.3)', () => {
    expect(defaultCampaignDates('2025-01-15')).toEqual({ startsAt: '2025-01-15', endsAt: '2025-02-14' });
    expect(defaultCampaignDates('2024-02-15')).toEqual({ startsAt: '2024-02-15', endsAt: '2024-03-16' });
    expect(defaultCampaignDates('2025-12-15')).toEqual({ startsAt: '2025-12-15', endsAt: '2026-01-14' });
  });

  it('offers 1 January this year through 31 December five years ahead (§2.2)', () => {
    expect(calendarRange('2025-06-30')).toEqual({ from: '2025-01-01', to: '2030-12-31' });
    expect(calendarRange('2026-12-31')).toEqual({ from: '2026-01-01', to: '2031-12-31' });
  });
});

describe('placeholders (§5.5)', () => {
  const values: TPlaceholderValues = {
    recipient: 'Pat Lee',
    playerName: 'Sam Ortiz',
    campaignName: 'Spring Drive',
    organizationName: 'Riverside FC',
    goalCents: 250000,
  };

  it('lists the seven placeholders in the editor order', () => {
    expect(PLACEHOLDERS).toEqual([
      '[Recipient]',
      '[Player Name]',
      '[Campaign Name]',
      '[Organization Name]',
      '[Goal Amount]',
      '[Donate Buttons]',
      '[Unsubscribe]',
    ]);
  });

  it('fills every text placeholder, each time it appears', () => {
    const body =
      'Hi [Recipient]! [Player Name] plays for [Organization Name]. [Campaign Name] aims for [Goal Amount]. Thanks, [Recipient].';
    expect(fillTextPlaceholders(body, values)).toBe(
      'Hi Pat Lee! Sam Ortiz plays for Riverside FC. Spring Drive aims for $2,500. Thanks, Pat Lee.',
    );
  });

  it('leaves [Donate Buttons] and [Unsubscribe] for the template', () => {
    expect(fillTextPlaceholders('[Donate Buttons]\n[Unsubscribe]', values)).toBe('[Donate Buttons]\n[Unsubscribe]');
  });

  it("reads 'our goal' without a goal", () => {
    expect(fillTextPlaceholders('Help us reach [Goal Amount].', { ...values, goalCents: null })).toBe(
      'Help us reach our goal.',
    );
  });

  it('inserts values literally, even with $ patterns', () => {
    const odd = { ...values, recipient: "Pat $& $' $$ $1" };
    expect(fillTextPlaceholders('Dear [Recipient], thanks', odd)).toBe("Dear Pat $& $' $$ $1, thanks");
  });
});

describe('senderLabel (§1)', () => {
  it("reads '[Sender] via Pennant', else the organization", () => {
    expect(senderLabel('Coach Rivera', 'Riverside FC')).toBe('Coach Rivera via Pennant');
    expect(senderLabel(null, 'Riverside FC')).toBe('Riverside FC');
    expect(senderLabel('', 'Riverside FC')).toBe('Riverside FC');
  });
});
