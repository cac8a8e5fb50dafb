import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { BLAST_LIMITS } from '@pennant/shared/outreach/schemas';
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
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''], { error: 'S3_FORCE_PATH_STYLE must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  AI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'AI_BASE_URL must be an http:// or https:// address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().max(200, 'AI_MODEL cannot exceed 200 characters').optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_PREMIUM_MONTH: z.string().optional(),
  STRIPE_PRICE_PREMIUM_YEAR: z.string().optional(),
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'STRIPE_API_BASE must be an http:// or https:// address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CAMPAIGN_SEND_CADENCE_SECONDS: z.coerce
    .number({ error: 'CAMPAIGN_SEND_CADENCE_SECONDS must be a whole number of seconds from 0 to 3600' })
    .int('CAMPAIGN_SEND_CADENCE_SECONDS must be a whole number of seconds from 0 to 3600')
    .min(0, 'CAMPAIGN_SEND_CADENCE_SECONDS must be a whole number of seconds from 0 to 3600')
    .max(3600, 'CAMPAIGN_SEND_CADENCE_SECONDS must be a whole number of seconds from 0 to 3600')
    .default(10),
  BLAST_SEND_CADENCE_SECONDS: z.coerce
    .number({ error: 'BLAST_SEND_CADENCE_SECONDS must be a whole number of seconds from 0 to 3600' })
    .int('BLAST_SEND_CADENCE_SECONDS must be a whole number of seconds from 0 to 3600')
    .min(0, 'BLAST_SEND_CADENCE_SECONDS must be a whole number of seconds from 0 to 3600')
    .max(3600, 'BLAST_SEND_CADENCE_SECONDS must be a whole number of seconds from 0 to 3600')
    .default(BLAST_LIMITS.defaultCadenceSeconds),
});

/** The settings an S3-compatible store needs, all of them or none (S3_ENDPOINT and S3_FORCE_PATH_STYLE are extra). */
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export type TMailTransport = 'smtp' | 'postmark' | 'outbox';

export interface TS3Config {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); absent for AWS itself. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (https://host/bucket/key) rather than the host name; most S3-compatible services want it. */
  forcePathStyle: boolean;
}

/** Where generated documents are kept: DATA_DIR/files, or an S3-compatible bucket. */
export type TFilesConfig = { store: 'local' } | ({ store: 's3' } & TS3Config);

/**
 * Who writes AI e-mails: the built-in writer (no settings), or an OpenAI-compatible chat
 * completions endpoint (AI_BASE_URL and AI_API_KEY together).
 */
export type TAiSettings =
  | { writer: 'local' }
  | {
      writer: 'openai';
      /** e.g. https://api.openai.com/v1, or a compatible server's /v1. */
      baseUrl: string;
      apiKey: string;
      /** Sent instead of the configured model (gpt-4o-mini / gpt-4o) for servers that serve other models. */
      model: string | undefined;
    };

/** Where the Stripe SDK sends its calls instead of api.stripe.com (a local stand-in in tests). */
export interface TStripeApiBase {
  protocol: 'http' | 'https';
  host: string;
  port: number;
}

/**
 * Who takes payments: Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and both price ids
 * together), else the built-in simulator, which behaves like Stripe's test mode offline.
 */
export type TPaymentsSettings =
  | {
      provider: 'simulator';
      /** STRIPE_WEBHOOK_SECRET when given; else the simulator derives one from the session secret. */
      webhookSecret: string | undefined;
    }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** Stripe price ids of the two premium plans. */
      prices: { premium_month: string; premium_year: string };
      apiBase: TStripeApiBase | undefined;
    };

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
  files: TFilesConfig;
  ai: TAiSettings;
  payments: TPaymentsSettings;
  logLevel: string;
  seedDemo: boolean;
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Seconds between two e-mails of a campaign launch (spec 002 §9: 10); tests shorten it, 0 sends at once. */
  campaignSendCadenceSeconds: number;
  /** Seconds between two e-mails of a prospect blast (spec 002 §9: 30); tests shorten it. */
  blastSendCadenceSeconds: number;
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

type TEnv = z.output<typeof ZEnv>;

/** S3 when S3_BUCKET and its companions are set; one S3_* setting without the others stops the start. */
function filesConfig(e: TEnv): TFilesConfig {
  const given = (name: (typeof S3_REQUIRED)[number]) => Boolean(e[name]?.trim());
  const extras = e.S3_ENDPOINT !== undefined || e.S3_FORCE_PATH_STYLE;
  if (!S3_REQUIRED.some(given) && !extras) return { store: 'local' };
  const missing = S3_REQUIRED.filter((name) => !given(name));
  if (missing.length) {
    throw new StartupError(
      `Invalid configuration: S3 file storage needs ${S3_REQUIRED.join(', ')} together; ${missing.join(', ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} not set. Set ${missing.length === 1 ? 'it' : 'them'}, or remove every S3_* setting to keep files in DATA_DIR.`,
    );
  }
  return {
    store: 's3',
    bucket: (e.S3_BUCKET ?? '').trim(),
    region: (e.S3_REGION ?? '').trim(),
    endpoint: e.S3_ENDPOINT,
    accessKeyId: (e.S3_ACCESS_KEY_ID ?? '').trim(),
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** The OpenAI-compatible endpoint when AI_BASE_URL and AI_API_KEY are both set; one without the other stops the start. */
function aiSettings(e: TEnv): TAiSettings {
  const baseUrl = e.AI_BASE_URL?.replace(/\/+$/, '');
  const apiKey = e.AI_API_KEY?.trim();
  const model = e.AI_MODEL?.trim() || undefined;
  if (!baseUrl && !apiKey) {
    if (model) {
      throw new StartupError(
        'Invalid configuration: AI_MODEL needs AI_BASE_URL and AI_API_KEY. Set them, or remove AI_MODEL to use the built-in writer.',
      );
    }
    return { writer: 'local' };
  }
  if (!baseUrl || !apiKey) {
    const missing = baseUrl ? 'AI_API_KEY' : 'AI_BASE_URL';
    const given = baseUrl ? 'AI_BASE_URL' : 'AI_API_KEY';
    throw new StartupError(
      `Invalid configuration: AI_BASE_URL and AI_API_KEY go together; ${missing} is not set. Set it, or remove ${given} to use the built-in writer.`,
    );
  }
  return { writer: 'openai', baseUrl, apiKey, model };
}

/** The settings Stripe needs together; STRIPE_API_BASE is extra. */
const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PREMIUM_MONTH',
  'STRIPE_PRICE_PREMIUM_YEAR',
] as const;

function stripeApiBase(url: string | undefined): TStripeApiBase | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  const port = parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443;
  return { protocol, host: parsed.hostname.replace(/^\[|\]$/g, ''), port };
}

/**
 * Stripe when STRIPE_SECRET_KEY is set, with its webhook secret and both price ids; a key without
 * them, or price ids / STRIPE_API_BASE without a key, stops the start. Nothing: the simulator.
 */
function paymentsSettings(e: TEnv): TPaymentsSettings {
  const value = (name: (typeof STRIPE_REQUIRED)[number]) => e[name]?.trim() ?? '';
  const webhookSecret = value('STRIPE_WEBHOOK_SECRET') || undefined;
  if (!value('STRIPE_SECRET_KEY')) {
    const stray = [
      ...(['STRIPE_PRICE_PREMIUM_MONTH', 'STRIPE_PRICE_PREMIUM_YEAR'] as const).filter((name) => value(name)),
      ...(e.STRIPE_API_BASE ? ['STRIPE_API_BASE'] : []),
    ];
    if (stray.length) {
      throw new StartupError(
        `Invalid configuration: ${stray.join(', ')} ${stray.length === 1 ? 'needs' : 'need'} STRIPE_SECRET_KEY. ` +
          'Set it (with STRIPE_WEBHOOK_SECRET), or remove them to use the built-in payment simulator.',
      );
    }
    return { provider: 'simulator', webhookSecret };
  }
  const missing = STRIPE_REQUIRED.filter((name) => !value(name));
  if (missing.length) {
    throw new StartupError(
      `Invalid configuration: Stripe payments need ${STRIPE_REQUIRED.join(', ')} together; ${missing.join(', ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} not set. Set ${missing.length === 1 ? 'it' : 'them'}, or remove STRIPE_SECRET_KEY to use the built-in payment simulator.`,
    );
  }
  return {
    provider: 'stripe',
    secretKey: value('STRIPE_SECRET_KEY'),
    webhookSecret: value('STRIPE_WEBHOOK_SECRET'),
    prices: { premium_month: value('STRIPE_PRICE_PREMIUM_MONTH'), premium_year: value('STRIPE_PRICE_PREMIUM_YEAR') },
    apiBase: stripeApiBase(e.STRIPE_API_BASE),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new StartupError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const files = filesConfig(e);
  const ai = aiSettings(e);
  const payments = paymentsSettings(e);
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
    files,
    ai,
    payments,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'always' || (e.SEED_DEMO === 'auto' && localMode),
    trustProxy: e.TRUST_PROXY,
    campaignSendCadenceSeconds: e.CAMPAIGN_SEND_CADENCE_SECONDS,
    blastSendCadenceSeconds: e.BLAST_SEND_CADENCE_SECONDS,
  };
}

/** The developer mailbox exists only in local mode and only when mail goes nowhere else. */
export function hasDevMailbox(config: TConfig): boolean {
  return config.localMode && config.mail.transport === 'outbox';
}
