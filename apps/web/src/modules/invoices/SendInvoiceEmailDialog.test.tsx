// @vitest-environment jsdom
import { INVOICE_MESSAGES } from '@pennant/shared/invoices/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { SendInvoiceEmailDialog, type TEmailInvoice } from './SendInvoiceEmailDialog';
import { apiError, invoiceDetail, stubApi } from './test-fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const INVOICE: TEmailInvoice = invoiceDetail();
const onOpenChange = vi.fn();

function renderDialog(opts: { roles?: TRole[]; invoice?: Partial<TEmailInvoice> } = {}) {
  const client = seededClient(opts.roles ?? ['treasurer']);
  render(
    withClient(
      client,
      <SendInvoiceEmailDialog open onOpenChange={onOpenChange} invoice={{ ...INVOICE, ...opts.invoice }} />,
    ),
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Email' }));
const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Generate with AI' }));
const RESULT = { sentTo: 'sam@acme.example', pdfAttached: true, ccWarning: null, status: 'sent' };

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('SendInvoiceEmailDialog', () => {
  it('starts with the primary contact, the default subject and body, and the PDF attached', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Send Invoice Email' })).toBeTruthy();
    expect(field('Recipient Email').value).toBe('sam@acme.example');
    expect(field('Recipient Name').value).toBe('Sam Rivera');
    expect(field('CC (optional)').value).toBe('');
    expect(field('Subject').value).toBe('Invoice A1B2C3D4 from Lincoln Boosters');
    const body = field('Body').value;
    expect(body).toContain('Hi Sam,');
    expect(body).toContain('$1,250.50');
    expect(body).toContain('Mar 1, 2099');
    expect(screen.getByRole('switch', { name: 'Attach PDF' }).getAttribute('aria-checked')).toBe('true');
  });

  it('falls back to the company address when there is no primary contact', () => {
    renderDialog({ invoice: { primaryContactEmail: null, primaryContactName: null } });
    expect(field('Recipient Email').value).toBe('office@acme.example');
    expect(field('Body').value).toContain('Hi there,');
  });

  it('needs a recipient name for AI content', () => {
    const fetchMock = stubApi(() => Response.json({}));
    renderDialog({ invoice: { primaryContactName: null } });
    generate();
    expect(screen.getByText(INVOICE_MESSAGES.recipientName)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the AI content in, or says it failed', async () => {
    const fetchMock = stubApi(() => Response.json({ subject: 'Your invoice, Sam', body: 'Hi Sam, here it is.' }));
    renderDialog();
    generate();
    await waitFor(() => expect(field('Subject').value).toBe('Your invoice, Sam'));
    expect(field('Body').value).toBe('Hi Sam, here it is.');
    expect(toast.success).toHaveBeenCalledWith(INVOICE_MESSAGES.aiDone);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/invoices/${INVOICE.id}/email-draft`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      recipientName: 'Sam Rivera',
      recipientEmail: 'sam@acme.example',
    });

    // Use default brings the default content back.
    fireEvent.click(screen.getByRole('button', { name: 'Use default' }));
    expect(field('Subject').value).toBe('Invoice A1B2C3D4 from Lincoln Boosters');
    expect(toast.success).toHaveBeenCalledWith(INVOICE_MESSAGES.defaultApplied);

    stubApi(() => apiError(502, 'The AI writer failed'));
    generate();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(INVOICE_MESSAGES.aiFailed));
  });

  it('needs a recipient address, and both a subject and a body', () => {
    const fetchMock = stubApi(() => Response.json(RESULT));
    renderDialog({ invoice: { primaryContactEmail: null, companyEmail: null } });
    send();
    expect(screen.getByText(INVOICE_MESSAGES.recipient)).toBeTruthy();
    fireEvent.change(field('Recipient Email'), { target: { value: 'sam@acme.example' } });
    fireEvent.change(field('Body'), { target: { value: ' ' } });
    send();
    expect(screen.queryByText(INVOICE_MESSAGES.recipient)).toBeNull();
    expect(screen.getByText(INVOICE_MESSAGES.subjectAndBody)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends with the copy and attachment choice, and says to whom', async () => {
    const fetchMock = stubApi(() => Response.json(RESULT));
    renderDialog();
    fireEvent.change(field('CC (optional)'), { target: { value: 'me@club.example' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Attach PDF' }));
    send();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(INVOICE_MESSAGES.sent('sam@acme.example')));
    expect(toast.warning).not.toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/invoices/${INVOICE.id}/email`);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      recipientEmail: 'sam@acme.example',
      recipientName: 'Sam Rivera',
      ccEmail: 'me@club.example',
      subject: 'Invoice A1B2C3D4 from Lincoln Boosters',
      attachPdf: false,
    });
  });

  it('warns when the copy could not be sent', async () => {
    const warning = INVOICE_MESSAGES.ccFailed('me@club.example');
    stubApi(() => Response.json({ ...RESULT, ccWarning: warning }));
    renderDialog();
    send();
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith(warning));
    expect(toast.success).toHaveBeenCalledWith(INVOICE_MESSAGES.sent('sam@acme.example'));
  });

  it('says when sending failed', async () => {
    stubApi(() => apiError(502, 'Mail is down'));
    renderDialog();
    send();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(INVOICE_MESSAGES.emailFailed, { description: 'Mail is down' }),
    );
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('previews the PDF', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const fetchMock = stubApi(() =>
      Response.json({ url: 'https://files.example/inv.pdf', fileName: 'inv.pdf', expiresAt: '2099-01-01T00:00:00Z' }),
    );
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Preview PDF' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/invoices/${INVOICE.id}/pdf`);
  });

  it('lets a member without the right read but not send', () => {
    renderDialog({ roles: ['read_only'] });
    expect(screen.getByRole('button', { name: 'Send Email' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Generate with AI' })).toHaveProperty('disabled', true);
  });
});
