import { events, ZChangeEvent } from '@pennant/shared/realtime/contract';
import type { TTopic } from '@pennant/shared/realtime/topics';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Which cached queries each realtime topic refreshes. Keyed by the shared topic table, so a topic
 * the server publishes cannot be missing here (the type requires every one).
 */
export const TOPIC_QUERIES: Record<TTopic, readonly (readonly string[])[]> = {
  invites: [['team', 'invites'], ['team', 'members'], ['plan']],
  members: [['team', 'members'], ['plan']],
  invoices: [['dashboard']],
  agreements: [['dashboard']],
  companies: [['companies'], ['dashboard'], ['plan']],
  imports: [['companies', 'imports']],
};

/** Listens to the organization's event stream and refreshes what changed. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource(`/api${events.path}`);
    source.addEventListener('change', (e) => {
      try {
        const change = ZChangeEvent.safeParse(JSON.parse(e instanceof MessageEvent ? String(e.data) : 'null'));
        if (!change.success) return;
        for (const queryKey of TOPIC_QUERIES[change.data.topic]) void queryClient.invalidateQueries({ queryKey });
      } catch {
        // a malformed event changes nothing
      }
    });
    return () => source.close();
  }, [queryClient]);
}
