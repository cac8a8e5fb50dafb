import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { TTx } from '../db/client';
import { emailMessages, type TStoredAttachment } from '../db/schema/mail';

export interface TOutgoingEmail {
  orgId: string | null;
  /** Unique per logical message, e.g. `invite:{id}:{n}`; a repeat is ignored. */
  idempotencyKey: string;
  to: string[];
  cc?: string[];
  subject: string;
  html: string;
  text?: string;
  replyTo?: string;
  fromName?: string;
  attachments?: TStoredAttachment[];
  /** Extra headers, e.g. List-Unsubscribe; the transports pass them on as given. */
  headers?: Record<string, string>;
}

/** Records a message in the caller's transaction; the send-email job delivers it after commit. */
export async function recordEmail(tx: TTx, m: TOutgoingEmail): Promise<string | null> {
  const [row] = await tx
    .insert(emailMessages)
    .values({
      orgId: m.orgId,
      idempotencyKey: m.idempotencyKey,
      to: m.to,
      cc: m.cc ?? null,
      subject: m.subject,
      html: m.html,
      text: m.text ?? null,
      replyTo: m.replyTo ?? null,
      fromName: m.fromName ?? null,
      attachments: m.attachments ?? null,
      headers: m.headers ?? null,
    })
    .onConflictDoNothing({ target: emailMessages.idempotencyKey })
    .returning({ id: emailMessages.id });
  return row?.id ?? null;
}

/**
 * Moves a queued message to sending; only one worker can win it. `claimant` is the claiming job's
 * id, the same for every attempt of that job: a message it left sending (its node died in the
 * middle of the send, and the queue retries the job) it may claim again. No other job takes a
 * message that is being sent.
 */
export async function claimEmail(tx: TTx, id: string, claimant: string) {
  const [row] = await tx
    .update(emailMessages)
    .set({
      status: 'sending',
      attempts: sql`${emailMessages.attempts} + 1`,
      claimedBy: claimant,
      claimedAt: sql`now()`,
    })
    .where(
      and(
        eq(emailMessages.id, id),
        or(
          eq(emailMessages.status, 'queued'),
          and(eq(emailMessages.status, 'sending'), eq(emailMessages.claimedBy, claimant)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function markEmailSent(tx: TTx, id: string, providerMessageId: string) {
  await tx
    .update(emailMessages)
    .set({ status: 'sent', sentAt: new Date(), providerMessageId, lastError: null })
    .where(eq(emailMessages.id, id));
}

export async function markEmailFailed(tx: TTx, id: string, error: string, giveUp: boolean) {
  await tx
    .update(emailMessages)
    .set({ status: giveUp ? 'failed' : 'queued', lastError: error.slice(0, 1000) })
    .where(eq(emailMessages.id, id));
}

/**
 * Messages left queued (a crash between commit and enqueue) or stuck sending: claimed 10 minutes
 * ago and never settled (a crash mid-send whose job is gone). Counted from the claim: a message
 * created long ago that is being sent right now is not sent a second time.
 */
export async function findStrandedEmails(tx: TTx): Promise<string[]> {
  await tx
    .update(emailMessages)
    .set({ status: 'queued' })
    .where(
      and(
        eq(emailMessages.status, 'sending'),
        lt(sql`COALESCE(${emailMessages.claimedAt}, ${emailMessages.createdAt})`, sql`now() - interval '10 minutes'`),
      ),
    );
  const found = await tx
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(and(eq(emailMessages.status, 'queued'), lt(emailMessages.createdAt, sql`now() - interval '1 minute'`)))
    .limit(500);
  return found.map((r) => r.id);
}
