import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TDatabase } from './client';
import { ensureRoles } from './roles';

// Any constant works; it only has to be the same for every app node.
const MIGRATION_LOCK = 7_140_221;

export function migrationsDir(): string {
  return process.env.PENNANT_MIGRATIONS_DIR ?? join(import.meta.dirname, 'migrations');
}

/**
 * Applies the SQL files in order, each in its own transaction, under an advisory lock so that
 * several nodes starting together migrate once. Then makes sure the app roles exist.
 */
export async function migrate(database: TDatabase, dir = migrationsDir()): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await database.withSession(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.exec(
        'CREATE TABLE IF NOT EXISTS _pennant_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = new Set(
        (await client.query('SELECT name FROM _pennant_migrations')).rows.map((r) => String(r.name)),
      );
      for (const file of files) {
        if (done.has(file)) continue;
        const body = readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint').join('\n');
        await client.exec('BEGIN');
        try {
          await client.exec(body);
          await client.query('INSERT INTO _pennant_migrations (name) VALUES ($1)', [file]);
          await client.exec('COMMIT');
        } catch (err) {
          await client.exec('ROLLBACK');
          throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
        }
        applied.push(file);
      }
      await ensureRoles(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
  return applied;
}
