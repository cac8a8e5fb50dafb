import { events, ZChangeEvent } from '@pennant/shared/realtime/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateTopic } from './query';

/** Listens to the organization's event stream and refreshes what changed. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource(`/api${events.path}`);
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
