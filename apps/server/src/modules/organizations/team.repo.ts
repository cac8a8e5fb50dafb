import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { preparedRows, rows, sql, type TTx, ZRowOne } from '../../db/client';
import { userRoles } from '../../db/schema/organizations';

export const ZMemberRow = z.object({
  user_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  is_owner: z.boolean(),
  roles: z.array(z.string()),
});
export type TMemberRow = z.output<typeof ZMemberRow>;

/** Everyone holding a role in the organization, the owner first, then by when they joined. */
export function listMembers(tx: TTx, orgId: string): Promise<TMemberRow[]> {
  return preparedRows(
    tx,
    ZMemberRow,
    sql`SELECT m.user_id, m.full_name, m.email,
               bool_or(ur.is_owner) AS is_owner,
               array_agg(ur.role ORDER BY ur.created_at, ur.role) AS roles
        FROM user_role ur
        JOIN app_org_members() m ON m.user_id = ur.user_id
        WHERE ur.org_id = ${orgId}
        GROUP BY m.user_id, m.full_name, m.email
        ORDER BY bool_or(ur.is_owner) DESC, min(ur.created_at), m.email`,
  );
}

export async function isMemberEmail(tx: TTx, orgId: string, email: string): Promise<boolean> {
  const found = await rows(
    tx,
    ZRowOne,
    sql`SELECT 1 AS one FROM app_org_members() m
        JOIN user_role ur ON ur.user_id = m.user_id AND ur.org_id = ${orgId}
        WHERE lower(m.email) = ${email.toLowerCase()} LIMIT 1`,
  );
  return found.length > 0;
}

/** Adds roles; one the user already holds is left as it is. */
export async function insertMemberRoles(
  tx: TTx,
  orgId: string,
  userId: string,
  roles: readonly string[],
  isOwner: boolean,
): Promise<void> {
  if (roles.length === 0) return;
  await tx
    .insert(userRoles)
    .values(roles.map((role) => ({ orgId, userId, role, isOwner })))
    .onConflictDoNothing();
}

export async function findMemberRoles(tx: TTx, orgId: string, userId: string): Promise<string[]> {
  const found = await tx
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.orgId, orgId), eq(userRoles.userId, userId)));
  return found.map((r) => r.role);
}
