import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { invoiceShortId } from '@pennant/shared/invoices/rules';
import { INVOICE_MESSAGES } from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { flat, pdfPages } from '../../documents/fixtures/pdf-text';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { platformExec, teammate } from '../../test/team-fixtures';
import { expectStatus, type TErrorReply } from '../catalogue/fixtures/catalogue-fixtures';
import { download, ownerWithInvoiceCompany, storedInvoicePdf } from './fixtures/invoice-document-fixtures';

/** Set by a test to make the renderer fail (the 502 path). */
const renderer = vi.hoisted(() => ({ fail: false }));
vi.mock('../../documents/invoice', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../documents/invoice')>();
  return {
    ...real,
    renderInvoicePdf: async (...args: Parameters<typeof real.renderInvoicePdf>) => {
      if (renderer.fail) throw new Error('renderer exploded');
      return real.renderInvoicePdf(...args);
    },
  };
});

forEachDatabase('invoices: the PDF', (env) => {
  it('renders the invoice as it stands, stores it over the last one and answers a signed link', async () => {
    const { client, orgId, invoice } = await ownerWithInvoiceCompany(env());
    const id = await invoice({ memo: 'First of two installments.' });
    const shortId = invoiceShortId(id);

    const link = expectStatus(await client.post<TDocumentLink>(`/api/invoices/${id}/pdf`), 200, 'pdf');
    expect(link.url).toMatch(/^http:\/\/localhost:3999\/api\/files\//);
    expect(link.fileName).toBe(`Invoice-${shortId}.pdf`);
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const bytes = await download(env(), link.url);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = flat((await pdfPages(bytes)).join(' '));
    for (const expected of [
      `INVOICE #${shortId}`,
      'Eagles Boosters',
      'Acme Hardware',
      'Attn: Sam Rivera',
      'Outfield Banner',
      'Program Ad — Half Page',
      formatMoney(50_000),
      formatMoney(100_000),
      '$1,250.00',
      'Due date: January 31, 2099',
      'PO Box 77',
      'EIN: 12-3456789',
      'First of two installments.',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(storedInvoicePdf(env(), orgId, id)).toEqual(bytes);

    // Paid now: the next rendering says so, in the same file.
    await platformExec(env(), sql`UPDATE invoice SET status = 'paid', paid_at = now() WHERE id = ${id}`);
    const again = expectStatus(await client.post<TDocumentLink>(`/api/invoices/${id}/pdf`), 200, 'pdf again');
    const paid = flat((await pdfPages(await download(env(), again.url))).join(' '));
    expect(paid).toMatch(/PAID \w+ \d{1,2}, \d{4}/);
    expect(storedInvoicePdf(env(), orgId, id)).not.toEqual(bytes);
  });

  it('prints the Pay online link of a card invoice', async () => {
    const { client, invoice } = await ownerWithInvoiceCompany(env());
    const url = 'https://invoice.stripe.com/i/acct_1/test_abc';
    const id = await invoice({ type: 'stripe', status: 'sent', hostedUrl: url });
    const link = expectStatus(await client.post<TDocumentLink>(`/api/invoices/${id}/pdf`), 200, 'pdf');
    expect(flat((await pdfPages(await download(env(), link.url))).join(' '))).toContain(`Pay online: ${url}`);
  });

  it('lets any member see it, and is a 404 for another organization’s invoice or a malformed id', async () => {
    const { client, orgId, invoice } = await ownerWithInvoiceCompany(env());
    const id = await invoice();
    const { client: viewer } = await teammate(env(), client, orgId, ['read_only'], 'Vic Viewer');
    expect((await viewer.post<TDocumentLink>(`/api/invoices/${id}/pdf`)).status).toBe(200);

    const stranger = env().client();
    await ownerWithOrg(stranger, 'Other Boosters');
    const other = await stranger.post<TErrorReply>(`/api/invoices/${id}/pdf`);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(INVOICE_MESSAGES.notFound);
    const malformed = await client.post<TErrorReply>('/api/invoices/not-an-id/pdf');
    expect(malformed.status).toBe(404);
  });

  it('answers 502 with the spec’s message when rendering fails, and stores nothing', async () => {
    const { client, orgId, invoice } = await ownerWithInvoiceCompany(env());
    const id = await invoice();
    renderer.fail = true;
    try {
      const failed = await client.post<TErrorReply>(`/api/invoices/${id}/pdf`);
      expect(failed.status).toBe(502);
      expect(failed.body.error.message).toBe(INVOICE_MESSAGES.invoicePdfFailed);
      expect(storedInvoicePdf(env(), orgId, id)).toBeNull();
    } finally {
      renderer.fail = false;
    }
  });
});
