import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useFocusReturn } from './focus-return';

interface TDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Spec: some dialogs (the import wizard) must not close on an outside click. */
  dismissOnOutsideClick?: boolean;
  className?: string;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissOnOutsideClick = true,
  className,
}: TDialogProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <D.Content
          onCloseAutoFocus={returnFocus}
          onPointerDownOutside={(e) => {
            if (!dismissOnOutsideClick) e.preventDefault();
          }}
          onInteractOutside={(e) => {
            if (!dismissOnOutsideClick) e.preventDefault();
          }}
          className={cn(
            // Centred, and never within 6rem of the top or bottom edge (unless the screen is very
            // short): the bottom lane is where toasts appear, so they never cover a dialog's buttons,
            // and the close button (top corner) is always in the top half, far from them.
            'fixed left-1/2 top-1/2 z-50 flex max-h-[max(60dvh,calc(100dvh-12rem))] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 p-5">
            <div>
              <D.Title className="text-lg font-semibold text-slate-900">{title}</D.Title>
              {description ? (
                <D.Description className="mt-1 text-sm text-slate-600">{description}</D.Description>
              ) : (
                <D.Description className="sr-only">{title}</D.Description>
              )}
            </div>
            <D.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <X className="h-5 w-5" />
            </D.Close>
          </div>
          <div className="overflow-y-auto p-5">{children}</div>
          {footer ? <div className="flex justify-end gap-2 border-t border-slate-100 p-4">{footer}</div> : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
