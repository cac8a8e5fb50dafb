import { agreementEndDate, monthsBetween } from '@pennant/shared/agreements/rules';
import {
  AGREEMENT_MESSAGES,
  AGREEMENT_TERMS,
  DEFAULT_AGREEMENT_CLAUSES,
  DEFAULT_AGREEMENT_TERM,
  type TAgreementValues,
} from '@pennant/shared/agreements/schemas';
import { LONG_TEXT_MAX } from '@pennant/shared/fields';
import { formatMoney } from '@pennant/shared/money';
import { refusal } from '@pennant/shared/session/permissions';
import { parseISO } from 'date-fns';
import { useMemo, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { Switch } from '@/components/ui/Switch';
import { errorMessage } from '@/lib/api';
import { applyFieldErrors } from '@/lib/form';
import { useSession } from '@/lib/session';
import { useProducts } from '../../catalogue/catalogue-api';
import { useCreateAgreement } from '../agreements-api';
import { agreementResolver, type TAgreementFormValues, type TAgreementStart } from './agreement-form';
import { CompanyPicker, type TPickedCompany } from './CompanyPicker';
import { ProductLines, useAgreementTotal } from './ProductLines';

const FORM_PATHS: Path<TAgreementFormValues>[] = [
  'companyId',
  'termMonths',
  'startDate',
  'customEndDate',
  'customTerms',
  'notes',
  'lines',
];

const validDay = (day: string | null | undefined): day is string =>
  Boolean(day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(parseISO(day).getTime()));

/** The agreement form (spec §2, §5): company, term and dates, products, terms and notes. */
export function AgreementForm({ start }: { start: TAgreementStart }) {
  const session = useSession();
  const canCreate = session.permissions.agreements.canCreate;
  const navigate = useNavigate();
  const [company, setCompany] = useState<TPickedCompany | null>(start.company);
  const resolver = useMemo(() => agreementResolver(start.quoteId), [start.quoteId]);
  const form = useForm<TAgreementFormValues, unknown, TAgreementValues>({
    resolver,
    defaultValues: start.values,
  });
  const { errors } = form.formState;
  const productsQuery = useProducts();
  const products = productsQuery.data ?? [];
  const productsById = useMemo(() => new Map((productsQuery.data ?? []).map((p) => [p.id, p])), [productsQuery.data]);
  const total = useAgreementTotal(form, productsById);

  const startDate = useWatch({ control: form.control, name: 'startDate' });
  const termMonths = useWatch({ control: form.control, name: 'termMonths' });
  const useCustomEndDate = useWatch({ control: form.control, name: 'useCustomEndDate' });
  const customEndDate = useWatch({ control: form.control, name: 'customEndDate' });
  const termsMode = useWatch({ control: form.control, name: 'termsMode' });
  const computedEnd = validDay(startDate) ? agreementEndDate(startDate, termMonths) : '';

  const create = useCreateAgreement({
    onSuccess: (created) => {
      toast.success(AGREEMENT_MESSAGES.created);
      navigate(`/dashboard/agreements/${created.id}`);
    },
    onError: (err) => {
      applyFieldErrors(form, err, FORM_PATHS);
      toast.error(AGREEMENT_MESSAGES.createFailed, { description: errorMessage(err, 'Please try again.') });
    },
  });
  const disabled = !canCreate || create.isPending;

  const submit = form.handleSubmit((values) => create.mutate(values));

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Agreement">
      {!canCreate ? <Alert tone="warning">{refusal('agreements.create')}</Alert> : null}

      <Card>
        <CardHeader>
          <CardTitle>Agreement Details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field label="Company" error={errors.companyId?.message} className="sm:col-span-2">
            {(p) => (
              <CompanyPicker
                id={p.id}
                invalid={p['aria-invalid']}
                describedBy={p['aria-describedby']}
                value={company}
                disabled={disabled || start.quoteId !== null}
                onChange={(picked) => {
                  setCompany(picked);
                  form.setValue('companyId', picked.id, { shouldValidate: form.formState.isSubmitted });
                }}
              />
            )}
          </Field>
          <Field label="Term" error={errors.termMonths?.message}>
            {(p) => (
              <Controller
                control={form.control}
                name="termMonths"
                render={({ field }) => (
                  <Select
                    {...p}
                    ref={field.ref}
                    name={field.name}
                    value={String(field.value)}
                    onBlur={field.onBlur}
                    onChange={(e) =>
                      field.onChange(
                        AGREEMENT_TERMS.find((t) => String(t) === e.target.value) ?? DEFAULT_AGREEMENT_TERM,
                      )
                    }
                    disabled={disabled || useCustomEndDate}
                  >
                    {AGREEMENT_TERMS.map((t) => (
                      <option key={t} value={t}>
                        {t} months
                      </option>
                    ))}
                  </Select>
                )}
              />
            )}
          </Field>
          <Field label="Start Date" error={errors.startDate?.message}>
            {(p) => <Input {...p} type="date" disabled={disabled} {...form.register('startDate')} />}
          </Field>
          <div className="flex items-center gap-3 sm:col-span-2">
            <Controller
              control={form.control}
              name="useCustomEndDate"
              render={({ field }) => (
                <Switch
                  id="use-custom-end-date"
                  checked={field.value}
                  disabled={disabled}
                  onCheckedChange={(on) => {
                    field.onChange(on);
                    if (!on) {
                      form.setValue('customEndDate', null);
                      form.clearErrors('customEndDate');
                    }
                  }}
                />
              )}
            />
            <label htmlFor="use-custom-end-date" className="text-sm font-medium text-slate-700">
              Use Custom End Date
            </label>
          </div>
          <Field
            label="End Date"
            error={errors.customEndDate?.message}
            hint={
              useCustomEndDate
                ? validDay(customEndDate) && validDay(startDate) && customEndDate > startDate
                  ? `${monthsBetween(startDate, customEndDate)} months`
                  : 'Choose the date the agreement ends.'
                : `Start date plus ${termMonths} months.`
            }
          >
            {(p) =>
              useCustomEndDate ? (
                <Controller
                  control={form.control}
                  name="customEndDate"
                  render={({ field }) => (
                    <Input
                      {...p}
                      ref={field.ref}
                      type="date"
                      name={field.name}
                      min={validDay(startDate) ? startDate : undefined}
                      value={field.value ?? ''}
                      onBlur={field.onBlur}
                      onChange={(e) => field.onChange(e.target.value || null)}
                      disabled={disabled}
                    />
                  )}
                />
              ) : (
                <Input {...p} type="date" readOnly value={computedEnd} className="bg-slate-50" />
              )
            }
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Products</CardTitle>
        </CardHeader>
        <CardContent>
          <ProductLines
            form={form}
            products={products}
            productsById={productsById}
            productsLoading={productsQuery.isPending}
            productsFailed={productsQuery.isError}
            onRetryProducts={() => void productsQuery.refetch()}
            disabled={disabled}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle id="agreement-terms-title">Terms and Conditions</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <fieldset aria-labelledby="agreement-terms-title" className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" value="default" disabled={disabled} {...form.register('termsMode')} />
              Default terms
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" value="custom" disabled={disabled} {...form.register('termsMode')} />
              Custom terms
            </label>
          </fieldset>
          {termsMode === 'custom' ? (
            <Field label="Custom Terms" error={errors.customTerms?.message} hint="One clause per line.">
              {(p) => (
                <Textarea
                  {...p}
                  rows={6}
                  maxLength={LONG_TEXT_MAX}
                  disabled={disabled}
                  {...form.register('customTerms')}
                />
              )}
            </Field>
          ) : (
            <ol aria-label="Default terms" className="list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
              {DEFAULT_AGREEMENT_CLAUSES.map((clause) => (
                <li key={clause}>{clause}</li>
              ))}
            </ol>
          )}
          <Field label="Notes" error={errors.notes?.message}>
            {(p) => (
              <Textarea {...p} rows={3} maxLength={LONG_TEXT_MAX} disabled={disabled} {...form.register('notes')} />
            )}
          </Field>
        </CardContent>
      </Card>

      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-baseline gap-3">
          <span className="text-sm font-medium text-slate-600">Total Agreement Value</span>
          <output aria-label="Total Agreement Value" className="text-2xl font-semibold tabular-nums text-slate-900">
            {formatMoney(total, true)}
          </output>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => navigate('/dashboard/agreements')} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={disabled}>
            {create.isPending ? 'Creating...' : 'Create Agreement'}
          </Button>
        </div>
      </Card>
    </form>
  );
}
