import { pageButtons, pageCount, showingRange } from '@pennant/shared/admin/rules';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';

interface TPaginationProps {
  /** The navigation's accessible name ('Users pages'). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** The sizes offered; without them (or with onPageSize missing) the size is fixed. */
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
  /** Hides 'Showing x-y of n' when the page prints its own count. */
  hideRange?: boolean;
}

/**
 * The admin lists' pager: 'Showing x-y of n', a page-size choice, Previous, up to five page
 * buttons around the current page, Next.
 */
export function Pagination({
  label,
  page,
  pageSize,
  total,
  onPage,
  pageSizes,
  onPageSize,
  hideRange = false,
}: TPaginationProps) {
  const sizeId = useId();
  const totalPages = pageCount(total, pageSize);
  const pages = pageButtons(page, totalPages);
  return (
    <div className="flex flex-col items-center gap-3 lg:flex-row lg:justify-between">
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        {hideRange ? null : <p aria-live="polite">{showingRange(page, pageSize, total)}</p>}
        {pageSizes && onPageSize ? (
          <span className="flex items-center gap-2">
            <label htmlFor={sizeId}>Rows per page</label>
            <Select
              id={sizeId}
              className="h-8 w-20 py-1 pl-2 pr-7"
              value={pageSize}
              onChange={(e) => onPageSize(Number(e.target.value))}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </span>
        ) : null}
      </div>
      {totalPages > 1 ? (
        <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft className="h-4 w-4" aria-hidden /> <span className="sr-only sm:not-sr-only">Previous</span>
          </Button>
          {pages.map((p) => (
            <Button
              key={p}
              variant={p === page ? 'primary' : 'outline'}
              size="sm"
              className="min-w-8 px-2"
              aria-label={`Page ${p}`}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onPage(p)}
            >
              {p}
            </Button>
          ))}
          <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            <span className="sr-only sm:not-sr-only">Next</span> <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
