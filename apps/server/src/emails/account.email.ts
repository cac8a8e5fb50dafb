import { EMAIL_CHANGE_EXPIRY_HOURS } from '@pennant/shared/auth/schemas';
import { renderEmail, type TRenderedEmail } from './layout';

export function confirmEmailLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/auth/confirm-email?${new URLSearchParams({ token })}`;
}

/** To the new address: nothing changes until this link is opened. */
export function confirmEmailChangeEmail(input: { name: string; newEmail: string; link: string }): TRenderedEmail {
  return renderEmail({
    subject: 'Confirm your new e-mail address for Pennant',
    heading: 'Confirm your new e-mail address',
    paragraphs: [
      `Hi ${input.name}, you asked to use **${input.newEmail}** to sign in to Pennant.`,
      'Your sign-in address changes only when you confirm it.',
    ],
    button: { label: 'Confirm e-mail address', url: input.link },
    notes: [`This link works for ${EMAIL_CHANGE_EXPIRY_HOURS} hours.`],
    footer: 'If you did not ask for this, ignore this e-mail: nothing changes.',
  });
}

/** To the old address, at once: someone asked to move this account away from it. */
export function emailChangeNoticeEmail(input: { name: string; newEmail: string; origin: string }): TRenderedEmail {
  return renderEmail({
    subject: 'Your Pennant e-mail address is about to change',
    heading: 'A change of e-mail address was requested',
    paragraphs: [
      `Hi ${input.name}, someone signed in to your Pennant account asked to change its e-mail address to **${input.newEmail}**.`,
      'The change happens only if that address confirms it. If this was you, there is nothing to do.',
      'If it was not you, sign in and change your password now.',
    ],
    button: { label: 'Sign in to Pennant', url: `${input.origin.replace(/\/+$/, '')}/auth?mode=signin` },
  });
}
