import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TEmptyStateProps {
  icon: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  /** A button or link that gets the reader past the empty state. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing yet: an icon, a title, one line of guidance, an action. */
export function EmptyState({ icon: Icon, title, children, action, className }: TEmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-2 p-10 text-center', className)}>
      <Icon className="h-10 w-10 text-slate-300" aria-hidden />
      <p className="font-medium text-slate-900">{title}</p>
      {children ? <p className="max-w-sm text-sm text-slate-600">{children}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
