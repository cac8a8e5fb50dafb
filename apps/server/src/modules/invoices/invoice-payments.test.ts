import { INVOICE_MESSAGES } from '@pennant/shared/invoices/schemas';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { withPlatform } from '../../db/tenant';
import { PaymentsError } from '../../integrations/payments';
import type { TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { makePremium, platformExec } from '../../test/team-fixtures';
import { addCompany } from '../agreements/fixtures/agreement-fixtures';
import { expectStatus, type TErrorReply } from '../catalogue/fixtures/catalogue-fixtures';
import {
  activePaymentAccount,
  countInvoices,
  createInvoice,
  deliverAll,
  directBody,
  invoiceDetail,
  invoiceEvents,
  invoiceList,
  invoiceRow,
  simulator,
  type TInvoiceDetail,
  type TInvoiceFormDefaults,
} from './fixtures/invoice-fixtures';
import { applyProviderInvoice } from './invoice-payments.service';

/** A premium organization whose payment account takes cards, with a company that has a contact. */
async function cardOrganization(env: TTestEnv, name: string) {
  const client = env.client();
  const { orgId } = await ownerWithOrg(client, name);
  await makePremium(env, orgId);
  const accountId = await activePaymentAccount(env, client);
  const company = await addCompany(client);
  return { client, orgId, accountId, company };
}

function cardInvoice(client: TestClient, companyId: string) {
  return createInvoice(
    client,
    directBody(companyId, {
      invoiceType: 'stripe',
      memo: 'Season sponsorship',
      lines: [
        { description: 'Outfield banner', amountCents: 50_000, quantity: 1 },
        { description: 'Program ad', amountCents: 12_500, quantity: 2 },
      ],
    }),
  );
}

const platform =
  (env: TTestEnv) =>
  <T>(fn: Parameters<typeof withPlatform<T>>[3]) =>
    withPlatform(env.deps.db, env.deps.log, 'test', fn);

forEachDatabase('invoices: card payments', (env) => {
  it('makes a card invoice at the provider for the company’s contact and stores its page', async () => {
    const { client, orgId, accountId, company } = await cardOrganization(env(), 'Card Boosters');
    await platformExec(env(), sql`UPDATE organization SET default_payment_method = 'stripe' WHERE id = ${orgId}`);
    const form = expectStatus(await client.get<TInvoiceFormDefaults>('/api/invoices/form'), 200, 'form');
    expect(form).toMatchObject({ invoiceType: 'stripe', cardAvailable: true });

    const created = await cardInvoice(client, company.id);
    expect(created.providerInvoiceId).toMatch(/^in_/);
    const providerId = created.providerInvoiceId ?? '';
    const at = await simulator(env()).hostedInvoiceDetails(providerId);
    expect(at).toMatchObject({
      accountId,
      status: 'open',
      customerName: 'Acme Hardware',
      customerEmail: 'sam@acme.example',
      amountDueCents: 75_000,
      memo: 'Season sponsorship',
      lines: [
        { description: 'Outfield banner', unitAmountCents: 50_000, quantity: 1 },
        { description: 'Program ad', unitAmountCents: 12_500, quantity: 2 },
      ],
    });
    // Due at the end of the due day on the organization's calendar (New York).
    expect(at?.dueDate.toISOString()).toBe('2099-02-01T04:59:59.000Z');

    const detail = await invoiceDetail(client, created.id);
    expect(detail).toMatchObject({
      type: 'stripe',
      status: 'pending',
      totalCents: 75_000,
      providerInvoiceId: providerId,
      hostedUrl: `http://localhost:3999/dev/payments/invoice/${providerId}`,
    });
    expect(await invoiceRow(env(), created.id)).toMatchObject({ stripe_account_id: accountId });
    // The short id and the provider's id both find it.
    expect((await invoiceList(client, `?q=${providerId.slice(3, 12)}`)).invoices.map((i) => i.id)).toEqual([
      created.id,
    ]);
  });

  it('paid on the provider’s page, the event delivered twice: paid once, at the provider’s time', async () => {
    const { client, orgId, company } = await cardOrganization(env(), 'Paying Boosters');
    const created = await cardInvoice(client, company.id);
    const providerId = created.providerInvoiceId ?? '';
    expectStatus(await client.post(`/api/invoices/${created.id}/sent`, {}), 200, 'sent');

    const hooks = await simulator(env()).payHostedInvoice(providerId, 'pay');
    await deliverAll(env(), hooks);
    await deliverAll(env(), hooks);
    const paidAt = (await simulator(env()).hostedInvoiceDetails(providerId))?.paidAt;
    const detail = await invoiceDetail(client, created.id);
    expect(detail).toMatchObject({ status: 'paid', paidAt: paidAt?.toISOString() });
    expect(detail.events.map((e) => e.eventType)).toEqual(['invoice_paid', 'invoice_sent', 'invoice_created']);
    expect(detail.events[0]).toMatchObject({
      createdByName: null,
      metadata: expect.objectContaining({ provider_invoice_id: providerId, amount_paid_cents: 75_000 }),
    });
    expect((await invoiceList(client, '?tab=paid')).invoices.map((i) => i.id)).toEqual([created.id]);

    // The same news again, however it arrives, changes nothing more.
    const accountId = (await invoiceRow(env(), created.id))?.stripe_account_id ?? '';
    const hosted = await simulator(env()).retrieveHostedInvoice(accountId, providerId);
    if (!hosted) throw new Error('no hosted invoice');
    const read = {
      kind: 'invoice.paid' as const,
      accountId,
      invoiceId: providerId,
      customerId: null,
      subscriptionId: null,
      amountCents: 75_000,
      currency: 'usd',
      metadata: {},
      hosted,
    };
    expect(await applyProviderInvoice(env().deps, platform(env()), read, new Date())).toBeNull();
    expect((await invoiceEvents(env(), created.id)).filter((e) => e.event_type === 'invoice_paid')).toHaveLength(1);
    expect(await countInvoices(env(), orgId)).toBe(1);
  });

  it('voiding a card invoice voids it at the provider first; marking it paid by hand leaves it there', async () => {
    const { client, company } = await cardOrganization(env(), 'Voiding Boosters');
    const voided = await cardInvoice(client, company.id);
    const detail = expectStatus(await client.post<TInvoiceDetail>(`/api/invoices/${voided.id}/void`, {}), 200, 'void');
    expect(detail.status).toBe('void');
    expect((await simulator(env()).hostedInvoiceDetails(voided.providerInvoiceId ?? ''))?.status).toBe('void');
    // The sponsor can no longer pay it.
    await expect(simulator(env()).payHostedInvoice(voided.providerInvoiceId ?? '', 'pay')).rejects.toThrow(
      PaymentsError,
    );

    const byHand = await cardInvoice(client, company.id);
    expectStatus(await client.post(`/api/invoices/${byHand.id}/paid`, {}), 200, 'paid by hand');
    expect((await simulator(env()).hostedInvoiceDetails(byHand.providerInvoiceId ?? ''))?.status).toBe('open');
    // If the sponsor pays the page as well, the invoice stays paid once.
    await deliverAll(env(), await simulator(env()).payHostedInvoice(byHand.providerInvoiceId ?? '', 'pay'));
    expect((await invoiceEvents(env(), byHand.id)).map((e) => e.event_type)).toEqual([
      'invoice_created',
      'invoice_paid',
    ]);
  });

  it('a provider that fails: no invoice is created (502); a void that fails changes nothing (502)', async () => {
    const { client, orgId, accountId, company } = await cardOrganization(env(), 'Failing Boosters');
    const made = await cardInvoice(client, company.id);

    const voidSpy = vi
      .spyOn(env().deps.payments, 'voidHostedInvoice')
      .mockRejectedValueOnce(new PaymentsError('Stripe is down', 503));
    const res = await client.post<TErrorReply>(`/api/invoices/${made.id}/void`, {});
    voidSpy.mockRestore();
    expect(res.status).toBe(502);
    expect(res.body.error.message).toBe(INVOICE_MESSAGES.voidFailed);
    expect(await invoiceRow(env(), made.id)).toMatchObject({ status: 'pending', voided_at: null });
    expect((await simulator(env()).hostedInvoiceDetails(made.providerInvoiceId ?? ''))?.status).toBe('open');

    // Paid at the provider a moment before the void click (its event not handled yet): refused.
    await simulator(env()).payHostedInvoice(made.providerInvoiceId ?? '', 'pay');
    const late = await client.post<TErrorReply>(`/api/invoices/${made.id}/void`, {});
    expect(late.status).toBe(409);
    expect((await invoiceRow(env(), made.id))?.status).toBe('pending');

    // The provider no longer lets this account charge (its event not delivered yet): the invoice is not made.
    await simulator(env()).setAccountState(accountId, 'incomplete');
    const failed = await client.post<TErrorReply>('/api/invoices', directBody(company.id, { invoiceType: 'stripe' }));
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe(INVOICE_MESSAGES.createFailed);
    expect(await countInvoices(env(), orgId)).toBe(1);
  });

  it('a void invoice paid at the provider stays void; one voided at the provider becomes void unless paid', async () => {
    const { client, company } = await cardOrganization(env(), 'Late Boosters');
    const warn = vi.spyOn(env().deps.log, 'warn');
    const voidHere = await cardInvoice(client, company.id);
    // Voided in Pennant while the provider still had it open (as if its void had been lost).
    await platformExec(env(), sql`UPDATE invoice SET status = 'void', voided_at = now() WHERE id = ${voidHere.id}`);
    await deliverAll(env(), await simulator(env()).payHostedInvoice(voidHere.providerInvoiceId ?? '', 'pay'));
    expect((await invoiceRow(env(), voidHere.id))?.status).toBe('void');
    expect((await invoiceEvents(env(), voidHere.id)).map((e) => e.event_type)).toEqual(['invoice_created']);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ invoiceId: voidHere.id }),
      'a void invoice was paid at the provider; it stays void',
    );
    warn.mockRestore();

    // Voided in the provider's dashboard: invoice.voided.
    const voidThere = await cardInvoice(client, company.id);
    const accountId = (await invoiceRow(env(), voidThere.id))?.stripe_account_id ?? '';
    const invoice = await simulator(env()).voidHostedInvoice(accountId, voidThere.providerInvoiceId ?? '');
    const read = { kind: 'invoice.updated' as const, accountId, invoice };
    expect(await applyProviderInvoice(env().deps, platform(env()), read, new Date())).not.toBeNull();
    expect(await applyProviderInvoice(env().deps, platform(env()), read, new Date())).toBeNull();
    const detail = await invoiceDetail(client, voidThere.id);
    expect(detail.status).toBe('void');
    expect(detail.events.map((e) => e.eventType)).toEqual(['invoice_voided', 'invoice_created']);

    // A declined card leaves it as it was.
    const declined = await cardInvoice(client, company.id);
    await deliverAll(env(), await simulator(env()).payHostedInvoice(declined.providerInvoiceId ?? '', 'decline'));
    expect((await invoiceRow(env(), declined.id))?.status).toBe('pending');
  });
});
