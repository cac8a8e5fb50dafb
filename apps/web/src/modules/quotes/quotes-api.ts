import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import * as companies from '@pennant/shared/companies/contract';
import * as quotes from '@pennant/shared/quotes/contract';
import {
  QUOTE_STALE_MS,
  type TQuoteAccept,
  type TQuoteAcceptResult,
  type TQuoteDetail,
  type TQuoteEmailDraft,
  type TQuoteEmailDraftInput,
  type TQuoteEmailInput,
  type TQuoteInput,
  type TQuoteList,
  type TQuoteListQuery,
  type TQuoteSend,
  type TQuoteSendResult,
  type TQuoteStatus,
  type TQuoteSummary,
} from '@pennant/shared/quotes/schemas';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';
import { COMPANY_QUERY_OPTIONS, companyKeys } from '../companies/companies-api';

/**
 * The quotes' query keys, query hooks and mutation hooks. Every key starts with 'quotes', the
 * realtime topic, so one prefix refreshes the area (and accepting refreshes agreements and companies).
 */
export const quoteKeys = {
  all: ['quotes'] as const,
  lists: ['quotes', 'list'] as const,
  list: (query: TQuoteListQuery) => ['quotes', 'list', query] as const,
  detail: (id: string) => ['quotes', 'detail', id] as const,
};

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** One page (50) of a tab, with every tab's count; the current page stays shown while the next loads. */
export function useQuoteList(query: TQuoteListQuery) {
  return useQuery({
    queryKey: quoteKeys.list(query),
    queryFn: () => call(quotes.listQuotes, { query }),
    placeholderData: keepPreviousData,
    staleTime: QUOTE_STALE_MS,
  });
}

export function useQuote(id: string | null, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: quoteKeys.detail(id ?? ''),
    queryFn: () => call(quotes.getQuote, { params: { id: id ?? '' } }),
    enabled: id !== null && (opts.enabled ?? true),
    staleTime: QUOTE_STALE_MS,
  });
}

/**
 * The wizard's company (preselected by the address, or the draft's) and its contacts: the
 * companies area's own keys and calls, only enabled once a company is known.
 */
export function useQuoteCompany(id: string | null) {
  return useQuery({
    ...COMPANY_QUERY_OPTIONS,
    queryKey: companyKeys.detail(id ?? ''),
    queryFn: () => call(companies.getCompany, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

export function useQuoteCompanyContacts(id: string | null) {
  return useQuery({
    ...COMPANY_QUERY_OPTIONS,
    queryKey: companyKeys.contacts(id ?? ''),
    queryFn: async () =>
      (await call(companies.listContacts, { params: { id: id ?? '' }, query: { includeInactive: 'true' } })).contacts,
    enabled: id !== null,
  });
}

// ---------------------------------------------------------------------------------------------
// Optimistic status changes (Accept, Reject): every cached list shows the new status at once and
// gets its old pages back if the server refuses.
// ---------------------------------------------------------------------------------------------

type TListSnapshot = [readonly unknown[], TQuoteList | undefined][];

function patchCachedStatus(qc: QueryClient, ids: ReadonlySet<string>, status: TQuoteStatus): TListSnapshot {
  const snapshot = qc.getQueriesData<TQuoteList>({ queryKey: quoteKeys.lists });
  qc.setQueriesData<TQuoteList>({ queryKey: quoteKeys.lists }, (data) =>
    data ? { ...data, quotes: data.quotes.map((q) => (ids.has(q.id) ? { ...q, status } : q)) } : data,
  );
  return snapshot;
}

function restore(qc: QueryClient, snapshot: TListSnapshot | undefined) {
  for (const [key, data] of snapshot ?? []) qc.setQueryData(key, data);
}

async function beginStatusChange(qc: QueryClient, id: string, status: TQuoteStatus) {
  await qc.cancelQueries({ queryKey: quoteKeys.lists });
  return patchCachedStatus(qc, new Set([id]), status);
}

// ---------------------------------------------------------------------------------------------
// Mutations: each refreshes the 'quotes' topic when it settles; pages add their messages.
// ---------------------------------------------------------------------------------------------

export function useCreateQuote(ui?: TMutationUi<TQuoteDetail, TQuoteInput>) {
  const qc = useQueryClient();
  return useContractMutation(
    quotes.createQuote,
    {
      mutationFn: (body: TQuoteInput) => call(quotes.createQuote, { body }),
      onSuccess: (created) => qc.setQueryData(quoteKeys.detail(created.id), created),
    },
    ui,
  );
}

export type TQuoteChange = { id: string; body: TQuoteInput };

export function useUpdateQuote(ui?: TMutationUi<TQuoteDetail, TQuoteChange>) {
  const qc = useQueryClient();
  return useContractMutation(
    quotes.updateQuote,
    {
      mutationFn: ({ id, body }: TQuoteChange) => call(quotes.updateQuote, { params: { id }, body }),
      onSuccess: (saved) => qc.setQueryData(quoteKeys.detail(saved.id), saved),
    },
    ui,
  );
}

export type TQuoteEmailChange = { id: string; body: TQuoteEmailInput };

export function useSaveQuoteEmail(ui?: TMutationUi<TQuoteDetail, TQuoteEmailChange>) {
  const qc = useQueryClient();
  return useContractMutation(
    quotes.saveQuoteEmail,
    {
      mutationFn: ({ id, body }: TQuoteEmailChange) => call(quotes.saveQuoteEmail, { params: { id }, body }),
      onSuccess: (saved) => qc.setQueryData(quoteKeys.detail(saved.id), saved),
    },
    ui,
  );
}

export type TQuoteSending = { id: string; body: TQuoteSend };

export function useSendQuote(ui?: TMutationUi<TQuoteSendResult, TQuoteSending>) {
  return useContractMutation(
    quotes.sendQuote,
    { mutationFn: ({ id, body }: TQuoteSending) => call(quotes.sendQuote, { params: { id }, body }) },
    ui,
  );
}

export type TQuoteAccepting = { quote: Pick<TQuoteSummary, 'id'>; body: TQuoteAccept };

/** Accept: the card shows Accepted at once; rolled back if refused (a plan limit, a lost right). */
export function useAcceptQuote(ui?: TMutationUi<TQuoteAcceptResult, TQuoteAccepting>) {
  const qc = useQueryClient();
  return useContractMutation<TQuoteAcceptResult, TQuoteAccepting, TListSnapshot>(
    quotes.acceptQuote,
    {
      mutationFn: ({ quote, body }) => call(quotes.acceptQuote, { params: { id: quote.id }, body }),
      onMutate: ({ quote }) => beginStatusChange(qc, quote.id, 'accepted'),
      onError: (_err, _vars, snapshot) => restore(qc, snapshot),
      onSuccess: (result) => {
        if (result.rejectedQuoteIds.length) patchCachedStatus(qc, new Set(result.rejectedQuoteIds), 'rejected');
        qc.setQueryData(quoteKeys.detail(result.quote.id), result.quote);
      },
    },
    ui,
  );
}

/** Reject: the card shows Rejected at once; rolled back if refused. */
export function useRejectQuote(ui?: TMutationUi<TQuoteDetail, Pick<TQuoteSummary, 'id'>>) {
  const qc = useQueryClient();
  return useContractMutation<TQuoteDetail, Pick<TQuoteSummary, 'id'>, TListSnapshot>(
    quotes.rejectQuote,
    {
      mutationFn: (quote) => call(quotes.rejectQuote, { params: { id: quote.id } }),
      onMutate: (quote) => beginStatusChange(qc, quote.id, 'rejected'),
      onError: (_err, _vars, snapshot) => restore(qc, snapshot),
      onSuccess: (saved) => qc.setQueryData(quoteKeys.detail(saved.id), saved),
    },
    ui,
  );
}

export function useDeleteQuote(ui?: TMutationUi<unknown, Pick<TQuoteSummary, 'id'>>) {
  const qc = useQueryClient();
  return useContractMutation(
    quotes.deleteQuote,
    {
      mutationFn: (quote: Pick<TQuoteSummary, 'id'>) => call(quotes.deleteQuote, { params: { id: quote.id } }),
      onSuccess: (_r, quote) => qc.removeQueries({ queryKey: quoteKeys.detail(quote.id) }),
    },
    ui,
  );
}

/** A short-lived link to the quote's PDF, generated and stored first when there is none. */
export function useQuotePdf(ui?: TMutationUi<TDocumentLink, Pick<TQuoteSummary, 'id'>>) {
  return useContractMutation(
    quotes.quotePdf,
    { mutationFn: (quote: Pick<TQuoteSummary, 'id'>) => call(quotes.quotePdf, { params: { id: quote.id } }) },
    ui,
  );
}

/** 'Generate Message via AI': a subject and body for the company and the lines. */
export function useDraftQuoteEmail(ui?: TMutationUi<TQuoteEmailDraft, TQuoteEmailDraftInput>) {
  return useContractMutation(
    quotes.draftQuoteEmail,
    { mutationFn: (body: TQuoteEmailDraftInput) => call(quotes.draftQuoteEmail, { body }) },
    ui,
  );
}
