import type { TBundle, TProduct } from '@pennant/shared/catalogue/schemas';
import { formatMoney } from '@pennant/shared/money';
import {
  changeLineQty,
  chooseLineItem,
  quoteRenewalCents,
  quoteYearOneCents,
  removeLine,
  type TEditorLine,
} from '@pennant/shared/quotes/rules';
import { QUOTE_LINES_MAX, QUOTE_MESSAGES, QUOTE_QTY_MAX } from '@pennant/shared/quotes/schemas';
import { Plus, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Input, Select } from '@/components/ui/Field';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { cn } from '@/lib/cn';

// ---------------------------------------------------------------------------------------------
// Lines as the editor holds them (the shared rules do the work: chooseLineItem, changeLineQty,
// removeLine); these helpers only make, name, check and merge them.
// ---------------------------------------------------------------------------------------------

let lastKey = 0;
/** A key for a new editor row, unique in this page. */
export function newLineKey(): string {
  lastKey += 1;
  return `line-${lastKey}`;
}

/** A row with no item chosen yet. */
export function emptyLine(): TEditorLine {
  return { key: newLineKey(), productId: null, bundleId: null, qty: 1, unitPriceCents: 0, isSetupFee: false };
}

const hasItem = (l: Pick<TEditorLine, 'productId' | 'bundleId'>) => l.productId !== null || l.bundleId !== null;

/** The lines that count: an item chosen (every setup-fee line has its item). */
export function chosenLines(lines: readonly TEditorLine[]): TEditorLine[] {
  return lines.filter(hasItem);
}

const validQty = (qty: number) => Number.isInteger(qty) && qty >= 1 && qty <= QUOTE_QTY_MAX;
const validPrice = (cents: number) => Number.isInteger(cents) && cents >= 0;

/** What is wrong with one row, in the spec's words; null when nothing is. */
export function lineProblem(line: TEditorLine): string | null {
  if (!hasItem(line)) return null;
  if (!validQty(line.qty)) return QUOTE_MESSAGES.quantity;
  if (!validPrice(line.unitPriceCents)) return line.isSetupFee ? QUOTE_MESSAGES.setupFee : QUOTE_MESSAGES.price;
  return null;
}

/** Rows from a price sheet replace the empty rows and go after the chosen ones. */
export function mergeImportedLines(lines: readonly TEditorLine[], imported: readonly TEditorLine[]): TEditorLine[] {
  return [...chosenLines(lines), ...imported];
}

/** The catalogue the editor picks from. */
export interface TLineCatalogue {
  products: readonly TProduct[];
  bundles: readonly TBundle[];
  /** Names of items on a loaded quote that are no longer in the catalogue, by product or bundle id. */
  knownNames?: ReadonlyMap<string, string>;
}

/** A product or bundle's name, for labels, the review and the AI. */
export function lineItemName(line: Pick<TEditorLine, 'productId' | 'bundleId'>, catalogue: TLineCatalogue): string {
  const id = line.productId ?? line.bundleId;
  if (!id) return '';
  const found =
    line.productId !== null
      ? catalogue.products.find((p) => p.id === line.productId)
      : catalogue.bundles.find((b) => b.id === line.bundleId);
  return found?.name ?? catalogue.knownNames?.get(id) ?? 'Unknown item';
}

/** Puts a catalogue item (by the select's value, 'product:id' or 'bundle:id') on a row. */
export function chooseItemByValue(
  lines: readonly TEditorLine[],
  key: string,
  value: string,
  catalogue: Pick<TLineCatalogue, 'products' | 'bundles'>,
): TEditorLine[] {
  const [kind, id] = value.split(':');
  if (kind === 'product') {
    const product = catalogue.products.find((p) => p.id === id);
    if (product) return chooseLineItem(lines, key, { kind: 'product', product }, newLineKey);
  }
  if (kind === 'bundle') {
    const bundle = catalogue.bundles.find((b) => b.id === id);
    if (bundle) return chooseLineItem(lines, key, { kind: 'bundle', bundle }, newLineKey);
  }
  return [...lines];
}

const itemValue = (l: TEditorLine) =>
  l.productId ? `product:${l.productId}` : l.bundleId ? `bundle:${l.bundleId}` : '';

// ---------------------------------------------------------------------------------------------
// The editor
// ---------------------------------------------------------------------------------------------

interface TLineEditorProps extends TLineCatalogue {
  lines: readonly TEditorLine[];
  onChange: (lines: TEditorLine[]) => void;
  disabled?: boolean;
  /** The catalogue is still loading. */
  loading?: boolean;
  /** Show each row's problem (after a first attempt to go on). */
  showErrors?: boolean;
  /** The lines' own message ('Please add at least one quote line item'). */
  error?: string;
}

/**
 * Quote lines (spec §5, §9): a product or bundle per row at its default price, a linked setup-fee
 * row for an item with a setup fee (same quantity), quantity at least 1, prices in dollars, the
 * last item row never removed, and the Year 1 total with setup fees. Amounts show no decimals.
 */
export function QuoteLineEditor({
  lines,
  onChange,
  products,
  bundles,
  knownNames,
  disabled,
  loading,
  showErrors,
  error,
}: TLineEditorProps) {
  const catalogue: TLineCatalogue = { products, bundles, knownNames };
  const counted = chosenLines([...lines]);
  const itemCount = lines.filter((l) => !l.isSetupFee).length;
  let itemNumber = 0;

  const setPrice = (key: string, cents: number | null) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, unitPriceCents: cents ?? Number.NaN } : l)));

  return (
    <fieldset className="space-y-3" aria-describedby={error ? 'quote-lines-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700">Line Items</legend>
      <ul className="space-y-2">
        {lines.map((line) => {
          const problem = showErrors ? lineProblem(line) : null;
          const total = validQty(line.qty) && validPrice(line.unitPriceCents) ? line.qty * line.unitPriceCents : null;
          if (line.isSetupFee) {
            const name = lineItemName(line, catalogue);
            return (
              <li
                key={line.key}
                className="ml-4 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3 sm:ml-8"
              >
                <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
                  <div className="min-w-0 flex-1 basis-40 text-sm">
                    <Badge tone="accent">Setup fee</Badge>
                    <p className="mt-1 break-words text-slate-700">
                      One-time setup fee for {name} <span className="text-slate-500">× {line.qty}</span>
                    </p>
                  </div>
                  <div className="w-32 shrink-0 space-y-1.5">
                    <label htmlFor={`${line.key}-price`} className="block text-xs font-medium text-slate-600">
                      Fee
                    </label>
                    <MoneyInput
                      id={`${line.key}-price`}
                      aria-label={`Setup fee for ${name}`}
                      aria-invalid={Boolean(problem)}
                      value={line.unitPriceCents}
                      onValueChange={(cents) => setPrice(line.key, cents)}
                      disabled={disabled}
                      className="h-9"
                    />
                  </div>
                  <LineTotal cents={total} />
                  <RemoveButton
                    label={`Remove setup fee for ${name}`}
                    title="Remove"
                    disabled={disabled}
                    onClick={() => onChange(removeLine(lines, line.key))}
                  />
                </div>
                <RowProblem problem={problem} />
              </li>
            );
          }
          itemNumber += 1;
          const n = itemNumber;
          const value = itemValue(line);
          const missing =
            value !== '' &&
            !products.some((p) => p.id === line.productId) &&
            !bundles.some((b) => b.id === line.bundleId);
          return (
            <li key={line.key} className="rounded-lg border border-slate-200 p-3">
              <div className="grid grid-cols-[5.5rem_minmax(0,1fr)_auto] items-end gap-x-3 gap-y-2 sm:grid-cols-[minmax(0,1fr)_5.5rem_8rem_6rem_auto]">
                <div className="col-span-3 space-y-1.5 sm:col-span-1">
                  <label htmlFor={`${line.key}-item`} className="block text-xs font-medium text-slate-600">
                    Item {n}
                  </label>
                  <Select
                    id={`${line.key}-item`}
                    value={value}
                    disabled={disabled || loading}
                    onChange={(e) => onChange(chooseItemByValue(lines, line.key, e.target.value, catalogue))}
                    className="h-9"
                  >
                    <option value="" disabled>
                      {loading ? 'Loading products...' : 'Select a product or bundle'}
                    </option>
                    {missing ? <option value={value}>{lineItemName(line, catalogue)}</option> : null}
                    {products.length ? (
                      <optgroup label="Products">
                        {products.map((p) => (
                          <option key={p.id} value={`product:${p.id}`}>
                            {p.name}
                            {p.recurringPriceCents !== null ? ` — ${formatMoney(p.recurringPriceCents, true)}` : ''}
                            {p.setupFeeCents ? ` + ${formatMoney(p.setupFeeCents, true)} setup` : ''}
                          </option>
                        ))}
                      </optgroup>
                    ) : null}
                    {bundles.length ? (
                      <optgroup label="Bundles">
                        {bundles.map((b) => (
                          <option key={b.id} value={`bundle:${b.id}`}>
                            {b.name} — {formatMoney(b.packagePriceCents, true)}
                          </option>
                        ))}
                      </optgroup>
                    ) : null}
                  </Select>
                </div>
                <div className="space-y-1.5">
                  <label htmlFor={`${line.key}-qty`} className="block text-xs font-medium text-slate-600">
                    Quantity<span className="sr-only"> {n}</span>
                  </label>
                  <Input
                    id={`${line.key}-qty`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={QUOTE_QTY_MAX}
                    step={1}
                    aria-invalid={problem === QUOTE_MESSAGES.quantity}
                    value={Number.isNaN(line.qty) ? '' : line.qty}
                    disabled={disabled}
                    onChange={(e) =>
                      onChange(
                        changeLineQty(lines, line.key, e.target.value === '' ? Number.NaN : Number(e.target.value)),
                      )
                    }
                    className="h-9"
                  />
                </div>
                <div className="space-y-1.5">
                  <label htmlFor={`${line.key}-price`} className="block text-xs font-medium text-slate-600">
                    Unit price<span className="sr-only"> {n}</span>
                  </label>
                  <MoneyInput
                    id={`${line.key}-price`}
                    aria-invalid={problem === QUOTE_MESSAGES.price}
                    value={line.unitPriceCents}
                    onValueChange={(cents) => setPrice(line.key, cents)}
                    disabled={disabled}
                    className="h-9"
                  />
                </div>
                <LineTotal cents={value ? total : null} />
                <RemoveButton
                  label={`Remove item ${n}`}
                  title={itemCount <= 1 ? 'A quote keeps at least one line' : 'Remove'}
                  disabled={disabled || itemCount <= 1}
                  onClick={() => onChange(removeLine(lines, line.key))}
                />
              </div>
              <RowProblem problem={problem} />
            </li>
          );
        })}
      </ul>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onChange([...lines, emptyLine()])}
        disabled={disabled || lines.length >= QUOTE_LINES_MAX}
      >
        <Plus className="h-4 w-4" aria-hidden /> Add Line Item
      </Button>
      {error ? (
        <p id="quote-lines-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <QuoteTotals lines={counted} />
    </fieldset>
  );
}

function RemoveButton({
  label,
  title,
  disabled,
  onClick,
}: {
  label: string;
  title: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="shrink-0 self-end text-slate-500 hover:text-red-700"
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      <Trash2 className="h-4 w-4" />
    </Button>
  );
}

function RowProblem({ problem }: { problem: string | null }) {
  return problem ? (
    <p role="alert" className="mt-1.5 text-sm text-red-600">
      {problem}
    </p>
  ) : null;
}

function LineTotal({ cents }: { cents: number | null }) {
  return (
    <div className="hidden text-right sm:block">
      <span className="block text-xs text-slate-500">Total</span>
      <span className="block h-9 pt-2 text-sm font-medium tabular-nums text-slate-900">
        {cents === null ? '—' : formatMoney(cents, true)}
      </span>
    </div>
  );
}

/** Year 1 (setup fees included) and the annual renewal (without them), in whole dollars. */
export function QuoteTotals({
  lines,
  className,
}: {
  lines: readonly Pick<TEditorLine, 'qty' | 'unitPriceCents' | 'isSetupFee'>[];
  className?: string;
}) {
  const valid = lines.filter((l) => validQty(l.qty) && validPrice(l.unitPriceCents));
  const yearOne = quoteYearOneCents(valid);
  const renewal = quoteRenewalCents(valid);
  return (
    <section aria-label="Quote totals" className={cn('rounded-lg bg-slate-50 p-4', className)}>
      <dl className="space-y-1.5 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-medium text-slate-700">Year 1 total (includes setup fees)</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatMoney(yearOne, true)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-slate-600">Annual renewal (without setup fees)</dt>
          <dd className="tabular-nums text-slate-700">{formatMoney(renewal, true)}</dd>
        </div>
      </dl>
    </section>
  );
}
