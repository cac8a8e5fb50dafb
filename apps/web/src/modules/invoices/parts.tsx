import { invoiceStatusLabel, isOverdue } from '@pennant/shared/invoices/rules';
import type { TInvoiceRow, TInvoiceStatus, TInvoiceType } from '@pennant/shared/invoices/schemas';
import { zonedToday } from '@pennant/shared/months';
import { Badge } from '@/components/ui/Badge';
import { cn } from '@/lib/cn';

export { formatDay } from '../agreements/parts';

/** The list's short words for the two ways to pay; the form and detail page use the long labels. */
export const INVOICE_TYPE_SHORT: Record<TInvoiceType, string> = { manual: 'Manual', stripe: 'Online' };

/** Today ('YYYY-MM-DD') on the organization's calendar: due dates are days in its time zone. */
export function invoiceToday(timeZone: string): string {
  return zonedToday(new Date(), timeZone);
}

/**
 * Past its due date and unpaid: marked overdue by the daily job, or sent and past due before the
 * job has run today (the same test the job makes).
 */
export function isPastDue(invoice: Pick<TInvoiceRow, 'status' | 'dueDate'>, today: string): boolean {
  return invoice.status === 'overdue' || isOverdue(invoice, today);
}

/** The badge colours (spec §4): draft grey, Ready to Send blue, sent indigo, overdue red, paid green, void struck out. */
const STATUS_CLASSES: Record<TInvoiceStatus, string> = {
  draft: 'bg-slate-100 text-slate-700',
  pending: 'bg-blue-100 text-blue-800',
  sent: 'bg-indigo-100 text-indigo-800',
  overdue: 'bg-red-100 text-red-700',
  paid: 'bg-green-100 text-green-800',
  void: 'bg-slate-100 text-slate-500 line-through',
};

export function InvoiceStatusBadge({ status, className }: { status: TInvoiceStatus; className?: string }) {
  return <Badge className={cn(STATUS_CLASSES[status], className)}>{invoiceStatusLabel(status)}</Badge>;
}
