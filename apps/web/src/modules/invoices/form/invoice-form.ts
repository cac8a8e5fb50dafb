import { toNestErrors } from '@hookform/resolvers';
import { isDueDateAllowed } from '@pennant/shared/invoices/rules';
import {
  INVOICE_MESSAGES,
  type TInvoiceFormDefaults,
  type TInvoiceLineInput,
  type TInvoiceType,
  type TInvoiceValues,
  ZInvoiceInput,
} from '@pennant/shared/invoices/schemas';
import type { FieldError, Resolver, UseFormReturn } from 'react-hook-form';
import type { TPickedCompany } from '../../agreements/form/CompanyPicker';

/** What the form edits: a line's amount is whole cents (the box shows dollars), NaN while not a number. */
export interface TInvoiceLineDraft {
  description: string;
  amountCents: number;
  quantity: number;
}

export interface TInvoiceFormValues {
  companyId: string;
  invoiceType: TInvoiceType;
  dueDate: string;
  lines: TInvoiceLineDraft[];
  memo: string;
  remitToInfo: string;
}

export type TInvoiceForm = UseFormReturn<TInvoiceFormValues, unknown, TInvoiceValues>;

/** A new line: its amount box starts empty (NaN), not at $0.00 that would have to be typed over. */
export const BLANK_INVOICE_LINE: TInvoiceLineDraft = { description: '', amountCents: Number.NaN, quantity: 1 };

/** What the form starts from: the defaults the server worked out from the source. */
export interface TInvoiceStart {
  company: TPickedCompany | null;
  values: TInvoiceFormValues;
}

export function startFromDefaults(d: TInvoiceFormDefaults): TInvoiceStart {
  return {
    company: d.companyId && d.companyName ? { id: d.companyId, name: d.companyName } : null,
    values: {
      companyId: d.companyId ?? '',
      // Online needs a payment account that takes cards; without one the form starts on Manual.
      invoiceType: d.invoiceType === 'stripe' && !d.cardAvailable ? 'manual' : d.invoiceType,
      dueDate: d.dueDate,
      // A direct invoice (or a source with nothing to bill) starts with one empty line.
      lines: d.lines.length ? d.lines.map((l) => ({ ...l })) : [{ ...BLANK_INVOICE_LINE }],
      memo: '',
      remitToInfo: d.remitToInfo ?? '',
    },
  };
}

/** The lines as the totals count them: anything not yet a positive number counts as nothing. */
export function countedLines(lines: readonly Partial<TInvoiceLineDraft>[] | undefined) {
  return (lines ?? []).map((l) => {
    const amount = Number(l.amountCents);
    const quantity = Number(l.quantity);
    return {
      amountCents: Number.isFinite(amount) && amount > 0 ? amount : 0,
      quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : 0,
    };
  });
}

/** The contract's body: the form's values with the source's ids. */
export function invoiceBody(values: TInvoiceFormValues, d: TInvoiceFormDefaults) {
  return {
    source: d.source,
    companyId: values.companyId,
    agreementId: d.agreementId,
    quoteId: d.quoteId,
    invoiceType: values.invoiceType,
    dueDate: values.dueDate,
    lines: values.lines.map(
      (l): TInvoiceLineInput => ({
        description: l.description,
        amountCents: l.amountCents,
        quantity: Number(l.quantity),
      }),
    ),
    memo: values.memo,
    remitToInfo: values.remitToInfo,
  };
}

/**
 * Validates with the contract's own schema (its messages are the spec's), on the same field
 * paths, plus the one rule it cannot know: the due date is today or later on the organization's
 * calendar (the server checks it too).
 */
export function invoiceResolver(d: TInvoiceFormDefaults): Resolver<TInvoiceFormValues, unknown, TInvoiceValues> {
  return async (values, _context, options) => {
    const parsed = ZInvoiceInput.safeParse(invoiceBody(values, d));
    const errors: Record<string, FieldError> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        errors[path] ??= { type: issue.code, message: issue.message };
      }
    }
    if (!errors.dueDate && !isDueDateAllowed(values.dueDate, d.today)) {
      errors.dueDate = { type: 'min', message: INVOICE_MESSAGES.dueDatePast };
    }
    if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
