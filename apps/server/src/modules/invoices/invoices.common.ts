import { INVOICE_MESSAGES } from '@pennant/shared/invoices/schemas';
import { zoneOrDefault } from '@pennant/shared/profile/timezones';
import { can, refusal, type TRecordAction } from '@pennant/shared/session/permissions';
import { z } from 'zod';
import { readPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import { findOrganizationZone } from './invoices.repo';

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

/**
 * The organization's calendar zone. An organization has no zone of its own (zones are personal,
 * spec 000 §3 user_profiles), so its calendar is its owner's: one calendar for every member and
 * for the daily overdue run, whoever looks. America/New_York when the owner saved none.
 */
export async function organizationZone(deps: TDeps, orgId: string): Promise<string> {
  return zoneOrDefault(
    await readPlatform(deps.db, deps.log, 'organization time zone', (tx) => findOrganizationZone(tx, orgId)),
  );
}
