import type { TImportFailure, TImportMapping } from '@pennant/shared/companies/schemas';
import { and, sql as dsql, eq, inArray, lt } from 'drizzle-orm';
import { sql, type TTx } from '../../db/client';
import { copyRows, type TCopyValue } from '../../db/copy';
import { companies } from '../../db/schema/companies';
import { companyImportFiles, companyImports, type TStoredImportDecisions } from '../../db/schema/imports';

// ---------------------------------------------------------------------------------------------
// Import records
// ---------------------------------------------------------------------------------------------

export type TImportRecordRow = typeof companyImports.$inferSelect;

/** States before the job: the upload may still be reviewed again or started. */
export const OPEN_STATUSES = ['uploaded', 'reviewed'] as const;
/** States of an import the job still owes work to. */
export const ACTIVE_STATUSES = ['queued', 'running'] as const;

export async function insertImport(
  tx: TTx,
  row: {
    orgId: string;
    createdBy: string;
    fileName: string;
    fileKind: string;
    fileSize: number;
    sheets: string[];
    content: Buffer;
  },
): Promise<TImportRecordRow> {
  const { content, ...fields } = row;
  const [created] = await tx.insert(companyImports).values(fields).returning();
  if (!created) throw new Error('import record was not created');
  await tx.insert(companyImportFiles).values({ importId: created.id, orgId: row.orgId, content });
  return created;
}

export async function findImport(tx: TTx, orgId: string, id: string): Promise<TImportRecordRow | null> {
  const [found] = await tx
    .select()
    .from(companyImports)
    .where(and(eq(companyImports.orgId, orgId), eq(companyImports.id, id)));
  return found ?? null;
}

/** The stored upload, or null once the import has ended (or expired). */
export async function readImportFile(tx: TTx, orgId: string, id: string): Promise<Buffer | null> {
  const [found] = await tx
    .select({ content: companyImportFiles.content })
    .from(companyImportFiles)
    .where(and(eq(companyImportFiles.orgId, orgId), eq(companyImportFiles.importId, id)));
  return found ? Buffer.from(found.content) : null;
}

export async function deleteImportFile(tx: TTx, orgId: string, id: string): Promise<void> {
  await tx
    .delete(companyImportFiles)
    .where(and(eq(companyImportFiles.orgId, orgId), eq(companyImportFiles.importId, id)));
}

/**
 * A user's uploads that never started end when they upload another: one waiting file per
 * person, so stored uploads stay bounded.
 */
export async function expireOpenImportsOf(tx: TTx, orgId: string, userId: string): Promise<void> {
  const expired = await tx
    .update(companyImports)
    .set({ status: 'expired', finishedAt: dsql`now()`, updatedAt: dsql`now()` })
    .where(
      and(
        eq(companyImports.orgId, orgId),
        eq(companyImports.createdBy, userId),
        inArray(companyImports.status, [...OPEN_STATUSES]),
      ),
    )
    .returning({ id: companyImports.id });
  if (expired.length === 0) return;
  await tx.delete(companyImportFiles).where(
    and(
      eq(companyImportFiles.orgId, orgId),
      inArray(
        companyImportFiles.importId,
        expired.map((e) => e.id),
      ),
    ),
  );
}

export async function countActiveImports(tx: TTx, orgId: string): Promise<number> {
  const [found] = await tx
    .select({ n: dsql<number>`count(*)::int` })
    .from(companyImports)
    .where(and(eq(companyImports.orgId, orgId), inArray(companyImports.status, [...ACTIVE_STATUSES])));
  return Number(found?.n ?? 0);
}

/** Records the reviewed sheet and mapping; only before the import has started. */
export async function saveReview(
  tx: TTx,
  orgId: string,
  id: string,
  review: { sheet: string | null; mapping: TImportMapping; totalRows: number },
): Promise<boolean> {
  const updated = await tx
    .update(companyImports)
    .set({ ...review, status: 'reviewed', updatedAt: dsql`now()` })
    .where(
      and(
        eq(companyImports.orgId, orgId),
        eq(companyImports.id, id),
        inArray(companyImports.status, [...OPEN_STATUSES]),
      ),
    )
    .returning({ id: companyImports.id });
  return updated.length > 0;
}

/** reviewed → queued with the decisions; null when it was not waiting to start. */
export async function queueImport(
  tx: TTx,
  orgId: string,
  id: string,
  decisions: TStoredImportDecisions,
): Promise<TImportRecordRow | null> {
  const [queued] = await tx
    .update(companyImports)
    .set({ decisions, status: 'queued', updatedAt: dsql`now()` })
    .where(and(eq(companyImports.orgId, orgId), eq(companyImports.id, id), eq(companyImports.status, 'reviewed')))
    .returning();
  return queued ?? null;
}

// ---------------------------------------------------------------------------------------------
// The job
// ---------------------------------------------------------------------------------------------

/** The job knows only the import's id: the one lookup before it knows the organization. */
export async function findImportForJob(tx: TTx, id: string): Promise<TImportRecordRow | null> {
  const [found] = await tx.select().from(companyImports).where(eq(companyImports.id, id));
  return found ?? null;
}

/** queued or running → running (a retry resumes a running one); null when there is nothing to do. */
export async function claimImport(tx: TTx, orgId: string, id: string): Promise<TImportRecordRow | null> {
  const [claimed] = await tx
    .update(companyImports)
    .set({
      status: 'running',
      attempts: dsql`${companyImports.attempts} + 1`,
      startedAt: dsql`coalesce(${companyImports.startedAt}, now())`,
      updatedAt: dsql`now()`,
    })
    .where(
      and(
        eq(companyImports.orgId, orgId),
        eq(companyImports.id, id),
        inArray(companyImports.status, [...ACTIVE_STATUSES]),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Locks the import's row for the batch's transaction and reads where its progress stands. */
export async function lockImportProgress(
  tx: TTx,
  orgId: string,
  id: string,
): Promise<{ rowsDone: number; status: string } | null> {
  const [found] = await tx
    .select({ rowsDone: companyImports.rowsDone, status: companyImports.status })
    .from(companyImports)
    .where(and(eq(companyImports.orgId, orgId), eq(companyImports.id, id)))
    .for('update');
  return found ?? null;
}

export interface TBatchProgress {
  /** rows_done the batch starts from: the update only applies if no one got there first. */
  from: number;
  rows: number;
  imported: number;
  skipped: number;
  failed: number;
  /** Failures to append (already cut to what the kept list has room for). */
  failures: TImportFailure[];
  /** Total rows, as counted by this run (set once known). */
  totalRows?: number;
}

/**
 * Moves the progress past one batch, in the batch's transaction, only when rows_done is still
 * where this run read it. False means another run already committed this batch (or the import
 * ended): the caller must roll the batch back.
 */
export async function commitBatchProgress(tx: TTx, orgId: string, id: string, p: TBatchProgress): Promise<boolean> {
  const updated = await tx
    .update(companyImports)
    .set({
      rowsDone: p.from + p.rows,
      imported: dsql`${companyImports.imported} + ${p.imported}`,
      skipped: dsql`${companyImports.skipped} + ${p.skipped}`,
      failed: dsql`${companyImports.failed} + ${p.failed}`,
      ...(p.failures.length
        ? { failures: dsql`${companyImports.failures} || ${JSON.stringify(p.failures)}::jsonb` }
        : {}),
      ...(p.totalRows !== undefined ? { totalRows: p.totalRows } : {}),
      updatedAt: dsql`now()`,
    })
    .where(
      and(
        eq(companyImports.orgId, orgId),
        eq(companyImports.id, id),
        eq(companyImports.status, 'running'),
        eq(companyImports.rowsDone, p.from),
      ),
    )
    .returning({ id: companyImports.id });
  return updated.length > 0;
}

/** running → done (or failed with a message); the stored file goes with it. */
export async function finishImport(
  tx: TTx,
  orgId: string,
  id: string,
  end: { status: 'done' | 'failed'; error?: string; totalRows?: number },
): Promise<boolean> {
  const updated = await tx
    .update(companyImports)
    .set({
      status: end.status,
      error: end.error ?? null,
      ...(end.totalRows !== undefined ? { totalRows: end.totalRows } : {}),
      finishedAt: dsql`now()`,
      updatedAt: dsql`now()`,
    })
    .where(
      and(
        eq(companyImports.orgId, orgId),
        eq(companyImports.id, id),
        inArray(companyImports.status, [...ACTIVE_STATUSES]),
      ),
    )
    .returning({ id: companyImports.id });
  await deleteImportFile(tx, orgId, id);
  return updated.length > 0;
}

/**
 * Imports older than the cutoff that never finished: waiting uploads expire, stuck runs fail.
 * Platform work (every organization); deletes their stored files. Returns the ids and orgs moved.
 */
export async function sweepStaleImports(tx: TTx, before: Date): Promise<{ id: string; orgId: string }[]> {
  const expired = await tx
    .update(companyImports)
    .set({ status: 'expired', finishedAt: dsql`now()`, updatedAt: dsql`now()` })
    .where(and(inArray(companyImports.status, [...OPEN_STATUSES]), lt(companyImports.createdAt, before)))
    .returning({ id: companyImports.id, orgId: companyImports.orgId });
  const failed = await tx
    .update(companyImports)
    .set({
      status: 'failed',
      error: 'The import did not finish within a day.',
      finishedAt: dsql`now()`,
      updatedAt: dsql`now()`,
    })
    .where(and(inArray(companyImports.status, [...ACTIVE_STATUSES]), lt(companyImports.createdAt, before)))
    .returning({ id: companyImports.id, orgId: companyImports.orgId });
  const ended = [...expired, ...failed];
  // Files of ended imports (also any a crash left behind after the import finished).
  await tx.execute(sql`
    DELETE FROM company_import_file f USING company_import i
    WHERE f.import_id = i.id AND i.status IN ('done', 'failed', 'expired')`);
  return ended;
}

/** Imports queued before the cutoff and still waiting: their enqueueing may have been lost. */
export async function findWaitingImports(tx: TTx, before: Date): Promise<string[]> {
  const found = await tx
    .select({ id: companyImports.id })
    .from(companyImports)
    .where(and(eq(companyImports.status, 'queued'), lt(companyImports.updatedAt, before)));
  return found.map((f) => f.id);
}

// ---------------------------------------------------------------------------------------------
// Companies
// ---------------------------------------------------------------------------------------------

export interface TExistingCompanyRow {
  id: string;
  name: string;
  website: string | null;
  status: string;
  createdAt: Date;
}

/**
 * The organization's companies, reduced to what duplicate detection compares. With `before`,
 * only those that existed when the import started: a resumed import then sees the same
 * companies as its first run, not the ones it created itself.
 */
export function listCompaniesForDuplicates(tx: TTx, orgId: string, before?: Date): Promise<TExistingCompanyRow[]> {
  return tx
    .select({
      id: companies.id,
      name: companies.name,
      website: companies.website,
      status: companies.status,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .where(before ? and(eq(companies.orgId, orgId), lt(companies.createdAt, before)) : eq(companies.orgId, orgId));
}

export interface TImportCompany {
  id: string;
  name: string;
  status: string;
  website: string | null;
  industry: string | null;
  notes: string | null;
  country: string;
}

export interface TImportContact {
  id: string;
  company_id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * One batch as two multi-row INSERTs. The rows travel as one JSON parameter expanded by
 * json_to_recordset: one statement whatever the batch size. The import's batches on PGlite, and
 * its one-row retries of a batch the database refused; on PostgreSQL see copyImportBatch.
 */
export async function insertImportBatch(
  tx: TTx,
  orgId: string,
  batch: readonly TImportCompany[],
  contacts: readonly TImportContact[],
): Promise<void> {
  if (batch.length > 0) {
    await tx.execute(sql`
      INSERT INTO company (id, org_id, name, status, website, industry, notes, country)
      SELECT r.id, ${orgId}::uuid, r.name, r.status, r.website, r.industry, r.notes, r.country
      FROM json_to_recordset(${JSON.stringify(batch)}::json)
        AS r(id uuid, name text, status text, website text, industry text, notes text, country text)`);
  }
  if (contacts.length > 0) {
    await tx.execute(sql`
      INSERT INTO company_contact (id, org_id, company_id, name, email, phone, role, is_primary, is_active)
      SELECT r.id, ${orgId}::uuid, r.company_id, r.name, r.email, r.phone, 'primary', true, true
      FROM json_to_recordset(${JSON.stringify(contacts)}::json)
        AS r(id uuid, company_id uuid, name text, email text, phone text)`);
  }
}

/** The batch's staging table: temporary, so private to the transaction's session, and dropped at its commit. */
const STAGE_TABLE = 'pg_temp.company_import_stage';
const STAGE_COLUMNS = [
  'ord',
  'id',
  'name',
  'status',
  'website',
  'industry',
  'notes',
  'country',
  'contact',
  'contact_id',
  'contact_name',
  'contact_email',
  'contact_phone',
] as const;

/** One staged row per company, its contact (if any) alongside, in the order of STAGE_COLUMNS. */
function* stageRows(
  batch: readonly TImportCompany[],
  contacts: readonly TImportContact[],
): Generator<readonly TCopyValue[]> {
  const contactOf = new Map<string, TImportContact>();
  for (const c of contacts) contactOf.set(c.company_id, c);
  for (const [ord, c] of batch.entries()) {
    const contact = contactOf.get(c.id);
    yield [
      String(ord),
      c.id,
      c.name,
      c.status,
      c.website,
      c.industry,
      c.notes,
      c.country,
      contact ? 't' : 'f',
      contact?.id ?? null,
      contact?.name ?? null,
      contact?.email ?? null,
      contact?.phone ?? null,
    ];
  }
}

/**
 * The same batch as insertImportBatch, loaded near COPY speed: the rows go with COPY into a
 * temporary staging table made in this transaction (ON COMMIT DROP), then into company and
 * company_contact with one INSERT … SELECT each. Every contact must belong to a company of the
 * batch. Row-level security applies to the INSERTs as to any other. The tenant role may make the
 * table through the database's TEMPORARY privilege, which PostgreSQL gives PUBLIC by default.
 */
export async function copyImportBatch(
  tx: TTx,
  orgId: string,
  batch: readonly TImportCompany[],
  contacts: readonly TImportContact[],
): Promise<void> {
  if (batch.length === 0) return;
  await tx.execute(sql`
    CREATE TEMP TABLE company_import_stage (
      ord integer NOT NULL, id uuid NOT NULL, name text NOT NULL, status text NOT NULL, website text,
      industry text, notes text, country text NOT NULL, contact boolean NOT NULL, contact_id uuid, contact_name text,
      contact_email text, contact_phone text
    ) ON COMMIT DROP`);
  await copyRows(tx, { table: STAGE_TABLE, columns: STAGE_COLUMNS }, stageRows(batch, contacts));
  await tx.execute(sql`
    INSERT INTO company (id, org_id, name, status, website, industry, notes, country)
    SELECT s.id, ${orgId}::uuid, s.name, s.status, s.website, s.industry, s.notes, s.country
    FROM pg_temp.company_import_stage s ORDER BY s.ord`);
  if (contacts.length > 0) {
    await tx.execute(sql`
      INSERT INTO company_contact (id, org_id, company_id, name, email, phone, role, is_primary, is_active)
      SELECT s.contact_id, ${orgId}::uuid, s.id, s.contact_name, s.contact_email, s.contact_phone, 'primary', true, true
      FROM pg_temp.company_import_stage s WHERE s.contact ORDER BY s.ord`);
  }
}

/**
 * This transaction's commit does not wait for the disk flush. Each import batch commits with
 * its progress, so a batch lost in a crash is simply read again by the retry.
 */
export async function skipCommitFlush(tx: TTx): Promise<void> {
  await tx.execute(sql`SET LOCAL synchronous_commit = off`);
}
