import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, type JobResult, PgBoss } from 'pg-boss';
import type { TDatabase } from '../db/client';
import type { Logger } from '../logger';

/** What a handler knows of its job besides the data: its id, the same for every attempt of it. */
export interface TJobRun {
  id: string;
}

export type TJobHandler = (data: Record<string, unknown>, job?: TJobRun) => Promise<void>;

export interface TJobDefinition {
  name: string;
  handler: TJobHandler;
  /** Minute-granular cron, in UTC. */
  cron?: string;
  retryLimit?: number;
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5 s); default 1 s. */
  pollingIntervalSeconds?: number;
  /** Jobs a worker takes at a time (WORK_BATCH_SIZE); 1 for long jobs, which another node should get. */
  batchSize?: number;
}

/** One job of a batch: its data, its key (see send()), and when it may start (absent: at once). */
export interface TBatchJob {
  data: Record<string, unknown>;
  key?: string;
  startAfter?: Date;
}

export interface TQueue {
  /**
   * Enqueues a job. The key is stored as pg-boss's singleton key, but the queues use pg-boss's
   * standard policy, under which it deduplicates nothing: a second send of the same job is a second
   * job. What keeps a job's effect to one is its handler (every handler claims its work with a
   * conditional write, so a duplicate or a retry finds nothing left to do).
   */
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

/**
 * A running job tells the database it is alive (every 15 s); one silent for 30 s is taken for dead
 * (its node crashed or was killed) and retried by the next supervision pass, which any node runs
 * every 30 s: a dead node's work resumes on another within a minute. Without the heartbeat a
 * killed node's jobs stayed claimed until pg-boss's expiry, 15 minutes: an import stood still, a
 * recipient waited for the 5-minute sweep and an e-mail cut mid-send for the 10-minute one.
 */
export const JOB_HEARTBEAT_SECONDS = 30;
const SUPERVISION = { superviseIntervalSeconds: 30, monitorIntervalSeconds: 30 } as const;

/**
 * Jobs a worker takes at a time. While its fetches come back full it fetches again at once;
 * pg-boss otherwise waits out the polling interval after every fetch, which held a node to one
 * job per second per queue (500 campaign e-mails: more than 8 minutes). Each job is settled on its
 * own: one failing job does not fail or retry the others of its batch.
 */
const WORK_BATCH_SIZE = 5;

/** pg-boss on the same database: PostgreSQL through its own pool, PGlite through its adapter. */
export function createPgBossQueue(database: TDatabase, log: Logger, connectionString?: string): TQueue {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite as PGlite), backend: 'pglite', schema: 'pgboss', ...SUPERVISION })
      : new PgBoss({ connectionString, schema: 'pgboss', max: 4, ...SUPERVISION });
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
        const options = {
          retryLimit: job.retryLimit ?? 5,
          retryBackoff: true,
          heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
        };
        await boss.createQueue(job.name, options);
        // A queue made by an earlier version keeps its options until they are updated.
        await boss.updateQueue(job.name, options);
        await boss.work<Record<string, unknown>>(
          job.name,
          {
            pollingIntervalSeconds: job.pollingIntervalSeconds ?? 1,
            batchSize: job.batchSize ?? WORK_BATCH_SIZE,
            burstWhenBatchFull: true,
            perJobResults: true,
          },
          async (batch) => {
            const results: JobResult[] = [];
            for (const j of batch) {
              try {
                await job.handler(j.data, { id: j.id });
                results.push({ id: j.id, status: 'completed' });
              } catch (err) {
                results.push({
                  id: j.id,
                  status: 'failed',
                  output: { message: err instanceof Error ? err.message : String(err) },
                });
              }
            }
            return results;
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
      await handler(data, { id: randomUUID() });
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
