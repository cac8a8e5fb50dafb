import { createHash, randomBytes } from 'node:crypto';

/** A fresh link secret (256 bits) and the hash that is stored in its place. */
export function newInviteSecret(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInviteSecret(token) };
}

export function hashInviteSecret(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
