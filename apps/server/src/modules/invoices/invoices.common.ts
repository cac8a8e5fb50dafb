import { zonedToday } from '@pennant/shared/agreements/rules';
import { INVOICE_MESSAGES } from '@pennant/shared/invoices/schemas';
import { canonicalTimezone, DEFAULT_TIMEZONE } from '@pennant/shared/profile/timezones';
import { can, refusal, type TRecordAction } from '@pennant/shared/session/permissions';
import { z } from 'zod';
import type { TTx } from '../../db/client';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import { findOrganizationZone, findOrganizationZoneIn } from './invoices.repo';

/** The route checks the same right first; the service checks again (defence in depth). */
export function requireInvoiceRight(member: TMember, action: TRecordAction): void {
  if (!can(member, action, 'invoices')) throw new AppError('forbidden', refusal(`invoices.${action}`));
}

const ZId = z.uuid();
/** Ids arrive as path text; anything that is not a uuid cannot name a row, so it is simply not found. */
export function isId(value: string): boolean {
  return ZId.safeParse(value).success;
}

export const invoiceNotFound = () => new AppError('not_found', INVOICE_MESSAGES.notFound);

/** After commit: the organization's open invoice pages and its dashboard refresh. */
export function publishInvoices(deps: TDeps, orgId: string): void {
  deps.hub.publish(orgId, { topic: 'invoices' });
}

/** A saved zone in its canonical spelling; the default when unset or no longer valid. */
export function zoneOrDefault(saved: string | null): string {
  return (saved && canonicalTimezone(saved)) ?? DEFAULT_TIMEZONE;
}

/**
 * The organization's calendar zone. An organization has no zone of its own (zones are personal,
 * spec 000 §3 user_profiles), so its calendar is its owner's: one calendar for every member and
 * for the daily overdue run, whoever looks. America/New_York when the owner saved none.
 */
export async function organizationZone(deps: TDeps, orgId: string): Promise<string> {
  return zoneOrDefault(
    await withPlatform(deps.db, deps.log, 'organization time zone', (tx) => findOrganizationZone(tx, orgId)),
  );
}

/** Today (YYYY-MM-DD) on the organization's calendar: what due dates and the KPI windows are measured from. */
export async function organizationToday(deps: TDeps, orgId: string, now: Date = new Date()): Promise<string> {
  return zonedToday(now, await organizationZone(deps, orgId));
}

/** The organization's calendar zone, read in the caller's tenant transaction (reads use this one). */
export async function organizationZoneIn(tx: TTx, orgId: string): Promise<string> {
  return zoneOrDefault(await findOrganizationZoneIn(tx, orgId));
}

/** Today on the organization's calendar, read in the caller's tenant transaction. */
export async function organizationTodayIn(tx: TTx, orgId: string, now: Date = new Date()): Promise<string> {
  return zonedToday(now, await organizationZoneIn(tx, orgId));
}
