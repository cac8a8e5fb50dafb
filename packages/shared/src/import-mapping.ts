import {
  IMPORT_MESSAGES,
  IMPORT_TARGETS,
  REQUIRED_IMPORT_TARGETS,
  type TImportMapping,
  type TImportTarget,
} from './companies.schemas';
import { normalizeImportedPhone } from './company-rules';

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

/**
 * The header row (the first non-blank line) and the data rows below it. Only columns with a
 * header are kept (a repeated header gets '_1', '_2'…); blank rows are dropped.
 */
export function readImportTable(matrix: readonly (readonly unknown[])[]): TReadTableResult {
  const headerAt = matrix.findIndex((row) => !isBlank(row));
  if (headerAt < 0) return { ok: false, message: IMPORT_MESSAGES.emptyOrCorrupted };
  const headerRow = matrix[headerAt] ?? [];
  const columns: { index: number; header: string }[] = [];
  const seen = new Map<string, number>();
  headerRow.forEach((cell, index) => {
    const text = typeof cell === 'string' ? cell.trim() : '';
    if (!text) return;
    const n = seen.get(text) ?? 0;
    seen.set(text, n + 1);
    columns.push({ index, header: n === 0 ? text : `${text}_${n}` });
  });
  // Empty lines (a trailing newline) are not rows; a line of empty cells (',,') is a blank row.
  const isEmptyLine = (row: readonly unknown[]) => row.length === 0 || (row.length === 1 && cellText(row[0]) === '');
  const below = matrix.slice(headerAt + 1).filter((row) => !isEmptyLine(row)).length;
  if (columns.length === 0 || below === 0) return { ok: false, message: IMPORT_MESSAGES.needsHeaderAndData };
  const rows: TImportRow[] = [];
  for (let i = headerAt + 1; i < matrix.length; i++) {
    const raw = matrix[i] ?? [];
    const values: Record<string, string> = {};
    let filled = false;
    for (const col of columns) {
      const text = cellText(raw[col.index]);
      values[col.header] = text;
      if (text) filled = true;
    }
    if (filled) rows.push({ rowNumber: i + 1, values });
  }
  if (rows.length === 0) return { ok: false, message: IMPORT_MESSAGES.noDataRows };
  return { ok: true, table: { headers: columns.map((c) => c.header), rows } };
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

export const FILL_TONE_CLASSES: Record<TFillTone, string> = {
  green: 'text-green-700 bg-green-100',
  yellow: 'text-yellow-800 bg-yellow-100',
  red: 'text-red-700 bg-red-100',
};

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
 * The companies an import creates, in file order: the mapping applied, rows without a name
 * dropped, empty strings as undefined, country US and status prospect. A record's position in
 * this list is the rowIndex of duplicate checks and decisions.
 */
export function toImportRecords(rows: readonly TImportRow[], mapping: TImportMapping): TImportRecord[] {
  const columnOf = new Map<TImportTarget, string>();
  for (const [header, target] of Object.entries(mapping)) columnOf.set(target, header);
  const read = (row: TImportRow, target: TImportTarget): string | undefined => {
    const header = columnOf.get(target);
    const v = header === undefined ? undefined : row.values[header]?.trim();
    return v ? v : undefined;
  };
  const records: TImportRecord[] = [];
  for (const row of rows) {
    const name = read(row, 'name');
    if (!name) continue;
    const phone = read(row, 'contact_phone');
    records.push({
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
    });
  }
  return records;
}

/** A contact is created when the row has a contact name or email. */
export function importRecordHasContact(r: TImportRecord): boolean {
  return Boolean(r.contactName || r.contactEmail);
}
