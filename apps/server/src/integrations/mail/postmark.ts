import { z } from 'zod';
import { fromHeader, type TMailer } from './mail-message';

const ZPostmarkReply = z.object({ ErrorCode: z.number(), Message: z.string(), MessageID: z.string().optional() });

/** Postmark's HTTP API (https://postmarkapp.com/developer/api/email-api). */
export function createPostmarkMailer(
  token: string,
  defaultFrom: string,
  endpoint = 'https://api.postmarkapp.com',
): TMailer {
  return {
    transport: 'postmark',
    async send(m) {
      const res = await fetch(`${endpoint}/email`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Postmark-Server-Token': token },
        body: JSON.stringify({
          From: fromHeader(defaultFrom, m.fromName),
          To: m.to.join(', '),
          Cc: m.cc?.join(', '),
          Subject: m.subject,
          HtmlBody: m.html,
          TextBody: m.text,
          ReplyTo: m.replyTo,
          MessageStream: 'outbound',
          Headers: m.headers ? Object.entries(m.headers).map(([Name, Value]) => ({ Name, Value })) : undefined,
          Attachments: m.attachments?.map((a) => ({
            Name: a.name,
            Content: a.content.toString('base64'),
            ContentType: a.contentType,
          })),
        }),
      });
      const reply = ZPostmarkReply.parse(await res.json());
      if (!res.ok || reply.ErrorCode !== 0) throw new Error(`Postmark refused the message: ${reply.Message}`);
      return { messageId: reply.MessageID ?? '' };
    },
  };
}
