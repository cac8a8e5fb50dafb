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

const ZRowIdName = z.object({ id: z.string(), name: z.string() });

/** The demo organization's id and name, by name. */
export async function findDemoOrg(tx: TTx, name: string): Promise<{ id: string; name: string } | null> {
  const [row] = await rows(
    tx,
    ZRowIdName,
    sql`SELECT id, name FROM organization WHERE name = ${name} ORDER BY created_at LIMIT 1`,
  );
  return row ?? null;
}

export interface TDemoAiUsage {
  daysAgo: number;
  featureKey: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  costMicros: number;
}

/** The demo organization's past AI calls, as the writer records them (ai_usage), for the console's usage chart. */
export async function insertDemoAiUsage(tx: TTx, orgId: string, calls: readonly TDemoAiUsage[]): Promise<void> {
  for (const u of calls) {
    await tx.execute(
      sql`INSERT INTO ai_usage (org_id, feature_key, model, prompt_tokens, completion_tokens, total_tokens,
                                estimated_cost_micros, created_at)
          VALUES (${orgId}, ${u.featureKey}, ${u.model}, ${u.promptTokens}, ${u.completionTokens},
                  ${u.promptTokens + u.completionTokens}, ${u.costMicros},
                  now() - make_interval(days => ${u.daysAgo}, hours => ${(u.daysAgo * 7) % 24}))`,
    );
  }
}
