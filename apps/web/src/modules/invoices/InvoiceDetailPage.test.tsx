// @vitest-environment jsdom
import { INVOICE_MESSAGES, type TInvoiceDetail, type TInvoiceStatus } from '@pennant/shared/invoices/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { InvoiceDetailPage } from './InvoiceDetailPage';
import { invoiceKeys } from './invoices-api';
import { AGREEMENT_ID, apiError, COMPANY_ID, invoiceDetail, stubApi } from './test-fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const DETAIL = invoiceDetail();
const ID = DETAIL.id;

function renderPage(opts: { roles?: TRole[]; detail?: TInvoiceDetail | null } = {}) {
  const client = seededClient(
    opts.roles ?? ['treasurer'],
    opts.detail === null ? [] : [[invoiceKeys.detail(ID), opts.detail ?? DETAIL]],
  );
  render(
    withClient(
      client,
      <MemoryRouter initialEntries={[`/dashboard/invoices/${ID}`]}>
        <Routes>
          <Route path="/dashboard/invoices/:id" element={<InvoiceDetailPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const ACTIONS = ['Mark as Sent', 'Mark as Paid', 'Send Email', 'Void'] as const;
const shownActions = () => ACTIONS.filter((name) => screen.queryByRole('button', { name }));

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('InvoiceDetailPage', () => {
  it('shows the number, status, details, items with their total, payment and related links', () => {
    renderPage({ detail: invoiceDetail({ agreementId: AGREEMENT_ID, source: 'agreement' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice #A1B2C3D4' })).toBeTruthy();
    expect(screen.getAllByText('Sent').length).toBeGreaterThan(0);
    const items = screen.getByRole('table', { name: 'Invoice items' });
    expect(within(items).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('invoice-total').textContent).toBe('$1,250.50');
    expect(screen.getByText('Check, cash or bank transfer')).toBeTruthy();
    expect(screen.getByText(/PO Box 12/)).toBeTruthy();
    expect(screen.getByText(DETAIL.id)).toBeTruthy();
    expect(screen.getByText('Thanks for your support')).toBeTruthy();
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain(`/dashboard/companies/${COMPANY_ID}`);
    expect(hrefs).toContain(`/dashboard/agreements/${AGREEMENT_ID}`);
    expect(screen.getByRole('link', { name: 'All invoices for Acme Hardware' }).getAttribute('href')).toBe(
      `/dashboard/invoices?company=${COMPANY_ID}`,
    );
    expect(within(screen.getByRole('list', { name: 'Invoice history' })).getByText('Invoice emailed')).toBeTruthy();
  });

  it('links an online invoice to its payment page and the provider’s PDF', () => {
    renderPage({
      detail: invoiceDetail({
        type: 'stripe',
        hostedUrl: 'https://pay.example/in_1',
        providerPdfUrl: 'https://pay.example/in_1.pdf',
        providerInvoiceId: 'in_1',
      }),
    });
    const page = screen.getByRole('link', { name: /Open payment page/ });
    expect(page.getAttribute('href')).toBe('https://pay.example/in_1');
    expect(page.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /Payment provider PDF/ }).getAttribute('href')).toBe(
      'https://pay.example/in_1.pdf',
    );
    expect(screen.getByText('in_1')).toBeTruthy();
  });

  it.each<[TInvoiceStatus, string[]]>([
    ['draft', ['Void']],
    ['pending', ['Mark as Sent', 'Send Email', 'Void']],
    ['sent', ['Mark as Paid', 'Send Email', 'Void']],
    ['overdue', ['Mark as Paid', 'Send Email', 'Void']],
    ['paid', []],
    ['void', []],
  ])('offers the actions a %s invoice allows', (status, actions) => {
    renderPage({ detail: invoiceDetail({ status }) });
    expect(shownActions()).toEqual(actions);
    expect(screen.getByRole('button', { name: 'View PDF' })).toBeTruthy();
  });

  it('gives a member without the right only View PDF', () => {
    renderPage({ roles: ['read_only'], detail: invoiceDetail({ status: 'pending' }) });
    expect(shownActions()).toEqual([]);
    expect(screen.getByRole('button', { name: 'View PDF' })).toBeTruthy();
  });

  it('marks a Ready to Send invoice sent', async () => {
    const fetchMock = stubApi(() => Response.json(invoiceDetail({ status: 'sent' })));
    renderPage({ detail: invoiceDetail({ status: 'pending' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Sent' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(INVOICE_MESSAGES.markedSent));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/invoices/${ID}/sent`);
  });

  it('voids only after a confirmation that says it is final, and reports a refusal', async () => {
    const fetchMock = stubApi(() => apiError(409, INVOICE_MESSAGES.transitionRefused));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = screen.getByRole('dialog', { name: 'Void Invoice' });
    expect(dialog.textContent).toContain('final');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void Invoice' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(INVOICE_MESSAGES.voidFailed, {
        description: INVOICE_MESSAGES.transitionRefused,
      }),
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/invoices/${ID}/void`);
  });

  it('marks a sent invoice paid after confirming', async () => {
    stubApi(() => Response.json(invoiceDetail({ status: 'paid', paidAt: '2026-02-01T10:00:00.000Z' })));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Paid' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Mark as Paid' })).getByRole('button', { name: 'Mark as Paid' }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(INVOICE_MESSAGES.markedPaid));
  });

  it('renders the PDF and opens it, or says it failed', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    stubApi(() =>
      Response.json({ url: 'https://files.example/inv.pdf', fileName: 'inv.pdf', expiresAt: '2099-01-01T00:00:00Z' }),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'View PDF' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://files.example/inv.pdf', '_blank', 'noopener,noreferrer'),
    );
    expect(toast.success).toHaveBeenCalledWith(INVOICE_MESSAGES.pdfReady, expect.anything());

    stubApi(() => apiError(502, 'The PDF could not be made'));
    fireEvent.click(screen.getByRole('button', { name: 'View PDF' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(INVOICE_MESSAGES.invoicePdfFailed));
  });

  it('opens the Send Invoice Email dialog', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(screen.getByRole('dialog', { name: 'Send Invoice Email' })).toBeTruthy();
  });

  it('says Invoice not found for an unknown id, with a way back', async () => {
    stubApi(() => apiError(404, 'Not found'));
    renderPage({ detail: null });
    expect(await screen.findByRole('heading', { name: INVOICE_MESSAGES.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Invoices' }).getAttribute('href')).toBe('/dashboard/invoices');
  });

  it('says Failed to load invoice for any other failure', async () => {
    stubApi(() => apiError(500, 'Something went wrong'));
    renderPage({ detail: null });
    expect(await screen.findByText(INVOICE_MESSAGES.invoiceLoadFailed, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
