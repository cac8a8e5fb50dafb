import type { MiddlewareHandler } from 'hono';
import pLimit from 'p-limit';
import type { TAppEnv } from './env';

/**
 * The embedded database (PGlite) runs one statement at a time. Left alone, a burst of requests
 * interleaves statement by statement, so every request waits for nearly the whole burst and the
 * slowest take seconds. One first-come, first-served queue in front of it lets each request
 * finish before the next starts: the same total work, but the first in is the first out.
 *
 * Each turn starts on a fresh turn of the event loop. PGlite answers through promises that settle
 * at once, so a queue that started the next request straight from the last one's settlement
 * would run the whole backlog in microtasks: the event loop would accept no connection and read
 * no request until the backlog was gone, and a newcomer's first request waited seconds behind
 * work that arrived after it. Yielding lets arrivals join the queue in their order.
 *
 * Streams (the event stream) and routes that never touch the database stay outside it; the API
 * docs page requests the OpenAPI document from this same app, so it must not wait on itself.
 */
const OUTSIDE = new Set(['/api/events', '/api/docs', '/api/openapi.json']);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function embeddedDatabaseQueue(): MiddlewareHandler<TAppEnv> {
  const oneAtATime = pLimit(1);
  return (c, next) =>
    OUTSIDE.has(c.req.path)
      ? next()
      : oneAtATime(async () => {
          await nextTurn();
          await next();
        });
}
