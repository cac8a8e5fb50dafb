import { z } from 'zod';
import { ZOk } from '../api.schemas';
import { ZDocumentLink } from '../catalogue/schemas';
import { contract, fail, json, jsonBody } from '../contract';
import { ZIdText } from '../fields';
import {
  ZQuoteAccept,
  ZQuoteAcceptResult,
  ZQuoteDetail,
  ZQuoteEmailDraft,
  ZQuoteEmailDraftInput,
  ZQuoteEmailInput,
  ZQuoteInput,
  ZQuoteList,
  ZQuoteListQuery,
  ZQuoteSend,
  ZQuoteSendResult,
} from './schemas';

const tags = ['quotes'];
const topic = 'quotes';

const invalid = fail('Invalid input, with a message per field');
const signedOut = fail('Not signed in');
const notMember = fail('Not a member of an organization');
const noRight = fail('The member’s roles do not allow it');
const notFound = fail('No such quote (or company) in this organization');
const wrongState = fail('The quote’s status does not allow it (the message says why)');
const badGateway = fail('The PDF, the mail or the AI writer failed');

const ZParams = z.object({ id: ZIdText });
const exampleId = '00000000-0000-4000-8000-000000000000';
const exampleLines = [{ productId: exampleId, qty: 1, unitPriceCents: 50_000, isSetupFee: false }];

export const listQuotes = contract({
  method: 'get',
  path: '/quotes',
  tags,
  summary: 'Quotes by tab, status, company and search, newest first, 50 a page, with the tab counts',
  permission: 'member',
  topic,
  request: { query: ZQuoteListQuery },
  responses: { 200: json(ZQuoteList), 400: invalid, 401: signedOut, 403: notMember },
});

export const getQuote = contract({
  method: 'get',
  path: '/quotes/{id}',
  tags,
  summary: 'A quote with its lines, totals and drafted e-mail',
  permission: 'member',
  topic,
  resources: { id: 'quote' },
  request: { params: ZParams },
  responses: { 200: json(ZQuoteDetail), 401: signedOut, 403: notMember, 404: notFound },
});

export const createQuote = contract({
  method: 'post',
  path: '/quotes',
  tags,
  summary: 'Create a draft quote for a company; a prospect company moves to negotiating',
  permission: 'quotes.create',
  topic,
  example: { companyId: exampleId, lines: exampleLines },
  request: jsonBody(ZQuoteInput),
  responses: { 201: json(ZQuoteDetail, 'Created'), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const updateQuote = contract({
  method: 'put',
  path: '/quotes/{id}',
  tags,
  summary: 'Replace a draft’s lines and notes',
  permission: 'quotes.edit',
  topic,
  resources: { id: 'quote' },
  example: { companyId: exampleId, lines: exampleLines },
  request: { params: ZParams, ...jsonBody(ZQuoteInput) },
  responses: {
    200: json(ZQuoteDetail),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    409: wrongState,
  },
});

export const saveQuoteEmail = contract({
  method: 'put',
  path: '/quotes/{id}/email',
  tags,
  summary: 'Keep the drafted subject and body on the quote between the wizard’s steps',
  permission: 'quotes.edit',
  topic,
  resources: { id: 'quote' },
  example: { subject: 'Sponsorship Proposal from Alpha Athletics', body: 'Hi {{contact_name}},' },
  request: { params: ZParams, ...jsonBody(ZQuoteEmailInput) },
  responses: {
    200: json(ZQuoteDetail),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    409: wrongState,
  },
});

export const sendQuote = contract({
  method: 'post',
  path: '/quotes/{id}/send',
  tags,
  summary: 'E-mail the quote with its PDF to the chosen contacts (and an optional copy); it becomes sent',
  permission: 'quotes.edit',
  topic,
  resources: { id: 'quote' },
  example: { subject: 'Sponsorship Proposal', body: 'Hi {{contact_name}},', contactIds: [exampleId] },
  request: { params: ZParams, ...jsonBody(ZQuoteSend) },
  responses: {
    200: json(ZQuoteSendResult),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    409: wrongState,
    502: badGateway,
  },
});

export const acceptQuote = contract({
  method: 'post',
  path: '/quotes/{id}/accept',
  tags,
  summary: 'Accept a sent quote: the company becomes a sponsor and, as asked, an agreement is made',
  permission: 'quotes.edit',
  topic,
  resources: { id: 'quote' },
  example: { agreement: 'skip' },
  request: { params: ZParams, ...jsonBody(ZQuoteAccept) },
  responses: {
    200: json(ZQuoteAcceptResult),
    400: invalid,
    401: signedOut,
    403: fail('The member’s roles do not allow it, or the free plan’s active-sponsor limit is reached'),
    404: notFound,
    409: wrongState,
  },
});

export const rejectQuote = contract({
  method: 'post',
  path: '/quotes/{id}/reject',
  tags,
  summary: 'Reject a sent quote',
  permission: 'quotes.edit',
  topic,
  resources: { id: 'quote' },
  example: {},
  request: { params: ZParams },
  responses: { 200: json(ZQuoteDetail), 401: signedOut, 403: noRight, 404: notFound, 409: wrongState },
});

export const deleteQuote = contract({
  method: 'delete',
  path: '/quotes/{id}',
  tags,
  summary: 'Delete a quote, its lines, document and timeline entries (a quote with an agreement stays)',
  permission: 'quotes.delete',
  topic,
  resources: { id: 'quote' },
  request: { params: ZParams },
  responses: { 200: json(ZOk), 401: signedOut, 403: noRight, 404: notFound, 409: wrongState },
});

export const quotePdf = contract({
  method: 'post',
  path: '/quotes/{id}/pdf',
  tags,
  summary: 'A link to the quote’s stored PDF, generating and storing it first when there is none',
  permission: 'member',
  topic,
  resources: { id: 'quote' },
  example: {},
  request: { params: ZParams },
  responses: { 200: json(ZDocumentLink), 401: signedOut, 403: notMember, 404: notFound, 502: badGateway },
});

export const draftQuoteEmail = contract({
  method: 'post',
  path: '/quotes/email-draft',
  tags,
  summary: 'Generate Message via AI: a subject and body for the company and the lines',
  permission: 'quotes.create',
  topic,
  example: { companyId: exampleId, lines: [{ itemName: 'Outfield Banner', qty: 1, unitPriceCents: 50_000 }] },
  request: jsonBody(ZQuoteEmailDraftInput),
  responses: {
    200: json(ZQuoteEmailDraft),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    502: badGateway,
  },
});
