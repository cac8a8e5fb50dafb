import * as XLSX from '@e965/xlsx';
import {
  IMPORT_EXTENSIONS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_UNCOMPRESSED_BYTES,
  IMPORT_MESSAGES,
} from '@pennant/shared/companies.schemas';
import {
  CSV_PARSE_OPTIONS,
  readImportTable,
  SHEET_READ_OPTIONS,
  SHEET_TO_ROWS_OPTIONS,
  type TImportTable,
} from '@pennant/shared/import-mapping';
import Papa from 'papaparse';
import { AppError } from '../../errors';

export type TImportFileKind = 'csv' | 'xlsx' | 'xls';

const refuse = (message: string) => new AppError('bad_request', message);

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_HEADER = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The file's real type from its first bytes, whatever its name says: a zip (xlsx), an OLE
 * compound document (xls), or UTF-8 text without NUL bytes (csv). Null for anything else.
 */
export function detectFileKind(buf: Buffer): TImportFileKind | null {
  if (buf.length >= 4 && buf.subarray(0, 4).equals(ZIP_LOCAL_HEADER)) return 'xlsx';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(OLE_HEADER)) return 'xls';
  if (buf.includes(0)) return null;
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

export interface TParsedImportFile {
  kind: TImportFileKind;
  /** Workbook sheet names in order; empty for CSV. */
  sheetNames: string[];
  /** The sheet that was read (the first unless one was asked for); null for CSV. */
  sheet: string | null;
  table: TImportTable;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** Reads a CSV with the same options as the browser, so both see the same rows. */
function readCsv(buf: Buffer): unknown[][] {
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<unknown[]>(text, CSV_PARSE_OPTIONS);
  // A trailing newline leaves one empty line; blank rows are dropped later anyway.
  return parsed.data;
}

function readWorkbook(buf: Buffer, kind: 'xlsx' | 'xls', sheet: string | undefined) {
  if (kind === 'xlsx') {
    let declared: number;
    try {
      declared = zipDeclaredSize(buf, IMPORT_MAX_UNCOMPRESSED_BYTES);
    } catch {
      throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
    }
    if (declared > IMPORT_MAX_UNCOMPRESSED_BYTES) throw refuse(IMPORT_MESSAGES.unpackedTooLarge);
  }
  let names: string[];
  try {
    names = XLSX.read(buf, { type: 'buffer', bookSheets: true }).SheetNames;
  } catch {
    throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
  }
  if (names.length === 0) throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
  const chosen = sheet ?? names[0] ?? '';
  if (!names.includes(chosen)) throw refuse(`Sheet "${chosen}" was not found in the workbook`);
  let matrix: unknown[][];
  try {
    const book = XLSX.read(buf, { type: 'buffer', ...SHEET_READ_OPTIONS, sheets: chosen });
    const ws = book.Sheets[chosen];
    if (!ws) throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
    matrix = XLSX.utils.sheet_to_json<unknown[]>(ws, { ...SHEET_TO_ROWS_OPTIONS });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
  }
  return { names, chosen, matrix };
}

/**
 * Checks and reads an uploaded import file: size, extension, the real type by its first bytes,
 * for .xlsx the declared unpacked size, then the chosen sheet (default the first) as a table.
 * Every refusal is a 400 with the spec's wording.
 */
export function parseImportFile(buf: Buffer, fileName: string, sheet?: string): TParsedImportFile {
  if (buf.length > IMPORT_MAX_BYTES) throw refuse(IMPORT_MESSAGES.tooLarge);
  const ext = extensionOf(fileName);
  if (ext && !(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) throw refuse(IMPORT_MESSAGES.wrongType);
  if (buf.length === 0) throw refuse(IMPORT_MESSAGES.emptyOrCorrupted);
  const kind = detectFileKind(buf);
  if (!kind) throw refuse(IMPORT_MESSAGES.wrongType);
  if (kind === 'csv') {
    const read = readImportTable(readCsv(buf));
    if (!read.ok) throw refuse(read.message);
    return { kind, sheetNames: [], sheet: null, table: read.table };
  }
  const { names, chosen, matrix } = readWorkbook(buf, kind, sheet || undefined);
  const read = readImportTable(matrix);
  if (!read.ok) throw refuse(read.message);
  return { kind, sheetNames: names, sheet: chosen, table: read.table };
}
