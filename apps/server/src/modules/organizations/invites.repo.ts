import { INVITE_EXPIRY_DAYS } from '@pennant/shared/team.schemas';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { rows, type TTx } from '../../db/client';
import { emailMessages } from '../../db/schema/mail';
import { inviteTokens } from '../../db/schema/organizations';

const expiryFromNow = () => sql`now() + make_interval(days => ${INVITE_EXPIRY_DAYS})`;

export type TInviteRow = typeof inviteTokens.$inferSelect;

/*
 * Expiry. A row's status stays 'pending' until something changes it; it is expired when
 * expires_at has passed. Reads decide by expires_at (the pending list hides such rows, the
 * verification reports them as 'expired'), so a GET never writes. The one write is here: before a
 * new invitation is inserted, stale pending rows for that address are marked 'expired', which
 * frees the one-pending-per-address unique index for the new invite.
 */
export async function expireStaleInvites(tx: TTx, orgId: string, email: string): Promise<void> {
  await tx
    .update(inviteTokens)
    .set({ status: 'expired' })
    .where(
      and(
        eq(inviteTokens.orgId, orgId),
        eq(inviteTokens.email, email),
        eq(inviteTokens.status, 'pending'),
        lte(inviteTokens.expiresAt, sql`now()`),
      ),
    );
}

const live = (orgId: string) =>
  and(eq(inviteTokens.orgId, orgId), eq(inviteTokens.status, 'pending'), gt(inviteTokens.expiresAt, sql`now()`));

export async function countPendingInvites(tx: TTx, orgId: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(inviteTokens).where(live(orgId));
  return Number(row?.n ?? 0);
}

/** Pending, unexpired invitations, newest first. */
export function listPendingInvites(tx: TTx, orgId: string): Promise<TInviteRow[]> {
  return tx.select().from(inviteTokens).where(live(orgId)).orderBy(desc(inviteTokens.createdAt), desc(inviteTokens.id));
}

/** True when the error, or any error in its cause chain, is a PostgreSQL unique violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Inserts a pending invitation, or returns null when the address already has one in this
 * organization. The partial unique index decides (it also settles two requests racing), and
 * drizzle surfaces the driver's error as the cause of its own on both drivers.
 */
export async function insertInvite(
  tx: TTx,
  invite: { orgId: string; email: string; roles: readonly string[]; createdBy: string },
): Promise<TInviteRow | null> {
  try {
    // A savepoint keeps the transaction usable after the violation on PostgreSQL.
    return await tx.transaction(async (sp) => {
      const [row] = await sp
        .insert(inviteTokens)
        .values({
          orgId: invite.orgId,
          email: invite.email,
          rolesArray: [...invite.roles],
          createdBy: invite.createdBy,
          expiresAt: expiryFromNow(),
        })
        .returning();
      return row ?? null;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export async function findInvite(tx: TTx, orgId: string, id: string): Promise<TInviteRow | null> {
  const [row] = await tx
    .select()
    .from(inviteTokens)
    .where(and(eq(inviteTokens.orgId, orgId), eq(inviteTokens.id, id)));
  return row ?? null;
}

/** Re-arms a pending invitation for another INVITE_EXPIRY_DAYS; the row stays locked until commit. */
export async function extendInvite(tx: TTx, orgId: string, id: string): Promise<TInviteRow | null> {
  const [row] = await tx
    .update(inviteTokens)
    .set({ expiresAt: expiryFromNow() })
    .where(and(eq(inviteTokens.orgId, orgId), eq(inviteTokens.id, id), eq(inviteTokens.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function cancelPendingInvite(tx: TTx, orgId: string, id: string): Promise<TInviteRow | null> {
  const [row] = await tx
    .update(inviteTokens)
    .set({ status: 'cancelled' })
    .where(and(eq(inviteTokens.orgId, orgId), eq(inviteTokens.id, id), eq(inviteTokens.status, 'pending')))
    .returning();
  return row ?? null;
}

/**
 * Marks the invitation accepted if it is still pending and unexpired. Conditional, so of two
 * accepts racing only one gets the row back (and only that one adds roles).
 */
export async function markInviteAccepted(
  tx: TTx,
  orgId: string,
  id: string,
  userId: string,
): Promise<TInviteRow | null> {
  const [row] = await tx
    .update(inviteTokens)
    .set({ status: 'accepted', acceptedAt: sql`now()`, acceptedBy: userId })
    .where(
      and(
        eq(inviteTokens.orgId, orgId),
        eq(inviteTokens.id, id),
        eq(inviteTokens.status, 'pending'),
        gt(inviteTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** How many invitation e-mails this invite has had; the next one's idempotency key uses it. */
export async function countInviteEmails(tx: TTx, orgId: string, id: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(emailMessages)
    .where(and(eq(emailMessages.orgId, orgId), sql`${emailMessages.idempotencyKey} LIKE ${`invite:${id}:%`}`));
  return Number(row?.n ?? 0);
}

export interface TInviteLookup {
  id: string;
  org_id: string;
  org_name: string;
  email: string;
  roles_array: string[];
  status: string;
  expired: boolean;
}

/** An invitation by id alone, with its organization's name: platform work, before any org context. */
export async function lookupInvite(tx: TTx, id: string): Promise<TInviteLookup | null> {
  const [row] = await rows<TInviteLookup>(
    tx,
    sql`SELECT i.id, i.org_id, o.name AS org_name, i.email, i.roles_array, i.status,
               (i.expires_at <= now()) AS expired
        FROM invite_token i JOIN organization o ON o.id = i.org_id
        WHERE i.id = ${id}`,
  );
  return row ?? null;
}
