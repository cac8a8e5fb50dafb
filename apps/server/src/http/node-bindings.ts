import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { TAppEnv } from './env';

/*
 * The Node.js request and reply behind a request that @hono/node-server serves (main.ts). Reading
 * a request header through Hono builds undici's Headers of the whole request, with its checks, and
 * a header put on the context makes the reply carry a Headers object that the server converts back
 * to Node's form: on a small read both showed as a fifth of the app's CPU. So where the Node.js
 * objects exist, headers are read and set on them directly. Called as a function (app.request in
 * the tests) the app has none, and takes Hono's way; the tests run both (platform.test.ts).
 */

function nodeOf(c: Context<TAppEnv>): Partial<HttpBindings> {
  const env: Partial<HttpBindings> | undefined = c.env;
  return env ?? {};
}

/** A request header by its lower-case name; repeated headers joined as Headers.get joins them. */
export function requestHeader(c: Context<TAppEnv>, name: Lowercase<string>): string | undefined {
  const incoming = nodeOf(c).incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Reply headers as name and value pairs, in the order they are set. */
export type TReplyHeaders = readonly (readonly [string, string])[];

/**
 * Headers every reply of this request carries unless the reply sets its own value: on Node's reply
 * they are set before the handler runs, and the server's writeHead gives the reply's own headers
 * precedence over them. Returns false when there is no Node.js reply, for the caller to put them
 * on the context instead.
 */
export function setReplyDefaults(c: Context<TAppEnv>, headers: TReplyHeaders): boolean {
  const outgoing = nodeOf(c).outgoing;
  if (!outgoing) return false;
  for (const [name, value] of headers) outgoing.setHeader(name, value);
  return true;
}
