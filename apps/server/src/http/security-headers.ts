import type { MiddlewareHandler } from 'hono';
import type { TAppEnv } from './env';
import { setReplyDefaults } from './node-bindings';

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
 * The security headers of every reply (the set of hono's secureHeaders() with its defaults, no
 * COEP) and the content security policy.
 *
 * Served by Node.js, they are set on Node's reply before the handler runs, and the reply's own
 * headers take precedence over them (node-bindings.ts). Called as a function (the tests' app.request)
 * they are put on the context before the handler runs, so the reply is built with them in one go
 * (secureHeaders() sets them on the finished reply, which makes the server copy every reply's
 * headers once more); a handler that returns a Response object of its own bypasses the context's
 * headers, so such a reply gets them afterwards. Either way a handler that sets one of them itself
 * keeps its own value.
 */
export function securityHeaders(opts: { hsts: boolean }): MiddlewareHandler<TAppEnv> {
  const headers: [string, string][] = [
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'no-referrer'],
    ...(opts.hsts ? ([['Strict-Transport-Security', 'max-age=31536000']] as [string, string][]) : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Content-Security-Policy', CSP],
  ];
  return async (c, next) => {
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
