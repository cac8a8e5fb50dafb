import { BILLING_MESSAGES, type TReceipt } from '@pennant/shared/billing/schemas';
import { Download, ExternalLink, Receipt } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Loading } from '@/components/ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { errorMessage } from '@/lib/api';
import { formatDate, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useReceiptPdf, useReceipts } from './billing-api';

/** Opens a link in a new tab, detached from this page. */
function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * The receipts table (spec §2 Receipts tab): Date, Amount and Action — 'View Online' (the
 * provider's page, in a new tab) when there is one and 'Download PDF' when there is a PDF, which
 * asks for a short-lived link first. Empty: 'No receipts found'.
 */
export function ReceiptsTable({ receipts }: { receipts: readonly TReceipt[] }) {
  const { timezone } = useSession();
  const pdf = useReceiptPdf({
    onSuccess: (link) => openInNewTab(link.url),
    onError: (err) =>
      toast.error('Could not download the receipt', { description: errorMessage(err, 'Please try again.') }),
  });

  if (receipts.length === 0) {
    return <EmptyState icon={Receipt} title={BILLING_MESSAGES.noReceipts} />;
  }
  return (
    <Table aria-label="Receipts">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Date</TableHeaderCell>
          <TableHeaderCell className="text-right">Amount</TableHeaderCell>
          <TableHeaderCell className="text-right">Action</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {receipts.map((receipt) => {
          const downloading = pdf.isPending && pdf.variables === receipt.id;
          return (
            <TableRow key={receipt.id}>
              <TableCell className="whitespace-nowrap">{formatDate(receipt.paidAt, timezone)}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">
                {formatMoney(receipt.amountPaidCents)}
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center justify-end gap-2">
                  {receipt.hostedUrl ? (
                    <a
                      href={receipt.hostedUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
                    >
                      <ExternalLink className="h-4 w-4" aria-hidden /> View Online
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : null}
                  {receipt.hasPdf ? (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => pdf.mutate(receipt.id)}
                      disabled={pdf.isPending}
                      aria-busy={downloading}
                    >
                      <Download className="h-4 w-4" aria-hidden /> {downloading ? 'Preparing…' : 'Download PDF'}
                    </Button>
                  ) : null}
                  {!receipt.hostedUrl && !receipt.hasPdf ? <span className="text-slate-500">—</span> : null}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The organization's receipts, loaded, in a card: the Settings Receipts tab and /dashboard/receipts. */
export function ReceiptsList() {
  const receipts = useReceipts();
  if (receipts.isError) {
    return <ErrorState onRetry={() => void receipts.refetch()}>Could not load receipts.</ErrorState>;
  }
  return (
    <Card>
      {receipts.isPending ? (
        <Loading className="p-10">Loading receipts...</Loading>
      ) : (
        <ReceiptsTable receipts={receipts.data} />
      )}
    </Card>
  );
}
