import { eq } from 'drizzle-orm';
import type { TDb } from './db/client';
import { appAdmins, users } from './db/schema/auth';

/** The account's id by its e-mail (stored lower-cased), or null. */
export async function findUserIdByEmail(db: TDb, email: string): Promise<string | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return user?.id ?? null;
}

export async function grantPlatformAdmin(db: TDb, userId: string): Promise<void> {
  await db.insert(appAdmins).values({ userId }).onConflictDoNothing();
}

export async function revokePlatformAdmin(db: TDb, userId: string): Promise<void> {
  await db.delete(appAdmins).where(eq(appAdmins.userId, userId));
}
