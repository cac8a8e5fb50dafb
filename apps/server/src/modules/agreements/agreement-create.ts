import {
  agreementClauses,
  agreementEndDate,
  agreementNumber,
  agreementTotalCents,
} from '@pennant/shared/agreements/rules';
import { AGREEMENT_MESSAGES, DEFAULT_AGREEMENT_TERM } from '@pennant/shared/agreements/schemas';
import { zonedToday } from '@pennant/shared/months';
import { DEFAULT_TIMEZONE } from '@pennant/shared/profile/timezones';
import { quoteNumber } from '@pennant/shared/quotes/rules';
import type { TTx } from '../../db/client';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { listQuoteLines, type TQuoteLineRow } from '../quotes/quotes.repo';
import type { TMember } from '../session/member';
import { storeAgreementPdf } from './agreement-pdf.service';
import { isId, quoteNotFound } from './agreements.common';
import {
  insertAgreementEvent,
  insertContract,
  lockQuote,
  setQuoteStatus,
  type TNewContractLine,
  type TQuoteRef,
} from './agreements.repo';

/** What the accept flow and the agreement form give beyond the quote itself. */
export interface TAgreementFromQuote {
  quoteId: string;
  /** Default 12. */
  termMonths?: number;
  /** YYYY-MM-DD; default today in the organization's view. */
  startDate?: string;
  /** YYYY-MM-DD; null → start + term. */
  customEndDate?: string | null;
  /** One clause per line; null → the default clauses. */
  customTerms?: string | null;
  notes?: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day as YYYY-MM-DD (not 2026-02-30). */
const isDay = (v: string) => {
  if (!DAY.test(v)) return false;
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
};
const TERM_MAX_MONTHS = 120;

const sameItem = (a: TQuoteLineRow, b: TQuoteLineRow) =>
  (a.product_id !== null && a.product_id === b.product_id) || (a.bundle_id !== null && a.bundle_id === b.bundle_id);

/**
 * The contract's lines from the quote's: each product or bundle line becomes one, with the setup
 * fee of one taken from its linked setup-fee line (the next unused one of the same product or
 * bundle), 0 when it has none. Setup-fee lines and lines whose item is gone are not lines of
 * their own.
 */
export function contractLinesFromQuote(lines: readonly TQuoteLineRow[]): TNewContractLine[] {
  const used = new Set<TQuoteLineRow>();
  const out: TNewContractLine[] = [];
  for (const line of lines) {
    if (line.is_setup_fee || (line.product_id === null && line.bundle_id === null)) continue;
    const fee = lines.find((l) => l.is_setup_fee && !used.has(l) && sameItem(l, line));
    if (fee) used.add(fee);
    out.push({
      productId: line.product_id,
      bundleId: line.bundle_id,
      itemName: line.item_name,
      qty: line.qty,
      unitPriceCents: line.unit_price_cents,
      setupFeeCents: fee?.unit_price_cents ?? 0,
    });
  }
  return out;
}

const invalid = (field: string, message: string) => new AppError('validation_failed', message, { [field]: message });

/**
 * Locks the quote an agreement is to be made from: 404 when the organization has none with this
 * id; 409 unless it is accepted and has no agreement yet.
 */
export async function lockAgreeableQuote(tx: TTx, member: TMember, quoteId: string): Promise<TQuoteRef> {
  const quote = isId(quoteId) ? await lockQuote(tx, member.orgId, quoteId) : null;
  if (!quote) throw quoteNotFound();
  if (quote.status !== 'accepted' || quote.has_agreement) {
    throw new AppError('conflict', AGREEMENT_MESSAGES.quoteNotAccepted);
  }
  return quote;
}

/**
 * Inside the caller's withTenant transaction: makes the contract and its lines from the quote's
 * lines (the quote must be accepted, without an agreement yet; it becomes contracted), and
 * writes 'agreement_created' on the company's timeline. Returns the agreement's id, or null when
 * the quote has no product or bundle line (spec §4), in which case nothing changes.
 */
export async function createAgreementForQuote(
  tx: TTx,
  member: TMember,
  input: TAgreementFromQuote,
): Promise<string | null> {
  const quote = await lockAgreeableQuote(tx, member, input.quoteId);
  const termMonths = input.termMonths ?? DEFAULT_AGREEMENT_TERM;
  if (!Number.isInteger(termMonths) || termMonths < 1 || termMonths > TERM_MAX_MONTHS) {
    throw invalid('termMonths', `The term must be 1 to ${TERM_MAX_MONTHS} months`);
  }
  const startDate = input.startDate ?? zonedToday(new Date(), DEFAULT_TIMEZONE);
  if (!isDay(startDate)) throw invalid('startDate', 'Dates are YYYY-MM-DD');
  const endDate = input.customEndDate ?? agreementEndDate(startDate, termMonths);
  if (!isDay(endDate)) throw invalid('customEndDate', 'Dates are YYYY-MM-DD');
  if (endDate <= startDate) throw invalid('customEndDate', AGREEMENT_MESSAGES.endBeforeStart);

  const lines = contractLinesFromQuote(await listQuoteLines(tx, member.orgId, quote.id));
  if (lines.length === 0) return null;

  const id = await insertContract(
    tx,
    {
      orgId: member.orgId,
      quoteId: quote.id,
      companyId: quote.company_id,
      seasonLabel: member.org.seasonLabel,
      startDate,
      endDate,
      termMonths,
      totalValueCents: agreementTotalCents(lines),
      clauses: agreementClauses(input.customTerms),
      notes: input.notes ?? null,
      createdBy: member.userId,
    },
    lines,
  );
  await setQuoteStatus(tx, member.orgId, quote.id, 'contracted');
  await insertAgreementEvent(tx, {
    orgId: member.orgId,
    companyId: quote.company_id,
    contractId: id,
    quoteId: quote.id,
    eventType: 'agreement_created',
    description: `${agreementNumber(id)} created from ${quoteNumber(quote.id)}`,
    createdBy: member.userId,
    metadata: { start_date: startDate, end_date: endDate, term_months: termMonths },
  });
  return id;
}

/** After commit: renders and stores the agreement's PDF; false (and logged) on failure. */
export async function generateAgreementPdfQuietly(deps: TDeps, member: TMember, agreementId: string): Promise<boolean> {
  try {
    await storeAgreementPdf(deps, member, agreementId);
    return true;
  } catch (err) {
    deps.log.error({ err, agreementId, orgId: member.orgId }, 'agreement PDF could not be generated');
    return false;
  }
}
