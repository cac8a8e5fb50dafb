import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { INVOICE_MESSAGES } from '@pennant/shared/invoices/schemas';
import { toast } from 'sonner';
import { useInvoicePdf } from './invoices-api';

function openLink(link: TDocumentLink): void {
  window.open(link.url, '_blank', 'noopener,noreferrer');
}

/**
 * View PDF and the e-mail's PDF preview: render the invoice as it stands and open the short-lived
 * link. The toast carries the link too, for a browser that blocks a window opened after a wait.
 */
export function useOpenInvoicePdf(id: string) {
  return useInvoicePdf(id, {
    onSuccess: (link) => {
      openLink(link);
      toast.success(INVOICE_MESSAGES.pdfReady, { action: { label: 'Open', onClick: () => openLink(link) } });
    },
    onError: () => toast.error(INVOICE_MESSAGES.invoicePdfFailed),
  });
}
