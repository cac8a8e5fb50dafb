import { agreementEndDate } from '@pennant/shared/agreements/rules';
import { AGREEMENT_MESSAGES, DEFAULT_AGREEMENT_CLAUSES } from '@pennant/shared/agreements/schemas';
import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { formatMoney } from '@pennant/shared/money';
import { zonedToday } from '@pennant/shared/months';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { withTenant } from '../../db/tenant';
import { flat, pdfPages } from '../../documents/fixtures/pdf-text';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import { expectStatus, type TErrorReply } from '../catalogue/fixtures/catalogue-fixtures';
import { readOnlyMember } from '../companies/fixtures/company-fixtures';
import { loadMember } from '../session/member';
import { createAgreementForQuote } from './agreement-create';
import {
  addCompany,
  agreementDetail,
  agreementList,
  createAgreement,
  ownerWithCatalogue,
  quoteLineRows,
  quoteRow,
  seedAgreement,
  seedQuote,
} from './fixtures/agreement-fixtures';

async function pdfText(env: TTestEnv, url: string): Promise<string[]> {
  const res = await env.app.request(url);
  expect(res.status).toBe(200);
  return (await pdfPages(new Uint8Array(await res.arrayBuffer()))).map(flat);
}

async function companyStatus(env: TTestEnv, id: string): Promise<string | undefined> {
  const [row] = await platformQuery(
    env,
    z.object({ status: z.string() }),
    sql`SELECT status FROM company WHERE id = ${id}`,
  );
  return row?.status;
}

forEachDatabase('agreements: creation from the form', (env) => {
  it('makes an accepted quote, the contract and its PDF; the quote is contracted, the company a sponsor', async () => {
    const { client, company, banner, program } = await ownerWithCatalogue(env());
    await platformExec(
      env(),
      sql`UPDATE organization SET sponsorship_lead_email = 'lead@eagles.example.org',
            business_street = '12 Stadium Way', business_city = 'Springfield', business_state = 'IL',
            business_zip = '62701'
          WHERE name = 'Eagles Boosters'`,
    );
    const created = await createAgreement(client, {
      companyId: company.id,
      termMonths: 12,
      startDate: '2026-01-01',
      notes: 'Banner goes up before opening day.',
      lines: [
        { productId: banner.id, qty: 2, unitPriceCents: 45_000, includeSetupFee: true },
        { productId: program.id, qty: 1, unitPriceCents: 20_000, includeSetupFee: true },
      ],
    });
    expect(created.pdfGenerated).toBe(true);

    // The quote: accepted, then contracted, with the banner's setup fee on a linked line.
    expect(await quoteRow(env(), created.quoteId)).toMatchObject({ status: 'contracted', company_id: company.id });
    expect(await quoteLineRows(env(), created.quoteId)).toEqual([
      {
        product_id: banner.id,
        item_name: 'Left Field Fence Banner',
        qty: 2,
        unit_price_cents: 45_000,
        is_setup_fee: false,
      },
      {
        product_id: banner.id,
        item_name: 'Left Field Fence Banner (setup fee)',
        qty: 2,
        unit_price_cents: 7_500,
        is_setup_fee: true,
      },
      { product_id: program.id, item_name: 'Program Half Page', qty: 1, unit_price_cents: 20_000, is_setup_fee: false },
    ]);
    expect(await companyStatus(env(), company.id)).toBe('sponsor');

    // 2 × (450 + 75) + 200 = $1,250.00
    const detail = await agreementDetail(client, created.id);
    expect(detail).toMatchObject({
      id: created.id,
      status: 'active',
      companyId: company.id,
      companyName: 'Acme Hardware',
      quoteId: created.quoteId,
      seasonLabel: '2025',
      startDate: '2026-01-01',
      endDate: '2027-01-01',
      termMonths: 12,
      valueCents: 125_000,
      deletedAt: null,
      companyEmail: 'sam@acme.example',
      primaryContactName: 'Sam Rivera',
      clauses: [...DEFAULT_AGREEMENT_CLAUSES],
      notes: 'Banner goes up before opening day.',
      customTerm: false,
      derivedTermMonths: 12,
    });
    expect(detail.lines.map((l) => [l.itemName, l.qty, l.unitPriceCents, l.setupFeeCents, l.productId])).toEqual([
      ['Left Field Fence Banner', 2, 45_000, 7_500, banner.id],
      ['Program Half Page', 1, 20_000, 0, program.id],
    ]);
    expect(detail.document).toMatchObject({ version: 1, emailSentTo: null, sentAt: null });
    expect(detail.document?.fileName).toBe(
      `Sponsorship-Agreement-Acme-Hardware-${created.id.slice(0, 6).toUpperCase()}.pdf`,
    );
    expect(detail.events.map((e) => e.eventType)).toEqual(['agreement_pdf_generated', 'agreement_created']);
    expect(detail.events[1]?.createdByName).toBe('Test User');
    expect(detail.events[0]?.metadata).toMatchObject({ file_name: detail.document?.fileName });

    // The PDF: both parties, the term, the items, the total, the clauses, the signatures.
    const link = expectStatus(await client.get<TDocumentLink>(`/api/agreements/${created.id}/pdf`), 200, 'pdf link');
    expect(link.fileName).toBe(detail.document?.fileName);
    const pages = await pdfText(env(), link.url);
    const text = pages.join(' ');
    for (const expected of [
      'Sponsorship Agreement',
      `Agreement #${created.id.slice(0, 6).toUpperCase()}`,
      'Eagles Boosters',
      '12 Stadium Way',
      'Springfield, IL 62701',
      'lead@eagles.example.org',
      'Acme Hardware',
      'Sam Rivera',
      'sam@acme.example',
      'January 1, 2026',
      'January 1, 2027',
      '12 months',
      'Left Field Fence Banner',
      'Program Half Page',
      formatMoney(45_000),
      formatMoney(7_500),
      formatMoney(105_000), // the banner's line: 2 × ($450 + $75)
      'Total agreement value',
      formatMoney(125_000),
      'Payment is due net 30 days from the invoice date.',
      "30 days' written notice",
      'Banner goes up before opening day.',
      'FOR EAGLES BOOSTERS',
      'FOR ACME HARDWARE',
    ]) {
      expect(text).toContain(expected);
    }
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
  });

  it('keeps a custom end date and custom terms, and shows the term as custom', async () => {
    const { client, company, banner } = await ownerWithCatalogue(env());
    const created = await createAgreement(client, {
      companyId: company.id,
      termMonths: 12,
      startDate: '2026-01-01',
      useCustomEndDate: true,
      customEndDate: '2026-09-01',
      customTerms: 'Pay in full on signing.\n\n  The banner stays up all season.  \n',
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    const detail = await agreementDetail(client, created.id);
    expect(detail).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-09-01',
      termMonths: 12,
      customTerm: true,
      derivedTermMonths: 8,
      clauses: ['Pay in full on signing.', 'The banner stays up all season.'],
      valueCents: 50_000,
    });
    // Without includeSetupFee the banner's fee is not charged.
    expect(detail.lines[0]?.setupFeeCents).toBe(0);
    const link = expectStatus(await client.get<TDocumentLink>(`/api/agreements/${created.id}/pdf`), 200, 'pdf link');
    const text = (await pdfText(env(), link.url)).join(' ');
    expect(text).toContain('1. Pay in full on signing.');
    expect(text).toContain('2. The banner stays up all season.');
    expect(text).toContain('September 1, 2026');
    expect(text).toContain('8 months');
    expect(text).not.toContain('net 30');

    // A custom end date that is not after the start is refused; so is a custom date left empty.
    const before = await client.post<TErrorReply>('/api/agreements', {
      companyId: company.id,
      startDate: '2026-01-01',
      useCustomEndDate: true,
      customEndDate: '2025-12-01',
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    expect(before.status).toBe(400);
    expect(before.body.error.fields?.customEndDate).toBe(AGREEMENT_MESSAGES.endBeforeStart);
    const empty = await client.post<TErrorReply>('/api/agreements', {
      companyId: company.id,
      startDate: '2026-01-01',
      useCustomEndDate: true,
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields?.customEndDate).toBe(AGREEMENT_MESSAGES.endDate);
  });

  it('from an accepted quote (source=quote): replaces its lines and makes the agreement once', async () => {
    const { client, orgId, company, banner, program } = await ownerWithCatalogue(env());
    const quoteId = await seedQuote(env(), orgId, company.id, 'accepted', [
      { productId: program.id, itemName: 'Program Half Page', qty: 3, unitPriceCents: 20_000 },
    ]);
    const created = await createAgreement(client, {
      companyId: company.id,
      startDate: '2026-02-01',
      quoteId,
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 48_000, includeSetupFee: true }],
    });
    expect(created.quoteId).toBe(quoteId);
    expect(await quoteRow(env(), quoteId)).toMatchObject({ status: 'contracted', total_cents: 55_500 });
    expect((await quoteLineRows(env(), quoteId)).map((l) => [l.item_name, l.unit_price_cents, l.is_setup_fee])).toEqual(
      [
        ['Left Field Fence Banner', 48_000, false],
        ['Left Field Fence Banner (setup fee)', 7_500, true],
      ],
    );
    const detail = await agreementDetail(client, created.id);
    expect(detail).toMatchObject({ endDate: '2027-02-01', valueCents: 55_500 });

    // Once only; a quote that is not accepted, or unknown, cannot become one.
    const body = {
      companyId: company.id,
      startDate: '2026-02-01',
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 1 }],
    };
    const again = await client.post<TErrorReply>('/api/agreements', { ...body, quoteId });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(AGREEMENT_MESSAGES.quoteNotAccepted);
    const draft = await seedQuote(env(), orgId, company.id, 'sent', []);
    expect((await client.post<TErrorReply>('/api/agreements', { ...body, quoteId: draft })).status).toBe(409);
    const unknown = await client.post<TErrorReply>('/api/agreements', {
      ...body,
      quoteId: '00000000-0000-4000-8000-00000000abcd',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(AGREEMENT_MESSAGES.quoteNotFound);
    // Nothing was made by the refused attempts.
    expect((await agreementList(client)).total).toBe(1);
  });

  it('refuses an unknown company (404), another organization’s product (400) and an empty form (400)', async () => {
    const { client, company, banner } = await ownerWithCatalogue(env());
    const other = await ownerWithCatalogue(env(), 'Other Boosters');
    const line = { productId: banner.id, qty: 1, unitPriceCents: 50_000 };

    const noCompany = await client.post<TErrorReply>('/api/agreements', {
      companyId: other.company.id,
      startDate: '2026-01-01',
      lines: [line],
    });
    expect(noCompany.status).toBe(404);
    expect(noCompany.body.error.message).toBe('Company not found');

    const foreignProduct = await client.post<TErrorReply>('/api/agreements', {
      companyId: company.id,
      startDate: '2026-01-01',
      lines: [line, { productId: other.banner.id, qty: 1, unitPriceCents: 1 }],
    });
    expect(foreignProduct.status).toBe(400);
    expect(foreignProduct.body.error.fields?.['lines.1.productId']).toBe('Product not found');

    const noLines = await client.post<TErrorReply>('/api/agreements', {
      companyId: company.id,
      startDate: '2026-01-01',
      lines: [],
    });
    expect(noLines.status).toBe(400);
    expect(noLines.body.error.fields?.lines).toBe(AGREEMENT_MESSAGES.products);
    const noCompanyId = await client.post<TErrorReply>('/api/agreements', { startDate: '2026-01-01', lines: [line] });
    expect(noCompanyId.status).toBe(400);
    expect(noCompanyId.body.error.fields?.companyId).toBe(AGREEMENT_MESSAGES.company);
    const zeroQty = await client.post<TErrorReply>('/api/agreements', {
      companyId: company.id,
      startDate: '2026-01-01',
      lines: [{ ...line, qty: 0 }],
    });
    expect(zeroQty.status).toBe(400);
    expect(zeroQty.body.error.fields?.['lines.0.qty']).toBe(AGREEMENT_MESSAGES.quantity);
    const noSuchDay = await client.post<TErrorReply>('/api/agreements', {
      companyId: company.id,
      startDate: '2026-02-30',
      lines: [line],
    });
    expect(noSuchDay.status).toBe(400);
    expect(noSuchDay.body.error.fields?.startDate).toBe('Dates are YYYY-MM-DD');

    expect((await agreementList(client)).counts.all).toBe(0);
    expect((await agreementList(other.client)).counts.all).toBe(0);
  });

  it('keeps to the free plan’s sponsor limit when the company is not a sponsor yet', async () => {
    const { client, orgId, company, banner } = await ownerWithCatalogue(env());
    await platformExec(
      env(),
      sql`INSERT INTO company (org_id, name, status) SELECT ${orgId}, 'Sponsor ' || i, 'sponsor' FROM generate_series(1, 10) i`,
    );
    const body = { startDate: '2026-01-01', lines: [{ productId: banner.id, qty: 1, unitPriceCents: 100 }] };
    const refused = await client.post<TErrorReply>('/api/agreements', { ...body, companyId: company.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('Your Free plan allows up to 10 active sponsors');
    expect((await agreementList(client)).counts.all).toBe(0);
    // An existing sponsor needs no room.
    const sponsor = await addCompany(client, 'Already Sponsoring', null, 'prospect');
    await platformExec(env(), sql`UPDATE company SET status = 'sponsor' WHERE id = ${sponsor.id}`);
    await createAgreement(client, { ...body, companyId: sponsor.id });
  });
});

forEachDatabase('agreements: the accept flow’s entry point', (env) => {
  it('creates the contract from an accepted quote with setup fees paired to their items; null without items', async () => {
    const { client, orgId, company, banner, program } = await ownerWithCatalogue(env());
    const me = await client.get<{ session: { user: { id: string; email: string; name: string } } }>('/api/session');
    const member = await loadMember(env().deps, me.body.session.user);
    if (!member) throw new Error('no member');

    const quoteId = await seedQuote(env(), orgId, company.id, 'accepted', [
      { productId: banner.id, itemName: 'Banner', qty: 2, unitPriceCents: 50_000 },
      { productId: program.id, itemName: 'Program', qty: 1, unitPriceCents: 20_000 },
      { productId: banner.id, itemName: 'Banner setup fee', qty: 2, unitPriceCents: 7_500, isSetupFee: true },
    ]);
    const id = await withTenant(env().deps.db, member, (tx) => createAgreementForQuote(tx, member, { quoteId }));
    if (!id) throw new Error('no agreement');
    const detail = await agreementDetail(client, id);
    const today = zonedToday(new Date(), 'America/New_York');
    expect(detail).toMatchObject({
      startDate: today,
      endDate: agreementEndDate(today, 12),
      termMonths: 12,
      valueCents: 2 * 57_500 + 20_000,
      clauses: [...DEFAULT_AGREEMENT_CLAUSES],
    });
    expect(detail.lines.map((l) => [l.itemName, l.setupFeeCents])).toEqual([
      ['Banner', 7_500],
      ['Program', 0],
    ]);
    expect(detail.events.map((e) => e.eventType)).toEqual(['agreement_created']);
    expect(await quoteRow(env(), quoteId)).toMatchObject({ status: 'contracted' });

    // Only setup-fee lines: no agreement, and the quote stays accepted.
    const feesOnly = await seedQuote(env(), orgId, company.id, 'accepted', [
      { productId: null, itemName: 'Old item', qty: 1, unitPriceCents: 100 },
    ]);
    expect(
      await withTenant(env().deps.db, member, (tx) => createAgreementForQuote(tx, member, { quoteId: feesOnly })),
    ).toBeNull();
    expect(await quoteRow(env(), feesOnly)).toMatchObject({ status: 'accepted' });

    // A contracted quote is refused with a conflict.
    await expect(
      withTenant(env().deps.db, member, (tx) => createAgreementForQuote(tx, member, { quoteId })),
    ).rejects.toMatchObject({ code: 'conflict', message: AGREEMENT_MESSAGES.quoteNotAccepted });
  });
});

forEachDatabase('agreements: delete, restore, rights and tenancy', (env) => {
  it('moves an agreement to the Deleted tab and back, each with an event', async () => {
    const { client, company, banner } = await ownerWithCatalogue(env());
    const { id } = await createAgreement(client, {
      companyId: company.id,
      startDate: '2026-01-01',
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    expect((await client.delete(`/api/agreements/${id}`)).status).toBe(200);
    let list = await agreementList(client);
    expect(list.counts).toMatchObject({ all: 0, deleted: 1 });
    const deleted = await agreementList(client, '?tab=deleted');
    expect(deleted.agreements.map((a) => a.id)).toEqual([id]);
    expect(deleted.agreements[0]?.deletedAt).not.toBeNull();
    // Deleting again changes nothing; the detail still answers.
    expect((await client.delete(`/api/agreements/${id}`)).status).toBe(200);
    expect((await agreementDetail(client, id)).deletedAt).not.toBeNull();

    expect((await client.post(`/api/agreements/${id}/restore`)).status).toBe(200);
    list = await agreementList(client);
    expect(list.counts).toMatchObject({ all: 1, deleted: 0 });
    const detail = await agreementDetail(client, id);
    expect(detail.deletedAt).toBeNull();
    expect(detail.events.map((e) => e.eventType)).toEqual([
      'agreement_restored',
      'agreement_deleted',
      'agreement_pdf_generated',
      'agreement_created',
    ]);
  });

  it('lets a read-only member read but not create, delete, restore, make PDFs or e-mail', async () => {
    const { client, orgId, company, banner } = await ownerWithCatalogue(env());
    const { id } = await createAgreement(client, {
      companyId: company.id,
      startDate: '2026-01-01',
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    const reader = await readOnlyMember(env(), orgId);
    expect((await reader.get(`/api/agreements`)).status).toBe(200);
    expect((await reader.get(`/api/agreements/${id}`)).status).toBe(200);
    expect((await reader.get(`/api/agreements/${id}/pdf`)).status).toBe(200);

    const del = await reader.delete<TErrorReply>(`/api/agreements/${id}`);
    expect(del.status).toBe(403);
    expect(del.body.error.message).toBe(AGREEMENT_MESSAGES.noDeleteRight);
    for (const [method, path, body] of [
      ['POST', '/api/agreements', { companyId: company.id, startDate: '2026-01-01', lines: [] }],
      ['POST', `/api/agreements/${id}/restore`, {}],
      ['POST', `/api/agreements/${id}/pdf`, {}],
      ['DELETE', `/api/agreements/${id}/pdf`, undefined],
      ['POST', `/api/agreements/${id}/email`, { recipientEmail: 'a@b.example', subject: 's', body: 'b' }],
      ['POST', `/api/agreements/${id}/email-draft`, { recipientName: 'Sam', recipientEmail: 'a@b.example' }],
    ] as const) {
      expect((await reader.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const detail = await agreementDetail(client, id);
    expect(detail.deletedAt).toBeNull();
    expect(detail.document?.version).toBe(1);
  });

  it('answers 404 for another organization’s, an unknown or a malformed id, and changes nothing', async () => {
    const { client, company, banner } = await ownerWithCatalogue(env());
    const { id } = await createAgreement(client, {
      companyId: company.id,
      startDate: '2026-01-01',
      lines: [{ productId: banner.id, qty: 1, unitPriceCents: 50_000 }],
    });
    const stranger = env().client();
    await ownerWithOrg(stranger, 'Second Boosters');
    const ids = [id, '00000000-0000-4000-8000-00000000abcd', 'not-an-id'];
    for (const target of ids) {
      for (const [method, path, body] of [
        ['GET', `/api/agreements/${target}`, undefined],
        ['DELETE', `/api/agreements/${target}`, undefined],
        ['POST', `/api/agreements/${target}/restore`, {}],
        ['GET', `/api/agreements/${target}/pdf`, undefined],
        ['POST', `/api/agreements/${target}/pdf`, {}],
        ['DELETE', `/api/agreements/${target}/pdf`, undefined],
        ['POST', `/api/agreements/${target}/email`, { recipientEmail: 'a@b.example', subject: 's', body: 'b' }],
        ['POST', `/api/agreements/${target}/email-draft`, { recipientName: 'Sam', recipientEmail: 'a@b.example' }],
      ] as const) {
        const res = await stranger.request<TErrorReply>(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    const foreign = await stranger.get<TErrorReply>(`/api/agreements/${id}`);
    expect(foreign.body.error.message).toBe(AGREEMENT_MESSAGES.notFound);
    // A stranger's company filter finds nothing of ours.
    const filtered = await agreementList(stranger, `?company=${company.id}`);
    expect(filtered).toMatchObject({ total: 0, companyName: null });

    const detail = await agreementDetail(client, id);
    expect(detail.deletedAt).toBeNull();
    expect(detail.document?.version).toBe(1);
    expect(detail.events).toHaveLength(2);
  });

  it('asks for sign-in', async () => {
    expect((await env().client().get('/api/agreements')).status).toBe(401);
  });

  it('shows an agreement seeded with a legacy value through the quote’s lines', async () => {
    const { client, orgId, company } = await ownerWithCatalogue(env());
    const quoteId = await seedQuote(env(), orgId, company.id, 'contracted', [
      { itemName: 'Old banner', qty: 2, unitPriceCents: 30_000 },
    ]);
    const id = await seedAgreement(env(), orgId, {
      companyId: company.id,
      quoteId,
      startDate: '2025-01-01',
      endDate: '2026-01-01',
      totalValueCents: 0,
      calculatedTotalValueCents: null,
    });
    expect((await agreementDetail(client, id)).valueCents).toBe(60_000);
  });
});
