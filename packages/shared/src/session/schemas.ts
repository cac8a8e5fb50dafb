import { z } from 'zod';
import { ZImpersonation } from '../admin/schemas';
import { ROLES } from '../team/roles';
import { AREAS, MANAGE_RIGHTS } from './permissions';

const ZRights = z.object({ canCreate: z.boolean(), canEdit: z.boolean(), canDelete: z.boolean() });

/** One key per name, each with the same schema (the shape of a z.object). */
function sameFor<K extends string, V>(keys: readonly K[], value: V): Record<K, V> {
  return Object.fromEntries(keys.map((k) => [k, value])) as Record<K, V>;
}

/** The member's rights, derived from the permission matrix's areas and manage rights. */
export const ZPermissions = z.object({ ...sameFor(AREAS, ZRights), ...sameFor(MANAGE_RIGHTS, z.boolean()) });

export const ZPlanState = z.object({
  planKey: z.string(),
  status: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

export const ZSessionOrg = z.object({
  id: z.uuid(),
  name: z.string(),
  seasonLabel: z.string(),
  fiscalStartMonth: z.number(),
  hasCompletedMenuWizard: z.boolean(),
  isFrozen: z.boolean(),
});
export type TSessionOrg = z.infer<typeof ZSessionOrg>;

/** What the client knows about who is signed in: the single source for guards and menus. */
export const ZSession = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), name: z.string() }),
  isAppAdmin: z.boolean(),
  org: ZSessionOrg.nullable(),
  roles: z.array(z.enum(ROLES)),
  isOwner: z.boolean(),
  plan: ZPlanState,
  permissions: ZPermissions,
  timezone: z.string(),
  /**
   * A platform admin's impersonation in force: `org` is then the impersonated organization, with
   * an admin's rights there (the banner of spec 000 §2). Absent or null otherwise.
   */
  impersonation: ZImpersonation.nullable().optional(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZSessionReply = z.object({ session: ZSession.nullable() });
export type TSessionReply = z.infer<typeof ZSessionReply>;
