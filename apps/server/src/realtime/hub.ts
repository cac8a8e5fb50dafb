import { EventEmitter } from 'node:events';
import { ZChangeEvent } from '@pennant/shared/realtime/contract';
import type { TTopic } from '@pennant/shared/realtime/topics';
import { z } from 'zod';
import type { TDatabase } from '../db/client';
import type { Logger } from '../logger';

export interface TRealtimeEvent {
  /** What changed, from the shared topic table; the client maps it to queries. */
  topic: TTopic;
}

export interface TRealtimeHub {
  publish(orgId: string, event: TRealtimeEvent): void;
  subscribe(orgId: string, listener: (event: TRealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'pennant_events';

/** A NOTIFY payload as another node sends it. */
const ZNotification = z.object({ orgId: z.string(), event: ZChangeEvent });

/**
 * Per-organization fan-out to this node's event streams. With a PostgreSQL server, events go
 * through NOTIFY so every app node's subscribers hear them.
 */
export async function createHub(log: Logger, database: TDatabase): Promise<TRealtimeHub> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (orgId: string, event: TRealtimeEvent) => local.emit(orgId, event);
  // PGlite is one process: events stay in it. A PostgreSQL server may have several app nodes.
  const pool = database.pool;

  const unlisten = pool
    ? await database.listen(CHANNEL, (payload) => {
        try {
          const parsed = ZNotification.safeParse(JSON.parse(payload));
          if (parsed.success) deliver(parsed.data.orgId, parsed.data.event);
          else log.warn({ issues: parsed.error.issues }, 'bad realtime payload');
        } catch (err) {
          log.warn({ err }, 'bad realtime payload');
        }
      })
    : null;

  return {
    publish(orgId, event) {
      if (!pool) return deliver(orgId, event);
      pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ orgId, event })]).catch((err: unknown) => {
        log.warn({ err }, 'realtime notify failed; delivering locally');
        deliver(orgId, event);
      });
    },
    subscribe(orgId, fn) {
      local.on(orgId, fn);
      return () => local.off(orgId, fn);
    },
    async close() {
      local.removeAllListeners();
      await unlisten?.();
    },
  };
}
