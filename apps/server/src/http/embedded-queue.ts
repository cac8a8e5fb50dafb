import type { MiddlewareHandler } from 'hono';
import pLimit from 'p-limit';
import type { TAppEnv } from './env';

/**
 * The embedded database (PGlite) runs one statement at a time. Left alone, a burst of requests
 * interleaves statement by statement, so every request waits for nearly the whole burst and the
 * slowest take seconds. One first-come, first-served queue in front of it lets each request
 * finish before the next starts: the same total work, but the first in is the first out.
 *
 * Streams (the event stream) and routes that never touch the database stay outside it; the API
 * docs page requests the OpenAPI document from this same app, so it must not wait on itself.
 */
const OUTSIDE = new Set(['/api/events', '/api/docs', '/api/openapi.json']);

export function embeddedDatabaseQueue(): MiddlewareHandler<TAppEnv> {
  const oneAtATime = pLimit(1);
  return (c, next) => (OUTSIDE.has(c.req.path) ? next() : oneAtATime(() => next()));
}
