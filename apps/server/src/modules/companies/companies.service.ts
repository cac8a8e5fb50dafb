import {
  COMPANY_CATEGORY_STATUSES,
  COMPANY_PAGE_SIZE,
  companyCategoryOf,
  companyStatusLabel,
  hasPrimaryContact,
  type TBulkStatus,
  type TBulkStatusResult,
  type TCompany,
  type TCompanyCounts,
  type TCompanyCreate,
  type TCompanyDetail,
  type TCompanyList,
  type TCompanyListQuery,
  type TCompanyStatus,
  type TCompanyUpdate,
  ZCompanyStatus,
} from '@pennant/shared/companies/schemas';
import { canAddSponsor, FREE_LIMITS } from '@pennant/shared/organization/plans';
import { can, type TRecordAction } from '@pennant/shared/session/permissions';
import { z } from 'zod';
import type { TTx } from '../../db/client';
import { isoInstant } from '../../db/instant';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import {
  countActiveSponsors,
  countByStatus,
  deleteCompany as deleteCompanyRow,
  findCompany,
  findCompanyRef,
  insertCompany,
  insertPrimaryContact,
  listCompanyPage,
  lockCompanies,
  lockCompany,
  lockOrganization,
  searchCompanyPage,
  setCompaniesStatus,
  type TCompanyPatch,
  type TCompanyRow,
  updateCompany as updateCompanyRow,
} from './companies.repo';
import { insertTimelineEvents, type TNewTimelineEvent } from './notes.repo';

// ---------------------------------------------------------------------------------------------
// Helpers shared by the companies, contacts, notes and import services
// ---------------------------------------------------------------------------------------------

const ACTION_WORDS: Record<TRecordAction, string> = { create: 'add', edit: 'edit', delete: 'delete' };

export function requireCompanyRight(member: TMember, action: TRecordAction): void {
  if (!can(member, action, 'companies')) {
    throw new AppError('forbidden', `You do not have permission to ${ACTION_WORDS[action]} companies`);
  }
}

export const companyNotFound = () => new AppError('not_found', 'Company not found');

const ZId = z.uuid();
/** Ids arrive as path text; anything that is not a uuid cannot name a row, so it is simply not found. */
export function isId(value: string): boolean {
  return ZId.safeParse(value).success;
}

/** The company, or 404 (also for another organization's id). */
export async function requireCompany(tx: TTx, member: TMember, id: string) {
  const found = isId(id) ? await findCompanyRef(tx, member.orgId, id) : null;
  if (!found) throw companyNotFound();
  return found;
}

/** Locks the company for the transaction, or answers 404 (also for another organization's id). */
export async function requireCompanyLocked(tx: TTx, member: TMember, id: string) {
  const found = isId(id) ? await lockCompany(tx, member.orgId, id) : null;
  if (!found) throw companyNotFound();
  return found;
}

export function toIso(v: Date | string): string;
export function toIso(v: Date | string | null): string | null;
export function toIso(v: Date | string | null): string | null {
  return v === null ? null : isoInstant(v);
}

function toStatus(raw: string): TCompanyStatus {
  const parsed = ZCompanyStatus.safeParse(raw);
  // Rows only ever get statuses through the shared schema; an unknown legacy value reads as prospect.
  return parsed.success ? parsed.data : 'prospect';
}

function toCompany(row: TCompanyRow): TCompany {
  return {
    id: row.id,
    name: row.name,
    status: toStatus(row.status),
    website: row.website,
    industry: row.industry,
    notes: row.notes,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    tags: row.tags,
    lastContactedAt: toIso(row.last_contacted_at),
    statusUpdatedAt: toIso(row.status_updated_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    primaryContact:
      row.pc_id && row.pc_name !== null
        ? { id: row.pc_id, name: row.pc_name, email: row.pc_email, phone: row.pc_phone, title: row.pc_title }
        : null,
  };
}

async function loadDetail(tx: TTx, member: TMember, id: string): Promise<TCompanyDetail> {
  const row = await findCompany(tx, member.orgId, id);
  if (!row) throw companyNotFound();
  return { ...toCompany(row), contactCount: Number(row.contact_count) };
}

export const planLimitError = () =>
  new AppError(
    'plan_limit',
    `Your Free plan allows up to ${FREE_LIMITS.activeSponsors} active sponsors. Upgrade to Premium for unlimited sponsors.`,
  );

/** Refuses a change that would take the organization past its plan's active sponsors. */
export async function assertSponsorRoom(tx: TTx, member: TMember, adding: number): Promise<void> {
  // With an unbounded count only a plan without the limit can add: then nothing needs counting.
  if (adding <= 0 || canAddSponsor(member.plan, Number.POSITIVE_INFINITY, adding)) return;
  await lockOrganization(tx, member.orgId);
  const current = await countActiveSponsors(tx, member.orgId);
  if (!canAddSponsor(member.plan, current, adding)) throw planLimitError();
}

export function statusEvent(member: TMember, companyId: string, from: string, to: string, at: Date): TNewTimelineEvent {
  return {
    orgId: member.orgId,
    companyId,
    eventType: 'status_changed',
    description: `Status changed from ${companyStatusLabel(from)} to ${companyStatusLabel(to)}`,
    createdBy: member.userId,
    metadata: { from, to },
    occurredAt: at,
  };
}

function publish(deps: TDeps, member: TMember): void {
  deps.hub.publish(member.orgId, { topic: 'companies' });
}

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

/** The statuses a list request admits: the status filter intersected with the category; null = any. */
function allowedStatuses(statusFilter: readonly string[], category: TCompanyListQuery['category']): string[] | null {
  const byCategory = category === 'all' ? null : COMPANY_CATEGORY_STATUSES[category];
  if (statusFilter.length === 0) return byCategory ? [...byCategory] : null;
  return byCategory ? statusFilter.filter((s) => (byCategory as readonly string[]).includes(s)) : [...statusFilter];
}

/**
 * One page (50) of the organization's companies, sorted on the server, with the number of rows
 * under all filters (totalCount) and the per-tab counts (search and status filter applied, the
 * category not, so the tabs show how many each would list).
 */
export async function listCompanies(deps: TDeps, member: TMember, q: TCompanyListQuery): Promise<TCompanyList> {
  const search = q.search?.trim() || null;
  const statusFilter = q.status.length ? q.status : null;
  const pageStatuses = allowedStatuses(q.status, q.category);
  // A search's counts may be kept as it runs (company_search_counts inserts into
  // company_search_memo), which a read-only transaction refuses; without one the list only reads.
  const transaction = search ? withTenant : readTenant;
  return transaction(deps.db, member, async (tx) => {
    const sort = { field: q.sort, dir: q.dir };
    const offset = (q.page - 1) * COMPANY_PAGE_SIZE;
    // A search is run once for the page and the tab counts; without one, the counts come from
    // the counter table.
    const { companies: page, counts: byStatus } = search
      ? await searchCompanyPage(
          tx,
          member.orgId,
          search,
          { count: statusFilter, page: pageStatuses },
          sort,
          COMPANY_PAGE_SIZE,
          offset,
        )
      : await Promise.all([
          listCompanyPage(tx, member.orgId, pageStatuses, sort, COMPANY_PAGE_SIZE, offset),
          countByStatus(tx, member.orgId, statusFilter),
        ]).then(([companies, counts]) => ({ companies, counts }));
    const counts: TCompanyCounts = { all: 0, pipeline: 0, sponsors: 0, former: 0 };
    for (const [status, n] of byStatus) {
      counts.all += n;
      const category = companyCategoryOf(status);
      if (category) counts[category] += n;
    }
    const totalCount = counts[q.category];
    return {
      companies: page.map(toCompany),
      totalCount,
      counts,
      page: q.page,
      pageSize: COMPANY_PAGE_SIZE,
      hasMore: q.page * COMPANY_PAGE_SIZE < totalCount,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// One company
// ---------------------------------------------------------------------------------------------

export async function getCompany(deps: TDeps, member: TMember, id: string): Promise<TCompanyDetail> {
  if (!isId(id)) throw companyNotFound();
  return readTenant(deps.db, member, (tx) => loadDetail(tx, member, id));
}

/** Creates the company and, when both name and email are given, its primary contact. */
export async function createCompany(deps: TDeps, member: TMember, input: TCompanyCreate): Promise<TCompanyDetail> {
  requireCompanyRight(member, 'create');
  const detail = await withTenant(deps.db, member, async (tx) => {
    if (input.status === 'sponsor') await assertSponsorRoom(tx, member, 1);
    const id = await insertCompany(tx, {
      orgId: member.orgId,
      name: input.name,
      status: input.status,
      website: input.website ?? null,
      industry: input.industry ?? null,
      notes: input.notes ?? null,
      address: input.address ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      country: 'US',
    });
    const contact = input.primaryContact;
    if (contact?.name && contact.email && hasPrimaryContact(contact)) {
      await insertPrimaryContact(tx, {
        orgId: member.orgId,
        companyId: id,
        name: contact.name,
        email: contact.email,
        phone: contact.phone ?? null,
        title: contact.title ?? null,
      });
    }
    return loadDetail(tx, member, id);
  });
  publish(deps, member);
  return detail;
}

/**
 * Edits the company. A status change here is like any other: status_updated_at, the audit
 * note, and the sponsor limit.
 */
export async function updateCompany(
  deps: TDeps,
  member: TMember,
  id: string,
  input: Partial<TCompanyUpdate>,
): Promise<TCompanyDetail> {
  requireCompanyRight(member, 'edit');
  const detail = await withTenant(deps.db, member, async (tx) => {
    const current = await requireCompanyLocked(tx, member, id);
    const patch: TCompanyPatch = {};
    if (input.name !== undefined) patch.name = input.name;
    for (const key of ['website', 'industry', 'notes', 'address', 'city', 'state'] as const) {
      const value = input[key];
      if (value !== undefined) patch[key] = value;
    }
    const now = new Date();
    const changesStatus = input.status !== undefined && input.status !== current.status;
    if (changesStatus && input.status) {
      if (input.status === 'sponsor') await assertSponsorRoom(tx, member, 1);
      patch.status = input.status;
      patch.statusUpdatedAt = now;
    }
    await updateCompanyRow(tx, member.orgId, id, patch);
    if (changesStatus && input.status) {
      await insertTimelineEvents(tx, [statusEvent(member, id, current.status, input.status, now)]);
    }
    return loadDetail(tx, member, id);
  });
  publish(deps, member);
  return detail;
}

/** The list's status dropdown. Setting the status a company already has changes nothing. */
export async function changeStatus(
  deps: TDeps,
  member: TMember,
  id: string,
  status: TCompanyStatus,
): Promise<TCompanyDetail> {
  return updateCompany(deps, member, id, { status });
}

/**
 * Moves the selected companies to one status in a single transaction; each one that actually
 * changes gets status_updated_at and its audit note. Ids the organization does not have are
 * ignored. Replies with how many selected companies now have the status.
 */
export async function bulkChangeStatus(deps: TDeps, member: TMember, input: TBulkStatus): Promise<TBulkStatusResult> {
  requireCompanyRight(member, 'edit');
  const ids = [...new Set(input.ids)];
  const result = await withTenant(deps.db, member, async (tx) => {
    const found = await lockCompanies(tx, member.orgId, ids);
    const changing = found.filter((c) => c.status !== input.status);
    if (input.status === 'sponsor') await assertSponsorRoom(tx, member, changing.length);
    const now = new Date();
    await setCompaniesStatus(
      tx,
      member.orgId,
      changing.map((c) => c.id),
      input.status,
      now,
    );
    await insertTimelineEvents(
      tx,
      changing.map((c) => statusEvent(member, c.id, c.status, input.status, now)),
    );
    return { updated: found.length };
  });
  if (result.updated > 0) publish(deps, member);
  return result;
}

export async function deleteCompany(deps: TDeps, member: TMember, id: string): Promise<void> {
  requireCompanyRight(member, 'delete');
  if (!isId(id)) throw companyNotFound();
  const deleted = await withTenant(deps.db, member, (tx) => deleteCompanyRow(tx, member.orgId, id));
  if (!deleted) throw companyNotFound();
  publish(deps, member);
}

export { publish as publishCompanies };
