/** @jsxRuntime automatic */
import { roleLabel, type TRole } from '@pennant/shared/team/roles';
import { InviteEmail } from './InviteEmail';
import { renderEmail, type TRenderedEmail } from './Layout';

export interface TInviteEmailInput {
  inviterName: string;
  orgName: string;
  roles: readonly TRole[];
  /** The app's origin (PUBLIC_URL), e.g. https://app.pennant.example (no trailing slash). */
  origin: string;
  inviteId: string;
  /** The link's secret: only the invited inbox ever sees it. */
  token: string;
}

export function inviteLink(origin: string, inviteId: string, token: string): string {
  const query = new URLSearchParams({ invite_id: inviteId, token });
  return `${origin.replace(/\/+$/, '')}/auth/accept-invite?${query}`;
}

function listRoles(roles: readonly TRole[]): string {
  const labels = roles.map(roleLabel);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/** The invitation e-mail: sent as '{inviter} via Pennant', with the link and its 3-day expiry. */
export async function inviteEmail(input: TInviteEmailInput): Promise<TRenderedEmail & { fromName: string }> {
  const inviter = input.inviterName.trim() || 'A teammate';
  const subject = `${inviter} invited you to join ${input.orgName} on Pennant`;
  const mail = await renderEmail(
    subject,
    <InviteEmail
      subject={subject}
      inviter={inviter}
      orgName={input.orgName}
      roles={listRoles(input.roles)}
      link={inviteLink(input.origin, input.inviteId, input.token)}
    />,
  );
  return { ...mail, fromName: `${inviter} via Pennant` };
}
