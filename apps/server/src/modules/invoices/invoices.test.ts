import { defaultDueDate } from '@pennant/shared/invoices/rules';
import { INVOICE_MESSAGES } from '@pennant/shared/invoices/schemas';
import { zonedToday } from '@pennant/shared/months';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { makePremium, platformExec, teammate } from '../../test/team-fixtures';
import {
  addCompany,
  addDays,
  createAgreement,
  ownerWithCatalogue,
  seedAgreement,
  seedQuote,
} from '../agreements/fixtures/agreement-fixtures';
import { expectStatus, type TErrorReply } from '../catalogue/fixtures/catalogue-fixtures';
import { readOnlyMember } from '../companies/fixtures/company-fixtures';
import {
  countInvoices,
  createInvoice,
  directBody,
  invoiceDetail,
  invoiceEvents,
  invoiceRow,
  seedInvoice,
  type TInvoiceDetail,
  type TInvoiceFormDefaults,
} from './fixtures/invoice-fixtures';

const NY = 'America/New_York';

async function formDefaults(client: TestClient, query: string) {
  return expectStatus(await client.get<TInvoiceFormDefaults>(`/api/invoices/form${query}`), 200, `form ${query}`);
}

interface TSources {
  agreements: { id: string; companyName: string; valueCents: number | null }[];
  quotes: { id: string; companyName: string; totalCents: number }[];
}

/** Invoicing is a Premium feature (the plan matrix): every organization here is premium. */
async function premiumOwner(env: TTestEnv, client: TestClient, name: string) {
  const owner = await ownerWithOrg(client, name);
  await makePremium(env, owner.orgId);
  return owner;
}

async function premiumCatalogue(env: TTestEnv, name?: string) {
  const made = await ownerWithCatalogue(env, name);
  await makePremium(env, made.orgId);
  return made;
}

forEachDatabase('invoices: creation', (env) => {
  it('from an active agreement: its lines (each setup fee a line), Ready to Send, the total, the timeline', async () => {
    const { client, company, banner, program } = await premiumCatalogue(env());
    const agreement = await createAgreement(client, {
      companyId: company.id,
      termMonths: 12,
      startDate: '2026-01-01',
      lines: [
        { productId: banner.id, qty: 2, unitPriceCents: 45_000, includeSetupFee: true },
        { productId: program.id, qty: 1, unitPriceCents: 20_000 },
      ],
    });

    const sources = expectStatus(await client.get<TSources>('/api/invoices/sources?kind=agreements'), 200, 'sources');
    expect(sources.agreements).toEqual([
      expect.objectContaining({ id: agreement.id, companyName: 'Acme Hardware', valueCents: 125_000 }),
    ]);
    // One kind at a time, as the chooser's steps show them; no kind is a 400.
    expect(sources.quotes).toEqual([]);
    expect((await client.get('/api/invoices/sources')).status).toBe(400);
    expect((await client.get('/api/invoices/sources?kind=invoices')).status).toBe(400);

    const today = zonedToday(new Date(), NY);
    const form = await formDefaults(client, `?source=agreement&agreementId=${agreement.id}`);
    expect(form).toEqual({
      source: 'agreement',
      companyId: company.id,
      companyName: 'Acme Hardware',
      agreementId: agreement.id,
      quoteId: null,
      lines: [
        { description: 'Left Field Fence Banner', amountCents: 45_000, quantity: 2 },
        { description: 'Setup fee — Left Field Fence Banner', amountCents: 7_500, quantity: 2 },
        { description: 'Program Half Page', amountCents: 20_000, quantity: 1 },
      ],
      invoiceType: 'manual',
      cardAvailable: false,
      today,
      dueDate: defaultDueDate(today),
      remitToInfo: null,
    });

    const created = await createInvoice(client, {
      source: 'agreement',
      companyId: company.id,
      agreementId: agreement.id,
      invoiceType: 'manual',
      dueDate: form.dueDate,
      memo: 'Thank you for your support!',
      lines: form.lines,
    });
    expect(created.providerInvoiceId).toBeNull();

    const detail = await invoiceDetail(client, created.id);
    expect(detail).toMatchObject({
      id: created.id,
      companyId: company.id,
      companyName: 'Acme Hardware',
      agreementId: agreement.id,
      quoteId: null,
      source: 'agreement',
      type: 'manual',
      status: 'pending',
      totalCents: 125_000,
      dueDate: form.dueDate,
      sentAt: null,
      paidAt: null,
      providerInvoiceId: null,
      hostedUrl: null,
      memo: 'Thank you for your support!',
      remitToInfo: null,
      providerPdfUrl: null,
      companyEmail: 'sam@acme.example',
      primaryContactName: 'Sam Rivera',
      primaryContactEmail: 'sam@acme.example',
    });
    expect(detail.lines.map((l) => [l.description, l.unitPriceCents, l.quantity, l.totalCents])).toEqual([
      ['Left Field Fence Banner', 45_000, 2, 90_000],
      ['Setup fee — Left Field Fence Banner', 7_500, 2, 15_000],
      ['Program Half Page', 20_000, 1, 20_000],
    ]);
    expect(detail.events).toEqual([
      expect.objectContaining({
        eventType: 'invoice_created',
        description: `Invoice #${created.id.slice(0, 8).toUpperCase()} created from Agreement #${agreement.id
          .slice(0, 6)
          .toUpperCase()}`,
        createdByName: 'Test User',
        metadata: expect.objectContaining({ invoice_id: created.id, source: 'agreement', total_cents: 125_000 }),
      }),
    ]);
    // The entry is on the company's timeline too.
    expect(await invoiceEvents(env(), created.id)).toEqual([
      expect.objectContaining({ event_type: 'invoice_created', company_id: company.id }),
    ]);
  });

  it('from an accepted quote with no agreement (its lines as they are); not from one that has an agreement', async () => {
    const client = env().client();
    const { orgId } = await premiumOwner(env(), client, 'Quote Boosters');
    const company = await addCompany(client);
    const quoteId = await seedQuote(env(), orgId, company.id, 'accepted', [
      { itemName: 'Scoreboard Ad', qty: 1, unitPriceCents: 80_000 },
      { itemName: 'Scoreboard Ad (setup fee)', qty: 1, unitPriceCents: 10_000, isSetupFee: true },
      { itemName: 'Free program mention', qty: 1, unitPriceCents: 0 },
    ]);
    const contracted = await seedQuote(env(), orgId, company.id, 'accepted', [
      { itemName: 'Banner', qty: 1, unitPriceCents: 10_000 },
    ]);
    await seedAgreement(env(), orgId, {
      companyId: company.id,
      quoteId: contracted,
      startDate: '2026-01-01',
      endDate: '2027-01-01',
    });
    const sent = await seedQuote(env(), orgId, company.id, 'sent', [{ itemName: 'Banner', qty: 1, unitPriceCents: 1 }]);

    const sources = expectStatus(await client.get<TSources>('/api/invoices/sources?kind=quotes'), 200, 'sources');
    expect(sources.quotes).toEqual([expect.objectContaining({ id: quoteId, totalCents: 90_000 })]);
    expect(sources.agreements).toEqual([]);

    const form = await formDefaults(client, `?source=quote&quoteId=${quoteId}`);
    expect(form).toMatchObject({ source: 'quote', companyId: company.id, quoteId, agreementId: null });
    // A free line cannot be an invoice line (its amount must be at least 1 cent).
    expect(form.lines).toEqual([
      { description: 'Scoreboard Ad', amountCents: 80_000, quantity: 1 },
      { description: 'Scoreboard Ad (setup fee)', amountCents: 10_000, quantity: 1 },
    ]);
    const created = await createInvoice(client, {
      source: 'quote',
      companyId: company.id,
      quoteId,
      dueDate: form.dueDate,
      lines: form.lines,
    });
    expect(await invoiceDetail(client, created.id)).toMatchObject({
      source: 'quote',
      quoteId,
      agreementId: null,
      totalCents: 90_000,
      status: 'pending',
    });

    for (const other of [contracted, sent]) {
      const res = await client.post<TErrorReply>(
        '/api/invoices',
        directBody(company.id, { source: 'quote', quoteId: other }),
      );
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(INVOICE_MESSAGES.quoteNotInvoiceable);
    }
    const unknown = await client.post<TErrorReply>(
      '/api/invoices',
      directBody(company.id, { source: 'quote', quoteId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.status).toBe(404);
    expect(await countInvoices(env(), orgId)).toBe(1);
  });

  it('direct, with or without a company; the remit-to info is the organization’s', async () => {
    const { client, company } = await premiumCatalogue(env(), 'Remit Boosters');
    const form = await formDefaults(client, '?source=direct');
    expect(form).toMatchObject({ source: 'direct', companyId: null, companyName: null, lines: [], remitToInfo: null });

    await platformExec(
      env(),
      sql`UPDATE organization SET business_street = '12 Stadium Way', business_city = 'Springfield',
            business_state = 'IL', business_zip = '62701', ein = '12-3456789'
          WHERE name = 'Remit Boosters'`,
    );
    const withCompany = await formDefaults(client, `?companyId=${company.id}`);
    expect(withCompany).toMatchObject({ source: 'direct', companyId: company.id, companyName: 'Acme Hardware' });
    expect(withCompany.remitToInfo).toBe('Remit Boosters\n12 Stadium Way\nSpringfield, IL 62701\nEIN: 12-3456789');

    // A remit-to address the club typed wins over its business address.
    await platformExec(
      env(),
      sql`UPDATE organization SET remit_to_address = 'PO Box 7\nSpringfield, IL 62702' WHERE name = 'Remit Boosters'`,
    );
    expect((await formDefaults(client, '')).remitToInfo).toBe(
      'Remit Boosters\nPO Box 7\nSpringfield, IL 62702\nEIN: 12-3456789',
    );

    const created = await createInvoice(
      client,
      directBody(company.id, {
        remitToInfo: 'Pay to Remit Boosters',
        lines: [
          { description: 'Golf outing hole sponsor', amountCents: 25_000, quantity: 2 },
          { description: 'Dinner table', amountCents: 12_345, quantity: 1 },
        ],
      }),
    );
    expect(await invoiceDetail(client, created.id)).toMatchObject({
      source: 'direct',
      agreementId: null,
      quoteId: null,
      totalCents: 62_345,
      remitToInfo: 'Pay to Remit Boosters',
      memo: null,
    });
    expect(await invoiceRow(env(), created.id)).toMatchObject({ total_amount_cents: 62_345, status: 'pending' });

    // Another organization's company is not found, in the form and on create.
    const other = env().client();
    await premiumOwner(env(), other, 'Other Boosters');
    expect((await other.get(`/api/invoices/form?companyId=${company.id}`)).status).toBe(404);
    expect((await other.get(`/api/invoices/form?source=agreement`)).status).toBe(400);
    const res = await other.post<TErrorReply>('/api/invoices', directBody(company.id));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Company not found');
  });

  it('refuses a new invoice on the free plan (Invoicing is Premium) and lets a downgraded club close out its own', async () => {
    const { client, orgId, company } = await premiumCatalogue(env(), 'Downgraded Boosters');
    const made = await createInvoice(client, directBody(company.id));
    await platformExec(
      env(),
      sql`UPDATE organization SET plan_key = 'free', subscription_status = NULL WHERE id = ${orgId}`,
    );
    const refused = await client.post<TErrorReply>('/api/invoices', directBody(company.id));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(INVOICE_MESSAGES.premiumRequired);
    const paid = await client.post(`/api/invoices/${made.id}/paid`, {});
    expect(paid.status).toBe(200);
  });

  it('refuses a past due date, no lines, a zero amount, a missing company and an inactive agreement', async () => {
    const { client, orgId, company } = await premiumCatalogue(env(), 'Refusing Boosters');
    const today = zonedToday(new Date(), NY);
    const fails = async (body: Record<string, unknown>, status: number) => {
      const res = await client.post<TErrorReply>('/api/invoices', body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return res.body.error;
    };

    expect(await fails(directBody(company.id, { dueDate: addDays(today, -1) }), 400)).toMatchObject({
      message: INVOICE_MESSAGES.dueDatePast,
      fields: { dueDate: INVOICE_MESSAGES.dueDatePast },
    });
    expect((await fails(directBody(company.id, { dueDate: '2099-02-30' }), 400)).fields?.dueDate).toBeDefined();
    expect((await fails(directBody(company.id, { lines: [] }), 400)).fields).toMatchObject({
      lines: INVOICE_MESSAGES.lines,
    });
    const zero = [{ description: 'Banner', amountCents: 0, quantity: 1 }];
    expect((await fails(directBody(company.id, { lines: zero }), 400)).fields).toMatchObject({
      'lines.0.amountCents': INVOICE_MESSAGES.amount,
    });
    const noQty = [{ description: 'Banner', amountCents: 100, quantity: 0 }];
    expect((await fails(directBody(company.id, { lines: noQty }), 400)).fields).toMatchObject({
      'lines.0.quantity': INVOICE_MESSAGES.quantity,
    });
    const noWords = [{ description: ' ', amountCents: 100, quantity: 1 }];
    expect((await fails(directBody(company.id, { lines: noWords }), 400)).fields).toMatchObject({
      'lines.0.description': INVOICE_MESSAGES.description,
    });
    expect((await fails(directBody(company.id, { companyId: undefined }), 400)).fields).toMatchObject({
      companyId: INVOICE_MESSAGES.company,
    });

    // Agreements: only an active one that is not deleted, of the company named.
    const agreement = { startDate: '2025-01-01', endDate: '2027-01-01', companyId: company.id };
    const expired = await seedAgreement(env(), orgId, { ...agreement, status: 'expired' });
    const deleted = await seedAgreement(env(), orgId, { ...agreement, deleted: true });
    for (const agreementId of [expired, deleted]) {
      expect(await fails(directBody(company.id, { source: 'agreement', agreementId }), 409)).toMatchObject({
        message: INVOICE_MESSAGES.sourceNotActive,
      });
    }
    expect((await fails(directBody(company.id, { source: 'agreement' }), 400)).fields?.agreementId).toBe(
      'Agreement is required',
    );
    const zeta = await addCompany(client, 'Zeta Pizza', null);
    const active = await seedAgreement(env(), orgId, agreement);
    await fails(directBody(zeta.id, { source: 'agreement', agreementId: active }), 404);
    await fails(
      directBody(company.id, { source: 'agreement', agreementId: '00000000-0000-4000-8000-000000000000' }),
      404,
    );
    // Sources offer the active one only.
    const sources = expectStatus(await client.get<TSources>('/api/invoices/sources?kind=agreements'), 200, 'sources');
    expect(sources.agreements.map((a) => a.id)).toEqual([active]);

    // A card invoice without a payment account that takes cards.
    expect(await fails(directBody(company.id, { invoiceType: 'stripe' }), 409)).toMatchObject({
      message: INVOICE_MESSAGES.cardNeedsAccount,
    });
    await platformExec(env(), sql`UPDATE organization SET default_payment_method = 'stripe' WHERE id = ${orgId}`);
    expect(await formDefaults(client, '')).toMatchObject({ invoiceType: 'manual', cardAvailable: false });

    expect(await countInvoices(env(), orgId)).toBe(0);
    // Due today is fine; so is an agreement invoice from the active agreement.
    await createInvoice(client, directBody(company.id, { dueDate: today }));
    await createInvoice(client, directBody(company.id, { source: 'agreement', agreementId: active }));
    expect(await countInvoices(env(), orgId)).toBe(2);
  });

  it('measures due dates on the organization’s calendar: its owner’s zone, for every member', async () => {
    const owner = env().client();
    const { orgId } = await premiumOwner(env(), owner, 'Zone Boosters');
    const company = await addCompany(owner);
    const { client: treasurer } = await teammate(env(), owner, orgId, ['treasurer'], 'Tess Treasurer');
    // The treasurer lives 25 hours behind the owner: whatever the hour, their days differ.
    await treasurer.put('/api/profile/timezone', { timezone: 'Pacific/Pago_Pago', autoDetect: false });
    await owner.put('/api/profile/timezone', { timezone: 'Pacific/Kiritimati', autoDetect: false });
    const ownersToday = zonedToday(new Date(), 'Pacific/Kiritimati');
    const treasurersToday = zonedToday(new Date(), 'Pacific/Pago_Pago');
    expect(treasurersToday < ownersToday).toBe(true);

    expect((await formDefaults(treasurer, '')).today).toBe(ownersToday);
    const res = await treasurer.post<TErrorReply>(
      '/api/invoices',
      directBody(company.id, { dueDate: treasurersToday }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.dueDate).toBe(INVOICE_MESSAGES.dueDatePast);
    await createInvoice(treasurer, directBody(company.id, { dueDate: ownersToday }));

    await owner.put('/api/profile/timezone', { timezone: 'Pacific/Pago_Pago', autoDetect: false });
    expect((await formDefaults(owner, '')).today).toBe(treasurersToday);
    await createInvoice(treasurer, directBody(company.id, { dueDate: treasurersToday }));
  });
});

forEachDatabase('invoices: status changes', (env) => {
  const post = (client: TestClient, id: string, action: string) =>
    client.post<TInvoiceDetail & TErrorReply>(`/api/invoices/${id}/${action}`, {});

  it('Ready to Send → sent → paid, each once, with its time and timeline entry; paid is final', async () => {
    const client = env().client();
    await premiumOwner(env(), client, 'Status Boosters');
    const company = await addCompany(client);
    const { id } = await createInvoice(client, directBody(company.id));

    const sent = expectStatus(await post(client, id, 'sent'), 200, 'mark sent');
    expect(sent).toMatchObject({ id, status: 'sent', paidAt: null });
    expect(sent.sentAt).not.toBeNull();
    const again = await post(client, id, 'sent');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(INVOICE_MESSAGES.transitionRefused);

    const paid = expectStatus(await post(client, id, 'paid'), 200, 'mark paid');
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).not.toBeNull();
    expect(paid.events.map((e) => e.eventType)).toEqual(['invoice_paid', 'invoice_sent', 'invoice_created']);
    expect(paid.events[0]).toMatchObject({
      description: `Invoice #${id.slice(0, 8).toUpperCase()} marked as paid`,
      createdByName: 'Test User',
      metadata: { invoice_id: id, from: 'sent', to: 'paid' },
    });
    for (const action of ['sent', 'paid', 'void']) {
      const res = await post(client, id, action);
      expect(res.status, action).toBe(409);
      expect(res.body.error.message).toBe(INVOICE_MESSAGES.transitionRefused);
    }
    const row = await invoiceRow(env(), id);
    expect(row).toMatchObject({ status: 'paid', voided_at: null });
    expect(row?.paid_at?.toISOString()).toBe(paid.paidAt);
  });

  it('marks paid from Ready to Send, voids an overdue invoice; void is final; two clicks change it once', async () => {
    const client = env().client();
    const { orgId } = await premiumOwner(env(), client, 'Void Boosters');
    const company = await addCompany(client);
    const { id: pending } = await createInvoice(client, directBody(company.id));
    expect(expectStatus(await post(client, pending, 'paid'), 200, 'paid').status).toBe('paid');

    const overdue = await seedInvoice(env(), orgId, {
      companyId: company.id,
      status: 'overdue',
      dueDate: '2024-01-01',
    });
    const voided = expectStatus(await post(client, overdue, 'void'), 200, 'void');
    expect(voided.status).toBe('void');
    expect((await invoiceRow(env(), overdue))?.voided_at).not.toBeNull();
    for (const action of ['sent', 'paid', 'void']) expect((await post(client, overdue, action)).status).toBe(409);

    const draft = await seedInvoice(env(), orgId, { companyId: company.id, status: 'draft', dueDate: '2099-01-01' });
    // Only Ready to Send can be marked sent.
    expect((await post(client, draft, 'sent')).status).toBe(409);
    const [a, b] = await Promise.all([post(client, draft, 'paid'), post(client, draft, 'paid')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await invoiceEvents(env(), draft)).map((e) => e.event_type)).toEqual(['invoice_paid']);
  });

  it('treasurers may change invoices; read-only members may only read them', async () => {
    const owner = env().client();
    const { orgId } = await premiumOwner(env(), owner, 'Roles Boosters');
    const company = await addCompany(owner);
    const { client: treasurer } = await teammate(env(), owner, orgId, ['treasurer'], 'Tess Treasurer');
    const { id } = await createInvoice(treasurer, directBody(company.id));
    expect(expectStatus(await post(treasurer, id, 'sent'), 200, 'sent').events[0]?.createdByName).toBe(
      'Tess Treasurer',
    );

    const reader = await readOnlyMember(env(), orgId);
    expect((await reader.get(`/api/invoices/${id}`)).status).toBe(200);
    expect((await reader.get('/api/invoices')).status).toBe(200);
    expect((await reader.get('/api/invoices/kpis')).status).toBe(200);
    expect((await reader.get('/api/invoices/sources?kind=quotes')).status).toBe(200);
    expect((await reader.get('/api/invoices/form')).status).toBe(403);
    expect((await reader.post('/api/invoices', directBody(company.id))).status).toBe(403);
    for (const action of ['sent', 'paid', 'void']) expect((await post(reader, id, action)).status).toBe(403);
    expect((await invoiceRow(env(), id))?.status).toBe('sent');

    // A sponsorship lead works on agreements, not on money.
    const { client: lead } = await teammate(env(), owner, orgId, ['sponsorship_lead'], 'Lee Lead');
    expect((await lead.post('/api/invoices', directBody(company.id))).status).toBe(403);
    expect((await post(lead, id, 'paid')).status).toBe(403);
  });

  it('another organization, an unknown or a malformed id: Invoice not found, and nothing changes', async () => {
    const owner = env().client();
    await premiumOwner(env(), owner, 'Alpha Boosters');
    const company = await addCompany(owner);
    const { id } = await createInvoice(owner, directBody(company.id));
    const before = await invoiceDetail(owner, id);

    const other = env().client();
    await premiumOwner(env(), other, 'Beta Boosters');
    for (const path of [id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await other.get<TErrorReply>(`/api/invoices/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toBe(INVOICE_MESSAGES.notFound);
      for (const action of ['sent', 'paid', 'void']) {
        const change = await post(other, path, action);
        expect(change.status, `${action} ${path}`).toBe(404);
        expect(change.body.error.message).toBe(INVOICE_MESSAGES.notFound);
      }
    }
    expect((await other.get<{ invoices: unknown[] }>('/api/invoices?tab=all')).body.invoices).toEqual([]);
    expect(await invoiceDetail(owner, id)).toEqual(before);
  });
});
