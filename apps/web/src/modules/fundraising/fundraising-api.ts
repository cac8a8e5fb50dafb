import * as api from '@pennant/shared/fundraising/contract';
import type {
  TAddContactsResult,
  TCampaignInputRaw,
  TCampaignSaved,
  TDonationFilter,
  TDonationPage,
  TDonationRow,
  TGenerateEmailInput,
  TInsightFilter,
  TLaunchInput,
  TLaunchResult,
} from '@pennant/shared/fundraising/schemas';
import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, call, hrefOf } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';

/**
 * The fundraising area's query keys, query hooks and mutation hooks. Every key starts with
 * 'fundraising', the realtime topic, so a change anywhere (another member, a donation's webhook)
 * refreshes the area; each mutation refreshes it when it settles (lib/query.ts).
 */
export const fundraisingKeys = {
  all: ['fundraising'] as const,
  /** One page of the Fundraising list. */
  list: (page: number) => ['fundraising', 'list', page] as const,
  detail: (id: string) => ['fundraising', 'campaign', id] as const,
  /** Page 0: all of them (the editor). */
  contacts: (id: string, page: number) => ['fundraising', 'campaign', id, 'contacts', page] as const,
  history: (id: string) => ['fundraising', 'campaign', id, 'history'] as const,
  playerProgress: (id: string) => ['fundraising', 'campaign', id, 'player-progress'] as const,
  progress: (id: string) => ['fundraising', 'campaign', id, 'progress'] as const,
  donations: (id: string, status: TDonationFilter) => ['fundraising', 'campaign', id, 'donations', status] as const,
  analytics: (id: string) => ['fundraising', 'campaign', id, 'analytics'] as const,
  insights: (id: string, filter: TInsightFilter, page: number) =>
    ['fundraising', 'campaign', id, 'insights', filter, page] as const,
};

/** Queries go stale after 30 seconds (§9). */
const STALE_MS = 30_000;

/** A 4xx is an answer (not found, refused), not a hiccup: it is not retried. */
const retryServerErrors = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1;

/** One page of the campaigns, newest first; the page shown stays while the next one loads. */
export function useCampaigns(page: number) {
  return useQuery({
    queryKey: fundraisingKeys.list(page),
    queryFn: () => call(api.listCampaigns, { query: { page } }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
    retry: retryServerErrors,
  });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: fundraisingKeys.detail(id),
    queryFn: () => call(api.getCampaign, { params: { id } }),
    enabled: id !== '',
    staleTime: STALE_MS,
    retry: retryServerErrors,
  });
}

/** One page of the campaign's contacts (the detail page's Contacts section). */
export function useCampaignContactPage(id: string, page: number) {
  return useQuery({
    queryKey: fundraisingKeys.contacts(id, page),
    queryFn: () => call(api.listCampaignContacts, { params: { id }, query: { page } }),
    enabled: id !== '',
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/** All the campaign's contacts, for the editor (it saves the whole list back). */
export function useAllCampaignContacts(id: string) {
  return useQuery({
    queryKey: fundraisingKeys.contacts(id, 0),
    queryFn: () => call(api.listCampaignContacts, { params: { id }, query: {} }),
    enabled: id !== '',
    staleTime: STALE_MS,
    retry: retryServerErrors,
  });
}

/** Campaign contact history is cached 30 seconds (§9). */
export function useEmailHistory(id: string) {
  return useQuery({
    queryKey: fundraisingKeys.history(id),
    queryFn: () => call(api.campaignEmailHistory, { params: { id } }),
    enabled: id !== '',
    staleTime: STALE_MS,
    retry: retryServerErrors,
  });
}

/** Player progress refetches every 60 seconds (§9), and at once on a donation (realtime). */
export function usePlayerProgress(id: string, enabled = true) {
  return useQuery({
    queryKey: fundraisingKeys.playerProgress(id),
    queryFn: () => call(api.campaignPlayerProgress, { params: { id } }),
    enabled: enabled && id !== '',
    staleTime: STALE_MS,
    refetchInterval: 60_000,
    retry: retryServerErrors,
  });
}

export function useCampaignProgress(id: string) {
  return useQuery({
    queryKey: fundraisingKeys.progress(id),
    queryFn: () => call(api.campaignProgress, { params: { id } }),
    enabled: id !== '',
    staleTime: STALE_MS,
    retry: retryServerErrors,
  });
}

/**
 * Donation Details, 20 at a time, newest first: each page starts at the cursor the previous one
 * answered. A realtime refresh fetches the loaded pages again from the top, each from the page
 * before it, so a new gift shows first and no donation is listed twice.
 */
export function useCampaignDonations(id: string, status: TDonationFilter) {
  return useInfiniteQuery({
    queryKey: fundraisingKeys.donations(id, status),
    queryFn: ({ pageParam }) =>
      call(api.campaignDonations, { params: { id }, query: { status, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: id !== '',
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/** The loaded donations in order, each once; the filter's count is the first page's. */
export function flattenDonations(data: InfiniteData<TDonationPage> | undefined): {
  donations: TDonationRow[];
  total: number;
  stripeAccountId: string | null;
} {
  const first = data?.pages[0];
  const seen = new Set<string>();
  const donations: TDonationRow[] = [];
  for (const page of data?.pages ?? []) {
    for (const d of page.donations) {
      if (seen.has(d.id)) continue;
      seen.add(d.id);
      donations.push(d);
    }
  }
  return { donations, total: first?.total ?? donations.length, stripeAccountId: first?.stripeAccountId ?? null };
}

/** The two exports (§7.3) as links: the server writes the file, the browser saves it under its name. */
export function donationExportHref(id: string, status: TDonationFilter, file: 'donations' | 'donor-summary'): string {
  const contract = file === 'donations' ? api.exportCampaignDonations : api.exportCampaignDonorSummary;
  return hrefOf(contract, { params: { id }, query: status === 'all' ? {} : { status } });
}

export function useDonationAnalytics(id: string) {
  return useQuery({
    queryKey: fundraisingKeys.analytics(id),
    queryFn: () => call(api.campaignAnalytics, { params: { id } }),
    enabled: id !== '',
    staleTime: STALE_MS,
    retry: retryServerErrors,
  });
}

/** Contact insights go stale after 60 seconds (§9). */
export function useContactInsights(id: string, filter: TInsightFilter, page: number) {
  return useQuery({
    queryKey: fundraisingKeys.insights(id, filter, page),
    queryFn: () => call(api.campaignInsights, { params: { id }, query: { filter, page } }),
    enabled: id !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations: each refreshes the 'fundraising' topic when it settles; pages add their messages.
// ---------------------------------------------------------------------------------------------

export function useCreateCampaign(ui?: TMutationUi<TCampaignSaved, TCampaignInputRaw>) {
  return useContractMutation(
    api.createCampaign,
    { mutationFn: (body: TCampaignInputRaw) => call(api.createCampaign, { body }) },
    ui,
  );
}

export function useUpdateCampaign(id: string, ui?: TMutationUi<TCampaignSaved, TCampaignInputRaw>) {
  return useContractMutation(
    api.updateCampaign,
    { mutationFn: (body: TCampaignInputRaw) => call(api.updateCampaign, { params: { id }, body }) },
    ui,
  );
}

export function useDeleteCampaign(ui?: TMutationUi<unknown, string>) {
  return useContractMutation(
    api.deleteCampaign,
    { mutationFn: (id: string) => call(api.deleteCampaign, { params: { id } }) },
    ui,
  );
}

export function useAddCampaignContacts(
  id: string,
  ui?: TMutationUi<TAddContactsResult, { name: string; email: string; playerId?: string | null }[]>,
) {
  return useContractMutation(
    api.addCampaignContacts,
    {
      mutationFn: (contacts: { name: string; email: string; playerId?: string | null }[]) =>
        call(api.addCampaignContacts, { params: { id }, body: { contacts } }),
    },
    ui,
  );
}

export function useSaveCampaignTemplate(
  id: string,
  ui?: TMutationUi<unknown, { subjectSeed: string; bodySeed: string }>,
) {
  return useContractMutation(
    api.saveCampaignTemplate,
    {
      mutationFn: (body: { subjectSeed: string; bodySeed: string }) =>
        call(api.saveCampaignTemplate, { params: { id }, body }),
    },
    ui,
  );
}

export function useGenerateCampaignEmail(
  id: string,
  ui?: TMutationUi<{ subject: string; body: string; html: string }, TGenerateEmailInput>,
) {
  return useContractMutation(
    api.generateCampaignEmail,
    { mutationFn: (body: TGenerateEmailInput) => call(api.generateCampaignEmail, { params: { id }, body }) },
    ui,
  );
}

export function useLaunchCampaign(id: string, ui?: TMutationUi<TLaunchResult, TLaunchInput>) {
  return useContractMutation(
    api.launchCampaign,
    { mutationFn: (body: TLaunchInput) => call(api.launchCampaign, { params: { id }, body }) },
    ui,
  );
}
