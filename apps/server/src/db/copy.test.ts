import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { availableDatabases, freshDatabase } from '../test/databases';
import { rows, sql, type TDatabase } from './client';
import { copyRows, copyText } from './copy';

const TABLE = { table: 'pg_temp.copy_test', columns: ['n', 'label', 'id'] } as const;
const ZRow = z.object({ n: z.number(), label: z.string().nullable(), id: z.string().nullable() });

describe('copyText', () => {
  it('writes COPY text format: tab-separated, escapes, NULL as \\N', () => {
    expect(
      copyText([
        ['1', 'a\tb', null],
        ['2', 'back\\slash\r\nline', ''],
      ]),
    ).toBe('1\ta\\tb\t\\N\n2\tback\\\\slash\\r\\nline\t\n');
    expect(copyText([])).toBe('');
  });
});

for (const kind of availableDatabases()) {
  describe(`copyRows [${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}]`, () => {
    let database: TDatabase | undefined;
    let drop: () => Promise<void> = async () => undefined;
    const db = () => {
      if (!database) throw new Error('database not ready');
      return database.db;
    };
    beforeAll(async () => {
      const fresh = await freshDatabase(kind);
      database = fresh.database;
      drop = fresh.drop;
    }, 60_000);
    afterAll(async () => {
      await database?.close();
      await drop();
    });

    const createTable = sql`CREATE TEMP TABLE copy_test (n integer NOT NULL, label text, id uuid) ON COMMIT DROP`;

    it('loads every value as the text it was, in the transaction that made the table', async () => {
      const labels = ['plain', 'tab\there', 'two\nlines', 'cr\r\nlf', 'back\\slash', '\\N', '', 'Café ☕ 北京', null];
      const id = '4b3e8a1e-2f0c-4c51-9d4b-7a4a3f0c1e2d';
      const read = await db().transaction(async (tx) => {
        await tx.execute(createTable);
        await copyRows(
          tx,
          TABLE,
          labels.map((label, n) => [String(n), label, n === 0 ? id : null]),
        );
        return rows(tx, ZRow, sql`SELECT n, label, id::text AS id FROM pg_temp.copy_test ORDER BY n`);
      });
      expect(read).toEqual(labels.map((label, n) => ({ n, label, id: n === 0 ? id : null })));
    });

    it('rejects rows the server refuses; the transaction goes on from a savepoint', async () => {
      const read = await db().transaction(async (tx) => {
        await tx.execute(createTable);
        await expect(
          tx.transaction((sp) =>
            copyRows(sp, TABLE, [
              ['1', 'ok', null],
              ['2', 'bad', 'not-a-uuid'],
            ]),
          ),
        ).rejects.toThrow();
        await copyRows(tx, TABLE, [['3', 'after', null]]);
        await copyRows(tx, TABLE, []);
        return rows(tx, ZRow, sql`SELECT n, label, id::text AS id FROM pg_temp.copy_test ORDER BY n`);
      });
      expect(read).toEqual([{ n: 3, label: 'after', id: null }]);
    });
  });
}
