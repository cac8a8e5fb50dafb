import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { StartupError } from './startup-error';

export const SESSION_SECRET_MIN = 32;

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z
    .string()
    .min(SESSION_SECRET_MIN, `SESSION_SECRET must be at least ${SESSION_SECRET_MIN} characters`)
    .optional(),
  SMTP_URL: z.string().optional(),
  POSTMARK_TOKEN: z.string().optional(),
  MAIL_FROM: z.string().default('Pennant <no-reply@pennant.app>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'never', 'always']).default('auto'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export type TMailTransport = 'smtp' | 'postmark' | 'outbox';

export interface TConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  /** The interface to listen on: loopback in local mode. */
  host: string;
  /** Every link the app builds starts here; in local mode `http://localhost:PORT`. */
  publicUrl: string;
  /**
   * Local mode: no PUBLIC_URL, or a loopback one. Only then do the developer surfaces exist
   * (the mailbox, the simulators) and is the demo organization, with its known password, seeded.
   */
  localMode: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  mail: { transport: TMailTransport; smtpUrl?: string; postmarkToken?: string; from: string };
  logLevel: string;
  seedDemo: boolean;
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost')) return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** A secret generated once and kept in the data directory, so sessions survive restarts. */
function keptSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length < SESSION_SECRET_MIN) {
      throw new StartupError(
        `The session secret kept in ${file} is shorter than ${SESSION_SECRET_MIN} characters. ` +
          'Delete that file to have a new one made (everyone will have to sign in again), or set SESSION_SECRET.',
      );
    }
    return kept;
  }
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new StartupError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const localMode = isLoopbackHost(new URL(publicUrl).hostname);
  const host = e.HOST || (localMode ? '127.0.0.1' : '0.0.0.0');
  if (localMode && !isLoopbackHost(host)) {
    throw new StartupError(
      `HOST=${host} would listen beyond this machine, but there is no public PUBLIC_URL, so Pennant is in local ` +
        'mode (demo account, developer mailbox). Set PUBLIC_URL to the address people will use, or remove HOST.',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const transport: TMailTransport = e.SMTP_URL ? 'smtp' : e.POSTMARK_TOKEN ? 'postmark' : 'outbox';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    publicUrl,
    localMode,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    sessionSecret: e.SESSION_SECRET ?? keptSecret(dataDir),
    mail: { transport, smtpUrl: e.SMTP_URL, postmarkToken: e.POSTMARK_TOKEN, from: e.MAIL_FROM },
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'always' || (e.SEED_DEMO === 'auto' && localMode),
    trustProxy: e.TRUST_PROXY,
  };
}

/** The developer mailbox exists only in local mode and only when mail goes nowhere else. */
export function hasDevMailbox(config: TConfig): boolean {
  return config.localMode && config.mail.transport === 'outbox';
}
