import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { TAppEnv } from './env';

/** The peer address; requests built in tests have no socket and share one bucket. */
export function clientIp(c: Context<TAppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}
