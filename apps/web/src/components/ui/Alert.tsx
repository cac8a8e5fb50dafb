import { cva, type VariantProps } from 'class-variance-authority';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const alertVariants = cva('rounded-md border px-3 py-2 text-sm', {
  variants: {
    tone: {
      error: 'border-red-200 bg-red-50 text-red-800',
      warning: 'border-amber-200 bg-amber-50 text-amber-900',
      info: 'border-brand-200 bg-brand-50 text-brand-900',
      success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    },
  },
  defaultVariants: { tone: 'error' },
});

export interface TAlertProps extends VariantProps<typeof alertVariants> {
  title?: ReactNode;
  children?: ReactNode;
  icon?: LucideIcon;
  /** A way out: retry, details, a link. */
  action?: ReactNode;
  className?: string;
}

/**
 * A message in the flow of a page or form. Errors and warnings are announced at once (role
 * alert); information and success wait their turn (role status).
 */
export function Alert({ tone = 'error', title, children, icon: Icon, action, className }: TAlertProps) {
  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={cn(alertVariants({ tone }), 'flex items-start gap-2', className)}
    >
      {Icon ? <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> : null}
      <div className="min-w-0 flex-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}

/** A field-level or inline error line (under a control, beside a counter). */
export function InlineError({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={cn('text-sm text-red-600', className)}>
      {children}
    </p>
  );
}
