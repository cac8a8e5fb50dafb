import type { TImportFailure, TImportMapping } from '@pennant/shared/companies/schemas';
import { customType, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, instant, updatedAt } from './columns';
import { organizations } from './organizations';

/** The decisions as stored: the action for all duplicates and the per-row exceptions. */
export interface TStoredImportDecisions {
  defaultAction: 'skip' | 'merge' | 'create_new';
  overrides: Record<string, 'skip' | 'merge' | 'create_new'>;
}

/**
 * One company import (0007_company_import.sql): the upload's facts, the chosen sheet and mapping,
 * the duplicate decisions, and the progress the job commits with each batch.
 */
export const companyImports = pgTable(
  'company_import',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileKind: text('file_kind').notNull(),
    fileSize: integer('file_size').notNull(),
    sheets: text('sheets').array().notNull().default([]),
    sheet: text('sheet'),
    mapping: jsonb('mapping').$type<TImportMapping>(),
    decisions: jsonb('decisions').$type<TStoredImportDecisions>(),
    status: text('status').notNull().default('uploaded'),
    totalRows: integer('total_rows'),
    rowsDone: integer('rows_done').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    failures: jsonb('failures').$type<TImportFailure[]>().notNull().default([]),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [index('company_import_org_idx').on(t.orgId, t.createdAt)],
);

/** PostgreSQL bytea; pg hands back a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** The uploaded file of an import, kept until the import ends (at most a day). */
export const companyImportFiles = pgTable(
  'company_import_file',
  {
    importId: uuid('import_id')
      .primaryKey()
      .references(() => companyImports.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
  },
  (t) => [index('company_import_file_org_idx').on(t.orgId)],
);
