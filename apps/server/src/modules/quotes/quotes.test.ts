import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { QUOTE_MESSAGES, type TQuoteEmailDraft } from '@pennant/shared/quotes/schemas';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { column, sql } from '../../db/client';
import { flat, pdfPages } from '../../documents/fixtures/pdf-text';
import { localFilesDir } from '../../integrations/files/local';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import {
  addBundle,
  addPriceList,
  addProduct,
  expectStatus,
  globalType,
  type TErrorReply,
} from '../catalogue/fixtures/catalogue-fixtures';
import { addCompany, readOnlyMember } from '../companies/fixtures/company-fixtures';
import {
  addQuote,
  companyStatus,
  count,
  listQuotes,
  salesSetup,
  sampleLines,
  sendTo,
  type TQuoteDetail,
  timeline,
} from './fixtures/quote-fixtures';

/** The stored PDFs of a quote on the local file store. */
function storedPdfs(env: TTestEnv, orgId: string, quoteId: string): string[] {
  const dir = join(localFilesDir(env.dataDir), 'data', 'org', orgId, 'quotes', quoteId);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.pdf')) : [];
}

async function download(env: TTestEnv, url: string) {
  const res = await env.app.request(url);
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** n quotes of a company straight into the database, one minute apart, newest first by index. */
async function seedQuotes(env: TTestEnv, orgId: string, companyId: string, n: number, status = 'draft') {
  await platformExec(
    env,
    sql`INSERT INTO quote (org_id, company_id, status, total_cents, created_at)
        SELECT ${orgId}, ${companyId}, ${status}, i * 100, now() - i * interval '1 minute'
        FROM generate_series(1, ${n}) AS i`,
  );
}

async function addAgreement(env: TTestEnv, orgId: string, companyId: string, quoteId: string) {
  await platformExec(
    env,
    sql`INSERT INTO contract (org_id, company_id, quote_id, start_date, end_date, term_months)
        VALUES (${orgId}, ${companyId}, ${quoteId}, '2025-01-01', '2026-01-01', 12)`,
  );
}

forEachDatabase('quotes', (env) => {
  it('creates a draft: catalogue names, totals, the default e-mail, a prospect moves to negotiating', async () => {
    const { client, banner, program, company } = await salesSetup(env());
    expect(company.status).toBe('prospect');
    const res = await client.post<TQuoteDetail>('/api/quotes', {
      companyId: company.id,
      lines: sampleLines(banner.id, program.id),
      notes: '  Home games only  ',
    });
    expect(res.status).toBe(201);
    const quote = res.body;
    expect(quote).toMatchObject({
      status: 'draft',
      companyId: company.id,
      companyName: 'Acme Hardware',
      companyStatus: 'negotiating',
      totalCents: 135_000,
      renewalCents: 120_000,
      notes: 'Home games only',
      emailSubject: 'Sponsorship Proposal from Eagles Boosters',
      sentAt: null,
      expiresAt: null,
      hasPdf: false,
      agreementId: null,
      recipientEmails: null,
    });
    expect(quote.emailBody?.startsWith('Hi {{contact_name}},\n\n')).toBe(true);
    expect(quote.lines.map((l) => [l.itemName, l.qty, l.unitPriceCents, l.isSetupFee])).toEqual([
      ['Outfield Banner', 2, 50_000, false],
      ['Outfield Banner (setup fee)', 2, 7_500, true],
      ['Program Ad', 1, 20_000, false],
    ]);
    expect(await companyStatus(env(), company.id)).toBe('negotiating');
    const events = await timeline(env(), company.id);
    expect(events.map((e) => e.event_type).sort()).toEqual(['quote_created', 'status_changed']);
    expect(events.find((e) => e.event_type === 'quote_created')).toMatchObject({
      quote_id: quote.id,
      description: `Quote #${quote.id.slice(0, 6).toUpperCase()} created`,
    });
    expect(events.find((e) => e.event_type === 'status_changed')?.description).toBe(
      'Status changed from Prospect to Negotiating',
    );
    expect((await client.get<TQuoteDetail>(`/api/quotes/${quote.id}`)).body).toEqual(quote);

    // A bundle line takes the bundle's name; a second quote leaves a negotiating company alone.
    const bundle = await addBundle(client, [{ productId: program.id, qty: 2 }], { name: 'Program Pair' });
    const second = await addQuote(client, {
      companyId: company.id,
      lines: [{ bundleId: bundle.id, qty: 1, unitPriceCents: 30_000 }],
    });
    expect(second.lines.map((l) => [l.itemName, l.bundleId, l.productId])).toEqual([['Program Pair', bundle.id, null]]);
    expect((await timeline(env(), company.id)).filter((e) => e.event_type === 'status_changed')).toHaveLength(1);
  });

  it('answers each invalid field with its message; unknown or foreign companies are 404', async () => {
    const { client, banner, program, company } = await salesSetup(env());
    const lines = sampleLines(banner.id, program.id);
    const fields = async (body: Record<string, unknown>) => {
      const res = await client.post<TErrorReply>('/api/quotes', { companyId: company.id, lines, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.error.fields ?? {};
    };
    expect(await fields({ companyId: undefined, lines: undefined })).toMatchObject({
      companyId: QUOTE_MESSAGES.company,
      lines: QUOTE_MESSAGES.lines,
    });
    expect((await fields({ lines: [] })).lines).toBe(QUOTE_MESSAGES.lines);
    expect((await fields({ lines: [lines[1]] })).lines).toBe(QUOTE_MESSAGES.lines);
    expect((await fields({ lines: [{ ...lines[0], qty: 0 }] }))['lines.0.qty']).toBe(QUOTE_MESSAGES.quantity);
    expect((await fields({ lines: [{ ...lines[0], unitPriceCents: -1 }] }))['lines.0.unitPriceCents']).toBe(
      QUOTE_MESSAGES.price,
    );
    expect((await fields({ lines: [{ qty: 1, unitPriceCents: 1 }] }))['lines.0.productId']).toBe(
      'Choose a product or bundle',
    );

    // Items the organization does not have (another's, a deleted bundle) are named by their line.
    const other = env().client();
    await ownerWithOrg(other, 'Other Boosters');
    const theirs = await addProduct(other, { masterTypeId: (await globalType(other)).id, name: 'Their Banner' });
    const bundle = await addBundle(client, [{ productId: program.id, qty: 2 }]);
    expect((await client.delete(`/api/bundles/${bundle.id}`)).status).toBe(200);
    expect(
      await fields({
        lines: [
          lines[0],
          { productId: theirs.id, qty: 1, unitPriceCents: 1 },
          { bundleId: bundle.id, qty: 1, unitPriceCents: 1 },
        ],
      }),
    ).toEqual({ 'lines.1.productId': QUOTE_MESSAGES.itemNotFound, 'lines.2.bundleId': QUOTE_MESSAGES.itemNotFound });
    expect((await fields({ originPriceListId: '00000000-0000-4000-8000-000000000001' })).originPriceListId).toBe(
      QUOTE_MESSAGES.priceListNotFound,
    );

    const theirCompany = await addCompany(other, { name: 'Their Company' });
    for (const companyId of [theirCompany.id, '00000000-0000-4000-8000-000000000002']) {
      const res = await client.post<TErrorReply>('/api/quotes', { companyId, lines });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Company not found');
    }
    expect((await listQuotes(client, '?tab=all')).quotes).toEqual([]);
    expect(await companyStatus(env(), theirCompany.id)).toBe('prospect');

    // A price list of the organization is kept as the quote's origin.
    const list = await addPriceList(client, [{ kind: 'product', id: banner.id, displayPriceCents: 45_000 }]);
    const fromList = await addQuote(client, { companyId: company.id, lines, originPriceListId: list.id });
    expect(fromList.originPriceListId).toBe(list.id);
  });

  it('edits a draft only, replacing its lines; keeps the e-mail of a draft or sent quote', async () => {
    const { client, banner, program, company, janeId } = await salesSetup(env());
    const quote = await addQuote(client, { companyId: company.id, lines: sampleLines(banner.id, program.id) });
    const saved = await client.put<TQuoteDetail>(`/api/quotes/${quote.id}/email`, {
      subject: ' Our offer ',
      body: 'Hi {{contact_name}},\nSee attached.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ emailSubject: 'Our offer', emailBody: 'Hi {{contact_name}},\nSee attached.' });
    const other = await addCompany(client, { name: 'Beta Bakery' });
    const updated = await client.put<TQuoteDetail>(`/api/quotes/${quote.id}`, {
      companyId: other.id,
      lines: [{ productId: program.id, qty: 3, unitPriceCents: 15_000 }],
      notes: 'Three ads',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      companyId: other.id,
      companyName: 'Beta Bakery',
      totalCents: 45_000,
      renewalCents: 45_000,
      notes: 'Three ads',
      emailSubject: 'Our offer',
    });
    expect(updated.body.lines).toHaveLength(1);
    expect(await count(env(), 'quote_line', 'quote_id', quote.id)).toBe(1);
    expect(await companyStatus(env(), other.id)).toBe('negotiating');
    // The draft's creation entry went along to its new company.
    expect((await timeline(env(), other.id)).map((e) => e.event_type).sort()).toEqual([
      'quote_created',
      'status_changed',
    ]);
    expect((await timeline(env(), company.id)).map((e) => e.event_type)).toEqual(['status_changed']);

    const back = await client.put<TQuoteDetail>(`/api/quotes/${quote.id}`, {
      companyId: company.id,
      lines: sampleLines(banner.id, program.id),
    });
    expect(back.status).toBe(200);
    await sendTo(client, quote.id, [janeId]);
    const refused = await client.put<TErrorReply>(`/api/quotes/${quote.id}`, {
      companyId: company.id,
      lines: [{ productId: program.id, qty: 1, unitPriceCents: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(QUOTE_MESSAGES.notDraft);
    expect((await client.put(`/api/quotes/${quote.id}/email`, { subject: 'Again', body: 'Body' })).status).toBe(200);
    expect((await client.put('/api/quotes/not-an-id/email', { subject: 'S', body: 'B' })).status).toBe(404);
  });

  it('lists newest first by tab, status, company and company-name search, 50 a page, with the tab counts', async () => {
    const { client, orgId, banner, company, janeId } = await salesSetup(env());
    const beta = await addCompany(client, { name: 'Beta 100% Bakery' });
    const lines = [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }];
    await seedQuotes(env(), orgId, beta.id, 55);
    await seedQuotes(env(), orgId, beta.id, 3, 'rejected');
    await seedQuotes(env(), orgId, beta.id, 2, 'contracted');
    const sent = await addQuote(client, { companyId: company.id, lines });
    await sendTo(client, sent.id, [janeId]);
    const draft = await addQuote(client, { companyId: company.id, lines });
    await addAgreement(env(), orgId, company.id, sent.id);

    const active = await listQuotes(client);
    expect(active.counts).toEqual({ all: 62, active: 57, accepted: 2, closed: 3 });
    expect(active.total).toBe(57);
    expect(active.pageSize).toBe(50);
    expect(active.quotes).toHaveLength(50);
    expect(active.quotes.slice(0, 2).map((q) => q.id)).toEqual([draft.id, sent.id]);
    expect(active.quotes[1]).toMatchObject({
      status: 'sent',
      companyName: 'Acme Hardware',
      totalCents: 50_000,
      hasPdf: true,
    });
    expect(active.quotes[1]?.agreementId).toEqual(expect.any(String));
    expect(active.quotes[0]).toMatchObject({ hasPdf: false, agreementId: null });
    const created = active.quotes.map((q) => q.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const second = await listQuotes(client, '?page=2');
    expect(second.quotes).toHaveLength(7);
    expect(new Set([...active.quotes, ...second.quotes].map((q) => q.id)).size).toBe(57);

    expect((await listQuotes(client, '?tab=closed')).quotes.map((q) => q.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect((await listQuotes(client, '?tab=accepted')).total).toBe(2);
    expect((await listQuotes(client, '?tab=all&page=2')).quotes).toHaveLength(12);
    const sentOnly = await listQuotes(client, '?tab=all&status=sent');
    expect(sentOnly.quotes.map((q) => q.id)).toEqual([sent.id]);
    expect(sentOnly.counts).toEqual({ all: 1, active: 1, accepted: 0, closed: 0 });
    expect((await listQuotes(client, '?tab=closed&status=sent')).quotes).toEqual([]);

    const acme = await listQuotes(client, `?tab=all&company=${company.id}`);
    expect(acme.quotes.map((q) => q.id)).toEqual([draft.id, sent.id]);
    expect(acme.counts).toEqual({ all: 2, active: 2, accepted: 0, closed: 0 });
    // The search reads the company's name, without case, through both search paths.
    for (const q of ['ACME', 'cme hard', 'ac']) {
      const found = await listQuotes(client, `?tab=all&q=${encodeURIComponent(q)}`);
      expect(
        found.quotes.map((x) => x.id),
        q,
      ).toEqual([draft.id, sent.id]);
      expect(found.counts.all).toBe(2);
    }
    const bakery = await listQuotes(client, `?tab=all&q=${encodeURIComponent('100%')}`);
    expect(bakery.counts).toEqual({ all: 60, active: 55, accepted: 2, closed: 3 });
    expect((await listQuotes(client, `?tab=all&q=${encodeURIComponent('0%B')}`)).total).toBe(0);
    expect((await listQuotes(client, '?q=zzz')).quotes).toEqual([]);
    expect((await client.get('/api/quotes?status=nope')).status).toBe(400);
    expect((await client.get('/api/quotes?company=nope')).status).toBe(400);
  });

  it('keeps the tab counts exact through creates, sends, status changes, deletes and the organization’s deletion', async () => {
    const { client, orgId, banner, company, janeId } = await salesSetup(env());
    const beta = await addCompany(client, { name: 'Beta Bakery' });
    const lines = [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }];
    // The tabs as counted from the quotes themselves.
    const real = async () => {
      const [row] = await platformQuery(
        env(),
        z.object({ all: column.count, active: column.count, accepted: column.count, closed: column.count }),
        sql`SELECT count(*) AS all,
                   count(*) FILTER (WHERE status IN ('draft', 'sent')) AS active,
                   count(*) FILTER (WHERE status IN ('accepted', 'contracted')) AS accepted,
                   count(*) FILTER (WHERE status IN ('rejected', 'expired', 'archived')) AS closed
            FROM quote WHERE org_id = ${orgId}`,
      );
      return row;
    };
    await seedQuotes(env(), orgId, beta.id, 30);
    await seedQuotes(env(), orgId, beta.id, 4, 'rejected');
    const sent = await addQuote(client, { companyId: company.id, lines });
    await sendTo(client, sent.id, [janeId]);
    const draft = await addQuote(client, { companyId: company.id, lines });
    expect((await listQuotes(client)).counts).toEqual(await real());

    // A batch of status changes in one statement, an acceptance and a deletion.
    await platformExec(
      env(),
      sql`UPDATE quote SET status = 'archived' WHERE org_id = ${orgId} AND status = 'rejected'`,
    );
    expect((await client.post(`/api/quotes/${sent.id}/accept`, { agreement: 'skip' })).status).toBe(200);
    expect((await client.delete(`/api/quotes/${draft.id}`)).status).toBe(200);
    const counts = (await listQuotes(client)).counts;
    expect(counts).toEqual(await real());
    expect(counts).toMatchObject({ all: 35, active: 30, closed: 4 });

    // A company's deletion takes its quotes with it.
    expect((await client.delete(`/api/companies/${beta.id}`)).status).toBe(200);
    expect((await listQuotes(client)).counts).toEqual(await real());

    await platformExec(env(), sql`DELETE FROM organization WHERE id = ${orgId}`);
    const left = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT count(*) AS n FROM quote_status_count WHERE org_id = ${orgId}`,
    );
    expect(left[0]?.n).toBe(0);
  });

  it('deletes a quote with its lines, PDF, timeline entries and e-mail logs; one with an agreement stays', async () => {
    const { client, orgId, banner, company, janeId } = await salesSetup(env());
    const lines = [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }];
    const quote = await addQuote(client, { companyId: company.id, lines });
    await sendTo(client, quote.id, [janeId]);
    expect(storedPdfs(env(), orgId, quote.id)).toHaveLength(1);
    expect(await count(env(), 'timeline_event', 'quote_id', quote.id)).toBe(2);
    expect(await count(env(), 'email_log', 'quote_id', quote.id)).toBe(1);

    const res = await client.delete(`/api/quotes/${quote.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await client.get(`/api/quotes/${quote.id}`)).status).toBe(404);
    for (const table of ['quote_line', 'quote_document', 'timeline_event', 'email_log']) {
      expect(await count(env(), table, 'quote_id', quote.id), table).toBe(0);
    }
    expect(storedPdfs(env(), orgId, quote.id)).toEqual([]);
    // Its send was the only contact: 'Last contact' is Never again.
    const after = await client.get<{ lastContactedAt: string | null }>(`/api/companies/${company.id}`);
    expect(after.body.lastContactedAt).toBeNull();
    expect((await client.delete(`/api/quotes/${quote.id}`)).status).toBe(404);

    const kept = await addQuote(client, { companyId: company.id, lines });
    await addAgreement(env(), orgId, company.id, kept.id);
    const refused = await client.delete<TErrorReply>(`/api/quotes/${kept.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This quote has an agreement; delete the agreement first');
    expect((await client.get(`/api/quotes/${kept.id}`)).status).toBe(200);
  });

  it('links the stored PDF, making and storing it first when there is none; an edit forgets it', async () => {
    const { client, orgId, banner, program, company } = await salesSetup(env());
    const quote = await addQuote(client, { companyId: company.id, lines: sampleLines(banner.id, program.id) });
    const link = expectStatus(await client.post<TDocumentLink>(`/api/quotes/${quote.id}/pdf`), 200, 'pdf');
    expect(link.fileName).toBe(`Quote-Acme-Hardware-${quote.id.slice(0, 6).toUpperCase()}.pdf`);
    const file = await download(env(), link.url);
    expect(file.status).toBe(200);
    const text = flat((await pdfPages(file.bytes)).join(' '));
    expect(text).toContain('Acme Hardware');
    expect(text).toContain('Jane Doe');
    expect(text).toContain('Valid until: 30 days from the date it is sent');
    expect((await client.get<TQuoteDetail>(`/api/quotes/${quote.id}`)).body.hasPdf).toBe(true);
    expect(storedPdfs(env(), orgId, quote.id)).toHaveLength(1);

    // Asked again: the same stored file; any member may ask.
    const reader = await readOnlyMember(env(), orgId);
    const again = expectStatus(await reader.post<TDocumentLink>(`/api/quotes/${quote.id}/pdf`), 200, 'pdf again');
    expect(again.fileName).toBe(link.fileName);
    expect(storedPdfs(env(), orgId, quote.id)).toHaveLength(1);

    const edited = await client.put<TQuoteDetail>(`/api/quotes/${quote.id}`, {
      companyId: company.id,
      lines: [{ productId: program.id, qty: 1, unitPriceCents: 20_000 }],
    });
    expect(edited.body.hasPdf).toBe(false);
    expect(storedPdfs(env(), orgId, quote.id)).toEqual([]);
    expect((await client.post('/api/quotes/not-an-id/pdf')).status).toBe(404);
  });

  it('drafts the e-mail with the AI writer from the company, its primary contact and the lines', async () => {
    const { client, company } = await salesSetup(env());
    const res = await client.post<TQuoteEmailDraft>('/api/quotes/email-draft', {
      companyId: company.id,
      lines: [{ itemName: 'Outfield Banner', qty: 2, unitPriceCents: 50_000 }],
      customPrompt: 'Mention our new scoreboard',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subject.length).toBeGreaterThan(0);
    expect(res.body.body).toContain('Jane');
    expect(res.body.body).toContain('Outfield Banner');
    const other = env().client();
    await ownerWithOrg(other, 'Other Boosters');
    const foreign = await other.post<TErrorReply>('/api/quotes/email-draft', { companyId: company.id, lines: [] });
    expect(foreign.status).toBe(404);
  });

  it('answers 404 to another organization for every quote route, and changes nothing', async () => {
    const { client, banner, company, janeId } = await salesSetup(env());
    const quote = await addQuote(client, {
      companyId: company.id,
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    await sendTo(client, quote.id, [janeId]);
    const before = (await client.get<TQuoteDetail>(`/api/quotes/${quote.id}`)).body;

    const other = env().client();
    await ownerWithOrg(other, 'Other Boosters');
    const { id: typeId } = await globalType(other);
    const theirs = await addProduct(other, { masterTypeId: typeId, name: 'Their Banner' });
    const body = { companyId: company.id, lines: [{ productId: theirs.id, qty: 1, unitPriceCents: 1 }] };
    const attempts = [
      other.get(`/api/quotes/${quote.id}`),
      other.put(`/api/quotes/${quote.id}`, body),
      other.put(`/api/quotes/${quote.id}/email`, { subject: 'S', body: 'B' }),
      other.post(`/api/quotes/${quote.id}/send`, { subject: 'S', body: 'B', contactIds: [janeId] }),
      other.post(`/api/quotes/${quote.id}/accept`, { agreement: 'skip' }),
      other.post(`/api/quotes/${quote.id}/reject`),
      other.post(`/api/quotes/${quote.id}/pdf`),
      other.delete(`/api/quotes/${quote.id}`),
      other.post('/api/quotes', body),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect((await listQuotes(other, '?tab=all')).quotes).toEqual([]);
    expect((await listQuotes(other, `?tab=all&company=${company.id}`)).counts.all).toBe(0);
    expect((await client.get<TQuoteDetail>(`/api/quotes/${quote.id}`)).body).toEqual(before);
  });

  it('lets a read-only member read quotes and their PDF, and refuses every change', async () => {
    const { client, orgId, banner, company, janeId } = await salesSetup(env());
    const lines = [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }];
    const quote = await addQuote(client, { companyId: company.id, lines });
    const reader = await readOnlyMember(env(), orgId);
    expect((await reader.get(`/api/quotes/${quote.id}`)).status).toBe(200);
    expect((await listQuotes(reader, '?tab=all')).total).toBe(1);
    const refused = [
      reader.post('/api/quotes', { companyId: company.id, lines }),
      reader.put(`/api/quotes/${quote.id}`, { companyId: company.id, lines }),
      reader.put(`/api/quotes/${quote.id}/email`, { subject: 'S', body: 'B' }),
      reader.post(`/api/quotes/${quote.id}/send`, { subject: 'S', body: 'B', contactIds: [janeId] }),
      reader.post(`/api/quotes/${quote.id}/accept`, { agreement: 'skip' }),
      reader.post(`/api/quotes/${quote.id}/reject`),
      reader.delete(`/api/quotes/${quote.id}`),
      reader.post('/api/quotes/email-draft', { companyId: company.id }),
    ];
    for (const res of await Promise.all(refused)) expect(res.status).toBe(403);
    expect((await client.get<TQuoteDetail>(`/api/quotes/${quote.id}`)).body.status).toBe('draft');
    expect((await reader.post(`/api/quotes/${quote.id}/pdf`)).status).toBe(200);
    expect((await env().client().get('/api/quotes')).status).toBe(401);
  });
});
