import * as companies from '@pennant/shared/companies/contract';
import type { TImportAnalyze, TImportDecisionsInput } from '@pennant/shared/companies/schemas';
import { call } from '@/lib/api';

/** Query key of an import's state: under 'companies', so the list's realtime topic refreshes it too. */
export const importKey = (id: string) => ['companies', 'imports', id] as const;

/** Progress is polled this often while an import runs (realtime 'imports' events also refresh it). */
export const IMPORT_POLL_MS = 500;

export const importApi = {
  get: (id: string) => call(companies.getImport, { params: { id } }),
  duplicates: (id: string, body: TImportAnalyze) => call(companies.checkImportDuplicates, { params: { id }, body }),
  start: (id: string, body: TImportDecisionsInput) => call(companies.startImport, { params: { id }, body }),
};
