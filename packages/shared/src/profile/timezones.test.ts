import { describe, expect, it } from 'vitest';
import { zonedYearMonth } from '../months';
import {
  canonicalTimezone,
  DEFAULT_TIMEZONE,
  TIMEZONES,
  timezoneOptionLabel,
  utcOffsetLabel,
  ZTimezone,
  ZTimezonePreference,
} from './timezones';

const WINTER = new Date('2025-01-15T12:00:00Z');
const SUMMER = new Date('2025-07-15T12:00:00Z');

describe('the offered zones', () => {
  it('are the twelve of the spec, with America/New_York as the default', () => {
    expect(TIMEZONES.map((t) => t.label)).toEqual([
      'Eastern',
      'Central',
      'Mountain',
      'Pacific',
      'Atlantic',
      'Alaska',
      'Hawaii',
      'London',
      'Central European',
      'Japan',
      'China',
      'Australian Eastern',
    ]);
    expect(DEFAULT_TIMEZONE).toBe('America/New_York');
    expect(TIMEZONES[0]?.id).toBe(DEFAULT_TIMEZONE);
  });

  it('are all known to the runtime under their own spelling', () => {
    for (const t of TIMEZONES) expect(canonicalTimezone(t.id)).toBe(t.id);
  });
});

describe('utcOffsetLabel', () => {
  it('gives each zone its winter offset', () => {
    const expected: Record<string, string> = {
      'America/New_York': 'UTC-05:00',
      'America/Chicago': 'UTC-06:00',
      'America/Denver': 'UTC-07:00',
      'America/Los_Angeles': 'UTC-08:00',
      'America/Halifax': 'UTC-04:00',
      'America/Anchorage': 'UTC-09:00',
      'Pacific/Honolulu': 'UTC-10:00',
      'Europe/London': 'UTC+00:00',
      'Europe/Paris': 'UTC+01:00',
      'Asia/Tokyo': 'UTC+09:00',
      'Asia/Shanghai': 'UTC+08:00',
      'Australia/Sydney': 'UTC+11:00',
    };
    for (const t of TIMEZONES) expect(utcOffsetLabel(t.id, WINTER), t.id).toBe(expected[t.id]);
  });

  it('follows daylight saving time in both hemispheres', () => {
    expect(utcOffsetLabel('America/New_York', SUMMER)).toBe('UTC-04:00');
    expect(utcOffsetLabel('Europe/London', SUMMER)).toBe('UTC+01:00');
    expect(utcOffsetLabel('Australia/Sydney', SUMMER)).toBe('UTC+10:00');
    expect(utcOffsetLabel('Pacific/Honolulu', SUMMER)).toBe('UTC-10:00');
    expect(utcOffsetLabel('Asia/Tokyo', SUMMER)).toBe('UTC+09:00');
  });

  it('shows half-hour offsets and UTC itself', () => {
    expect(utcOffsetLabel('Asia/Kolkata', WINTER)).toBe('UTC+05:30');
    expect(utcOffsetLabel('UTC', WINTER)).toBe('UTC+00:00');
  });

  it('labels an option with its name and offset', () => {
    expect(timezoneOptionLabel('America/Chicago', WINTER)).toBe('Central (UTC-06:00)');
    expect(timezoneOptionLabel('America/Phoenix', SUMMER)).toBe('America/Phoenix (UTC-07:00)');
  });
});

describe('ZTimezone', () => {
  it('accepts the offered zones and other IANA zones a browser may report', () => {
    expect(ZTimezone.parse('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(ZTimezone.parse('America/Phoenix')).toBe('America/Phoenix');
  });

  it('stores the canonical spelling', () => {
    expect(ZTimezone.parse('america/new_york')).toBe('America/New_York');
  });

  it('refuses anything else with the spec message', () => {
    for (const bad of ['Mars/Olympus_Mons', '', '+05:00', 'EST5EDT; DROP', 42]) {
      const r = ZTimezone.safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Invalid timezone selected');
    }
  });

  it('is part of the preference with the auto-detect switch', () => {
    expect(ZTimezonePreference.parse({ timezone: 'Europe/Paris', autoDetect: false })).toEqual({
      timezone: 'Europe/Paris',
      autoDetect: false,
    });
    expect(ZTimezonePreference.safeParse({ timezone: 'Europe/Paris' }).success).toBe(false);
  });
});

describe('zonedYearMonth', () => {
  it('reads the month on the zone’s own calendar', () => {
    const newYearUtc = new Date('2025-01-01T03:00:00Z');
    expect(zonedYearMonth(newYearUtc, 'UTC')).toEqual({ year: 2025, month: 1 });
    expect(zonedYearMonth(newYearUtc, 'America/New_York')).toEqual({ year: 2024, month: 12 });
    expect(zonedYearMonth(new Date('2025-06-30T20:00:00Z'), 'Asia/Tokyo')).toEqual({ year: 2025, month: 7 });
  });
});
