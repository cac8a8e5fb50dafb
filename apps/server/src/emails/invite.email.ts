import { roleLabel, type TRole } from '@pennant/shared/team/roles';
import { INVITE_EXPIRY_DAYS } from '@pennant/shared/team/schemas';
import { renderEmail, type TRenderedEmail } from './layout';

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
export function inviteEmail(input: TInviteEmailInput): TRenderedEmail & { fromName: string } {
  const inviter = input.inviterName.trim() || 'A teammate';
  const roles = listRoles(input.roles);
  const mail = renderEmail({
    subject: `${inviter} invited you to join ${input.orgName} on Pennant`,
    heading: `Join ${input.orgName} on Pennant`,
    paragraphs: [`**${inviter}** invited you to join **${input.orgName}**${roles ? ` as **${roles}**` : ''}.`],
    button: { label: 'Accept invitation', url: inviteLink(input.origin, input.inviteId, input.token) },
    notes: [`This link expires in ${INVITE_EXPIRY_DAYS} days.`],
    footer: 'If you were not expecting this invitation, you can ignore this e-mail.',
  });
  return { ...mail, fromName: `${inviter} via Pennant` };
}
