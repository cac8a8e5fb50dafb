import { z } from 'zod';
import { preparedRows, rows, sql, type TTx, ZRowN } from '../../db/client';
import { masterAdTypes } from '../../db/schema/catalogue';

const ZRowAdType = z.object({ id: z.string(), slug: z.string(), label: z.string(), org_id: z.string().nullable() });

/** Ad types an organization sees: the global ones (org_id null) and its own. */
export async function listAdTypes(
  tx: TTx,
  orgId: string,
): Promise<{ id: string; slug: string; label: string; orgId: string | null }[]> {
  const found = await preparedRows(
    tx,
    ZRowAdType,
    sql`SELECT id, slug, label, org_id FROM master_ad_type
        WHERE org_id IS NULL OR org_id = ${orgId} ORDER BY created_at, label`,
  );
  return found.map((r) => ({ id: r.id, slug: r.slug, label: r.label, orgId: r.org_id }));
}

/** Inserts the type, or returns null when the organization already has that slug. */
export async function insertAdType(tx: TTx, orgId: string, slug: string, label: string) {
  const [row] = await tx
    .insert(masterAdTypes)
    .values({ orgId, slug, label })
    .onConflictDoNothing()
    .returning({ id: masterAdTypes.id, slug: masterAdTypes.slug, label: masterAdTypes.label });
  return row ?? null;
}

const ZAdTypeRow = z.object({ id: z.string(), slug: z.string(), label: z.string(), org_id: z.string().nullable() });
export type TAdTypeRow = z.output<typeof ZAdTypeRow>;

/** A type with this slug the organization can use: the global one first, else its own. */
export async function findAdTypeBySlug(tx: TTx, orgId: string, slug: string): Promise<TAdTypeRow | null> {
  const [row] = await rows(
    tx,
    ZAdTypeRow,
    sql`SELECT id, slug, label, org_id FROM master_ad_type
        WHERE (org_id IS NULL OR org_id = ${orgId}) AND slug = ${slug}
        ORDER BY org_id NULLS FIRST LIMIT 1`,
  );
  return row ?? null;
}

/** The type by id when the organization may use it (global or its own); null otherwise. */
export async function findVisibleAdType(tx: TTx, orgId: string, id: string): Promise<TAdTypeRow | null> {
  const [row] = await rows(
    tx,
    ZAdTypeRow,
    sql`SELECT id, slug, label, org_id FROM master_ad_type
        WHERE (org_id IS NULL OR org_id = ${orgId}) AND id = ${id}`,
  );
  return row ?? null;
}

export async function countCustomAdTypes(tx: TTx, orgId: string): Promise<number> {
  const [row] = await rows(tx, ZRowN, sql`SELECT count(*) AS n FROM master_ad_type WHERE org_id = ${orgId}`);
  return row?.n ?? 0;
}
