// What the in-process benchmarks share: a throwaway database of either kind, the app booted on it
// as production would, an organization signed up through the API, and the premium switch.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { createApp } from '../apps/server/src/app';
import { boot } from '../apps/server/src/boot';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, openPostgres, sql, type TDatabase } from '../apps/server/src/db/client';
import { withPlatform } from '../apps/server/src/db/tenant';
import type { TDeps } from '../apps/server/src/deps';
import { createLogger } from '../apps/server/src/logger';

export type TKind = 'postgres' | 'pglite';
export type TApp = ReturnType<typeof createApp>;

export interface TBenchDatabase {
  database: TDatabase;
  url: string | null;
  dataDir: string;
  /** Drops the PostgreSQL database (or nothing for PGlite) and removes the data directory. */
  drop(): Promise<void>;
}

export function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? 0;
}

/** A fresh database: PGlite in a temporary directory, or a new database on the server at `serverUrl`. */
export async function openBenchDatabase(kind: TKind, serverUrl: string | null): Promise<TBenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `pennant-bench-${kind}-`));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    return { database: await openPglite(dataDir), url: null, dataDir, drop: async () => removeDir() };
  }
  if (!serverUrl) throw new Error('no PostgreSQL URL');
  const name = `pennant_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    database: await openPostgres(url, 10),
    url,
    dataDir,
    drop: async () => {
      removeDir();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The app on that database with production settings, answering as `origin`. */
export async function bootBench(
  opened: TBenchDatabase,
  origin: string,
  queue: 'pg-boss' | 'inline',
): Promise<{ deps: TDeps; app: TApp }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: opened.dataDir,
    PORT: new URL(origin).port,
    PUBLIC_URL: origin,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'never',
    ...(opened.url ? { DATABASE_URL: opened.url } : {}),
  });
  const deps = await boot(config, createLogger('silent'), { queue, database: opened.database });
  return { deps, app: createApp(deps) };
}

/** Signs up an owner and creates their organization through the API, as the browser does. */
export async function signUpWithOrg(
  app: TApp,
  origin: string,
  label: string,
): Promise<{ cookie: string; orgId: string }> {
  const email = `bench.${label}.${Date.now()}@example.com`;
  const signUp = await app.request(`${origin}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: `Bench ${label}`, email, password: 'bench-password' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const org = await app.request(`${origin}/api/onboarding/organization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify({ name: `Bench ${label} Boosters`, seasonLabel: '2025', fiscalStartMonth: 7 }),
  });
  if (org.status !== 201) throw new Error(`org failed: ${org.status} ${await org.text()}`);
  const { orgId } = z.object({ orgId: z.string() }).parse(await org.json());
  return { cookie, orgId };
}

/** Bulk import is a premium feature: the organization gets an active premium plan. */
export async function makePremium(deps: TDeps, orgId: string): Promise<void> {
  await withPlatform(deps.db, deps.log, 'bench premium', (tx) =>
    tx.execute(sql`UPDATE organization SET plan_key = 'premium_month', subscription_status = 'active',
                   current_period_end = now() + interval '1 year' WHERE id = ${orgId}`),
  );
}
