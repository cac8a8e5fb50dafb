import { events, ZChangeEvent } from '@pennant/shared/realtime/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateTopic } from './query';

/**
 * Listens to the organization's event stream and refreshes what changed.
 *
 * An event published while the stream is not open never reaches this page. So each time the
 * stream opens (the first time, and after a reconnect) everything this page has read or is
 * reading is read again: a change committed between a query's read and the stream's subscription
 * would otherwise stay unseen. For example, after the provider's portal a page loads while the
 * webhook's job is still changing the plan.
 */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource(`/api${events.path}`);
    source.addEventListener('open', () => {
      void queryClient.invalidateQueries();
    });
    source.addEventListener('change', (e) => {
      try {
        const change = ZChangeEvent.safeParse(JSON.parse(e instanceof MessageEvent ? String(e.data) : 'null'));
        if (!change.success) return;
        invalidateTopic(queryClient, change.data.topic);
      } catch {
        // a malformed event changes nothing
      }
    });
    return () => source.close();
  }, [queryClient]);
}
