import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/client';
import type { TAiWriter } from './integrations/ai/ai';
import type { TFileStore } from './integrations/files/files';
import type { TMailer } from './integrations/mail/mailer';
import type { TPaymentsProvider } from './integrations/payments';
import type { TQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { TAuth } from './modules/auth/auth';
import type { TSessionCache } from './modules/session/session-cache';
import type { TRealtimeHub } from './realtime/hub';

/** Everything a request or job needs, built once at boot (or per test database). */
export interface TDeps {
  config: TConfig;
  log: Logger;
  database: TDatabase;
  db: TDb;
  auth: TAuth;
  mailer: TMailer;
  /** Generated documents: DATA_DIR/files or an S3-compatible bucket (integrations/files). */
  files: TFileStore;
  /** Writes AI e-mails: an OpenAI-compatible endpoint or the built-in writer (integrations/ai). */
  ai: TAiWriter;
  /** Subscriptions, connected accounts and webhooks: Stripe or the built-in simulator (integrations/payments). */
  payments: TPaymentsProvider;
  queue: TQueue;
  hub: TRealtimeHub;
  /** The session check of every API request, cached per node and invalidated by NOTIFY. */
  sessions: TSessionCache;
}
