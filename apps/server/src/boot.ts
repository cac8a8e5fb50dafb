import type { TConfig } from './config';
import { openPglite, openPostgres, type TDatabase } from './db/client';
import { migrate } from './db/migrate';
import type { TDeps } from './deps';
import { createMailer, type TMailer } from './integrations/mail/mailer';
import { createInlineQueue, createPgBossQueue } from './jobs/queue';
import { sendEmailJob, sweepEmailJob } from './jobs/send-email.job';
import type { Logger } from './logger';
import { createAuth } from './modules/auth/auth';
import { createHub } from './realtime/hub';

export interface TBootOptions {
  /** 'inline' runs jobs in the request (tests); 'pg-boss' is the real queue. */
  queue?: 'pg-boss' | 'inline';
  mailer?: TMailer;
  database?: TDatabase;
}

export async function openDatabase(config: TConfig): Promise<TDatabase> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

/** config → database → migrations → auth, mail, realtime, queue: everything but HTTP. */
export async function boot(config: TConfig, log: Logger, opts: TBootOptions = {}): Promise<TDeps> {
  const database = opts.database ?? (await openDatabase(config));
  const applied = await migrate(database);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const queue = opts.queue === 'inline' ? createInlineQueue(log) : createPgBossQueue(database, log, config.databaseUrl);
  const deps: TDeps = {
    config,
    log,
    database,
    db: database.db,
    auth: createAuth(config, database.db),
    mailer: opts.mailer ?? createMailer(config),
    queue,
    hub: await createHub(log, database.pool),
  };
  await queue.start([sendEmailJob(deps), sweepEmailJob(deps)]);
  return deps;
}

export async function shutdown(deps: TDeps): Promise<void> {
  await deps.queue.stop();
  await deps.hub.close();
  await deps.database.close();
}
