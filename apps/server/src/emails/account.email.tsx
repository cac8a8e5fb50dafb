/** @jsxRuntime automatic */
import { ConfirmEmailChangeEmail } from './ConfirmEmailChangeEmail';
import { EmailChangeNoticeEmail } from './EmailChangeNoticeEmail';
import { renderEmail, type TRenderedEmail } from './Layout';

export function confirmEmailLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/auth/confirm-email?${new URLSearchParams({ token })}`;
}

/** To the new address: nothing changes until this link is opened. */
export function confirmEmailChangeEmail(input: {
  name: string;
  newEmail: string;
  link: string;
}): Promise<TRenderedEmail> {
  const subject = 'Confirm your new e-mail address for Pennant';
  return renderEmail(subject, <ConfirmEmailChangeEmail subject={subject} {...input} />);
}

/** To the old address, at once: someone asked to move this account away from it. */
export function emailChangeNoticeEmail(input: {
  name: string;
  newEmail: string;
  origin: string;
}): Promise<TRenderedEmail> {
  const subject = 'Your Pennant e-mail address is about to change';
  const signInUrl = `${input.origin.replace(/\/+$/, '')}/auth?mode=signin`;
  return renderEmail(
    subject,
    <EmailChangeNoticeEmail subject={subject} name={input.name} newEmail={input.newEmail} signInUrl={signInUrl} />,
  );
}
