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

/**
 * A database another process made with openBenchDatabase (and will drop): its PostgreSQL URL, or
 * null for the PGlite in `dataDir`. The app booted on it shares that process's session secret
 * (kept in `dataDir`), so the cookies it signed up with stay valid.
 */
export async function reopenBenchDatabase(url: string | null, dataDir: string): Promise<TBenchDatabase> {
  const database = url ? await openPostgres(url, 10) : await openPglite(dataDir);
  return { database, url, dataDir, drop: async () => undefined };
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

// ---------------------------------------------------------------------------------------------
// Generated companies
// ---------------------------------------------------------------------------------------------

/** Name prefixes: a company is called `<prefix> <kind> <n>`. */
export const PREFIXES = [
  'Harbor',
  'Summit',
  'Maple',
  'Riverside',
  'Eagle',
  'Golden',
  'Pioneer',
  'Cedar',
  'Lakeside',
  'Northstar',
  'Blue Line',
  'Evergreen',
  'Keystone',
  'Redline',
  'Silver',
  'Sunrise',
  'Trailhead',
  'Victory',
  'Westside',
  'Oak Hill',
];
export const KINDS = [
  'Hardware',
  'Dental',
  'Pizza',
  'Auto Group',
  'Realty',
  'Bakery',
  'Credit Union',
  'Plumbing',
  'Fitness',
  'Insurance',
  'Landscaping',
  'Pharmacy',
  'Print Shop',
  'Veterinary',
  'Outfitters',
  'Diner',
  'Chiropractic',
  'Cinema',
  'Car Wash',
  'Florist',
];
export const INDUSTRIES = [
  'Retail',
  'Healthcare',
  'Restaurant',
  'Automotive',
  'Real Estate',
  'Finance',
  'Home Services',
  'Fitness',
  'Insurance',
  'Printing',
];
export const CITIES = [
  'Riverside',
  'Lakewood',
  'Eagle Valley',
  'Springfield',
  'Fairview',
  'Georgetown',
  'Salem',
  'Madison',
];
const SQL_ARRAY = (xs: readonly string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

export interface TSeedOptions {
  count: number;
  /**
   * Name prefixes, taken in turn (company i gets prefix i mod their number, kind (i / their number)
   * mod 20): with 100 prefixes that none of the other fields contain, a prefix matches 1%.
   */
  prefixes?: readonly string[];
}

/** `count` companies in one organization straight into the tables (the generator, not the benchmark). */
export async function seedCompanies(deps: TDeps, orgId: string, opts: TSeedOptions): Promise<void> {
  const { count } = opts;
  const prefixes = opts.prefixes ?? PREFIXES;
  const n = sql.raw(String(prefixes.length));
  const chunk = 20_000;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await withPlatform(deps.db, deps.log, 'bench seed', async (tx) => {
      // Companies and, for six in ten, a primary contact.
      await tx.execute(sql`
        WITH inserted AS (
          INSERT INTO company (org_id, name, status, website, industry, city, state, country, notes,
                               created_at, updated_at, last_contacted_at, status_updated_at)
          SELECT ${orgId}::uuid,
            (${SQL_ARRAY(prefixes)})[1 + i % ${n}] || ' ' || (${SQL_ARRAY(KINDS)})[1 + (i / ${n}) % 20] || ' ' || i,
            (ARRAY['prospect','prospect','prospect','contacted','contacted','negotiating','sponsor','former_sponsor','declined','blacklisted'])[1 + (i * 7) % 10],
            'https://company' || i || '.example',
            (${SQL_ARRAY(INDUSTRIES)})[1 + (i / 3) % 10],
            (${SQL_ARRAY(CITIES)})[1 + (i / 7) % 8],
            'OR', 'US',
            CASE WHEN i % 3 = 0 THEN 'Met at the ' || (ARRAY['spring fair','chamber mixer','home opener','golf outing'])[1 + i % 4] END,
            now() - (i * interval '5 minutes'),
            now() - (i * interval '3 minutes'),
            CASE WHEN i % 2 = 0 THEN now() - ((i * 13) % 900) * interval '1 day' END,
            CASE WHEN (i * 7) % 10 >= 3 THEN now() - ((i * 11) % 500) * interval '1 day' END
          FROM generate_series(${from}::int, ${to}::int) AS i
          RETURNING id, org_id
        )
        INSERT INTO company_contact (org_id, company_id, name, email, phone, title, role, is_primary, is_active)
        SELECT org_id, id, 'Contact ' || left(id::text, 6), 'contact.' || left(id::text, 8) || '@example.com',
               '(555) 201-3344', 'Owner', 'primary', true, true
        FROM inserted WHERE get_byte(uuid_send(id), 0) < 154`);
    });
  }
}

/** Production tables are vacuumed and analysed by autovacuum; a benchmark does it at once rather than wait. */
export async function analyzeCompanyTables(deps: TDeps): Promise<void> {
  await deps.database.withSession(async (s) => {
    await s.exec('VACUUM ANALYZE company');
    await s.exec('VACUUM ANALYZE company_contact');
    await s.exec('VACUUM ANALYZE timeline_event');
    await s.exec('VACUUM ANALYZE company_search');
    await s.exec('VACUUM ANALYZE company_status_count');
  });
}
