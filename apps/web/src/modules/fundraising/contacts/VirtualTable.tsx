import { FUNDRAISING_LIMITS } from '@pennant/shared/fundraising/schemas';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { Table, TableBody, TableHead, TableRow } from '@/components/ui/Table';
import { cn } from '@/lib/cn';

const L = FUNDRAISING_LIMITS;

interface TVirtualTableProps<T> {
  items: readonly T[];
  getKey: (item: T, index: number) => string;
  /** The header row's cells. */
  header: ReactNode;
  /** One row's cells. */
  renderRow: (item: T, index: number) => ReactNode;
  /** The table's accessible name. */
  label: string;
  className?: string;
}

/**
 * A table that draws every row below 20 rows and only the rows in view from 20 on (spec 002 §9:
 * rows 44 px, a 400 px viewport). The rows stay in a real table (spacer rows above and below),
 * so headers and cells keep their meaning for screen readers; aria-rowcount tells the full count.
 */
export function VirtualTable<T>(props: TVirtualTableProps<T>) {
  return props.items.length >= L.virtualiseFrom ? <Virtualised {...props} /> : <Plain {...props} />;
}

function Plain<T>({ items, getKey, header, renderRow, label, className }: TVirtualTableProps<T>) {
  return (
    <Table aria-label={label} className={className}>
      <TableHead>
        <TableRow>{header}</TableRow>
      </TableHead>
      <TableBody>
        {items.map((item, i) => (
          <TableRow key={getKey(item, i)}>{renderRow(item, i)}</TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The viewport is fixed at 400 px, so its height is known without measuring it; a list inside a
 * dialog that is still opening (or a page without layout) would otherwise read 0 and draw nothing.
 */
function fixedRect(instance: Virtualizer<HTMLElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  cb({ width: instance.scrollElement?.clientWidth ?? 0, height: L.virtualHeight });
}

function Virtualised<T>({ items, getKey, header, renderRow, label, className }: TVirtualTableProps<T>) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => L.virtualRowHeight,
    initialRect: { width: 0, height: L.virtualHeight },
    observeElementRect: fixedRect,
    overscan: 5,
    getItemKey: (i) => {
      const item = items[i];
      return item === undefined ? i : getKey(item, i);
    },
  });
  const rows = virtualizer.getVirtualItems();
  const top = rows[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (rows[rows.length - 1]?.end ?? 0);
  return (
    <section
      ref={scrollRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
      className="overflow-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
      style={{ height: L.virtualHeight }}
    >
      <table aria-label={label} aria-rowcount={items.length + 1} className={cn('w-full text-left text-sm', className)}>
        <thead className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr aria-rowindex={1}>{header}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {top > 0 ? (
            <tr aria-hidden style={{ height: top }}>
              <td />
            </tr>
          ) : null}
          {rows.map((row) => {
            const item = items[row.index];
            if (item === undefined) return null;
            return (
              <tr key={row.key} aria-rowindex={row.index + 2} className="align-middle" style={{ height: row.size }}>
                {renderRow(item, row.index)}
              </tr>
            );
          })}
          {bottom > 0 ? (
            <tr aria-hidden style={{ height: bottom }}>
              <td />
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
