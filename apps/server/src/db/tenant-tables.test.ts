import { expect, it } from 'vitest';
import { z } from 'zod';
import { forEachDatabase } from '../test/harness';
import { platformQuery } from '../test/team-fixtures';
import { column, sql } from './client';
import { APP_ROLE } from './roles';
import { APPEND_ONLY_TABLES, DEFINER_ONLY_TABLES, TENANT_TABLES } from './tenant-tables';

const ZTableSecurity = z.object({
  name: z.string(),
  rls: z.boolean(),
  forced: z.boolean(),
  policies: column.count,
  appCanRead: z.boolean(),
  appCanInsert: z.boolean(),
  appCanChange: z.boolean(),
});

/**
 * The tenant tables are derived from the schema; this checks them against the migrated database:
 * every table with an org_id is either a tenant table (row-level security forced, a policy, the
 * app role's grants, only reading and adding on the append-only ones) or a definer-only side
 * table (row-level security, no grant at all).
 */
forEachDatabase('tenant tables', (env) => {
  it('puts every table with an org_id under row-level security, derived from the schema', async () => {
    const withOrg = await platformQuery(
      env(),
      z.object({ name: z.string() }),
      sql`SELECT DISTINCT table_name AS name FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name = 'org_id' ORDER BY 1`,
    );
    expect([...withOrg.map((t) => t.name), 'organization'].sort()).toEqual(
      [...TENANT_TABLES, ...DEFINER_ONLY_TABLES].sort(),
    );

    const security = await platformQuery(
      env(),
      ZTableSecurity,
      sql`SELECT c.relname AS name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
                 (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies,
                 has_table_privilege(${APP_ROLE}, c.oid, 'SELECT') AS "appCanRead",
                 has_table_privilege(${APP_ROLE}, c.oid, 'INSERT') AS "appCanInsert",
                 has_table_privilege(${APP_ROLE}, c.oid, 'UPDATE') OR has_table_privilege(${APP_ROLE}, c.oid, 'DELETE')
                   AS "appCanChange"
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind = 'r'`,
    );
    const byName = new Map(security.map((t) => [t.name, t]));
    for (const name of TENANT_TABLES) {
      const appendOnly = APPEND_ONLY_TABLES.includes(name);
      expect(byName.get(name), name).toMatchObject({
        rls: true,
        forced: true,
        appCanRead: true,
        appCanInsert: true,
        appCanChange: !appendOnly,
      });
      expect(byName.get(name)?.policies, `${name} policies`).toBeGreaterThan(0);
    }
    for (const name of DEFINER_ONLY_TABLES) {
      expect(byName.get(name), name).toMatchObject({ rls: true, appCanRead: false, appCanChange: false });
    }
    process.stdout.write(`tenant tables: ${TENANT_TABLES.length} under row-level security\n`);
  });
});
