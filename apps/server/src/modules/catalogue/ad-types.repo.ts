import { eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { column, rows, sql, type TTx } from '../../db/client';
import { masterAdTypes } from '../../db/schema/catalogue';

/** Ad types an organization sees: the global ones (org_id null) and its own. */
export function listAdTypes(tx: TTx, orgId: string) {
  return tx
    .select({ id: masterAdTypes.id, slug: masterAdTypes.slug, label: masterAdTypes.label, orgId: masterAdTypes.orgId })
    .from(masterAdTypes)
    .where(or(isNull(masterAdTypes.orgId), eq(masterAdTypes.orgId, orgId)))
    .orderBy(masterAdTypes.createdAt, masterAdTypes.label);
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

const ZRowN = z.object({ n: column.count });

export async function countCustomAdTypes(tx: TTx, orgId: string): Promise<number> {
  const [row] = await rows(tx, ZRowN, sql`SELECT count(*) AS n FROM master_ad_type WHERE org_id = ${orgId}`);
  return row?.n ?? 0;
}
