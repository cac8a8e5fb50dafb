import { roleLabel, type TRole } from '@pennant/shared/roles';
import { INVITE_EXPIRY_DAYS } from '@pennant/shared/team.schemas';

export interface TInviteEmailInput {
  inviterName: string;
  orgName: string;
  roles: readonly TRole[];
  /** The app's origin, e.g. https://app.pennant.example (no trailing slash). */
  origin: string;
  inviteId: string;
}

export interface TRenderedEmail {
  subject: string;
  html: string;
  text: string;
  fromName: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function inviteLink(origin: string, inviteId: string): string {
  return `${origin.replace(/\/+$/, '')}/auth/accept-invite?invite_id=${encodeURIComponent(inviteId)}`;
}

function listRoles(roles: readonly TRole[]): string {
  const labels = roles.map(roleLabel);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/** The invitation e-mail: sent as '{inviter} via Pennant', with the link and its 3-day expiry. */
export function inviteEmail(input: TInviteEmailInput): TRenderedEmail {
  const inviter = input.inviterName.trim() || 'A teammate';
  const link = inviteLink(input.origin, input.inviteId);
  const roles = listRoles(input.roles);
  const days = `${INVITE_EXPIRY_DAYS} days`;
  const subject = `${inviter} invited you to join ${input.orgName} on Pennant`;

  const text = [
    `${inviter} invited you to join ${input.orgName} on Pennant${roles ? ` as ${roles}` : ''}.`,
    '',
    'Accept the invitation:',
    link,
    '',
    `This link expires in ${days}. If you were not expecting this invitation, you can ignore this e-mail.`,
    '',
    'Pennant: sponsorships and fundraising for volunteer sports organizations',
  ].join('\n');

  const e = {
    inviter: escapeHtml(inviter),
    org: escapeHtml(input.orgName),
    roles: escapeHtml(roles),
    link: escapeHtml(link),
  };
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:32px 16px;">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;border:1px solid #e5e7eb;">
        <tr><td style="padding:28px 32px 8px 32px;font-size:14px;font-weight:700;letter-spacing:0.04em;color:#1d4ed8;text-transform:uppercase;">Pennant</td></tr>
        <tr><td style="padding:8px 32px 0 32px;">
          <h1 style="margin:0 0 12px 0;font-size:22px;line-height:1.3;color:#111827;">Join ${e.org} on Pennant</h1>
          <p style="margin:0 0 16px 0;font-size:16px;line-height:1.5;"><strong>${e.inviter}</strong> invited you to join <strong>${e.org}</strong>${roles ? ` as <strong>${e.roles}</strong>` : ''}.</p>
        </td></tr>
        <tr><td style="padding:8px 32px 8px 32px;">
          <a href="${e.link}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-size:16px;font-weight:600;padding:12px 24px;border-radius:8px;">Accept invitation</a>
        </td></tr>
        <tr><td style="padding:16px 32px 0 32px;font-size:14px;line-height:1.5;color:#4b5563;">
          <p style="margin:0 0 12px 0;">This link expires in ${days}.</p>
          <p style="margin:0 0 12px 0;">If the button does not work, copy this address into your browser:<br><a href="${e.link}" style="color:#1d4ed8;word-break:break-all;">${e.link}</a></p>
        </td></tr>
        <tr><td style="padding:8px 32px 28px 32px;font-size:12px;line-height:1.5;color:#9ca3af;border-top:1px solid #f3f4f6;">
          <p style="margin:12px 0 0 0;">If you were not expecting this invitation, you can ignore this e-mail.</p>
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;

  return { subject, html, text, fromName: `${inviter} via Pennant` };
}
