import { randomUUID } from 'node:crypto';
import { formatMoney } from '@pennant/shared/money';
import { FREE_PLAN } from '@pennant/shared/organization/plans';
import { DEFAULT_TIMEZONE } from '@pennant/shared/profile/timezones';
import { QUOTE_MESSAGES, QUOTE_SEND_BLOCKS, type TQuoteStatus } from '@pennant/shared/quotes/schemas';
import { expect, it } from 'vitest';
import { sql } from '../../db/client';
import { flat, pdfPages } from '../../documents/fixtures/pdf-text';
import { expireQuotesJob } from '../../jobs/expire-quotes.job';
import { forEachDatabase } from '../../test/harness';
import { platformExec } from '../../test/team-fixtures';
import type { TErrorReply } from '../catalogue/fixtures/catalogue-fixtures';
import { addCompany } from '../companies/fixtures/company-fixtures';
import type { TMember } from '../session/member';
import {
  addContact,
  addQuote,
  companyStatus,
  count,
  emailLogs,
  expireInPast,
  quoteOutbox,
  salesSetup,
  sampleLines,
  seedSponsors,
  sendTo,
  setOrgContacts,
  setWorkflowMode,
  type TQuoteAcceptResult,
  type TQuoteDetail,
  timeline,
} from './fixtures/quote-fixtures';
import { acceptQuote, rejectQuote } from './quote-decide.service';

const DAY = 86_400_000;

forEachDatabase('quotes: send, accept, reject, expire', (env) => {
  it('e-mails each chosen contact with the PDF, from the sender via Pennant, and marks the quote sent', async () => {
    const { client, orgId, banner, program, company, janeId } = await salesSetup(env());
    await setOrgContacts(env(), orgId, { sponsorshipLead: 'lead@eagles.example', treasurer: 'money@eagles.example' });
    const bob = await addContact(client, company.id, 'Bob Builder', 'bob@acme.example');
    const quote = await addQuote(client, { companyId: company.id, lines: sampleLines(banner.id, program.id) });

    const before = Date.now();
    const result = await sendTo(client, quote.id, [janeId, bob.id], { copyEmail: 'me@eagles.example' });
    expect(result.sentTo).toEqual(['jane@acme.example', 'bob@acme.example']);
    const sent = result.quote;
    expect(sent.status).toBe('sent');
    expect(sent.hasPdf).toBe(true);
    const sentAt = Date.parse(sent.sentAt ?? '');
    expect(sentAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(sent.expiresAt ?? '') - sentAt).toBe(30 * DAY);
    expect(sent.recipientEmails).toBe('Jane Doe <jane@acme.example>, Bob Builder <bob@acme.example>');
    expect(sent.emailSubject).toBe('Sponsorship for {{company_name}}');
    expect(sent.emailBody).toBe('Hi {{contact_name}},\n\nOur proposal is attached.\nThank you!');

    const outbox = await quoteOutbox(env(), quote.id);
    expect(outbox).toHaveLength(3);
    const to = (address: string) => {
      const found = outbox.find((m) => m.to.includes(address));
      if (!found) throw new Error(`no message to ${address}`);
      return found;
    };
    const jane = to('jane@acme.example');
    expect(jane.to).toEqual(['jane@acme.example']);
    expect(jane.subject).toBe('Sponsorship for Acme Hardware');
    expect(jane.from_name).toBe('Eagles Boosters via Pennant');
    expect(jane.reply_to).toBe('lead@eagles.example');
    expect(jane.html).toContain('Hi Jane,<br><br>Our proposal is attached.<br>Thank you!');
    expect(jane.text).toContain('Hi Jane,');
    expect(jane.idempotency_key).toBe(`quote:${quote.id}:${sentAt}:${janeId}`);
    const [attachment] = jane.attachments ?? [];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.name).toBe(`Quote-Acme-Hardware-${quote.id.slice(0, 6).toUpperCase()}.pdf`);
    const bytes = Buffer.from(attachment?.contentBase64 ?? '', 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = flat((await pdfPages(new Uint8Array(bytes))).join(' '));
    for (const words of ['Acme Hardware', 'Jane Doe', 'Outfield Banner (setup fee)', 'Year 1 total']) {
      expect(pdf).toContain(words);
    }
    expect(pdf).toContain(formatMoney(135_000));
    expect(pdf).toContain(formatMoney(120_000));

    const bobMail = to('bob@acme.example');
    expect(bobMail.html).toContain('Hi Bob,<br>');
    expect(bobMail.attachments).toHaveLength(1);
    const copy = to('me@eagles.example');
    expect(copy.subject).toBe('[COPY] Sponsorship for Acme Hardware');
    expect(copy.idempotency_key).toBe(`quote:${quote.id}:${sentAt}:copy`);
    expect(copy.attachments).toHaveLength(1);

    const events = await timeline(env(), company.id);
    // The status change and the creation share one instant; the send comes after.
    expect(events.map((e) => e.event_type).sort()).toEqual(['quote_created', 'quote_sent', 'status_changed']);
    expect(events.at(-1)?.event_type).toBe('quote_sent');
    const sentEvent = events.at(-1);
    expect(sentEvent?.quote_id).toBe(quote.id);
    expect(sentEvent?.description).toBe(
      `Quote #${quote.id.slice(0, 6).toUpperCase()} sent to jane@acme.example, bob@acme.example`,
    );
    expect(await emailLogs(env(), quote.id)).toEqual([
      {
        recipients: 'Jane Doe <jane@acme.example>, Bob Builder <bob@acme.example>',
        subject: 'Sponsorship for {{company_name}}',
        body_html: 'Hi {{contact_name}},<br><br>Our proposal is attached.<br>Thank you!',
        email_type: 'quote',
      },
    ]);
    const companyNow = await client.get<{ status: string; lastContactedAt: string | null }>(
      `/api/companies/${company.id}`,
    );
    expect(companyNow.body.status).toBe('negotiating');
    expect(companyNow.body.lastContactedAt).toBe(sent.sentAt);

    // A sent quote may be sent again: a new expiry, new messages.
    await new Promise((r) => setTimeout(r, 5));
    const again = await sendTo(client, quote.id, [janeId]);
    expect(Date.parse(again.quote.sentAt ?? '')).toBeGreaterThan(sentAt);
    expect(await quoteOutbox(env(), quote.id)).toHaveLength(4);
    expect(await count(env(), 'quote_document', 'quote_id', quote.id)).toBe(1);
  });

  it('sends from the treasurer without a sponsorship lead, else from the member; a prospect becomes negotiating', async () => {
    const { client, orgId, banner, company, janeId, owner } = await salesSetup(env());
    const quote = await addQuote(client, {
      companyId: company.id,
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    await sendTo(client, quote.id, [janeId]);
    const [mine] = await quoteOutbox(env(), quote.id);
    expect(mine?.from_name).toBe(`${owner.name} via Pennant`);
    expect(mine?.reply_to).toBe(owner.email);

    await setOrgContacts(env(), orgId, { sponsorshipLead: null, treasurer: 'money@eagles.example' });
    const second = await addQuote(client, {
      companyId: company.id,
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    await sendTo(client, second.id, [janeId]);
    const [treasurer] = await quoteOutbox(env(), second.id);
    expect(treasurer?.from_name).toBe('Eagles Boosters via Pennant');
    expect(treasurer?.reply_to).toBe('money@eagles.example');

    // A quote made while the company was already past prospect leaves its status alone; sending
    // a prospect's quote moves it.
    await platformExec(env(), sql`UPDATE company SET status = 'prospect' WHERE id = ${company.id}`);
    await sendTo(client, second.id, [janeId]);
    expect(await companyStatus(env(), company.id)).toBe('negotiating');
  });

  it('refuses to send in the spec’s words: by status, without contacts, without a valid address', async () => {
    const { client, banner, company, janeId } = await salesSetup(env());
    const lines = [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }];
    const blocked: TQuoteStatus[] = ['accepted', 'rejected', 'expired', 'contracted', 'archived'];
    for (const status of blocked) {
      const quote = await addQuote(client, { companyId: company.id, lines });
      await platformExec(env(), sql`UPDATE quote SET status = ${status} WHERE id = ${quote.id}`);
      const res = await client.post<TErrorReply>(`/api/quotes/${quote.id}/send`, {
        subject: 'S',
        body: 'B',
        contactIds: [janeId],
      });
      expect(res.status, status).toBe(409);
      expect(res.body.error.message).toBe(QUOTE_SEND_BLOCKS[status]);
      const save = await client.put<TErrorReply>(`/api/quotes/${quote.id}/email`, { subject: 'S', body: 'B' });
      expect(save.status).toBe(409);
      expect(save.body.error.message).toBe(QUOTE_SEND_BLOCKS[status]);
      expect(await quoteOutbox(env(), quote.id)).toEqual([]);
    }

    const quote = await addQuote(client, { companyId: company.id, lines });
    const send = (body: Record<string, unknown>) =>
      client.post<TErrorReply>(`/api/quotes/${quote.id}/send`, { subject: 'S', body: 'B', ...body });
    // A contact without an address, an inactive one, another company's, an unknown id.
    const other = await addCompany(client, {
      name: 'Other Co',
      primaryContact: { name: 'Olga Other', email: 'olga@other.example' },
    });
    const noEmail = randomUUID();
    await platformExec(
      env(),
      sql`INSERT INTO company_contact (id, org_id, company_id, name, email, is_primary, is_active)
          SELECT ${noEmail}, org_id, id, 'No Mail', NULL, false, true FROM company WHERE id = ${company.id}`,
    );
    const gone = await addContact(client, company.id, 'Gone Person', 'gone@acme.example');
    await platformExec(env(), sql`UPDATE company_contact SET is_active = false WHERE id = ${gone.id}`);
    for (const ids of [[noEmail], [gone.id], [other.primaryContact?.id ?? ''], [randomUUID()]]) {
      const res = await send({ contactIds: ids });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(QUOTE_MESSAGES.noValidEmail);
    }
    // The company has no contacts at all.
    const lonely = await addCompany(client, { name: 'Lonely LLC' });
    const lonelyQuote = await addQuote(client, { companyId: lonely.id, lines });
    const none = await client.post<TErrorReply>(`/api/quotes/${lonelyQuote.id}/send`, {
      subject: 'S',
      body: 'B',
      contactIds: [janeId],
    });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('No contacts found for company Lonely LLC');
    // The form's own messages.
    expect((await send({ subject: '  ', contactIds: [janeId] })).body.error.fields?.subject).toBe(
      QUOTE_MESSAGES.subject,
    );
    expect((await send({ body: '', contactIds: [janeId] })).body.error.fields?.body).toBe(QUOTE_MESSAGES.body);
    expect((await send({ contactIds: [] })).body.error.fields?.contactIds).toBe(QUOTE_MESSAGES.recipients);
    expect((await send({ contactIds: [janeId], copyEmail: 'not-an-address' })).status).toBe(400);
    // Nothing was sent; the quote is still a draft.
    expect(await quoteOutbox(env(), quote.id)).toEqual([]);
    expect((await client.get<TQuoteDetail>(`/api/quotes/${quote.id}`)).body.status).toBe('draft');
  });

  it('accepts a sent quote: the company becomes a sponsor, other sent quotes are rejected, no agreement on skip', async () => {
    const { client, banner, program, company, janeId } = await salesSetup(env());
    const lines = sampleLines(banner.id, program.id);
    const chosen = await addQuote(client, { companyId: company.id, lines });
    const rival = await addQuote(client, { companyId: company.id, lines });
    const draft = await addQuote(client, { companyId: company.id, lines });
    await sendTo(client, chosen.id, [janeId]);
    await sendTo(client, rival.id, [janeId]);

    const res = await client.post<TQuoteAcceptResult>(`/api/quotes/${chosen.id}/accept`, {
      agreement: 'skip',
      rejectOtherQuotes: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.agreementId).toBeNull();
    expect(res.body.rejectedQuoteIds).toEqual([rival.id]);
    expect(res.body.quote.status).toBe('accepted');
    expect(res.body.quote.acceptedAt).not.toBeNull();
    expect(res.body.quote.companyStatus).toBe('sponsor');
    const rivalNow = (await client.get<TQuoteDetail>(`/api/quotes/${rival.id}`)).body;
    expect(rivalNow.status).toBe('rejected');
    expect(rivalNow.rejectedAt).not.toBeNull();
    expect((await client.get<TQuoteDetail>(`/api/quotes/${draft.id}`)).body.status).toBe('draft');
    expect(await count(env(), 'contract', 'quote_id', chosen.id)).toBe(0);

    const events = (await timeline(env(), company.id)).map((e) => [e.event_type, e.quote_id, e.metadata?.to]);
    expect(events).toContainEqual(['status_changed', null, 'sponsor']);
    expect(events).toContainEqual(['quote_accepted', chosen.id, 'accepted']);
    expect(events).toContainEqual(['quote_rejected', rival.id, 'rejected']);

    // Only a sent quote can be decided.
    const again = await client.post<TErrorReply>(`/api/quotes/${chosen.id}/accept`, { agreement: 'skip' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Only a sent quote can be accepted; this quote is accepted.');
    const rejectDraft = await client.post<TErrorReply>(`/api/quotes/${draft.id}/reject`);
    expect(rejectDraft.status).toBe(409);
    expect(rejectDraft.body.error.message).toBe('Only a sent quote can be rejected; this quote is draft.');
  });

  it('rejects a sent quote with its timeline entry; the company keeps its status', async () => {
    const { client, banner, company, janeId } = await salesSetup(env());
    const quote = await addQuote(client, {
      companyId: company.id,
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    await sendTo(client, quote.id, [janeId]);
    const res = await client.post<TQuoteDetail>(`/api/quotes/${quote.id}/reject`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    expect(res.body.rejectedAt).not.toBeNull();
    expect(res.body.companyStatus).toBe('negotiating');
    const last = (await timeline(env(), company.id)).at(-1);
    expect(last).toMatchObject({ event_type: 'quote_rejected', quote_id: quote.id });
    expect((await client.post(`/api/quotes/${quote.id}/accept`, {})).status).toBe(409);
  });

  it('keeps the free plan to 10 active sponsors on accept: 403 and nothing changed', async () => {
    const { client, orgId, banner, company, janeId } = await salesSetup(env());
    const quote = await addQuote(client, {
      companyId: company.id,
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    await sendTo(client, quote.id, [janeId]);
    await seedSponsors(env(), orgId, 10);
    const eventsBefore = await timeline(env(), company.id);
    const res = await client.post<TErrorReply>(`/api/quotes/${quote.id}/accept`, {
      agreement: 'skip',
      rejectOtherQuotes: true,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'plan_limit',
      message: 'Your Free plan allows up to 10 active sponsors. Upgrade to Premium for unlimited sponsors.',
    });
    expect((await client.get<TQuoteDetail>(`/api/quotes/${quote.id}`)).body.status).toBe('sent');
    expect(await companyStatus(env(), company.id)).toBe('negotiating');
    expect(await timeline(env(), company.id)).toEqual(eventsBefore);
    // A company that already is a sponsor is not an addition.
    await platformExec(env(), sql`UPDATE company SET status = 'sponsor' WHERE id = ${company.id}`);
    expect((await client.post(`/api/quotes/${quote.id}/accept`, { agreement: 'skip' })).status).toBe(200);
  });

  it('makes the agreement when asked, or on auto in the advanced workflow only', async () => {
    const { client, orgId, banner, program, company, janeId } = await salesSetup(env());
    const lines = sampleLines(banner.id, program.id);
    const sent = async () => {
      const q = await addQuote(client, { companyId: company.id, lines });
      await sendTo(client, q.id, [janeId]);
      return q.id;
    };
    const accept = async (id: string, agreement: string) => {
      const res = await client.post<TQuoteAcceptResult>(`/api/quotes/${id}/accept`, { agreement });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };

    const basicAuto = await accept(await sent(), 'auto');
    expect(basicAuto.agreementId).toBeNull();
    expect(basicAuto.quote.status).toBe('accepted');

    const created = await accept(await sent(), 'create');
    expect(created.agreementId).not.toBeNull();
    expect(created.quote.status).toBe('contracted');
    expect(created.quote.agreementId).toBe(created.agreementId);
    expect((await client.get(`/api/agreements/${created.agreementId}`)).status).toBe(200);

    await setWorkflowMode(env(), orgId, 'advanced');
    const advancedAuto = await accept(await sent(), 'auto');
    expect(advancedAuto.agreementId).not.toBeNull();
    expect(await count(env(), 'contract', 'quote_id', advancedAuto.quote.id)).toBe(1);
    const skipped = await accept(await sent(), 'skip');
    expect(skipped.agreementId).toBeNull();
  });

  it('expires sent quotes past their date once, however often the daily job runs', async () => {
    const { client, banner, company, janeId } = await salesSetup(env());
    const lines = [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }];
    const old = await addQuote(client, { companyId: company.id, lines });
    const fresh = await addQuote(client, { companyId: company.id, lines });
    const draft = await addQuote(client, { companyId: company.id, lines });
    await sendTo(client, old.id, [janeId]);
    await sendTo(client, fresh.id, [janeId]);
    await expireInPast(env(), old.id);
    await platformExec(env(), sql`UPDATE quote SET expires_at = now() - interval '1 day' WHERE id = ${draft.id}`);

    const job = expireQuotesJob(env().deps);
    expect(job.cron).toBe('15 3 * * *');
    await job.handler({});
    await job.handler({});

    const expired = (await client.get<TQuoteDetail>(`/api/quotes/${old.id}`)).body;
    expect(expired.status).toBe('expired');
    expect(expired.expiredAt).not.toBeNull();
    expect((await client.get<TQuoteDetail>(`/api/quotes/${fresh.id}`)).body.status).toBe('sent');
    expect((await client.get<TQuoteDetail>(`/api/quotes/${draft.id}`)).body.status).toBe('draft');
    const events = (await timeline(env(), company.id)).filter((e) => e.event_type === 'quote_expired');
    expect(events).toEqual([
      {
        event_type: 'quote_expired',
        description: `Quote #${old.id.slice(0, 6).toUpperCase()} expired`,
        quote_id: old.id,
        metadata: { quote_id: old.id, from: 'sent', to: 'expired' },
      },
    ]);
    const blocked = await client.post<TErrorReply>(`/api/quotes/${old.id}/send`, {
      subject: 'S',
      body: 'B',
      contactIds: [janeId],
    });
    expect(blocked.body.error.message).toBe(QUOTE_SEND_BLOCKS.expired);
  });

  it('checks the right again in the service, in the spec’s words', async () => {
    const member: TMember = {
      userId: randomUUID(),
      email: 'reader@example.com',
      name: 'Reader',
      orgId: randomUUID(),
      org: {
        id: randomUUID(),
        name: 'Org',
        seasonLabel: '2025',
        fiscalStartMonth: 7,
        hasCompletedMenuWizard: true,
        isFrozen: false,
        timezone: DEFAULT_TIMEZONE,
      },
      roles: ['read_only'],
      isOwner: false,
      plan: FREE_PLAN,
      timezone: DEFAULT_TIMEZONE,
    };
    const id = randomUUID();
    await expect(
      acceptQuote(env().deps, member, id, { agreement: 'skip', rejectOtherQuotes: false }),
    ).rejects.toMatchObject({ code: 'forbidden', message: QUOTE_MESSAGES.noPermission });
    await expect(rejectQuote(env().deps, member, id)).rejects.toMatchObject({
      code: 'forbidden',
      message: "You don't have permission to update quotes",
    });
  });

  it('warns on a product while a quote in draft or sent includes it, through edits, decisions and expiry', async () => {
    const { client, banner, program, company, janeId } = await salesSetup(env());
    const warned = async () => {
      const res = await client.get<{ products: { name: string; hasActiveQuotes: boolean }[] }>('/api/products');
      return res.body.products.filter((p) => p.hasActiveQuotes).map((p) => p.name);
    };
    const line = (productId: string) => [{ productId, qty: 1, unitPriceCents: 10_000 }];
    const first = await addQuote(client, { companyId: company.id, lines: line(banner.id) });
    expect(await warned()).toEqual(['Outfield Banner']);
    // The draft's lines replaced: the warning moves with them.
    const edited = await client.put(`/api/quotes/${first.id}`, { companyId: company.id, lines: line(program.id) });
    expect(edited.status).toBe(200);
    expect(await warned()).toEqual(['Program Ad']);
    // Sent is still active; rejected is not.
    await sendTo(client, first.id, [janeId]);
    expect(await warned()).toEqual(['Program Ad']);
    expect((await client.post(`/api/quotes/${first.id}/reject`)).status).toBe(200);
    expect(await warned()).toEqual([]);
    // Accepted is not active either.
    const second = await addQuote(client, { companyId: company.id, lines: line(banner.id) });
    await sendTo(client, second.id, [janeId]);
    expect(await warned()).toEqual(['Outfield Banner']);
    expect((await client.post(`/api/quotes/${second.id}/accept`, { agreement: 'skip' })).status).toBe(200);
    expect(await warned()).toEqual([]);
    // Nor is expired, which the nightly job sets.
    const third = await addQuote(client, { companyId: company.id, lines: line(program.id) });
    await sendTo(client, third.id, [janeId]);
    expect(await warned()).toEqual(['Program Ad']);
    await expireInPast(env(), third.id);
    await expireQuotesJob(env().deps).handler({});
    expect(await warned()).toEqual([]);
  });
});
