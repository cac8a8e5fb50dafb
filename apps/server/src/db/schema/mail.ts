import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns';

export interface TStoredAttachment {
  name: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Every outgoing e-mail, written in the same transaction as the change that caused it and sent
 * by a job. The idempotency key makes a retried request or job send nothing twice.
 */
export const emailMessages = pgTable(
  'email_message',
  {
    id: id(),
    orgId: uuid('org_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    to: text('to').array().notNull(),
    cc: text('cc').array(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text'),
    replyTo: text('reply_to'),
    fromName: text('from_name'),
    attachments: jsonb('attachments').$type<TStoredAttachment[]>(),
    /** Extra headers by name (List-Unsubscribe on campaign e-mails); 0018_email_headers.sql. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The send-email job (its id) that claimed the message last, and when; 0023_email_claim.sql. */
    claimedBy: text('claimed_by'),
    claimedAt: instant('claimed_at'),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('email_message_status_idx').on(t.status, t.createdAt)],
);
