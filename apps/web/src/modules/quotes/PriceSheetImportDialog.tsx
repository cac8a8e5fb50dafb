import type { TBundle, TPriceList, TPriceListItem, TProduct } from '@pennant/shared/catalogue/schemas';
import { formatMoney } from '@pennant/shared/money';
import { chooseLineItem, isDiscounted, type TEditorLine } from '@pennant/shared/quotes/rules';
import { QUOTE_MESSAGES, QUOTE_QTY_MAX } from '@pennant/shared/quotes/schemas';
import { useEffect, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Select } from '@/components/ui/Field';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { Loading } from '@/components/ui/Spinner';
import { usePriceLists } from '../catalogue/catalogue-api';
import { newLineKey } from './QuoteLineEditor';

interface TRowState {
  checked: boolean;
  priceCents: number;
  qty: number;
}

const rowKey = (i: Pick<TPriceListItem, 'kind' | 'id'>) => `${i.kind}:${i.id}`;

/** The most recently created price list (the import's default). */
export function newestPriceList(lists: readonly TPriceList[]): TPriceList | null {
  return [...lists].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
}

/**
 * The editor lines for the ticked rows, at the sheet's price and the chosen quantity; a product
 * (or bundle) with a setup fee brings its linked setup-fee line, as choosing it in the editor does.
 */
export function linesFromPriceSheet(
  rows: readonly { item: TPriceListItem; priceCents: number; qty: number }[],
  catalogue: { products: readonly TProduct[]; bundles: readonly TBundle[] },
): TEditorLine[] {
  return rows.flatMap(({ item, priceCents, qty }) => {
    const base: TEditorLine = {
      key: newLineKey(),
      productId: item.kind === 'product' ? item.id : null,
      bundleId: item.kind === 'bundle' ? item.id : null,
      qty,
      unitPriceCents: priceCents,
      isSetupFee: false,
    };
    const product = item.kind === 'product' ? catalogue.products.find((p) => p.id === item.id) : undefined;
    const bundle = item.kind === 'bundle' ? catalogue.bundles.find((b) => b.id === item.id) : undefined;
    const chosen = product
      ? chooseLineItem([base], base.key, { kind: 'product', product }, newLineKey)
      : bundle
        ? chooseLineItem([base], base.key, { kind: 'bundle', bundle }, newLineKey)
        : [base];
    return chosen.map((l) => (l.key === base.key ? { ...l, unitPriceCents: priceCents } : l));
  });
}

interface TImportProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  products: readonly TProduct[];
  bundles: readonly TBundle[];
  onImport: (lines: TEditorLine[], priceListId: string) => void;
}

/** 'Import from Price Sheet': ticked items of a price list become quote lines at the list's prices. */
export function PriceSheetImportDialog({ open, onOpenChange, products, bundles, onImport }: TImportProps) {
  const lists = usePriceLists();
  const [listId, setListId] = useState('');
  const [rows, setRows] = useState<Map<string, TRowState>>(new Map());
  const [showErrors, setShowErrors] = useState(false);

  const available = lists.data ?? [];
  const sorted = useMemo(
    () => [...(lists.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [lists.data],
  );
  const list = available.find((l) => l.id === listId) ?? null;

  // Opening starts from the newest list with nothing ticked.
  useEffect(() => {
    if (!open) return;
    setListId((current) => current || (newestPriceList(lists.data ?? [])?.id ?? ''));
  }, [open, lists.data]);
  useEffect(() => {
    if (!open) return;
    setShowErrors(false);
    setRows(
      new Map((list?.items ?? []).map((i) => [rowKey(i), { checked: false, priceCents: i.displayPriceCents, qty: 1 }])),
    );
  }, [open, list]);

  const patch = (key: string, change: Partial<TRowState>) =>
    setRows((current) => {
      const next = new Map(current);
      const row = next.get(key);
      if (row) next.set(key, { ...row, ...change });
      return next;
    });

  const picked = (list?.items ?? []).flatMap((item) => {
    const row = rows.get(rowKey(item));
    return row?.checked ? [{ item, priceCents: row.priceCents, qty: row.qty }] : [];
  });
  const problemOf = (row: TRowState | undefined) => {
    if (!row?.checked) return null;
    if (!Number.isInteger(row.qty) || row.qty < 1 || row.qty > QUOTE_QTY_MAX) return QUOTE_MESSAGES.quantity;
    if (!Number.isInteger(row.priceCents) || row.priceCents < 0) return QUOTE_MESSAGES.price;
    return null;
  };
  const invalid = (list?.items ?? []).some((i) => problemOf(rows.get(rowKey(i))) !== null);

  const submit = () => {
    if (!list || picked.length === 0) return;
    if (invalid) {
      setShowErrors(true);
      return;
    }
    onImport(linesFromPriceSheet(picked, { products, bundles }), list.id);
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import from Price Sheet"
      description="Tick the items to add to this quote, with their price and quantity."
      className="max-w-3xl"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={picked.length === 0}>
            Import ({picked.length})
          </Button>
        </>
      }
    >
      {lists.isPending ? (
        <Loading className="p-6">Loading price lists...</Loading>
      ) : lists.isError ? (
        <Alert
          action={
            <Button variant="outline" size="sm" onClick={() => void lists.refetch()}>
              Try Again
            </Button>
          }
        >
          Error fetching price lists
        </Alert>
      ) : available.length === 0 ? (
        <p className="text-sm text-slate-600">No price lists yet. Create one under Price Lists first.</p>
      ) : (
        <div className="space-y-4">
          <Field label="Price list">
            {(p) => (
              <Select {...p} value={listId} onChange={(e) => setListId(e.target.value)}>
                {sorted.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} ({l.seasonLabel})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {list && list.items.length === 0 ? <p className="text-sm text-slate-600">This price list is empty.</p> : null}
          <ul aria-label="Price sheet items" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {(list?.items ?? []).map((item) => {
              const key = rowKey(item);
              const row = rows.get(key);
              if (!row) return null;
              const problem = showErrors ? problemOf(row) : null;
              const discount = Number.isFinite(row.priceCents) && isDiscounted(row.priceCents, item.standardPriceCents);
              return (
                <li key={key} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 px-3 py-2.5">
                  <Checkbox
                    id={`import-${key}`}
                    aria-label={`Select ${item.name}`}
                    checked={row.checked}
                    onCheckedChange={(checked) => patch(key, { checked })}
                    className="mt-0.5"
                  />
                  <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
                    <label htmlFor={`import-${key}`} className="min-w-0 flex-1 basis-40 cursor-pointer">
                      <span className="block break-words text-sm font-medium text-slate-900">
                        {item.name}{' '}
                        {item.kind === 'bundle' ? <span className="text-xs text-slate-500">(bundle)</span> : null}
                      </span>
                      <span className="block text-xs text-slate-500">
                        Standard price {formatMoney(item.standardPriceCents, true)}
                      </span>
                    </label>
                    <div className="flex items-center gap-2">
                      <div className="w-28">
                        <MoneyInput
                          aria-label={`Price for ${item.name}`}
                          aria-invalid={problem === QUOTE_MESSAGES.price}
                          value={row.priceCents}
                          onValueChange={(cents) => patch(key, { priceCents: cents ?? Number.NaN })}
                          className="h-9"
                        />
                      </div>
                      <Input
                        type="number"
                        inputMode="numeric"
                        aria-label={`Quantity for ${item.name}`}
                        aria-invalid={problem === QUOTE_MESSAGES.quantity}
                        min={1}
                        max={QUOTE_QTY_MAX}
                        step={1}
                        value={Number.isNaN(row.qty) ? '' : row.qty}
                        onChange={(e) =>
                          patch(key, { qty: e.target.value === '' ? Number.NaN : Number(e.target.value) })
                        }
                        className="h-9 w-20"
                      />
                      {discount ? <Badge tone="success">Discount</Badge> : null}
                    </div>
                  </div>
                  {problem ? (
                    <p role="alert" className="col-start-2 text-sm text-red-600">
                      {problem}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
