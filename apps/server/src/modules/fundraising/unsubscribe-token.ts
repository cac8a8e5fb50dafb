import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an unsubscribe link (`/api/public/unsubscribe?token=…`, also the e-mail's
 * List-Unsubscribe address): base64url(organization id ‖ contact id, 32 bytes) '.' base64url(HMAC-SHA256).
 * It names the contact, not the campaign, because the opt-out holds for every campaign of the
 * organization (fundraising_contact is one row per address). It never expires: an unsubscribe link
 * in an old e-mail must still work. The key is derived from the session secret, as the file links'
 * is (integrations/files/link-token.ts), with its own label, so neither key signs the other's tokens.
 */

export interface TUnsubscribeSubject {
  orgId: string;
  contactId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function unsubscribeSigningKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('pennant:unsubscribe-links:v1').digest();
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(signingKey: Buffer, payload: string): Buffer {
  return createHmac('sha256', signingKey).update(payload).digest();
}

export function signUnsubscribeToken(signingKey: Buffer, subject: TUnsubscribeSubject): string {
  if (!UUID.test(subject.orgId) || !UUID.test(subject.contactId)) throw new Error('unsubscribe token needs two uuids');
  const payload = Buffer.concat([uuidBytes(subject.orgId), uuidBytes(subject.contactId)]).toString('base64url');
  return `${payload}.${mac(signingKey, payload).toString('base64url')}`;
}

/** Who a token names, or null when it is forged, damaged or cut short. */
export function verifyUnsubscribeToken(signingKey: Buffer, token: string): TUnsubscribeSubject | null {
  const parts = token.trim().split('.');
  if (parts.length !== 2) return null;
  const [payload = '', signature = ''] = parts;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(signingKey, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 32) return null;
  return { orgId: uuidText(bytes.subarray(0, 16)), contactId: uuidText(bytes.subarray(16)) };
}
