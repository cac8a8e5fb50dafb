import { randomUUID } from 'node:crypto';
import type {
  TAdType,
  TCreateOrganization,
  TFinishMenuWizard,
  TOnboardingRoles,
  TOnboardingState,
} from '@pennant/shared/onboarding/schemas';
import { ZCreateOrganization } from '@pennant/shared/onboarding/schemas';
import { slugify } from '@pennant/shared/onboarding/slug';
import { normalizeRoles, type TRole } from '@pennant/shared/team/roles';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TAuthUser } from '../auth/auth';
import { insertAdType, listAdTypes } from '../catalogue/ad-types.repo';
import { findMemberRoles as findRoles, insertMemberRoles as insertRoles } from '../organizations/team.repo';
import type { TMember } from '../session/member';
import { clientOrg, loadMember } from '../session/member';
import {
  deleteRoles,
  findOrganization,
  insertOrganization,
  insertWizardProducts,
  markMenuWizardComplete,
  productTypeIds,
} from './onboarding.repo';

/** The owner's first roles: admin plus sponsorship lead (create_organization_with_roles). */
const FOUNDER_ROLES: readonly TRole[] = ['admin', 'sponsorship_lead'];

/** `resolved`: the member the request's session check found, if any (else it is looked up). */
export async function onboardingState(
  deps: TDeps,
  user: TAuthUser,
  resolved: TMember | undefined,
): Promise<TOnboardingState> {
  const member = resolved ?? (await loadMember(deps, user));
  if (!member?.isOwner) return { organization: null, roles: member?.roles ?? [] };
  return { organization: clientOrg(member.org), roles: member.roles };
}

export const alreadyMemberMessage = (orgName: string) =>
  `You already belong to ${orgName}. Pennant shows one organization per account: to start your own organization, sign up with another email address.`;

/**
 * Creates the organization and the owner's roles in one transaction. One organization per
 * account: an owner already has theirs, and a member who founded a second one would be moved to
 * it and lose sight of the first (the session follows the owned organization), so both are
 * refused and their membership stays as it is.
 */
export async function createOrganization(
  deps: TDeps,
  user: TAuthUser,
  input: TCreateOrganization,
): Promise<{ orgId: string }> {
  const existing = await loadMember(deps, user);
  if (existing?.isOwner) {
    throw new AppError('conflict', `You already own ${existing.org.name}`);
  }
  if (existing) throw new AppError('conflict', alreadyMemberMessage(existing.org.name));
  const data = ZCreateOrganization.parse(input);
  const orgId = randomUUID();
  // The new organization's own context lets row-level security admit its first rows.
  await withTenant(deps.db, { orgId, userId: user.id }, async (tx) => {
    await insertOrganization(tx, { id: orgId, ...data, createdBy: user.id });
    await insertRoles(tx, orgId, user.id, FOUNDER_ROLES, true);
  });
  return { orgId };
}

function requireOwner(member: TMember | null): TMember {
  if (!member) throw new AppError('not_found', 'Organization not found');
  if (!member.isOwner) throw new AppError('forbidden', 'Only the Owner may set up the organization');
  return member;
}

export async function adTypes(deps: TDeps, member: TMember): Promise<TAdType[]> {
  const found = await readTenant(deps.db, member, (tx) => listAdTypes(tx, member.orgId));
  return found.map((t) => ({ id: t.id, slug: t.slug, label: t.label, isCustom: t.orgId !== null }));
}

export async function addCustomAdType(deps: TDeps, m: TMember | null, label: string): Promise<TAdType> {
  const member = requireOwner(m);
  const slug = slugify(label);
  const row = await withTenant(deps.db, member, (tx) => insertAdType(tx, member.orgId, slug, label.trim()));
  if (!row) throw new AppError('conflict', `An ad type named "${label.trim()}" already exists`);
  return { ...row, isCustom: true };
}

/** Creates one product per chosen ad type (never twice) and marks the menu wizard complete. */
export async function finishMenuWizard(
  deps: TDeps,
  m: TMember | null,
  input: TFinishMenuWizard,
): Promise<{ created: number }> {
  const member = requireOwner(m);
  return withTenant(deps.db, member, async (tx) => {
    const org = await findOrganization(tx, member.orgId);
    if (!org) throw new AppError('not_found', 'Organization not found');
    const visible = await listAdTypes(tx, member.orgId);
    const chosen = visible.filter((t) => input.adTypeIds.includes(t.id));
    if (chosen.length !== new Set(input.adTypeIds).size) {
      throw new AppError('validation_failed', 'One of the selected ad types no longer exists');
    }
    const existing = await productTypeIds(tx, member.orgId);
    const created = await insertWizardProducts(
      tx,
      member.orgId,
      org.seasonLabel,
      chosen.filter((t) => !existing.has(t.id)),
    );
    await markMenuWizardComplete(tx, member.orgId);
    return { created };
  });
}

/** Unchecked non-admin roles are removed, new ones added; admin always stays. */
export async function assignRoles(
  deps: TDeps,
  m: TMember | null,
  input: TOnboardingRoles,
): Promise<{ roles: TRole[] }> {
  const member = requireOwner(m);
  const wanted = new Set<TRole>([...input.roles, 'admin']);
  return withTenant(deps.db, member, async (tx) => {
    const raw = await findRoles(tx, member.orgId, member.userId);
    const current = normalizeRoles(raw);
    const removed = raw.filter((r) => {
      const role = normalizeRoles([r])[0];
      return role !== 'admin' && (!role || !wanted.has(role));
    });
    await deleteRoles(tx, member.orgId, member.userId, removed);
    await insertRoles(
      tx,
      member.orgId,
      member.userId,
      [...wanted].filter((r) => !current.includes(r)),
      true,
    );
    return { roles: normalizeRoles(await findRoles(tx, member.orgId, member.userId)) };
  });
}
