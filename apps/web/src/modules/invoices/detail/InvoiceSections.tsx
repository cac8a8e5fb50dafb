import { agreementNumber } from '@pennant/shared/agreements/rules';
import { invoiceShortId, invoiceTotalOf } from '@pennant/shared/invoices/rules';
import {
  INVOICE_SOURCE_LABELS,
  INVOICE_TYPE_LABELS,
  type TInvoiceDetail,
  type TInvoiceEvent,
} from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import { quoteNumber } from '@pennant/shared/quotes/rules';
import { Building2, Clock, ExternalLink, FileSignature, History, Mail, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatDay, isPastDue } from '../parts';

const none = <span className="text-slate-500">—</span>;

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const linkClass = 'font-medium text-brand-700 hover:underline';

/** The invoice's total: the stored total, else the sum of its lines (spec §3). */
export function invoiceTotal(invoice: Pick<TInvoiceDetail, 'totalCents' | 'lines'>): number {
  return invoiceTotalOf(
    invoice.totalCents,
    invoice.lines.map((l) => l.totalCents),
  );
}

export function DetailsCard({
  invoice: i,
  today,
  timeZone,
}: {
  invoice: TInvoiceDetail;
  today: string;
  timeZone: string;
}) {
  const late = isPastDue(i, today);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Detail label="Company">
            <Link to={`/dashboard/companies/${i.companyId}`} className={linkClass}>
              {i.companyName}
            </Link>
          </Detail>
          <Detail label="Amount">
            <span className="text-base font-semibold tabular-nums">{formatMoney(invoiceTotal(i))}</span>
          </Detail>
          <Detail label="Source">{INVOICE_SOURCE_LABELS[i.source]}</Detail>
          <Detail label="Type">{INVOICE_TYPE_LABELS[i.type]}</Detail>
          <Detail label="Created">{formatDate(i.createdAt, timeZone)}</Detail>
          <Detail label="Due Date">
            <span className={cn(late && 'font-medium text-red-600')}>
              {formatDay(i.dueDate)}
              {late ? ' · Overdue' : ''}
            </span>
          </Detail>
          <Detail label="Sent">{i.sentAt ? formatDateTime(i.sentAt, timeZone) : none}</Detail>
          <Detail label="Paid">{i.paidAt ? formatDateTime(i.paidAt, timeZone) : none}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The items with their quantities and prices; below 640 px quantity × price sits under the description. */
export function ItemsCard({ invoice }: { invoice: TInvoiceDetail }) {
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>Items</CardTitle>
      </CardHeader>
      {invoice.lines.length === 0 ? (
        <EmptyState icon={ReceiptText} title="No line items" className="p-6" />
      ) : (
        <Table aria-label="Invoice items">
          <TableHead>
            <TableRow>
              <TableHeaderCell>Description</TableHeaderCell>
              <TableHeaderCell className="hidden text-right sm:table-cell">Qty</TableHeaderCell>
              <TableHeaderCell className="hidden text-right sm:table-cell">Unit Price</TableHeaderCell>
              <TableHeaderCell className="text-right">Total</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell className="break-words text-slate-900">
                  {line.description}
                  <span className="mt-0.5 block text-xs text-slate-500 sm:hidden">
                    {line.quantity} × {formatMoney(line.unitPriceCents)}
                  </span>
                </TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">{line.quantity}</TableCell>
                <TableCell className="hidden whitespace-nowrap text-right tabular-nums sm:table-cell">
                  {formatMoney(line.unitPriceCents)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right font-medium tabular-nums text-slate-900">
                  {formatMoney(line.totalCents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <div className="flex items-center justify-between gap-4 border-t border-slate-200 bg-slate-50 px-5 py-4">
        <span className="font-medium text-slate-700">Total</span>
        <span className="text-lg font-semibold tabular-nums text-slate-900" data-testid="invoice-total">
          {formatMoney(invoiceTotal(invoice))}
        </span>
      </div>
    </Card>
  );
}

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(linkClass, 'inline-flex items-center gap-1')}
    >
      {children}
      <ExternalLink className="h-3.5 w-3.5" aria-hidden />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** How the sponsor pays: the remit-to details of a manual invoice, the payment page of an online one. */
export function PaymentCard({ invoice: i }: { invoice: TInvoiceDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment Information</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {i.type === 'manual' ? (
          <>
            <p className="text-slate-700">Check, cash or bank transfer</p>
            {i.remitToInfo ? (
              <div>
                <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Remit To</h3>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{i.remitToInfo}</p>
              </div>
            ) : (
              <p className="text-slate-500">No remit-to details on this invoice.</p>
            )}
          </>
        ) : (
          <>
            <p className="text-slate-700">Online payment by card or ACH</p>
            {i.hostedUrl ? (
              <p>
                <ExternalAnchor href={i.hostedUrl}>Open payment page</ExternalAnchor>
              </p>
            ) : (
              <p className="text-slate-500">The payment page is not available yet.</p>
            )}
            {i.providerPdfUrl ? (
              <p>
                <ExternalAnchor href={i.providerPdfUrl}>Payment provider PDF</ExternalAnchor>
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function InformationCard({ invoice: i }: { invoice: TInvoiceDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoice Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3">
          <Detail label="Invoice #">
            <span className="font-mono">{invoiceShortId(i.id)}</span>
          </Detail>
          <Detail label="Invoice ID">
            <span className="break-all font-mono text-xs">{i.id}</span>
          </Detail>
          {i.providerInvoiceId ? (
            <Detail label="Payment ID">
              <span className="break-all font-mono text-xs">{i.providerInvoiceId}</span>
            </Detail>
          ) : null}
          {i.quoteId ? <Detail label="From Quote">{quoteNumber(i.quoteId)}</Detail> : null}
          <Detail label="Memo">{i.memo ? <span className="whitespace-pre-wrap">{i.memo}</span> : none}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

export function RelatedCard({ invoice: i }: { invoice: TInvoiceDetail }) {
  const item = 'flex items-center gap-2 rounded-md px-2 py-1.5 -mx-2 text-sm text-brand-700 hover:bg-slate-50';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Related</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1">
          <li>
            <Link to={`/dashboard/companies/${i.companyId}`} className={item}>
              <Building2 className="h-4 w-4 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">{i.companyName}</span>
            </Link>
          </li>
          {i.agreementId ? (
            <li>
              <Link to={`/dashboard/agreements/${i.agreementId}`} className={item}>
                <FileSignature className="h-4 w-4 shrink-0" aria-hidden />
                {agreementNumber(i.agreementId)}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to={`/dashboard/invoices?company=${i.companyId}`} className={item}>
              <ReceiptText className="h-4 w-4 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">All invoices for {i.companyName}</span>
            </Link>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

function EventLine({ event, timeZone }: { event: TInvoiceEvent; timeZone: string }) {
  const m = event.metadata ?? {};
  const recipient = text(m.recipient_email) ?? text(m.recipientEmail);
  const Icon = event.eventType.includes('email') ? Mail : Clock;
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100">
        <Icon className="h-3.5 w-3.5 text-slate-600" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm font-medium text-slate-900">{event.description}</p>
        <p className="text-xs text-slate-500">
          {event.createdByName ? `${event.createdByName} · ` : ''}
          <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt, timeZone)}</time>
        </p>
        {recipient ? <p className="break-all text-xs text-slate-600">To: {recipient}</p> : null}
      </div>
    </li>
  );
}

export function HistoryCard({ invoice, timeZone }: { invoice: TInvoiceDetail; timeZone: string }) {
  return (
    <Card role="region" aria-labelledby="invoice-history-title">
      <CardHeader>
        <CardTitle id="invoice-history-title">History</CardTitle>
      </CardHeader>
      <CardContent>
        {invoice.events.length === 0 ? (
          <EmptyState icon={History} title="No history yet" className="p-6" />
        ) : (
          <ol aria-label="Invoice history" className="space-y-4">
            {invoice.events.map((event) => (
              <EventLine key={event.id} event={event} timeZone={timeZone} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
