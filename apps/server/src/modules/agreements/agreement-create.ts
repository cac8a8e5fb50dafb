import type { TTx } from '../../db/client';
import type { TDeps } from '../../deps';
import type { TMember } from '../session/member';

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

/**
 * Inside the caller's withTenant transaction: makes the contract and its lines from the quote's
 * lines (the quote must be accepted; it becomes contracted). Returns the agreement id, or null
 * when the quote has no product or bundle line (spec §4).
 * STUB: replaced by the agreements module.
 */
export async function createAgreementForQuote(
  _tx: TTx,
  _member: TMember,
  _input: TAgreementFromQuote,
): Promise<string | null> {
  throw new Error('not implemented');
}

/** After commit: renders and stores the agreement's PDF; false (and logged) on failure. STUB. */
export async function generateAgreementPdfQuietly(_deps: TDeps, _member: TMember, _agreementId: string): Promise<boolean> {
  return false;
}
