/** @jsxRuntime automatic */
import { AgreementEmail } from './AgreementEmail';
import { renderEmail, type TRenderedEmail } from './Layout';

export interface TAgreementEmailInput {
  subject: string;
  body: string;
  organizationName: string;
  senderName: string;
  senderEmail: string;
  pdfAttached: boolean;
}

/** The agreement e-mail, sent as '{sender} via Pennant' with Reply-To the sender's address. */
export async function agreementEmail(input: TAgreementEmailInput): Promise<TRenderedEmail & { fromName: string }> {
  const mail = await renderEmail(
    input.subject,
    <AgreementEmail
      subject={input.subject}
      organizationName={input.organizationName}
      senderName={input.senderName}
      senderEmail={input.senderEmail}
      body={input.body}
      pdfAttached={input.pdfAttached}
    />,
  );
  return { ...mail, fromName: `${input.senderName} via Pennant` };
}
