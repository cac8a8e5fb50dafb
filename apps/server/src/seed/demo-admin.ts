import { estimateCostMicros } from '@pennant/shared/ai/rules';
import { withPlatform } from '../db/tenant';
import type { TDeps } from '../deps';
import { findUserIdByEmail } from './demo.repo';
import { findDemoOrg, grantDemoAdmin, insertDemoAiUsage, insertDemoAudit, type TDemoAiUsage } from './demo-admin.repo';
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
    if (org) await insertDemoAiUsage(tx, org.id, demoAiUsage());
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

/**
 * About a month of the demo club's AI calls: quote and invoice e-mails and prospect e-mails on the
 * recommended model most days, fundraising reminders now and then, a few on the larger model;
 * token counts in the range the writer's prompts use, costs from the shared estimate.
 */
function demoAiUsage(): TDemoAiUsage[] {
  const calls: TDemoAiUsage[] = [];
  const call = (daysAgo: number, featureKey: string, model: string, promptTokens: number, completionTokens: number) =>
    calls.push({
      daysAgo,
      featureKey,
      model,
      promptTokens,
      completionTokens,
      costMicros: estimateCostMicros(model, promptTokens, completionTokens),
    });
  for (let day = 1; day <= 28; day++) {
    if (day % 2 === 0) call(day, 'chat-completion', 'gpt-4o-mini', 620 + ((day * 37) % 180), 310 + ((day * 53) % 120));
    if (day % 3 === 0) call(day, 'personalize-email', 'gpt-4o-mini', 840 + ((day * 29) % 200), 420 + ((day * 17) % 90));
    if (day % 7 === 0) call(day, 'personalize-fundraising-reminder', 'gpt-4o-mini', 560, 280 + day);
    if (day % 9 === 0) call(day, 'chat-completion', 'gpt-4o', 1_150, 640);
  }
  return calls;
}
