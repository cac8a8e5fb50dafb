import { randomUUID } from 'node:crypto';
import { PASSWORD_MAX, PASSWORD_MIN } from '@pennant/shared/fields';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema/auth';

export const SESSION_COOKIE_PREFIX = 'pennant';

/** better-auth handles the generic parts: password hashing, sessions, e-mail and password change. */
export function createAuth(config: TConfig, db: TDb) {
  const baseURL = config.publicUrl;
  return betterAuth({
    appName: 'Pennant',
    baseURL,
    secret: config.sessionSecret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
    },
    // An e-mail change never applies without the new address confirming it: Pennant sends that
    // link itself (auth.service requestEmailChange) and better-auth's verify-email applies it.
    user: { changeEmail: { enabled: true, updateEmailWithoutVerification: false } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Sign-in is limited by our own counter in PostgreSQL, shared by every app node.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: config.env === 'test', level: 'error' },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: baseURL.startsWith('https://'),
      // Same-origin checks for every mutation happen in our middleware, for all routes alike.
      disableCSRFCheck: true,
      disableOriginCheck: true,
      database: { generateId: () => randomUUID() },
    },
  });
}

export type TAuth = ReturnType<typeof createAuth>;

export interface TAuthUser {
  id: string;
  email: string;
  name: string;
}
