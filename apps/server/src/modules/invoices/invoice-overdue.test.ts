import { zonedToday } from '@pennant/shared/months';
import { expect, it } from 'vitest';
import { markOverdueInvoicesJob } from '../../jobs/mark-overdue-invoices.job';
import type { TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { addCompany, addDays } from '../agreements/fixtures/agreement-fixtures';
import { invoiceDetail, invoiceEvents, invoiceRow, seedInvoice } from './fixtures/invoice-fixtures';
import { markOverdueInvoices } from './invoice-overdue.service';

async function organization(env: TTestEnv, name: string, zone: string | null) {
  const client: TestClient = env.client();
  const { orgId } = await ownerWithOrg(client, name);
  if (zone) await client.put('/api/profile/timezone', { timezone: zone, autoDetect: false });
  const company = await addCompany(client, `${name} Sponsor`, null);
  return { client, orgId, companyId: company.id };
}

forEachDatabase('invoices: the daily overdue run', (env) => {
  it('makes sent invoices past their due date overdue, once; pending, paid and due-today ones stay', async () => {
    const { client, orgId, companyId } = await organization(env(), 'Overdue Boosters', null);
    const today = zonedToday(new Date(), 'America/New_York');
    const seed = (status: string, dueIn: number) =>
      seedInvoice(env(), orgId, { companyId, status, dueDate: addDays(today, dueIn) });
    const late = await seed('sent', -1);
    const veryLate = await seed('sent', -30);
    const dueToday = await seed('sent', 0);
    const neverSent = await seed('pending', -5);
    const paid = await seed('paid', -5);

    expect(await markOverdueInvoices(env().deps)).toBe(2);
    // Twice, and through the job: no second effect.
    expect(await markOverdueInvoices(env().deps)).toBe(0);
    await markOverdueInvoicesJob(env().deps).handler({});

    for (const id of [late, veryLate]) {
      expect((await invoiceRow(env(), id))?.status).toBe('overdue');
      expect(await invoiceEvents(env(), id)).toEqual([
        { event_type: 'invoice_overdue', company_id: companyId, created_by: null },
      ]);
    }
    const detail = await invoiceDetail(client, late);
    expect(detail.events[0]).toMatchObject({
      description: `Invoice #${late.slice(0, 8).toUpperCase()} is overdue`,
      createdByName: null,
      metadata: { invoice_id: late, from: 'sent', to: 'overdue', due_date: addDays(today, -1) },
    });
    expect((await invoiceRow(env(), dueToday))?.status).toBe('sent');
    expect((await invoiceRow(env(), neverSent))?.status).toBe('pending');
    expect((await invoiceRow(env(), paid))?.status).toBe('paid');
    expect(await invoiceEvents(env(), dueToday)).toEqual([]);
  });

  it('reads each organization’s today in its own zone', async () => {
    // 12:00 UTC on 10 March 2026: already the 11th at UTC+14, still the 10th at UTC-11 and in New York.
    const now = new Date('2026-03-10T12:00:00Z');
    const ahead = await organization(env(), 'Ahead Boosters', 'Pacific/Kiritimati');
    const behind = await organization(env(), 'Behind Boosters', 'Pacific/Pago_Pago');
    const newYork = await organization(env(), 'Default Boosters', null);
    const due = (o: { orgId: string; companyId: string }, dueDate: string) =>
      seedInvoice(env(), o.orgId, { companyId: o.companyId, status: 'sent', dueDate });
    const aheadTenth = await due(ahead, '2026-03-10');
    const behindTenth = await due(behind, '2026-03-10');
    const behindNinth = await due(behind, '2026-03-09');
    const newYorkTenth = await due(newYork, '2026-03-10');
    const newYorkNinth = await due(newYork, '2026-03-09');

    await markOverdueInvoices(env().deps, now);
    expect((await invoiceRow(env(), aheadTenth))?.status).toBe('overdue');
    expect((await invoiceRow(env(), behindTenth))?.status).toBe('sent');
    expect((await invoiceRow(env(), behindNinth))?.status).toBe('overdue');
    expect((await invoiceRow(env(), newYorkTenth))?.status).toBe('sent');
    expect((await invoiceRow(env(), newYorkNinth))?.status).toBe('overdue');
    expect(await markOverdueInvoices(env().deps, now)).toBe(0);
  });
});
