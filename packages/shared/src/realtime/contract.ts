import { z } from 'zod';
import { contract, fail } from '../contract';
import { TOPICS } from './topics';

/** One server-sent event: `change` carries `{ topic }`; `ready` and `ping` carry `{}`. */
export const ZChangeEvent = z.object({ topic: z.enum(TOPICS) });

export const events = contract({
  method: 'get',
  path: '/events',
  tags: ['realtime'],
  summary:
    'Server-sent events for the member’s organization: `change` with `{ topic }` when something changed (at most 10 a second), `ping` every 25 s',
  permission: 'member',
  responses: {
    200: { content: { 'text/event-stream': { schema: ZChangeEvent } }, description: 'An endless event stream' },
    401: fail('Not signed in'),
    403: fail('Not a member'),
  },
});
