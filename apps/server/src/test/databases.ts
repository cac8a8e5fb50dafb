import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type TDatabase } from '../db/client';
import { migrate, migrationsDir } from '../db/migrate';

export type TDbKind = 'pglite' | 'postgres';

export function availableDatabases(): TDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

function migrationsHash(): string {
  const dir = migrationsDir();
  const h = createHash('sha256');
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.sql'))
    .sort())
    h.update(f).update(readFileSync(join(dir, f)));
  return h.digest('hex').slice(0, 12);
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh PostgreSQL database per test file, cloned from a template migrated once per
 * migration set (CREATE DATABASE … TEMPLATE is a file copy, far faster than migrating).
 */
async function freshPostgres(
  adminUrl: string,
): Promise<{ database: TDatabase; url: string; drop: () => Promise<void> }> {
  const template = `pennant_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(4242)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${template}`);
      const tpl = await openPostgres(withDatabase(adminUrl, template), 1);
      await migrate(tpl);
      await tpl.close();
    }
    const name = `pennant_t_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.query('SELECT pg_advisory_unlock(4242)');
    const url = withDatabase(adminUrl, name);
    const database = await openPostgres(url, 5);
    return {
      database,
      url,
      drop: async () => {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  } finally {
    await admin.end();
  }
}

export async function freshDatabase(kind: TDbKind) {
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    return freshPostgres(url);
  }
  await makePgliteTemplate();
  const database = await openPglite(null, { template: pgliteTemplate() });
  return { database, url: undefined, drop: async () => undefined };
}

/**
 * The tests' PGlite template: an in-memory database with every migration applied, dumped once
 * per migration set into the temporary directory. Loading it takes a fraction of initdb, which
 * every test file on PGlite would otherwise pay. Two files making it at once both write a valid
 * dump; the rename keeps one.
 */
function pgliteTemplate(): Blob | undefined {
  const file = join(tmpdir(), `pennant-pglite-tpl-${migrationsHash()}.tar`);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

async function makePgliteTemplate(): Promise<void> {
  const file = join(tmpdir(), `pennant-pglite-tpl-${migrationsHash()}.tar`);
  if (existsSync(file)) return;
  const database = await openPglite(null);
  try {
    await migrate(database);
    const dump = await database.pglite?.dumpDataDir('none');
    if (!dump) return;
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
}
