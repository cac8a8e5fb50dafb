import { z } from 'zod';
import { text } from '../fields';

/** Spec §9: the default zone, used when a user has saved none. */
export const DEFAULT_TIMEZONE = 'America/New_York';

/** Spec §9: the twelve zones the timezone select offers, by their IANA ids. */
export const TIMEZONES = [
  { id: 'America/New_York', label: 'Eastern' },
  { id: 'America/Chicago', label: 'Central' },
  { id: 'America/Denver', label: 'Mountain' },
  { id: 'America/Los_Angeles', label: 'Pacific' },
  { id: 'America/Halifax', label: 'Atlantic' },
  { id: 'America/Anchorage', label: 'Alaska' },
  { id: 'Pacific/Honolulu', label: 'Hawaii' },
  { id: 'Europe/London', label: 'London' },
  { id: 'Europe/Paris', label: 'Central European' },
  { id: 'Asia/Tokyo', label: 'Japan' },
  { id: 'Asia/Shanghai', label: 'China' },
  { id: 'Australia/Sydney', label: 'Australian Eastern' },
] as const;
export type TOfferedTimezone = (typeof TIMEZONES)[number]['id'];

// An IANA name (Area/Location, or a bare name such as UTC); rules out raw offsets like "+05:00".
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * Answers by name already asked: building a formatter to resolve a name costs about a third of a
 * millisecond, and the server asks on every dashboard (and agreements list) request. Bounded, so
 * odd input cannot grow it; a runtime's zones do not change while it runs.
 */
const resolvedZones = new Map<string, string | null>();
const RESOLVED_ZONES_MAX = 2_000;

/** The canonical spelling of an IANA zone this runtime knows, or null. */
export function canonicalTimezone(zone: string): string | null {
  const name = zone.trim();
  if (!IANA_NAME.test(name)) return null;
  const known = resolvedZones.get(name);
  if (known !== undefined) return known;
  let resolved: string | null;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    resolved = null;
  }
  if (resolvedZones.size < RESOLVED_ZONES_MAX) resolvedZones.set(name, resolved);
  return resolved;
}

/** A saved zone in its canonical spelling; the default when unset or no longer valid. */
export function zoneOrDefault(saved: string | null | undefined): string {
  return (saved && canonicalTimezone(saved)) ?? DEFAULT_TIMEZONE;
}

export function isValidTimezone(zone: string): boolean {
  return canonicalTimezone(zone) !== null;
}

/**
 * Any IANA zone is accepted, not only the twelve offered: auto-detect saves the browser's zone,
 * which may be another one (America/Phoenix, Asia/Kolkata). Stored in its canonical spelling.
 */
export const ZTimezone = text(64, 'Timezone', 'Invalid timezone selected')
  .refine(isValidTimezone, 'Invalid timezone selected')
  .transform((zone) => canonicalTimezone(zone) ?? zone);

/** GET/PUT /api/profile/timezone. */
export const ZTimezonePreference = z.object({
  timezone: ZTimezone,
  autoDetect: z.boolean({ error: 'Auto-detect must be on or off' }),
});
export type TTimezonePreferenceInput = z.input<typeof ZTimezonePreference>;
export type TTimezonePreference = z.output<typeof ZTimezonePreference>;

/** The zone's offset from UTC at that instant, e.g. 'UTC-05:00' (daylight saving included). */
export function utcOffsetLabel(zone: string, date: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(date);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name.replace(/^(GMT|UTC)/, '');
  return `UTC${offset === '' ? '+00:00' : offset}`;
}

/** 'Eastern (UTC-05:00)' for an offered zone, the IANA id with its offset for any other. */
export function timezoneOptionLabel(zone: string, date: Date = new Date()): string {
  const offered = TIMEZONES.find((t) => t.id === zone);
  return `${offered?.label ?? zone} (${utcOffsetLabel(zone, date)})`;
}

/** The calendar year and month (1–12) of an instant as seen in a zone. */
