import { agreementLineCents, agreementTotalCents } from '@pennant/shared/agreements/rules';
import { AGREEMENT_LINES_MAX, AGREEMENT_QTY_MAX, type TAgreementLineInput } from '@pennant/shared/agreements/schemas';
import type { TProduct } from '@pennant/shared/catalogue/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Input, Select } from '@/components/ui/Field';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { BLANK_LINE, lineForProduct, setupFeeOf, type TAgreementForm } from './agreement-form';

interface TProductLinesProps {
  form: TAgreementForm;
  products: readonly TProduct[];
  productsById: ReadonlyMap<string, TProduct>;
  productsLoading: boolean;
  productsFailed: boolean;
  onRetryProducts: () => void;
  disabled: boolean;
}

/** The lines with their setup fees as the totals count them. */
export function pricedLines(
  lines: readonly Partial<TAgreementLineInput>[] | undefined,
  productsById: ReadonlyMap<string, Pick<TProduct, 'setupFeeCents'>>,
) {
  return (lines ?? []).map((l) => {
    const qty = Number(l.qty);
    const price = Number(l.unitPriceCents);
    return {
      qty: Number.isFinite(qty) && qty > 0 ? qty : 0,
      unitPriceCents: Number.isFinite(price) && price > 0 ? price : 0,
      setupFeeCents: l.includeSetupFee && l.productId ? setupFeeOf(productsById.get(l.productId)) : 0,
    };
  });
}

/** Total Agreement Value: every line's qty × (unit price + its setup fee if charged). */
export function useAgreementTotal(form: TAgreementForm, productsById: ReadonlyMap<string, TProduct>): number {
  const lines = useWatch({ control: form.control, name: 'lines' });
  return agreementTotalCents(pricedLines(lines, productsById));
}

/** The product lines: product, quantity, unit price in dollars, line total and the setup fee (spec §2). */
export function ProductLines({
  form,
  products,
  productsById,
  productsLoading,
  productsFailed,
  onRetryProducts,
  disabled,
}: TProductLinesProps) {
  const rows = useFieldArray({ control: form.control, name: 'lines' });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const priced = pricedLines(lines, productsById);
  const { errors } = form.formState;
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;

  return (
    <div className="space-y-3">
      {productsFailed ? (
        <Alert
          action={
            <Button variant="outline" size="sm" onClick={onRetryProducts}>
              Try Again
            </Button>
          }
        >
          Failed to load products
        </Alert>
      ) : null}
      <ul className="space-y-3">
        {rows.fields.map((row, index) => {
          const n = index + 1;
          const line = lines?.[index];
          const product = line?.productId ? productsById.get(line.productId) : undefined;
          const fee = setupFeeOf(product);
          const rowErrors = errors.lines?.[index];
          const pricedLine = priced[index];
          return (
            <li key={row.id} className="rounded-lg border border-slate-200 p-3">
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_6rem_9rem_auto] sm:items-start">
                <div className="col-span-2 space-y-1.5 sm:col-span-1">
                  <label htmlFor={`${row.id}-product`} className="block text-sm font-medium text-slate-700">
                    Product {n}
                  </label>
                  <Controller
                    control={form.control}
                    name={`lines.${index}.productId`}
                    render={({ field }) => (
                      <Select
                        id={`${row.id}-product`}
                        ref={field.ref}
                        name={field.name}
                        value={field.value ?? ''}
                        onBlur={field.onBlur}
                        aria-invalid={Boolean(rowErrors?.productId)}
                        aria-describedby={rowErrors?.productId ? `${row.id}-product-error` : undefined}
                        disabled={disabled || productsLoading}
                        onChange={(e) => {
                          const chosen = productsById.get(e.target.value);
                          if (!chosen) {
                            field.onChange(e.target.value);
                            return;
                          }
                          const next = lineForProduct(chosen, Number(line?.qty) || 1);
                          form.setValue(`lines.${index}`, next, { shouldValidate: form.formState.isSubmitted });
                        }}
                      >
                        <option value="">{productsLoading ? 'Loading products...' : 'Select a product'}</option>
                        {products.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.name}
                            {p.recurringPriceCents !== null ? ` — ${formatMoney(p.recurringPriceCents)}` : ''}
                          </option>
                        ))}
                      </Select>
                    )}
                  />
                  {rowErrors?.productId?.message ? (
                    <p id={`${row.id}-product-error`} role="alert" className="text-sm text-red-600">
                      {rowErrors.productId.message}
                    </p>
                  ) : null}
                </div>
                <div className="space-y-1.5">
                  <label htmlFor={`${row.id}-qty`} className="block text-sm font-medium text-slate-700">
                    Quantity<span className="sr-only"> {n}</span>
                  </label>
                  <Input
                    id={`${row.id}-qty`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={AGREEMENT_QTY_MAX}
                    step={1}
                    aria-invalid={Boolean(rowErrors?.qty)}
                    disabled={disabled}
                    {...form.register(`lines.${index}.qty`, { valueAsNumber: true })}
                  />
                  {rowErrors?.qty?.message ? (
                    <p role="alert" className="text-sm text-red-600">
                      {rowErrors.qty.message}
                    </p>
                  ) : null}
                </div>
                <div className="space-y-1.5">
                  <label htmlFor={`${row.id}-price`} className="block text-sm font-medium text-slate-700">
                    Unit Price<span className="sr-only"> {n}</span>
                  </label>
                  <Controller
                    control={form.control}
                    name={`lines.${index}.unitPriceCents`}
                    render={({ field }) => (
                      <MoneyInput
                        id={`${row.id}-price`}
                        name={field.name}
                        value={field.value}
                        onValueChange={(cents) => field.onChange(cents ?? Number.NaN)}
                        onBlur={field.onBlur}
                        aria-invalid={Boolean(rowErrors?.unitPriceCents)}
                        disabled={disabled}
                      />
                    )}
                  />
                  {rowErrors?.unitPriceCents?.message ? (
                    <p role="alert" className="text-sm text-red-600">
                      {rowErrors.unitPriceCents.message}
                    </p>
                  ) : null}
                </div>
                <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-end sm:justify-start sm:gap-1">
                  <p className="text-sm sm:pt-7">
                    <span className="text-slate-500 sm:sr-only">Line total: </span>
                    <span className="font-medium tabular-nums text-slate-900" data-testid={`line-total-${n}`}>
                      {formatMoney(pricedLine ? agreementLineCents(pricedLine) : 0)}
                    </span>
                  </p>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="shrink-0 text-slate-500 hover:text-red-700"
                    aria-label={`Remove product ${n}`}
                    title={rows.fields.length === 1 ? 'An agreement keeps at least one product' : 'Remove'}
                    disabled={disabled || rows.fields.length === 1}
                    onClick={() => rows.remove(index)}
                  >
                    <Trash2 className="h-4 w-4" />
                  </Button>
                </div>
              </div>
              {fee > 0 ? (
                <div className="mt-3 flex items-center gap-2">
                  <Controller
                    control={form.control}
                    name={`lines.${index}.includeSetupFee`}
                    render={({ field }) => (
                      <Checkbox
                        id={`${row.id}-setup`}
                        checked={field.value === true}
                        onCheckedChange={field.onChange}
                        disabled={disabled}
                      />
                    )}
                  />
                  <label htmlFor={`${row.id}-setup`} className="text-sm text-slate-700">
                    Setup fee ({formatMoney(fee)})<span className="sr-only"> for product {n}</span>
                  </label>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Button
        variant="outline"
        size="sm"
        onClick={() => rows.append({ ...BLANK_LINE })}
        disabled={disabled || rows.fields.length >= AGREEMENT_LINES_MAX}
      >
        <Plus className="h-4 w-4" aria-hidden /> Add Product
      </Button>
      {linesError ? (
        <p role="alert" className="text-sm text-red-600">
          {linesError}
        </p>
      ) : null}
    </div>
  );
}
