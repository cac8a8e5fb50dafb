import { and, eq, lt, sql } from 'drizzle-orm';
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

/** Moves a queued message to sending; only one worker can win it. */
export async function claimEmail(tx: TTx, id: string) {
  const [row] = await tx
    .update(emailMessages)
    .set({ status: 'sending', attempts: sql`${emailMessages.attempts} + 1` })
    .where(and(eq(emailMessages.id, id), eq(emailMessages.status, 'queued')))
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

/** Messages left queued (a crash between commit and enqueue) or stuck sending (a crash mid-send). */
export async function findStrandedEmails(tx: TTx): Promise<string[]> {
  await tx
    .update(emailMessages)
    .set({ status: 'queued' })
    .where(and(eq(emailMessages.status, 'sending'), lt(emailMessages.createdAt, sql`now() - interval '10 minutes'`)));
  const found = await tx
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(and(eq(emailMessages.status, 'queued'), lt(emailMessages.createdAt, sql`now() - interval '1 minute'`)))
    .limit(500);
  return found.map((r) => r.id);
}
