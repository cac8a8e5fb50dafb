import { invoiceShortId } from '@pennant/shared/invoices/rules';
import { INVOICE_MESSAGES, type TInvoiceEmailResult } from '@pennant/shared/invoices/schemas';
import type { TQuoteEmailDraft } from '@pennant/shared/quotes/schemas';
import { refusal } from '@pennant/shared/session/permissions';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { flat, pdfPages } from '../../documents/fixtures/pdf-text';
import type { TMailMessage } from '../../integrations/mail/mailer';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformExec, platformQuery, teammate } from '../../test/team-fixtures';
import { expectStatus, type TErrorReply } from '../catalogue/fixtures/catalogue-fixtures';
import {
  attachmentBytes,
  clearOutbox,
  deliveredTo,
  emailLogRows,
  insertCompany,
  insertInvoice,
  invoiceEvents,
  invoiceRow,
  ownerWithInvoiceCompany,
  recordedEmails,
  storedInvoicePdf,
} from './fixtures/invoice-document-fixtures';

const PAY_URL = 'https://invoice.stripe.com/i/acct_1/test_pay';

/** Makes the mailer refuse every message to one address (a bounced CC, a provider outage). */
function failMailTo(env: TTestEnv, address: string) {
  const mailer = env.deps.mailer;
  const real = mailer.send.bind(mailer);
  return vi.spyOn(mailer, 'send').mockImplementation(async (m: TMailMessage) => {
    if (m.to.includes(address)) throw new Error(`mailbox ${address} unavailable`);
    return real(m);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

const send = (client: ReturnType<TTestEnv['client']>, id: string, body: Record<string, unknown>) =>
  client.post<TInvoiceEmailResult & TErrorReply>(`/api/invoices/${id}/email`, {
    recipientEmail: 'sam@acme.example',
    subject: 'Your invoice',
    body: 'Hi Sam,\n\nAttached is our invoice <thanks>.\nSee you at the field!',
    ...body,
  });

forEachDatabase('invoices: e-mail', (env) => {
  beforeEach(() => clearOutbox(env()));

  it('sends from the treasurer with the PDF and a [COPY] to CC, records it, and a pending invoice becomes sent', async () => {
    const { client, orgId, companyId, invoice } = await ownerWithInvoiceCompany(env());
    await platformExec(
      env(),
      sql`UPDATE organization SET treasurer_email = 'treasurer@eagles.example.org',
            sponsorship_lead_email = 'lead@eagles.example.org'
          WHERE id = ${orgId}`,
    );
    const id = await invoice({ status: 'pending' });
    const shortId = invoiceShortId(id);

    const reply = await send(client, id, { recipientEmail: 'Sam@Acme.example', ccEmail: 'me@eagles.example.org' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ sentTo: 'sam@acme.example', pdfAttached: true, ccWarning: null, status: 'sent' });

    // The mail as delivered: the treasurer has no account here, so the organization's name stands for the sender.
    const [main] = deliveredTo(env(), 'sam@acme.example');
    const [copy] = deliveredTo(env(), 'me@eagles.example.org');
    expect(main?.from).toMatch(/^"Eagles Boosters via Pennant" </);
    expect(main?.replyTo).toBe('treasurer@eagles.example.org');
    expect(main?.subject).toBe('Your invoice');
    expect(copy?.subject).toBe('[COPY] Your invoice');
    expect(copy?.replyTo).toBe('treasurer@eagles.example.org');
    expect(main?.html).toContain('Attached is our invoice &lt;thanks&gt;.');
    expect(main?.html).toContain(`Invoice #${shortId}`);
    expect(main?.html).toContain('$1,250.00');
    expect(main?.html).toContain('January 31, 2099');
    expect(main?.html).not.toContain('Pay online');
    expect(main?.text).toContain('Hi Sam,');
    for (const m of [main, copy]) {
      expect(m?.attachments).toHaveLength(1);
      expect(m?.attachments[0]).toMatchObject({ name: `Invoice-${shortId}.pdf`, contentType: 'application/pdf' });
      const bytes = attachmentBytes(env(), m?.attachments[0]?.file ?? '');
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(flat((await pdfPages(bytes)).join(' '))).toContain('Outfield Banner');
    }
    // The attached PDF is stored too, as the preview stores it.
    expect(storedInvoicePdf(env(), orgId, id)?.subarray(0, 5)).toBeDefined();

    expect(await recordedEmails(env(), orgId)).toEqual([
      { to: ['sam@acme.example'], subject: 'Your invoice', status: 'sent' },
      { to: ['me@eagles.example.org'], subject: '[COPY] Your invoice', status: 'sent' },
    ]);
    expect(await emailLogRows(env(), id)).toEqual([
      {
        recipients: 'sam@acme.example, me@eagles.example.org',
        subject: 'Your invoice',
        body_html: 'Hi Sam,<br><br>Attached is our invoice &lt;thanks&gt;.<br>See you at the field!',
        email_type: 'invoice',
        company_id: companyId,
      },
    ]);
    expect(await invoiceEvents(env(), id)).toEqual([
      {
        event_type: 'invoice_email_sent',
        description: `Invoice #${shortId} e-mailed to sam@acme.example`,
        company_id: companyId,
        metadata: { invoice_id: id, recipient_email: 'sam@acme.example', subject: 'Your invoice', pdf_attached: true },
      },
    ]);
    const row = await invoiceRow(env(), id);
    expect(row.status).toBe('sent');
    expect(row.sent_at).not.toBeNull();
  });

  it('sends without the PDF when unticked, from the member when nobody is named; sent and overdue keep their status', async () => {
    const { client, email, invoice } = await ownerWithInvoiceCompany(env());
    const sent = await invoice({ status: 'sent' });
    const reply = await send(client, sent, { attachPdf: false });
    expect(reply.body).toEqual({ sentTo: 'sam@acme.example', pdfAttached: false, ccWarning: null, status: 'sent' });
    const [mail] = deliveredTo(env(), 'sam@acme.example');
    expect(mail?.from).toMatch(/^"Test User via Pennant" </);
    expect(mail?.replyTo).toBe(email);
    expect(mail?.attachments).toEqual([]);
    expect((await invoiceEvents(env(), sent))[0]?.metadata).toMatchObject({ pdf_attached: false });

    const overdue = await invoice({ status: 'overdue', dueDate: '2020-01-31' });
    expect((await send(client, overdue, {})).body).toMatchObject({ status: 'overdue', pdfAttached: true });
    expect((await invoiceRow(env(), overdue)).status).toBe('overdue');
  });

  it('gives a card invoice the Pay online button', async () => {
    const { client, invoice } = await ownerWithInvoiceCompany(env());
    const id = await invoice({ status: 'sent', type: 'stripe', hostedUrl: PAY_URL });
    expect((await send(client, id, { recipientEmail: 'pay@acme.example' })).status).toBe(200);
    const [mail] = deliveredTo(env(), 'pay@acme.example');
    expect(mail?.html).toMatch(new RegExp(`<a href="${PAY_URL}"[^>]*>.*Pay online`));
    expect(mail?.text).toContain(PAY_URL);
  });

  it('refuses a void, paid or draft invoice, and what the form would refuse', async () => {
    const { client, orgId, invoice } = await ownerWithInvoiceCompany(env());
    for (const status of ['void', 'paid', 'draft']) {
      const id = await invoice({ status });
      const refused = await send(client, id, {});
      expect(refused.status, status).toBe(409);
      expect(refused.body.error.message).toBe(INVOICE_MESSAGES.transitionRefused);
    }
    const id = await invoice();
    expect((await send(client, id, { recipientEmail: '' })).body.error.fields?.recipientEmail).toBe(
      INVOICE_MESSAGES.recipient,
    );
    expect((await send(client, id, { subject: ' ' })).body.error.fields?.subject).toBe(INVOICE_MESSAGES.subjectAndBody);
    expect((await send(client, id, { ccEmail: 'not-an-address' })).status).toBe(400);
    expect(await recordedEmails(env(), orgId)).toEqual([]);
  });

  it('only warns when the copy to CC fails: the invoice itself was sent and recorded', async () => {
    const { client, orgId, invoice } = await ownerWithInvoiceCompany(env());
    const id = await invoice();
    failMailTo(env(), 'bounce@eagles.example.org');
    const reply = await send(client, id, { ccEmail: 'bounce@eagles.example.org' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      sentTo: 'sam@acme.example',
      pdfAttached: true,
      ccWarning: INVOICE_MESSAGES.ccFailed('bounce@eagles.example.org'),
      status: 'sent',
    });
    expect(deliveredTo(env(), 'sam@acme.example')).toHaveLength(1);
    expect(deliveredTo(env(), 'bounce@eagles.example.org')).toHaveLength(0);
    expect(await recordedEmails(env(), orgId)).toEqual([
      { to: ['sam@acme.example'], subject: 'Your invoice', status: 'sent' },
      { to: ['bounce@eagles.example.org'], subject: '[COPY] Your invoice', status: 'failed' },
    ]);
    expect((await emailLogRows(env(), id)).map((r) => r.recipients)).toEqual(['sam@acme.example']);
    expect((await invoiceRow(env(), id)).status).toBe('sent');
  });

  it('answers 502 when the e-mail itself fails, and changes nothing', async () => {
    const { client, orgId, invoice } = await ownerWithInvoiceCompany(env());
    const id = await invoice();
    failMailTo(env(), 'sam@acme.example');
    const reply = await send(client, id, { ccEmail: 'me@eagles.example.org' });
    expect(reply.status).toBe(502);
    expect(reply.body.error.message).toBe(INVOICE_MESSAGES.emailFailed);
    expect(deliveredTo(env(), 'me@eagles.example.org')).toHaveLength(0);
    expect(await recordedEmails(env(), orgId)).toEqual([]);
    expect(await emailLogRows(env(), id)).toEqual([]);
    expect(await invoiceEvents(env(), id)).toEqual([]);
    expect(await invoiceRow(env(), id)).toMatchObject({ status: 'pending', sent_at: null });
  });

  it('is the treasurer’s to send, not a read-only member’s; another organization’s invoice is a 404', async () => {
    const { client, orgId, invoice } = await ownerWithInvoiceCompany(env());
    const id = await invoice();
    const { client: viewer } = await teammate(env(), client, orgId, ['read_only'], 'Vic Viewer');
    for (const [path, body] of [
      ['email', { recipientEmail: 'sam@acme.example', subject: 'S', body: 'B' }],
      ['resend', {}],
      ['email-draft', { recipientName: 'Sam Rivera', recipientEmail: 'sam@acme.example' }],
    ] as const) {
      const refused = await viewer.post<TErrorReply>(`/api/invoices/${id}/${path}`, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.message).toBe(refusal('invoices.edit'));
    }

    const { client: treasurer, email: treasurerEmail } = await teammate(
      env(),
      client,
      orgId,
      ['treasurer'],
      'Tess Treasurer',
    );
    await platformExec(env(), sql`UPDATE organization SET treasurer_email = ${treasurerEmail} WHERE id = ${orgId}`);
    expect((await send(treasurer, id, { recipientEmail: 'tess-to@acme.example' })).status).toBe(200);
    const [mail] = deliveredTo(env(), 'tess-to@acme.example');
    expect(mail?.from).toMatch(/^"Tess Treasurer via Pennant" </);
    expect(mail?.replyTo).toBe(treasurerEmail);

    const stranger = env().client();
    await ownerWithOrg(stranger, 'Other Boosters');
    const other = await send(stranger, id, {});
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(INVOICE_MESSAGES.notFound);
  });
});

forEachDatabase('invoices: resend and draft', (env) => {
  beforeEach(() => clearOutbox(env()));

  it('sends an invoice never e-mailed to the primary contact with the default e-mail, then resends the last one', async () => {
    const { client, orgId, invoice } = await ownerWithInvoiceCompany(env());
    const id = await invoice();
    const shortId = invoiceShortId(id);
    const first = await client.post<TInvoiceEmailResult>(`/api/invoices/${id}/resend`, {});
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ sentTo: 'sam@acme.example', pdfAttached: true, ccWarning: null, status: 'sent' });
    const [mail] = deliveredTo(env(), 'sam@acme.example');
    expect(mail?.subject).toBe(`Invoice ${shortId} from Eagles Boosters`);
    expect(mail?.text).toContain('Hi Sam,');
    expect(mail?.text).toContain(`invoice ${shortId} from Eagles Boosters for $1,250.00, due January 31, 2099`);
    expect(mail?.text).toContain('Please write the invoice number on your payment.');
    expect(mail?.attachments[0]?.name).toBe(`Invoice-${shortId}.pdf`);

    // A real e-mail to someone else; Resend Email repeats it (recipient, subject, body), without the copy.
    await send(client, id, {
      recipientEmail: 'ap@acme.example',
      ccEmail: 'me@eagles.example.org',
      subject: 'Invoice & details',
      body: 'Dear accounts,\n\nPlease see the "invoice".',
    });
    const again = await client.post<TInvoiceEmailResult>(`/api/invoices/${id}/resend`, {});
    expect(again.body).toMatchObject({ sentTo: 'ap@acme.example', status: 'sent' });
    const toAp = deliveredTo(env(), 'ap@acme.example');
    expect(toAp).toHaveLength(2);
    expect(toAp[0]?.subject).toBe('Invoice & details');
    expect(toAp[0]?.text).toContain('Please see the "invoice".');
    expect(deliveredTo(env(), 'me@eagles.example.org')).toHaveLength(1);
    expect((await emailLogRows(env(), id)).map((r) => r.recipients)).toEqual([
      'sam@acme.example',
      'ap@acme.example, me@eagles.example.org',
      'ap@acme.example',
    ]);
    expect((await invoiceEvents(env(), id)).map((e) => e.event_type)).toEqual([
      'invoice_email_sent',
      'invoice_email_sent',
      'invoice_email_sent',
    ]);
    expect((await recordedEmails(env(), orgId)).every((m) => m.status === 'sent')).toBe(true);
  });

  it('refuses card and void invoices, and a company nobody can be e-mailed at', async () => {
    const { client, orgId, invoice } = await ownerWithInvoiceCompany(env());
    const card = await invoice({ type: 'stripe', status: 'sent', hostedUrl: PAY_URL });
    const voided = await invoice({ status: 'void' });
    for (const id of [card, voided]) {
      const refused = await client.post<TErrorReply>(`/api/invoices/${id}/resend`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(INVOICE_MESSAGES.transitionRefused);
    }
    const silent = await insertCompany(env(), orgId, 'Quiet Co', { name: 'Nobody', email: null });
    const nobody = await insertInvoice(env(), orgId, silent);
    const noRecipient = await client.post<TErrorReply>(`/api/invoices/${nobody}/resend`, {});
    expect(noRecipient.status).toBe(409);
    expect(noRecipient.body.error.message).toBe(INVOICE_MESSAGES.noRecipient);
    expect(await recordedEmails(env(), orgId)).toEqual([]);
  });

  it('falls back to another contact with an address when the primary has none', async () => {
    const { client, orgId } = await ownerWithInvoiceCompany(env());
    const companyId = await insertCompany(env(), orgId, 'Two Contacts Co', { name: 'No Mail', email: null });
    await platformExec(
      env(),
      sql`INSERT INTO company_contact (org_id, company_id, name, email, is_primary)
          VALUES (${orgId}, ${companyId}, 'Bea Billing', 'billing@two.example', false)`,
    );
    const id = await insertInvoice(env(), orgId, companyId);
    expect((await client.post<TInvoiceEmailResult>(`/api/invoices/${id}/resend`, {})).body.sentTo).toBe(
      'billing@two.example',
    );
    expect(deliveredTo(env(), 'billing@two.example')[0]?.text).toContain('Hi Bea,');
  });

  it('drafts a subject and body for the recipient through the built-in writer', async () => {
    const { client, orgId, invoice } = await ownerWithInvoiceCompany(env());
    const id = await invoice({ status: 'sent', type: 'stripe', hostedUrl: PAY_URL });
    const draft = expectStatus(
      await client.post<TQuoteEmailDraft>(`/api/invoices/${id}/email-draft`, {
        recipientName: 'Sam Rivera',
        recipientEmail: 'sam@acme.example',
      }),
      200,
      'draft',
    );
    expect(draft.subject).toContain('Eagles Boosters');
    expect(draft.subject).toContain('$1,250.00');
    expect(draft.body).toContain('Hi Sam,');
    expect(draft.body).toContain('Acme Hardware');
    expect(draft.body).toContain('January 31, 2099');
    expect(draft.body).toContain(invoiceShortId(id));
    expect(draft.body).toContain(PAY_URL);
    const [usage] = await platformQuery(
      env(),
      z.object({ feature_key: z.string() }),
      sql`SELECT feature_key FROM ai_usage WHERE org_id = ${orgId}`,
    );
    expect(usage?.feature_key).toBe('chat-completion');

    const noName = await client.post<TErrorReply>(`/api/invoices/${id}/email-draft`, {
      recipientName: ' ',
      recipientEmail: 'sam@acme.example',
    });
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields?.recipientName).toBe(INVOICE_MESSAGES.recipientName);
  });
});
