import { CONTACT_EVENT_TYPES, type TCompanyNote, type TNote } from '@pennant/shared/companies/schemas';
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
  deleteTimelineEvent,
  insertTimelineEvents,
  latestContactAt,
  listTimeline,
  setLastContactedAt,
  type TTimelineRow,
} from './notes.repo';

function toNote(row: TTimelineRow): TCompanyNote {
  const metadata = row.metadata;
  return {
    id: row.id,
    companyId: row.companyId ?? '',
    eventType: row.eventType,
    description: row.description,
    bodyHtml: row.bodyHtml,
    metadata:
      metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata)
        ? (metadata as Record<string, unknown>)
        : null,
    createdBy: row.createdBy,
    occurredAt: toIso(row.occurredAt),
    createdAt: toIso(row.createdAt),
  };
}

/** The company's notes and audit entries (status changes…), newest occurred_at first. */
export async function listNotes(deps: TDeps, member: TMember, companyId: string): Promise<TCompanyNote[]> {
  if (!isId(companyId)) throw companyNotFound();
  return readTenant(deps.db, member, async (tx) => {
    // Timeline entries live only as long as their company (ON DELETE CASCADE) and are read by
    // org_id: an entry found proves the company is the organization's, so only an empty timeline
    // needs the check that tells "no notes" from another organization's id (404).
    const found = await listTimeline(tx, member.orgId, companyId);
    if (found.length === 0) await requireCompany(tx, member, companyId);
    return found.map(toNote);
  });
}

/**
 * Adds a note. A note records a contact with the company, so it also moves the list's
 * 'Last contact' (company.last_contacted_at) to the note's time.
 */
export async function createNote(deps: TDeps, member: TMember, companyId: string, input: TNote): Promise<TCompanyNote> {
  requireCompanyRight(member, 'create');
  const note = await withTenant(deps.db, member, async (tx) => {
    await requireCompanyLocked(tx, member, companyId);
    const now = new Date();
    const [row] = await insertTimelineEvents(tx, [
      {
        orgId: member.orgId,
        companyId,
        eventType: 'note',
        description: input.description,
        createdBy: member.userId,
        occurredAt: now,
      },
    ]);
    if (!row) throw new Error('note insert returned no row');
    await setLastContactedAt(tx, member.orgId, companyId, await latestContactAt(tx, member.orgId, companyId));
    return toNote(row);
  });
  publishCompanies(deps, member);
  return note;
}

/**
 * Deletes a note (or another timeline entry) of the company. When it was a contact, 'Last
 * contact' falls back to the latest remaining contact, or Never.
 */
export async function deleteNote(deps: TDeps, member: TMember, companyId: string, noteId: string): Promise<void> {
  requireCompanyRight(member, 'delete');
  await withTenant(deps.db, member, async (tx) => {
    await requireCompanyLocked(tx, member, companyId);
    const deleted = isId(noteId) ? await deleteTimelineEvent(tx, member.orgId, companyId, noteId) : null;
    if (!deleted) throw new AppError('not_found', 'Note not found');
    if ((CONTACT_EVENT_TYPES as readonly string[]).includes(deleted.eventType)) {
      await setLastContactedAt(tx, member.orgId, companyId, await latestContactAt(tx, member.orgId, companyId));
    }
  });
  publishCompanies(deps, member);
}
