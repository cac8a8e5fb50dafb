import { z } from 'zod';
import { ZOk } from '../api.schemas';
import { ZDocumentLink } from '../catalogue/schemas';
import { contract, fail, json, jsonBody } from '../contract';
import { ZIdText } from '../fields';
import { ZQuoteEmailDraft } from '../quotes/schemas';
import {
  ZAgreementCreated,
  ZAgreementDetail,
  ZAgreementEmail,
  ZAgreementEmailDraftInput,
  ZAgreementEmailResult,
  ZAgreementInput,
  ZAgreementList,
  ZAgreementListQuery,
} from './schemas';

const tags = ['agreements'];
const topic = 'agreements';

const invalid = fail('Invalid input, with a message per field');
const signedOut = fail('Not signed in');
const notMember = fail('Not a member of an organization');
const noRight = fail('The member’s roles do not allow it');
const notFound = fail('No such agreement (or company, product, quote) in this organization');
const badGateway = fail('The PDF, the mail or the AI writer failed');

const ZParams = z.object({ id: ZIdText });
const exampleId = '00000000-0000-4000-8000-000000000000';

export const listAgreements = contract({
  method: 'get',
  path: '/agreements',
  tags,
  summary: 'Agreements by tab, status, company and search, sorted, 50 a page, with the tab counts',
  permission: 'member',
  topic,
  request: { query: ZAgreementListQuery },
  responses: { 200: json(ZAgreementList), 400: invalid, 401: signedOut, 403: notMember },
});

export const getAgreement = contract({
  method: 'get',
  path: '/agreements/{id}',
  tags,
  summary: 'An agreement with its lines, clauses, PDF and history (a deleted one too)',
  permission: 'member',
  topic,
  resources: { id: 'agreement' },
  request: { params: ZParams },
  responses: { 200: json(ZAgreementDetail), 401: signedOut, 403: notMember, 404: notFound },
});

export const createAgreement = contract({
  method: 'post',
  path: '/agreements',
  tags,
  summary: 'Create an agreement from the form: an accepted quote with its lines, the contract and its PDF',
  permission: 'agreements.create',
  topic,
  example: {
    companyId: exampleId,
    termMonths: 12,
    startDate: '2026-01-01',
    lines: [{ productId: exampleId, qty: 1, unitPriceCents: 50_000 }],
  },
  request: jsonBody(ZAgreementInput),
  responses: {
    201: json(ZAgreementCreated, 'Created'),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    409: fail('The quote is not accepted, or already has an agreement'),
  },
});

export const deleteAgreement = contract({
  method: 'delete',
  path: '/agreements/{id}',
  tags,
  summary: 'Move an agreement to the Deleted tab (soft delete)',
  permission: 'agreements.delete',
  topic,
  resources: { id: 'agreement' },
  request: { params: ZParams },
  responses: { 200: json(ZOk), 401: signedOut, 403: noRight, 404: notFound },
});

export const restoreAgreement = contract({
  method: 'post',
  path: '/agreements/{id}/restore',
  tags,
  summary: 'Bring a deleted agreement back',
  permission: 'agreements.edit',
  topic,
  resources: { id: 'agreement' },
  example: {},
  request: { params: ZParams },
  responses: { 200: json(ZOk), 401: signedOut, 403: noRight, 404: notFound },
});

export const agreementPdf = contract({
  method: 'get',
  path: '/agreements/{id}/pdf',
  tags,
  summary: 'A short-lived link to the agreement’s stored PDF; 404 when there is none',
  permission: 'member',
  topic,
  resources: { id: 'agreement' },
  request: { params: ZParams },
  responses: { 200: json(ZDocumentLink), 401: signedOut, 403: notMember, 404: notFound },
});

export const generateAgreementPdf = contract({
  method: 'post',
  path: '/agreements/{id}/pdf',
  tags,
  summary: 'Generate the agreement’s PDF, replacing the stored one',
  permission: 'agreements.edit',
  topic,
  resources: { id: 'agreement' },
  example: {},
  request: { params: ZParams },
  responses: {
    200: json(ZDocumentLink),
    401: signedOut,
    403: noRight,
    404: notFound,
    502: badGateway,
  },
});

export const deleteAgreementPdf = contract({
  method: 'delete',
  path: '/agreements/{id}/pdf',
  tags,
  summary: 'Delete the stored PDF and its record',
  permission: 'agreements.edit',
  topic,
  resources: { id: 'agreement' },
  request: { params: ZParams },
  responses: { 200: json(ZOk), 401: signedOut, 403: noRight, 404: notFound },
});

export const emailAgreement = contract({
  method: 'post',
  path: '/agreements/{id}/email',
  tags,
  summary: 'E-mail the agreement (with its PDF unless unticked), an optional copy to CC',
  permission: 'agreements.edit',
  topic,
  resources: { id: 'agreement' },
  example: {
    recipientEmail: 'sam@example.com',
    subject: 'Your sponsorship agreement',
    body: 'Hi Sam, attached is the agreement.',
  },
  request: { params: ZParams, ...jsonBody(ZAgreementEmail) },
  responses: {
    200: json(ZAgreementEmailResult),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    502: badGateway,
  },
});

export const draftAgreementEmail = contract({
  method: 'post',
  path: '/agreements/{id}/email-draft',
  tags,
  summary: 'AI personalization: a subject and body for the recipient',
  permission: 'agreements.edit',
  topic,
  resources: { id: 'agreement' },
  example: { recipientName: 'Sam Rivera', recipientEmail: 'sam@example.com' },
  request: { params: ZParams, ...jsonBody(ZAgreementEmailDraftInput) },
  responses: {
    200: json(ZQuoteEmailDraft),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    502: badGateway,
  },
});
