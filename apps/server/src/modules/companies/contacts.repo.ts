import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, type TTx } from '../../db/client';
import { companyContacts } from '../../db/schema/companies';

export type TContactRow = typeof companyContacts.$inferSelect;

/** The columns the contacts list shows. */
export type TContactView = Pick<
  TContactRow,
  'id' | 'companyId' | 'name' | 'email' | 'phone' | 'title' | 'role' | 'isPrimary' | 'isActive'
> & { createdAt: Date | string };

const ZRowContact = z.object({
  id: z.string(),
  company_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  role: z.string(),
  is_primary: z.boolean(),
  is_active: z.boolean(),
  created_at: column.instant,
});

/**
 * Active contacts (and, when asked, inactive ones after them): primary first, then oldest first.
 * A named statement, since every company page asks for it.
 */
export async function listContacts(
  tx: TTx,
  orgId: string,
  companyId: string,
  includeInactive: boolean,
): Promise<TContactView[]> {
  const found = await preparedRows(
    tx,
    ZRowContact,
    sql`SELECT id, company_id, name, email, phone, title, role, is_primary, is_active, created_at
        FROM company_contact
        WHERE org_id = ${orgId} AND company_id = ${companyId} AND (is_active OR ${includeInactive}::boolean)
        ORDER BY is_active DESC, is_primary DESC, created_at, id`,
  );
  return found.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    title: r.title,
    role: r.role,
    isPrimary: r.is_primary,
    isActive: r.is_active,
    createdAt: r.created_at,
  }));
}

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
