import { CATALOGUE_LIMITS, CATALOGUE_MESSAGES } from '@pennant/shared/catalogue/schemas';
import type { TAdType, TCustomAdType } from '@pennant/shared/onboarding/schemas';
import { slugify } from '@pennant/shared/onboarding/slug';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TMember } from '../session/member';
import {
  countCustomAdTypes,
  findAdTypeBySlug,
  insertAdType,
  listAdTypes as listAdTypeRows,
  type TAdTypeRow,
} from './ad-types.repo';
import { conflict, fieldErrors, publishCatalogue, requireCatalogueRight } from './catalogue.common';
import { lockCatalogue } from './catalogue.repo';

const toAdType = (row: Pick<TAdTypeRow, 'id' | 'slug' | 'label'>, orgId: string | null): TAdType => ({
  id: row.id,
  slug: row.slug,
  label: row.label,
  isCustom: orgId !== null,
});

/** The global ad types and the organization's own (marked custom). */
export async function listAdTypes(deps: TDeps, member: TMember): Promise<TAdType[]> {
  const found = await readTenant(deps.db, member, (tx) => listAdTypeRows(tx, member.orgId));
  return found.map((t) => toAdType(t, t.orgId));
}

/**
 * A custom ad type from the drawer's label. Its slug is the label's (slugify: lower case,
 * punctuation removed, spaces to hyphens, 32 characters); a type with that slug already offered
 * to the organization (global or its own) is answered as it is, not made twice.
 */
export async function createAdType(
  deps: TDeps,
  member: TMember,
  input: TCustomAdType,
): Promise<{ adType: TAdType; created: boolean }> {
  requireCatalogueRight(member, 'create', 'products');
  const label = input.label.trim();
  const slug = slugify(label);
  if (!slug) throw fieldErrors({ label: CATALOGUE_MESSAGES.labelRequired });
  const result = await withTenant(deps.db, member, async (tx) => {
    await lockCatalogue(tx, member.orgId);
    const existing = await findAdTypeBySlug(tx, member.orgId, slug);
    if (existing) return { adType: toAdType(existing, existing.org_id), created: false };
    if ((await countCustomAdTypes(tx, member.orgId)) >= CATALOGUE_LIMITS.customAdTypesPerOrganization) {
      throw conflict(CATALOGUE_MESSAGES.adTypeLimit);
    }
    const row = await insertAdType(tx, member.orgId, slug, label);
    if (!row) throw new Error('custom ad type insert conflicted under the catalogue lock');
    return { adType: toAdType(row, member.orgId), created: true };
  });
  if (result.created) publishCatalogue(deps, member);
  return result;
}
