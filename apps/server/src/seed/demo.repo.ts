import { count, eq } from 'drizzle-orm';
import type { TTx } from '../db/client';
import { users } from '../db/schema/auth';

export async function countUsers(tx: TTx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function findUserIdByEmail(tx: TTx, email: string): Promise<string | null> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}
