/** @jsxRuntime automatic */
import { Text } from '@react-email/components';
import { bodyParagraphs } from './AgreementEmail';
import { Layout, Paragraph } from './Layout';

export interface TInvoiceEmailProps {
  subject: string;
  organizationName: string;
  senderName: string;
  senderEmail: string;
  /** The sender's message as they typed it: paragraphs split on blank lines, line breaks kept. */
  body: string;
  /** What the invoice is, for a reader who never opens the attachment. */
  summary: { number: string; amount: string; dueDate: string };
  /** The payment provider's page of a card invoice; null for a manual one. */
  payUrl: string | null;
  pdfAttached: boolean;
}

const summaryStyle = {
  margin: '0 0 16px 0',
  padding: '12px 16px',
  fontSize: '15px',
  lineHeight: 1.6,
  backgroundColor: '#f3f4f6',
  borderRadius: '8px',
};

/** The invoice e-mail: the sender's own words, the invoice in three lines, Pay online for a card invoice. */
export function InvoiceEmail({
  subject,
  organizationName,
  senderName,
  senderEmail,
  body,
  summary,
  payUrl,
  pdfAttached,
}: TInvoiceEmailProps) {
  return (
    <Layout
      subject={subject}
      heading={`Invoice from ${organizationName}`}
      button={payUrl ? { label: 'Pay online', url: payUrl } : undefined}
      notes={pdfAttached ? [`${summary.number} is attached as a PDF.`] : []}
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
      <Text style={summaryStyle}>
        <strong>{summary.number}</strong>
        <br />
        Amount due: <strong>{summary.amount}</strong>
        <br />
        Due date: {summary.dueDate}
      </Text>
    </Layout>
  );
}
