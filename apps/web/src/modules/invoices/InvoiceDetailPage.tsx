import { invoiceNumber } from '@pennant/shared/invoices/rules';
import { INVOICE_MESSAGES } from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import { ArrowLeft, ReceiptText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { InvoiceActions } from './detail/InvoiceActions';
import {
  DetailsCard,
  HistoryCard,
  InformationCard,
  ItemsCard,
  invoiceTotal,
  PaymentCard,
  RelatedCard,
} from './detail/InvoiceSections';
import { useInvoice } from './invoices-api';
import { formatDay, InvoiceStatusBadge, invoiceToday } from './parts';
import { SendInvoiceEmailDialog } from './SendInvoiceEmailDialog';

function BackLink() {
  return (
    <Link
      to="/dashboard/invoices"
      className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Invoices
    </Link>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto max-w-7xl space-y-5" aria-busy="true">
      <p role="status" className="sr-only">
        Loading invoice...
      </p>
      <Skeleton className="h-4 w-24" />
      <div className="space-y-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-48 max-w-full" />
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <Skeleton className="h-72 lg:col-span-2" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

/** /dashboard/invoices/{id}: details, items, payment, information, related links, history and actions (spec §2). */
export function InvoiceDetailPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const canEdit = session.permissions.invoices.canEdit;
  const invoice = useInvoice(id);
  const [emailOpen, setEmailOpen] = useState(false);
  const number = invoiceNumber(id);
  useEffect(() => {
    document.title = `${number} — Pennant`;
  }, [number]);

  if (invoice.isPending) return <DetailSkeleton />;
  if (invoice.isError && !invoice.data) {
    if (invoice.error instanceof ApiError && invoice.error.status === 404) {
      return (
        <div className="mx-auto max-w-3xl">
          <Card className="flex flex-col items-center gap-3 p-10 text-center">
            <ReceiptText className="h-10 w-10 text-slate-300" aria-hidden />
            <h1 className="text-xl font-semibold text-slate-900">{INVOICE_MESSAGES.notFound}</h1>
            <p className="text-sm text-slate-600">It may belong to another organization, or the link is wrong.</p>
            <ButtonLink to="/dashboard/invoices" variant="outline">
              <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Invoices
            </ButtonLink>
          </Card>
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackLink />
        <ErrorState onRetry={() => void invoice.refetch()}>{INVOICE_MESSAGES.invoiceLoadFailed}</ErrorState>
      </div>
    );
  }

  const i = invoice.data;
  const today = invoiceToday(session.timezone);
  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <div className="space-y-3">
        <BackLink />
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h1 className="text-2xl font-semibold text-slate-900">{invoiceNumber(i.id)}</h1>
              <InvoiceStatusBadge status={i.status} className="text-sm" />
            </div>
            <p className="mt-1 break-words text-sm text-slate-600">
              {i.companyName} · {formatMoney(invoiceTotal(i))} · Due {formatDay(i.dueDate)}
            </p>
          </div>
          <InvoiceActions invoice={i} canEdit={canEdit} onSendEmail={() => setEmailOpen(true)} />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <div className="min-w-0 space-y-5 lg:col-span-2">
          <DetailsCard invoice={i} today={today} timeZone={session.timezone} />
          <ItemsCard invoice={i} />
          <HistoryCard invoice={i} timeZone={session.timezone} />
        </div>
        <div className="min-w-0 space-y-5">
          <PaymentCard invoice={i} />
          <InformationCard invoice={i} />
          <RelatedCard invoice={i} />
        </div>
      </div>

      <SendInvoiceEmailDialog open={emailOpen} onOpenChange={setEmailOpen} invoice={i} />
    </div>
  );
}
