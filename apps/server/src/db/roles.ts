import { StartupError } from '../startup-error';
import type { TSessionClient } from './client';
import { APPEND_ONLY_TABLES, TENANT_TABLES } from './tenant-tables';

/** Tenant work runs as this role: no BYPASSRLS, so every row-level policy applies to it. */
export const APP_ROLE = 'pennant_app';
/**
 * Platform work (sign-in lookups, jobs before they know their organization, the admin console)
 * runs as this role: BYPASSRLS, and only data rights (no DDL, no ownership), so the connection's
 * own powers are used for migrations alone.
 */
export const PLATFORM_ROLE = 'pennant_platform';

const ROLES = [
  { name: APP_ROLE, options: 'NOLOGIN NOBYPASSRLS' },
  { name: PLATFORM_ROLE, options: 'NOLOGIN BYPASSRLS' },
] as const;

/** What a database administrator runs once when the connecting user may not create roles. */
export const ROLE_SETUP_SQL = `${ROLES.map((r) => `CREATE ROLE ${r.name} ${r.options};`).join(' ')} GRANT ${ROLES.map((r) => r.name).join(', ')} TO <the app's user>;`;

/**
 * Creates the two roles when they are missing (roles belong to the cluster, not to one database,
 * so this is not a migration) and grants their rights. Runs after the migrations, at every start.
 */
export async function ensureRoles(client: TSessionClient): Promise<void> {
  for (const role of ROLES) {
    const { rows } = await client.query(`SELECT 1 FROM pg_roles WHERE rolname = '${role.name}'`);
    if (rows.length === 0) {
      try {
        await client.exec(`
          DO $$
          BEGIN
            CREATE ROLE ${role.name} ${role.options};
          EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL; -- another node created it first
          END $$;
        `);
      } catch {
        throw new StartupError(
          `The database user may not create the role ${role.name}. Ask an administrator to run once: ${ROLE_SETUP_SQL}`,
        );
      }
    }
    const member = await client.query(`SELECT pg_has_role(current_user, '${role.name}', 'MEMBER') AS member`);
    if (!member.rows[0]?.member) await client.exec(`GRANT ${role.name} TO current_user`);
  }
  await client.exec(`
    GRANT USAGE ON SCHEMA public TO ${APP_ROLE}, ${PLATFORM_ROLE};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ${TENANT_TABLES.filter((t) => !APPEND_ONLY_TABLES.includes(t)).join(', ')} TO ${APP_ROLE};
    GRANT SELECT, INSERT ON ${APPEND_ONLY_TABLES.join(', ')} TO ${APP_ROLE};
    REVOKE UPDATE, DELETE ON ${APPEND_ONLY_TABLES.join(', ')} FROM ${APP_ROLE};
    GRANT EXECUTE ON FUNCTION app_current_org() TO ${APP_ROLE};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${PLATFORM_ROLE};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${PLATFORM_ROLE};
  `);
}
