import {
  CONTACT_MESSAGES,
  type TCompanyContact,
  type TContact,
  type TContactUpdate,
} from '@pennant/shared/companies/schemas';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import {
  companyNotFound,
  isId,
  publishCompanies,
  requireCompany,
  requireCompanyLocked,
  requireCompanyRight,
  toIso,
} from './companies.service';
import {
  clearPrimary,
  deleteContact as deleteContactRow,
  findContact,
  hasActiveContactWithEmail,
  hasActivePrimary,
  insertContact,
  listContacts as listContactRows,
  type TContactPatch,
  type TContactView,
  updateContact as updateContactRow,
} from './contacts.repo';

const contactNotFound = () => new AppError('not_found', CONTACT_MESSAGES.notFound);

/** A 409 on the email field: the company already has an active contact with this address. */
const duplicateEmail = () =>
  new AppError('conflict', CONTACT_MESSAGES.duplicateEmail, { email: CONTACT_MESSAGES.duplicateEmail });

const sameEmail = (a: string | null, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

function toContact(row: TContactView): TCompanyContact {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    title: row.title,
    role: row.role,
    isPrimary: row.isPrimary,
    isActive: row.isActive,
    createdAt: toIso(row.createdAt),
  };
}

/**
 * The company's contacts: active ones, primary first, then oldest first. With includeInactive
 * the inactive ones follow (for the Inactive badge).
 */
export async function listContacts(
  deps: TDeps,
  member: TMember,
  companyId: string,
  includeInactive: boolean,
): Promise<TCompanyContact[]> {
  if (!isId(companyId)) throw companyNotFound();
  return readTenant(deps.db, member, async (tx) => {
    // Contacts live only as long as their company (ON DELETE CASCADE) and are read by org_id: a
    // contact found proves the company is the organization's, so only an empty list needs the
    // check that tells "no contacts" from another organization's id (404).
    const found = await listContactRows(tx, member.orgId, companyId, includeInactive);
    if (found.length === 0) await requireCompany(tx, member, companyId);
    return found.map(toContact);
  });
}

/**
 * Adds a contact. It becomes the primary when asked to, or when the company has no active
 * primary contact yet (the first contact of a company is its primary). An e-mail address that an
 * active contact of the company already has (in any case) is a 409.
 */
export async function addContact(
  deps: TDeps,
  member: TMember,
  companyId: string,
  input: TContact,
): Promise<TCompanyContact> {
  requireCompanyRight(member, 'create');
  const contact = await withTenant(deps.db, member, async (tx) => {
    // The company row lock serialises primary changes, so two at once cannot both win.
    await requireCompanyLocked(tx, member, companyId);
    if (await hasActiveContactWithEmail(tx, member.orgId, companyId, input.email)) throw duplicateEmail();
    const makePrimary = input.isPrimary === true || !(await hasActivePrimary(tx, member.orgId, companyId));
    if (makePrimary) await clearPrimary(tx, member.orgId, companyId);
    const row = await insertContact(tx, {
      orgId: member.orgId,
      companyId,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      title: input.title ?? null,
      isPrimary: makePrimary,
    });
    return toContact(row);
  });
  publishCompanies(deps, member);
  return contact;
}

/**
 * Edits a contact; deactivating one also drops its primary flag. Changing the address to one
 * another active contact has, or reactivating a contact whose address an active one has, is a 409.
 */
export async function updateContact(
  deps: TDeps,
  member: TMember,
  companyId: string,
  contactId: string,
  input: TContactUpdate,
): Promise<TCompanyContact> {
  requireCompanyRight(member, 'edit');
  const contact = await withTenant(deps.db, member, async (tx) => {
    await requireCompanyLocked(tx, member, companyId);
    const current = isId(contactId) ? await findContact(tx, member.orgId, companyId, contactId) : null;
    if (!current) throw contactNotFound();
    const email = input.email ?? current.email;
    const active = input.isActive ?? current.isActive;
    const emailChanged = input.email !== undefined && !sameEmail(input.email, current.email);
    const reactivated = active && !current.isActive;
    if (
      email &&
      active &&
      (emailChanged || reactivated) &&
      (await hasActiveContactWithEmail(tx, member.orgId, companyId, email, current.id))
    ) {
      throw duplicateEmail();
    }
    const patch: TContactPatch = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.email !== undefined) patch.email = input.email;
    if (input.phone !== undefined) patch.phone = input.phone;
    if (input.title !== undefined) patch.title = input.title;
    if (input.isActive !== undefined) {
      patch.isActive = input.isActive;
      if (!input.isActive) patch.isPrimary = false;
    }
    if (Object.keys(patch).length === 0) return toContact(current);
    const row = await updateContactRow(tx, member.orgId, companyId, contactId, patch);
    if (!row) throw contactNotFound();
    return toContact(row);
  });
  publishCompanies(deps, member);
  return contact;
}

/**
 * Makes an active contact the primary one: the others' flags are cleared first, in the same
 * transaction. Replies with the company's active contacts in their new order.
 */
export async function setPrimaryContact(
  deps: TDeps,
  member: TMember,
  companyId: string,
  contactId: string,
): Promise<TCompanyContact[]> {
  requireCompanyRight(member, 'edit');
  const contacts = await withTenant(deps.db, member, async (tx) => {
    await requireCompanyLocked(tx, member, companyId);
    const current = isId(contactId) ? await findContact(tx, member.orgId, companyId, contactId) : null;
    if (!current) throw contactNotFound();
    if (!current.isActive) throw new AppError('unprocessable', CONTACT_MESSAGES.inactivePrimary);
    if (!current.isPrimary) {
      await clearPrimary(tx, member.orgId, companyId, contactId);
      await updateContactRow(tx, member.orgId, companyId, contactId, { isPrimary: true });
    }
    return (await listContactRows(tx, member.orgId, companyId, false)).map(toContact);
  });
  publishCompanies(deps, member);
  return contacts;
}

export async function deleteContact(deps: TDeps, member: TMember, companyId: string, contactId: string): Promise<void> {
  requireCompanyRight(member, 'delete');
  await withTenant(deps.db, member, async (tx) => {
    await requireCompanyLocked(tx, member, companyId);
    const deleted = isId(contactId) ? await deleteContactRow(tx, member.orgId, companyId, contactId) : false;
    if (!deleted) throw contactNotFound();
  });
  publishCompanies(deps, member);
}
