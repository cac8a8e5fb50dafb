import type { SQL } from 'drizzle-orm';
import { sql, type TTx } from '../../db/client';

/**
 * Serialises the catalogue's counted inserts within one organization (a transaction-scoped
 * advisory lock on the organization's catalogue key), so two requests cannot both take the last
 * place under a cap. Nothing else waits on it: rows of the organization stay free.
 */
export async function lockCatalogue(tx: TTx, orgId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`catalogue:${orgId}`}, 0))`);
}

/** `$1, $2, …` for an IN list of ids (never empty: callers return early). */
export function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}
