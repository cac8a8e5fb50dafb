import { expect, type Page, test } from '@playwright/test';
import { makePremium, onboardNewOrganization } from './helpers';

const COMPANY = 'Lakeside Lumber Co.';
const CONTACT = { name: 'Priya Shah', email: 'priya@lakeside-lumber.example' };

interface TMailboxMessage {
  to: string[];
  subject: string;
  attachments: { name: string; file: string; size: number }[];
}

/** A write through the API in the page's own session, as its forms would send it. */
async function post<T>(page: Page, path: string, body: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { path, body },
  );
  expect(reply.status, `POST ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body as T;
}

/** A company with a contact and an active agreement for one $1,250.00 banner (made through the API). */
async function companyWithAgreement(page: Page): Promise<{ companyId: string; agreementId: string }> {
  const { adTypes } = await page.evaluate(
    async () => (await fetch('/api/ad-types')).json() as Promise<{ adTypes: { id: string }[] }>,
  );
  const banner = await post<{ id: string }>(page, '/products', {
    name: 'Left Field Banner',
    masterTypeId: adTypes[0]?.id,
    recurringPriceCents: 125_000,
  });
  const company = await post<{ id: string }>(page, '/companies', { name: COMPANY, status: 'negotiating' });
  await post(page, `/companies/${company.id}/contacts`, CONTACT);
  const today = new Date().toISOString().slice(0, 10);
  const agreement = await post<{ id: string }>(page, '/agreements', {
    companyId: company.id,
    termMonths: 12,
    startDate: today,
    lines: [{ productId: banner.id, qty: 1, unitPriceCents: 125_000 }],
  });
  return { companyId: company.id, agreementId: agreement.id };
}

// Billing a sponsor by hand: an invoice made from an agreement, e-mailed with its PDF, marked paid,
// and the dashboard's Paid Year-to-Date following in another tab without a reload.
test('a treasurer invoices an agreement, e-mails it with its PDF and marks it paid; the dashboard follows', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await onboardNewOrganization(page, `Invoice Ibis ${Date.now().toString(36)}`);
  await makePremium(page);
  const { agreementId } = await companyWithAgreement(page);

  const dashboard = await context.newPage();
  await dashboard.goto('/dashboard');
  const paid = dashboard.getByRole('group', { name: 'Paid Year-to-Date' });
  await expect(paid).toContainText('$0.00');

  await test.step('Create Invoice from the agreement: the form is prefilled', async () => {
    await page.goto(`/dashboard/agreements/${agreementId}`);
    await page
      .getByRole('link', { name: 'Create Invoice' })
      .or(page.getByRole('button', { name: 'Create Invoice' }))
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'New Invoice' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Manual (check, cash, bank transfer)' })).toBeChecked();
    await expect(page.getByRole('list', { name: 'Line items' }).getByRole('textbox').first()).toHaveValue(
      'Left Field Banner',
    );
    await expect(page.getByRole('status', { name: 'Total' }).or(page.getByLabel('Total'))).toContainText('$1,250.00');
    await page.getByLabel('Memo').fill('Thank you for backing the Ibis this season.');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByText('Invoice created successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Invoice #[0-9A-F]{8}$/ })).toBeVisible();
    await expect(page.getByText('Ready to Send').first()).toBeVisible();
  });

  const invoiceHeading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const shortId = invoiceHeading.replace('Invoice #', '');

  await test.step('Send Email: the sponsor gets the invoice with its PDF, and it becomes Sent', async () => {
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Invoice Email' });
    await expect(dialog.getByLabel('Recipient Email')).toHaveValue(CONTACT.email);
    await expect(dialog.getByRole('switch', { name: 'Attach PDF' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByText(`Invoice successfully sent to ${CONTACT.email}`)).toBeVisible();
    await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();

    await expect
      .poll(async () => {
        const res = await page.request.get('/dev/mailbox/messages.json');
        const { messages } = (await res.json()) as { messages: TMailboxMessage[] };
        return messages.find((m) => m.to.includes(CONTACT.email) && m.subject.includes(shortId))?.attachments ?? [];
      })
      .toEqual([expect.objectContaining({ name: `Invoice-${shortId}.pdf` })]);
    const res = await page.request.get('/dev/mailbox/messages.json');
    const { messages } = (await res.json()) as { messages: TMailboxMessage[] };
    const file = messages.find((m) => m.subject.includes(shortId))?.attachments[0]?.file;
    const pdf = await page.request.get(`/dev/mailbox/files/${file}`);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  await test.step('Mark as Paid: final, and the dashboard shows it without a reload', async () => {
    await page.getByRole('button', { name: 'Mark as Paid' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark as Paid' });
    await confirm.getByRole('button', { name: 'Mark as Paid' }).click();
    await expect(page.getByText('Invoice marked as paid')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Void' })).toHaveCount(0);
    await expect(paid).toContainText('$1,250.00', { timeout: 15_000 });
  });

  await test.step('the list: Paid tab, KPI cards, search by short id', async () => {
    await page.goto('/dashboard/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Outstanding' })).toContainText('$0.00');
    await page.getByRole('tab', { name: /Paid/ }).click();
    const table = page.getByRole('table', { name: 'Invoices' });
    await expect(table.getByRole('row').filter({ hasText: COMPANY })).toContainText('$1,250.00');
    await page.getByRole('tab', { name: /All/ }).click();
    const search = page.getByRole('searchbox', { name: 'Search invoices' });
    await search.fill(shortId.toLowerCase());
    await search.press('Enter');
    await expect(table.getByRole('row').filter({ hasText: COMPANY })).toHaveCount(1);
  });
});

// A card invoice on the payment simulator: the payment account is connected, the invoice is created
// as a hosted invoice, the sponsor pays on the hosted page, and the invoice turns paid by itself.
test('a card invoice paid on the hosted page turns paid by itself', async ({ page, context }) => {
  test.setTimeout(120_000);
  await onboardNewOrganization(page, `Card Cranes ${Date.now().toString(36)}`);
  await makePremium(page);
  await companyWithAgreement(page);

  await test.step('connect the payment account (onboarding completed on the simulator)', async () => {
    const { url } = await post<{ url: string }>(page, '/payments/account/onboarding', {});
    await page.goto(url);
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await expect(page.getByRole('tabpanel').getByText('Active', { exact: true })).toBeVisible();
  });

  await test.step('a direct invoice paid online', async () => {
    await page.goto('/dashboard/invoices');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await page.getByRole('dialog', { name: 'Create Invoice' }).getByRole('button', { name: 'Direct Invoice' }).click();
    await expect(page.getByRole('heading', { name: 'New Invoice' })).toBeVisible();
    const company = page.getByRole('combobox', { name: 'Company' });
    await company.click();
    await company.fill('Lakeside');
    await page.getByRole('option', { name: new RegExp(COMPANY) }).click();
    await page.getByRole('radio', { name: 'Online payment (card, ACH)' }).check();
    const lines = page.getByRole('list', { name: 'Line items' });
    await lines.getByLabel('Description').first().fill('Tournament program ad');
    const amount = lines.getByLabel('Amount').first();
    await amount.fill('349.999');
    await amount.blur();
    await expect(amount).toHaveValue('350.00');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByText('Invoice created successfully')).toBeVisible();
  });

  await test.step('the sponsor pays on the hosted page; the invoice page turns Paid without a reload', async () => {
    const link = page.getByRole('link', { name: /Open payment page/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/dev\/payments\/invoice\/in_sim_/);
    const sponsor = await context.newPage();
    await sponsor.goto(href ?? '');
    await sponsor.getByRole('button', { name: /Pay/ }).first().click();
    await expect(sponsor.getByText('Paid', { exact: false }).first()).toBeVisible();
    await sponsor.close();
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0);
  });
});
