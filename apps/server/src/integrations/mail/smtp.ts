import nodemailer from 'nodemailer';
import { fromHeader, type TMailer } from './mail-message';

export function createSmtpMailer(url: string, defaultFrom: string): TMailer {
  const transporter = nodemailer.createTransport(url);
  return {
    transport: 'smtp',
    async send(m) {
      const info = await transporter.sendMail({
        from: fromHeader(defaultFrom, m.fromName),
        to: m.to,
        cc: m.cc,
        subject: m.subject,
        html: m.html,
        text: m.text,
        replyTo: m.replyTo,
        headers: m.headers,
        attachments: m.attachments?.map((a) => ({ filename: a.name, content: a.content, contentType: a.contentType })),
      });
      return { messageId: info.messageId };
    },
  };
}
