import type { TInviteAccountForm } from '@pennant/shared/auth/schemas';
import * as team from '@pennant/shared/team/contract';
import type { TInvite, TPendingInvite } from '@pennant/shared/team/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';

/** Query keys; the realtime topics 'members' and 'invites' refresh them (lib/query.ts). */
export const teamKeys = {
  members: ['team', 'members'] as const,
  invites: ['team', 'invites'] as const,
  invite: (id: string, token: string) => ['invite', id, token] as const,
};

export function useTeamMembers() {
  return useQuery({
    queryKey: teamKeys.members,
    queryFn: async () => (await call(team.listMembers)).members,
  });
}

/** Pending invitations are for those who manage the team; the server refuses everyone else. */
export function usePendingInvites(canManage: boolean) {
  return useQuery({
    queryKey: teamKeys.invites,
    queryFn: async () => (await call(team.listInvites)).invites,
    enabled: canManage,
  });
}

/** Checks an invitation link (its id and secret) before showing the accept page. */
export function useInviteVerification(inviteId: string, token: string) {
  return useQuery({
    queryKey: teamKeys.invite(inviteId, token),
    queryFn: () => call(team.verifyInvite, { params: { id: inviteId }, query: { token } }),
    enabled: inviteId !== '' && token !== '',
    retry: false,
    staleTime: 0,
  });
}

export function useSendInvite(ui?: TMutationUi<unknown, TInvite>) {
  return useContractMutation(
    team.createInvite,
    { mutationFn: (body: TInvite) => call(team.createInvite, { body }) },
    ui,
  );
}

export function useResendInvite(ui?: TMutationUi<unknown, TPendingInvite>) {
  return useContractMutation(
    team.resendInvite,
    { mutationFn: (invite: TPendingInvite) => call(team.resendInvite, { params: { id: invite.id } }) },
    ui,
  );
}

export function useCancelInvite(ui?: TMutationUi<unknown, TPendingInvite>) {
  return useContractMutation(
    team.cancelInvite,
    { mutationFn: (invite: TPendingInvite) => call(team.cancelInvite, { params: { id: invite.id } }) },
    ui,
  );
}

export type TInviteLink = { inviteId: string; token: string };

export function useAcceptInvite(ui?: TMutationUi<unknown, TInviteLink>) {
  return useContractMutation(
    team.acceptInvite,
    {
      mutationFn: ({ inviteId, token }: TInviteLink) =>
        call(team.acceptInvite, { params: { id: inviteId }, body: { token } }),
    },
    ui,
  );
}

export function useSignUpWithInvite(ui?: TMutationUi<unknown, TInviteLink & { account: TInviteAccountForm }>) {
  return useContractMutation(
    team.signUpWithInvite,
    {
      mutationFn: ({ inviteId, token, account }: TInviteLink & { account: TInviteAccountForm }) =>
        call(team.signUpWithInvite, { params: { id: inviteId }, body: { ...account, token } }),
    },
    ui,
  );
}
