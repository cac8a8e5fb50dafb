import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AGREEMENT_MESSAGES } from '@pennant/shared/agreements/schemas';
import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { formatMoney } from '@pennant/shared/money';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import { flat, pdfPages } from '../../documents/fixtures/pdf-text';
import { localFilesDir } from '../../integrations/files/local';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import { expectStatus, type TErrorReply } from '../catalogue/fixtures/catalogue-fixtures';
import {
  addDays,
  agreementDetail,
  createAgreement,
  emailMessages,
  ownerWithCatalogue,
  seedAgreement,
} from './fixtures/agreement-fixtures';

/** Set by a test to make the renderer fail (the 502 path and the quiet failure on creation). */
const renderer = vi.hoisted(() => ({ fail: false }));
vi.mock('../../documents/agreement', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../documents/agreement')>();
  return {
    ...real,
    renderAgreementPdf: async (...args: Parameters<typeof real.renderAgreementPdf>) => {
      if (renderer.fail) throw new Error('renderer exploded');
      return real.renderAgreementPdf(...args);
    },
  };
});

function storedFiles(env: TTestEnv, orgId: string, id: string): string[] {
  const dir = join(localFilesDir(env.dataDir), 'data', 'org', orgId, 'agreements', id);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.pdf')) : [];
}

async function download(env: TTestEnv, url: string): Promise<Uint8Array> {
  const res = await env.app.request(url);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

function emailLogRows(env: TTestEnv, id: string) {
  return platformQuery(
    env,
    z.object({ recipients: z.string(), subject: z.string(), body_html: z.string(), email_type: z.string() }),
    sql`SELECT recipients, subject, body_html, email_type FROM email_log WHERE contract_id = ${id}`,
  );
}

forEachDatabase('agreements: the PDF', (env) => {
  it('has none until made; then links it, replaces it (next version, old file gone) and deletes it', async () => {
    const { client, orgId, company } = await ownerWithCatalogue(env());
    const id = await seedAgreement(env(), orgId, {
      companyId: company.id,
      startDate: '2026-01-01',
      endDate: '2027-01-01',
      calculatedTotalValueCents: 80_000,
    });
    const none = await client.get<TErrorReply>(`/api/agreements/${id}/pdf`);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(AGREEMENT_MESSAGES.noPdfToView);
    const nothingToDelete = await client.delete<TErrorReply>(`/api/agreements/${id}/pdf`);
    expect(nothingToDelete.status).toBe(404);
    expect(nothingToDelete.body.error.message).toBe(AGREEMENT_MESSAGES.noPdfToDelete);

    const first = expectStatus(await client.post<TDocumentLink>(`/api/agreements/${id}/pdf`), 200, 'generate');
    expect(first.url).toMatch(/^http:\/\/localhost:3999\/api\/files\//);
    const text = flat((await pdfPages(await download(env(), first.url))).join(' '));
    expect(text).toContain('Sponsorship Agreement');
    expect(text).toContain(formatMoney(80_000));
    expect(text).toContain('Net 30');
    expect(storedFiles(env(), orgId, id)).toHaveLength(1);
    expect((await agreementDetail(client, id)).document?.version).toBe(1);

    await new Promise((r) => setTimeout(r, 5));
    const second = expectStatus(await client.post<TDocumentLink>(`/api/agreements/${id}/pdf`), 200, 'regenerate');
    expect(second.fileName).toBe(first.fileName);
    expect(storedFiles(env(), orgId, id)).toHaveLength(1);
    const detail = await agreementDetail(client, id);
    expect(detail.document?.version).toBe(2);
    const generated = detail.events.filter((e) => e.eventType === 'agreement_pdf_generated');
    expect(generated).toHaveLength(2);
    expect(generated[0]?.metadata).toMatchObject({ file_name: first.fileName });
    expect(String(generated[0]?.metadata?.pdf_url)).toMatch(new RegExp(`^org/${orgId}/agreements/${id}/\\d+\\.pdf$`));
    // The link of the first one no longer finds a file.
    expect((await env().app.request(first.url)).status).toBe(404);
    const viewed = expectStatus(await client.get<TDocumentLink>(`/api/agreements/${id}/pdf`), 200, 'view');
    expect((await download(env(), viewed.url)).length).toBeGreaterThan(1000);

    expect((await client.delete(`/api/agreements/${id}/pdf`)).status).toBe(200);
    expect(storedFiles(env(), orgId, id)).toHaveLength(0);
    const after = await agreementDetail(client, id);
    expect(after.document).toBeNull();
    expect(after.events[0]).toMatchObject({ eventType: 'agreement_pdf_deleted' });
    expect(after.events[0]?.metadata).toMatchObject({ deleted_pdf_url: generated[0]?.metadata?.pdf_url });
    expect((await client.get<TErrorReply>(`/api/agreements/${id}/pdf`)).body.error.message).toBe(
      AGREEMENT_MESSAGES.noPdfToView,
    );
    const again = await client.delete<TErrorReply>(`/api/agreements/${id}/pdf`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(AGREEMENT_MESSAGES.noPdfToDelete);
  });

  it('answers 502 with the spec’s message when rendering fails; creation still saves the agreement', async () => {
    const { client, orgId, company, banner } = await ownerWithCatalogue(env());
    renderer.fail = true;
    try {
      const created = await createAgreement(client, {
        companyId: company.id,
        startDate: '2026-01-01',
        lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
      });
      expect(created.pdfGenerated).toBe(false);
      expect((await agreementDetail(client, created.id)).document).toBeNull();
      const failed = await client.post<TErrorReply>(`/api/agreements/${created.id}/pdf`);
      expect(failed.status).toBe(502);
      expect(failed.body.error.message).toBe(AGREEMENT_MESSAGES.pdfFailed);
      expect(storedFiles(env(), orgId, created.id)).toHaveLength(0);
    } finally {
      renderer.fail = false;
    }
  });

  it('flows a long agreement over several pages, each numbered of the total', async () => {
    const { client, orgId, company } = await ownerWithCatalogue(env());
    const id = await seedAgreement(env(), orgId, {
      companyId: company.id,
      startDate: '2026-01-01',
      endDate: '2027-01-01',
      calculatedTotalValueCents: 1,
    });
    await platformExec(
      env(),
      sql`INSERT INTO contract_line (org_id, contract_id, item_name, qty, unit_price_cents, setup_fee_cents, position)
          SELECT ${orgId}, ${id}, 'Fence Panel ' || lpad(i::text, 3, '0'), 1, 10000 + i, 0, i
          FROM generate_series(1, 80) i`,
    );
    const link = expectStatus(await client.post<TDocumentLink>(`/api/agreements/${id}/pdf`), 200, 'generate');
    const pages = (await pdfPages(await download(env(), link.url))).map(flat);
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    const all = pages.join(' ');
    for (let i = 1; i <= 80; i += 1) expect(all).toContain(`Fence Panel ${String(i).padStart(3, '0')}`);
  });
});

forEachDatabase('agreements: e-mail', (env) => {
  it('sends the agreement with its PDF from the treasurer’s address, with a [COPY] to CC, and records it all', async () => {
    const { client, orgId, company, banner } = await ownerWithCatalogue(env());
    await platformExec(
      env(),
      sql`UPDATE organization SET treasurer_email = 'treasurer@eagles.example.org',
            sponsorship_lead_email = 'lead@eagles.example.org'
          WHERE id = ${orgId}`,
    );
    const { id } = await createAgreement(client, {
      companyId: company.id,
      startDate: '2026-01-01',
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    const fileName = (await agreementDetail(client, id)).document?.fileName;

    const reply = await client.post<{ sentTo: string; pdfAttached: boolean }>(`/api/agreements/${id}/email`, {
      recipientEmail: 'Sam@Acme.example',
      ccEmail: 'me@eagles.example.org',
      subject: 'Your sponsorship agreement',
      body: 'Hi Sam,\n\nAttached is the agreement <signed> by us.\nThanks!',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ sentTo: 'sam@acme.example', pdfAttached: true });

    const messages = await emailMessages(env(), orgId);
    expect(messages).toHaveLength(2);
    const main = messages.find((m) => m.to[0] === 'sam@acme.example');
    const copy = messages.find((m) => m.to[0] === 'me@eagles.example.org');
    // The treasurer has no account here: the organization's name stands for the sender.
    expect(main).toMatchObject({
      subject: 'Your sponsorship agreement',
      reply_to: 'treasurer@eagles.example.org',
      from_name: 'Eagles Boosters via Pennant',
    });
    expect(copy).toMatchObject({
      subject: '[COPY] Your sponsorship agreement',
      reply_to: 'treasurer@eagles.example.org',
    });
    expect(main?.html).toContain('Attached is the agreement &lt;signed&gt; by us.');
    expect(main?.text).toContain('Hi Sam,');
    for (const m of [main, copy]) {
      expect(m?.attachments).toHaveLength(1);
      expect(m?.attachments?.[0]).toMatchObject({ name: fileName, contentType: 'application/pdf' });
      const bytes = Buffer.from(m?.attachments?.[0]?.contentBase64 ?? '', 'base64');
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(flat((await pdfPages(new Uint8Array(bytes))).join(' '))).toContain('Left Field Fence Banner');
    }

    expect(await emailLogRows(env(), id)).toEqual([
      {
        recipients: 'sam@acme.example, me@eagles.example.org',
        subject: 'Your sponsorship agreement',
        body_html: 'Hi Sam,<br><br>Attached is the agreement &lt;signed&gt; by us.<br>Thanks!',
        email_type: 'agreement',
      },
    ]);
    const detail = await agreementDetail(client, id);
    expect(detail.document).toMatchObject({ version: 1, emailSentTo: 'sam@acme.example' });
    expect(detail.document?.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(detail.events[0]).toMatchObject({ eventType: 'agreement_email_sent', createdByName: 'Test User' });
    expect(detail.events[0]?.metadata).toEqual({
      recipient_email: 'sam@acme.example',
      subject: 'Your sponsorship agreement',
      pdf_attached: true,
    });
  });

  it('sends without the PDF when unticked; from the lead, else from the member; makes the PDF first when missing', async () => {
    const { client, orgId, company, email } = await ownerWithCatalogue(env());
    const id = await seedAgreement(env(), orgId, {
      companyId: company.id,
      startDate: '2026-01-01',
      endDate: addDays('2026-01-01', 365),
      calculatedTotalValueCents: 10_000,
    });
    const send = (body: Record<string, unknown>) =>
      client.post<{ sentTo: string; pdfAttached: boolean }>(`/api/agreements/${id}/email`, {
        recipientEmail: 'sam@acme.example',
        subject: 'Agreement',
        body: 'Hello',
        ...body,
      });

    // No treasurer nor lead: the member sends under their own name and address.
    expect((await send({ attachPdf: false })).body).toEqual({ sentTo: 'sam@acme.example', pdfAttached: false });
    let messages = await emailMessages(env(), orgId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ from_name: 'Test User via Pennant', reply_to: email, attachments: null });
    expect((await agreementDetail(client, id)).document).toBeNull();

    // The lead's address when there is no treasurer's; the PDF is made on the way.
    await platformExec(env(), sql`UPDATE organization SET sponsorship_lead_email = ${email} WHERE id = ${orgId}`);
    expect((await send({})).body).toEqual({ sentTo: 'sam@acme.example', pdfAttached: true });
    messages = await emailMessages(env(), orgId);
    expect(messages).toHaveLength(2);
    const withPdf = messages.find((m) => m.attachments !== null);
    expect(withPdf).toMatchObject({ from_name: 'Test User via Pennant', reply_to: email });
    const detail = await agreementDetail(client, id);
    expect(detail.document).toMatchObject({ version: 1, emailSentTo: 'sam@acme.example' });
    expect(detail.events.map((e) => e.eventType)).toEqual([
      'agreement_email_sent',
      'agreement_pdf_generated',
      'agreement_email_sent',
    ]);
    expect(detail.events[2]?.metadata).toMatchObject({ pdf_attached: false });
  });

  it('refuses what the form would: no recipient, no subject or body, a bad CC', async () => {
    const { client, orgId, company } = await ownerWithCatalogue(env());
    const id = await seedAgreement(env(), orgId, {
      companyId: company.id,
      startDate: '2026-01-01',
      endDate: '2027-01-01',
    });
    const post = (body: Record<string, unknown>) => client.post<TErrorReply>(`/api/agreements/${id}/email`, body);
    const base = { recipientEmail: 'sam@acme.example', subject: 'S', body: 'B' };
    expect((await post({ ...base, recipientEmail: '' })).body.error.fields?.recipientEmail).toBe(
      AGREEMENT_MESSAGES.recipient,
    );
    expect((await post({ ...base, subject: '  ' })).body.error.fields?.subject).toBe(AGREEMENT_MESSAGES.subjectAndBody);
    expect((await post({ ...base, body: '' })).body.error.fields?.body).toBe(AGREEMENT_MESSAGES.subjectAndBody);
    expect((await post({ ...base, ccEmail: 'not-an-address' })).status).toBe(400);
    expect(await emailMessages(env(), orgId)).toHaveLength(0);
  });

  it('drafts a personalized subject and body for the named recipient', async () => {
    const { client, orgId, company, banner } = await ownerWithCatalogue(env());
    const { id } = await createAgreement(client, {
      companyId: company.id,
      startDate: '2026-01-01',
      lines: [{ productId: banner.id, qty: 2, unitPriceCents: 50_000, includeSetupFee: true }],
    });
    const draft = expectStatus(
      await client.post<{ subject: string; body: string }>(`/api/agreements/${id}/email-draft`, {
        recipientName: 'Sam Rivera',
        recipientEmail: 'sam@acme.example',
      }),
      200,
      'draft',
    );
    expect(draft.subject).toContain('Eagles Boosters');
    expect(draft.body).toContain('Sam');
    expect(draft.body).toContain('Acme Hardware');
    const [usage] = await platformQuery(
      env(),
      z.object({ feature_key: z.string() }),
      sql`SELECT feature_key FROM ai_usage WHERE org_id = ${orgId}`,
    );
    expect(usage?.feature_key).toBe('chat-completion');

    const noName = await client.post<TErrorReply>(`/api/agreements/${id}/email-draft`, {
      recipientName: ' ',
      recipientEmail: 'sam@acme.example',
    });
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields?.recipientName).toBe(AGREEMENT_MESSAGES.recipientName);
  });
});
