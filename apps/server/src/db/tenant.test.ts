import { expect, it } from 'vitest';
import { z } from 'zod';
import { ownerWithOrg } from '../test/fixtures';
import { forEachDatabase } from '../test/harness';
import { preparedRows, rows, sql } from './client';
import { withPlatform, withTenant } from './tenant';

const ZSettings = z.object({ role: z.string(), org: z.string(), usr: z.string() });
const settings = sql`SELECT current_user AS role, current_setting('app.org_id', true) AS org,
                            current_setting('app.user_id', true) AS usr`;

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
});
