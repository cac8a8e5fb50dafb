/** @jsxRuntime automatic */
import { Layout } from './Layout';

export interface TQuoteEmailProps {
  subject: string;
  orgName: string;
  /** The sender's words as HTML: escaped, line breaks as <br> (bodyToHtml). */
  bodyHtml: string;
  /** 'Quote #ABC123 is attached as a PDF …'. */
  attachmentNote: string;
  senderName: string;
  senderEmail: string;
}

/** A quote to a sponsor: the sender's message as written, the PDF noted, replies to the sender. */
export function QuoteEmail({ subject, orgName, bodyHtml, attachmentNote, senderName, senderEmail }: TQuoteEmailProps) {
  return (
    <Layout
      subject={subject}
      heading={`Sponsorship proposal from ${orgName}`}
      notes={[attachmentNote]}
      footer={`Sent by ${senderName} for ${orgName} through Pennant. Reply to this e-mail to reach ${senderEmail}.`}
    >
      <div
        style={{ margin: '0 0 16px 0', fontSize: '16px', lineHeight: 1.5 }}
        // bodyToHtml escapes every character that could open markup; only its <br>s are HTML.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by bodyToHtml
        dangerouslySetInnerHTML={{ __html: bodyHtml }}
      />
    </Layout>
  );
}
