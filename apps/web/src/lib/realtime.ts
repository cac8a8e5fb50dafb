import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Which cached queries each server topic refreshes. */
const TOPIC_QUERIES: Record<string, string[][]> = {
  invites: [['team', 'invites'], ['team', 'members'], ['plan']],
  members: [['team', 'members'], ['plan']],
  invoices: [['dashboard']],
  agreements: [['dashboard']],
  companies: [['companies'], ['dashboard'], ['plan']],
};

/** Listens to the organization's event stream and refreshes what changed. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource('/api/events');
    source.addEventListener('change', (e) => {
      try {
        const { topic } = JSON.parse((e as MessageEvent<string>).data) as { topic: string };
        for (const queryKey of TOPIC_QUERIES[topic] ?? []) void queryClient.invalidateQueries({ queryKey });
      } catch {
        // a malformed event changes nothing
      }
    });
    return () => source.close();
  }, [queryClient]);
}
