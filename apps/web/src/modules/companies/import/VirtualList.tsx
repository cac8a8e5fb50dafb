import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { cn } from '@/lib/cn';

interface TVirtualListProps<T> {
  items: readonly T[];
  /** Estimated row height in px; rows are measured once drawn. */
  estimate: number;
  getKey: (item: T, index: number) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
  className?: string;
}

/** A scrolling list that draws only the rows in view, for imports of many thousands of rows. */
export function VirtualList<T>({ items, estimate, getKey, renderItem, label, className }: TVirtualListProps<T>) {
  const parentRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => estimate,
    overscan: 8,
    getItemKey: (i) => {
      const item = items[i];
      return item === undefined ? i : getKey(item, i);
    },
  });
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section ref={parentRef} tabIndex={0} aria-label={label} className={cn('overflow-y-auto', className)}>
      <ul className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 top-0 w-full"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {renderItem(item, row.index)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
