import { CONTACT_EVENT_TYPES } from '@pennant/shared/companies/schemas';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import { column, preparedRows, type TTx } from '../../db/client';
import { companies, timelineEvents } from '../../db/schema/companies';

export interface TNewTimelineEvent {
  orgId: string;
  companyId: string;
  eventType: string;
  description: string;
  createdBy: string | null;
  metadata?: Record<string, unknown> | null;
  occurredAt?: Date;
}

/** Company notes and audit entries are read newest first; the list is capped. */
export const NOTES_LIMIT = 500;

const ZRowTimeline = z.object({
  id: z.string(),
  company_id: z.string().nullable(),
  event_type: z.string(),
  description: z.string(),
  body_html: z.string().nullable(),
  metadata: z.unknown(),
  created_by: z.string().nullable(),
  occurred_at: column.instant,
  created_at: column.instant,
});

/** A timeline entry as the notes list shows it. */
export interface TTimelineRow {
  id: string;
  companyId: string | null;
  eventType: string;
  description: string;
  bodyHtml: string | null;
  metadata: unknown;
  createdBy: string | null;
  occurredAt: Date | string;
  createdAt: Date | string;
}

/** The company's timeline, newest first: a named statement, since every company page asks for it. */
export async function listTimeline(tx: TTx, orgId: string, companyId: string): Promise<TTimelineRow[]> {
  const found = await preparedRows(
    tx,
    ZRowTimeline,
    sql`SELECT id, company_id, event_type, description, body_html, metadata, created_by, occurred_at, created_at
        FROM timeline_event WHERE org_id = ${orgId} AND company_id = ${companyId}
        ORDER BY occurred_at DESC, created_at DESC LIMIT ${NOTES_LIMIT}`,
  );
  return found.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    eventType: r.event_type,
    description: r.description,
    bodyHtml: r.body_html,
    metadata: r.metadata,
    createdBy: r.created_by,
    occurredAt: r.occurred_at,
    createdAt: r.created_at,
  }));
}

export async function insertTimelineEvents(tx: TTx, events: readonly TNewTimelineEvent[]): Promise<TTimelineRow[]> {
  if (events.length === 0) return [];
  return tx
    .insert(timelineEvents)
    .values(events.map((e) => ({ ...e, sponsorId: null })))
    .returning();
}

export async function deleteTimelineEvent(
  tx: TTx,
  orgId: string,
  companyId: string,
  id: string,
): Promise<{ eventType: string } | null> {
  const [row] = await tx
    .delete(timelineEvents)
    .where(and(eq(timelineEvents.orgId, orgId), eq(timelineEvents.companyId, companyId), eq(timelineEvents.id, id)))
    .returning({ eventType: timelineEvents.eventType });
  return row ?? null;
}

/** The latest contact-type event on the company's timeline, or null. */
export async function latestContactAt(tx: TTx, orgId: string, companyId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(timelineEvents.occurredAt) })
    .from(timelineEvents)
    .where(
      and(
        eq(timelineEvents.orgId, orgId),
        eq(timelineEvents.companyId, companyId),
        inArray(timelineEvents.eventType, [...CONTACT_EVENT_TYPES]),
      ),
    );
  const at = row?.at ?? null;
  return at === null ? null : new Date(at);
}

export async function setLastContactedAt(tx: TTx, orgId: string, companyId: string, at: Date | null): Promise<void> {
  await tx
    .update(companies)
    .set({ lastContactedAt: at })
    .where(and(eq(companies.orgId, orgId), eq(companies.id, companyId)));
}
