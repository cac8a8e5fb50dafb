import * as agreements from '@pennant/shared/agreements/contract';
import type {
  TAgreementCreated,
  TAgreementEmail,
  TAgreementEmailDraftInput,
  TAgreementEmailResult,
  TAgreementInput,
  TAgreementSortField,
  TAgreementStatusFilter,
  TAgreementTab,
  TSortOrder,
} from '@pennant/shared/agreements/schemas';
import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import * as quotes from '@pennant/shared/quotes/contract';
import type { TQuoteEmailDraft } from '@pennant/shared/quotes/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';

/**
 * The agreements area's query keys, query hooks and mutation hooks. Every key starts with
 * 'agreements', the realtime topic, so one prefix refreshes the area; the quotes this area reads
 * (the accepted-quote picker, a quote made into an agreement) live under it too, and the quotes
 * topic refreshes 'agreements' as well.
 */
export interface TAgreementListFilters {
  q: string;
  status: TAgreementStatusFilter;
  sort: TAgreementSortField;
  order: TSortOrder;
  tab: TAgreementTab;
  company: string | null;
  page: number;
}

export const agreementKeys = {
  all: ['agreements'] as const,
  list: (f: TAgreementListFilters) => ['agreements', 'list', f] as const,
  detail: (id: string) => ['agreements', 'detail', id] as const,
  pdf: (id: string) => ['agreements', 'detail', id, 'pdf'] as const,
  acceptedQuotes: ['agreements', 'accepted-quotes'] as const,
  quote: (id: string) => ['agreements', 'quote', id] as const,
};

/** A 4xx is an answer (not found, refused), not a hiccup: it is not retried. */
const retryServerErrors = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1;

/** The list's query, defaults left out. */
function listQuery(f: TAgreementListFilters) {
  return {
    q: f.q.trim() || undefined,
    status: f.status === 'all' ? undefined : f.status,
    sort: f.sort,
    order: f.order,
    tab: f.tab,
    company: f.company ?? undefined,
    page: f.page > 1 ? f.page : undefined,
  };
}

export function useAgreementList(filters: TAgreementListFilters) {
  return useQuery({
    queryKey: agreementKeys.list(filters),
    queryFn: () => call(agreements.listAgreements, { query: listQuery(filters) }),
    // Keep showing the current rows while another tab, search or page loads.
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useAgreement(id: string) {
  return useQuery({
    queryKey: agreementKeys.detail(id),
    queryFn: () => call(agreements.getAgreement, { params: { id } }),
    retry: retryServerErrors,
    enabled: id !== '',
  });
}

/**
 * The stored PDF's short-lived link; a 404 means there is none. `enabled` lets the page wait a
 * moment before it asks (spec §2); the link lasts 15 minutes, so it is fetched again after 10.
 */
export function useAgreementPdf(id: string, enabled: boolean) {
  return useQuery({
    queryKey: agreementKeys.pdf(id),
    queryFn: () => call(agreements.agreementPdf, { params: { id } }),
    enabled: enabled && id !== '',
    retry: retryServerErrors,
    staleTime: 10 * 60_000,
    refetchInterval: 10 * 60_000,
  });
}

/** Accepted quotes with no agreement yet: the 'From Accepted Quote' choice. */
export function useAcceptedQuotesWithoutAgreement(enabled: boolean) {
  return useQuery({
    queryKey: agreementKeys.acceptedQuotes,
    queryFn: async () =>
      (await call(quotes.listQuotes, { query: { tab: 'accepted', status: 'accepted' } })).quotes.filter(
        (q) => q.agreementId === null,
      ),
    enabled,
    retry: retryServerErrors,
  });
}

/** A quote to make an agreement from (source=quote). */
export function useSourceQuote(id: string | null) {
  return useQuery({
    queryKey: agreementKeys.quote(id ?? ''),
    queryFn: () => call(quotes.getQuote, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
    retry: retryServerErrors,
    // Prefilling the form happens once; a refresh must not overwrite what was typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations: each refreshes the 'agreements' topic when it settles; pages add their messages.
// ---------------------------------------------------------------------------------------------

export function useCreateAgreement(ui?: TMutationUi<TAgreementCreated, TAgreementInput>) {
  return useContractMutation(
    agreements.createAgreement,
    { mutationFn: (body: TAgreementInput) => call(agreements.createAgreement, { body }) },
    ui,
  );
}

export function useDeleteAgreement(ui?: TMutationUi<unknown, string>) {
  return useContractMutation(
    agreements.deleteAgreement,
    { mutationFn: (id: string) => call(agreements.deleteAgreement, { params: { id } }) },
    ui,
  );
}

export function useRestoreAgreement(ui?: TMutationUi<unknown, string>) {
  return useContractMutation(
    agreements.restoreAgreement,
    { mutationFn: (id: string) => call(agreements.restoreAgreement, { params: { id } }) },
    ui,
  );
}

export function useGenerateAgreementPdf(id: string, ui?: TMutationUi<TDocumentLink, void>) {
  return useContractMutation(
    agreements.generateAgreementPdf,
    { mutationFn: () => call(agreements.generateAgreementPdf, { params: { id } }) },
    ui,
  );
}

export function useDeleteAgreementPdf(id: string, ui?: TMutationUi<unknown, void>) {
  return useContractMutation(
    agreements.deleteAgreementPdf,
    { mutationFn: () => call(agreements.deleteAgreementPdf, { params: { id } }) },
    ui,
  );
}

export function useEmailAgreement(id: string, ui?: TMutationUi<TAgreementEmailResult, TAgreementEmail>) {
  return useContractMutation(
    agreements.emailAgreement,
    { mutationFn: (body: TAgreementEmail) => call(agreements.emailAgreement, { params: { id }, body }) },
    ui,
  );
}

export function useDraftAgreementEmail(id: string, ui?: TMutationUi<TQuoteEmailDraft, TAgreementEmailDraftInput>) {
  return useContractMutation(
    agreements.draftAgreementEmail,
    {
      mutationFn: (body: TAgreementEmailDraftInput) => call(agreements.draftAgreementEmail, { params: { id }, body }),
    },
    ui,
  );
}
