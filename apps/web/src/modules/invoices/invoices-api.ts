import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import * as invoices from '@pennant/shared/invoices/contract';
import {
  INVOICE_KPI_CACHE_MS,
  type TInvoiceCreated,
  type TInvoiceDetail,
  type TInvoiceEmail,
  type TInvoiceEmailDraftInput,
  type TInvoiceEmailResult,
  type TInvoiceFormQuery,
  type TInvoiceInput,
  type TInvoiceSourceFilter,
  type TInvoiceSourceKind,
  type TInvoiceStatusFilter,
  type TInvoiceTab,
} from '@pennant/shared/invoices/schemas';
import type { TQuoteEmailDraft } from '@pennant/shared/quotes/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';

/**
 * The invoices area's query keys, query hooks and mutation hooks. Every key starts with
 * 'invoices', the realtime topic, so a change anywhere (another member, a card payment's webhook)
 * refreshes the area; each mutation refreshes it when it settles (lib/query.ts).
 */
export interface TInvoiceListFilters {
  q: string;
  status: TInvoiceStatusFilter;
  source: TInvoiceSourceFilter;
  tab: TInvoiceTab;
  company: string | null;
  page: number;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (f: TInvoiceListFilters) => ['invoices', 'list', f] as const,
  kpis: (company: string | null) => ['invoices', 'kpis', company] as const,
  sources: (kind: TInvoiceSourceKind) => ['invoices', 'sources', kind] as const,
  form: (q: TInvoiceFormQuery) => ['invoices', 'form', q] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
};

/** A 4xx is an answer (not found, refused), not a hiccup: it is not retried. */
const retryServerErrors = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1;

/** The list's query, defaults left out. */
function listQuery(f: TInvoiceListFilters) {
  return {
    q: f.q.trim() || undefined,
    status: f.status === 'all' ? undefined : f.status,
    source: f.source === 'all' ? undefined : f.source,
    tab: f.tab,
    company: f.company ?? undefined,
    page: f.page > 1 ? f.page : undefined,
  };
}

export function useInvoiceList(filters: TInvoiceListFilters) {
  return useQuery({
    queryKey: invoiceKeys.list(filters),
    queryFn: () => call(invoices.listInvoices, { query: listQuery(filters) }),
    // Keep showing the current rows while another tab, search or page loads.
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/** The KPI cards, kept 5 minutes (spec §9); the 'invoices' realtime topic refreshes them at once. */
export function useInvoiceKpis(company: string | null) {
  return useQuery({
    queryKey: invoiceKeys.kpis(company),
    queryFn: () => call(invoices.invoiceKpis, { query: { company: company ?? undefined } }),
    staleTime: INVOICE_KPI_CACHE_MS,
    retry: retryServerErrors,
  });
}

/**
 * What Create Invoice's chooser offers. Agreements and quotes change under other topics, so each
 * opening of the chooser reads them again rather than trusting the cache.
 */
export function useInvoiceSources(kind: TInvoiceSourceKind | null) {
  return useQuery({
    queryKey: invoiceKeys.sources(kind ?? 'agreements'),
    queryFn: () => call(invoices.invoiceSources, { query: { kind: kind ?? 'agreements' } }),
    enabled: kind !== null,
    staleTime: 0,
    retry: retryServerErrors,
  });
}

/**
 * The new-invoice form's starting values; fetched once, so a refresh never overwrites what was
 * typed. `enabled` is false for a member who may not create invoices (the route would refuse).
 */
export function useInvoiceFormDefaults(query: TInvoiceFormQuery, enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.form(query),
    queryFn: () => call(invoices.invoiceFormDefaults, { query }),
    enabled,
    retry: retryServerErrors,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => call(invoices.getInvoice, { params: { id } }),
    retry: retryServerErrors,
    enabled: id !== '',
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations: each refreshes the 'invoices' topic when it settles; pages add their messages.
// ---------------------------------------------------------------------------------------------

export function useCreateInvoice(ui?: TMutationUi<TInvoiceCreated, TInvoiceInput>) {
  return useContractMutation(
    invoices.createInvoice,
    { mutationFn: (body: TInvoiceInput) => call(invoices.createInvoice, { body }) },
    ui,
  );
}

export function useMarkInvoiceSent(ui?: TMutationUi<TInvoiceDetail, string>) {
  return useContractMutation(
    invoices.markInvoiceSent,
    { mutationFn: (id: string) => call(invoices.markInvoiceSent, { params: { id } }) },
    ui,
  );
}

export function useMarkInvoicePaid(ui?: TMutationUi<TInvoiceDetail, string>) {
  return useContractMutation(
    invoices.markInvoicePaid,
    { mutationFn: (id: string) => call(invoices.markInvoicePaid, { params: { id } }) },
    ui,
  );
}

export function useVoidInvoice(ui?: TMutationUi<TInvoiceDetail, string>) {
  return useContractMutation(
    invoices.voidInvoice,
    { mutationFn: (id: string) => call(invoices.voidInvoice, { params: { id } }) },
    ui,
  );
}

export function useResendInvoiceEmail(ui?: TMutationUi<TInvoiceEmailResult, string>) {
  return useContractMutation(
    invoices.resendInvoiceEmail,
    { mutationFn: (id: string) => call(invoices.resendInvoiceEmail, { params: { id } }) },
    ui,
  );
}

export function useInvoicePdf(id: string, ui?: TMutationUi<TDocumentLink, void>) {
  return useContractMutation(
    invoices.invoicePdf,
    { mutationFn: () => call(invoices.invoicePdf, { params: { id } }) },
    ui,
  );
}

export function useEmailInvoice(id: string, ui?: TMutationUi<TInvoiceEmailResult, TInvoiceEmail>) {
  return useContractMutation(
    invoices.emailInvoice,
    { mutationFn: (body: TInvoiceEmail) => call(invoices.emailInvoice, { params: { id }, body }) },
    ui,
  );
}

export function useDraftInvoiceEmail(id: string, ui?: TMutationUi<TQuoteEmailDraft, TInvoiceEmailDraftInput>) {
  return useContractMutation(
    invoices.draftInvoiceEmail,
    { mutationFn: (body: TInvoiceEmailDraftInput) => call(invoices.draftInvoiceEmail, { params: { id }, body }) },
    ui,
  );
}
