import { cva, type VariantProps } from 'class-variance-authority';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const spinnerVariants = cva('inline-block shrink-0 animate-spin rounded-full border-slate-300 border-t-brand-600', {
  variants: {
    size: {
      sm: 'h-4 w-4 border-2',
      md: 'h-5 w-5 border-2',
      lg: 'h-10 w-10 border-4',
    },
  },
  defaultVariants: { size: 'md' },
});

/** The one spinner; decorative, so whatever holds it says what is loading. */
export function Spinner({ size, className }: VariantProps<typeof spinnerVariants> & { className?: string }) {
  return <span className={cn(spinnerVariants({ size }), className)} aria-hidden />;
}

/** A spinner with its words, announced politely (role status). */
export function Loading({ children = 'Loading...', className }: { children?: ReactNode; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 p-12 text-sm text-slate-600', className)}>
      <Spinner />
      <span>{children}</span>
    </div>
  );
}

/** A whole page still loading. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return <Loading className="min-h-[40vh] p-0 text-base">{label}</Loading>;
}
