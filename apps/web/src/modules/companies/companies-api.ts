import * as companies from '@pennant/shared/companies/contract';
import {
  COMPANY_PAGE_SIZE,
  type TBulkStatus,
  type TCompany,
  type TCompanyCategory,
  type TCompanyCreateInput,
  type TCompanyDetail,
  type TCompanyList,
  type TCompanySortField,
  type TCompanyStatus,
  type TCompanyUpdateInput,
  type TContactInput,
  type TContactUpdateInput,
  type TNote,
  type TSortDirection,
} from '@pennant/shared/companies/schemas';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';

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

/** The list's query, defaults left out so the address stays short. */
function listQuery(f: TCompanyListFilters, page: number) {
  return {
    page: page > 1 ? page : undefined,
    search: f.search.trim() || undefined,
    status: f.status.length ? f.status.join(',') : undefined,
    category: f.category === 'all' ? undefined : f.category,
    sort: f.sort,
    dir: f.dir,
  };
}

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
    queryFn: ({ pageParam }) => call(companies.listCompanies, { query: listQuery(filters, pageParam) }),
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
    queryFn: () => call(companies.getCompany, { params: { id } }),
  });
}

export function useCompanyContacts(id: string) {
  return useQuery({
    ...COMPANY_QUERY_OPTIONS,
    queryKey: companyKeys.contacts(id),
    queryFn: async () =>
      (await call(companies.listContacts, { params: { id }, query: { includeInactive: 'true' } })).contacts,
  });
}

export function useCompanyNotes(id: string) {
  return useQuery({
    ...COMPANY_QUERY_OPTIONS,
    queryKey: companyKeys.notes(id),
    queryFn: async () => (await call(companies.listNotes, { params: { id } })).notes,
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations: each hook owns its call, its optimistic cache patch and rollback, and refreshes its
// contract's topic when it settles; pages add only their messages and dialogs.
// ---------------------------------------------------------------------------------------------

export function useCreateCompany(ui?: TMutationUi<TCompany, TCompanyCreateInput>) {
  return useContractMutation(
    companies.createCompany,
    { mutationFn: (body: TCompanyCreateInput) => call(companies.createCompany, { body }) },
    ui,
  );
}

export function useUpdateCompany(id: string, ui?: TMutationUi<TCompanyDetail, TCompanyUpdateInput>) {
  const qc = useQueryClient();
  return useContractMutation(
    companies.updateCompany,
    {
      mutationFn: (body: TCompanyUpdateInput) => call(companies.updateCompany, { params: { id }, body }),
      onSuccess: (updated) => qc.setQueryData(companyKeys.detail(id), updated),
    },
    ui,
  );
}

export function useDeleteCompany(ui?: TMutationUi<unknown, TCompany>) {
  return useContractMutation(
    companies.deleteCompany,
    { mutationFn: (company: TCompany) => call(companies.deleteCompany, { params: { id: company.id } }) },
    ui,
  );
}

/** Changes one company's status, shown at once in every cached list and put back if refused. */
export function useChangeCompanyStatus(ui?: TMutationUi<unknown, { company: TCompany; status: TCompanyStatus }>) {
  const qc = useQueryClient();
  return useContractMutation(
    companies.changeStatus,
    {
      mutationFn: ({ company, status }: { company: TCompany; status: TCompanyStatus }) =>
        call(companies.changeStatus, { params: { id: company.id }, body: { status } }),
      onMutate: ({ company, status }) => patchCachedCompany(qc, company.id, { status }),
      onError: (_err, { company }) => patchCachedCompany(qc, company.id, { status: company.status }),
    },
    ui,
  );
}

export function useBulkChangeStatus(ui?: TMutationUi<{ updated: number }, TBulkStatus>) {
  return useContractMutation(
    companies.bulkChangeStatus,
    { mutationFn: (body: TBulkStatus) => call(companies.bulkChangeStatus, { body }) },
    ui,
  );
}

export function useAddContact(companyId: string, ui?: TMutationUi<unknown, TContactInput>) {
  return useContractMutation(
    companies.addContact,
    { mutationFn: (body: TContactInput) => call(companies.addContact, { params: { id: companyId }, body }) },
    ui,
  );
}

export type TContactChange = { contactId: string; change: TContactUpdateInput };

export function useUpdateContact(companyId: string, ui?: TMutationUi<unknown, TContactChange>) {
  return useContractMutation(
    companies.updateContact,
    {
      mutationFn: ({ contactId, change }: TContactChange) =>
        call(companies.updateContact, { params: { id: companyId, contactId }, body: change }),
    },
    ui,
  );
}

export function useSetPrimaryContact(companyId: string, ui?: TMutationUi<unknown, string>) {
  return useContractMutation(
    companies.setPrimaryContact,
    { mutationFn: (contactId: string) => call(companies.setPrimaryContact, { params: { id: companyId, contactId } }) },
    ui,
  );
}

export function useAddNote(companyId: string, ui?: TMutationUi<unknown, TNote>) {
  return useContractMutation(
    companies.createNote,
    { mutationFn: (body: TNote) => call(companies.createNote, { params: { id: companyId }, body }) },
    ui,
  );
}

export function useDeleteNote(companyId: string, ui?: TMutationUi<unknown, string>) {
  return useContractMutation(
    companies.deleteNote,
    { mutationFn: (noteId: string) => call(companies.deleteNote, { params: { id: companyId, noteId } }) },
    ui,
  );
}
