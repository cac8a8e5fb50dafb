import type { TSessionClient } from './client';
import { TENANT_TABLES } from './tenant-tables';

export const APP_ROLE = 'pennant_app';

/**
 * The role tenant work runs under. Created outside migrations because roles belong to the
 * cluster, not to one database; without BYPASSRLS, so every policy applies to it.
 */
export async function ensureRoles(client: TSessionClient): Promise<void> {
  await client.exec(`
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} NOLOGIN NOBYPASSRLS;
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- another node created it first
    END $$;
  `);
  const { rows } = await client.query(`SELECT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') AS member`);
  if (!rows[0]?.member) await client.exec(`GRANT ${APP_ROLE} TO current_user`);
  await client.exec(`
    GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ${TENANT_TABLES.join(', ')} TO ${APP_ROLE};
    GRANT EXECUTE ON FUNCTION app_current_org() TO ${APP_ROLE};
  `);
}
