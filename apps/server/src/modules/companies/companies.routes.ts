import * as api from '@pennant/shared/companies/contract';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@pennant/shared/companies/schemas';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../errors';
import { route } from '../../http/contract-route';
import type { TAppEnv } from '../../http/env';
import { createRouter } from '../../http/router';
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

/** After the permission check and before a 10MB body is read: bulk import is a premium feature. */
const importPlanGate = createMiddleware<TAppEnv>(async (c, next) => {
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
  .openapi(route(api.listCompanies), async (c) =>
    c.json(await listCompanies(c.get('deps'), await requireMember(c), c.req.valid('query')), 200),
  )
  .openapi(route(api.createCompany), async (c) =>
    c.json(await createCompany(c.get('deps'), await requireMember(c), c.req.valid('json')), 201),
  )
  .openapi(route(api.bulkChangeStatus), async (c) =>
    c.json(await bulkChangeStatus(c.get('deps'), await requireMember(c), c.req.valid('json')), 200),
  )
  .openapi(route(api.uploadImport, importPlanGate, importBodyLimit), async (c) => {
    const member = await requireMember(c);
    const { file } = c.req.valid('form');
    const content = Buffer.from(await file.arrayBuffer());
    return c.json(await uploadImport(c.get('deps'), member, { file: content, fileName: file.name }), 201);
  })
  .openapi(route(api.getImport, importPlanGate), async (c) =>
    c.json(await getImport(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.checkImportDuplicates, importPlanGate), async (c) =>
    c.json(
      await checkImportDuplicates(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.startImport, importPlanGate), async (c) =>
    c.json(await startImport(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')), 202),
  )
  .openapi(route(api.getCompany), async (c) =>
    c.json(await getCompany(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.updateCompany), async (c) =>
    c.json(
      await updateCompany(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.deleteCompany), async (c) => {
    await deleteCompany(c.get('deps'), await requireMember(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(route(api.changeStatus), async (c) =>
    c.json(
      await changeStatus(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json').status),
      200,
    ),
  )
  .openapi(route(api.listContacts), async (c) => {
    const contacts = await listContacts(
      c.get('deps'),
      await requireMember(c),
      c.req.valid('param').id,
      c.req.valid('query').includeInactive === 'true',
    );
    return c.json({ contacts }, 200);
  })
  .openapi(route(api.addContact), async (c) =>
    c.json(await addContact(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .openapi(route(api.updateContact), async (c) => {
    const { id, contactId } = c.req.valid('param');
    return c.json(await updateContact(c.get('deps'), await requireMember(c), id, contactId, c.req.valid('json')), 200);
  })
  .openapi(route(api.deleteContact), async (c) => {
    const { id, contactId } = c.req.valid('param');
    await deleteContact(c.get('deps'), await requireMember(c), id, contactId);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(route(api.setPrimaryContact), async (c) => {
    const { id, contactId } = c.req.valid('param');
    const contacts = await setPrimaryContact(c.get('deps'), await requireMember(c), id, contactId);
    return c.json({ contacts }, 200);
  })
  .openapi(route(api.listNotes), async (c) =>
    c.json({ notes: await listNotes(c.get('deps'), await requireMember(c), c.req.valid('param').id) }, 200),
  )
  .openapi(route(api.createNote), async (c) =>
    c.json(await createNote(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .openapi(route(api.deleteNote), async (c) => {
    const { id, noteId } = c.req.valid('param');
    await deleteNote(c.get('deps'), await requireMember(c), id, noteId);
    return c.json({ ok: true as const }, 200);
  });
