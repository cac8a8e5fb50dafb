import { canonicalTimezone, TIMEZONES, timezoneOptionLabel } from '@pennant/shared/profile/timezones';

/** The browser's IANA zone in canonical spelling, or null when it cannot be read. */
export function browserTimezone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? canonicalTimezone(zone) : null;
  } catch {
    return null;
  }
}

export interface TZoneOption {
  id: string;
  label: string;
}

/**
 * The twelve offered zones with their offsets right now, plus any extra zone in play (the saved
 * or the browser's) that is not among them, so the select can always show the current value.
 */
export function timezoneOptions(extra: readonly (string | null | undefined)[], now: Date = new Date()): TZoneOption[] {
  const options: TZoneOption[] = TIMEZONES.map((z) => ({ id: z.id, label: timezoneOptionLabel(z.id, now) }));
  for (const zone of extra) {
    if (zone && !options.some((o) => o.id === zone) && canonicalTimezone(zone)) {
      options.push({ id: zone, label: timezoneOptionLabel(zone, now) });
    }
  }
  return options;
}
