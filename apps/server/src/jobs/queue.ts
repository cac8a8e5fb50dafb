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

/** One job of a batch: its data, its singleton key, and when it may start (absent: at once). */
export interface TBatchJob {
  data: Record<string, unknown>;
  key?: string;
  startAfter?: Date;
}

export interface TQueue {
  /** Enqueues a job; the key makes a second send of the same job a no-op while it waits. */
  send(name: string, data: Record<string, unknown>, key?: string): Promise<void>;
  /**
   * Enqueues many jobs of one name in few statements (a campaign launch queues thousands), each
   * with its own start time; keys work as in send().
   */
  sendMany(name: string, jobs: readonly TBatchJob[]): Promise<void>;
  start(jobs: readonly TJobDefinition[]): Promise<void>;
  stop(): Promise<void>;
}

/** Jobs per batch insert: one JSON parameter each, well under any statement limit. */
const BATCH_INSERT_SIZE = 2_000;

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
    async sendMany(name, jobs) {
      // pg-boss's batch insert: one INSERT … SELECT FROM json_to_recordset per chunk. A Date start
      // is sent as its ISO text, which pg-boss reads as an instant (not a delay).
      for (let i = 0; i < jobs.length; i += BATCH_INSERT_SIZE) {
        await boss.insert(
          name,
          jobs.slice(i, i + BATCH_INSERT_SIZE).map((j) => ({
            data: j.data,
            ...(j.key ? { singletonKey: j.key } : {}),
            ...(j.startAfter ? { startAfter: j.startAfter.toISOString() } : {}),
          })),
        );
      }
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
  const run = async (name: string, data: Record<string, unknown>) => {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`No job named ${name}`);
    try {
      await handler(data);
    } catch (err) {
      log.warn({ err, job: name }, 'inline job failed');
    }
  };
  return {
    send: run,
    /** At once and in order: start times are ignored (tests shorten nothing they need not wait for). */
    async sendMany(name, jobs) {
      for (const job of jobs) await run(name, job.data);
    },
    async start(jobs) {
      for (const j of jobs) handlers.set(j.name, j.handler);
    },
    async stop() {
      handlers.clear();
    },
  };
}
