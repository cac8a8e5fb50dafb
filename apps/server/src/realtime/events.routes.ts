import * as api from '@pennant/shared/realtime/contract';
import { streamSSE } from 'hono/streaming';
import { route } from '../http/contract-route';
import { createRouter } from '../http/router';
import { requireMember } from '../modules/session/member';
import type { TRealtimeEvent } from './hub';

/** Spec §9: at most 10 realtime events per second reach a client; the rest are coalesced. */
export const MAX_EVENTS_PER_SECOND = 10;

export const eventRoutes = createRouter().openapi(route(api.events), async (c) => {
  const member = await requireMember(c);
  const hub = c.get('deps').hub;
  return streamSSE(c, async (stream) => {
    const pending = new Set<string>();
    let sentThisSecond = 0;
    const unsubscribe = hub.subscribe(member.orgId, (event: TRealtimeEvent) => {
      pending.add(event.topic);
    });
    stream.onAbort(unsubscribe);
    await stream.writeSSE({ event: 'ready', data: '{}' });
    let ticks = 0;
    while (!stream.aborted) {
      // Every 100 ms, send what changed, within the per-second budget.
      for (const topic of [...pending]) {
        if (sentThisSecond >= MAX_EVENTS_PER_SECOND) break;
        pending.delete(topic);
        sentThisSecond += 1;
        await stream.writeSSE({ event: 'change', data: JSON.stringify({ topic }) });
      }
      await stream.sleep(100);
      ticks += 1;
      if (ticks % 10 === 0) sentThisSecond = 0;
      if (ticks % 250 === 0) await stream.writeSSE({ event: 'ping', data: '{}' });
    }
    unsubscribe();
  });
});
