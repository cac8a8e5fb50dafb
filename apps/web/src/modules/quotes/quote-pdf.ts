import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { QUOTE_MESSAGES, type TQuoteSummary } from '@pennant/shared/quotes/schemas';
import { toast } from 'sonner';
import { useQuotePdf } from './quotes-api';

/** Hands a stored PDF to the browser as a download (the link names the file). */
function downloadFile(link: Pick<TDocumentLink, 'url' | 'fileName'>): void {
  const a = document.createElement('a');
  a.href = link.url;
  a.download = link.fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Opening a quote's PDF in a new tab, or downloading it: the server answers a short-lived link
 * (generating the PDF first when there is none) while a toast says so. The tab is opened in the
 * click itself, so no pop-up blocker stops it, and pointed at the link when it comes.
 */
export function useQuotePdfActions() {
  const pdf = useQuotePdf();

  const run = (quote: Pick<TQuoteSummary, 'id' | 'hasPdf'>, mode: 'view' | 'download') => {
    const tab = mode === 'view' ? window.open('', '_blank') : null;
    if (tab) tab.opener = null;
    const toastId = toast.loading(QUOTE_MESSAGES.generatingPdf);
    pdf.mutate(quote, {
      onSuccess: (link) => {
        toast.dismiss(toastId);
        if (!link.url) {
          tab?.close();
          toast.error(QUOTE_MESSAGES.pdfNoUrl, { description: QUOTE_MESSAGES.pdfNoUrlDescription });
          return;
        }
        if (mode === 'download') downloadFile(link);
        else if (tab) tab.location.href = link.url;
        else
          toast.success('PDF ready', {
            action: { label: 'Open PDF', onClick: () => window.open(link.url, '_blank', 'noopener') },
          });
      },
      onError: () => {
        tab?.close();
        toast.dismiss(toastId);
        toast.error(QUOTE_MESSAGES.pdfFailed, { description: QUOTE_MESSAGES.pdfFailedDescription });
      },
    });
  };

  return {
    open: (quote: Pick<TQuoteSummary, 'id' | 'hasPdf'>) => run(quote, 'view'),
    download: (quote: Pick<TQuoteSummary, 'id' | 'hasPdf'>) => run(quote, 'download'),
    pendingId: pdf.isPending ? (pdf.variables?.id ?? null) : null,
  };
}
