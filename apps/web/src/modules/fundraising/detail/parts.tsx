import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';

/** A figure with its label, as the overview and the tabs' stats show them. */
export function StatTile({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
      {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

/** A row of toggle buttons choosing one value (a filter); the chosen one is pressed. */
export function FilterButtons<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string; count?: number }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-1.5" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            value === o.value
              ? 'border-brand-600 bg-brand-50 text-brand-800'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          {o.label}
          {o.count !== undefined ? <span className="text-xs tabular-nums text-slate-500">{o.count}</span> : null}
        </button>
      ))}
    </fieldset>
  );
}

/** Donation statuses: paid green, pending amber, anything else grey, the word as given. */
export function DonationStatusBadge({ status }: { status: string }) {
  const tone = status === 'paid' ? 'success' : status === 'pending' ? 'accent' : 'neutral';
  return <Badge tone={tone}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}

const REMINDER_LABELS: Record<string, { label: string; tone: 'success' | 'brand' | 'danger' }> = {
  eligible: { label: 'Eligible', tone: 'success' },
  exempt_donated: { label: 'Exempt (donated)', tone: 'brand' },
  opted_out: { label: 'Opted out', tone: 'danger' },
};

/** The insight row's reminder status (§3): the three known values by name, any other as given. */
export function ReminderStatusBadge({ status }: { status: string }) {
  const known = REMINDER_LABELS[status];
  return known ? <Badge tone={known.tone}>{known.label}</Badge> : <Badge>{status}</Badge>;
}

/**
 * The page numbers to offer: at most 5 around the current page, plus the last page when those
 * do not reach it (§2.5).
 */
export function pageButtons(page: number, totalPages: number): number[] {
  if (totalPages <= 0) return [];
  const windowSize = 5;
  const start = Math.max(1, Math.min(page - 2, totalPages - windowSize + 1));
  const end = Math.min(totalPages, start + windowSize - 1);
  const pages: number[] = [];
  for (let p = start; p <= end; p += 1) pages.push(p);
  if (end < totalPages) pages.push(totalPages);
  return pages;
}

/** Previous, the page buttons (an ellipsis before a distant last page) and Next. */
export function Pager({
  label,
  page,
  totalPages,
  onPage,
}: {
  label: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const pages = pageButtons(page, totalPages);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden /> <span className="sr-only sm:not-sr-only">Previous</span>
      </Button>
      {pages.map((p, i) => (
        <span key={p} className="inline-flex items-center gap-1">
          {i > 0 && p - (pages[i - 1] ?? p) > 1 ? (
            <span className="px-1 text-slate-500" aria-hidden>
              …
            </span>
          ) : null}
          <Button
            variant={p === page ? 'primary' : 'outline'}
            size="sm"
            className="min-w-8 px-2"
            aria-label={`Page ${p}`}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onPage(p)}
          >
            {p}
          </Button>
        </span>
      ))}
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        <span className="sr-only sm:not-sr-only">Next</span> <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}
