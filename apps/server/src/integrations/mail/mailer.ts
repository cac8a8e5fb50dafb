import type { TConfig } from '../../config';
import type { TMailer } from './mail-message';
import { createOutboxMailer } from './outbox';
import { createPostmarkMailer } from './postmark';
import { createSmtpMailer } from './smtp';

export type { TMailAttachment, TMailer, TMailMessage } from './mail-message';

/** The transport the configuration names; the local outbox when none is set up. */
export function createMailer(config: TConfig): TMailer {
  const { mail } = config;
  if (mail.transport === 'smtp' && mail.smtpUrl) return createSmtpMailer(mail.smtpUrl, mail.from);
  if (mail.transport === 'postmark' && mail.postmarkToken) return createPostmarkMailer(mail.postmarkToken, mail.from);
  return createOutboxMailer(config.dataDir, mail.from);
}
