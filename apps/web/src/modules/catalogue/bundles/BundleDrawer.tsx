import { zodResolver } from '@hookform/resolvers/zod';
import { bundleMinimumMessage, bundleTotals, type TPricedItem } from '@pennant/shared/catalogue/rules';
import {
  BUNDLE_NAME_MAX,
  CATALOGUE_LIMITS,
  HIGH_DISCOUNT_PERCENT,
  MAX_QUANTITY,
  type TBundle,
  type TBundleInput,
  type TBundleValues,
  type TProduct,
  ZBundleInput,
} from '@pennant/shared/catalogue/schemas';
import { formatMoney } from '@pennant/shared/money';
import { refusal } from '@pennant/shared/session/permissions';
import { AlertTriangle, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Controller, type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select } from '@/components/ui/Field';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { Sheet } from '@/components/ui/Sheet';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { applyFieldErrors } from '@/lib/form';
import { useSession } from '@/lib/session';
import { useCreateBundle, useProducts, useUpdateBundle } from '../catalogue-api';
import { DrawerButtons, SeasonOptions } from '../parts';
import { useCurrentSeason } from '../seasons';

const FORM_ID = 'bundle-form';
const FORM_PATHS: Path<TBundleInput>[] = ['name', 'seasonLabel', 'packagePriceCents', 'items'];

function defaultsFor(bundle: TBundle | null, season: string): TBundleInput {
  if (!bundle)
    return { name: '', seasonLabel: season, packagePriceCents: Number.NaN, items: [{ productId: '', qty: 1 }] };
  return {
    name: bundle.name,
    seasonLabel: bundle.seasonLabel,
    packagePriceCents: bundle.packagePriceCents,
    items: bundle.items.map((i) => ({ productId: i.productId, qty: i.qty })),
  };
}

/** The rows as the totals see them: only rows with a product chosen count ('n/2 selected'). */
export function pricedRows(
  rows: readonly { productId?: string; qty?: number }[] | undefined,
  products: ReadonlyMap<string, Pick<TProduct, 'recurringPriceCents' | 'setupFeeCents'>>,
): TPricedItem[] {
  return (rows ?? []).flatMap((row) => {
    const product = row.productId ? products.get(row.productId) : undefined;
    if (!product) return [];
    return [
      {
        qty: Number(row.qty),
        recurringPriceCents: product.recurringPriceCents,
        setupFeeCents: product.setupFeeCents,
      },
    ];
  });
}

interface TBundleDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bundle to edit; null adds a new one. */
  bundle: TBundle | null;
}

/** Add New Bundle / Edit Bundle: products with quantities, the package price and live totals (spec §5). */
export function BundleDrawer({ open, onOpenChange, bundle }: TBundleDrawerProps) {
  const session = useSession();
  const season = useCurrentSeason();
  const rights = session.permissions.bundles;
  const editing = bundle !== null;
  const canWrite = editing ? rights.canEdit : rights.canCreate;
  const productsQuery = useProducts();
  const products = productsQuery.data ?? [];
  const productsById = useMemo(() => new Map((productsQuery.data ?? []).map((p) => [p.id, p])), [productsQuery.data]);

  const form = useForm<TBundleInput, unknown, TBundleValues>({
    resolver: zodResolver(ZBundleInput),
    defaultValues: defaultsFor(bundle, season),
  });
  const { errors } = form.formState;
  const rows = useFieldArray({ control: form.control, name: 'items' });
  useEffect(() => {
    if (open) form.reset(defaultsFor(bundle, season));
  }, [open, bundle, season, form]);

  const items = useWatch({ control: form.control, name: 'items' });
  const packagePrice = useWatch({ control: form.control, name: 'packagePriceCents' });
  const seasonLabel = useWatch({ control: form.control, name: 'seasonLabel' });
  // No discount is worked out until a package price is typed.
  const price = typeof packagePrice === 'number' && Number.isFinite(packagePrice) ? packagePrice : null;
  const totals = bundleTotals(pricedRows(items, productsById), price ?? Number.MAX_SAFE_INTEGER);
  const chosen = new Set((items ?? []).map((i) => i.productId).filter(Boolean));

  const fail = (title: string) => (err: Error) => {
    applyFieldErrors(form, err, FORM_PATHS);
    toast.error(`${title}: ${errorMessage(err, 'An unexpected error occurred')}`);
  };
  const create = useCreateBundle({
    onSuccess: (created) => {
      toast.success('Bundle created', { description: created.name });
      onOpenChange(false);
    },
    onError: fail('Error creating bundle'),
  });
  const update = useUpdateBundle({
    onSuccess: (saved) => {
      toast.success('Bundle updated', { description: saved.name });
      onOpenChange(false);
    },
    onError: fail('Error updating bundle'),
  });
  const busy = create.isPending || update.isPending;
  const disabled = !canWrite || busy;

  const submit = form.handleSubmit((values) => {
    if (bundle) update.mutate({ id: bundle.id, body: values });
    else create.mutate(values);
  });
  const itemsError = errors.items?.message ?? errors.items?.root?.message;

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={editing ? 'Edit Bundle' : 'Add New Bundle'}
      description="Products sold together at one package price."
      footer={
        <DrawerButtons
          formId={FORM_ID}
          busy={busy}
          disabled={disabled || !totals.meetsMinimum}
          submitLabel={editing ? 'Save Changes' : 'Create Bundle'}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-5">
        {!canWrite ? <Alert tone="warning">{refusal(editing ? 'bundles.edit' : 'bundles.create')}</Alert> : null}

        <Field label="Bundle Name" error={errors.name?.message}>
          {(p) => (
            <Input
              {...p}
              maxLength={BUNDLE_NAME_MAX}
              placeholder="e.g. Game Day Package"
              disabled={disabled}
              {...form.register('name')}
            />
          )}
        </Field>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Season" error={errors.seasonLabel?.message}>
            {(p) => (
              <Select {...p} disabled={disabled} {...form.register('seasonLabel')}>
                <SeasonOptions current={season} own={seasonLabel || bundle?.seasonLabel} />
              </Select>
            )}
          </Field>
          <Field label="Package Price" error={errors.packagePriceCents?.message}>
            {(p) => (
              <Controller
                control={form.control}
                name="packagePriceCents"
                render={({ field }) => (
                  <MoneyInput
                    {...p}
                    name={field.name}
                    value={field.value}
                    onValueChange={(cents) => field.onChange(cents ?? Number.NaN)}
                    onBlur={field.onBlur}
                    disabled={disabled}
                  />
                )}
              />
            )}
          </Field>
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Products</legend>
          {productsQuery.isError ? (
            <Alert
              action={
                <Button variant="outline" size="sm" onClick={() => void productsQuery.refetch()}>
                  Try Again
                </Button>
              }
            >
              Failed to load products
            </Alert>
          ) : null}
          <ul className="space-y-2">
            {rows.fields.map((row, index) => {
              const rowErrors = errors.items?.[index];
              return (
                <li key={row.id} className="rounded-lg border border-slate-200 p-3">
                  <div className="flex items-end gap-2">
                    <Field
                      label={`Product ${index + 1}`}
                      error={rowErrors?.productId?.message}
                      className="min-w-0 flex-1"
                    >
                      {(p) => (
                        <Select
                          {...p}
                          disabled={disabled || productsQuery.isPending}
                          {...form.register(`items.${index}.productId`)}
                        >
                          <option value="">
                            {productsQuery.isPending ? 'Loading products...' : 'Select a product'}
                          </option>
                          {products.map((product) => (
                            <option
                              key={product.id}
                              value={product.id}
                              disabled={chosen.has(product.id) && items?.[index]?.productId !== product.id}
                            >
                              {product.name}
                              {product.recurringPriceCents !== null
                                ? ` — ${formatMoney(product.recurringPriceCents)}`
                                : ''}
                            </option>
                          ))}
                        </Select>
                      )}
                    </Field>
                    <div className="w-20 shrink-0 space-y-1.5 sm:w-24">
                      <label htmlFor={`${row.id}-qty`} className="block text-sm font-medium text-slate-700">
                        Quantity<span className="sr-only"> {index + 1}</span>
                      </label>
                      <Input
                        id={`${row.id}-qty`}
                        aria-invalid={Boolean(rowErrors?.qty)}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={MAX_QUANTITY}
                        step={1}
                        disabled={disabled}
                        {...form.register(`items.${index}.qty`, { valueAsNumber: true })}
                      />
                    </div>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="mb-0.5 shrink-0 text-slate-500 hover:text-red-700"
                      aria-label={`Remove product ${index + 1}`}
                      title={rows.fields.length === 1 ? 'A bundle keeps at least one row' : 'Remove'}
                      disabled={disabled || rows.fields.length === 1}
                      onClick={() => rows.remove(index)}
                    >
                      <Trash2 className="h-4 w-4" />
                    </Button>
                  </div>
                  {rowErrors?.qty?.message ? (
                    <p role="alert" className="mt-1.5 text-sm text-red-600">
                      {rowErrors.qty.message}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <Button
            variant="outline"
            size="sm"
            onClick={() => rows.append({ productId: '', qty: 1 })}
            disabled={disabled || rows.fields.length >= CATALOGUE_LIMITS.itemsPerBundle}
          >
            <Plus className="h-4 w-4" aria-hidden /> Add Product
          </Button>
          {itemsError ? (
            <p role="alert" className="text-sm text-red-600">
              {itemsError}
            </p>
          ) : null}
        </fieldset>

        <section aria-label="Bundle totals" className="space-y-3 rounded-lg bg-slate-50 p-4">
          {!totals.meetsMinimum ? (
            <p role="status" className="text-sm font-medium text-amber-800">
              {bundleMinimumMessage(totals.totalQuantity)}
            </p>
          ) : null}
          <dl className="space-y-1.5 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Individual total</dt>
              <dd className="tabular-nums text-slate-900">{formatMoney(totals.individualTotalCents)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">One-time setup fees</dt>
              <dd className="tabular-nums text-slate-900">{formatMoney(totals.setupFeeTotalCents)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Package price</dt>
              <dd className="tabular-nums font-medium text-slate-900">{price === null ? '—' : formatMoney(price)}</dd>
            </div>
            {totals.discountPercent !== null ? (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">Discount</dt>
                <dd className={cn('tabular-nums font-medium', totals.highDiscount ? 'text-red-700' : 'text-green-700')}>
                  {totals.discountPercent}% ({formatMoney(totals.savingsCents)} off)
                </dd>
              </div>
            ) : null}
          </dl>
          {totals.highDiscount ? (
            <Alert tone="warning" icon={AlertTriangle} title="High Discount Warning">
              This package is more than {HIGH_DISCOUNT_PERCENT}% below the products bought one by one.
            </Alert>
          ) : null}
        </section>
      </form>
    </Sheet>
  );
}
