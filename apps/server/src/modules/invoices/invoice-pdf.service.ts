import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import type { TDeps } from '../../deps';
import type { TMember } from '../session/member';
import { renderAndStoreInvoicePdf } from './invoice-document.common';

/**
 * Renders the invoice's PDF as it stands (spec §2 PDF preview, §8 generate-invoice-pdf), stores it
 * over the previous one under org/<orgId>/invoices/<id>.pdf, and answers a short-lived link.
 * Any member may: it shows what the detail page already shows. A renderer failure is a 502
 * 'Failed to generate invoice PDF. Please try again.'.
 */
export async function invoicePdf(deps: TDeps, member: TMember, id: string): Promise<TDocumentLink> {
  const pdf = await renderAndStoreInvoicePdf(deps, member, id);
  const link = await deps.files.signedUrl(pdf.key, { fileName: pdf.fileName });
  return { url: link.url, fileName: pdf.fileName, expiresAt: link.expiresAt };
}
