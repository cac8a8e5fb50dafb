import { withPlatform, withTenant } from '../db/tenant';
import type { TDeps } from '../deps';
import { generateAgreementPdfQuietly } from '../modules/agreements/agreement-create';
import { adTypes, assignRoles, createOrganization, finishMenuWizard } from '../modules/onboarding/onboarding.service';
import { loadMember } from '../modules/session/member';
import { countUsers, findUserIdByEmail } from './demo.repo';
import { DEMO_ADMIN, seedDemoAdminIfMissing } from './demo-admin';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoCompanies } from './demo-companies';
import { seedDemoFundraising } from './demo-fundraising';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoOutreach } from './demo-outreach.repo';
import { seedDemoSales } from './demo-sales';
import { DEMO_TEAMMATE, seedDemoTeam } from './demo-team';

export const DEMO_OWNER = { name: 'Jordan Rivera', email: 'demo@pennant.app', password: 'pennant-demo' };
export const DEMO_ORG = 'Riverside Eagles Booster Club';

/** On the first start of an empty database, a demo organization a visitor can sign in to. */
export async function seedDemoIfEmpty(deps: TDeps) {
  const users = await withPlatform(deps.db, deps.log, 'demo seed check', (tx) => countUsers(tx));
  if (users > 0) return null;

  const { user } = await deps.auth.api.signUpEmail({
    body: { name: DEMO_OWNER.name, email: DEMO_OWNER.email, password: DEMO_OWNER.password },
  });
  const authUser = { id: user.id, email: user.email, name: user.name };
  await createOrganization(deps, authUser, { name: DEMO_ORG, seasonLabel: '2026-27', fiscalStartMonth: 7 });
  let member = await loadMember(deps, authUser);
  if (!member) throw new Error('demo owner has no organization');
  const types = await adTypes(deps, member);
  await finishMenuWizard(deps, member, { adTypeIds: types.slice(0, 5).map((t) => t.id) });
  await assignRoles(deps, member, { roles: ['admin', 'sponsorship_lead', 'treasurer'] });
  member = await loadMember(deps, authUser);
  if (!member) throw new Error('demo owner lost their organization');
  const owner = member;
  await seedDemoTeam(deps, owner);
  await withTenant(deps.db, owner, (tx) => seedDemoCompanies(tx, owner.orgId, owner.userId));
  await withTenant(deps.db, owner, (tx) => seedDemoCatalogue(tx, owner.orgId, owner.org.seasonLabel));
  const agreementIds = await withTenant(deps.db, owner, (tx) =>
    seedDemoSales(tx, owner.orgId, owner.userId, DEMO_ORG, owner.org.seasonLabel),
  );
  await withTenant(deps.db, owner, (tx) => seedDemoInvoices(tx, owner.orgId, owner.userId, owner.name, agreementIds));
  await withTenant(deps.db, owner, (tx) => seedDemoFundraising(tx, owner.orgId, owner.userId));
  await withTenant(deps.db, owner, (tx) =>
    seedDemoOutreach(tx, owner.orgId, owner.userId, { leadEmail: owner.email, treasurerEmail: DEMO_TEAMMATE.email }),
  );
  // Each agreement's PDF, as the accept flow makes it (a failure leaves 'Generate PDF' on its page).
  for (const id of agreementIds) await generateAgreementPdfQuietly(deps, owner, id);
  return {
    orgName: DEMO_ORG,
    email: DEMO_OWNER.email,
    password: DEMO_OWNER.password,
    teammate: DEMO_TEAMMATE,
    admin: await demoAdmin(deps),
  };
}

/**
 * The demo's platform administrator, in local mode only: a platform-wide account with a known
 * password must never exist on a public server, even one seeded with SEED_DEMO=always.
 */
async function demoAdmin(deps: TDeps): Promise<typeof DEMO_ADMIN | null> {
  if (!deps.config.localMode) return null;
  await seedDemoAdminIfMissing(deps, DEMO_ORG);
  return DEMO_ADMIN;
}

/**
 * The demo sign-in, printed on every start of local mode while the demo account exists (it is
 * only ever seeded in local mode, or with SEED_DEMO=always), with the platform administrator's.
 */
export async function demoSignIn(deps: TDeps) {
  const owner = await withPlatform(deps.db, deps.log, 'demo account check', (tx) =>
    findUserIdByEmail(tx, DEMO_OWNER.email),
  );
  if (!owner) return null;
  // A demo seeded before the admin console gets its platform administrator now (local mode).
  return {
    orgName: DEMO_ORG,
    email: DEMO_OWNER.email,
    password: DEMO_OWNER.password,
    teammate: DEMO_TEAMMATE,
    admin: await demoAdmin(deps),
  };
}
