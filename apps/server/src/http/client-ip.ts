import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { TAppEnv } from './env';

/**
 * The client's address for rate limits. X-Forwarded-For is only believed with TRUST_PROXY set
 * (behind a proxy that overwrites it); anyone can send the header, so otherwise it is ignored.
 * Behind a proxy the client is the right-most address the proxy appended.
 */
export function clientIp(c: Context<TAppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Requests built in tests have no socket and share one bucket.
    return 'local';
  }
}
