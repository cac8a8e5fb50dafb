import { CONTACT_EVENT_TYPES } from '@pennant/shared/companies/schemas';
import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { TTx } from '../../db/client';
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

export function listTimeline(tx: TTx, orgId: string, companyId: string) {
  return tx
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.orgId, orgId), eq(timelineEvents.companyId, companyId)))
    .orderBy(desc(timelineEvents.occurredAt), desc(timelineEvents.createdAt))
    .limit(NOTES_LIMIT);
}

export type TTimelineRow = Awaited<ReturnType<typeof listTimeline>>[number];

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
