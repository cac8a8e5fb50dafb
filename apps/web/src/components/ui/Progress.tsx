import { Progress as P } from 'radix-ui';
import { cn } from '@/lib/cn';

interface TProgressProps {
  /** 0–100; null shows an indeterminate bar. */
  value: number | null;
  'aria-label'?: string;
  className?: string;
  /** Classes for the filled part (its colour; brand blue when omitted). */
  indicatorClassName?: string;
}

export function Progress({ value, className, indicatorClassName, ...props }: TProgressProps) {
  const clamped = value === null ? null : Math.max(0, Math.min(100, value));
  return (
    <P.Root
      value={clamped}
      max={100}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-slate-200', className)}
      {...props}
    >
      <P.Indicator
        className={cn(
          'h-full transition-[width] duration-300',
          clamped === null && 'w-1/3 animate-pulse',
          indicatorClassName ?? 'bg-brand-600',
        )}
        style={clamped === null ? undefined : { width: `${clamped}%` }}
      />
    </P.Root>
  );
}
