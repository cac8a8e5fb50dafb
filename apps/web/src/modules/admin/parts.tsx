import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Card } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';

const count = new Intl.NumberFormat('en-US');

/** A whole number with thousands separators (1,234). */
export function formatCount(n: number): string {
  return count.format(n);
}

/** One figure of the console (a total, a count), with its icon; a skeleton while it loads. */
export function StatCard({
  label,
  value,
  detail,
  icon: Icon,
  loading,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon: LucideIcon;
  loading: boolean;
}) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id} aria-busy={loading} className="flex flex-col gap-2 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 id={id} className="text-sm font-medium text-slate-600">
          {label}
        </h2>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
      </div>
      {loading ? (
        <>
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-3 w-28" />
        </>
      ) : (
        <>
          <p className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{value}</p>
          {detail ? <p className="text-xs text-slate-500">{detail}</p> : null}
        </>
      )}
    </Card>
  );
}

/** Rows of grey bars standing in for a table while it loads. */
export function TableSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="space-y-3 p-4">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={i} className="h-9 w-full" />
      ))}
    </div>
  );
}

export function UserStatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>;
}

export function OrgStatusBadge({ frozen }: { frozen: boolean }) {
  return frozen ? <Badge tone="brand">Frozen</Badge> : <Badge tone="success">Active</Badge>;
}
