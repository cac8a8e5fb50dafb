import { createRoute, z } from '@hono/zod-openapi';
import { ZOk } from '@pennant/shared/api.schemas';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
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
} from '@pennant/shared/companies.schemas';
import { ZIdText } from '@pennant/shared/fields';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../errors';
import type { TAppEnv } from '../../http/env';
import { createRouter, json, jsonBody } from '../../http/router';
import { requireMember } from '../session/member';
import {
  bulkChangeStatus,
  changeStatus,
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  updateCompany,
} from './companies.service';
import { addContact, deleteContact, listContacts, setPrimaryContact, updateContact } from './contacts.service';
import { checkImportDuplicates, getImport, requireImportRight, startImport, uploadImport } from './import.service';
import { createNote, deleteNote, listNotes } from './notes.service';

const tags = ['companies'];

/** Path ids are plain text: a malformed id answers 404 from the service, like an unknown one. */
const ZCompanyParams = z.object({ id: ZIdText });
const ZContactParams = z.object({ id: ZIdText, contactId: ZIdText });
const ZNoteParams = z.object({ id: ZIdText, noteId: ZIdText });

const ZImportParams = z.object({ id: ZIdText });

const ZImportUpload = z.object({
  file: z
    .custom<File>((v) => v instanceof File, { message: 'Please choose a file to import' })
    .openapi({ type: 'string', format: 'binary', description: '.csv, .xlsx or .xls, at most 10MB and 100,000 rows' }),
});

/** Refuses a member without the right or the plan before a 10MB body is read. */
const importAccess = createMiddleware<TAppEnv>(async (c, next) => {
  requireImportRight(await requireMember(c));
  await next();
});

/** Room for the 10MB file plus the form's other fields; the file itself is checked exactly. */
const importBodyLimit = bodyLimit({
  maxSize: IMPORT_MAX_BYTES + 1024 * 1024,
  onError: () => {
    throw new AppError('bad_request', IMPORT_MESSAGES.tooLarge);
  },
});

export const companyRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/companies',
      tags,
      summary: 'One page (50) of companies with the total and the category counts',
      request: { query: ZCompanyListQuery },
      responses: { 200: json(ZCompanyList) },
    }),
    async (c) => c.json(await listCompanies(c.get('deps'), await requireMember(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/companies',
      tags,
      summary: 'Add a company, with its primary contact when both name and email are given',
      request: jsonBody(ZCompanyCreate),
      responses: { 201: json(ZCompanyDetail, 'Created') },
    }),
    async (c) => c.json(await createCompany(c.get('deps'), await requireMember(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/companies/bulk-status',
      tags,
      summary: 'Change the status of the selected companies',
      request: jsonBody(ZBulkStatus),
      responses: { 200: json(ZBulkStatusResult) },
    }),
    async (c) => c.json(await bulkChangeStatus(c.get('deps'), await requireMember(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/companies/imports',
      tags,
      summary: 'Import, step 1: upload the file (multipart/form-data); it is checked and stored once',
      middleware: [importAccess, importBodyLimit] as const,
      request: {
        body: { content: { 'multipart/form-data': { schema: ZImportUpload } }, required: true },
      },
      responses: { 201: json(ZImportState, 'Stored') },
    }),
    async (c) => {
      const member = await requireMember(c);
      const { file } = c.req.valid('form');
      const content = Buffer.from(await file.arrayBuffer());
      return c.json(await uploadImport(c.get('deps'), member, { file: content, fileName: file.name }), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/companies/imports/{id}',
      tags,
      summary: 'An import’s state and progress (realtime topic imports)',
      middleware: [importAccess] as const,
      request: { params: ZImportParams },
      responses: { 200: json(ZImportState) },
    }),
    async (c) => c.json(await getImport(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/companies/imports/{id}/duplicates',
      tags,
      summary: 'Import, step 2: read the stored file with a sheet and mapping and find duplicates',
      middleware: [importAccess] as const,
      request: { params: ZImportParams, ...jsonBody(ZImportAnalyze) },
      responses: { 200: json(ZImportDuplicatesReply) },
    }),
    async (c) =>
      c.json(
        await checkImportDuplicates(
          c.get('deps'),
          await requireMember(c),
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/companies/imports/{id}/start',
      tags,
      summary: 'Import, step 3: start the background import with the duplicate decisions',
      middleware: [importAccess] as const,
      request: { params: ZImportParams, ...jsonBody(ZImportDecisions) },
      responses: { 202: json(ZImportState, 'Started') },
    }),
    async (c) =>
      c.json(
        await startImport(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
        202,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/companies/{id}',
      tags,
      summary: 'A company with its primary contact and contact count',
      request: { params: ZCompanyParams },
      responses: { 200: json(ZCompanyDetail) },
    }),
    async (c) => c.json(await getCompany(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/companies/{id}',
      tags,
      summary: 'Edit a company (a status change records the audit note)',
      request: { params: ZCompanyParams, ...jsonBody(ZCompanyUpdate) },
      responses: { 200: json(ZCompanyDetail) },
    }),
    async (c) =>
      c.json(
        await updateCompany(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/companies/{id}',
      tags,
      summary: 'Delete a company with its contacts and notes',
      request: { params: ZCompanyParams },
      responses: { 200: json(ZOk) },
    }),
    async (c) => {
      await deleteCompany(c.get('deps'), await requireMember(c), c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/companies/{id}/status',
      tags,
      summary: 'Change one company’s status (the list dropdown)',
      request: { params: ZCompanyParams, ...jsonBody(ZCompanyStatusChange) },
      responses: { 200: json(ZCompanyDetail) },
    }),
    async (c) =>
      c.json(
        await changeStatus(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json').status),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/companies/{id}/contacts',
      tags,
      summary: 'Active contacts, primary first then oldest first (includeInactive=true adds the rest)',
      request: {
        params: ZCompanyParams,
        query: z.object({ includeInactive: z.enum(['true', 'false']).optional() }),
      },
      responses: { 200: json(ZCompanyContactList) },
    }),
    async (c) => {
      const contacts = await listContacts(
        c.get('deps'),
        await requireMember(c),
        c.req.valid('param').id,
        c.req.valid('query').includeInactive === 'true',
      );
      return c.json({ contacts }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/companies/{id}/contacts',
      tags,
      summary: 'Add a contact (primary when asked, or when the company has none)',
      request: { params: ZCompanyParams, ...jsonBody(ZContact) },
      responses: { 201: json(ZCompanyContact, 'Created') },
    }),
    async (c) =>
      c.json(
        await addContact(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/companies/{id}/contacts/{contactId}',
      tags,
      summary: 'Edit a contact; isActive false deactivates it',
      request: { params: ZContactParams, ...jsonBody(ZContactUpdate) },
      responses: { 200: json(ZCompanyContact) },
    }),
    async (c) => {
      const { id, contactId } = c.req.valid('param');
      return c.json(
        await updateContact(c.get('deps'), await requireMember(c), id, contactId, c.req.valid('json')),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/companies/{id}/contacts/{contactId}',
      tags,
      summary: 'Delete a contact',
      request: { params: ZContactParams },
      responses: { 200: json(ZOk) },
    }),
    async (c) => {
      const { id, contactId } = c.req.valid('param');
      await deleteContact(c.get('deps'), await requireMember(c), id, contactId);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/companies/{id}/contacts/{contactId}/primary',
      tags,
      summary: 'Make an active contact the primary one; replies with the active contacts',
      request: { params: ZContactParams },
      responses: { 200: json(ZCompanyContactList) },
    }),
    async (c) => {
      const { id, contactId } = c.req.valid('param');
      const contacts = await setPrimaryContact(c.get('deps'), await requireMember(c), id, contactId);
      return c.json({ contacts }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/companies/{id}/notes',
      tags,
      summary: 'Notes and audit entries, newest first',
      request: { params: ZCompanyParams },
      responses: { 200: json(ZCompanyNoteList) },
    }),
    async (c) =>
      c.json({ notes: await listNotes(c.get('deps'), await requireMember(c), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/companies/{id}/notes',
      tags,
      summary: 'Add a note (also sets the company’s last contact)',
      request: { params: ZCompanyParams, ...jsonBody(ZNote) },
      responses: { 201: json(ZCompanyNote, 'Created') },
    }),
    async (c) =>
      c.json(
        await createNote(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/companies/{id}/notes/{noteId}',
      tags,
      summary: 'Delete a note',
      request: { params: ZNoteParams },
      responses: { 200: json(ZOk) },
    }),
    async (c) => {
      const { id, noteId } = c.req.valid('param');
      await deleteNote(c.get('deps'), await requireMember(c), id, noteId);
      return c.json({ ok: true as const }, 200);
    },
  );
