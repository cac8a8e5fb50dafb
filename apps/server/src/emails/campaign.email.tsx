/** @jsxRuntime automatic */
import { CampaignEmail, type TCampaignEmailProps } from './CampaignEmail';
import { renderEmail, type TRenderedEmail } from './Layout';

export type { TCampaignEmailPart, TDonateButton } from './CampaignEmail';

export interface TCampaignEmailInput extends TCampaignEmailProps {
  /** The organization's name, or '{sender} via Pennant' for an alumni campaign sent on someone's behalf. */
  fromName: string;
}

/** A campaign e-mail (or reminder) to one contact, rendered as HTML and text. */
export async function campaignEmail(input: TCampaignEmailInput): Promise<TRenderedEmail & { fromName: string }> {
  const { fromName, ...props } = input;
  const mail = await renderEmail(input.subject, <CampaignEmail {...props} />);
  return { ...mail, fromName };
}
