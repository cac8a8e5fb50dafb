import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isFileKey, type TFileLink } from './file-store';

/**
 * The token of a local-disk download link (GET /api/files/{token}):
 * base64url(JSON { k: key, n: file name, e: expiry in epoch ms }) '.' base64url(HMAC-SHA256).
 * The HMAC key is derived from the session secret, so links survive restarts and a leaked link
 * key would not sign session cookies.
 */

const ZPayload = z.object({ k: z.string(), n: z.string().min(1).max(255), e: z.number().int() });

export function linkSigningKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('pennant:file-links:v1').digest();
}

function mac(signingKey: Buffer, payload: string): Buffer {
  return createHmac('sha256', signingKey).update(payload).digest();
}

export function signLinkToken(signingKey: Buffer, link: TFileLink, expiresAtMs: number): string {
  const payload = Buffer.from(JSON.stringify({ k: link.key, n: link.fileName, e: expiresAtMs })).toString('base64url');
  return `${payload}.${mac(signingKey, payload).toString('base64url')}`;
}

/** The link a token names, or null when it is forged, damaged, names a bad key or has expired at `nowMs`. */
export function verifyLinkToken(signingKey: Buffer, token: string, nowMs: number): TFileLink | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload = '', signature = ''] = parts;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(signingKey, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = ZPayload.safeParse(json);
  if (!parsed.success || !isFileKey(parsed.data.k) || parsed.data.e <= nowMs) return null;
  return { key: parsed.data.k, fileName: parsed.data.n };
}
