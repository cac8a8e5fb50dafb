/** @jsxRuntime automatic */
import { Text } from '@react-email/components';
import { Layout, Paragraph } from './Layout';

export interface TDonationReceiptEmailProps {
  subject: string;
  organizationName: string;
  campaignName: string;
  /** 'On behalf of {name}' under the campaign, for an alumni campaign sent on someone's behalf. */
  behalfOfName: string | null;
  /** Formatted, e.g. '$50.00'. */
  amount: string;
  /** The day it was paid on the organization's calendar, e.g. 'March 5, 2026'. */
  date: string;
  /** The last 12 characters of the checkout session id: what the success page showed. */
  transactionId: string;
}

const summaryStyle = {
  margin: '0 0 16px 0',
  padding: '12px 16px',
  fontSize: '15px',
  lineHeight: 1.6,
  backgroundColor: '#f3f4f6',
  borderRadius: '8px',
};

/** The donor's receipt: thanks, and the gift in four lines (amount, campaign, date, transaction). */
export function DonationReceiptEmail({
  subject,
  organizationName,
  campaignName,
  behalfOfName,
  amount,
  date,
  transactionId,
}: TDonationReceiptEmailProps) {
  return (
    <Layout
      subject={subject}
      heading="Thank you for your donation"
      notes={['Keep this e-mail for your records.']}
      footer={`Sent for ${organizationName} through Pennant. The payment was processed securely by our payment provider.`}
    >
      <Paragraph>
        Your donation to <strong>{organizationName}</strong> was received. Thank you for your support!
      </Paragraph>
      <Text style={summaryStyle}>
        Amount: <strong>{amount}</strong>
        <br />
        Campaign: {campaignName}
        {behalfOfName ? ` (on behalf of ${behalfOfName})` : ''}
        <br />
        Organization: {organizationName}
        <br />
        Date: {date}
        <br />
        Transaction ID: {transactionId}
      </Text>
    </Layout>
  );
}
