import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an unsubscribe link (`/api/public/unsubscribe?token=…`, also the e-mail's
 * List-Unsubscribe address): base64url([0x02 for a company contact] ‖ organization id ‖ contact id) '.'
 * base64url(HMAC-SHA256).
 * It names the contact, not the campaign, because the opt-out holds for every campaign of the
 * organization (fundraising_contact is one row per address). It never expires: an unsubscribe link
 * in an old e-mail must still work. The key is derived from the session secret, as the file links'
 * is (integrations/files/link-token.ts), with its own label, so neither key signs the other's tokens.
 */

/**
 * Whom the link opts out: a fundraising contact (every campaign of the organization), or a company
 * contact (prospect e-mails; every company contact of the organization with that address).
 */
export type TUnsubscribeKind = 'fundraising_contact' | 'company_contact';

export interface TUnsubscribeSubject {
  orgId: string;
  contactId: string;
  /** Default fundraising_contact: the 32-byte tokens of issue 15's e-mails, which must keep working. */
  kind?: TUnsubscribeKind;
}

/** A company contact's token carries one more byte before the ids; a fundraising contact's has none. */
const COMPANY_CONTACT_TAG = 0x02;

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
  const ids = [uuidBytes(subject.orgId), uuidBytes(subject.contactId)];
  const tag = subject.kind === 'company_contact' ? [Buffer.from([COMPANY_CONTACT_TAG])] : [];
  const payload = Buffer.concat([...tag, ...ids]).toString('base64url');
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
  if (bytes.length === 32) {
    return {
      orgId: uuidText(bytes.subarray(0, 16)),
      contactId: uuidText(bytes.subarray(16)),
      kind: 'fundraising_contact',
    };
  }
  if (bytes.length === 33 && bytes[0] === COMPANY_CONTACT_TAG) {
    return { orgId: uuidText(bytes.subarray(1, 17)), contactId: uuidText(bytes.subarray(17)), kind: 'company_contact' };
  }
  return null;
}
