import type { TAuditEntry } from '@pennant/shared/admin/schemas';
import type { TAuditRow, TAuditWrite } from './audit.repo';

/** Who acts in the console and from where: every audited action carries it. */
export interface TAdminActor {
  id: string;
  email: string;
  ip: string | null;
  userAgent: string | null;
}

/** The audit row's who-and-where part for an actor. */
export function auditBy(actor: TAdminActor): Pick<TAuditWrite, 'adminId' | 'adminEmail' | 'ipAddress' | 'userAgent'> {
  return { adminId: actor.id, adminEmail: actor.email, ipAddress: actor.ip, userAgent: actor.userAgent };
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function toAuditEntry(row: TAuditRow): TAuditEntry {
  return {
    id: row.id,
    createdAt: iso(row.created_at),
    adminEmail: row.admin_email,
    action: row.action,
    targetUserEmail: row.target_user_email,
    targetOrgName: row.target_org_name,
    details: row.details,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
  };
}
