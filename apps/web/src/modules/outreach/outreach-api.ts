import * as api from '@pennant/shared/outreach/contract';
import {
  BLAST_MESSAGES,
  type TBlastPreviewInput,
  type TBlastProspect,
  type TBlastProspectPage,
  type TQueueBlastRequest,
} from '@pennant/shared/outreach/schemas';
import { type InfiniteData, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ZodError } from 'zod';
import { ApiError, call, errorMessage } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';

/**
 * The prospect e-mail blast's query keys, queries and calls (spec 002 §2.6, §7.6). Every key
 * starts with 'outreach', the realtime topic, so queueing a blast refreshes the area. The price
 * lists are the catalogue's own query (usePriceLists), shared with the price-list pages.
 */
export const outreachKeys = {
  all: ['outreach'] as const,
  prospects: (search: string) => ['outreach', 'prospects', search] as const,
  status: (id: string) => ['outreach', 'blast', id] as const,
};

export { usePriceLists } from '../catalogue/catalogue-api';

/** A 4xx is an answer (refused), not a hiccup: it is not retried. */
const retryServerErrors = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1;

/**
 * The active prospects (pipeline companies with a primary contact e-mail) matching a search, by
 * contact name, a page of 50 at a time: each page asks for the rows after the last one's cursor
 * (Load More). The rows of the previous search stay on screen while a new one loads.
 */
export function useBlastProspects(search: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: outreachKeys.prospects(search),
    queryFn: ({ pageParam }) =>
      call(api.listBlastProspects, { query: { search: search || undefined, after: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/** The loaded rows in order, each prospect once (a row can move between pages while paging). */
export function flattenProspects(data: InfiniteData<TBlastProspectPage> | undefined): TBlastProspect[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: TBlastProspect[] = [];
  for (const page of data.pages) {
    for (const p of page.prospects) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      out.push(p);
    }
  }
  return out;
}

/**
 * What a failed preview call says (§8.2): an HTML page where JSON was expected, a reply that is
 * not JSON (or not the preview's shape), or the server's own message.
 */
export function previewErrorMessage(err: unknown): string {
  if (err instanceof SyntaxError)
    return /'<'|<!doctype|<html/i.test(err.message) ? BLAST_MESSAGES.previewHtml : BLAST_MESSAGES.previewInvalidJson;
  if (err instanceof ZodError) return BLAST_MESSAGES.previewInvalidJson;
  return errorMessage(err, 'Preview failed');
}

/** One recipient's personalised e-mail (one AI call); the dialog runs these three at a time. */
export function previewBlastEmail(body: TBlastPreviewInput) {
  return call(api.previewBlastEmail, { body });
}

/** Queues the blast; it is sent in the background and its progress is polled (useBlastProgress). */
export function useQueueBlast(ui?: TMutationUi<{ campaignId: string; recipientCount: number }, TQueueBlastRequest>) {
  return useContractMutation(
    api.queueBlast,
    { mutationFn: (body: TQueueBlastRequest) => call(api.queueBlast, { body }) },
    ui,
  );
}

/** A blast's progress, polled by the watcher (not a cached query: it must outlive the dialog). */
export function fetchBlastStatus(id: string) {
  return call(api.getBlastStatus, { params: { id } });
}
