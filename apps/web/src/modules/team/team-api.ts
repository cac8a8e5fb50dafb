import type { TInviteAccountForm } from '@pennant/shared/auth/schemas';
import * as team from '@pennant/shared/team/contract';
import type { TInvite } from '@pennant/shared/team/schemas';
import { call } from '@/lib/api';

/** Query keys the shell's realtime hook refreshes on topic 'invites'. */
export const TEAM_MEMBERS_KEY = ['team', 'members'] as const;
export const TEAM_INVITES_KEY = ['team', 'invites'] as const;

export const teamApi = {
  members: async () => (await call(team.listMembers)).members,
  invites: async () => (await call(team.listInvites)).invites,
  invite: (body: TInvite) => call(team.createInvite, { body }),
  resend: (id: string) => call(team.resendInvite, { params: { id } }),
  cancel: (id: string) => call(team.cancelInvite, { params: { id } }),
  verify: (id: string, token: string) => call(team.verifyInvite, { params: { id }, query: { token } }),
  accept: (id: string, token: string) => call(team.acceptInvite, { params: { id }, body: { token } }),
  signUpAndAccept: (id: string, token: string, body: TInviteAccountForm) =>
    call(team.signUpWithInvite, { params: { id }, body: { ...body, token } }),
};
