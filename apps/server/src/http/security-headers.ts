import type { MiddlewareHandler } from 'hono';
import type { TAppEnv } from './env';
import { setReplyDefaults, type TReplyHeaders } from './node-bindings';

/** The content security policy of every reply that does not set its own. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The policy of the API's replies (JSON, downloads, the event stream): nothing in them is ever
 * rendered as a page, so nothing may load or frame them (OWASP REST Security: API replies).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Whether a path is the API's (not an HTML page): everything under /api except its HTML docs. */
const isApiPath = (path: string) => path.startsWith('/api/') && path !== '/api/docs';

/**
 * The security headers of every reply, in two sets by what the reply is. A page (the web app,
 * the site, /api/docs, the health check) gets the set of hono's secureHeaders() with its defaults
 * (no COEP) and the page policy. The API's replies get the headers OWASP's REST Security cheat
 * sheet names for an API (no-store, nosniff, DENY framing, a policy that loads nothing) and
 * Cross-Origin-Resource-Policy, and not the ones only a rendered page reads (referrer, DNS
 * prefetch, download, COOP, agent cluster, XSS auditor): every API reply carried twelve headers
 * for nothing, which the server set and every client parsed (a fifth of a small read's cost to
 * the caller in the bench's load generator).
 *
 * Served by Node.js, they are set on Node's reply before the handler runs, and the reply's own
 * headers take precedence over them (node-bindings.ts): a download's own Cache-Control stays.
 * Called as a function (the tests' app.request) they are put on the context before the handler
 * runs, so the reply is built with them in one go (secureHeaders() sets them on the finished
 * reply, which makes the server copy every reply's headers once more); a handler that returns a
 * Response object of its own bypasses the context's headers, so such a reply gets them
 * afterwards. Either way a handler that sets one of them itself keeps its own value.
 */
export function securityHeaders(opts: { hsts: boolean }): MiddlewareHandler<TAppEnv> {
  const hsts: TReplyHeaders = opts.hsts ? [['Strict-Transport-Security', 'max-age=31536000']] : [];
  const page: TReplyHeaders = [
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'no-referrer'],
    ...hsts,
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Content-Security-Policy', CSP],
  ];
  const api: TReplyHeaders = [
    ['Cache-Control', 'no-store'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...hsts,
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Content-Security-Policy', API_CSP],
  ];
  return async (c, next) => {
    const headers = isApiPath(c.req.path) ? api : page;
    // On Node's reply, set before the handler and overridden by the reply's own (node-bindings.ts),
    // whatever kind of reply it is.
    if (setReplyDefaults(c, headers)) return next();
    for (const [name, value] of headers) c.header(name, value);
    await next();
    const own = c.res.headers;
    if (own.has('X-Content-Type-Options')) return;
    for (const [name, value] of headers) if (!own.has(name)) own.set(name, value);
  };
}
