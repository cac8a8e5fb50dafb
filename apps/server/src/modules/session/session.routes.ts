import { createRoute } from '@hono/zod-openapi';
import { ZSessionReply } from '@pennant/shared/session.schemas';
import { createRouter, json } from '../../http/router';
import { describeSession } from './session.service';

export const sessionRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/session',
    tags: ['auth'],
    summary: 'Who is signed in, their organization, roles, plan and permissions',
    responses: { 200: json(ZSessionReply) },
  }),
  async (c) => {
    const user = c.get('authUser');
    const session = user ? await describeSession(c.get('deps'), user) : null;
    return c.json({ session }, 200);
  },
);
