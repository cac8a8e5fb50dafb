import * as api from '@pennant/shared/session/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { describeSession } from './session.service';

export const sessionRoutes = createRouter().openapi(route(api.getSession), async (c) => {
  const user = c.get('authUser');
  const session = user ? await describeSession(c.get('deps'), user) : null;
  return c.json({ session }, 200);
});
