import { canMarkPaid, canMarkSent, canSendEmail, canVoid } from '@pennant/shared/invoices/rules';
import { INVOICE_MESSAGES, type TInvoiceDetail } from '@pennant/shared/invoices/schemas';
import { Ban, CircleCheck, FileText, Mail, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import { useOpenInvoicePdf } from '../invoice-pdf';
import { useMarkInvoicePaid, useMarkInvoiceSent, useVoidInvoice } from '../invoices-api';

interface TInvoiceActionsProps {
  invoice: Pick<TInvoiceDetail, 'id' | 'status'>;
  /** invoices.canEdit: every change of status and the e-mail. */
  canEdit: boolean;
  onSendEmail: () => void;
}

const failed = (title: string) => (err: Error) =>
  toast.error(title, { description: errorMessage(err, 'Please try again.') });

/**
 * The detail page's actions (spec §4): Mark as Sent from Ready to Send, Mark as Paid when sent or
 * overdue, Void until paid or void, Send Email, and View PDF for every member.
 */
export function InvoiceActions({ invoice, canEdit, onSendEmail }: TInvoiceActionsProps) {
  const [confirm, setConfirm] = useState<'paid' | 'void' | null>(null);
  const close = () => setConfirm(null);
  const markSent = useMarkInvoiceSent({
    onSuccess: () => toast.success(INVOICE_MESSAGES.markedSent),
    onError: failed(INVOICE_MESSAGES.markSentFailed),
  });
  const markPaid = useMarkInvoicePaid({
    onSuccess: () => {
      close();
      toast.success(INVOICE_MESSAGES.markedPaid);
    },
    onError: (err) => {
      close();
      failed(INVOICE_MESSAGES.markPaidFailed)(err);
    },
  });
  const voidIt = useVoidInvoice({
    onSuccess: () => {
      close();
      toast.success(INVOICE_MESSAGES.voided);
    },
    onError: (err) => {
      close();
      failed(INVOICE_MESSAGES.voidFailed)(err);
    },
  });
  const pdf = useOpenInvoicePdf(invoice.id);
  const busy = markSent.isPending || markPaid.isPending || voidIt.isPending;
  const { status } = invoice;

  return (
    <div className="flex flex-wrap gap-2">
      {canEdit && canMarkSent(status) ? (
        <Button onClick={() => markSent.mutate(invoice.id)} disabled={busy}>
          <Send className="h-4 w-4" aria-hidden /> {markSent.isPending ? 'Marking...' : 'Mark as Sent'}
        </Button>
      ) : null}
      {canEdit && canMarkPaid(status, 'detail') ? (
        <Button onClick={() => setConfirm('paid')} disabled={busy}>
          <CircleCheck className="h-4 w-4" aria-hidden /> Mark as Paid
        </Button>
      ) : null}
      {canEdit && canSendEmail(status) ? (
        <Button variant="outline" onClick={onSendEmail} disabled={busy}>
          <Mail className="h-4 w-4" aria-hidden /> Send Email
        </Button>
      ) : null}
      <Button variant="outline" onClick={() => pdf.mutate()} disabled={pdf.isPending}>
        <FileText className="h-4 w-4" aria-hidden /> {pdf.isPending ? 'Generating...' : 'View PDF'}
      </Button>
      {canEdit && canVoid(status) ? (
        <Button
          variant="outline"
          className="text-red-700 hover:bg-red-50"
          onClick={() => setConfirm('void')}
          disabled={busy}
        >
          <Ban className="h-4 w-4" aria-hidden /> Void
        </Button>
      ) : null}

      <ConfirmDialog
        open={confirm === 'paid'}
        onOpenChange={(open) => !open && close()}
        title="Mark as Paid"
        message="Record this invoice as paid today? This cannot be undone."
        confirmLabel="Mark as Paid"
        busy={markPaid.isPending}
        onConfirm={() => markPaid.mutate(invoice.id)}
      />
      <ConfirmDialog
        open={confirm === 'void'}
        onOpenChange={(open) => !open && close()}
        title="Void Invoice"
        message="Voiding is final: the invoice stays on record, but it can no longer be sent or paid. Void this invoice?"
        confirmLabel="Void Invoice"
        danger
        busy={voidIt.isPending}
        onConfirm={() => voidIt.mutate(invoice.id)}
      />
    </div>
  );
}
