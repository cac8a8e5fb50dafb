import {
  type TImportAnalyze,
  type TImportDecisionsInput,
  ZImportDuplicatesReply,
  ZImportState,
} from '@pennant/shared/companies.schemas';
import { api } from '@/lib/api';

const base = '/api/companies/imports';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** Query key of an import's state: under 'companies', so the list's realtime topic refreshes it too. */
export const importKey = (id: string) => ['companies', 'imports', id] as const;

/** Progress is polled this often while an import runs (realtime 'imports' events also refresh it). */
export const IMPORT_POLL_MS = 500;

export const importApi = {
  get: (id: string) => api.get(one(id), ZImportState),
  duplicates: (id: string, body: TImportAnalyze) => api.post(`${one(id)}/duplicates`, body, ZImportDuplicatesReply),
  start: (id: string, body: TImportDecisionsInput) => api.post(`${one(id)}/start`, body, ZImportState),
};
