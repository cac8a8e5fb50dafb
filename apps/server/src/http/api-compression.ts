import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { TAppEnv } from './env';
import { requestHeader } from './node-bindings';

/**
 * Replies under this size go as they are: they fit in about one TCP packet either way, and
 * compressing them costs more time than it saves.
 */
export const COMPRESS_THRESHOLD = 1400;

/** Streams that must reach the browser as they are written, never held back to be compressed. */
const STREAMS = new Set(['/api/events']);

/**
 * Gzip (or deflate) for the API's larger replies, by the request's Accept-Encoding.
 *
 * Hono's compress() skips a reply under its threshold only when the reply states its length, and
 * a JSON reply (c.json) does not; so a JSON body, whole in memory anyway, is measured first. The
 * event stream (text/event-stream) is left alone: compressing it would hold events back until a
 * compressed block filled.
 */
export function apiCompression(): MiddlewareHandler<TAppEnv> {
  const gzip = compress({ threshold: COMPRESS_THRESHOLD });
  return async (c, next) => {
    // A client that takes no compression (most API clients other than browsers) pays nothing.
    if (STREAMS.has(c.req.path) || !/\b(gzip|deflate)\b/i.test(requestHeader(c, 'accept-encoding') ?? ''))
      return next();
    return gzip(c, async () => {
      await next();
      const res = c.res;
      if (!res.body || res.headers.has('Content-Length') || res.headers.has('Content-Encoding')) return;
      if (!res.headers.get('Content-Type')?.startsWith('application/json')) return;
      const body = await res.arrayBuffer();
      c.res = new Response(body, res);
      c.res.headers.set('Content-Length', String(body.byteLength));
    });
  };
}
