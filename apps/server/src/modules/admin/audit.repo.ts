import type { TAuditAction, TAuditDetails } from '@pennant/shared/admin/schemas';
import { ZAuditDetails } from '@pennant/shared/admin/schemas';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx, ZRowN } from '../../db/client';
import { containsPattern } from '../companies/companies.repo';

/*
 * The admin audit log (0021 admin_audit_log), a platform table: withPlatform only. A row is
 * written in the same transaction as the action it records, so an action and its row commit or
 * fail together.
 */

export interface TAuditWrite {
  /** Null for `npm run admin` (the operator at the server's console, not an account). */
  adminId: string | null;
  adminEmail: string | null;
  action: TAuditAction;
  targetUserId?: string | null;
  targetUserEmail?: string | null;
  targetOrgId?: string | null;
  targetOrgName?: string | null;
  details?: TAuditDetails;
  ipAddress: string | null;
  userAgent: string | null;
}

export async function insertAudit(tx: TTx, a: TAuditWrite): Promise<void> {
  await tx.execute(
    sql`INSERT INTO admin_audit_log (admin_id, admin_email, action, target_user_id, target_user_email, target_org_id,
                                     target_org_name, details, ip_address, user_agent)
        VALUES (${a.adminId}, ${a.adminEmail}, ${a.action}, ${a.targetUserId ?? null}, ${a.targetUserEmail ?? null},
                ${a.targetOrgId ?? null}, ${a.targetOrgName ?? null}, ${JSON.stringify(a.details ?? {})}::jsonb,
                ${a.ipAddress}, ${a.userAgent})`,
  );
}

const ZAuditRow = z.object({
  id: z.string(),
  created_at: column.instant,
  admin_email: z.string().nullable(),
  action: z.string(),
  target_user_email: z.string().nullable(),
  target_org_name: z.string().nullable(),
  details: z.unknown(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type TAuditRow = Omit<z.output<typeof ZAuditRow>, 'details'> & { details: TAuditDetails };

/** The search document, the same expression as admin_audit_log_search_trgm_idx. */
const SEARCH_DOC = sql`lower(coalesce(admin_email, '') || ' ' || coalesce(target_user_email, '') || ' ' ||
  coalesce(target_org_name, '') || ' ' || action || ' ' || details::text)`;

function auditWhere(q: { search?: string; action?: TAuditAction }): SQL {
  const arms: SQL[] = [sql`TRUE`];
  if (q.search) arms.push(sql`${SEARCH_DOC} LIKE ${containsPattern(q.search.toLowerCase())}`);
  if (q.action) arms.push(sql`action = ${q.action}`);
  return sql.join(arms, sql` AND `);
}

/** Parses the stored details; anything not a flat object reads as {} rather than failing the page. */
function detailsOf(raw: unknown): TAuditDetails {
  const parsed = ZAuditDetails.safeParse(typeof raw === 'string' ? JSON.parse(raw) : raw);
  return parsed.success ? parsed.data : {};
}

/** A page of the log, newest first, with how many entries match. */
export async function listAudit(
  tx: TTx,
  q: { search?: string; action?: TAuditAction; limit: number; offset: number },
): Promise<{ entries: TAuditRow[]; total: number }> {
  const where = auditWhere(q);
  // Without a search the text varies only with the action filter: prepared (a search stays planned for its pattern).
  const read = q.search ? rows : preparedRows;
  // The page and its count issued together: one round trip on a PostgreSQL server (db/tenant.ts).
  const [found, [count]] = await Promise.all([
    read(
      tx,
      ZAuditRow,
      sql`SELECT id, created_at, admin_email, action, target_user_email, target_org_name, details, ip_address, user_agent
          FROM admin_audit_log WHERE ${where}
          ORDER BY created_at DESC, id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    ),
    read(tx, ZRowN, sql`SELECT count(*) AS n FROM admin_audit_log WHERE ${where}`),
  ]);
  return { entries: found.map((r) => ({ ...r, details: detailsOf(r.details) })), total: count?.n ?? 0 };
}
