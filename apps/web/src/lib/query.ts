import type { TContract } from '@pennant/shared/contract';
import type { TTopic } from '@pennant/shared/realtime/topics';
import { type QueryClient, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Which cached queries each realtime topic refreshes. Keyed by the shared topic table, so a topic
 * the server publishes cannot be missing here (the type requires every one). Each area's query
 * keys start with its topic's name, so one prefix refreshes the whole area.
 */
export const TOPIC_QUERIES: Record<TTopic, readonly (readonly string[])[]> = {
  invites: [['team', 'invites'], ['team', 'members'], ['plan']],
  members: [['team', 'members'], ['plan']],
  // An invoice's change (here, another member, a card payment's webhook) moves its area and the
  // dashboard's outstanding figures.
  invoices: [['invoices'], ['dashboard']],
  // Quotes and agreements move each other and the company's status (accept → sponsor).
  quotes: [['quotes'], ['agreements'], ['companies'], ['dashboard'], ['plan']],
  agreements: [['agreements'], ['quotes'], ['companies'], ['dashboard']],
  // A webhook changed the plan or added a receipt: the badge, gates and menu follow without a reload.
  billing: [['billing'], ['plan'], ['session']],
  companies: [['companies'], ['dashboard'], ['plan']],
  imports: [['companies', 'imports']],
  catalogue: [['catalogue']],
  // A campaign's change or a donation (the payment webhook) moves the area and the dashboard's series.
  fundraising: [['fundraising'], ['dashboard']],
  // A queued blast, or a prospect's change on another tab: the blast's prospects and statuses.
  outreach: [['outreach']],
  // The admin console: its lists, and the session (impersonation changes the organization in view).
  admin: [['admin'], ['session'], ['plan']],
};

/** Marks a topic's queries stale, as the event stream does when another tab or person changes it. */
export function invalidateTopic(qc: QueryClient, topic: TTopic | undefined): void {
  if (!topic) return;
  for (const queryKey of TOPIC_QUERIES[topic]) void qc.invalidateQueries({ queryKey });
}

/** What a page adds to an area's mutation: its own messages, dialogs and navigation. */
export type TMutationUi<TData, TVars> = {
  onSuccess?: (data: TData, variables: TVars) => unknown;
  onError?: (error: Error, variables: TVars) => unknown;
};

/**
 * The one way an area builds a mutation hook: the area's own options (the call, optimistic cache
 * patches and their rollback) run first, then the page's callbacks, and when it settles the
 * contract's realtime topic is refreshed, so a change shows at once in this tab without waiting
 * for its own event.
 */
export function useContractMutation<TData, TVars = void, TContext = unknown>(
  c: TContract,
  own: UseMutationOptions<TData, Error, TVars, TContext>,
  ui: TMutationUi<TData, TVars> = {},
) {
  const qc = useQueryClient();
  return useMutation<TData, Error, TVars, TContext>({
    ...own,
    onSuccess: async (data, variables, result, context) => {
      await own.onSuccess?.(data, variables, result, context);
      await ui.onSuccess?.(data, variables);
    },
    onError: async (error, variables, result, context) => {
      await own.onError?.(error, variables, result, context);
      await ui.onError?.(error, variables);
    },
    onSettled: async (data, error, variables, result, context) => {
      await own.onSettled?.(data, error, variables, result, context);
      invalidateTopic(qc, c.topic);
    },
  });
}
