/** @jsxRuntime automatic */
import { Layout, Paragraph } from './Layout';

export interface TEmailChangeNoticeProps {
  subject: string;
  name: string;
  newEmail: string;
  signInUrl: string;
}

/** To the old address, at once: someone asked to move the account away from it. */
export function EmailChangeNoticeEmail({ subject, name, newEmail, signInUrl }: TEmailChangeNoticeProps) {
  return (
    <Layout
      subject={subject}
      heading="A change of e-mail address was requested"
      button={{ label: 'Sign in to Pennant', url: signInUrl }}
    >
      <Paragraph>
        {`Hi ${name}, someone signed in to your Pennant account asked to change its e-mail address to `}
        <strong>{newEmail}</strong>.
      </Paragraph>
      <Paragraph>
        The change happens only if that address confirms it. If this was you, there is nothing to do.
      </Paragraph>
      <Paragraph>If it was not you, sign in and change your password now.</Paragraph>
    </Layout>
  );
}
