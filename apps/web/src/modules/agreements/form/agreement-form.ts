import { toNestErrors } from '@hookform/resolvers';
import { isoDay } from '@pennant/shared/agreements/rules';
import {
  AGREEMENT_MESSAGES,
  AGREEMENT_TERMS,
  DEFAULT_AGREEMENT_CLAUSES,
  DEFAULT_AGREEMENT_TERM,
  type TAgreementDetail,
  type TAgreementLineInput,
  type TAgreementTerm,
  type TAgreementValues,
  ZAgreementInput,
} from '@pennant/shared/agreements/schemas';
import type { TProduct } from '@pennant/shared/catalogue/schemas';
import type { TQuoteDetail } from '@pennant/shared/quotes/schemas';
import type { FieldError, Resolver, UseFormReturn } from 'react-hook-form';
import type { TPickedCompany } from './CompanyPicker';

/** What the form edits: the contract's input, with the pieces the page shows its own way. */
export interface TAgreementFormValues {
  companyId: string;
  termMonths: TAgreementTerm;
  startDate: string;
  useCustomEndDate: boolean;
  customEndDate: string | null;
  /** 'default': the five default clauses; 'custom': the text below, one clause per line. */
  termsMode: 'default' | 'custom';
  customTerms: string;
  notes: string;
  lines: TAgreementLineInput[];
}

export type TAgreementForm = UseFormReturn<TAgreementFormValues, unknown, TAgreementValues>;

/** What the form starts from: a blank agreement, a copy, or an accepted quote. */
export interface TAgreementStart {
  company: TPickedCompany | null;
  values: TAgreementFormValues;
  quoteId: string | null;
}

export const BLANK_LINE: TAgreementLineInput = { productId: '', qty: 1, unitPriceCents: 0, includeSetupFee: false };

export function blankStart(today: string = isoDay(new Date())): TAgreementStart {
  return {
    company: null,
    quoteId: null,
    values: {
      companyId: '',
      termMonths: DEFAULT_AGREEMENT_TERM,
      startDate: today,
      useCustomEndDate: false,
      customEndDate: null,
      termsMode: 'default',
      customTerms: '',
      notes: '',
      lines: [{ ...BLANK_LINE }],
    },
  };
}

export function asTerm(months: number): TAgreementTerm {
  return AGREEMENT_TERMS.find((t) => t === months) ?? DEFAULT_AGREEMENT_TERM;
}

/** A product's setup fee, 0 when it has none. */
export function setupFeeOf(product: Pick<TProduct, 'setupFeeCents'> | undefined): number {
  return product?.setupFeeCents && product.setupFeeCents > 0 ? product.setupFeeCents : 0;
}

/** A line for a product just chosen: its recurring price, and its setup fee charged when it has one. */
export function lineForProduct(product: TProduct, qty: number): TAgreementLineInput {
  return {
    productId: product.id,
    qty,
    unitPriceCents: product.recurringPriceCents ?? 0,
    includeSetupFee: setupFeeOf(product) > 0,
  };
}

/**
 * A quote's lines as agreement lines: each product line keeps its quantity and price, and charges
 * the setup fee when a setup-fee line follows it. Bundle lines have no product and are left out.
 */
export function linesFromQuote(lines: TQuoteDetail['lines']): TAgreementLineInput[] {
  const out: TAgreementLineInput[] = [];
  lines.forEach((line, index) => {
    if (line.isSetupFee || !line.productId) return;
    const next = lines[index + 1];
    out.push({
      productId: line.productId,
      qty: line.qty,
      unitPriceCents: line.unitPriceCents,
      includeSetupFee: Boolean(next?.isSetupFee && (next.productId === null || next.productId === line.productId)),
    });
  });
  return out;
}

export function startFromQuote(quote: TQuoteDetail, today?: string): TAgreementStart {
  const blank = blankStart(today);
  const lines = linesFromQuote(quote.lines);
  return {
    company: { id: quote.companyId, name: quote.companyName },
    quoteId: quote.id,
    values: {
      ...blank.values,
      companyId: quote.companyId,
      notes: quote.notes ?? '',
      lines: lines.length ? lines : blank.values.lines,
    },
  };
}

function isDefaultClauses(clauses: readonly string[]): boolean {
  return (
    clauses.length === 0 ||
    (clauses.length === DEFAULT_AGREEMENT_CLAUSES.length && clauses.every((c, i) => c === DEFAULT_AGREEMENT_CLAUSES[i]))
  );
}

/** Copy Agreement: the company, term, lines, terms and notes; the new one starts today. */
export function startFromCopy(agreement: TAgreementDetail, today?: string): TAgreementStart {
  const blank = blankStart(today);
  const lines = agreement.lines.flatMap((l) =>
    l.productId
      ? [
          {
            productId: l.productId,
            qty: l.qty,
            unitPriceCents: l.unitPriceCents,
            includeSetupFee: l.setupFeeCents > 0,
          },
        ]
      : [],
  );
  const defaultTerms = isDefaultClauses(agreement.clauses);
  return {
    company: { id: agreement.companyId, name: agreement.companyName },
    quoteId: null,
    values: {
      ...blank.values,
      companyId: agreement.companyId,
      termMonths: asTerm(agreement.termMonths),
      termsMode: defaultTerms ? 'default' : 'custom',
      customTerms: defaultTerms ? '' : agreement.clauses.join('\n'),
      notes: agreement.notes ?? '',
      lines: lines.length ? lines : blank.values.lines,
    },
  };
}

/** The contract's body from the form: the default terms are sent as null (the server's defaults). */
export function agreementBody(values: TAgreementFormValues, quoteId: string | null) {
  return {
    companyId: values.companyId,
    termMonths: values.termMonths,
    startDate: values.startDate,
    useCustomEndDate: values.useCustomEndDate,
    customEndDate: values.useCustomEndDate ? values.customEndDate || null : null,
    customTerms: values.termsMode === 'custom' ? values.customTerms : null,
    notes: values.notes,
    lines: values.lines.map((l) => ({ ...l, qty: Number(l.qty) })),
    quoteId,
  };
}

/**
 * Validates the form with the contract's own schema (its messages are the spec's), on the same
 * field paths, plus the custom end date, which must be given whatever else is missing.
 */
export function agreementResolver(quoteId: string | null): Resolver<TAgreementFormValues, unknown, TAgreementValues> {
  return async (values, _context, options) => {
    const parsed = ZAgreementInput.safeParse(agreementBody(values, quoteId));
    const errors: Record<string, FieldError> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        errors[path] ??= { type: issue.code, message: issue.message };
      }
    }
    if (values.useCustomEndDate && !values.customEndDate) {
      errors.customEndDate = { type: 'required', message: AGREEMENT_MESSAGES.endDate };
    }
    if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
