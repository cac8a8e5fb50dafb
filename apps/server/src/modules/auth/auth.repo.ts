import { eq } from 'drizzle-orm';
import { rows, sql, type TTx } from '../../db/client';
import { authRateLimits, sessions } from '../../db/schema/auth';

/** Counts one attempt in a fixed window and returns the count so far. */
export async function countAttempt(tx: TTx, key: string, windowSeconds: number): Promise<number> {
  const [row] = await rows<{ count: number }>(
    tx,
    sql`INSERT INTO auth_rate_limit (key, window_start, count) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN auth_rate_limit.window_start < now() - make_interval(secs => ${windowSeconds})
                       THEN 1 ELSE auth_rate_limit.count + 1 END,
          window_start = CASE WHEN auth_rate_limit.window_start < now() - make_interval(secs => ${windowSeconds})
                       THEN now() ELSE auth_rate_limit.window_start END
        RETURNING count`,
  );
  return Number(row?.count ?? 0);
}

export async function deleteSessionByToken(tx: TTx, token: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.token, token));
}

export async function resetAttempts(tx: TTx, key: string): Promise<void> {
  await tx.delete(authRateLimits).where(eq(authRateLimits.key, key));
}
