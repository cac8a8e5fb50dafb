/// <reference lib="webworker" />

import { read, utils, type WorkBook } from '@e965/xlsx';
import {
  CSV_PARSE_OPTIONS,
  readImportTable,
  SHEET_READ_OPTIONS,
  SHEET_TO_ROWS_OPTIONS,
  type TReadTableResult,
} from '@pennant/shared/companies/import-mapping';
import { IMPORT_MESSAGES } from '@pennant/shared/companies/schemas';
import Papa from 'papaparse';
import { isCsvFile, type TParseReply, type TParseRequest } from './worker-protocol';

/**
 * Reads import files off the main thread, so a 10 MB workbook does not freeze the page. The
 * workbook stays here between messages: choosing another sheet does not read the file again.
 * Browser and server parse with the same shared options and readImportTable, so the rows (and
 * the row indexes of duplicate decisions) are the same on both sides.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let workbook: WorkBook | null = null;

function readSheet(name: string): TReadTableResult {
  const sheet = workbook?.Sheets[name];
  if (!sheet) return { ok: false, message: IMPORT_MESSAGES.emptyOrCorrupted };
  const matrix = utils.sheet_to_json<unknown[]>(sheet, { ...SHEET_TO_ROWS_OPTIONS });
  return readImportTable(matrix);
}

async function open(file: File): Promise<Omit<Extract<TParseReply, { ok: true }>, 'id'>> {
  workbook = null;
  if (isCsvFile(file)) {
    const parsed = Papa.parse<unknown[]>(await file.text(), { ...CSV_PARSE_OPTIONS });
    return { ok: true, sheets: [], result: readImportTable(parsed.data) };
  }
  workbook = read(await file.arrayBuffer(), { ...SHEET_READ_OPTIONS, type: 'array' });
  const sheets = workbook.SheetNames;
  const [only] = sheets;
  if (only === undefined) return { ok: true, sheets, result: { ok: false, message: IMPORT_MESSAGES.emptyOrCorrupted } };
  return { ok: true, sheets, result: sheets.length === 1 ? readSheet(only) : null };
}

scope.onmessage = async (e: MessageEvent<TParseRequest>) => {
  const req = e.data;
  let reply: TParseReply;
  try {
    if (req.type === 'open') reply = { id: req.id, ...(await open(req.file)) };
    else reply = { id: req.id, ok: true, sheets: workbook?.SheetNames ?? [], result: readSheet(req.sheet) };
  } catch (err) {
    reply = { id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(reply);
};
