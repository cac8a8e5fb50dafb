import { sql, type TDb } from '../../db/client';

/** One round trip: the readiness probe's proof that the database answers. */
export async function pingDatabase(db: TDb): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
