import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, updatedAt } from './columns';

// Tables better-auth reads and writes (its user, session, account and verification models).
export const users = pgTable('auth_user', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable('auth_session', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  expiresAt: instant('expires_at').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const accounts = pgTable('auth_account', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: instant('access_token_expires_at'),
  refreshTokenExpiresAt: instant('refresh_token_expires_at'),
  scope: text('scope'),
  password: text('password'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const verifications = pgTable('auth_verification', {
  id: id(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: instant('expires_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters for sign-in attempts, shared by every app node. */
export const authRateLimits = pgTable('auth_rate_limit', {
  key: text('key').primaryKey(),
  windowStart: instant('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Platform administrators (the app-admin flag): outside any organization. */
export const appAdmins = pgTable('app_admin', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedAt: createdAt(),
});

export const userProfiles = pgTable('user_profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timezone: text('timezone').notNull().default('America/New_York'),
  timezoneAutoDetect: boolean('timezone_auto_detect').notNull().default(true),
  updatedAt: updatedAt(),
});
