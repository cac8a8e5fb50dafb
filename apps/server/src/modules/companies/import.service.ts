import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  checkImportRecord,
  DEFAULT_IMPORT_CONTACT_NAME,
  duplicateMatcher,
  importRecordHasContact,
  importRecordMapper,
  type TImportRecord,
} from '@pennant/shared/companies/import-mapping';
import {
  DEFAULT_DUPLICATE_ACTION,
  duplicateAction,
  IMPORT_DUPLICATES_SHOWN,
  IMPORT_FAILURES_KEPT,
  IMPORT_FILE_KINDS,
  IMPORT_MESSAGES,
  IMPORT_STATUSES,
  type TImportAnalyze,
  type TImportDecisions,
  type TImportDuplicate,
  type TImportDuplicatesReply,
  type TImportFailure,
  type TImportFileKind,
  type TImportMapping,
  type TImportState,
  type TImportStatus,
} from '@pennant/shared/companies/schemas';
import { planAllows } from '@pennant/shared/organization/plans';
import { v7 as timeOrderedUuid } from 'uuid';
import type { TTx } from '../../db/client';
import type { TStoredImportDecisions } from '../../db/schema/imports';
import { readTenant, type TTenantCtx, withPlatform, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import { isId, requireCompanyRight, toIso } from './companies.service';
import {
  claimImport,
  commitBatchProgress,
  copyImportBatch,
  countActiveImports,
  expireOpenImportsOf,
  findImport,
  findImportForJob,
  findWaitingImports,
  finishImport,
  insertImport,
  insertImportBatch,
  listCompaniesForDuplicates,
  lockImportProgress,
  queueImport,
  readImportFile,
  saveReview,
  skipCommitFlush,
  sweepStaleImports,
  type TExistingCompanyRow,
  type TImportCompany,
  type TImportContact,
  type TImportRecordRow,
} from './import.repo';
import { checkUpload, readImportRows } from './import-file';

/**
 * Rows per INSERT and per transaction. Embedded PGlite runs every query on the server's one
 * thread, so its batches stay small and another organization's request waits at most one short
 * batch; a PostgreSQL server runs the batch in its own process, where bigger batches cost fewer
 * round trips and commits.
 */
export const IMPORT_BATCH_SIZE = { pglite: 500, postgres: 2000 } as const;
/** Imports one organization may have queued or running at once. */
export const MAX_ACTIVE_IMPORTS = 2;
/** Attempts of the job before an import that keeps failing is marked failed. */
export const IMPORT_JOB_ATTEMPTS = 3;
/** An upload that never finished is expired (and its file deleted) after this long. */
export const IMPORT_KEEP_MS = 24 * 60 * 60 * 1000;
/** A queued import not picked up within this long is sent to the queue again. */
const REQUEUE_AFTER_MS = 60_000;
/**
 * While a batch is in flight, the job yields the event loop every this many rows it reads, so the
 * batch's next statement goes out soon after the server answers the last (a few ms of reading).
 */
const OVERLAP_YIELD_ROWS = 100;
/** The company list is told about new rows at most this often while an import runs. */
const COMPANIES_EVENT_MS = 1000;

export const IMPORT_COMPANIES = 'import-companies';

const importNotFound = () => new AppError('not_found', IMPORT_MESSAGES.notFound);

/** The import routes need the right to add companies and a plan that includes bulk import. */
export function requireImportRight(member: TMember): void {
  requireCompanyRight(member, 'create');
  if (!planAllows(member.plan, 'bulkImport')) throw new AppError('plan_limit', IMPORT_MESSAGES.planRequired);
}

const toStatus = (raw: string): TImportStatus => IMPORT_STATUSES.find((s) => s === raw) ?? 'failed';
const toKind = (raw: string): TImportFileKind => IMPORT_FILE_KINDS.find((k) => k === raw) ?? 'csv';

function toState(row: TImportRecordRow): TImportState {
  return {
    id: row.id,
    fileName: row.fileName,
    fileKind: toKind(row.fileKind),
    sheets: row.sheets,
    sheet: row.sheet,
    status: toStatus(row.status),
    totalRows: row.totalRows,
    rowsDone: row.rowsDone,
    imported: row.imported,
    skipped: row.skipped,
    failed: row.failed,
    failures: row.failures,
    error: row.error,
    createdAt: toIso(row.createdAt),
    finishedAt: toIso(row.finishedAt),
  };
}

async function requireImport(tx: TTx, member: TMember, id: string): Promise<TImportRecordRow> {
  const found = isId(id) ? await findImport(tx, member.orgId, id) : null;
  if (!found) throw importNotFound();
  return found;
}

function publishImports(deps: TDeps, orgId: string): void {
  deps.hub.publish(orgId, { topic: 'imports' });
}

// ---------------------------------------------------------------------------------------------
// Upload, review, start, state
// ---------------------------------------------------------------------------------------------

/**
 * Stores an upload once it passes the file checks (type by its bytes, size, row limit for CSV)
 * and opens its import record. The user's earlier uploads that never started expire with it.
 */
export async function uploadImport(
  deps: TDeps,
  member: TMember,
  input: { file: Buffer; fileName: string },
): Promise<TImportState> {
  requireImportRight(member);
  const checked = await checkUpload(input.file, input.fileName);
  const row = await withTenant(deps.db, member, async (tx) => {
    await expireOpenImportsOf(tx, member.orgId, member.userId);
    return insertImport(tx, {
      orgId: member.orgId,
      createdBy: member.userId,
      fileName: input.fileName.slice(0, 255),
      fileKind: checked.kind,
      fileSize: input.file.length,
      sheets: checked.sheets,
      content: input.file,
    });
  });
  return toState(row);
}

export async function getImport(deps: TDeps, member: TMember, id: string): Promise<TImportState> {
  requireImportRight(member);
  return toState(await readTenant(deps.db, member, (tx) => requireImport(tx, member, id)));
}

function toExisting(c: TExistingCompanyRow) {
  return { id: c.id, name: c.name, website: c.website, status: c.status, createdAt: toIso(c.createdAt) };
}

function missingColumn(mapping: TImportMapping) {
  return (headers: readonly string[]) => {
    const have = new Set(headers);
    for (const header of Object.keys(mapping)) {
      if (!have.has(header)) throw new AppError('bad_request', `Column "${header}" was not found in the file`);
    }
  };
}

function ensureOpen(row: TImportRecordRow): void {
  if (row.status === 'expired') throw new AppError('conflict', IMPORT_MESSAGES.expired);
  if (row.status !== 'uploaded' && row.status !== 'reviewed') {
    throw new AppError('conflict', IMPORT_MESSAGES.alreadyStarted);
  }
}

/**
 * The review: reads the stored file with the chosen sheet and mapping (the whole of it, for any
 * allowed size) and finds the rows that match a company the organization has. Every duplicate's
 * rowIndex comes back, the first IMPORT_DUPLICATES_SHOWN in full. Records sheet and mapping.
 */
export async function checkImportDuplicates(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TImportAnalyze,
): Promise<TImportDuplicatesReply> {
  requireImportRight(member);
  const { row, file, existing } = await withTenant(deps.db, member, async (tx) => {
    const found = await requireImport(tx, member, id);
    ensureOpen(found);
    const content = await readImportFile(tx, member.orgId, id);
    if (!content) throw new AppError('conflict', IMPORT_MESSAGES.expired);
    return { row: found, file: content, existing: await listCompaniesForDuplicates(tx, member.orgId) };
  });
  const kind = toKind(row.fileKind);
  const sheet = kind === 'csv' ? null : (input.sheet ?? row.sheets[0] ?? null);
  const toRecord = importRecordMapper(input.mapping);
  const match = duplicateMatcher(existing);
  let totalRows = 0;
  let records = 0;
  const duplicateRows: number[] = [];
  const duplicates: TImportDuplicate[] = [];
  for (const data of readImportRows(file, kind, sheet, missingColumn(input.mapping))) {
    totalRows += 1;
    const record = toRecord(data);
    if (!record) continue;
    const rowIndex = records;
    records += 1;
    const found = match(record);
    if (!found) continue;
    duplicateRows.push(rowIndex);
    if (duplicates.length < IMPORT_DUPLICATES_SHOWN) {
      duplicates.push({
        rowIndex,
        rowNumber: record.rowNumber,
        importRow: { name: record.name, website: record.website ?? null },
        existingCompany: toExisting(found.existing),
        matchReason: found.reason,
        action: DEFAULT_DUPLICATE_ACTION,
      });
    }
    // A long file must not hold the event loop: other requests get their turn now and then.
    if (totalRows % 5000 === 0) await yieldToEventLoop();
  }
  const saved = await withTenant(deps.db, member, (tx) =>
    saveReview(tx, member.orgId, id, { sheet, mapping: input.mapping, totalRows }),
  );
  if (!saved) throw new AppError('conflict', IMPORT_MESSAGES.alreadyStarted);
  return { totalRows, records, duplicateRows, duplicates };
}

/**
 * Starts a reviewed import: records the duplicate decisions and hands the import to the job.
 * Replies with its state (with the inline test queue, already finished).
 */
export async function startImport(
  deps: TDeps,
  member: TMember,
  id: string,
  decisions: TImportDecisions,
): Promise<TImportState> {
  requireImportRight(member);
  const stored: TStoredImportDecisions = { defaultAction: decisions.defaultAction, overrides: decisions.overrides };
  await withTenant(deps.db, member, async (tx) => {
    const found = await requireImport(tx, member, id);
    if (found.status === 'uploaded') throw new AppError('conflict', IMPORT_MESSAGES.notReviewed);
    ensureOpen(found);
    if ((await countActiveImports(tx, member.orgId)) >= MAX_ACTIVE_IMPORTS) {
      throw new AppError('conflict', IMPORT_MESSAGES.tooManyRunning);
    }
    if (!(await queueImport(tx, member.orgId, id, stored)))
      throw new AppError('conflict', IMPORT_MESSAGES.alreadyStarted);
  });
  publishImports(deps, member.orgId);
  // Should sending fail, the import stays queued and the sweep enqueues it again.
  await deps.queue.send(IMPORT_COMPANIES, { importId: id }, id);
  return getImport(deps, member, id);
}

// ---------------------------------------------------------------------------------------------
// The job
// ---------------------------------------------------------------------------------------------

/** Another run already committed this batch, or the import ended: this run stops. */
class BatchSuperseded extends Error {}

export interface TImportRunOptions {
  batchSize?: number;
  /** Test hook: runs after each committed batch (a throw here stands in for a crash). */
  afterBatch?: (batch: number) => void | Promise<void>;
}

interface TBatchPlan {
  /** Rows of the file the batch covers (rows without a company name too). */
  rows: number;
  companies: TImportCompany[];
  contacts: TImportContact[];
  rowNumbers: number[];
  skipped: number;
  failures: TImportFailure[];
}

const emptyPlan = (): TBatchPlan => ({
  rows: 0,
  companies: [],
  contacts: [],
  rowNumbers: [],
  skipped: 0,
  failures: [],
});

/** Sorts one row into its batch: a skipped duplicate, a row the form's rules refuse, or a company to insert. */
function planRow(
  plan: TBatchPlan,
  record: TImportRecord | null,
  rowIndex: number,
  match: ReturnType<typeof duplicateMatcher<TExistingCompanyRow>>,
  decisions: TImportDecisions,
): void {
  plan.rows += 1;
  if (!record) return;
  if (match(record) && duplicateAction(decisions, rowIndex) === 'skip') {
    plan.skipped += 1;
    return;
  }
  const checked = checkImportRecord(record);
  if (!checked.ok) {
    plan.failures.push({ row: checked.rowNumber, reason: checked.reason });
    return;
  }
  const { row } = checked;
  // Time-ordered ids: each batch's rows land at the right edge of every index keyed by id
  // (company's, its search row's, the contacts' company_id) instead of on random pages, which
  // measured 10-20% off a 100,000-row import on PostgreSQL (bench:import).
  const id = timeOrderedUuid();
  plan.companies.push({
    id,
    name: row.name,
    status: record.status,
    website: row.website ?? null,
    industry: row.industry ?? null,
    notes: row.notes ?? null,
    country: record.country,
  });
  plan.rowNumbers.push(record.rowNumber);
  const contactName = row.contactName ?? null;
  const contactEmail = row.contactEmail ?? null;
  if (importRecordHasContact({ contactName: contactName ?? undefined, contactEmail: contactEmail ?? undefined })) {
    plan.contacts.push({
      id: timeOrderedUuid(),
      company_id: id,
      name: contactName ?? DEFAULT_IMPORT_CONTACT_NAME,
      email: contactEmail,
      phone: row.contactPhone ?? null,
    });
  }
}

const SAVE_FAILED = 'This row could not be saved. Check it for unusual values and import it again.';

/**
 * Inserts a batch set-based: on PostgreSQL through a COPY-loaded staging table (copyImportBatch),
 * on PGlite in one statement per table (insertImportBatch; there COPY reads a server-side file,
 * which the tenant role may not, and it measured no faster). Should the database refuse the
 * batch, its rows go in one by one (each in its own savepoint), so one bad row is reported alone
 * and its neighbours are kept.
 */
async function insertBatch(
  deps: TDeps,
  tx: TTx,
  orgId: string,
  plan: TBatchPlan,
): Promise<{ imported: number; failures: TImportFailure[] }> {
  const apply = deps.database.kind === 'postgres' ? copyImportBatch : insertImportBatch;
  try {
    await tx.transaction((sp) => apply(sp, orgId, plan.companies, plan.contacts));
    return { imported: plan.companies.length, failures: [] };
  } catch (err) {
    // Rare (the rows passed the form's rules) and much slower: worth a line in the log.
    deps.log.warn({ err, orgId, rows: plan.companies.length }, 'company import batch refused, saving it row by row');
    let imported = 0;
    const failures: TImportFailure[] = [];
    for (const [i, company] of plan.companies.entries()) {
      const contacts = plan.contacts.filter((c) => c.company_id === company.id);
      try {
        await tx.transaction((sp) => insertImportBatch(sp, orgId, [company], contacts));
        imported += 1;
      } catch {
        failures.push({ row: plan.rowNumbers[i] ?? 0, reason: SAVE_FAILED });
      }
    }
    return { imported, failures };
  }
}

async function endImport(
  deps: TDeps,
  ctx: TTenantCtx,
  id: string,
  end: { status: 'done' | 'failed'; error?: string; totalRows?: number },
): Promise<void> {
  await withTenant(deps.db, ctx, (tx) => finishImport(tx, ctx.orgId, id, end));
  publishImports(deps, ctx.orgId);
  deps.hub.publish(ctx.orgId, { topic: 'companies' });
}

/**
 * Runs (or resumes) an import. The file is read streaming from the start; rows an earlier run
 * committed are passed over. Each batch commits its companies and the progress in one
 * transaction, after checking under a row lock that the progress is still where this run read
 * it: a retry resumes where the last commit left off and a second, concurrent run stops without
 * inserting anything. Batches commit one after another, in file order; on PostgreSQL the next
 * batch is read and checked while the server writes the one before (the server is the slower
 * half: see bench/import.bench.ts). Between batches the event loop is yielded, so other requests
 * go first.
 *
 * Duplicates are judged against the companies that existed when the import first started, so a
 * resumed run decides every row as the first run would have.
 */
export async function runImport(deps: TDeps, importId: string, opts: TImportRunOptions = {}): Promise<void> {
  const found = await withPlatform(deps.db, deps.log, 'import job: find the organization', (tx) =>
    findImportForJob(tx, importId),
  );
  if (!found || (found.status !== 'queued' && found.status !== 'running')) return;
  const ctx: TTenantCtx = { orgId: found.orgId, userId: found.createdBy ?? '' };
  const { orgId } = ctx;
  const claimed = await withTenant(deps.db, ctx, (tx) => claimImport(tx, orgId, importId));
  if (!claimed) return;
  publishImports(deps, orgId);

  const setup = await withTenant(deps.db, ctx, async (tx) => ({
    file: await readImportFile(tx, orgId, importId),
    existing: await listCompaniesForDuplicates(tx, orgId, claimed.startedAt ?? undefined),
  }));
  if (!setup.file || !claimed.mapping) {
    await endImport(deps, ctx, importId, { status: 'failed', error: IMPORT_MESSAGES.expired });
    return;
  }
  const decisions: TImportDecisions = claimed.decisions ?? { defaultAction: DEFAULT_DUPLICATE_ACTION, overrides: {} };
  const match = duplicateMatcher(setup.existing);
  const toRecord = importRecordMapper(claimed.mapping);
  const batchSize = opts.batchSize ?? IMPORT_BATCH_SIZE[deps.database.kind];

  let rowsDone = claimed.rowsDone;
  const resumeAfter = claimed.rowsDone;
  let failuresKept = claimed.failures.length;
  let batches = 0;
  let lastCompaniesEvent = 0;
  let seen = 0;
  let records = 0;
  let plan = emptyPlan();
  /** The batch PostgreSQL is writing while the next one is read and checked here. */
  let inFlight: Promise<void> | null = null;

  const commit = async (batch: TBatchPlan) => {
    const saved = await withTenant(deps.db, ctx, async (tx) => {
      await skipCommitFlush(tx);
      const progress = await lockImportProgress(tx, orgId, importId);
      if (progress?.status !== 'running' || progress.rowsDone !== rowsDone) throw new BatchSuperseded();
      const inserted = await insertBatch(deps, tx, orgId, batch);
      const failures = [...batch.failures, ...inserted.failures].sort((a, b) => a.row - b.row);
      const kept = failures.slice(0, Math.max(0, IMPORT_FAILURES_KEPT - failuresKept));
      const ok = await commitBatchProgress(tx, orgId, importId, {
        from: rowsDone,
        rows: batch.rows,
        imported: inserted.imported,
        skipped: batch.skipped,
        failed: failures.length,
        failures: kept,
      });
      if (!ok) throw new BatchSuperseded();
      return { kept: kept.length, imported: inserted.imported };
    });
    rowsDone += batch.rows;
    failuresKept += saved.kept;
    batches += 1;
    publishImports(deps, orgId);
    if (saved.imported > 0 && Date.now() - lastCompaniesEvent >= COMPANIES_EVENT_MS) {
      lastCompaniesEvent = Date.now();
      deps.hub.publish(orgId, { topic: 'companies' });
    }
    await opts.afterBatch?.(batches);
    await yieldToEventLoop();
  };

  /** Waits for the batch in flight, if any; its failure is thrown here. */
  const settle = async () => {
    const flying = inFlight;
    inFlight = null;
    await flying;
  };

  /**
   * Commits a batch once the one before it has committed. On PostgreSQL the batch is left in
   * flight while the next is read: the server writes one batch while this process reads the next.
   * PGlite runs on this thread, so there each batch is awaited at once.
   */
  const send = async (batch: TBatchPlan) => {
    await settle();
    const committing = commit(batch);
    if (deps.database.kind === 'pglite') {
      await committing;
      return;
    }
    // Handled when settled; until then a failure must not count as an unhandled rejection.
    committing.catch(() => undefined);
    inFlight = committing;
  };

  try {
    const kind = toKind(claimed.fileKind);
    for (const data of readImportRows(setup.file, kind, claimed.sheet, missingColumn(claimed.mapping))) {
      seen += 1;
      const record = toRecord(data);
      const rowIndex = record ? records++ : -1;
      // Committed by an earlier run: read past it (the row still counts for the rowIndex).
      if (seen <= resumeAfter) continue;
      planRow(plan, record, rowIndex, match, decisions);
      if (plan.rows >= batchSize) {
        const batch = plan;
        plan = emptyPlan();
        await send(batch);
      } else if (inFlight && plan.rows % OVERLAP_YIELD_ROWS === 0) {
        // Lets the batch in flight go on to its next statement as soon as the server answers.
        await yieldToEventLoop();
      }
    }
    if (plan.rows > 0) await send(plan);
    await settle();
    await endImport(deps, ctx, importId, { status: 'done', totalRows: seen });
  } catch (caught) {
    // A batch still in flight settles first; should it fail too, that failure came first.
    let err = caught;
    await settle().catch((e: unknown) => {
      err = e;
    });
    if (err instanceof BatchSuperseded) return;
    if (err instanceof AppError) {
      // The file itself is the problem (it passed the review, so this is rare): no retry helps.
      await endImport(deps, ctx, importId, { status: 'failed', error: err.message });
      return;
    }
    deps.log.warn({ err, importId, orgId, rowsDone, attempt: claimed.attempts }, 'company import interrupted');
    if (claimed.attempts >= IMPORT_JOB_ATTEMPTS) {
      await endImport(deps, ctx, importId, {
        status: 'failed',
        error: 'The import stopped unexpectedly. The companies imported so far are kept.',
      });
      return;
    }
    throw err;
  }
}

/** Every minute: imports whose enqueueing was lost go back on the queue; after a day, uploads expire. */
export async function sweepImports(deps: TDeps, now = new Date()): Promise<void> {
  const ended = await withPlatform(deps.db, deps.log, 'sweep company imports', (tx) =>
    sweepStaleImports(tx, new Date(now.getTime() - IMPORT_KEEP_MS)),
  );
  for (const { orgId } of ended) publishImports(deps, orgId);
  const waiting = await withPlatform(deps.db, deps.log, 'sweep company imports: waiting', (tx) =>
    findWaitingImports(tx, new Date(now.getTime() - REQUEUE_AFTER_MS)),
  );
  for (const importId of waiting) await deps.queue.send(IMPORT_COMPANIES, { importId }, importId);
}
