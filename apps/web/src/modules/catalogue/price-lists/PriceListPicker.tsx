import { defaultDisplayPrice } from '@pennant/shared/catalogue/rules';
import type { TPriceListItemKind } from '@pennant/shared/catalogue/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Input } from '@/components/ui/Field';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { Loading } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useBundles, useProducts } from '../catalogue-api';

export interface TPickedItem {
  kind: TPriceListItemKind;
  id: string;
  displayPriceCents: number;
}

/** One line of the picker: a product or a bundle with the price it costs without the list. */
export interface TPickable {
  kind: TPriceListItemKind;
  id: string;
  name: string;
  detail: string | null;
  /** The display price an item starts with (defaultDisplayPrice). */
  defaultPriceCents: number;
  /** Its own price (a product's recurring price, a bundle's package price); null when it has none yet. */
  standardPriceCents: number | null;
}

const SEARCH_MAX = 100;
export const itemKey = (i: { kind: TPriceListItemKind; id: string }) => `${i.kind}:${i.id}`;

interface TPickerProps {
  value: readonly TPickedItem[];
  onChange: (items: TPickedItem[]) => void;
  /** Items of the list being edited that are no longer in the catalogue (so they can be taken off). */
  missing: readonly TPickable[];
  /** Per item (by itemKey), the message of its display price. */
  priceErrors: ReadonlyMap<string, string>;
  disabled?: boolean;
}

/** The picker's data: every product and every bundle (of all seasons), fresh for 60 seconds. */
function usePickables() {
  const products = useProducts({ picker: true });
  const bundles = useBundles('all', { picker: true });
  const items = useMemo<TPickable[]>(
    () => [
      ...(products.data ?? []).map((p) => ({
        kind: 'product' as const,
        id: p.id,
        name: p.name,
        detail: p.adTypeLabel && p.adTypeLabel !== p.name ? p.adTypeLabel : null,
        defaultPriceCents: defaultDisplayPrice('product', p),
        standardPriceCents: p.recurringPriceCents,
      })),
      ...(bundles.data?.bundles ?? []).map((b) => ({
        kind: 'bundle' as const,
        id: b.id,
        name: b.name,
        detail: `Season ${b.seasonLabel}`,
        defaultPriceCents: defaultDisplayPrice('bundle', b),
        standardPriceCents: b.packagePriceCents,
      })),
    ],
    [products.data, bundles.data],
  );
  const error =
    products.isError && bundles.isError
      ? 'Error loading products or bundles'
      : products.isError
        ? 'Unable to load products'
        : bundles.isError
          ? 'Unable to load bundles'
          : null;
  const retry = () => {
    if (products.isError) void products.refetch();
    if (bundles.isError) void bundles.refetch();
  };
  return { items, loading: products.isPending || bundles.isPending, error, retry };
}

/** A checkbox per product and bundle, each with its display price in dollars once ticked. */
export function PriceListPicker({ value, onChange, missing, priceErrors, disabled }: TPickerProps) {
  const ids = useId();
  const { items, loading, error, retry } = usePickables();
  const [search, setSearch] = useState('');
  const picked = useMemo(() => new Map(value.map((i) => [itemKey(i), i])), [value]);
  const all = useMemo(
    () => [...items, ...missing.filter((m) => !items.some((i) => itemKey(i) === itemKey(m)))],
    [items, missing],
  );
  const q = search.trim().toLowerCase();
  const shown = q ? all.filter((i) => `${i.name} ${i.detail ?? ''}`.toLowerCase().includes(q)) : all;

  const toggle = (item: TPickable, on: boolean) => {
    if (on) onChange([...value, { kind: item.kind, id: item.id, displayPriceCents: item.defaultPriceCents }]);
    else onChange(value.filter((v) => itemKey(v) !== itemKey(item)));
  };
  const setPrice = (item: TPickable, cents: number | null) =>
    onChange(value.map((v) => (itemKey(v) === itemKey(item) ? { ...v, displayPriceCents: cents ?? Number.NaN } : v)));

  const section = (kind: TPriceListItemKind, heading: string) => {
    const rows = shown.filter((i) => i.kind === kind);
    return (
      <section aria-label={heading} className="space-y-2">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{heading}</h3>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-500">
            {q ? 'None match your search.' : kind === 'product' ? 'No products yet.' : 'No bundles yet.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {rows.map((item) => {
              const key = itemKey(item);
              const chosen = picked.get(key);
              const checkboxId = `${ids}-${key}`;
              const priceError = priceErrors.get(key);
              return (
                <li key={key} className={cn('px-3 py-2.5', chosen && 'bg-brand-50/50')}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                    <Checkbox
                      id={checkboxId}
                      aria-label={`Include ${item.name}`}
                      checked={chosen !== undefined}
                      onCheckedChange={(on) => toggle(item, on)}
                      disabled={disabled}
                    />
                    <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer">
                      <span className="block break-words text-sm font-medium text-slate-900">{item.name}</span>
                      <span className="block text-xs text-slate-500">
                        {item.detail ? `${item.detail} · ` : ''}
                        {item.standardPriceCents === null
                          ? 'No price yet'
                          : `Standard ${formatMoney(item.standardPriceCents)}`}
                      </span>
                    </label>
                    {chosen ? (
                      <div className="w-32 shrink-0">
                        <MoneyInput
                          aria-label={`Display price for ${item.name}`}
                          aria-invalid={Boolean(priceError)}
                          value={chosen.displayPriceCents}
                          onValueChange={(cents) => setPrice(item, cents)}
                          disabled={disabled}
                          className="h-9"
                        />
                      </div>
                    ) : null}
                  </div>
                  {priceError ? (
                    <p role="alert" className="mt-1 text-sm text-red-600">
                      {priceError}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    );
  };

  return (
    <div className="space-y-4">
      {error ? (
        <Alert
          action={
            <Button variant="outline" size="sm" onClick={retry}>
              Try Again
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            type="search"
            aria-label="Search products and bundles"
            placeholder="Search products and bundles…"
            maxLength={SEARCH_MAX}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="h-9 pl-9"
          />
        </div>
        <Badge tone={value.length ? 'brand' : 'neutral'}>{value.length} selected</Badge>
      </div>
      {loading ? (
        <Loading className="p-6">Loading products and bundles...</Loading>
      ) : (
        <>
          {section('product', 'Products')}
          {section('bundle', 'Bundles')}
        </>
      )}
    </div>
  );
}
