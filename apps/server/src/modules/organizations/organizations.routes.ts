import { createRoute, z } from '@hono/zod-openapi';
import { ZApiError, ZOk } from '@pennant/shared/api.schemas';
import { ZInviteAccount } from '@pennant/shared/auth.schemas';
import { ZIdText } from '@pennant/shared/fields';
import { ZOrganizationSettings, ZOrganizationSettingsReply, ZPlanReply } from '@pennant/shared/organization.schemas';
import {
  ZAcceptedInvite,
  ZInvite,
  ZInviteAcceptBody,
  ZInviteLinkQuery,
  ZInviteVerification,
  ZPendingInvite,
  ZPendingInvitesReply,
  ZTeamMembersReply,
} from '@pennant/shared/team.schemas';
import { ZTimezonePreference } from '@pennant/shared/timezones';
import { createRouter, json, jsonBody } from '../../http/router';
import { requireMember, requireUser } from '../session/member';
import {
  acceptInvite,
  cancelInvite,
  createInvite,
  resendInvite,
  signUpAndAccept,
  verifyInvite,
} from './invites.service';
import { getSettings, saveSettings } from './organizations.service';
import { getPlan } from './plan.service';
import { getTimezonePreference, setTimezonePreference } from './profile.service';
import { pendingInvites, teamMembers } from './team.service';

const fail = (description: string) => json(ZApiError, description);
const inviteParams = { params: z.object({ id: ZIdText }) };

export const organizationRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/organization/settings',
      tags: ['organization'],
      summary: 'The organization’s settings (any member; canEdit tells whether this member may save)',
      responses: { 200: json(ZOrganizationSettingsReply), 403: fail('Not a member') },
    }),
    async (c) => c.json(await getSettings(c.get('deps'), await requireMember(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/organization/settings',
      tags: ['organization'],
      summary: 'Save the settings (owner only): trims, empty optionals to null, resets email_verified on a new alias',
      request: jsonBody(ZOrganizationSettings),
      responses: {
        200: json(ZOrganizationSettingsReply),
        400: fail('Invalid settings, with a message per field'),
        403: fail('Only the Owner may edit these settings'),
      },
    }),
    async (c) => c.json(await saveSettings(c.get('deps'), await requireMember(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/team/members',
      tags: ['team'],
      summary: 'Active users: everyone holding a role, owner first',
      responses: { 200: json(ZTeamMembersReply), 403: fail('Not a member') },
    }),
    async (c) => c.json({ members: await teamMembers(c.get('deps'), await requireMember(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/team/invites',
      tags: ['team'],
      summary: 'Pending, unexpired invitations, newest first (Org Admin or owner)',
      responses: { 200: json(ZPendingInvitesReply), 403: fail('No team right') },
    }),
    async (c) => c.json({ invites: await pendingInvites(c.get('deps'), await requireMember(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/team/invites',
      tags: ['team'],
      summary: 'Invite a teammate by e-mail with roles (Org Admin or owner; limited by plan)',
      request: jsonBody(ZInvite),
      responses: {
        201: json(ZPendingInvite, 'Invited; the e-mail is on its way'),
        400: fail('Invalid e-mail or roles'),
        403: fail('No team right (forbidden) or over the plan limit (plan_limit)'),
        409: fail('Already a member, or a pending invite exists for that e-mail'),
      },
    }),
    async (c) => {
      const member = await requireMember(c);
      return c.json(await createInvite(c.get('deps'), member, c.req.valid('json')), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/team/invites/{id}/resend',
      tags: ['team'],
      summary: 'Re-send a pending invitation and extend it by 3 days',
      request: inviteParams,
      responses: {
        200: json(ZPendingInvite),
        403: fail('No team right'),
        404: fail('No such invitation in this organization'),
        409: fail('Already used or cancelled'),
        429: fail('Re-sent less than a minute ago, or 10 times today'),
      },
    }),
    async (c) => {
      const member = await requireMember(c);
      return c.json(await resendInvite(c.get('deps'), member, c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/team/invites/{id}/cancel',
      tags: ['team'],
      summary: 'Cancel a pending invitation; its link stops working',
      request: inviteParams,
      responses: {
        200: json(ZOk),
        403: fail('No team right'),
        404: fail('No such invitation in this organization'),
        409: fail('Already used or cancelled'),
      },
    }),
    async (c) => {
      await cancelInvite(c.get('deps'), await requireMember(c), c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/invites/{id}',
      tags: ['invites'],
      summary: 'Verify an invitation link (public): the invited e-mail, the organization and the status',
      request: { ...inviteParams, query: ZInviteLinkQuery },
      responses: { 200: json(ZInviteVerification), 404: fail('This invitation was not found or has expired') },
    }),
    async (c) => c.json(await verifyInvite(c.get('deps'), c.req.valid('param').id, c.req.valid('query').token), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invites/{id}/accept',
      tags: ['invites'],
      summary: 'Accept an invitation with its link, as the signed-in user (the e-mail must match)',
      request: { ...inviteParams, ...jsonBody(ZInviteAcceptBody) },
      responses: {
        200: json(ZAcceptedInvite),
        401: fail('Not signed in'),
        403: fail('Signed in with another e-mail'),
        404: fail('Not found'),
        409: fail('Already used or cancelled'),
        422: fail('Expired'),
      },
    }),
    async (c) =>
      c.json(
        await acceptInvite(c.get('deps'), requireUser(c), c.req.valid('param').id, c.req.valid('json').token),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invites/{id}/sign-up',
      tags: ['invites'],
      summary: 'Create an account for the invited e-mail, sign in, and accept (needs the link’s secret)',
      request: { ...inviteParams, ...jsonBody(ZInviteAccount) },
      responses: {
        200: json(ZAcceptedInvite),
        400: fail('Invalid form'),
        403: fail('Another e-mail than the invited one'),
        404: fail('Not found'),
        409: fail('Already used or cancelled, or e-mail already registered'),
        422: fail('Expired'),
      },
    }),
    async (c) => {
      const { headers, accepted } = await signUpAndAccept(
        c.get('deps'),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.req.raw.headers,
      );
      for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      return c.json(accepted, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/plan',
      tags: ['organization'],
      summary: 'The plan state with sponsor and team usage against its limits',
      responses: { 200: json(ZPlanReply), 403: fail('Not a member') },
    }),
    async (c) => c.json(await getPlan(c.get('deps'), await requireMember(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/profile/timezone',
      tags: ['profile'],
      summary: 'The signed-in user’s timezone preference (a missing profile is created)',
      responses: { 200: json(ZTimezonePreference), 401: fail('Not signed in') },
    }),
    async (c) => c.json(await getTimezonePreference(c.get('deps'), requireUser(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/profile/timezone',
      tags: ['profile'],
      summary: 'Save the timezone and the auto-detect switch',
      request: jsonBody(ZTimezonePreference),
      responses: { 200: json(ZTimezonePreference), 400: fail('Invalid timezone selected'), 401: fail('Not signed in') },
    }),
    async (c) => c.json(await setTimezonePreference(c.get('deps'), requireUser(c), c.req.valid('json')), 200),
  );
