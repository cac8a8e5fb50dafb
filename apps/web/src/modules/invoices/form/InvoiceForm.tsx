import { canSubmitInvoice } from '@pennant/shared/invoices/rules';
import {
  INVOICE_MEMO_MAX,
  INVOICE_MESSAGES,
  INVOICE_REMIT_TO_MAX,
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  type TInvoiceFormDefaults,
  type TInvoiceValues,
} from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import { useMemo, useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Field, Input, Textarea } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { applyFieldErrors } from '@/lib/form';
import { CompanyPicker, type TPickedCompany } from '../../agreements/form/CompanyPicker';
import { useCreateInvoice } from '../invoices-api';
import { InvoiceLines, useInvoiceLinesTotal } from './InvoiceLines';
import { invoiceResolver, startFromDefaults, type TInvoiceFormValues } from './invoice-form';

const LINE_FIELDS = ['description', 'amountCents', 'quantity'] as const;

/** Every path a server message may name: the fields, and each line's three. */
function formPaths(lineCount: number): Path<TInvoiceFormValues>[] {
  const paths: Path<TInvoiceFormValues>[] = ['companyId', 'invoiceType', 'dueDate', 'lines', 'memo', 'remitToInfo'];
  for (let i = 0; i < lineCount; i += 1) for (const f of LINE_FIELDS) paths.push(`lines.${i}.${f}`);
  return paths;
}

interface TInvoiceFormProps {
  defaults: TInvoiceFormDefaults;
  canCreate: boolean;
}

/** The invoice form (spec §5): company, how it is paid, due date, line items, memo and remit-to. */
export function InvoiceForm({ defaults, canCreate }: TInvoiceFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const start = useMemo(() => startFromDefaults(defaults), [defaults]);
  const [company, setCompany] = useState<TPickedCompany | null>(start.company);
  const resolver = useMemo(() => invoiceResolver(defaults), [defaults]);
  const form = useForm<TInvoiceFormValues, unknown, TInvoiceValues>({ resolver, defaultValues: start.values });
  const { errors } = form.formState;
  const { counted, totalCents } = useInvoiceLinesTotal(form);
  const invoiceType = useWatch({ control: form.control, name: 'invoiceType' });
  // An agreement or a quote names the company; a direct invoice may start with one but can change it.
  const companyFixed = defaults.source !== 'direct' && start.company !== null;

  const create = useCreateInvoice({
    onSuccess: (created) => {
      toast.success(INVOICE_MESSAGES.created);
      navigate(`/dashboard/invoices/${created.id}`);
    },
    onError: (err) => {
      applyFieldErrors(form, err, formPaths(form.getValues('lines').length));
      toast.error(INVOICE_MESSAGES.createFailed, { description: errorMessage(err, INVOICE_MESSAGES.unknownError) });
    },
  });
  const disabled = !canCreate || create.isPending;
  const submittable = canSubmitInvoice(counted);

  const cancel = () => {
    // Back where the person came from; a page opened directly goes to the list.
    if (location.key !== 'default') navigate(-1);
    else navigate('/dashboard/invoices');
  };

  const submit = form.handleSubmit((values) => create.mutate(values));
  const dueDate = form.register('dueDate', {
    onChange: () => void form.trigger('dueDate'),
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Invoice">
      <Card>
        <CardHeader>
          <CardTitle>Invoice Details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Company"
            error={errors.companyId?.message}
            className="sm:col-span-2"
            hint={companyFixed ? `From the ${defaults.source}.` : undefined}
          >
            {(p) => (
              <CompanyPicker
                id={p.id}
                invalid={p['aria-invalid']}
                describedBy={p['aria-describedby']}
                value={company}
                disabled={disabled || companyFixed}
                onChange={(picked) => {
                  setCompany(picked);
                  form.setValue('companyId', picked.id, { shouldValidate: form.formState.isSubmitted });
                }}
              />
            )}
          </Field>

          <fieldset className="space-y-2 sm:col-span-2" aria-describedby="invoice-type-hint">
            <legend className="text-sm font-medium text-slate-700">Invoice Type</legend>
            <div className="grid gap-2 md:grid-cols-2">
              {INVOICE_TYPES.map((type) => {
                const unavailable = type === 'stripe' && !defaults.cardAvailable;
                return (
                  <label
                    key={type}
                    className={cn(
                      'flex items-start gap-2.5 rounded-lg border p-3 text-sm',
                      invoiceType === type ? 'border-brand-500 bg-brand-50/60' : 'border-slate-200',
                      unavailable ? 'cursor-not-allowed text-slate-400' : 'cursor-pointer text-slate-800',
                    )}
                  >
                    <input
                      type="radio"
                      value={type}
                      className="mt-0.5"
                      disabled={disabled || unavailable}
                      {...form.register('invoiceType')}
                    />
                    <span>{INVOICE_TYPE_LABELS[type]}</span>
                  </label>
                );
              })}
            </div>
            {defaults.cardAvailable ? (
              <p id="invoice-type-hint" className="text-xs text-slate-500">
                An online invoice gets a payment page where the sponsor pays by card or ACH.
              </p>
            ) : (
              <p id="invoice-type-hint" className="text-xs text-slate-600">
                {INVOICE_MESSAGES.cardNeedsAccount}{' '}
                <Link to="/dashboard/settings?tab=payments" className="font-medium text-brand-700 hover:underline">
                  Set up payments
                </Link>
              </p>
            )}
          </fieldset>

          <Field label="Due Date" error={errors.dueDate?.message} hint="Today or later; 30 days ahead by default.">
            {(p) => <Input {...p} type="date" min={defaults.today} disabled={disabled} {...dueDate} />}
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Line Items</CardTitle>
        </CardHeader>
        <CardContent>
          <InvoiceLines form={form} disabled={disabled} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Notes</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <Field label="Memo" error={errors.memo?.message} hint="Shown on the invoice.">
            {(p) => (
              <Textarea {...p} rows={4} maxLength={INVOICE_MEMO_MAX} disabled={disabled} {...form.register('memo')} />
            )}
          </Field>
          <Field label="Remit-To Info" error={errors.remitToInfo?.message} hint="Where and how to pay.">
            {(p) => (
              <Textarea
                {...p}
                rows={4}
                maxLength={INVOICE_REMIT_TO_MAX}
                disabled={disabled}
                {...form.register('remitToInfo')}
              />
            )}
          </Field>
        </CardContent>
      </Card>

      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-baseline gap-3">
          <span className="text-sm font-medium text-slate-600">Total</span>
          <output aria-label="Total" className="text-2xl font-semibold tabular-nums text-slate-900">
            {formatMoney(totalCents)}
          </output>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={cancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={disabled || !submittable}
            title={submittable ? undefined : 'The total must be more than $0.00'}
          >
            {create.isPending ? 'Creating...' : 'Create Invoice'}
          </Button>
        </div>
      </Card>
    </form>
  );
}
