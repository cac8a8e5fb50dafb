import { addMonths, differenceInCalendarDays, differenceInMonths, parseISO } from 'date-fns';
import {
  AGREEMENT_CLAUSES_MAX,
  AGREEMENT_DISPLAY_ID_LENGTH,
  AGREEMENT_MESSAGES,
  AGREEMENT_STATUS_LABELS,
  DEFAULT_AGREEMENT_CLAUSES,
  EXPIRING_WINDOW_DAYS,
} from './schemas';

/** 'Agreement #' + the first 6 characters of the id, upper case (spec §2, §9). */
export function agreementNumber(id: string): string {
  return `Agreement #${id.slice(0, AGREEMENT_DISPLAY_ID_LENGTH).toUpperCase()}`;
}

/** The spec's label for a status; any other value capitalized (spec §4). */
export function agreementStatusLabel(status: string): string {
  const known = (AGREEMENT_STATUS_LABELS as Record<string, string>)[status];
  if (known) return known;
  return status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ') : status;
}

/**
 * The agreement's value (spec §3): the calculated total if above 0, else the stored total if
 * above 0, else the sum of unit price × qty over the quote's lines; null when that is 0 too.
 */
export function agreementValueCents(
  calculatedTotalCents: number | null,
  totalValueCents: number | null,
  quoteLines: readonly { unitPriceCents: number; qty: number }[],
): number | null {
  if (calculatedTotalCents !== null && calculatedTotalCents > 0) return calculatedTotalCents;
  if (totalValueCents !== null && totalValueCents > 0) return totalValueCents;
  const sum = quoteLines.reduce((s, l) => s + l.unitPriceCents * l.qty, 0);
  return sum > 0 ? sum : null;
}

/** An agreement line's total: qty × (unit price + setup fee), the fee charged once per unit. */
export function agreementLineCents(line: { qty: number; unitPriceCents: number; setupFeeCents: number }): number {
  return line.qty * (line.unitPriceCents + line.setupFeeCents);
}

export function agreementTotalCents(
  lines: readonly { qty: number; unitPriceCents: number; setupFeeCents: number }[],
): number {
  return lines.reduce((sum, l) => sum + agreementLineCents(l), 0);
}

/** 'YYYY-MM-DD' of a date at local midnight, without a time zone shift. */
export function isoDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The end date of a term: start plus the months (date-fns clamps 31 January + 1 month to 28 February). */
export function agreementEndDate(startDate: string, termMonths: number): string {
  return isoDay(addMonths(parseISO(startDate), termMonths));
}

/** Whole months between the dates, at least 1 (spec §5). */
export function monthsBetween(startDate: string, endDate: string): number {
  return Math.max(1, differenceInMonths(parseISO(endDate), parseISO(startDate)));
}

/** A custom term: the end date differs from start + term by more than one day (spec §9). */
export function isCustomTerm(startDate: string, endDate: string, termMonths: number): boolean {
  const expected = parseISO(agreementEndDate(startDate, termMonths));
  return Math.abs(differenceInCalendarDays(parseISO(endDate), expected)) > 1;
}

/** Expiring soon: active, with the end date 1 to 60 days after today (spec §4). */
export function isExpiringSoon(status: string, endDate: string, today: string): boolean {
  if (status !== 'active') return false;
  const days = differenceInCalendarDays(parseISO(endDate), parseISO(today));
  return days >= 1 && days <= EXPIRING_WINDOW_DAYS;
}

/** Past its end date or marked expired: the row is dimmed. */
export function isExpiredAgreement(status: string, endDate: string, today: string): boolean {
  return status === 'expired' || (status === 'active' && endDate < today);
}

/** The clauses from the form: the defaults, or one clause per non-blank line of the custom text. */
export function agreementClauses(customTerms: string | null | undefined): string[] {
  if (!customTerms?.trim()) return [...DEFAULT_AGREEMENT_CLAUSES];
  return customTerms
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, AGREEMENT_CLAUSES_MAX);
}

/** The company's name through the spec's fallback chain (§2), ending in 'Unknown Company'. */
export function agreementCompanyName(...names: (string | null | undefined)[]): string {
  return names.find((n) => n?.trim())?.trim() ?? AGREEMENT_MESSAGES.unknownCompany;
}

/** 'Sponsorship-Agreement-Acme-Hardware-1A2B3C.pdf': the company in plain ASCII and the short id. */
export function agreementFileName(companyName: string, id: string): string {
  const words =
    companyName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[A-Za-z0-9]+/g) ?? [];
  const company = words.join('-').slice(0, 60).replace(/-+$/, '');
  const shortId = id.slice(0, AGREEMENT_DISPLAY_ID_LENGTH).toUpperCase();
  return `Sponsorship-Agreement-${company ? `${company}-` : ''}${shortId}.pdf`;
}
