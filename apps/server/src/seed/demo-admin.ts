import { withPlatform } from '../db/tenant';
import type { TDeps } from '../deps';
import { findUserIdByEmail } from './demo.repo';
import { findDemoOrg, grantDemoAdmin, insertDemoAudit } from './demo-admin.repo';
import { DEMO_TEAMMATE } from './demo-team';

/** The demo's platform administrator (local mode only, like the demo owner): the admin console's sign-in. */
export const DEMO_ADMIN = { name: 'Casey Morgan', email: 'admin@pennant.app', password: 'pennant-admin' };

/**
 * The platform administrator of the demo, with a few past console actions on the demo organization
 * in the audit log (granted from the CLI, a freeze lifted the same day, a support visit through
 * impersonation, a role added). Nothing here changes the organization itself. Skipped when the
 * account exists, so a database seeded before the console gets it on its next start.
 */
export async function seedDemoAdminIfMissing(deps: TDeps, orgName: string): Promise<boolean> {
  const existing = await withPlatform(deps.db, deps.log, 'demo admin check', (tx) =>
    findUserIdByEmail(tx, DEMO_ADMIN.email),
  );
  if (existing) return false;
  const { user } = await deps.auth.api.signUpEmail({
    body: { name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  await withPlatform(deps.db, deps.log, 'demo admin seed', async (tx) => {
    await grantDemoAdmin(tx, user.id);
    const org = await findDemoOrg(tx, orgName);
    const teammate = await findUserIdByEmail(tx, DEMO_TEAMMATE.email);
    const admin = { id: user.id, email: user.email };
    const onOrg = org ? { targetOrgId: org.id, targetOrgName: org.name } : {};
    await insertDemoAudit(tx, admin, [
      {
        minutesAgo: 3 * 24 * 60,
        action: 'add_admin',
        targetUserId: user.id,
        targetUserEmail: user.email,
        details: { via: 'npm run admin' },
      },
      ...(org
        ? [
            { minutesAgo: 2 * 24 * 60, action: 'freeze_org', ...onOrg, details: { frozen: true } },
            { minutesAgo: 2 * 24 * 60 - 45, action: 'unfreeze_org', ...onOrg, details: { frozen: false } },
            {
              minutesAgo: 26 * 60,
              action: 'start_impersonation',
              ...onOrg,
              details: { reason: 'Support: invoice layout' },
            },
            { minutesAgo: 26 * 60 - 12, action: 'end_impersonation', ...onOrg, details: { minutes: 12 } },
          ]
        : []),
      ...(org && teammate
        ? [
            {
              minutesAgo: 90,
              action: 'add_user_role',
              targetUserId: teammate,
              targetUserEmail: DEMO_TEAMMATE.email,
              ...onOrg,
              details: { role: 'treasurer' },
            },
          ]
        : []),
    ]);
  });
  return true;
}
