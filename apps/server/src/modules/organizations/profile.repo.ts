import { DEFAULT_TIMEZONE } from '@pennant/shared/profile/timezones';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { preparedRows, type TTx } from '../../db/client';
import { userProfiles } from '../../db/schema/auth';

export interface TProfileRow {
  timezone: string;
  timezoneAutoDetect: boolean;
}

const ZRowProfile = z.object({ timezone: z.string(), timezone_auto_detect: z.boolean() });

export async function findProfile(tx: TTx, userId: string): Promise<TProfileRow | null> {
  const [row] = await preparedRows(
    tx,
    ZRowProfile,
    sql`SELECT timezone, timezone_auto_detect FROM user_profiles WHERE id = ${userId}`,
  );
  return row ? { timezone: row.timezone, timezoneAutoDetect: row.timezone_auto_detect } : null;
}

/**
 * The user's profile, created with the defaults (America/New_York, auto-detect on) when missing.
 * Read first, so the common case (the profile exists) is one named SELECT and no write.
 */
export async function ensureProfile(tx: TTx, userId: string): Promise<TProfileRow> {
  const found = await findProfile(tx, userId);
  if (found) return found;
  await tx.insert(userProfiles).values({ id: userId, timezone: DEFAULT_TIMEZONE }).onConflictDoNothing();
  return (await findProfile(tx, userId)) ?? { timezone: DEFAULT_TIMEZONE, timezoneAutoDetect: true };
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

const ZRowTimezone = z.object({ timezone: z.string() });

/** The saved zone, without creating a profile (reads from other areas, such as the dashboard). */
export async function findTimezone(tx: TTx, userId: string): Promise<string | null> {
  const [row] = await preparedRows(tx, ZRowTimezone, sql`SELECT timezone FROM user_profiles WHERE id = ${userId}`);
  return row?.timezone ?? null;
}

/**
 * The organization's calendar zone as an expression: its first owner's saved zone, NULL when none.
 * Platform reads only (user_profiles belongs to the user); a tenant read takes the zone from its member.
 */
export const organizationZoneSql = (orgId: SQL) =>
  sql`(SELECT p.timezone FROM user_role r JOIN user_profiles p ON p.id = r.user_id
       WHERE r.org_id = ${orgId} AND r.is_owner ORDER BY r.created_at, r.id LIMIT 1)`;
