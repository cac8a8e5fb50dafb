import { z } from 'zod';
import { ZOk } from '../api.schemas';
import { ZInviteAccount } from '../auth/schemas';
import { contract, fail, json, jsonBody } from '../contract';
import { ZIdText } from '../fields';
import {
  ZAcceptedInvite,
  ZInvite,
  ZInviteAcceptBody,
  ZInviteLinkQuery,
  ZInviteVerification,
  ZPendingInvite,
  ZPendingInvitesReply,
  ZTeamMembersReply,
} from './schemas';

const ZInviteParams = z.object({ id: ZIdText });
/** The shape of an invitation link's secret, for examples. */
const EXAMPLE_TOKEN = 'bGluay1zZWNyZXQtZnJvbS10aGUtaW52aXRlLWVtYWls';

export const listMembers = contract({
  method: 'get',
  path: '/team/members',
  tags: ['team'],
  summary: 'Active users: everyone holding a role, owner first',
  permission: 'member',
  responses: { 401: fail('Not signed in'), 200: json(ZTeamMembersReply), 403: fail('Not a member') },
});

export const listInvites = contract({
  method: 'get',
  path: '/team/invites',
  tags: ['team'],
  summary: 'Pending, unexpired invitations, newest first (Org Admin or owner)',
  permission: 'team',
  topic: 'invites',
  responses: { 401: fail('Not signed in'), 200: json(ZPendingInvitesReply), 403: fail('No team right') },
});

export const createInvite = contract({
  method: 'post',
  path: '/team/invites',
  tags: ['team'],
  summary: 'Invite a teammate by e-mail with roles (Org Admin or owner; limited by plan)',
  permission: 'team',
  topic: 'invites',
  example: { email: 'teammate@example.com', roles: ['treasurer'] },
  request: jsonBody(ZInvite),
  responses: {
    401: fail('Not signed in'),
    201: json(ZPendingInvite, 'Invited; the e-mail is on its way'),
    400: fail('Invalid e-mail or roles'),
    403: fail('No team right (forbidden) or over the plan limit (plan_limit)'),
    409: fail('Already a member, or a pending invite exists for that e-mail'),
  },
});

export const resendInvite = contract({
  method: 'post',
  path: '/team/invites/{id}/resend',
  tags: ['team'],
  summary: 'Re-send a pending invitation and extend it by 3 days',
  permission: 'team',
  topic: 'invites',
  resources: { id: 'invite' },
  request: { params: ZInviteParams },
  responses: {
    401: fail('Not signed in'),
    200: json(ZPendingInvite),
    403: fail('No team right'),
    404: fail('No such invitation in this organization'),
    409: fail('Already used or cancelled'),
    429: fail('Re-sent less than a minute ago, or 10 times today'),
  },
});

export const cancelInvite = contract({
  method: 'post',
  path: '/team/invites/{id}/cancel',
  tags: ['team'],
  summary: 'Cancel a pending invitation; its link stops working',
  permission: 'team',
  topic: 'invites',
  resources: { id: 'invite' },
  request: { params: ZInviteParams },
  responses: {
    401: fail('Not signed in'),
    200: json(ZOk),
    403: fail('No team right'),
    404: fail('No such invitation in this organization'),
    409: fail('Already used or cancelled'),
  },
});

export const verifyInvite = contract({
  method: 'get',
  path: '/invites/{id}',
  tags: ['invites'],
  summary: 'Verify an invitation link (public): the invited e-mail, the organization and the status',
  permission: 'public',
  resources: { id: 'invite' },
  exampleQuery: { token: EXAMPLE_TOKEN },
  request: { params: ZInviteParams, query: ZInviteLinkQuery },
  responses: { 200: json(ZInviteVerification), 404: fail('This invitation was not found or has expired') },
});

export const acceptInvite = contract({
  method: 'post',
  path: '/invites/{id}/accept',
  tags: ['invites'],
  summary: 'Accept an invitation with its link, as the signed-in user (the e-mail must match)',
  permission: 'user',
  topic: 'members',
  resources: { id: 'invite' },
  example: { token: EXAMPLE_TOKEN },
  request: { params: ZInviteParams, ...jsonBody(ZInviteAcceptBody) },
  responses: {
    200: json(ZAcceptedInvite),
    401: fail('Not signed in'),
    403: fail('Signed in with another e-mail'),
    404: fail('Not found'),
    409: fail('Already used or cancelled'),
    422: fail('Expired'),
  },
});

export const signUpWithInvite = contract({
  method: 'post',
  path: '/invites/{id}/sign-up',
  tags: ['invites'],
  summary: 'Create an account for the invited e-mail, sign in, and accept (needs the link’s secret)',
  permission: 'public',
  topic: 'members',
  resources: { id: 'invite' },
  example: { email: 'teammate@example.com', fullName: 'Pat Coach', password: 'pennant-pass', token: EXAMPLE_TOKEN },
  request: { params: ZInviteParams, ...jsonBody(ZInviteAccount) },
  responses: {
    200: json(ZAcceptedInvite),
    400: fail('Invalid form'),
    403: fail('Another e-mail than the invited one'),
    404: fail('Not found'),
    409: fail('Already used or cancelled, or e-mail already registered'),
    422: fail('Expired'),
  },
});
