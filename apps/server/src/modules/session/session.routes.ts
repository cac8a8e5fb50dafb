import * as api from '@pennant/shared/session/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { describeSession } from './session.service';

export const sessionRoutes = createRouter().openapi(route(api.getSession), async (c) => {
  const user = c.get('authUser');
  // The session check (app.ts) already resolved the membership; a non-member has none set.
  const session = user ? await describeSession(c.get('deps'), user, c.get('member') ?? null) : null;
  return c.json({ session }, 200);
});
