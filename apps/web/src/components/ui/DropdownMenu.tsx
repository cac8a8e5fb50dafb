import { DropdownMenu as M } from 'radix-ui';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/cn';

export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;
export const DropdownMenuRadioGroup = M.RadioGroup;

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = 'end',
  ...props
}: ComponentPropsWithoutRef<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        sideOffset={sideOffset}
        align={align}
        className={cn('z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg', className)}
        {...props}
      />
    </M.Portal>
  );
}

const item =
  'flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 outline-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';

export function DropdownMenuItem({
  className,
  danger,
  ...props
}: ComponentPropsWithoutRef<typeof M.Item> & { danger?: boolean }) {
  return <M.Item className={cn(item, danger && 'text-red-700 data-[highlighted]:bg-red-50', className)} {...props} />;
}

export function DropdownMenuRadioItem({ className, children, ...props }: ComponentPropsWithoutRef<typeof M.RadioItem>) {
  return (
    <M.RadioItem className={cn(item, 'pl-7 relative', className)} {...props}>
      <M.ItemIndicator className="absolute left-2 inline-flex h-4 w-4 items-center justify-center">
        <span className="h-2 w-2 rounded-full bg-brand-600" />
      </M.ItemIndicator>
      {children}
    </M.RadioItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentPropsWithoutRef<typeof M.Label>) {
  return <M.Label className={cn('px-2 py-1 text-xs font-semibold uppercase text-slate-500', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentPropsWithoutRef<typeof M.Separator>) {
  return <M.Separator className={cn('my-1 h-px bg-slate-100', className)} {...props} />;
}
