import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { z } from 'zod';
import { fromHeader, type TMailer } from './mail-message';

const ZOutboxEntry = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()).optional(),
  replyTo: z.string().optional(),
  subject: z.string(),
  html: z.string(),
  text: z.string().optional(),
  sentAt: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  attachments: z.array(z.object({ name: z.string(), contentType: z.string(), file: z.string(), size: z.number() })),
});
export type TOutboxEntry = z.infer<typeof ZOutboxEntry>;

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'mail');
}

/** Keeps every message on disk (JSON, attachments and an .eml) for /dev/mailbox. */
export function createOutboxMailer(dataDir: string, defaultFrom: string): TMailer {
  const dir = outboxDir(dataDir);
  mkdirSync(dir, { recursive: true });
  return {
    transport: 'outbox',
    async send(m) {
      const id = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
      const from = fromHeader(defaultFrom, m.fromName);
      const attachments = (m.attachments ?? []).map((a, i) => {
        const file = `${id}-${i}-${a.name.replace(/[^\w.-]+/g, '_')}`;
        writeFileSync(join(dir, file), a.content);
        return { name: a.name, contentType: a.contentType, file, size: a.content.length };
      });
      const entry: TOutboxEntry = {
        id,
        from,
        to: m.to,
        cc: m.cc,
        replyTo: m.replyTo,
        subject: m.subject,
        html: m.html,
        text: m.text,
        sentAt: new Date().toISOString(),
        headers: m.headers,
        attachments,
      };
      const eml = await new MailComposer({
        from,
        to: m.to,
        cc: m.cc,
        replyTo: m.replyTo,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: m.headers,
        attachments: m.attachments?.map((a) => ({ filename: a.name, content: a.content, contentType: a.contentType })),
      })
        .compile()
        .build();
      writeFileSync(join(dir, `${id}.eml`), eml);
      writeFileSync(join(dir, `${id}.json`), JSON.stringify(entry));
      return { messageId: id };
    },
  };
}

export function listOutbox(dataDir: string): TOutboxEntry[] {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((f) => ZOutboxEntry.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))))
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
}
