import { DEFAULT_TIMEZONE } from '@pennant/shared/profile/timezones';
import { eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { userProfiles } from '../../db/schema/auth';

export interface TProfileRow {
  timezone: string;
  timezoneAutoDetect: boolean;
}

/** The user's profile, created with the defaults (America/New_York, auto-detect on) when missing. */
export async function ensureProfile(tx: TTx, userId: string): Promise<TProfileRow> {
  await tx.insert(userProfiles).values({ id: userId, timezone: DEFAULT_TIMEZONE }).onConflictDoNothing();
  const [row] = await tx
    .select({ timezone: userProfiles.timezone, timezoneAutoDetect: userProfiles.timezoneAutoDetect })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row ?? { timezone: DEFAULT_TIMEZONE, timezoneAutoDetect: true };
}

export async function upsertTimezone(
  tx: TTx,
  userId: string,
  timezone: string,
  autoDetect: boolean,
): Promise<TProfileRow> {
  const [row] = await tx
    .insert(userProfiles)
    .values({ id: userId, timezone, timezoneAutoDetect: autoDetect })
    .onConflictDoUpdate({
      target: userProfiles.id,
      set: { timezone, timezoneAutoDetect: autoDetect, updatedAt: sql`now()` },
    })
    .returning({ timezone: userProfiles.timezone, timezoneAutoDetect: userProfiles.timezoneAutoDetect });
  return row ?? { timezone, timezoneAutoDetect: autoDetect };
}

/** The saved zone, without creating a profile (reads from other areas, such as the dashboard). */
export async function findTimezone(tx: TTx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ timezone: userProfiles.timezone })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row?.timezone ?? null;
}
