import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { organizations, userRoles } from '../../db/schema/organizations';

export async function insertOrganization(
  tx: TTx,
  org: { id: string; name: string; seasonLabel: string; fiscalStartMonth: number; createdBy: string },
): Promise<void> {
  await tx.insert(organizations).values(org);
}

export async function findOrganization(tx: TTx, orgId: string) {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, orgId));
  return org ?? null;
}

export async function deleteRoles(tx: TTx, orgId: string, userId: string, roles: readonly string[]) {
  if (roles.length === 0) return;
  await tx
    .delete(userRoles)
    .where(and(eq(userRoles.orgId, orgId), eq(userRoles.userId, userId), inArray(userRoles.role, [...roles])));
}

export async function productTypeIds(tx: TTx, orgId: string): Promise<Set<string>> {
  const found = await tx.select({ typeId: products.masterTypeId }).from(products).where(eq(products.orgId, orgId));
  return new Set(found.flatMap((r) => (r.typeId ? [r.typeId] : [])));
}

export async function insertWizardProducts(
  tx: TTx,
  orgId: string,
  seasonLabel: string,
  types: readonly { id: string; label: string }[],
): Promise<number> {
  if (types.length === 0) return 0;
  const inserted = await tx
    .insert(products)
    .values(
      types.map((t) => ({
        orgId,
        masterTypeId: t.id,
        name: t.label,
        recurringPriceCents: null,
        setupFeeCents: null,
        shareType: 'none',
        isLimited: false,
        seasonLabel,
      })),
    )
    .returning({ id: products.id });
  return inserted.length;
}

export async function markMenuWizardComplete(tx: TTx, orgId: string): Promise<void> {
  await tx
    .update(organizations)
    .set({ hasCompletedMenuWizard: true, updatedAt: new Date() })
    .where(eq(organizations.id, orgId));
}
