import { INVITE_EXPIRY_DAYS } from '@pennant/shared/team/schemas';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, type TTx } from '../../db/client';
import { emailMessages } from '../../db/schema/mail';
import { inviteTokens, organizations } from '../../db/schema/organizations';

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

/** An invitation as the Pending Invites table shows it. */
export type TInviteView = Pick<TInviteRow, 'id' | 'email' | 'rolesArray'> & {
  createdAt: Date | string;
  expiresAt: Date | string;
};

const ZRowPendingInvite = z.object({
  id: z.string(),
  email: z.string(),
  roles_array: z.array(z.string()),
  created_at: column.instant,
  expires_at: column.instant,
});

/** Pending, unexpired invitations, newest first (a named statement: the Team page asks on every visit). */
export async function listPendingInvites(tx: TTx, orgId: string): Promise<TInviteView[]> {
  const found = await preparedRows(
    tx,
    ZRowPendingInvite,
    sql`SELECT id, email, roles_array, created_at, expires_at FROM invite_token
        WHERE org_id = ${orgId} AND status = 'pending' AND expires_at > now()
        ORDER BY created_at DESC, id DESC`,
  );
  return found.map((r) => ({
    id: r.id,
    email: r.email,
    rolesArray: r.roles_array,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  }));
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
  invite: { orgId: string; email: string; roles: readonly string[]; createdBy: string; tokenHash: string },
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
          tokenHash: invite.tokenHash,
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

/**
 * Re-arms a pending invitation for another INVITE_EXPIRY_DAYS with a new link secret (the old
 * link stops working); the row stays locked until commit.
 */
export async function extendInvite(tx: TTx, orgId: string, id: string, tokenHash: string): Promise<TInviteRow | null> {
  const [row] = await tx
    .update(inviteTokens)
    .set({ expiresAt: expiryFromNow(), tokenHash })
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

export interface TInviteEmailCounts {
  /** Every invitation e-mail this invite has had; the next one's idempotency key uses it. */
  total: number;
  lastMinute: number;
  lastDay: number;
}

export async function countInviteEmails(tx: TTx, orgId: string, id: string): Promise<TInviteEmailCounts> {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      lastMinute: sql<number>`(count(*) FILTER (WHERE ${emailMessages.createdAt} > now() - interval '1 minute'))::int`,
      lastDay: sql<number>`(count(*) FILTER (WHERE ${emailMessages.createdAt} > now() - interval '1 day'))::int`,
    })
    .from(emailMessages)
    .where(and(eq(emailMessages.orgId, orgId), sql`${emailMessages.idempotencyKey} LIKE ${`invite:${id}:%`}`));
  return {
    total: Number(row?.total ?? 0),
    lastMinute: Number(row?.lastMinute ?? 0),
    lastDay: Number(row?.lastDay ?? 0),
  };
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

/**
 * An invitation by its id and its link secret's hash, with its organization's name: platform
 * work, before any org context. The id alone (which lists show) finds nothing.
 */
export async function lookupInvite(tx: TTx, id: string, tokenHash: string): Promise<TInviteLookup | null> {
  const [row] = await tx
    .select({
      id: inviteTokens.id,
      org_id: inviteTokens.orgId,
      org_name: organizations.name,
      email: inviteTokens.email,
      roles_array: inviteTokens.rolesArray,
      status: inviteTokens.status,
      expired: sql<boolean>`(${inviteTokens.expiresAt} <= now())`.mapWith(Boolean),
    })
    .from(inviteTokens)
    .innerJoin(organizations, eq(organizations.id, inviteTokens.orgId))
    .where(and(eq(inviteTokens.id, id), eq(inviteTokens.tokenHash, tokenHash)));
  return row ?? null;
}
