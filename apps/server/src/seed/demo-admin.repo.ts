import { z } from 'zod';
import { rows, sql, type TTx } from '../db/client';

/** The demo's platform administrator: the app-admin flag (withPlatform). */
export async function grantDemoAdmin(tx: TTx, userId: string): Promise<void> {
  await tx.execute(sql`INSERT INTO app_admin (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`);
}

export interface TDemoAuditRow {
  minutesAgo: number;
  action: string;
  targetUserId?: string;
  targetUserEmail?: string;
  targetOrgId?: string;
  targetOrgName?: string;
  details: Record<string, string | number | boolean>;
}

/** Past console actions for the audit log's first look, each at its time. */
export async function insertDemoAudit(
  tx: TTx,
  admin: { id: string; email: string },
  entries: readonly TDemoAuditRow[],
): Promise<void> {
  for (const e of entries) {
    await tx.execute(
      sql`INSERT INTO admin_audit_log (created_at, admin_id, admin_email, action, target_user_id, target_user_email,
                                       target_org_id, target_org_name, details, ip_address, user_agent)
          VALUES (now() - make_interval(mins => ${e.minutesAgo}), ${admin.id}, ${admin.email}, ${e.action},
                  ${e.targetUserId ?? null}, ${e.targetUserEmail ?? null}, ${e.targetOrgId ?? null},
                  ${e.targetOrgName ?? null}, ${JSON.stringify(e.details)}::jsonb, '127.0.0.1',
                  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')`,
    );
  }
}

/** The demo organization's id and name, by name. */
export async function findDemoOrg(tx: TTx, name: string): Promise<{ id: string; name: string } | null> {
  const [row] = await rows(
    tx,
    z.object({ id: z.string(), name: z.string() }),
    sql`SELECT id, name FROM organization WHERE name = ${name} ORDER BY created_at LIMIT 1`,
  );
  return row ?? null;
}
