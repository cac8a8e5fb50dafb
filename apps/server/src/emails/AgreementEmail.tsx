/** @jsxRuntime automatic */
import { Layout, Paragraph } from './Layout';

export interface TAgreementEmailProps {
  subject: string;
  organizationName: string;
  senderName: string;
  senderEmail: string;
  /** The sender's message as they typed it: paragraphs split on blank lines, line breaks kept. */
  body: string;
  pdfAttached: boolean;
}

/** The message's paragraphs: blank lines part them, single line breaks stay inside. */
export function bodyParagraphs(body: string): string[][] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.split('\n').map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim()));
}

/** The agreement e-mail: the sender's own words, a note about the attached PDF, who sent it. */
export function AgreementEmail({
  subject,
  organizationName,
  senderName,
  senderEmail,
  body,
  pdfAttached,
}: TAgreementEmailProps) {
  return (
    <Layout
      subject={subject}
      heading={`Sponsorship agreement from ${organizationName}`}
      notes={pdfAttached ? ['The sponsorship agreement is attached as a PDF.'] : []}
      footer={`Sent by ${senderName} (${senderEmail}) for ${organizationName} through Pennant. Reply to this e-mail to reach them.`}
    >
      {bodyParagraphs(body).map((lines, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity beyond their order
        <Paragraph key={i}>
          {lines.map((line, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their order
            <span key={j}>
              {j > 0 && <br />}
              {line}
            </span>
          ))}
        </Paragraph>
      ))}
    </Layout>
  );
}
