import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { authRateLimits, sessions, users } from '../../db/schema/auth';

/** Counts one failure under each key in a fixed window (a window past its length starts again). */
export async function countFailures(tx: TTx, keys: readonly { key: string; windowSeconds: number }[]): Promise<void> {
  for (const { key, windowSeconds } of keys) {
    const expired = sql`${authRateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
    await tx
      .insert(authRateLimits)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: authRateLimits.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${authRateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${authRateLimits.windowStart} END`,
        },
      });
  }
}

/** The failures counted so far under each key, within its window (judged by the database's clock). */
export async function readFailures(
  tx: TTx,
  keys: readonly { key: string; windowSeconds: number }[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { key, windowSeconds } of keys) {
    const [row] = await tx
      .select({ count: authRateLimits.count })
      .from(authRateLimits)
      .where(
        and(
          eq(authRateLimits.key, key),
          gt(authRateLimits.windowStart, sql`now() - make_interval(secs => ${windowSeconds})`),
        ),
      );
    counts.set(key, row?.count ?? 0);
  }
  return counts;
}

export async function deleteSessionByToken(tx: TTx, token: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.token, token));
}

/** Every session of an account (a disabled account's fresh sign-in). */
export async function deleteSessionsOfUser(tx: TTx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** The account's id when it is disabled (auth_user.disabled_at, 0021), else null. */
export async function findDisabledUserId(tx: TTx, email: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), sql`auth_user.disabled_at IS NOT NULL`));
  return row?.id ?? null;
}

export async function resetAttempts(tx: TTx, keys: readonly string[]): Promise<void> {
  if (keys.length) await tx.delete(authRateLimits).where(inArray(authRateLimits.key, [...keys]));
}

export async function findUserIdByEmail(tx: TTx, email: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

export async function isEmailTaken(tx: TTx, email: string): Promise<boolean> {
  return (await findUserIdByEmail(tx, email)) !== null;
}

export async function markEmailVerified(tx: TTx, userId: string): Promise<void> {
  await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

export async function findUserEmail(
  tx: TTx,
  userId: string,
): Promise<{ email: string; emailVerified: boolean } | null> {
  const [row] = await tx
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
