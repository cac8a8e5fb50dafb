import { Tabs as T } from 'radix-ui';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/cn';

export const Tabs = T.Root;

/**
 * Below 1050 px (phones and tablets) the tabs are pills that wrap onto another line, so every tab
 * stays in view (none cut off at the edge); from 1050 px they are underlined tabs, which still wrap
 * rather than hide a tab when a list is wider than the page.
 */
export function TabsList({ className, ...props }: ComponentPropsWithoutRef<typeof T.List>) {
  return (
    <T.List
      className={cn('flex max-w-full flex-wrap gap-1 border-b border-slate-200 pb-2 lg:pb-0', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentPropsWithoutRef<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        'inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-600',
        'lg:-mb-px lg:rounded-none lg:border-b-2 lg:border-transparent',
        'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600',
        'data-[state=active]:bg-brand-50 data-[state=active]:text-brand-700 lg:data-[state=active]:border-brand-600 lg:data-[state=active]:bg-transparent disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentPropsWithoutRef<typeof T.Content>) {
  return <T.Content className={cn('pt-4 focus-visible:outline-none', className)} {...props} />;
}
