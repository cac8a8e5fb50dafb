import { paymentWebhook } from '@pennant/shared/billing/contract';
import { unsubscribeOneClick } from '@pennant/shared/fundraising/contract';
import type { Context } from 'hono';
import { isLoopbackHost, type TConfig } from '../config';
import { AppError } from '../errors';
import type { TAppEnv } from './env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The writes that come from elsewhere and prove themselves otherwise: the payment provider's
 * webhook (no Origin; the signature on its body, modules/payments/webhook.service.ts) and the
 * one-click unsubscribe a mail client POSTs to an e-mail's List-Unsubscribe address (RFC 8058; no
 * Origin; the signed token in the address, modules/fundraising/unsubscribe-token.ts).
 */
const EXEMPT = [paymentWebhook, unsubscribeOneClick].map((c) => ({
  method: c.method.toUpperCase(),
  path: `/api${c.path}`,
}));

/** The origin (scheme, host and port) of a header value, or null when it is not a URL at all. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Writes must come from Pennant's own pages: an Origin (or, failing that, a Referer) whose
 * scheme, host and port equal PUBLIC_URL's. In local mode the request's own origin is accepted
 * too, when it is a loopback address (http://127.0.0.1:3000 beside http://localhost:3000).
 * A missing or malformed header is refused: browsers always send Origin on cross-site writes,
 * and our own pages always send one.
 */
export function checkSameOrigin(c: Context<TAppEnv>, config: TConfig): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  if (EXEMPT.some((e) => c.req.method === e.method && c.req.path === e.path)) return;
  const header = c.req.header('origin') ?? c.req.header('referer');
  if (!header) throw new AppError('forbidden', 'Cross-site requests are not allowed (no Origin header)');
  const origin = originOf(header);
  if (!origin) throw new AppError('forbidden', 'Cross-site requests are not allowed (malformed Origin header)');
  if (origin === new URL(config.publicUrl).origin) return;
  if (config.localMode) {
    const own = new URL(c.req.url);
    if (origin === own.origin && isLoopbackHost(own.hostname)) return;
  }
  throw new AppError('forbidden', 'Cross-site requests are not allowed');
}
