// What every transport sends and how the From header reads: shared by the transports and the
// factory in mailer.ts, so neither imports the other.

export interface TMailAttachment {
  name: string;
  contentType: string;
  content: Buffer;
}

export interface TMailMessage {
  to: string[];
  cc?: string[];
  subject: string;
  html: string;
  text?: string;
  replyTo?: string;
  /** Shown as the sender's name, e.g. '{volunteer} via Pennant'; the address stays ours. */
  fromName?: string;
  attachments?: TMailAttachment[];
  /** Extra headers by name (List-Unsubscribe, List-Unsubscribe-Post); never From, To or Subject. */
  headers?: Record<string, string>;
}

export interface TMailer {
  transport: 'smtp' | 'postmark' | 'outbox';
  send(message: TMailMessage): Promise<{ messageId: string }>;
}

/** Formats the From header: a display name with our verified address. */
export function fromHeader(defaultFrom: string, fromName?: string): string {
  const address = /<([^>]+)>/.exec(defaultFrom)?.[1] ?? defaultFrom;
  if (!fromName) return defaultFrom;
  return `"${fromName.replace(/["\\]/g, '')}" <${address}>`;
}
