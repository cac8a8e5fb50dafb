import { createRoute } from '@hono/zod-openapi';
import { ZOk } from '@pennant/shared/api.schemas';
import {
  ZChangeEmail,
  ZChangeEmailReply,
  ZChangePassword,
  ZConfirmEmail,
  ZConfirmEmailReply,
  ZSignIn,
  ZSignUp,
} from '@pennant/shared/auth.schemas';
import type { Context } from 'hono';
import { clientIp } from '../../http/client-ip';
import type { TAppEnv } from '../../http/env';
import { createRouter, json, jsonBody } from '../../http/router';
import { requireUser } from '../session/member';
import { changePassword, confirmEmailChange, requestEmailChange, signIn, signOut, signUp } from './auth.service';

/** Copies better-auth's Set-Cookie headers onto our reply. */
function forwardCookies(c: Context<TAppEnv>, headers: Headers): void {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

const errors = { 400: json(ZOk, 'Invalid input'), 401: json(ZOk, 'Wrong credentials') };

export const authRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/sign-up',
      tags: ['auth'],
      summary: 'Create an account and sign in',
      request: jsonBody(ZSignUp),
      responses: { 200: json(ZOk), 409: json(ZOk, 'Email already registered') },
    }),
    async (c) => {
      const { headers } = await signUp(c.get('deps'), c.req.valid('json'), c.req.raw.headers);
      forwardCookies(c, headers);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/sign-in',
      tags: ['auth'],
      summary: 'Sign in with e-mail and password (rate limited; rotates the session)',
      request: jsonBody(ZSignIn),
      responses: { 200: json(ZOk), ...errors, 429: json(ZOk, 'Too many attempts') },
    }),
    async (c) => {
      const { headers } = await signIn(c.get('deps'), c.req.valid('json'), c.req.raw.headers, {
        ip: clientIp(c),
        previousToken: c.get('sessionToken'),
      });
      forwardCookies(c, headers);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/sign-out',
      tags: ['auth'],
      summary: 'Sign out and clear the session cookie',
      responses: { 200: json(ZOk) },
    }),
    async (c) => {
      if (c.get('authUser')) {
        const { headers } = await signOut(c.get('deps'), c.req.raw.headers);
        forwardCookies(c, headers);
      }
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/email',
      tags: ['account'],
      summary:
        'Ask to change the signed-in user’s e-mail: the new address gets a confirmation link, the old one a notice',
      request: jsonBody(ZChangeEmail),
      responses: {
        200: json(ZChangeEmailReply, 'Nothing changed yet: the new address must confirm'),
        ...errors,
        409: json(ZOk, 'Failed to update email (the address is in use)'),
      },
    }),
    async (c) => c.json(await requestEmailChange(c.get('deps'), requireUser(c), c.req.valid('json').email), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/email/confirm',
      tags: ['account'],
      summary: 'Open the confirmation link sent to a new address: the account moves to it',
      request: jsonBody(ZConfirmEmail),
      responses: {
        200: json(ZConfirmEmailReply),
        400: json(ZOk, 'The link is not valid'),
        403: json(ZOk, 'The link belongs to another signed-in account'),
        409: json(ZOk, 'The address is in use by now'),
        422: json(ZOk, 'The link has expired'),
      },
    }),
    async (c) => c.json(await confirmEmailChange(c.get('deps'), c.req.valid('json').token, c.req.raw.headers), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/password',
      tags: ['account'],
      summary: 'Change the signed-in user’s password',
      request: jsonBody(ZChangePassword),
      responses: { 200: json(ZOk), ...errors },
    }),
    async (c) => {
      requireUser(c);
      const { headers } = await changePassword(c.get('deps'), c.req.valid('json'), c.req.raw.headers);
      forwardCookies(c, headers);
      return c.json({ ok: true as const }, 200);
    },
  );
