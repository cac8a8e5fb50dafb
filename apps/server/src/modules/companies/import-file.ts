import * as XLSX from '@e965/xlsx';
import {
  CSV_PARSE_OPTIONS,
  ImportTableReader,
  SHEET_READ_OPTIONS,
  SHEET_TO_ROWS_OPTIONS,
  type TImportRow,
  workbookKindOf,
  workbookNameMismatch,
} from '@pennant/shared/companies/import-mapping';
import {
  IMPORT_EXTENSIONS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNCOMPRESSED_BYTES,
  IMPORT_MESSAGES,
  type TImportFileKind,
} from '@pennant/shared/companies/schemas';
import Papa from 'papaparse';
import { AppError } from '../../errors';

export type { TImportFileKind };

const refuse = (message: string) => new AppError('bad_request', message);

/** Bytes looked at to tell text from binary. */
const SNIFF_BYTES = 64 * 1024;

/**
 * The file's real type from its first bytes, whatever its name says: a zip (xlsx), an OLE
 * compound document (xls), or UTF-8 text (csv). Text may hold the odd NUL byte (that row is then
 * refused on its own), but a file where NULs are common is UTF-16 or binary. Null otherwise.
 */
export function detectFileKind(buf: Buffer): TImportFileKind | null {
  const workbook = workbookKindOf(buf.subarray(0, 8));
  if (workbook) return workbook;
  const head = buf.subarray(0, SNIFF_BYTES);
  let nuls = 0;
  for (const byte of head) if (byte === 0) nuls += 1;
  if (nuls > 0 && nuls * 100 >= head.length) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return 'csv';
  } catch {
    return null;
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const MAX_ZIP_ENTRIES = 50_000;

class ZipFormatError extends Error {}

function u16(buf: Buffer, at: number): number {
  if (at < 0 || at + 2 > buf.length) throw new ZipFormatError('read past the end');
  return buf.readUInt16LE(at);
}
function u32(buf: Buffer, at: number): number {
  if (at < 0 || at + 4 > buf.length) throw new ZipFormatError('read past the end');
  return buf.readUInt32LE(at);
}
function u64(buf: Buffer, at: number): number {
  if (at < 0 || at + 8 > buf.length) throw new ZipFormatError('read past the end');
  const v = buf.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('size too large');
  return Number(v);
}

/**
 * The total uncompressed size a zip declares, read from its central directory alone, without
 * inflating anything: the guard against zip bombs runs before the workbook is opened. Stops
 * counting once past `limit`. Throws ZipFormatError on a malformed archive.
 */
export function zipDeclaredSize(buf: Buffer, limit = Number.POSITIVE_INFINITY): number {
  // End of central directory: 22 bytes plus a comment of up to 65,535, at the very end.
  let eocd = -1;
  for (let at = buf.length - 22; at >= Math.max(0, buf.length - 22 - 0xffff); at--) {
    if (buf.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('no end of central directory');
  let entries = u16(buf, eocd + 10);
  let cdOffset = u32(buf, eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (u32(buf, locator) !== ZIP64_LOCATOR_SIGNATURE) throw new ZipFormatError('missing zip64 locator');
    const zip64 = u64(buf, locator + 8);
    if (u32(buf, zip64) !== ZIP64_EOCD_SIGNATURE) throw new ZipFormatError('missing zip64 record');
    entries = u64(buf, zip64 + 32);
    cdOffset = u64(buf, zip64 + 48);
  }
  if (entries > MAX_ZIP_ENTRIES) throw new ZipFormatError('too many entries');
  let total = 0;
  let at = cdOffset;
  for (let i = 0; i < entries; i++) {
    if (u32(buf, at) !== CENTRAL_ENTRY_SIGNATURE) throw new ZipFormatError('bad central directory entry');
    let compressed = u32(buf, at + 20);
    let size = u32(buf, at + 24);
    const nameLength = u16(buf, at + 28);
    const extraLength = u16(buf, at + 30);
    const commentLength = u16(buf, at + 32);
    if (size === 0xffffffff || compressed === 0xffffffff) {
      // Zip64 extended information: the 64-bit sizes, present only for the fields that overflowed.
      let extra = at + 46 + nameLength;
      const extraEnd = extra + extraLength;
      while (extra + 4 <= extraEnd) {
        const id = u16(buf, extra);
        const length = u16(buf, extra + 2);
        if (id === 0x0001) {
          let field = extra + 4;
          if (size === 0xffffffff) {
            size = u64(buf, field);
            field += 8;
          }
          if (compressed === 0xffffffff) compressed = u64(buf, field);
          break;
        }
        extra += 4 + length;
      }
      if (size === 0xffffffff) throw new ZipFormatError('missing zip64 size');
    }
    total += size;
    if (total > limit) return total;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return total;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** Workbook sheet names in order, without reading any sheet. */
function readSheetNames(buf: Buffer): string[] {
  let names: string[];
  try {
    names = XLSX.read(buf, { type: 'buffer', bookSheets: true }).SheetNames;
  } catch {
    throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
  }
  if (names.length === 0) throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
  return names;
}

export interface TCheckedUpload {
  kind: TImportFileKind;
  /** Workbook sheet names in order; empty for CSV. */
  sheets: string[];
}

/**
 * Checks an upload before it is stored: size, extension, the real type by its first bytes (a
 * workbook named .xlsx that is not one is refused with the spec's message), for .xlsx the
 * declared unpacked size, and that a workbook opens. A CSV is read once, streaming, so a file
 * with no data or more than IMPORT_MAX_ROWS rows is refused at once (reading stops at the limit).
 * Every refusal is a 400 with the spec's wording.
 */
export async function checkUpload(buf: Buffer, fileName: string): Promise<TCheckedUpload> {
  if (buf.length > IMPORT_MAX_BYTES) throw refuse(IMPORT_MESSAGES.tooLarge);
  const ext = extensionOf(fileName);
  if (ext && !(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) throw refuse(IMPORT_MESSAGES.wrongType);
  if (buf.length === 0) throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
  const kind = detectFileKind(buf);
  if (!kind || workbookNameMismatch(fileName, buf.subarray(0, 8))) throw refuse(IMPORT_MESSAGES.wrongType);
  if (kind === 'csv') {
    for (const _row of readImportRows(buf, 'csv', null)) {
      // Reading to the end checks the row limit and the header and data rows.
    }
    return { kind, sheets: [] };
  }
  if (kind === 'xlsx') checkDeclaredSize(buf);
  return { kind, sheets: readSheetNames(buf) };
}

function checkDeclaredSize(buf: Buffer): void {
  let declared: number;
  try {
    declared = zipDeclaredSize(buf, IMPORT_MAX_UNCOMPRESSED_BYTES);
  } catch {
    throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
  }
  if (declared > IMPORT_MAX_UNCOMPRESSED_BYTES) throw refuse(IMPORT_MESSAGES.unpackedTooLarge);
}

/** Characters of CSV parsed at a time. */
const CSV_PIECE_CHARS = 256 * 1024;

/**
 * Where the piece starting at `from` may end: just after the first line break at or past
 * `want` that lies outside quotes (an even number of '"' since `from`; an escaped '""' counts
 * twice, so parity holds). A file with an unbalanced quote ends up as one piece, as if read whole.
 */
function pieceEnd(text: string, from: number, want: number): number {
  let quotes = 0;
  let at = text.indexOf('"', from);
  while (at !== -1 && at < want) {
    quotes += 1;
    at = text.indexOf('"', at + 1);
  }
  for (let i = want; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) quotes += 1;
    else if (ch === 10 && quotes % 2 === 0) return i + 1;
  }
  return text.length;
}

type TNewline = '\r' | '\n' | '\r\n';
const toNewline = (v: string): TNewline | undefined => (v === '\r' || v === '\n' || v === '\r\n' ? v : undefined);

/**
 * CSV lines as papaparse reads them with the browser's options, a piece at a time, so a large
 * file never becomes one array of every row. Pieces end on line breaks outside quotes, and the
 * delimiter and line break found in the first piece are kept for the rest.
 */
function* csvLines(buf: Buffer): Generator<unknown[]> {
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  let delimiter: string | undefined;
  let newline: TNewline | undefined;
  for (let from = 0; from < text.length; ) {
    const end = from + CSV_PIECE_CHARS >= text.length ? text.length : pieceEnd(text, from, from + CSV_PIECE_CHARS);
    const config: Papa.ParseConfig<unknown[]> = { ...CSV_PARSE_OPTIONS };
    if (delimiter) config.delimiter = delimiter;
    if (newline) config.newline = newline;
    const parsed = Papa.parse<unknown[]>(text.slice(from, end), config);
    delimiter ??= parsed.meta.delimiter;
    newline ??= toNewline(parsed.meta.linebreak);
    const lines = parsed.data;
    // A piece that ends with its line break reads one more, empty line; only the file's last counts.
    if (end < text.length && lines.length > 0) lines.pop();
    yield* lines;
    from = end;
  }
}

/**
 * A workbook's chosen sheet (default the first) as lines. Only that sheet is read, once, and at
 * most a little past IMPORT_MAX_ROWS rows of it: a sheet whose used range goes further is
 * refused as too many rows without reading the rest.
 */
function* sheetLines(buf: Buffer, kind: 'xlsx' | 'xls', sheet: string | null): Generator<unknown[]> {
  if (kind === 'xlsx') checkDeclaredSize(buf);
  const names = readSheetNames(buf);
  const chosen = sheet ?? names[0] ?? '';
  if (!names.includes(chosen)) throw refuse(`Sheet "${chosen}" was not found in the workbook`);
  let matrix: unknown[][];
  let truncated = false;
  try {
    const book = XLSX.read(buf, { type: 'buffer', ...SHEET_READ_OPTIONS, sheets: chosen, sheetRows: SHEET_ROWS_READ });
    const ws = book.Sheets[chosen];
    if (!ws) throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
    const full = ws['!fullref'];
    if (typeof full === 'string' && full !== ws['!ref']) {
      truncated = XLSX.utils.decode_range(full).e.r + 1 > SHEET_ROWS_READ;
    }
    matrix = XLSX.utils.sheet_to_json<unknown[]>(ws, { ...SHEET_TO_ROWS_OPTIONS });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
  }
  if (truncated) throw refuse(IMPORT_MESSAGES.tooManyRows);
  yield* matrix;
}

/** Sheet rows read at most: the row limit, the header, and room for blank rows. */
const SHEET_ROWS_READ = IMPORT_MAX_ROWS + 1001;

/**
 * The data rows of a stored import file, one at a time, as the browser reads them
 * (ImportTableReader). Throws the spec's 400 as soon as the file passes IMPORT_MAX_ROWS data
 * rows, and at the end when it has no header or no data. `onHeaders` runs once the header row is
 * known (before the first data row), so a mapping can be checked before any work is done.
 */
export function* readImportRows(
  buf: Buffer,
  kind: TImportFileKind,
  sheet: string | null,
  onHeaders?: (headers: string[]) => void,
): Generator<TImportRow> {
  const reader = new ImportTableReader();
  const lines = kind === 'csv' ? csvLines(buf) : sheetLines(buf, kind, sheet);
  let announced = false;
  for (const line of lines) {
    const row = reader.push(line);
    if (!row) continue;
    if (reader.rowCount > IMPORT_MAX_ROWS) throw refuse(IMPORT_MESSAGES.tooManyRows);
    if (!announced) {
      announced = true;
      onHeaders?.(reader.headers ?? []);
    }
    yield row;
  }
  const problem = reader.finish();
  if (problem) throw refuse(problem);
}
