import type { TResourceKind } from '@pennant/shared/contract';
import { ALL_CONTRACTS } from '@pennant/shared/contracts';
import { expect, it } from 'vitest';
import type { TestClient } from '../test/client';
import { TEST_ORIGIN } from '../test/client';
import { ownerWithOrg } from '../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../test/harness';
import { invite, makePremium } from '../test/team-fixtures';

/** Organization A with one record of every resource kind a route path can name. */
async function organizationWithOneOfEach(env: TTestEnv, client: TestClient): Promise<Record<TResourceKind, string>> {
  const { orgId } = await ownerWithOrg(client, 'Alpha Athletics');
  await makePremium(env, orgId);
  const ok = <T>(res: { status: number; body: T }, what: string): T => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const company = ok(
    await client.post<{ id: string }>('/api/companies', { name: 'Alpha Sponsor', status: 'sponsor' }),
    'company',
  ).id;
  const contact = ok(
    await client.post<{ id: string }>(`/api/companies/${company}/contacts`, {
      name: 'Al Pha',
      email: 'al@example.com',
    }),
    'contact',
  ).id;
  const note = ok(
    await client.post<{ id: string }>(`/api/companies/${company}/notes`, { description: 'Alpha note' }),
    'note',
  ).id;
  const form = new FormData();
  form.set('file', new File(['Company Name\nAcme\n'], 'companies.csv', { type: 'text/csv' }));
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const upload = await env.app.request(`${TEST_ORIGIN}/api/companies/imports`, {
    method: 'POST',
    headers: { cookie, origin: TEST_ORIGIN },
    body: form,
  });
  const imported: unknown = await upload.json();
  if (upload.status !== 201 || typeof imported !== 'object' || imported === null || !('id' in imported)) {
    throw new Error(`import upload: ${upload.status}`);
  }
  const { inviteId } = await invite(client, ['admin']);
  const adTypes = ok(await client.get<{ adTypes: { id: string }[] }>('/api/ad-types'), 'ad types').adTypes;
  const productBody = { name: 'Alpha Banner', masterTypeId: adTypes[0]?.id, recurringPriceCents: 50_000 };
  const product = ok(await client.post<{ id: string }>('/api/products', productBody), 'product').id;
  const second = ok(
    await client.post<{ id: string }>('/api/products', { ...productBody, name: 'Alpha Ad' }),
    'product',
  );
  const bundle = ok(
    await client.post<{ id: string }>('/api/bundles', {
      name: 'Alpha Package',
      seasonLabel: '2025',
      packagePriceCents: 80_000,
      items: [
        { productId: product, qty: 1 },
        { productId: second.id, qty: 1 },
      ],
    }),
    'bundle',
  ).id;
  const priceList = ok(
    await client.post<{ id: string }>('/api/price-lists', {
      name: 'Alpha Menu',
      seasonLabel: '2025',
      items: [
        { kind: 'product', id: product, displayPriceCents: 45_000 },
        { kind: 'bundle', id: bundle, displayPriceCents: 75_000 },
      ],
    }),
    'price list',
  ).id;
  const quote = ok(
    await client.post<{ id: string }>('/api/quotes', {
      companyId: company,
      lines: [{ productId: product, qty: 1, unitPriceCents: 50_000 }],
    }),
    'quote',
  ).id;
  const agreement = ok(
    await client.post<{ id: string }>('/api/agreements', {
      companyId: company,
      termMonths: 12,
      startDate: '2026-01-01',
      lines: [{ productId: product, qty: 1, unitPriceCents: 50_000 }],
    }),
    'agreement',
  ).id;
  // Paying for Premium first: invoicing is a Premium feature.
  const receipt = await paidReceipt(env, client);
  const invoice = ok(
    await client.post<{ id: string }>('/api/invoices', {
      source: 'agreement',
      companyId: company,
      agreementId: agreement,
      dueDate: '2099-01-31',
      lines: [{ description: 'Alpha Banner', amountCents: 50_000, quantity: 1 }],
    }),
    'invoice',
  ).id;
  // A player campaign with a player and a contact, so every campaign route has rows to touch.
  const campaign = ok(
    await client.post<{ id: string }>('/api/fundraising/campaigns', {
      name: 'Alpha Drive',
      campaignType: 'player',
      goalCents: 50_000,
      startsAt: '2099-03-01',
      endsAt: '2099-03-31',
      minContactsPerPlayer: 10,
      messagePerspective: 'team',
      reminderSchedule: {
        autoScheduleEnabled: true,
        customScheduleEnabled: false,
        customIntervalsDays: [],
        maxReminders: 2,
      },
      players: [{ name: 'Al Player' }],
      contacts: [{ name: 'Al Parent', email: 'al.parent@example.com', playerIndex: 0 }],
    }),
    'campaign',
  ).id;
  // A prospect e-mailed in a blast (the sender copied), so the blast's status route has one to read.
  const prospect = ok(
    await client.post<{ id: string }>('/api/companies', {
      name: 'Alpha Prospect',
      status: 'prospect',
      primaryContact: { name: 'Pro Spect', email: 'pro.spect@example.com' },
    }),
    'prospect',
  ).id;
  const blast = ok(
    await client.post<{ campaignId: string }>('/api/outreach/blasts', {
      priceListId: priceList,
      subjectSeed: 'Alpha Menu - Sponsorship Opportunities',
      bodySeed: 'Thank you for supporting youth sports.',
      ccRole: 'me',
      attachPdf: false,
      recipients: [{ prospectId: prospect, subject: 'Hello', html: '<p>Hello</p>' }],
    }),
    'blast',
  ).campaignId;
  return {
    company,
    contact,
    note,
    quote,
    agreement,
    import: String(imported.id),
    invite: inviteId,
    product,
    bundle,
    price_list: priceList,
    receipt,
    invoice,
    campaign,
    blast,
  };
}

/**
 * A Premium checkout paid on the simulator, its webhooks delivered as the provider would: answers
 * the receipt of its invoice (which has a stored PDF).
 */
async function paidReceipt(env: TTestEnv, client: TestClient): Promise<string> {
  const payments = env.deps.payments;
  if (payments.kind !== 'simulator') throw new Error('the tenant suite runs on the payment simulator');
  const checkout = await client.post<{ url: string }>('/api/billing/checkout', { planKey: 'premium_month' });
  if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  const hooks = await payments.completeCheckout(checkout.body.url.split('/').pop() ?? '', 'pay');
  for (const hook of hooks) {
    const res = await env.app.request(`${TEST_ORIGIN}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': hook.signatureHeader },
      body: hook.rawBody,
    });
    if (res.status !== 200) throw new Error(`webhook: ${res.status}`);
  }
  const receipts = await client.get<{ receipts: { id: string; hasPdf: boolean }[] }>('/api/billing/receipts');
  const [receipt] = receipts.body.receipts;
  if (!receipt?.hasPdf) throw new Error(`receipt: ${receipts.status} ${JSON.stringify(receipts.body)}`);
  return receipt.id;
}

/** What organization A's catalogue pages show, to compare before and after. */
async function catalogueOf(client: TestClient) {
  return {
    products: (await client.get('/api/products')).body,
    bundles: (await client.get('/api/bundles?season=all')).body,
    priceLists: (await client.get('/api/price-lists')).body,
  };
}

/**
 * Generated from the route contracts: every route with an id in its path is called by another
 * organization's owner with the first organization's ids, one for each resource kind the path
 * names, with a valid body; each answers 404 and the records stay as they were.
 */
forEachDatabase('tenant suite', (env) => {
  it('answers 404 to another organization for every route with an id, and changes nothing', async () => {
    const a = env().client();
    const ids = await organizationWithOneOfEach(env(), a);
    const b = env().client();
    const { orgId: orgB } = await ownerWithOrg(b, 'Beta Boosters');
    await makePremium(env(), orgB);
    const catalogueBefore = await catalogueOf(a);
    const quoteBefore = (await a.get(`/api/quotes/${ids.quote}`)).body;
    const agreementBefore = (await a.get(`/api/agreements/${ids.agreement}`)).body;
    const invoiceBefore = (await a.get(`/api/invoices/${ids.invoice}`)).body;
    const campaignBefore = (await a.get(`/api/fundraising/campaigns/${ids.campaign}`)).body;
    const campaignContactsBefore = (await a.get(`/api/fundraising/campaigns/${ids.campaign}/contacts`)).body;

    const withIds = ALL_CONTRACTS.filter((c) => c.resources);
    const kinds = new Set<TResourceKind>();
    for (const c of withIds) {
      let url = `/api${c.path}`;
      for (const [param, kind] of Object.entries(c.resources ?? {})) {
        url = url.replace(`{${param}}`, ids[kind]);
        kinds.add(kind);
      }
      if (c.exampleQuery) url += `?${new URLSearchParams(c.exampleQuery)}`;
      const body = c.method === 'get' || c.method === 'delete' ? undefined : (c.example ?? {});
      const res = await b.request(c.method.toUpperCase(), url, body);
      expect.soft(res.status, `${c.method.toUpperCase()} ${c.path}`).toBe(404);
    }
    process.stdout.write(
      `tenant suite: ${withIds.length} routes with ids, ${kinds.size} resource kinds (${[...kinds].join(', ')})\n`,
    );
    expect(kinds.size).toBe(Object.keys(ids).length);

    // Organization A still has everything, unchanged.
    const company = await a.get<{ name: string; status: string }>(`/api/companies/${ids.company}`);
    expect(company.body).toMatchObject({ name: 'Alpha Sponsor', status: 'sponsor' });
    const contacts = await a.get<{ contacts: { id: string; title: string | null }[] }>(
      `/api/companies/${ids.company}/contacts`,
    );
    expect(contacts.body.contacts).toEqual([expect.objectContaining({ id: ids.contact, title: null })]);
    const notes = await a.get<{ notes: { id: string }[] }>(`/api/companies/${ids.company}/notes`);
    expect(notes.body.notes.map((n) => n.id)).toContain(ids.note);
    const invites = await a.get<{ invites: { id: string }[] }>('/api/team/invites');
    expect(invites.body.invites.map((i) => i.id)).toEqual([ids.invite]);
    const upload = await a.get<{ status: string }>(`/api/companies/imports/${ids.import}`);
    expect(upload.body.status).toBe('uploaded');
    const catalogue = await catalogueOf(a);
    expect(catalogue).toEqual(catalogueBefore);
    expect(JSON.stringify(catalogue)).toContain(ids.product);
    expect(JSON.stringify(catalogue.bundles)).toContain(ids.bundle);
    expect(JSON.stringify(catalogue.priceLists)).toContain(ids.price_list);
    // The quote is still a draft with its line; the agreement is not deleted and keeps its PDF.
    expect((await a.get(`/api/quotes/${ids.quote}`)).body).toEqual(quoteBefore);
    expect(quoteBefore).toMatchObject({ id: ids.quote, status: 'draft' });
    expect((await a.get(`/api/agreements/${ids.agreement}`)).body).toEqual(agreementBefore);
    expect(agreementBefore).toMatchObject({ id: ids.agreement, deletedAt: null });
    // The invoice is still Ready to Send, not voided or paid.
    expect((await a.get(`/api/invoices/${ids.invoice}`)).body).toEqual(invoiceBefore);
    expect(invoiceBefore).toMatchObject({ id: ids.invoice, status: 'pending' });
    // The campaign is still a draft with its player, its contact and no template, not deleted or launched.
    expect((await a.get(`/api/fundraising/campaigns/${ids.campaign}`)).body).toEqual(campaignBefore);
    expect(campaignBefore).toMatchObject({
      id: ids.campaign,
      status: 'draft',
      subjectSeed: null,
      players: [expect.objectContaining({ name: 'Al Player' })],
      contactCount: 1,
    });
    expect((await a.get(`/api/fundraising/campaigns/${ids.campaign}/contacts`)).body).toEqual(campaignContactsBefore);
    expect(campaignContactsBefore).toMatchObject({
      contacts: [expect.objectContaining({ email: 'al.parent@example.com', emailSent: false })],
      total: 1,
    });
    // The receipt is still there with its PDF.
    expect((await a.post(`/api/billing/receipts/${ids.receipt}/pdf`)).status).toBe(200);
  });
});
