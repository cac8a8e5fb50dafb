import { z } from 'zod';
import { ZOk } from '../api.schemas';
import { contract, fail, json, jsonBody } from '../contract';
import { ZIdText } from '../fields';
import {
  ZBulkStatus,
  ZBulkStatusResult,
  ZCompanyContact,
  ZCompanyContactList,
  ZCompanyCreate,
  ZCompanyDetail,
  ZCompanyList,
  ZCompanyListQuery,
  ZCompanyNote,
  ZCompanyNoteList,
  ZCompanyStatusChange,
  ZCompanyUpdate,
  ZContact,
  ZContactUpdate,
  ZImportAnalyze,
  ZImportDecisions,
  ZImportDuplicatesReply,
  ZImportState,
  ZNote,
} from './schemas';

const tags = ['companies'];

const invalid = fail('Invalid input, with a message per field');
const signedOut = fail('Not signed in');
const notMember = fail('Not a member of an organization');
const noRight = fail('The member’s roles do not allow it');
const notFound = fail('No such record in this organization');

/** Path ids are plain text: a malformed id answers 404 from the service, like an unknown one. */
const ZCompanyParams = z.object({ id: ZIdText });
const ZContactParams = z.object({ id: ZIdText, contactId: ZIdText });
const ZNoteParams = z.object({ id: ZIdText, noteId: ZIdText });
const ZImportParams = z.object({ id: ZIdText });

/** What the server reads of an uploaded file (a File on both sides; structural, so no DOM types here). */
export interface TUploadedFile {
  name: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const isUploadedFile = (v: unknown): v is TUploadedFile =>
  typeof v === 'object' &&
  v !== null &&
  'arrayBuffer' in v &&
  typeof v.arrayBuffer === 'function' &&
  'name' in v &&
  typeof v.name === 'string';

export const ZImportUpload = z.object({
  file: z
    .custom<TUploadedFile>(isUploadedFile, { message: 'Please choose a file to import' })
    .meta({ type: 'string', format: 'binary', description: '.csv, .xlsx or .xls, at most 10MB and 100,000 rows' }),
});

export const listCompanies = contract({
  method: 'get',
  path: '/companies',
  tags,
  summary: 'One page (50) of companies with the total and the category counts',
  permission: 'member',
  topic: 'companies',
  request: { query: ZCompanyListQuery },
  responses: { 200: json(ZCompanyList), 400: invalid, 401: signedOut, 403: notMember },
});

export const createCompany = contract({
  method: 'post',
  path: '/companies',
  tags,
  summary: 'Add a company, with its primary contact when both name and email are given',
  permission: 'companies.create',
  topic: 'companies',
  example: { name: 'Hometown Hardware', status: 'prospect' },
  request: jsonBody(ZCompanyCreate),
  responses: { 201: json(ZCompanyDetail, 'Created'), 400: invalid, 401: signedOut, 403: noRight },
});

export const bulkChangeStatus = contract({
  method: 'post',
  path: '/companies/bulk-status',
  tags,
  summary: 'Change the status of the selected companies',
  permission: 'companies.edit',
  topic: 'companies',
  example: { ids: ['00000000-0000-4000-8000-000000000000'], status: 'contacted' },
  request: jsonBody(ZBulkStatus),
  responses: { 200: json(ZBulkStatusResult), 400: invalid, 401: signedOut, 403: noRight },
});

export const uploadImport = contract({
  method: 'post',
  path: '/companies/imports',
  tags,
  summary: 'Import, step 1: upload the file (multipart/form-data); it is checked and stored once',
  permission: 'companies.create',
  topic: 'imports',
  request: {
    body: { content: { 'multipart/form-data': { schema: ZImportUpload } }, required: true },
  },
  responses: {
    201: json(ZImportState, 'Stored'),
    400: fail('Not a CSV or Excel file, over 10MB or 100,000 rows, or empty'),
    401: signedOut,
    403: fail('No right to add companies (forbidden), or a free plan (plan_limit)'),
    409: fail('Another import is still running'),
  },
});

export const getImport = contract({
  method: 'get',
  path: '/companies/imports/{id}',
  tags,
  summary: 'An import’s state and progress (realtime topic imports)',
  permission: 'companies.create',
  topic: 'imports',
  resources: { id: 'import' },
  request: { params: ZImportParams },
  responses: { 200: json(ZImportState), 401: signedOut, 403: noRight, 404: notFound },
});

export const checkImportDuplicates = contract({
  method: 'post',
  path: '/companies/imports/{id}/duplicates',
  tags,
  summary: 'Import, step 2: read the stored file with a sheet and mapping and find duplicates',
  permission: 'companies.create',
  topic: 'imports',
  resources: { id: 'import' },
  example: { mapping: { 'Company Name': 'name' } },
  request: { params: ZImportParams, ...jsonBody(ZImportAnalyze) },
  responses: {
    200: json(ZImportDuplicatesReply),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    409: fail('The upload has expired or the import has started'),
  },
});

export const startImport = contract({
  method: 'post',
  path: '/companies/imports/{id}/start',
  tags,
  summary: 'Import, step 3: start the background import with the duplicate decisions',
  permission: 'companies.create',
  topic: 'imports',
  resources: { id: 'import' },
  example: {},
  request: { params: ZImportParams, ...jsonBody(ZImportDecisions) },
  responses: {
    202: json(ZImportState, 'Started'),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    409: fail('Not reviewed yet, already started, expired, or another import is running'),
  },
});

export const getCompany = contract({
  method: 'get',
  path: '/companies/{id}',
  tags,
  summary: 'A company with its primary contact and contact count',
  permission: 'member',
  topic: 'companies',
  resources: { id: 'company' },
  request: { params: ZCompanyParams },
  responses: { 200: json(ZCompanyDetail), 401: signedOut, 403: notMember, 404: notFound },
});

export const updateCompany = contract({
  method: 'patch',
  path: '/companies/{id}',
  tags,
  summary: 'Edit a company (a status change records the audit note)',
  permission: 'companies.edit',
  topic: 'companies',
  resources: { id: 'company' },
  example: { name: 'Hometown Hardware & Supply' },
  request: { params: ZCompanyParams, ...jsonBody(ZCompanyUpdate) },
  responses: { 200: json(ZCompanyDetail), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const deleteCompany = contract({
  method: 'delete',
  path: '/companies/{id}',
  tags,
  summary: 'Delete a company with its contacts and notes',
  permission: 'companies.delete',
  topic: 'companies',
  resources: { id: 'company' },
  request: { params: ZCompanyParams },
  responses: { 200: json(ZOk), 401: signedOut, 403: noRight, 404: notFound },
});

export const changeStatus = contract({
  method: 'patch',
  path: '/companies/{id}/status',
  tags,
  summary: 'Change one company’s status (the list dropdown)',
  permission: 'companies.edit',
  topic: 'companies',
  resources: { id: 'company' },
  example: { status: 'contacted' },
  request: { params: ZCompanyParams, ...jsonBody(ZCompanyStatusChange) },
  responses: { 200: json(ZCompanyDetail), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const listContacts = contract({
  method: 'get',
  path: '/companies/{id}/contacts',
  tags,
  summary: 'Active contacts, primary first then oldest first (includeInactive=true adds the rest)',
  permission: 'member',
  topic: 'companies',
  resources: { id: 'company' },
  request: {
    params: ZCompanyParams,
    query: z.object({ includeInactive: z.enum(['true', 'false']).optional() }),
  },
  responses: { 200: json(ZCompanyContactList), 400: invalid, 401: signedOut, 403: notMember, 404: notFound },
});

export const addContact = contract({
  method: 'post',
  path: '/companies/{id}/contacts',
  tags,
  summary: 'Add a contact (primary when asked, or when the company has none)',
  permission: 'companies.create',
  topic: 'companies',
  resources: { id: 'company' },
  example: { name: 'Riley Stone', email: 'riley@example.com' },
  request: { params: ZCompanyParams, ...jsonBody(ZContact) },
  responses: { 201: json(ZCompanyContact, 'Created'), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const updateContact = contract({
  method: 'patch',
  path: '/companies/{id}/contacts/{contactId}',
  tags,
  summary: 'Edit a contact; isActive false deactivates it',
  permission: 'companies.edit',
  topic: 'companies',
  resources: { id: 'company', contactId: 'contact' },
  example: { title: 'Owner' },
  request: { params: ZContactParams, ...jsonBody(ZContactUpdate) },
  responses: { 200: json(ZCompanyContact), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const deleteContact = contract({
  method: 'delete',
  path: '/companies/{id}/contacts/{contactId}',
  tags,
  summary: 'Delete a contact',
  permission: 'companies.delete',
  topic: 'companies',
  resources: { id: 'company', contactId: 'contact' },
  request: { params: ZContactParams },
  responses: { 200: json(ZOk), 401: signedOut, 403: noRight, 404: notFound },
});

export const setPrimaryContact = contract({
  method: 'post',
  path: '/companies/{id}/contacts/{contactId}/primary',
  tags,
  summary: 'Make an active contact the primary one; replies with the active contacts',
  permission: 'companies.edit',
  topic: 'companies',
  resources: { id: 'company', contactId: 'contact' },
  request: { params: ZContactParams },
  responses: { 200: json(ZCompanyContactList), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const listNotes = contract({
  method: 'get',
  path: '/companies/{id}/notes',
  tags,
  summary: 'Notes and audit entries, newest first',
  permission: 'member',
  topic: 'companies',
  resources: { id: 'company' },
  request: { params: ZCompanyParams },
  responses: { 200: json(ZCompanyNoteList), 401: signedOut, 403: notMember, 404: notFound },
});

export const createNote = contract({
  method: 'post',
  path: '/companies/{id}/notes',
  tags,
  summary: 'Add a note (also sets the company’s last contact)',
  permission: 'companies.create',
  topic: 'companies',
  resources: { id: 'company' },
  example: { description: 'Called about the banner' },
  request: { params: ZCompanyParams, ...jsonBody(ZNote) },
  responses: { 201: json(ZCompanyNote, 'Created'), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const deleteNote = contract({
  method: 'delete',
  path: '/companies/{id}/notes/{noteId}',
  tags,
  summary: 'Delete a note',
  permission: 'companies.delete',
  topic: 'companies',
  resources: { id: 'company', noteId: 'note' },
  request: { params: ZNoteParams },
  responses: { 200: json(ZOk), 401: signedOut, 403: noRight, 404: notFound },
});
