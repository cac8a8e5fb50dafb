import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp } from '../app';
import { boot, shutdown } from '../boot';
import { loadConfig } from '../config';
import type { TDeps } from '../deps';
import { createLogger } from '../logger';
import { TestClient } from './client';
import { availableDatabases, freshDatabase, type TDbKind } from './databases';

export interface TTestEnv {
  kind: TDbKind;
  deps: TDeps;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  client(): TestClient;
}

/**
 * Declares the suite once per available database: PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set. Each gets a fresh, migrated database and its own data directory.
 */
export function forEachDatabase(
  title: string,
  suite: (env: () => TTestEnv) => void,
  opts: { queue?: 'inline' | 'pg-boss' } = {},
): void {
  for (const kind of availableDatabases()) {
    describe(`${title} [${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}]`, () => {
      let env: TTestEnv | undefined;
      let drop: () => Promise<void> = async () => undefined;
      beforeAll(async () => {
        const fresh = await freshDatabase(kind);
        drop = fresh.drop;
        const dataDir = mkdtempSync(join(tmpdir(), 'pennant-test-'));
        const config = loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          PORT: '3999',
          PUBLIC_URL: 'http://localhost:3999',
          LOG_LEVEL: 'silent',
          ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
        });
        const deps = await boot(config, createLogger('silent'), {
          queue: opts.queue ?? 'inline',
          database: fresh.database,
        });
        const app = createApp(deps);
        env = { kind, deps, app, dataDir, client: () => new TestClient(app) };
      }, 60_000);
      afterAll(async () => {
        if (env) {
          await shutdown(env.deps);
          rmSync(env.dataDir, { recursive: true, force: true });
        }
        await drop();
      }, 30_000);
      suite(() => {
        if (!env) throw new Error('test environment not ready');
        return env;
      });
    });
  }
}
