import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  POSTMARK_TOKEN: z.string().optional(),
  MAIL_FROM: z.string().default('Pennant <no-reply@pennant.app>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
});

export type TMailTransport = 'smtp' | 'postmark' | 'outbox';

export interface TConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  mail: { transport: TMailTransport; smtpUrl?: string; postmarkToken?: string; from: string };
  logLevel: string;
  seedDemo: boolean;
}

/** A secret generated once and kept in the data directory, so sessions survive restarts. */
function keptSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const transport: TMailTransport = e.SMTP_URL ? 'smtp' : e.POSTMARK_TOKEN ? 'postmark' : 'outbox';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    sessionSecret: e.SESSION_SECRET ?? keptSecret(dataDir),
    mail: { transport, smtpUrl: e.SMTP_URL, postmarkToken: e.POSTMARK_TOKEN, from: e.MAIL_FROM },
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'auto',
  };
}
