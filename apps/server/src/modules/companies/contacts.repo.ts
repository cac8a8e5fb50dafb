import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { companyContacts } from '../../db/schema/companies';

/** Active contacts (and, when asked, inactive ones after them): primary first, then oldest first. */
export function listContacts(tx: TTx, orgId: string, companyId: string, includeInactive: boolean) {
  const scope = and(eq(companyContacts.orgId, orgId), eq(companyContacts.companyId, companyId));
  return tx
    .select()
    .from(companyContacts)
    .where(includeInactive ? scope : and(scope, eq(companyContacts.isActive, true)))
    .orderBy(
      desc(companyContacts.isActive),
      desc(companyContacts.isPrimary),
      asc(companyContacts.createdAt),
      asc(companyContacts.id),
    );
}

export type TContactRow = Awaited<ReturnType<typeof listContacts>>[number];

export async function findContact(tx: TTx, orgId: string, companyId: string, id: string): Promise<TContactRow | null> {
  const [row] = await tx
    .select()
    .from(companyContacts)
    .where(and(eq(companyContacts.orgId, orgId), eq(companyContacts.companyId, companyId), eq(companyContacts.id, id)))
    .for('update');
  return row ?? null;
}

export async function hasActivePrimary(tx: TTx, orgId: string, companyId: string): Promise<boolean> {
  const found = await tx
    .select({ id: companyContacts.id })
    .from(companyContacts)
    .where(
      and(
        eq(companyContacts.orgId, orgId),
        eq(companyContacts.companyId, companyId),
        eq(companyContacts.isPrimary, true),
        eq(companyContacts.isActive, true),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/**
 * True when another active contact of the company has this e-mail address, compared without case
 * and surrounding spaces. exceptId leaves out the contact being edited.
 */
export async function hasActiveContactWithEmail(
  tx: TTx,
  orgId: string,
  companyId: string,
  email: string,
  exceptId?: string,
): Promise<boolean> {
  const found = await tx
    .select({ id: companyContacts.id })
    .from(companyContacts)
    .where(
      and(
        eq(companyContacts.orgId, orgId),
        eq(companyContacts.companyId, companyId),
        eq(companyContacts.isActive, true),
        sql`lower(btrim(${companyContacts.email})) = lower(btrim(${email}))`,
        exceptId ? ne(companyContacts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return found.length > 0;
}

/** Clears the primary flag on the company's contacts other than keepId. */
export async function clearPrimary(tx: TTx, orgId: string, companyId: string, keepId?: string): Promise<void> {
  await tx
    .update(companyContacts)
    .set({ isPrimary: false })
    .where(
      and(
        eq(companyContacts.orgId, orgId),
        eq(companyContacts.companyId, companyId),
        eq(companyContacts.isPrimary, true),
        keepId ? ne(companyContacts.id, keepId) : undefined,
      ),
    );
}

export interface TNewContact {
  orgId: string;
  companyId: string;
  name: string;
  email: string;
  phone: string | null;
  title: string | null;
  isPrimary: boolean;
}

export async function insertContact(tx: TTx, values: TNewContact): Promise<TContactRow> {
  const [row] = await tx
    .insert(companyContacts)
    .values({ ...values, role: 'primary', isActive: true })
    .returning();
  if (!row) throw new Error('contact insert returned no row');
  return row;
}

export type TContactPatch = Partial<Pick<TContactRow, 'name' | 'email' | 'phone' | 'title' | 'isActive' | 'isPrimary'>>;

export async function updateContact(
  tx: TTx,
  orgId: string,
  companyId: string,
  id: string,
  patch: TContactPatch,
): Promise<TContactRow | null> {
  const [row] = await tx
    .update(companyContacts)
    .set(patch)
    .where(and(eq(companyContacts.orgId, orgId), eq(companyContacts.companyId, companyId), eq(companyContacts.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteContact(tx: TTx, orgId: string, companyId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(companyContacts)
    .where(and(eq(companyContacts.orgId, orgId), eq(companyContacts.companyId, companyId), eq(companyContacts.id, id)))
    .returning({ id: companyContacts.id });
  return deleted.length > 0;
}
