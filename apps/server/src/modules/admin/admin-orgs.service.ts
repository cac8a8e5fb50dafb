import {
  ADMIN_MESSAGES,
  type TAdminOrg,
  type TAdminOrgList,
  type TAdminOrgsQuery,
  type TAdminOrgUpdate,
  type TImpersonation,
  type TImpersonationEnded,
  type TWorkflowMode,
  WORKFLOW_MODES,
} from '@pennant/shared/admin/schemas';
import { planKeyOf } from '@pennant/shared/organization/plans';
import { readPlatform, withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { auditBy, type TAdminActor } from './admin-audit';
import {
  endActiveImpersonation,
  findActiveImpersonation,
  findOrganization,
  insertImpersonation,
  listOrganizations,
  setOrganizationFrozen,
  setOrganizationPlan,
  type TOrgRow,
} from './admin-orgs.repo';
import { insertAudit } from './audit.repo';

/*
 * Organizations in the platform admin console (spec 002 §2.10 /admin/orgs, §4.7; 000 §4): search
 * and pages, the frozen and plan toggles, and impersonation. Each change writes one audit row in
 * its own transaction; the organization triggers (0008) and the impersonation trigger (0021) tell
 * every node's session cache, so the change applies to the next request.
 */

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const orgNotFound = () => new AppError('not_found', ADMIN_MESSAGES.organizationNotFound);

const isWorkflow = (v: string): v is TWorkflowMode => (WORKFLOW_MODES as readonly string[]).includes(v);

export function toAdminOrg(row: TOrgRow): TAdminOrg {
  return {
    id: row.id,
    name: row.name,
    seasonLabel: row.season_label,
    ownerEmail: row.owner_email,
    userCount: row.user_count,
    workflowMode: isWorkflow(row.workflow_mode) ? row.workflow_mode : 'basic',
    planKey: planKeyOf(row.plan_key),
    subscriptionStatus: row.subscription_status,
    frozen: row.is_frozen,
    createdAt: iso(row.created_at),
  };
}

export async function adminOrganizations(deps: TDeps, q: TAdminOrgsQuery): Promise<TAdminOrgList> {
  const { organizations, total } = await readPlatform(deps.db, deps.log, 'admin: list organizations', (tx) =>
    listOrganizations(tx, q),
  );
  return { organizations: organizations.map(toAdminOrg), totalCount: total };
}

/**
 * admin_toggle_org_frozen or admin_set_org_plan, one per call. A freeze makes the organization
 * read-only for its members (contract-route.ts) and stops its donation checkouts; the plan toggle
 * writes premium_month (active, renewed by nobody) or free, which every plan limit reads.
 */
export async function updateAdminOrganization(
  deps: TDeps,
  actor: TAdminActor,
  orgId: string,
  input: TAdminOrgUpdate,
): Promise<TAdminOrg> {
  const updated = await withPlatform(deps.db, deps.log, 'admin: update organization', async (tx) => {
    const org = await findOrganization(tx, orgId, true);
    if (!org) throw orgNotFound();
    const target = { targetOrgId: org.id, targetOrgName: org.name };
    if (input.frozen !== undefined) {
      await setOrganizationFrozen(tx, orgId, input.frozen);
      await insertAudit(tx, {
        ...auditBy(actor),
        ...target,
        action: input.frozen ? 'freeze_org' : 'unfreeze_org',
        details: { frozen: input.frozen },
      });
    } else if (input.planKey !== undefined) {
      await setOrganizationPlan(tx, orgId, input.planKey);
      await insertAudit(tx, {
        ...auditBy(actor),
        ...target,
        action: 'set_org_plan',
        details: { from: planKeyOf(org.plan_key), to: input.planKey },
      });
    }
    const after = await findOrganization(tx, orgId);
    if (!after) throw orgNotFound();
    return toAdminOrg(after);
  });
  // The organization's open pages refresh their plan and session (the banner, the limits).
  deps.hub.publish(orgId, { topic: 'billing' });
  return updated;
}

/**
 * admin_impersonate_org: refused while the organization is frozen (409). Any impersonation the
 * admin still had is ended first; the record is stored and audited, and from the next request
 * the admin acts in that organization as its admin (session/member-loader.ts).
 */
export async function startImpersonation(deps: TDeps, actor: TAdminActor, orgId: string): Promise<TImpersonation> {
  return withPlatform(deps.db, deps.log, 'admin: start impersonation', async (tx) => {
    const org = await findOrganization(tx, orgId, true);
    if (!org) throw orgNotFound();
    if (org.is_frozen) throw new AppError('conflict', ADMIN_MESSAGES.frozenImpersonation);
    await endActiveImpersonation(tx, actor.id);
    const record = await insertImpersonation(tx, actor.id, org.id);
    await insertAudit(tx, {
      ...auditBy(actor),
      action: 'start_impersonation',
      targetOrgId: org.id,
      targetOrgName: org.name,
      details: { impersonationId: record.id },
    });
    return {
      orgId: org.id,
      orgName: org.name,
      adminId: actor.id,
      adminEmail: actor.email,
      impersonatedAt: iso(record.started_at),
    };
  });
}

/** admin_end_impersonation: this admin's impersonation in force, whichever organization; 404 when none. */
export async function endImpersonation(deps: TDeps, actor: TAdminActor): Promise<TImpersonationEnded> {
  return withPlatform(deps.db, deps.log, 'admin: end impersonation', async (tx) => {
    const active = await findActiveImpersonation(tx, actor.id);
    if (!active) throw new AppError('not_found', ADMIN_MESSAGES.notImpersonating);
    await endActiveImpersonation(tx, actor.id);
    const started = new Date(active.started_at).getTime();
    await insertAudit(tx, {
      ...auditBy(actor),
      action: 'end_impersonation',
      targetOrgId: active.org_id,
      targetOrgName: active.org_name,
      details: { impersonationId: active.id, minutes: Math.max(0, Math.round((Date.now() - started) / 60_000)) },
    });
    return { orgId: active.org_id, endedAt: new Date().toISOString() };
  });
}
