import { invoiceLineCents, invoiceTotalCents } from '@pennant/shared/invoices/rules';
import { INVOICE_DESCRIPTION_MAX, INVOICE_LINES_MAX, INVOICE_QTY_MAX } from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { BLANK_INVOICE_LINE, countedLines, type TInvoiceForm } from './invoice-form';

/** The running total of the lines as typed (spec §5: submit waits for a positive total). */
export function useInvoiceLinesTotal(form: TInvoiceForm) {
  const lines = useWatch({ control: form.control, name: 'lines' });
  const counted = countedLines(lines);
  return { counted, totalCents: invoiceTotalCents(counted) };
}

function ErrorLine({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}

/**
 * The line items: description, amount in dollars (step 0.01, shown in cents on leaving the box),
 * quantity and the line's total; a line is removed only while another remains.
 */
export function InvoiceLines({ form, disabled }: { form: TInvoiceForm; disabled: boolean }) {
  const rows = useFieldArray({ control: form.control, name: 'lines' });
  const { counted } = useInvoiceLinesTotal(form);
  const { errors } = form.formState;
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;
  const only = rows.fields.length === 1;

  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label="Line items">
        {rows.fields.map((row, index) => {
          const n = index + 1;
          const rowErrors = errors.lines?.[index];
          const line = counted[index];
          const ids = {
            description: `${row.id}-description`,
            amount: `${row.id}-amount`,
            quantity: `${row.id}-quantity`,
          };
          return (
            <li key={row.id} className="rounded-lg border border-slate-200 p-3">
              <div className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,1fr)_9rem_6rem_7rem] md:items-start">
                <div className="col-span-2 space-y-1.5 md:col-span-1">
                  <label htmlFor={ids.description} className="block text-sm font-medium text-slate-700">
                    Description<span className="sr-only"> {n}</span>
                  </label>
                  <Input
                    id={ids.description}
                    maxLength={INVOICE_DESCRIPTION_MAX}
                    placeholder="Outfield banner, 2026 season"
                    aria-invalid={Boolean(rowErrors?.description)}
                    aria-describedby={rowErrors?.description ? `${ids.description}-error` : undefined}
                    disabled={disabled}
                    {...form.register(`lines.${index}.description`)}
                  />
                  <ErrorLine id={`${ids.description}-error`} message={rowErrors?.description?.message} />
                </div>
                <div className="space-y-1.5">
                  <label htmlFor={ids.amount} className="block text-sm font-medium text-slate-700">
                    Amount<span className="sr-only"> {n}</span>
                  </label>
                  <Controller
                    control={form.control}
                    name={`lines.${index}.amountCents`}
                    render={({ field }) => (
                      <MoneyInput
                        id={ids.amount}
                        ref={field.ref}
                        name={field.name}
                        value={field.value}
                        onValueChange={(cents) => field.onChange(cents ?? Number.NaN)}
                        onBlur={field.onBlur}
                        aria-invalid={Boolean(rowErrors?.amountCents)}
                        aria-describedby={rowErrors?.amountCents ? `${ids.amount}-error` : undefined}
                        disabled={disabled}
                      />
                    )}
                  />
                  <ErrorLine id={`${ids.amount}-error`} message={rowErrors?.amountCents?.message} />
                </div>
                <div className="space-y-1.5">
                  <label htmlFor={ids.quantity} className="block text-sm font-medium text-slate-700">
                    Quantity<span className="sr-only"> {n}</span>
                  </label>
                  <Input
                    id={ids.quantity}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={INVOICE_QTY_MAX}
                    step={1}
                    aria-invalid={Boolean(rowErrors?.quantity)}
                    aria-describedby={rowErrors?.quantity ? `${ids.quantity}-error` : undefined}
                    disabled={disabled}
                    {...form.register(`lines.${index}.quantity`, { valueAsNumber: true })}
                  />
                  <ErrorLine id={`${ids.quantity}-error`} message={rowErrors?.quantity?.message} />
                </div>
                <div className="col-span-2 flex items-center justify-between gap-3 md:col-span-1 md:flex-col md:items-end md:justify-start md:gap-1">
                  <p className="text-sm md:pt-7">
                    <span className="text-slate-500 md:sr-only">Line total: </span>
                    <span className="font-medium tabular-nums text-slate-900" data-testid={`line-total-${n}`}>
                      {formatMoney(line ? invoiceLineCents(line) : 0)}
                    </span>
                  </p>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="shrink-0 text-slate-500 hover:text-red-700"
                    aria-label={`Remove line ${n}`}
                    title={only ? 'An invoice keeps at least one line' : 'Remove'}
                    disabled={disabled || only}
                    onClick={() => rows.remove(index)}
                  >
                    <Trash2 className="h-4 w-4" />
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <Button
        variant="outline"
        size="sm"
        onClick={() => rows.append({ ...BLANK_INVOICE_LINE })}
        disabled={disabled || rows.fields.length >= INVOICE_LINES_MAX}
      >
        <Plus className="h-4 w-4" aria-hidden /> Add Line
      </Button>
      {linesError ? (
        <p role="alert" className="text-sm text-red-600">
          {linesError}
        </p>
      ) : null}
    </div>
  );
}
