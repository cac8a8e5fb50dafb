import { normalizeImportedPhone, normalizeWebsite, type TDuplicateCandidate } from './rules';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_TARGET_LABELS,
  IMPORT_TARGETS,
  REQUIRED_IMPORT_TARGETS,
  type TDuplicateReason,
  type TImportMapping,
  type TImportRowInput,
  type TImportRowValid,
  type TImportTarget,
  ZImportRow,
} from './schemas';

// ---------------------------------------------------------------------------------------------
// Reading a parsed file. Browser and server parse with the same options and then both call
// readImportTable, so row indexes (duplicate decisions) mean the same rows on both sides.
// ---------------------------------------------------------------------------------------------

/** papaparse options: an array of arrays, every line kept so row numbers match the file. */
export const CSV_PARSE_OPTIONS = { header: false, skipEmptyLines: false, dynamicTyping: false } as const;
/** SheetJS `read` options. */
export const SHEET_READ_OPTIONS = { dense: true, cellFormula: false, cellHTML: false, cellText: true } as const;
/** SheetJS `utils.sheet_to_json` options: an array of arrays of formatted text, blank rows kept. */
export const SHEET_TO_ROWS_OPTIONS = { header: 1, raw: false, defval: '', blankrows: true } as const;

export const PREVIEW_ROWS = 6;
export const SAMPLE_ROWS = 3;

export interface TImportRow {
  /** Spreadsheet row number: the file's first line is row 1. */
  rowNumber: number;
  values: Record<string, string>;
}

export interface TImportTable {
  headers: string[];
  rows: TImportRow[];
}

export type TReadTableResult = { ok: true; table: TImportTable } | { ok: false; message: string };

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number' || typeof cell === 'boolean' || typeof cell === 'bigint') return String(cell);
  return '';
}

const isBlank = (row: readonly unknown[]) => row.every((c) => cellText(c) === '');
/** Empty lines (a trailing newline) are not rows; a line of empty cells (',,') is a blank row. */
const isEmptyLine = (row: readonly unknown[]) => row.length === 0 || (row.length === 1 && cellText(row[0]) === '');

/**
 * Reads a parsed file one line at a time, so a server can stream it: the header row is the first
 * non-blank line; only columns with a header are kept (a repeated header gets '_1', '_2'…);
 * blank rows are dropped. Call `finish` after the last line for the spec's file messages.
 */
export class ImportTableReader {
  private columns: { index: number; header: string }[] | null = null;
  private line = 0;
  private linesBelow = 0;
  /** Data rows read so far. */
  rowCount = 0;

  /** The kept column headers, once the header row has been read. */
  get headers(): string[] | null {
    return this.columns ? this.columns.map((c) => c.header) : null;
  }

  /** Feeds the next line of the file; returns the data row it makes, if any. */
  push(raw: readonly unknown[]): TImportRow | null {
    this.line += 1;
    if (!this.columns) {
      if (isBlank(raw)) return null;
      const columns: { index: number; header: string }[] = [];
      const seen = new Map<string, number>();
      raw.forEach((cell, index) => {
        const header = typeof cell === 'string' ? cell.trim() : '';
        if (!header) return;
        const n = seen.get(header) ?? 0;
        seen.set(header, n + 1);
        columns.push({ index, header: n === 0 ? header : `${header}_${n}` });
      });
      this.columns = columns;
      return null;
    }
    if (!isEmptyLine(raw)) this.linesBelow += 1;
    const values: Record<string, string> = {};
    let filled = false;
    for (const col of this.columns) {
      const value = cellText(raw[col.index]);
      values[col.header] = value;
      if (value) filled = true;
    }
    if (!filled) return null;
    this.rowCount += 1;
    return { rowNumber: this.line, values };
  }

  /** After the last line: null when the file had a header and data, else the spec's message. */
  finish(): string | null {
    if (!this.columns) return IMPORT_MESSAGES.emptyOrCorrupted;
    if (this.columns.length === 0 || this.linesBelow === 0) return IMPORT_MESSAGES.needsHeaderAndData;
    if (this.rowCount === 0) return IMPORT_MESSAGES.noDataRows;
    return null;
  }
}

/**
 * The header row (the first non-blank line) and the data rows below it, as ImportTableReader
 * reads them; more than IMPORT_MAX_ROWS data rows is refused.
 */
export function readImportTable(matrix: readonly (readonly unknown[])[]): TReadTableResult {
  const reader = new ImportTableReader();
  const rows: TImportRow[] = [];
  for (const raw of matrix) {
    const row = reader.push(raw);
    if (!row) continue;
    if (reader.rowCount > IMPORT_MAX_ROWS) return { ok: false, message: IMPORT_MESSAGES.tooManyRows };
    rows.push(row);
  }
  const problem = reader.finish();
  if (problem) return { ok: false, message: problem };
  return { ok: true, table: { headers: reader.headers ?? [], rows } };
}

// ---------------------------------------------------------------------------------------------
// Auto-matching columns to fields
// ---------------------------------------------------------------------------------------------

/** Header spellings recognised for each field. */
export const IMPORT_TARGET_VARIATIONS: Record<TImportTarget, readonly string[]> = {
  name: [
    'name',
    'company',
    'company name',
    'business',
    'business name',
    'organization',
    'organization name',
    'organisation',
    'organisation name',
    'account',
    'account name',
    'sponsor',
    'sponsor name',
    'firm',
    'employer',
  ],
  contact_name: [
    'contact',
    'contact name',
    'contact person',
    'primary contact',
    'full name',
    'person',
    'representative',
    'owner',
    'owner name',
  ],
  contact_email: ['email', 'e-mail', 'email address', 'e-mail address', 'contact email', 'contact e-mail', 'mail'],
  notes: ['notes', 'note', 'comments', 'comment', 'description', 'remarks', 'memo'],
  website: ['website', 'web site', 'url', 'web', 'site', 'homepage', 'home page', 'web address', 'domain'],
  contact_phone: [
    'phone',
    'phone number',
    'telephone',
    'tel',
    'mobile',
    'cell',
    'cell phone',
    'contact phone',
    'business phone',
  ],
  industry: ['industry', 'sector', 'category', 'business type', 'type', 'vertical'],
};

export const AUTO_MATCH = {
  exact: 100,
  partial: 50,
  shortHeaderBonus: 10,
  /** Headers shorter than this earn the bonus. */
  shortHeaderLength: 15,
  threshold: 50,
} as const;

const normalizeHeader = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const containsWords = (hay: string, needle: string) => ` ${hay} `.includes(` ${needle} `);

interface TMatch {
  score: number;
  /** Length of the variation that matched: the more specific wins a tie. */
  specificity: number;
}

function bestMatch(header: string, target: TImportTarget): TMatch {
  const h = normalizeHeader(header);
  let best: TMatch = { score: 0, specificity: 0 };
  if (!h) return best;
  for (const variation of IMPORT_TARGET_VARIATIONS[target]) {
    const v = normalizeHeader(variation);
    let score = 0;
    if (h === v) score = AUTO_MATCH.exact;
    else if (containsWords(h, v) || (h.length >= 3 && containsWords(v, h))) score = AUTO_MATCH.partial;
    if (score > best.score || (score === best.score && score > 0 && v.length > best.specificity)) {
      best = { score, specificity: v.length };
    }
  }
  if (best.score > 0 && header.trim().length < AUTO_MATCH.shortHeaderLength) {
    best = { ...best, score: best.score + AUTO_MATCH.shortHeaderBonus };
  }
  return best;
}

/**
 * How well a header fits a field: an exact variation scores 100, a partial one (whole words of
 * one inside the other) 50, plus 10 when the header is shorter than 15 characters; 0 otherwise.
 */
export function matchScore(header: string, target: TImportTarget): number {
  return bestMatch(header, target).score;
}

/**
 * Proposes a mapping: the best-scoring pairs first, each column to one field and each field to
 * one column, and only pairs scoring 50 or more.
 */
export function autoMatch(headers: readonly string[]): Record<string, TImportTarget> {
  const pairs: { column: number; header: string; target: TImportTarget; targetOrder: number; match: TMatch }[] = [];
  headers.forEach((header, column) => {
    IMPORT_TARGETS.forEach((target, targetOrder) => {
      const match = bestMatch(header, target);
      if (match.score >= AUTO_MATCH.threshold) pairs.push({ column, header, target, targetOrder, match });
    });
  });
  pairs.sort(
    (a, b) =>
      b.match.score - a.match.score ||
      b.match.specificity - a.match.specificity ||
      a.column - b.column ||
      a.targetOrder - b.targetOrder,
  );
  const mapping: Record<string, TImportTarget> = {};
  const usedTargets = new Set<TImportTarget>();
  for (const p of pairs) {
    if (p.header in mapping || usedTargets.has(p.target)) continue;
    mapping[p.header] = p.target;
    usedTargets.add(p.target);
  }
  return mapping;
}

/** Required fields no column is mapped to (Continue stays disabled while any is missing). */
export function missingRequiredTargets(mapping: Readonly<Record<string, TImportTarget>>): TImportTarget[] {
  const mapped = new Set(Object.values(mapping));
  return REQUIRED_IMPORT_TARGETS.filter((t) => !mapped.has(t));
}

/** True when some header looks like a company name (else the upload step shows a warning). */
export function hasCompanyNameColumn(headers: readonly string[]): boolean {
  return headers.some((h) => matchScore(h, 'name') >= AUTO_MATCH.threshold);
}

// ---------------------------------------------------------------------------------------------
// Column fill
// ---------------------------------------------------------------------------------------------

/** Share of rows (0–100, rounded) with a value in the column. */
export function percentFilled(rows: readonly TImportRow[], header: string): number {
  if (rows.length === 0) return 0;
  let filled = 0;
  for (const row of rows) if (row.values[header]) filled++;
  return Math.round((filled / rows.length) * 100);
}

export type TFillTone = 'green' | 'yellow' | 'red';

/** Green at 80% or more, yellow at 50% or more, red below. */
export function fillTone(percent: number): TFillTone {
  if (percent >= 80) return 'green';
  if (percent >= 50) return 'yellow';
  return 'red';
}

/** Up to n non-blank values of a column, for the mapping step's samples. */
export function sampleValues(rows: readonly TImportRow[], header: string, n = SAMPLE_ROWS): string[] {
  const out: string[] = [];
  for (const row of rows) {
    const v = row.values[header];
    if (v) out.push(v);
    if (out.length >= n) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rows → records
// ---------------------------------------------------------------------------------------------

export const DEFAULT_IMPORT_CONTACT_NAME = 'Primary Contact';
export const IMPORT_COUNTRY = 'US';
export const IMPORT_STATUS = 'prospect';

export interface TImportRecord {
  rowNumber: number;
  name: string;
  website?: string;
  industry?: string;
  notes?: string;
  contactName?: string;
  contactEmail?: string;
  contactPhone?: string;
  country: typeof IMPORT_COUNTRY;
  status: typeof IMPORT_STATUS;
}

/**
 * The record one row makes under a mapping: empty strings as undefined, country US and status
 * prospect; null when the row has no company name (such rows are dropped).
 */
export function importRecordMapper(mapping: TImportMapping): (row: TImportRow) => TImportRecord | null {
  const columnOf = new Map<TImportTarget, string>();
  for (const [header, target] of Object.entries(mapping)) columnOf.set(target, header);
  const read = (row: TImportRow, target: TImportTarget): string | undefined => {
    const header = columnOf.get(target);
    const v = header === undefined ? undefined : row.values[header]?.trim();
    return v ? v : undefined;
  };
  return (row) => {
    const name = read(row, 'name');
    if (!name) return null;
    const phone = read(row, 'contact_phone');
    return {
      rowNumber: row.rowNumber,
      name,
      website: read(row, 'website'),
      industry: read(row, 'industry'),
      notes: read(row, 'notes'),
      contactName: read(row, 'contact_name'),
      contactEmail: read(row, 'contact_email'),
      contactPhone: phone === undefined ? undefined : normalizeImportedPhone(phone),
      country: IMPORT_COUNTRY,
      status: IMPORT_STATUS,
    };
  };
}

/**
 * The companies an import creates, in file order: the mapping applied, rows without a name
 * dropped. A record's position in this list is the rowIndex of duplicate checks and decisions.
 */
export function toImportRecords(rows: readonly TImportRow[], mapping: TImportMapping): TImportRecord[] {
  const toRecord = importRecordMapper(mapping);
  const records: TImportRecord[] = [];
  for (const row of rows) {
    const record = toRecord(row);
    if (record) records.push(record);
  }
  return records;
}

/** A contact is created when the row has a contact name or email. */
export function importRecordHasContact(r: Pick<TImportRecord, 'contactName' | 'contactEmail'>): boolean {
  return Boolean(r.contactName || r.contactEmail);
}

/** Which column each field of ZImportRow comes from, for the reasons of rejected rows. */
const ROW_FIELD_TARGETS: Record<keyof TImportRowInput, TImportTarget> = {
  name: 'name',
  website: 'website',
  industry: 'industry',
  notes: 'notes',
  contactName: 'contact_name',
  contactEmail: 'contact_email',
  contactPhone: 'contact_phone',
};

const isRowField = (key: PropertyKey | undefined): key is keyof TImportRowInput =>
  typeof key === 'string' && key in ROW_FIELD_TARGETS;

export type TCheckedImportRecord =
  | { ok: true; rowNumber: number; row: TImportRowValid }
  | { ok: false; rowNumber: number; reason: string };

/**
 * Applies the company form's field rules to one record. A rejected record gets one reason,
 * naming the field unless the message already does ("Website: Please enter a valid website").
 */
export function checkImportRecord(record: TImportRecord): TCheckedImportRecord {
  const parsed = ZImportRow.safeParse({
    name: record.name,
    website: record.website,
    industry: record.industry,
    notes: record.notes,
    contactName: record.contactName,
    contactEmail: record.contactEmail,
    contactPhone: record.contactPhone,
  });
  if (parsed.success) return { ok: true, rowNumber: record.rowNumber, row: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  const label = isRowField(field) ? IMPORT_TARGET_LABELS[ROW_FIELD_TARGETS[field]] : null;
  const message = issue?.message ?? 'Invalid row';
  // "Company name cannot exceed…" already says which field; "Please enter a valid website" does not.
  const firstWord = label?.toLowerCase().split(' ')[0] ?? '';
  const reason = label && !message.toLowerCase().startsWith(firstWord) ? `${label}: ${message}` : message;
  return { ok: false, rowNumber: record.rowNumber, reason };
}

// ---------------------------------------------------------------------------------------------
// Duplicates
// ---------------------------------------------------------------------------------------------

export interface TDuplicateMatch<T> {
  existing: T;
  reason: TDuplicateReason;
}

/**
 * A matcher over the organization's companies, built once and asked row by row (an import of
 * 100,000 rows against 100,000 companies is two map lookups a row): case-insensitive exact name
 * first ('Exact name match'), else the same website ('Website match'), as findDuplicates.
 */
export function duplicateMatcher<T extends TDuplicateCandidate>(
  existing: readonly T[],
): (row: TDuplicateCandidate) => TDuplicateMatch<T> | null {
  const byName = new Map<string, T>();
  const bySite = new Map<string, T>();
  for (const company of existing) {
    const name = company.name.trim().toLowerCase();
    if (name && !byName.has(name)) byName.set(name, company);
    const site = normalizeWebsite(company.website);
    if (site && !bySite.has(site)) bySite.set(site, company);
  }
  return (row) => {
    const byNameMatch = byName.get(row.name.trim().toLowerCase());
    if (byNameMatch) return { existing: byNameMatch, reason: 'Exact name match' };
    const site = normalizeWebsite(row.website);
    const bySiteMatch = site ? bySite.get(site) : undefined;
    return bySiteMatch ? { existing: bySiteMatch, reason: 'Website match' } : null;
  };
}

// ---------------------------------------------------------------------------------------------
// File type by content
// ---------------------------------------------------------------------------------------------

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (head: Uint8Array, magic: readonly number[]) =>
  head.length >= magic.length && magic.every((b, i) => head[i] === b);

/** A workbook by its first bytes: a zip (xlsx) or an OLE compound document (xls); null otherwise. */
export function workbookKindOf(head: Uint8Array): 'xlsx' | 'xls' | null {
  if (startsWith(head, ZIP_MAGIC)) return 'xlsx';
  if (startsWith(head, OLE_MAGIC)) return 'xls';
  return null;
}

/** True for a name that promises a workbook (.xlsx or .xls). */
export function isWorkbookName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.endsWith('.xlsx') || lower.endsWith('.xls');
}

/**
 * A file named as a workbook must be one: a text or image file renamed .xlsx gets the spec's
 * file-type message instead of a confusing read. The first 8 bytes are enough.
 */
export function workbookNameMismatch(name: string, head: Uint8Array): boolean {
  return isWorkbookName(name) && workbookKindOf(head) === null;
}
