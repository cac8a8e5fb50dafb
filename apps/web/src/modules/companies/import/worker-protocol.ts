import type { TReadTableResult } from '@pennant/shared/companies/import-mapping';

/** Messages to the parse worker. */
export type TParseRequest = { id: number; type: 'open'; file: File } | { id: number; type: 'sheet'; sheet: string };

/**
 * Replies. `open` lists the workbook's sheets (none for CSV) and the table when there is only
 * one to read; with several sheets the table comes from a later `sheet` request.
 */
export type TParseReply =
  | { id: number; ok: true; sheets: string[]; result: TReadTableResult | null }
  | { id: number; ok: false; message: string };

export function isCsvFile(file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return true;
  if (name.endsWith('.xlsx') || name.endsWith('.xls')) return false;
  return file.type === 'text/csv';
}
