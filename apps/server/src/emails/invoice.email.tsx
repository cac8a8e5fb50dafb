/** @jsxRuntime automatic */
import { InvoiceEmail, type TInvoiceEmailProps } from './InvoiceEmail';
import { renderEmail, type TRenderedEmail } from './Layout';

export type TInvoiceEmailInput = TInvoiceEmailProps;

/** The invoice e-mail, sent as '{sender} via Pennant' with Reply-To the sender's address. */
export async function invoiceEmail(input: TInvoiceEmailInput): Promise<TRenderedEmail & { fromName: string }> {
  const mail = await renderEmail(input.subject, <InvoiceEmail {...input} />);
  return { ...mail, fromName: `${input.senderName} via Pennant` };
}
