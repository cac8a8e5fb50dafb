import { ZOk } from '@pennant/shared/api.schemas';
import type { TInviteAccountForm } from '@pennant/shared/auth.schemas';
import {
  type TInvite,
  ZAcceptedInvite,
  ZInviteVerification,
  ZPendingInvite,
  ZPendingInvitesReply,
  ZTeamMembersReply,
} from '@pennant/shared/team.schemas';
import { api } from '@/lib/api';

/** Query keys the shell's realtime hook refreshes on topic 'invites'. */
export const TEAM_MEMBERS_KEY = ['team', 'members'] as const;
export const TEAM_INVITES_KEY = ['team', 'invites'] as const;

const inviteUrl = (id: string) => `/api/invites/${encodeURIComponent(id)}`;
const teamInviteUrl = (id: string) => `/api/team/invites/${encodeURIComponent(id)}`;

export const teamApi = {
  members: async () => (await api.get('/api/team/members', ZTeamMembersReply)).members,
  invites: async () => (await api.get('/api/team/invites', ZPendingInvitesReply)).invites,
  invite: (body: TInvite) => api.post('/api/team/invites', body, ZPendingInvite),
  resend: (id: string) => api.post(`${teamInviteUrl(id)}/resend`, {}, ZPendingInvite),
  cancel: (id: string) => api.post(`${teamInviteUrl(id)}/cancel`, {}, ZOk),
  verify: (id: string, token: string) =>
    api.get(`${inviteUrl(id)}?${new URLSearchParams({ token })}`, ZInviteVerification),
  accept: (id: string, token: string) => api.post(`${inviteUrl(id)}/accept`, { token }, ZAcceptedInvite),
  signUpAndAccept: (id: string, token: string, body: TInviteAccountForm) =>
    api.post(`${inviteUrl(id)}/sign-up`, { ...body, token }, ZAcceptedInvite),
};
