import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useFocusReturn } from './focus-return';

interface TSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The form's buttons, kept in view below the scrolling body. */
  footer?: ReactNode;
  className?: string;
}

/**
 * A side panel on the right (a modal dialog): the full width of a phone, a column from 640 px.
 * A click outside never closes it (a half-filled form is not lost by a stray click); Escape and
 * the close button do.
 */
export function Sheet({ open, onOpenChange, title, description, children, footer, className }: TSheetProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <D.Content
          onCloseAutoFocus={returnFocus}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex h-dvh w-full flex-col bg-white shadow-xl focus:outline-none sm:max-w-xl sm:border-l sm:border-slate-200',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
            <div className="min-w-0">
              <D.Title className="text-lg font-semibold text-slate-900">{title}</D.Title>
              {description ? (
                <D.Description className="mt-1 text-sm text-slate-600">{description}</D.Description>
              ) : (
                <D.Description className="sr-only">{title}</D.Description>
              )}
            </div>
            <D.Close className="shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <X className="h-5 w-5" />
            </D.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5">{children}</div>
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end">
              {footer}
            </div>
          ) : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
