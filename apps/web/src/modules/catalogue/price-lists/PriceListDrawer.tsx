import { zodResolver } from '@hookform/resolvers/zod';
import {
  PRICE_LIST_NAME_MAX,
  type TPriceList,
  type TPriceListInput,
  type TPriceListValues,
  ZPriceListInput,
} from '@pennant/shared/catalogue/schemas';
import { useEffect, useMemo } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Field, Input, Select } from '@/components/ui/Field';
import { Sheet } from '@/components/ui/Sheet';
import { errorMessage } from '@/lib/api';
import { applyFieldErrors } from '@/lib/form';
import { useSession } from '@/lib/session';
import { useCreatePriceList, useUpdatePriceList } from '../catalogue-api';
import { DrawerButtons, SeasonOptions } from '../parts';
import { useCurrentSeason } from '../seasons';
import { itemKey, PriceListPicker, type TPickable } from './PriceListPicker';

const FORM_ID = 'price-list-form';
const FORM_PATHS: Path<TPriceListInput>[] = ['name', 'seasonLabel', 'items'];

function defaultsFor(list: TPriceList | null, season: string): TPriceListInput {
  if (!list) return { name: '', seasonLabel: season, items: [] };
  return {
    name: list.name,
    seasonLabel: list.seasonLabel,
    items: list.items.map(({ kind, id, displayPriceCents }) => ({ kind, id, displayPriceCents })),
  };
}

interface TPriceListDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The price list to edit (saving replaces its items); null creates one. */
  priceList: TPriceList | null;
}

export function PriceListDrawer({ open, onOpenChange, priceList }: TPriceListDrawerProps) {
  const session = useSession();
  const season = useCurrentSeason();
  const rights = session.permissions.price_lists;
  const editing = priceList !== null;
  const canWrite = editing ? rights.canEdit : rights.canCreate;

  const form = useForm<TPriceListInput, unknown, TPriceListValues>({
    resolver: zodResolver(ZPriceListInput),
    defaultValues: defaultsFor(priceList, season),
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (open) form.reset(defaultsFor(priceList, season));
  }, [open, priceList, season, form]);
  const seasonLabel = useWatch({ control: form.control, name: 'seasonLabel' });
  const items = useWatch({ control: form.control, name: 'items' });

  // The list's own items, named as it stored them, in case the catalogue no longer has them.
  const missing = useMemo<TPickable[]>(
    () =>
      (priceList?.items ?? []).map((i) => ({
        kind: i.kind,
        id: i.id,
        name: i.name,
        detail: null,
        defaultPriceCents: i.standardPriceCents,
        standardPriceCents: i.standardPriceCents,
      })),
    [priceList],
  );
  const priceErrors = new Map<string, string>();
  (items ?? []).forEach((item, index) => {
    const message = errors.items?.[index]?.displayPriceCents?.message ?? errors.items?.[index]?.id?.message;
    if (message && item.kind && item.id) priceErrors.set(itemKey({ kind: item.kind, id: item.id }), message);
  });
  const itemsError = errors.items?.message ?? errors.items?.root?.message;

  const fail = (title: string) => (err: Error) => {
    const onForm = applyFieldErrors(form, err, FORM_PATHS);
    toast.error(onForm ? 'Save failed' : title, { description: errorMessage(err, 'Please try again.') });
  };
  const create = useCreatePriceList({
    onSuccess: (created) => {
      toast.success('Price list created', { description: created.name });
      onOpenChange(false);
    },
    onError: fail('Failed to create price list'),
  });
  const update = useUpdatePriceList({
    onSuccess: (saved) => {
      toast.success('Price list updated', { description: saved.name });
      onOpenChange(false);
    },
    onError: fail('Error updating price list'),
  });
  const busy = create.isPending || update.isPending;
  const disabled = !canWrite || busy;

  const submit = form.handleSubmit((values) => {
    if (priceList) update.mutate({ id: priceList.id, body: values });
    else create.mutate(values);
  });

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={editing ? 'Edit Price List' : 'Create Price List'}
      description="The products and bundles to offer, each at its display price."
      footer={
        <DrawerButtons
          formId={FORM_ID}
          busy={busy}
          disabled={disabled}
          submitLabel={editing ? 'Save Changes' : 'Create Price List'}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-5">
        {!canWrite ? (
          <Alert tone="warning">
            Only an Org Admin or Sponsorship Lead can {editing ? 'edit' : 'create'} price lists.
          </Alert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <Field label="Name" error={errors.name?.message}>
            {(p) => (
              <Input
                {...p}
                maxLength={PRICE_LIST_NAME_MAX}
                placeholder="e.g. Spring Sponsorship Menu"
                disabled={disabled}
                {...form.register('name')}
              />
            )}
          </Field>
          <Field label="Season" error={errors.seasonLabel?.message}>
            {(p) => (
              <Select {...p} disabled={disabled} {...form.register('seasonLabel')}>
                <SeasonOptions current={season} own={seasonLabel || priceList?.seasonLabel} />
              </Select>
            )}
          </Field>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Items</legend>
          {itemsError ? (
            <p role="alert" className="text-sm text-red-600">
              {itemsError}
            </p>
          ) : null}
          <Controller
            control={form.control}
            name="items"
            render={({ field }) => (
              <PriceListPicker
                value={field.value ?? []}
                onChange={field.onChange}
                missing={missing}
                priceErrors={priceErrors}
                disabled={disabled}
              />
            )}
          />
        </fieldset>
      </form>
    </Sheet>
  );
}
