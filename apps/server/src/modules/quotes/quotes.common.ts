import { quoteSenderEmail } from '@pennant/shared/quotes/rules';
import {
  QUOTE_MESSAGES,
  type TQuoteDetail,
  type TQuoteLine,
  type TQuoteStatus,
  type TQuoteSummary,
  ZQuoteStatus,
} from '@pennant/shared/quotes/schemas';
import type { TTopic } from '@pennant/shared/realtime/topics';
import { can, refusal, type TRecordAction } from '@pennant/shared/session/permissions';
import type { TTx } from '../../db/client';
import { isoInstant } from '../../db/instant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import {
  findQuote,
  listQuoteLines,
  memberNameByEmail,
  type TQuoteDetailRow,
  type TQuoteLineRow,
  type TQuoteOrganizationRow,
  type TQuoteSummaryRow,
} from './quotes.repo';

export const quoteNotFound = () => new AppError('not_found', QUOTE_MESSAGES.notFound);

/** The route checks the same right first; the service checks again (defence in depth). */
export function requireQuoteRight(member: TMember, action: TRecordAction): void {
  if (!can(member, action, 'quotes')) throw new AppError('forbidden', refusal(`quotes.${action}`));
}

/** Accepting and rejecting: 'Updating quote status needs edit permission' (spec §5, §6), in its words. */
export function requireQuoteStatusRight(member: TMember): void {
  if (!can(member, 'edit', 'quotes')) throw new AppError('forbidden', QUOTE_MESSAGES.noPermission);
}

/** 409: the quote's status does not allow it; the message says why. */
export const wrongState = (message: string) => new AppError('conflict', message);

/** A 400 about the e-mail's recipients (the send step's field). */
export const recipientError = (message: string) => new AppError('validation_failed', message, { contactIds: message });

function toIso(v: Date | string): string;
function toIso(v: Date | string | null): string | null;
function toIso(v: Date | string | null): string | null {
  return v === null ? null : isoInstant(v);
}

export function toQuoteStatus(raw: string): TQuoteStatus {
  const parsed = ZQuoteStatus.safeParse(raw);
  // The table's CHECK admits only these; a value outside them would be a bug, read as archived.
  return parsed.success ? parsed.data : 'archived';
}

export function toSummary(row: TQuoteSummaryRow): TQuoteSummary {
  return {
    id: row.id,
    status: toQuoteStatus(row.status),
    companyId: row.company_id,
    companyName: row.company_name,
    createdAt: toIso(row.created_at),
    sentAt: toIso(row.sent_at),
    expiresAt: toIso(row.expires_at),
    totalCents: row.total_cents,
    hasPdf: row.has_pdf,
    agreementId: row.agreement_id,
  };
}

export function toLine(row: TQuoteLineRow): TQuoteLine {
  return {
    id: row.id,
    productId: row.product_id,
    bundleId: row.bundle_id,
    itemName: row.item_name,
    qty: row.qty,
    unitPriceCents: row.unit_price_cents,
    isSetupFee: row.is_setup_fee,
  };
}

export function toDetail(row: TQuoteDetailRow, lines: readonly TQuoteLineRow[]): TQuoteDetail {
  return {
    ...toSummary(row),
    companyStatus: row.company_status,
    lines: lines.map(toLine),
    renewalCents: row.renewal_cents,
    notes: row.notes,
    emailSubject: row.email_subject,
    emailBody: row.email_body,
    recipientEmails: row.recipient_emails,
    originPriceListId: row.origin_price_list_id,
    acceptedAt: toIso(row.accepted_at),
    rejectedAt: toIso(row.rejected_at),
    expiredAt: toIso(row.expired_at),
    archivedAt: toIso(row.archived_at),
  };
}

/** The quote with its lines, or 404 (also for another organization's id). */
export async function loadQuoteDetail(tx: TTx, member: TMember, id: string): Promise<TQuoteDetail> {
  // Both leave together, one round trip: the lines of a quote that is not there (another
  // organization's, deleted) are none, and are thrown away with it.
  const [row, lines] = await Promise.all([findQuote(tx, member.orgId, id), listQuoteLines(tx, member.orgId, id)]);
  if (!row) throw quoteNotFound();
  return toDetail(row, lines);
}

export interface TSender {
  name: string;
  email: string;
}

/**
 * The quote's sender (spec §6): the sponsorship lead's address, else the treasurer's, else the
 * member's own. The name is the member's for their own address, the organization member's who
 * holds the address, else the organization's.
 */
export async function resolveSender(tx: TTx, member: TMember, org: TQuoteOrganizationRow): Promise<TSender> {
  const email = quoteSenderEmail(
    { sponsorshipLeadEmail: org.sponsorship_lead_email, treasurerEmail: org.treasurer_email },
    member.email,
  );
  if (email.toLowerCase() === member.email.toLowerCase()) {
    return { email, name: member.name.trim() || org.name };
  }
  return { email, name: (await memberNameByEmail(tx, email)) ?? org.name };
}

/** After commit: the organization's open pages of these topics refresh. */
export function publish(deps: TDeps, member: TMember, ...topics: TTopic[]): void {
  for (const topic of topics) deps.hub.publish(member.orgId, { topic });
}

/** Removes stored files no record names any more; a failure only costs disk space, so it is logged. */
export async function removeFilesQuietly(deps: TDeps, keys: readonly (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.files.delete(key);
    } catch (err) {
      deps.log.warn({ err, key }, 'stored quote PDF could not be removed');
    }
  }
}
