import { z } from 'zod';
import { ZDocumentLink } from '../catalogue/schemas';
import { contract, fail, json, jsonBody } from '../contract';
import { ZIdText } from '../fields';
import { ZQuoteEmailDraft } from '../quotes/schemas';
import {
  ZInvoiceCreated,
  ZInvoiceDetail,
  ZInvoiceEmail,
  ZInvoiceEmailDraftInput,
  ZInvoiceEmailResult,
  ZInvoiceFormDefaults,
  ZInvoiceFormQuery,
  ZInvoiceInput,
  ZInvoiceKpiQuery,
  ZInvoiceKpis,
  ZInvoiceList,
  ZInvoiceListQuery,
  ZInvoiceSources,
  ZInvoiceSourcesQuery,
} from './schemas';

const tags = ['invoices'];
const topic = 'invoices';

const invalid = fail('Invalid input, with a message per field');
const signedOut = fail('Not signed in');
const notMember = fail('Not a member of an organization');
const noRight = fail('The member’s roles do not allow it');
const notFound = fail('No such invoice (or company, agreement, quote) in this organization');
const refused = fail('The invoice’s status does not allow it');
const badGateway = fail('The payment provider, the PDF, the mail or the AI writer failed');

const ZParams = z.object({ id: ZIdText });
const exampleId = '00000000-0000-4000-8000-000000000000';

export const listInvoices = contract({
  method: 'get',
  path: '/invoices',
  tags,
  summary:
    'Invoices by tab, status, source, company and search (company name, id, provider id), 50 a page, with tab counts',
  permission: 'member',
  topic,
  request: { query: ZInvoiceListQuery },
  responses: { 200: json(ZInvoiceList), 400: invalid, 401: signedOut, 403: notMember },
});

export const invoiceKpis = contract({
  method: 'get',
  path: '/invoices/kpis',
  tags,
  summary: 'The KPI cards: outstanding, past due and due in the next 7 days (count and cents)',
  permission: 'member',
  topic,
  request: { query: ZInvoiceKpiQuery },
  responses: { 200: json(ZInvoiceKpis), 400: invalid, 401: signedOut, 403: notMember },
});

export const invoiceSources = contract({
  method: 'get',
  path: '/invoices/sources',
  tags,
  summary: 'What Create Invoice offers, one kind at a time: active agreements, or accepted quotes with no agreement',
  permission: 'member',
  topic,
  exampleQuery: { kind: 'agreements' },
  request: { query: ZInvoiceSourcesQuery },
  responses: { 200: json(ZInvoiceSources), 400: invalid, 401: signedOut, 403: notMember },
});

export const invoiceFormDefaults = contract({
  method: 'get',
  path: '/invoices/form',
  tags,
  summary: 'The new-invoice form prefilled from its source (agreement, quote or direct)',
  permission: 'invoices.create',
  topic,
  request: { query: ZInvoiceFormQuery },
  responses: { 200: json(ZInvoiceFormDefaults), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const getInvoice = contract({
  method: 'get',
  path: '/invoices/{id}',
  tags,
  summary: 'An invoice with its lines, company and history',
  permission: 'member',
  topic,
  resources: { id: 'invoice' },
  request: { params: ZParams },
  responses: { 200: json(ZInvoiceDetail), 401: signedOut, 403: notMember, 404: notFound },
});

export const createInvoice = contract({
  method: 'post',
  path: '/invoices',
  tags,
  summary: 'Create an invoice from an agreement, an accepted quote or scratch; a card invoice at the provider too',
  permission: 'invoices.create',
  topic,
  example: {
    source: 'direct',
    companyId: exampleId,
    invoiceType: 'manual',
    dueDate: '2099-01-31',
    lines: [{ description: 'Outfield banner', amountCents: 50_000, quantity: 1 }],
  },
  request: jsonBody(ZInvoiceInput),
  responses: {
    201: json(ZInvoiceCreated, 'Created'),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    409: fail('No payment account for a card invoice, or the source cannot be invoiced'),
    502: badGateway,
  },
});

const transition = (path: string, summary: string) =>
  contract({
    method: 'post',
    path: `/invoices/{id}/${path}`,
    tags,
    summary,
    permission: 'invoices.edit',
    topic,
    resources: { id: 'invoice' },
    example: {},
    request: { params: ZParams },
    responses: {
      200: json(ZInvoiceDetail),
      401: signedOut,
      403: noRight,
      404: notFound,
      409: refused,
      502: badGateway,
    },
  });

export const markInvoiceSent = transition('sent', 'Mark as Sent (from Ready to Send)');
export const markInvoicePaid = transition('paid', 'Mark as Paid (records when; final)');
export const voidInvoice = transition('void', 'Void (final; a card invoice is voided at the provider too)');

export const resendInvoiceEmail = contract({
  method: 'post',
  path: '/invoices/{id}/resend',
  tags,
  summary: 'Resend Email: the invoice e-mailed again with its PDF to the last recipient, else the company',
  permission: 'invoices.edit',
  topic,
  resources: { id: 'invoice' },
  example: {},
  request: { params: ZParams },
  responses: {
    200: json(ZInvoiceEmailResult),
    401: signedOut,
    403: noRight,
    404: notFound,
    409: fail('The invoice is void or a card invoice, or nobody has an e-mail address'),
    502: badGateway,
  },
});

export const invoicePdf = contract({
  method: 'post',
  path: '/invoices/{id}/pdf',
  tags,
  summary: 'Render the invoice’s PDF as it stands and answer a short-lived link',
  permission: 'member',
  topic,
  resources: { id: 'invoice' },
  example: {},
  request: { params: ZParams },
  responses: { 200: json(ZDocumentLink), 401: signedOut, 403: notMember, 404: notFound, 502: badGateway },
});

export const emailInvoice = contract({
  method: 'post',
  path: '/invoices/{id}/email',
  tags,
  summary: 'Send Invoice Email (PDF attached unless unticked, optional CC); a pending invoice becomes sent',
  permission: 'invoices.edit',
  topic,
  resources: { id: 'invoice' },
  example: { recipientEmail: 'sam@example.com', subject: 'Invoice from the Eagles', body: 'Hi Sam, attached.' },
  request: { params: ZParams, ...jsonBody(ZInvoiceEmail) },
  responses: {
    200: json(ZInvoiceEmailResult),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    409: refused,
    502: badGateway,
  },
});

export const draftInvoiceEmail = contract({
  method: 'post',
  path: '/invoices/{id}/email-draft',
  tags,
  summary: 'AI personalization: a subject and body for the recipient',
  permission: 'invoices.edit',
  topic,
  resources: { id: 'invoice' },
  example: { recipientName: 'Sam Rivera', recipientEmail: 'sam@example.com' },
  request: { params: ZParams, ...jsonBody(ZInvoiceEmailDraftInput) },
  responses: {
    200: json(ZQuoteEmailDraft),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    502: badGateway,
  },
});
