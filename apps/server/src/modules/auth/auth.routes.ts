import * as api from '@pennant/shared/auth/contract';
import type { Context } from 'hono';
import { clientIp } from '../../http/client-ip';
import { route } from '../../http/contract-route';
import type { TAppEnv } from '../../http/env';
import { createRouter } from '../../http/router';
import { requireUser } from '../session/member';
import { changePassword, confirmEmailChange, requestEmailChange, signIn, signOut, signUp } from './auth.service';

/** Copies better-auth's Set-Cookie headers onto our reply. */
function forwardCookies(c: Context<TAppEnv>, headers: Headers): void {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

export const authRoutes = createRouter()
  .openapi(route(api.signUp), async (c) => {
    const { headers } = await signUp(c.get('deps'), c.req.valid('json'), c.req.raw.headers);
    forwardCookies(c, headers);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(route(api.signIn), async (c) => {
    const { headers } = await signIn(c.get('deps'), c.req.valid('json'), c.req.raw.headers, {
      ip: clientIp(c),
      previousToken: c.get('sessionToken'),
    });
    forwardCookies(c, headers);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(route(api.signOut), async (c) => {
    if (c.get('authUser')) {
      const { headers } = await signOut(c.get('deps'), c.req.raw.headers);
      forwardCookies(c, headers);
    }
    return c.json({ ok: true as const }, 200);
  })
  .openapi(route(api.requestEmailChange), async (c) =>
    c.json(await requestEmailChange(c.get('deps'), requireUser(c), c.req.valid('json').email), 200),
  )
  .openapi(route(api.confirmEmailChange), async (c) =>
    c.json(await confirmEmailChange(c.get('deps'), c.req.valid('json').token, c.req.raw.headers), 200),
  )
  .openapi(route(api.changePassword), async (c) => {
    requireUser(c);
    const { headers } = await changePassword(c.get('deps'), c.req.valid('json'), c.req.raw.headers);
    forwardCookies(c, headers);
    return c.json({ ok: true as const }, 200);
  });
