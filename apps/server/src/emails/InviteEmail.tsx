/** @jsxRuntime automatic */
import { INVITE_EXPIRY_DAYS } from '@pennant/shared/team/schemas';
import { Layout, Paragraph } from './Layout';

export interface TInviteEmailProps {
  subject: string;
  inviter: string;
  orgName: string;
  /** The roles as words, e.g. 'Sponsorship Lead and Treasurer'; empty for none. */
  roles: string;
  link: string;
}

/** The invitation: who invites, to which organization and as what, and the link to accept. */
export function InviteEmail({ subject, inviter, orgName, roles, link }: TInviteEmailProps) {
  return (
    <Layout
      subject={subject}
      heading={`Join ${orgName} on Pennant`}
      button={{ label: 'Accept invitation', url: link }}
      notes={[`This link expires in ${INVITE_EXPIRY_DAYS} days.`]}
      footer="If you were not expecting this invitation, you can ignore this e-mail."
    >
      <Paragraph>
        <strong>{inviter}</strong> invited you to join <strong>{orgName}</strong>
        {roles && (
          <>
            {' as '}
            <strong>{roles}</strong>
          </>
        )}
        .
      </Paragraph>
    </Layout>
  );
}
