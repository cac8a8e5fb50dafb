/** @jsxRuntime automatic */
import { bodyToHtml } from '@pennant/shared/ai/rules';
import { renderEmail, type TRenderedEmail } from './Layout';
import { QuoteEmail } from './QuoteEmail';

export interface TQuoteEmailInput {
  /** Merge tags already filled for this recipient. */
  subject: string;
  body: string;
  orgName: string;
  attachmentNote: string;
  sender: { name: string; email: string };
}

/** The quote e-mail to one recipient: sent as '{sender} via Pennant', replies going to the sender. */
export async function quoteEmail(
  input: TQuoteEmailInput,
): Promise<TRenderedEmail & { fromName: string; replyTo: string; bodyHtml: string }> {
  const bodyHtml = bodyToHtml(input.body);
  const mail = await renderEmail(
    input.subject,
    <QuoteEmail
      subject={input.subject}
      orgName={input.orgName}
      bodyHtml={bodyHtml}
      attachmentNote={input.attachmentNote}
      senderName={input.sender.name}
      senderEmail={input.sender.email}
    />,
  );
  return { ...mail, bodyHtml, fromName: `${input.sender.name} via Pennant`, replyTo: input.sender.email };
}
