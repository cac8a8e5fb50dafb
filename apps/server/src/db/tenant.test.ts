import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../test/databases';
import { ownerWithOrg } from '../test/fixtures';
import { forEachDatabase } from '../test/harness';
import { preparedRows, rows, sql } from './client';
import { APP_ROLE } from './roles';
import { readPlatform, readTenant, withPlatform, withTenant } from './tenant';

const ZSettings = z.object({ role: z.string(), org: z.string(), usr: z.string() });
const settings = sql`SELECT current_user AS role, current_setting('app.org_id', true) AS org,
                            current_setting('app.user_id', true) AS usr`;

/** An error's message and its causes' (drizzle wraps the driver's error as its cause). */
function errorChain(err: unknown): string {
  const parts: string[] = [];
  for (let e = err; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(' / ');
}

forEachDatabase('tenant transaction', (env) => {
  /** An organization and its owner's ids. */
  const tenant = async (name: string) => {
    const { deps } = env();
    const owner = await ownerWithOrg(env().client(), name);
    const [user] = await withPlatform(deps.db, deps.log, 'test', (tx) =>
      rows(tx, z.object({ id: z.string() }), sql`SELECT id FROM auth_user WHERE email = ${owner.email}`),
    );
    if (!user) throw new Error('no user');
    return { orgId: owner.orgId, userId: user.id };
  };

  it('runs as the app role with the organization set, and leaves nothing behind on the connection', async () => {
    const { deps } = env();
    const { orgId, userId } = await tenant('Tenant Tx Club');
    const inside = await withTenant(deps.db, { orgId, userId }, (tx) => rows(tx, ZSettings, settings));
    expect(inside).toEqual([{ role: 'pennant_app', org: orgId, usr: userId }]);
    // Every pooled connection afterwards: the owner again, no organization (settings were local).
    for (let i = 0; i < 12; i++) {
      const [after] = await withPlatform(deps.db, deps.log, 'test', (tx) => rows(tx, ZSettings, settings));
      expect(after?.role).toBe('pennant_platform');
      expect(after?.org ?? '').toBe('');
    }
  });

  it('rolls back everything when the work fails, and the connection stays usable', async () => {
    const { deps } = env();
    const { orgId, userId } = await tenant('Tenant Rollback Club');
    const failing = withTenant(deps.db, { orgId, userId }, async (tx) => {
      await tx.execute(
        sql`INSERT INTO company (org_id, name, status) VALUES (${orgId}, 'Never Saved Hardware', 'prospect')`,
      );
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    // A statement error aborts the transaction; the connection must still be clean afterwards.
    const broken = withTenant(deps.db, { orgId, userId }, (tx) => tx.execute(sql`SELECT 1 / 0`));
    await expect(broken).rejects.toThrow();
    const count = await withTenant(deps.db, { orgId, userId }, (tx) =>
      rows(
        tx,
        z.object({ n: z.coerce.number() }),
        sql`SELECT count(*) AS n FROM company WHERE name = 'Never Saved Hardware'`,
      ),
    );
    expect(count).toEqual([{ n: 0 }]);
  });

  it('sees only its own organization through row-level security, whatever the query asks', async () => {
    const { deps } = env();
    const a = await tenant('Tenant A Club');
    const b = await tenant('Tenant B Club');
    await withTenant(deps.db, a, (tx) =>
      tx.execute(sql`INSERT INTO company (org_id, name, status) VALUES (${a.orgId}, 'Only A Hardware', 'prospect')`),
    );
    const seenByB = await withTenant(deps.db, b, (tx) =>
      rows(tx, z.object({ name: z.string() }), sql`SELECT name FROM company WHERE name = 'Only A Hardware'`),
    );
    expect(seenByB).toEqual([]);
  });

  it('runs a named statement again and again, and after a run whose parameters were refused', async () => {
    const { deps } = env();
    const a = await tenant('Tenant Named Club');
    await withTenant(deps.db, a, (tx) =>
      tx.execute(sql`INSERT INTO company (org_id, name, status) VALUES (${a.orgId}, 'Named Hardware', 'prospect')`),
    );
    const ZName = z.object({ name: z.string(), created_at: z.union([z.string(), z.date()]) });
    const byId = (orgId: string) => sql`SELECT name, created_at FROM company WHERE org_id = ${orgId}::uuid`;
    // The first run of this text carries a parameter PostgreSQL refuses (not a uuid).
    await expect(withTenant(deps.db, a, (tx) => preparedRows(tx, ZName, byId('not-a-uuid')))).rejects.toThrow();
    for (let i = 0; i < 8; i++) {
      const found = await withTenant(deps.db, a, (tx) => preparedRows(tx, ZName, byId(a.orgId)));
      expect(found.map((r) => r.name)).toEqual(['Named Hardware']);
      // Timestamps come back as the plain driver gives them: text, never re-parsed.
      expect(typeof found[0]?.created_at).toBe('string');
    }
  });

  it("reads a named statement's reply of several megabytes whole, multibyte text intact", async () => {
    const { deps } = env();
    const a = await tenant('Tenant Big Reply Club');
    // Over 5 MB: PGlite hands such a reply over in many pieces of its own memory, each of which
    // must be kept before the next one overwrites it.
    const ZLine = z.object({ i: z.number(), line: z.string() });
    const found = await readTenant(deps.db, a, (tx) =>
      preparedRows(
        tx,
        ZLine,
        sql`SELECT i, i || ' ' || repeat('Café Ünïcode ', 40) || i AS line FROM generate_series(1, ${12_000}::int) AS i`,
      ),
    );
    expect(found).toHaveLength(12_000);
    found.forEach((r, k) => {
      expect(r.i).toBe(k + 1);
      expect(r.line).toBe(`${k + 1} ${'Café Ünïcode '.repeat(40)}${k + 1}`);
    });
  });

  it('reads as the app role, statements issued together each get their own rows, and a write is refused', async () => {
    const { deps } = env();
    const a = await tenant('Tenant Read Club');
    await withTenant(deps.db, a, (tx) =>
      tx.execute(sql`INSERT INTO company (org_id, name, status) VALUES (${a.orgId}, 'Read Hardware', 'prospect')`),
    );
    const ZName = z.object({ name: z.string() });
    const [inside, names, none] = await readTenant(deps.db, a, (tx) =>
      Promise.all([
        rows(tx, ZSettings, settings),
        preparedRows(tx, ZName, sql`SELECT name FROM company WHERE org_id = ${a.orgId}::uuid`),
        rows(tx, ZName, sql`SELECT name FROM company WHERE name = 'No Such Hardware'`),
      ]),
    );
    expect(inside).toEqual([{ role: 'pennant_app', org: a.orgId, usr: a.userId }]);
    expect(names).toEqual([{ name: 'Read Hardware' }]);
    expect(none).toEqual([]);
    // READ ONLY: a write in a read is an error on both databases, and nothing is saved.
    const write = readTenant(deps.db, a, (tx) =>
      tx.execute(sql`INSERT INTO company (org_id, name, status) VALUES (${a.orgId}, 'Sneaky Hardware', 'prospect')`),
    );
    await expect(write.catch(errorChain)).resolves.toMatch(/read-only transaction/);
    const sneaky = await withTenant(deps.db, a, (tx) =>
      rows(tx, ZName, sql`SELECT name FROM company WHERE name = 'Sneaky Hardware'`),
    );
    expect(sneaky).toEqual([]);
  });

  it('reads across organizations as the platform role, statements issued together each get their own rows, and a write is refused', async () => {
    const { deps } = env();
    const a = await tenant('Platform Read A Club');
    const b = await tenant('Platform Read B Club');
    const ZName = z.object({ name: z.string() });
    const ZRole = z.object({ role: z.string() });
    const [inside, names] = await readPlatform(deps.db, deps.log, 'test', (tx) =>
      Promise.all([
        rows(tx, ZRole, sql`SELECT current_user AS role`),
        preparedRows(
          tx,
          ZName,
          sql`SELECT name FROM organization WHERE id IN (${a.orgId}::uuid, ${b.orgId}::uuid) ORDER BY name`,
        ),
      ]),
    );
    expect(inside).toEqual([{ role: 'pennant_platform' }]);
    expect(names).toEqual([{ name: 'Platform Read A Club' }, { name: 'Platform Read B Club' }]);
    // READ ONLY: a write in a platform read is an error on both databases, and nothing is saved.
    const write = readPlatform(deps.db, deps.log, 'test', (tx) =>
      tx.execute(sql`UPDATE organization SET name = 'Renamed Club' WHERE id = ${a.orgId}::uuid`),
    );
    await expect(write.catch(errorChain)).resolves.toMatch(/read-only transaction/);
    const [kept] = await withPlatform(deps.db, deps.log, 'test', (tx) =>
      rows(tx, ZName, sql`SELECT name FROM organization WHERE id = ${a.orgId}::uuid`),
    );
    expect(kept).toEqual({ name: 'Platform Read A Club' });
  });

  it("hands a read's connection on before its COMMIT is answered without mixing up the next transaction", async () => {
    const { deps } = env();
    const a = await tenant('Tenant Burst A Club');
    const b = await tenant('Tenant Burst B Club');
    await withTenant(deps.db, a, (tx) =>
      tx.execute(sql`INSERT INTO company (org_id, name, status) VALUES (${a.orgId}, 'Burst A Hardware', 'prospect')`),
    );
    const ZName = z.object({ name: z.string() });
    const names = sql`SELECT name FROM company ORDER BY name`;
    // Three times the pool's size at once, alternating organizations, some failing: every read
    // gets a connection another read just handed back with its COMMIT still on the wire.
    const burst = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => {
        const who = i % 2 === 0 ? a : b;
        return readTenant(deps.db, who, async (tx) => {
          if (i % 5 === 4) await tx.execute(sql`SELECT 1 / 0`);
          const [mine, seen] = await Promise.all([rows(tx, ZSettings, settings), preparedRows(tx, ZName, names)]);
          return { i, org: mine[0]?.org, names: seen.map((r) => r.name) };
        });
      }),
    );
    burst.forEach((outcome, i) => {
      if (i % 5 === 4) {
        expect(outcome.status).toBe('rejected');
        return;
      }
      if (outcome.status !== 'fulfilled') throw new Error(`read ${i} failed: ${String(outcome.reason)}`);
      const who = i % 2 === 0 ? a : b;
      expect(outcome.value.org).toBe(who.orgId);
      expect(outcome.value.names).toEqual(who === a ? ['Burst A Hardware'] : []);
    });
    // Then writes on every connection of the pool: one left inside a read's transaction (its
    // COMMIT lost) would refuse them as read-only, or keep them uncommitted.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        withTenant(deps.db, b, (tx) =>
          tx.execute(
            sql`INSERT INTO company (org_id, name, status) VALUES (${b.orgId}, ${`Burst B ${i}`}, 'prospect')`,
          ),
        ),
      ),
    );
    const saved = await withPlatform(deps.db, deps.log, 'test', (tx) =>
      rows(
        tx,
        z.object({ n: z.coerce.number() }),
        sql`SELECT count(*) AS n FROM company WHERE org_id = ${b.orgId}::uuid`,
      ),
    );
    expect(saved).toEqual([{ n: 20 }]);
  });
});

type TSocketWrite = (this: Socket, ...args: unknown[]) => unknown;

/** How many writes leave this process for the database server's port while fn runs. */
async function writesTo<T>(port: number, fn: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const proto = Socket.prototype as unknown as { _write: TSocketWrite; _writev: TSocketWrite };
  const [write, writev] = [proto._write, proto._writev];
  let writes = 0;
  const counted = (original: TSocketWrite): TSocketWrite =>
    function (this: Socket, ...args: unknown[]) {
      if (this.remotePort === port) writes += 1;
      return original.apply(this, args);
    };
  proto._write = counted(write);
  proto._writev = counted(writev);
  try {
    return { result: await fn(), writes };
  } finally {
    proto._write = write;
    proto._writev = writev;
  }
}

/** On a PostgreSQL server: what a transaction's statements cost on the wire. */
describe.runIf(process.env.TEST_DATABASE_URL)('tenant transaction on the wire [PostgreSQL]', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase('postgres');
    // A connection in the pool (its start-up is not a statement's write), and the COMMIT of the
    // read that opened it gone (deferCommit sends it within 20 ms), before anything is counted.
    await readTenant(fresh.database.db, { orgId: randomUUID(), userId: randomUUID() }, (tx) =>
      rows(tx, z.object({ n: z.number() }), sql`SELECT 1 AS n`),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }, 60_000);
  afterAll(async () => {
    await fresh.database.close();
    await fresh.drop();
  });

  it('sends the statements a read issues together after a first one in one write', async () => {
    const port = Number(new URL(fresh.url ?? '').port || 5432);
    const ctx = { orgId: randomUUID(), userId: randomUUID() };
    const ZN = z.object({ n: z.number() });
    const { result, writes } = await writesTo(port, () =>
      readTenant(fresh.database.db, ctx, async (tx) => {
        const [first] = await preparedRows(tx, ZN, sql`SELECT 1 AS n`);
        // A detail's follow-up reads: three at once, then one alone.
        const together = await Promise.all([
          preparedRows(tx, ZN, sql`SELECT 2 AS n`),
          rows(tx, ZN, sql`SELECT ${3}::int AS n`),
          preparedRows(tx, ZN, sql`SELECT 4 AS n`),
        ]);
        return [first, ...together.flat()].map((r) => r?.n);
      }),
    );
    expect(result).toEqual([1, 2, 3, 4]);
    // The opening with the first statement and the three together; the COMMIT waits for the
    // connection's next user.
    expect(writes).toBe(2);
  });

  it("sends a read's COMMIT with the next transaction on its connection, or alone when nobody takes it", async () => {
    const port = Number(new URL(fresh.url ?? '').port || 5432);
    const ctx = { orgId: randomUUID(), userId: randomUUID() };
    const ZN = z.object({ n: z.number() });
    const read = (n: number) =>
      readTenant(fresh.database.db, ctx, (tx) => preparedRows(tx, ZN, sql`SELECT ${n}::int AS n`));
    const inTransaction = async () => {
      const found = await fresh.database.withSession((s) =>
        s.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND state = 'idle in transaction' AND pid <> pg_backend_pid()`,
        ),
      );
      return Number(found.rows[0]?.n);
    };
    // Three reads one after another: each one's opening carries the COMMIT of the one before.
    const { result, writes } = await writesTo(port, async () => [await read(1), await read(2), await read(3)]);
    expect(result.map((r) => r[0]?.n)).toEqual([1, 2, 3]);
    expect(writes).toBe(3);
    // The last one's COMMIT has not left yet; a moment later it has, on its own.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await inTransaction()).toBe(0);
    // A write between two reads on another connection is seen by the next read.
    const ZName = z.object({ name: z.string() });
    await fresh.database.withSession((s) =>
      s.exec(`CREATE TABLE deferred_probe (name text); GRANT SELECT ON deferred_probe TO ${APP_ROLE}`),
    );
    const names = () =>
      readTenant(fresh.database.db, ctx, (tx) => rows(tx, ZName, sql`SELECT name FROM deferred_probe ORDER BY name`));
    expect(await names()).toEqual([]);
    await fresh.database.withSession((s) => s.exec("INSERT INTO deferred_probe VALUES ('after')"));
    expect(await names()).toEqual([{ name: 'after' }]);
  });
});
