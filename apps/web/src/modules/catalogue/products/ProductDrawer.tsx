import { zodResolver } from '@hookform/resolvers/zod';
import { canEditPrices, canEditRevenueShare } from '@pennant/shared/catalogue/rules';
import {
  CATALOGUE_MESSAGES,
  LOCATION_MAX,
  PRODUCT_NAME_MAX,
  SHARE_TYPE_LABELS,
  SHARE_TYPES,
  type TProduct,
  type TProductInput,
  type TProductValues,
  type TShareType,
  ZProductInput,
} from '@pennant/shared/catalogue/schemas';
import { refusal } from '@pennant/shared/session/permissions';
import { useEffect, useId } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field, Input, Select } from '@/components/ui/Field';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { Sheet } from '@/components/ui/Sheet';
import { errorMessage } from '@/lib/api';
import { applyFieldErrors } from '@/lib/form';
import { useSession } from '@/lib/session';
import { useCreateProduct, useUpdateProduct } from '../catalogue-api';
import { DrawerButtons, SeasonOptions } from '../parts';
import { useCurrentSeason } from '../seasons';
import { AdTypeField } from './AdTypeField';

const FORM_ID = 'product-form';
type TFieldControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };
const FORM_PATHS: Path<TProductInput>[] = [
  'name',
  'masterTypeId',
  'recurringPriceCents',
  'setupFeeCents',
  'shareType',
  'shareValue',
  'isLimited',
  'locationText',
  'seasonLabel',
];

function defaultsFor(product: TProduct | null, season: string): TProductInput {
  if (!product) {
    return {
      name: '',
      masterTypeId: '',
      recurringPriceCents: null,
      setupFeeCents: null,
      shareType: 'none',
      shareValue: 0,
      isLimited: false,
      locationText: '',
      seasonLabel: season,
    };
  }
  return {
    name: product.name,
    masterTypeId: product.masterTypeId ?? '',
    recurringPriceCents: product.recurringPriceCents,
    setupFeeCents: product.setupFeeCents,
    shareType: product.shareType,
    shareValue: product.shareValue,
    isLimited: product.isLimited,
    locationText: product.locationText ?? '',
    seasonLabel: product.seasonLabel ?? '',
  };
}

interface TProductDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit; null adds a new one. */
  product: TProduct | null;
}

/** Add New Product / Edit Product: the product form in a side drawer (spec §2, rules §5). */
export function ProductDrawer({ open, onOpenChange, product }: TProductDrawerProps) {
  const session = useSession();
  const season = useCurrentSeason();
  const rights = session.permissions.products;
  const editing = product !== null;
  const canWrite = editing ? rights.canEdit : rights.canCreate;
  const pricesEditable = canWrite && canEditPrices(session);
  const shareEditable = canWrite && canEditRevenueShare(session);
  const ids = useId();

  const form = useForm<TProductInput, unknown, TProductValues>({
    resolver: zodResolver(ZProductInput),
    defaultValues: defaultsFor(product, season),
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (open) form.reset(defaultsFor(product, season));
  }, [open, product, season, form]);

  const shareType = useWatch({ control: form.control, name: 'shareType' }) ?? 'none';
  const isLimited = useWatch({ control: form.control, name: 'isLimited' }) ?? false;
  const seasonLabel = useWatch({ control: form.control, name: 'seasonLabel' });

  const fail = (title: string) => (err: Error) => {
    applyFieldErrors(form, err, FORM_PATHS);
    toast.error(title, { description: errorMessage(err, 'An unexpected error occurred') });
  };
  const create = useCreateProduct({
    onSuccess: (created) => {
      toast.success('Product created', { description: created.name });
      onOpenChange(false);
    },
    onError: fail('Error creating product'),
  });
  const update = useUpdateProduct({
    onSuccess: (saved) => {
      toast.success('Product updated', { description: saved.name });
      onOpenChange(false);
    },
    onError: fail('Error updating product'),
  });
  const busy = create.isPending || update.isPending;
  const disabled = !canWrite || busy;

  const submit = form.handleSubmit((values) => {
    if (product) update.mutate({ id: product.id, body: values });
    else create.mutate(values);
  });

  /** A dollars box bound to one of the form's cents fields. */
  const moneyInput = (
    name: 'recurringPriceCents' | 'setupFeeCents' | 'shareValue',
    fieldProps: TFieldControlProps,
    isDisabled: boolean,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <MoneyInput
          {...fieldProps}
          name={field.name}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          disabled={isDisabled}
        />
      )}
    />
  );

  const changeShareType = (next: TShareType) => {
    if (next === form.getValues('shareType')) return;
    form.setValue('shareType', next, { shouldDirty: true });
    // No share has no value; a new kind of share starts blank (10% is not 10 cents).
    form.setValue('shareValue', next === 'none' ? 0 : null, { shouldDirty: true });
    form.clearErrors('shareValue');
  };

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={editing ? 'Edit Product' : 'Add New Product'}
      description={editing ? 'Change what this product is and what it costs.' : 'An ad or package your club sells.'}
      footer={
        <DrawerButtons
          formId={FORM_ID}
          busy={busy}
          disabled={disabled}
          submitLabel={editing ? 'Save Changes' : 'Add Product'}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-5">
        {!canWrite ? <Alert tone="warning">{refusal(editing ? 'products.edit' : 'products.create')}</Alert> : null}
        {product?.hasActiveQuotes ? <Alert tone="warning">{CATALOGUE_MESSAGES.activeQuoteWarning}</Alert> : null}

        <Field label="Product Name" error={errors.name?.message}>
          {(p) => (
            <Input
              {...p}
              maxLength={PRODUCT_NAME_MAX}
              placeholder="e.g. Outfield Banner"
              disabled={disabled}
              {...form.register('name')}
            />
          )}
        </Field>

        <Controller
          control={form.control}
          name="masterTypeId"
          render={({ field }) => (
            <AdTypeField
              value={field.value ?? ''}
              onChange={(id) => field.onChange(id)}
              onBlur={field.onBlur}
              error={errors.masterTypeId?.message}
              disabled={disabled}
              canCreateType={rights.canCreate}
            />
          )}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Recurring Price" error={errors.recurringPriceCents?.message}>
            {(p) => moneyInput('recurringPriceCents', p, disabled || !pricesEditable)}
          </Field>
          <Field label="Setup Fee" error={errors.setupFeeCents?.message} hint="Charged once, in the first year.">
            {(p) => moneyInput('setupFeeCents', p, disabled || !pricesEditable)}
          </Field>
        </div>

        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">Revenue Share</legend>
          {!shareEditable && canWrite ? (
            <p className="text-xs text-slate-500">
              Only an Org Admin or Sponsorship Lead can change the revenue share.
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Share Type" error={errors.shareType?.message}>
              {(p) => (
                <Select
                  {...p}
                  value={shareType}
                  onChange={(e) => {
                    const next = SHARE_TYPES.find((t) => t === e.target.value);
                    if (next) changeShareType(next);
                  }}
                  disabled={disabled || !shareEditable}
                >
                  {SHARE_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {SHARE_TYPE_LABELS[t]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {shareType === 'percent' ? (
              <Field label="Share Percentage" error={errors.shareValue?.message}>
                {(p) => (
                  <Controller
                    control={form.control}
                    name="shareValue"
                    render={({ field }) => (
                      <div className="relative">
                        <Input
                          {...p}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={100}
                          step={1}
                          className="pr-8"
                          name={field.name}
                          value={field.value === null || field.value === undefined ? '' : String(field.value)}
                          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                          onBlur={field.onBlur}
                          disabled={disabled || !shareEditable}
                        />
                        <span
                          aria-hidden
                          className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-slate-500"
                        >
                          %
                        </span>
                      </div>
                    )}
                  />
                )}
              </Field>
            ) : null}
            {shareType === 'fixed' ? (
              <Field label="Share Amount" error={errors.shareValue?.message}>
                {(p) => moneyInput('shareValue', p, disabled || !shareEditable)}
              </Field>
            ) : null}
          </div>
        </fieldset>

        <div className="space-y-3">
          <Controller
            control={form.control}
            name="isLimited"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id={`${ids}-limited`}
                  className="mt-0.5"
                  checked={field.value ?? false}
                  onCheckedChange={(on) => {
                    field.onChange(on);
                    // The location belongs to a limited slot only.
                    if (!on) form.setValue('locationText', '', { shouldDirty: true });
                  }}
                  disabled={disabled}
                />
                <label htmlFor={`${ids}-limited`} className="cursor-pointer">
                  <span className="block text-sm font-medium text-slate-700">Limited slot</span>
                  <span className="block text-xs text-slate-500">
                    Only so many can be sold, such as a spot on the outfield fence.
                  </span>
                </label>
              </div>
            )}
          />
          {isLimited ? (
            <Field label="Location" error={errors.locationText?.message}>
              {(p) => (
                <Input
                  {...p}
                  maxLength={LOCATION_MAX}
                  placeholder="e.g. Left field fence"
                  disabled={disabled}
                  {...form.register('locationText')}
                />
              )}
            </Field>
          ) : null}
        </div>

        <Field label="Season" error={errors.seasonLabel?.message}>
          {(p) => (
            <Select {...p} disabled={disabled} {...form.register('seasonLabel')}>
              <option value="">No season</option>
              <SeasonOptions current={season} own={seasonLabel || product?.seasonLabel} />
            </Select>
          )}
        </Field>
      </form>
    </Sheet>
  );
}
