import { join } from 'node:path';
import type { TConfig } from './config';
import { openPglite, openPostgres, type TDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import type { TDeps } from './deps';
import { createAiWriter, type TAiWriter } from './integrations/ai/ai';
import { createFileStore, type TFileStore } from './integrations/files/files';
import { createMailer, type TMailer } from './integrations/mail/mailer';
import { createPayments, type TPaymentsProvider } from './integrations/payments';
import { expireQuotesJob } from './jobs/expire-quotes.job';
import { importCompaniesJob, sweepImportsJob } from './jobs/import-companies.job';
import { markOverdueInvoicesJob } from './jobs/mark-overdue-invoices.job';
import { processPaymentEventJob } from './jobs/process-payment-event.job';
import { createInlineQueue, createPgBossQueue } from './jobs/queue';
import { sendBlastEmailJob, sweepBlastEmailsJob } from './jobs/send-blast-email.job';
import { sendCampaignEmailJob, sweepCampaignEmailsJob } from './jobs/send-campaign-email.job';
import { sendCampaignRemindersJob } from './jobs/send-campaign-reminders.job';
import { sendEmailJob, sweepEmailJob } from './jobs/send-email.job';
import { sweepPaymentEventsJob } from './jobs/sweep-payment-events.job';
import type { Logger } from './logger';
import { createAuth } from './modules/auth/auth';
import { createSessionCache } from './modules/session/session-cache';
import { createHub } from './realtime/hub';
import { StartupError } from './startup-error';

export interface TBootOptions {
  /** 'inline' runs jobs in the request (tests); 'pg-boss' is the real queue. */
  queue?: 'pg-boss' | 'inline';
  mailer?: TMailer;
  files?: TFileStore;
  ai?: TAiWriter;
  /** A payments provider for tests (a Stripe implementation on a local API server, say). */
  payments?: TPaymentsProvider;
  database?: TDatabase;
}

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR, which one process
 * owns at a time (a lock file); a damaged or foreign directory is one clear line, not a trace.
 */
export async function openDatabase(config: TConfig): Promise<TDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const lock = lockDataDir(config.dataDir);
  try {
    const database = await openPglite(config.dataDir);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    const reason = err instanceof Error ? err.message : String(err);
    throw new StartupError(
      `The embedded database in ${join(config.dataDir, 'pglite')} could not be opened (${reason}): it is damaged ` +
        'or not a Pennant database. Move that folder aside (keep it: your data is in it) to start with an empty one, ' +
        'or set DATA_DIR to the right folder.',
    );
  }
}

/** config → database → migrations → auth, mail, files, AI writer, realtime, queue: everything but HTTP. */
export async function boot(config: TConfig, log: Logger, opts: TBootOptions = {}): Promise<TDeps> {
  const database = opts.database ?? (await openDatabase(config));
  let applied: string[];
  try {
    applied = await migrate(database);
  } catch (err) {
    await database.close().catch(() => undefined);
    const reason = err instanceof Error ? err.message : String(err);
    const where = config.databaseUrl ? 'The database at DATABASE_URL' : `The embedded database in ${config.dataDir}`;
    throw new StartupError(`${where} could not be prepared: ${reason}. Is it Pennant's database?`);
  }
  if (applied.length) log.info({ applied }, 'migrations applied');
  const queue = opts.queue === 'inline' ? createInlineQueue(log) : createPgBossQueue(database, log, config.databaseUrl);
  const auth = createAuth(config, database.db);
  const files = opts.files ?? (await createFileStore(config));
  const deps: TDeps = {
    config,
    log,
    database,
    db: database.db,
    auth,
    mailer: opts.mailer ?? createMailer(config),
    files,
    ai: opts.ai ?? createAiWriter(config),
    payments: opts.payments ?? createPayments(config, log),
    queue,
    hub: await createHub(log, database),
    sessions: await createSessionCache({ auth, db: database.db, log, database, secret: config.sessionSecret }),
  };
  await queue.start([
    sendEmailJob(deps),
    sweepEmailJob(deps),
    importCompaniesJob(deps),
    sweepImportsJob(deps),
    expireQuotesJob(deps),
    markOverdueInvoicesJob(deps),
    processPaymentEventJob(deps),
    sweepPaymentEventsJob(deps),
    sendCampaignEmailJob(deps),
    sweepCampaignEmailsJob(deps),
    sendBlastEmailJob(deps),
    sweepBlastEmailsJob(deps),
    sendCampaignRemindersJob(deps),
  ]);
  return deps;
}

export async function shutdown(deps: TDeps): Promise<void> {
  await deps.queue.stop();
  await deps.hub.close();
  await deps.sessions.close();
  await deps.database.close();
}
