import { FREE_PLAN } from '@pennant/shared/organization/plans';
import { DEFAULT_TIMEZONE } from '@pennant/shared/profile/timezones';
import { permissionsFor } from '@pennant/shared/session/permissions';
import type { TSession } from '@pennant/shared/session/schemas';
import { readPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TAuthUser } from '../auth/auth';
import { findTimezone } from '../organizations/profile.repo';
import { clientOrg } from './member';
import type { TMember } from './member.types';
import { isAppAdmin } from './session.repo';

/** What the client knows about who is signed in; `member` is the one the request's session check resolved. */
export async function describeSession(deps: TDeps, user: TAuthUser, member: TMember | null): Promise<TSession> {
  // Issued together: one round trip on a PostgreSQL server (db/tenant.ts).
  const [admin, timezone] = await readPlatform(deps.db, deps.log, 'session flags', (tx) =>
    Promise.all([isAppAdmin(tx, user.id), findTimezone(tx, user.id)]),
  );
  const roles = member?.roles ?? [];
  const isOwner = member?.isOwner ?? false;
  return {
    user: { id: user.id, email: user.email, name: user.name },
    isAppAdmin: admin,
    org: member ? clientOrg(member.org) : null,
    roles,
    isOwner,
    plan: member?.plan ?? FREE_PLAN,
    permissions: permissionsFor({ roles, isOwner }),
    timezone: timezone ?? DEFAULT_TIMEZONE,
    impersonation:
      member?.impersonatedAt && admin
        ? {
            orgId: member.orgId,
            orgName: member.org.name,
            adminId: user.id,
            adminEmail: user.email,
            impersonatedAt: member.impersonatedAt,
          }
        : null,
  };
}
