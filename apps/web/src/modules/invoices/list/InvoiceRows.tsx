import { canMarkPaid, canResendEmail, invoiceNumber, invoiceShortId } from '@pennant/shared/invoices/rules';
import { INVOICE_SOURCE_LABELS, type TInvoiceRow } from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import { CircleCheck, Mail, MoreHorizontal } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/DropdownMenu';
import { Skeleton } from '@/components/ui/Skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { cn } from '@/lib/cn';
import { formatDay, INVOICE_TYPE_SHORT, InvoiceStatusBadge, isPastDue } from '../parts';

interface TInvoiceRowsProps {
  invoices: TInvoiceRow[];
  /** invoices.canEdit: the row actions change the invoice. */
  canEdit: boolean;
  today: string;
  onMarkPaid: (invoice: TInvoiceRow) => void;
  onResend: (invoice: TInvoiceRow) => void;
}

export const invoicePath = (id: string) => `/dashboard/invoices/${id}`;

/** A click on a control inside the row does what the control does, not open the invoice. */
function fromControl(e: MouseEvent): boolean {
  const target = e.target as HTMLElement;
  return Boolean(target.closest('a,button,[role="menuitem"],[role="menu"]'));
}

function DueDate({ invoice, today, className }: { invoice: TInvoiceRow; today: string; className?: string }) {
  const late = isPastDue(invoice, today);
  return (
    <span className={cn(late && 'font-medium text-red-600', className)}>
      {formatDay(invoice.dueDate)}
      {late ? <span className="sr-only"> (overdue)</span> : null}
    </span>
  );
}

/**
 * The invoices table (spec §2). Source and Type sit under the company below 1280 px, the due date
 * below 768 px and the status badge below 640 px, so a phone keeps invoice, company, amount and
 * actions in one line.
 */
export function InvoiceRows({ invoices, canEdit, today, onMarkPaid, onResend }: TInvoiceRowsProps) {
  const navigate = useNavigate();
  return (
    <Table aria-label="Invoices">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Invoice</TableHeaderCell>
          <TableHeaderCell>Company</TableHeaderCell>
          <TableHeaderCell className="hidden xl:table-cell">Source</TableHeaderCell>
          <TableHeaderCell className="hidden xl:table-cell">Type</TableHeaderCell>
          <TableHeaderCell className="text-right">Amount</TableHeaderCell>
          <TableHeaderCell className="hidden md:table-cell">Due Date</TableHeaderCell>
          <TableHeaderCell className="hidden sm:table-cell">Status</TableHeaderCell>
          <TableHeaderCell className="text-right">
            <span className="sr-only">Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {invoices.map((invoice) => {
          const number = invoiceNumber(invoice.id);
          const origin = `${INVOICE_SOURCE_LABELS[invoice.source]} · ${INVOICE_TYPE_SHORT[invoice.type]}`;
          return (
            <TableRow
              key={invoice.id}
              data-status={invoice.status}
              onClick={(e) => {
                if (!fromControl(e)) navigate(invoicePath(invoice.id));
              }}
              className={cn('cursor-pointer hover:bg-slate-50', invoice.status === 'void' && 'text-slate-500')}
            >
              <TableCell className="whitespace-nowrap">
                <Link
                  to={invoicePath(invoice.id)}
                  aria-label={number}
                  className="font-mono text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {invoiceShortId(invoice.id)}
                </Link>
              </TableCell>
              <TableCell className="max-w-64">
                <span className="block break-words font-medium text-slate-900">{invoice.companyName}</span>
                <span className="mt-0.5 block text-xs text-slate-500 xl:hidden">{origin}</span>
                <span className="mt-0.5 block text-xs text-slate-500 md:hidden">
                  Due <DueDate invoice={invoice} today={today} />
                </span>
                <span className="mt-1 block sm:hidden">
                  <InvoiceStatusBadge status={invoice.status} />
                </span>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap xl:table-cell">
                {INVOICE_SOURCE_LABELS[invoice.source]}
              </TableCell>
              <TableCell className="hidden whitespace-nowrap xl:table-cell">
                {INVOICE_TYPE_SHORT[invoice.type]}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right font-medium tabular-nums text-slate-900">
                {formatMoney(invoice.totalCents)}
              </TableCell>
              <TableCell className="hidden whitespace-nowrap md:table-cell">
                <DueDate invoice={invoice} today={today} />
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <InvoiceStatusBadge status={invoice.status} />
              </TableCell>
              <TableCell className="w-10 text-right">
                <RowActions
                  invoice={invoice}
                  number={number}
                  canEdit={canEdit}
                  onMarkPaid={onMarkPaid}
                  onResend={onResend}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function RowActions({
  invoice,
  number,
  canEdit,
  onMarkPaid,
  onResend,
}: {
  invoice: TInvoiceRow;
  number: string;
  canEdit: boolean;
  onMarkPaid: (invoice: TInvoiceRow) => void;
  onResend: (invoice: TInvoiceRow) => void;
}) {
  const markPaid = canEdit && canMarkPaid(invoice.status, 'list');
  const resend = canEdit && canResendEmail(invoice);
  if (!markPaid && !resend) return <span className="sr-only">No actions</span>;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${number}`} className="h-8 w-8">
          <MoreHorizontal className="h-4 w-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {markPaid ? (
          <DropdownMenuItem onSelect={() => onMarkPaid(invoice)}>
            <CircleCheck className="h-4 w-4" aria-hidden /> Mark as Paid
          </DropdownMenuItem>
        ) : null}
        {resend ? (
          <DropdownMenuItem onSelect={() => onResend(invoice)}>
            <Mail className="h-4 w-4" aria-hidden /> Resend Email
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The table's shape while the first page loads. */
export function InvoiceRowsSkeleton() {
  return (
    <div aria-busy="true" className="divide-y divide-slate-100">
      <p role="status" className="sr-only">
        Loading invoices...
      </p>
      {['a', 'b', 'c', 'd', 'e'].map((k) => (
        <div key={k} className="flex items-center gap-4 px-3 py-4">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-24 md:block" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="hidden h-5 w-16 rounded-full sm:block" />
        </div>
      ))}
    </div>
  );
}
