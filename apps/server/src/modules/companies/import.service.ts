import { randomUUID } from 'node:crypto';
import {
  DEFAULT_DUPLICATE_ACTION,
  type TExistingCompany,
  type TImportDecisions,
  type TImportDuplicate,
  type TImportDuplicatesRequest,
  type TImportMapping,
  type TImportResult,
} from '@pennant/shared/companies.schemas';
import { findDuplicates } from '@pennant/shared/company-rules';
import {
  DEFAULT_IMPORT_CONTACT_NAME,
  importRecordHasContact,
  type TImportRecord,
  toImportRecords,
} from '@pennant/shared/import-mapping';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import { publishCompanies, requireCompanyRight, toIso } from './companies.service';
import { insertImportBatch, listCompaniesForDuplicates, type TImportContact } from './import.repo';
import { parseImportFile } from './import-file';

/** Rows per INSERT and per transaction. */
export const IMPORT_BATCH_SIZE = 1000;

async function existingCompanies(deps: TDeps, member: TMember): Promise<TExistingCompany[]> {
  const found = await withTenant(deps.db, member, (tx) => listCompaniesForDuplicates(tx, member.orgId));
  return found.map((c) => ({
    id: c.id,
    name: c.name,
    website: c.website,
    status: c.status,
    createdAt: toIso(c.created_at),
  }));
}

/**
 * The wizard's duplicate review: rows (in import-record order) that match a company the
 * organization has, by case-insensitive exact name or by website. Each defaults to skip.
 */
export async function checkDuplicates(
  deps: TDeps,
  member: TMember,
  input: TImportDuplicatesRequest,
): Promise<TImportDuplicate[]> {
  requireCompanyRight(member, 'create');
  return findDuplicates(input.rows, await existingCompanies(deps, member));
}

export interface TImportInput {
  file: Buffer;
  fileName: string;
  sheet?: string;
  mapping: TImportMapping;
  decisions: TImportDecisions;
}

function toBatch(records: readonly TImportRecord[]) {
  const companies = records.map((r) => ({
    id: randomUUID(),
    name: r.name,
    status: r.status,
    website: r.website ?? null,
    industry: r.industry ?? null,
    notes: r.notes ?? null,
    country: r.country,
  }));
  const contacts: TImportContact[] = [];
  records.forEach((r, i) => {
    const company = companies[i];
    if (company && importRecordHasContact(r)) {
      contacts.push({
        company_id: company.id,
        name: r.contactName ?? DEFAULT_IMPORT_CONTACT_NAME,
        email: r.contactEmail ?? null,
        phone: r.contactPhone ?? null,
      });
    }
  });
  return { companies, contacts };
}

/**
 * Imports an uploaded file: checks and parses it on the server, applies the mapping, drops rows
 * without a name, re-checks duplicates against the organization's companies and applies the
 * decisions (default skip; merge is not supported and imports as new, as the spec says). Inserts
 * prospects with country US and, when a row has a contact name or email, its primary contact,
 * in batches of 1,000 rows, each batch in its own transaction: a failed batch is reported and
 * leaves nothing behind, the others are kept.
 *
 * The free plan's sponsor limit does not apply: an import only creates prospects.
 */
export async function importCompanies(
  deps: TDeps,
  member: TMember,
  input: TImportInput,
  batchSize = IMPORT_BATCH_SIZE,
): Promise<TImportResult> {
  requireCompanyRight(member, 'create');
  const parsed = parseImportFile(input.file, input.fileName, input.sheet);
  const headers = new Set(parsed.table.headers);
  for (const header of Object.keys(input.mapping)) {
    if (!headers.has(header)) throw new AppError('bad_request', `Column "${header}" was not found in the file`);
  }
  const records = toImportRecords(parsed.table.rows, input.mapping);

  const duplicates = findDuplicates(records, await existingCompanies(deps, member));
  const skip = new Set<number>();
  for (const d of duplicates) {
    const action = input.decisions[String(d.rowIndex)] ?? DEFAULT_DUPLICATE_ACTION;
    if (action === 'skip') skip.add(d.rowIndex);
  }
  const toInsert = records.filter((_, i) => !skip.has(i));

  const result: TImportResult = { imported: 0, failed: 0, skipped: skip.size, failedBatches: [] };
  for (let start = 0; start < toInsert.length; start += batchSize) {
    const slice = toInsert.slice(start, start + batchSize);
    const { companies, contacts } = toBatch(slice);
    try {
      await withTenant(deps.db, member, (tx) => insertImportBatch(tx, member.orgId, companies, contacts));
      result.imported += slice.length;
    } catch (err) {
      const fromRow = slice[0]?.rowNumber ?? 0;
      const toRow = slice[slice.length - 1]?.rowNumber ?? fromRow;
      deps.log.warn({ err, orgId: member.orgId, fromRow, toRow }, 'company import batch failed');
      result.failed += slice.length;
      result.failedBatches.push({
        fromRow,
        toRow,
        message: `Rows ${fromRow} to ${toRow} could not be saved. Check them for unusual values and import them again.`,
      });
    }
  }
  if (result.imported > 0) publishCompanies(deps, member);
  return result;
}
