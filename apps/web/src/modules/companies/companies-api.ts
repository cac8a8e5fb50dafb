import {
  COMPANY_PAGE_SIZE,
  companyListQueryString,
  type TBulkStatus,
  type TCompany,
  type TCompanyCategory,
  type TCompanyCreateInput,
  type TCompanyList,
  type TCompanySortField,
  type TCompanyStatus,
  type TCompanyUpdateInput,
  type TContactInput,
  type TContactUpdateInput,
  type TNote,
  type TSortDirection,
  ZBulkStatusResult,
  ZCompanyContact,
  ZCompanyContactList,
  ZCompanyDetail,
  ZCompanyList,
  ZCompanyNote,
  ZCompanyNoteList,
} from '@pennant/shared/companies.schemas';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, api } from '@/lib/api';

/** Spec §9: 1 retry, stale after 10 seconds, kept 5 minutes, refetched on window focus and mount. */
export const COMPANY_QUERY_OPTIONS = {
  staleTime: 10_000,
  gcTime: 5 * 60_000,
  retry: (count: number, err: unknown) =>
    !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
} as const;

export interface TCompanyListFilters {
  search: string;
  status: TCompanyStatus[];
  category: TCompanyCategory;
  sort: TCompanySortField;
  dir: TSortDirection;
}

export const companyKeys = {
  all: ['companies'] as const,
  list: (f: TCompanyListFilters) => ['companies', 'list', f] as const,
  detail: (id: string) => ['companies', 'detail', id] as const,
  contacts: (id: string) => ['companies', 'detail', id, 'contacts'] as const,
  notes: (id: string) => ['companies', 'detail', id, 'notes'] as const,
};

const base = '/api/companies';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** Spec §9: the next page number is the loaded count divided by 50, plus one. */
export function nextPageNumber(loaded: number): number {
  return Math.floor(loaded / COMPANY_PAGE_SIZE) + 1;
}

export function useCompanyList(filters: TCompanyListFilters) {
  return useInfiniteQuery({
    ...COMPANY_QUERY_OPTIONS,
    queryKey: companyKeys.list(filters),
    // Keep showing the current rows while a new search, filter or sort loads.
    placeholderData: keepPreviousData,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => {
      const qs = companyListQueryString({ ...filters, page: pageParam });
      return api.get(qs ? `${base}?${qs}` : base, ZCompanyList);
    },
    getNextPageParam: (last, pages) => {
      if (!last.hasMore) return undefined;
      const loaded = pages.reduce((n, p) => n + p.companies.length, 0);
      return nextPageNumber(loaded);
    },
  });
}

/** The loaded rows in order, each company once (a row can shift pages while paging). */
export function flattenCompanies(data: InfiniteData<TCompanyList> | undefined): TCompany[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: TCompany[] = [];
  for (const page of data.pages) {
    for (const c of page.companies) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}

/** Applies a change to a company wherever a cached list page holds it (optimistic updates). */
export function patchCachedCompany(qc: QueryClient, id: string, patch: Partial<TCompany>) {
  qc.setQueriesData<InfiniteData<TCompanyList>>({ queryKey: ['companies', 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            companies: p.companies.map((c) => (c.id === id ? { ...c, ...patch } : c)),
          })),
        }
      : data,
  );
}

export function useCompany(id: string) {
  return useQuery({
    ...COMPANY_QUERY_OPTIONS,
    queryKey: companyKeys.detail(id),
    queryFn: () => api.get(one(id), ZCompanyDetail),
  });
}

export function useCompanyContacts(id: string) {
  return useQuery({
    ...COMPANY_QUERY_OPTIONS,
    queryKey: companyKeys.contacts(id),
    queryFn: async () => (await api.get(`${one(id)}/contacts?includeInactive=true`, ZCompanyContactList)).contacts,
  });
}

export function useCompanyNotes(id: string) {
  return useQuery({
    ...COMPANY_QUERY_OPTIONS,
    queryKey: companyKeys.notes(id),
    queryFn: async () => (await api.get(`${one(id)}/notes`, ZCompanyNoteList)).notes,
  });
}

export const companiesApi = {
  create: (body: TCompanyCreateInput) => api.post(base, body, ZCompanyDetail),
  update: (id: string, body: TCompanyUpdateInput) => api.patch(one(id), body, ZCompanyDetail),
  remove: (id: string) => api.delete(one(id), z.unknown()),
  setStatus: (id: string, status: TCompanyStatus) => api.patch(`${one(id)}/status`, { status }, z.unknown()),
  bulkStatus: (body: TBulkStatus) => api.post(`${base}/bulk-status`, body, ZBulkStatusResult),
  addContact: (id: string, body: TContactInput) => api.post(`${one(id)}/contacts`, body, ZCompanyContact),
  updateContact: (id: string, contactId: string, body: TContactUpdateInput) =>
    api.patch(`${one(id)}/contacts/${encodeURIComponent(contactId)}`, body, ZCompanyContact),
  setPrimary: (id: string, contactId: string) =>
    api.post(`${one(id)}/contacts/${encodeURIComponent(contactId)}/primary`, {}, z.unknown()),
  addNote: (id: string, body: TNote) => api.post(`${one(id)}/notes`, body, ZCompanyNote),
  deleteNote: (id: string, noteId: string) => api.delete(`${one(id)}/notes/${encodeURIComponent(noteId)}`, z.unknown()),
};
