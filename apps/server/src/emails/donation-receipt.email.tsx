/** @jsxRuntime automatic */
import { DonationReceiptEmail, type TDonationReceiptEmailProps } from './DonationReceiptEmail';
import { renderEmail, type TRenderedEmail } from './Layout';

export type TDonationReceiptInput = Omit<TDonationReceiptEmailProps, 'subject'>;

/** The receipt a donor gets once the provider says the donation is paid, from '{organization} via Pennant'. */
export async function donationReceiptEmail(
  input: TDonationReceiptInput,
): Promise<TRenderedEmail & { fromName: string }> {
  const subject = `Your donation receipt from ${input.organizationName}`;
  const mail = await renderEmail(subject, <DonationReceiptEmail subject={subject} {...input} />);
  return { ...mail, fromName: `${input.organizationName} via Pennant` };
}
