import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss } from 'pg-boss';
import type { TDatabase } from '../db/client';
import type { Logger } from '../logger';

export type TJobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface TJobDefinition {
  name: string;
  handler: TJobHandler;
  /** Minute-granular cron, in UTC. */
  cron?: string;
  retryLimit?: number;
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5 s); default 1 s. */
  pollingIntervalSeconds?: number;
}

export interface TQueue {
  /** Enqueues a job; the key makes a second send of the same job a no-op while it waits. */
  send(name: string, data: Record<string, unknown>, key?: string): Promise<void>;
  start(jobs: readonly TJobDefinition[]): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss on the same database: PostgreSQL through its own pool, PGlite through its adapter. */
export function createPgBossQueue(database: TDatabase, log: Logger, connectionString?: string): TQueue {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite as PGlite), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  let started = false;
  return {
    async send(name, data, key) {
      await boss.send(name, data, key ? { singletonKey: key } : {});
    },
    async start(jobs) {
      await boss.start();
      started = true;
      for (const job of jobs) {
        await boss.createQueue(job.name, { retryLimit: job.retryLimit ?? 5, retryBackoff: true });
        await boss.work<Record<string, unknown>>(
          job.name,
          { pollingIntervalSeconds: job.pollingIntervalSeconds ?? 1 },
          async (batch) => {
            for (const j of batch) await job.handler(j.data);
          },
        );
        if (job.cron) await boss.schedule(job.name, job.cron);
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/**
 * Runs each job at once in the sending process; for tests of request flows that only need the
 * job's effect. Handlers are the real ones, so their idempotency is exercised too.
 */
export function createInlineQueue(log: Logger): TQueue {
  const handlers = new Map<string, TJobHandler>();
  return {
    async send(name, data) {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`No job named ${name}`);
      try {
        await handler(data);
      } catch (err) {
        log.warn({ err, job: name }, 'inline job failed');
      }
    },
    async start(jobs) {
      for (const j of jobs) handlers.set(j.name, j.handler);
    },
    async stop() {
      handlers.clear();
    },
  };
}
