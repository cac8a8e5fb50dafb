/** @jsxRuntime automatic */
import { EMAIL_CHANGE_EXPIRY_HOURS } from '@pennant/shared/auth/schemas';
import { Layout, Paragraph } from './Layout';

export interface TConfirmEmailChangeProps {
  subject: string;
  name: string;
  newEmail: string;
  link: string;
}

/** To the new address: nothing changes until its link is opened. */
export function ConfirmEmailChangeEmail({ subject, name, newEmail, link }: TConfirmEmailChangeProps) {
  return (
    <Layout
      subject={subject}
      heading="Confirm your new e-mail address"
      button={{ label: 'Confirm e-mail address', url: link }}
      notes={[`This link works for ${EMAIL_CHANGE_EXPIRY_HOURS} hours.`]}
      footer="If you did not ask for this, ignore this e-mail: nothing changes."
    >
      <Paragraph>
        {`Hi ${name}, you asked to use `}
        <strong>{newEmail}</strong> to sign in to Pennant.
      </Paragraph>
      <Paragraph>Your sign-in address changes only when you confirm it.</Paragraph>
    </Layout>
  );
}
