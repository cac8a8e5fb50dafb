import { type TTimezonePreference, zoneOrDefault } from '@pennant/shared/profile/timezones';
import { readPlatform, withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TAuthUser } from '../auth/auth';
import { ensureProfile, findProfile, findTimezone, upsertTimezone } from './profile.repo';

/*
 * user_profiles belongs to a user, not to an organization (a user may have none yet), so these
 * reads and writes run on the platform path, always keyed by the signed-in user's own id.
 */

/** The user's preference; a user without a profile yet gets one with the defaults (a write, once). */
export async function getTimezonePreference(deps: TDeps, user: TAuthUser): Promise<TTimezonePreference> {
  const row =
    (await readPlatform(deps.db, deps.log, 'user profile', (tx) => findProfile(tx, user.id))) ??
    (await withPlatform(deps.db, deps.log, 'user profile', (tx) => ensureProfile(tx, user.id)));
  return { timezone: row.timezone, autoDetect: row.timezoneAutoDetect };
}

export async function setTimezonePreference(
  deps: TDeps,
  user: TAuthUser,
  input: TTimezonePreference,
): Promise<TTimezonePreference> {
  const row = await withPlatform(deps.db, deps.log, 'user profile', (tx) =>
    upsertTimezone(tx, user.id, input.timezone, input.autoDetect),
  );
  return { timezone: row.timezone, autoDetect: row.timezoneAutoDetect };
}

/** The zone a user's dates and months are read in; the default when unset or no longer valid. */
export async function timezoneOf(deps: TDeps, userId: string): Promise<string> {
  return zoneOrDefault(await readPlatform(deps.db, deps.log, 'user timezone', (tx) => findTimezone(tx, userId)));
}
