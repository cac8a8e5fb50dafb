import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { ScrollX } from './ScrollX';

/** A table that scrolls sideways when it is wider than its place (a keyboard can scroll it too). */
export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <ScrollX label={props['aria-label'] ?? 'Table'} className="w-full">
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
    </ScrollX>
  );
}

export function TableHead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('border-b border-slate-200 bg-slate-50 text-slate-600', className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('align-middle', className)} {...props} />;
}

export function TableHeaderCell({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className={cn('px-3 py-2.5 text-xs font-semibold uppercase tracking-wide', className)} {...props} />
  );
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-3 py-3 text-slate-700', className)} {...props} />;
}
