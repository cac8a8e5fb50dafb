import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from './payments';

/**
 * Stripe's webhook signature scheme, for the simulator to sign and check its own events the way
 * Stripe does: the header is `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}"}`.
 */
export function signatureOf(secret: string, rawBody: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

export function signatureHeader(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${signatureOf(secret, rawBody, timestamp)}`;
}

/** Throws a WebhookSignatureError unless one v1 signature matches and the timestamp is recent. */
export function verifySignatureHeader(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowMs: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('No Stripe-Signature header');
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (!Number.isFinite(timestamp) || !signatures.length) {
    throw new WebhookSignatureError('Unable to extract timestamp and signatures from header');
  }
  const expected = Buffer.from(signatureOf(secret, rawBody, timestamp), 'utf8');
  const matches = signatures.some((sig) => {
    const given = Buffer.from(sig, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('No signatures found matching the expected signature for payload');
  if (toleranceSeconds > 0 && Math.floor(nowMs / 1000) - timestamp > toleranceSeconds) {
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  }
}
