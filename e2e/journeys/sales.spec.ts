import { expect, type Page, test } from '@playwright/test';
import { onboardNewOrganization } from './helpers';

const COMPANY = 'Harborview Marine Supply';
const CONTACT = { name: 'Marisol Vega', email: 'marisol@harborview.example' };
const BANNER = 'Dugout Banner';
const BOARD = 'Scoreboard Panel';
const BUNDLE = 'Home Opener Package';

interface TMailboxMessage {
  to: string[];
  subject: string;
  html: string;
  replyTo?: string | null;
  fromName?: string | null;
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
  expect(reply.status, `POST ${path}`).toBeLessThan(300);
  return reply.body as T;
}

async function mailbox(page: Page): Promise<TMailboxMessage[]> {
  const res = await page.request.get('/dev/mailbox/messages.json');
  return ((await res.json()) as { messages: TMailboxMessage[] }).messages;
}

// The whole sales flow, in its own organization: a quote with a product, a bundle and a setup fee,
// written by the AI writer, e-mailed with its PDF, accepted into an agreement that is e-mailed,
// deleted and restored.
test('a quote is written, sent with its PDF, accepted into an agreement that is e-mailed, deleted and restored', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const orgName = `Sales Boosters ${Date.now().toString(36)}`;
  await onboardNewOrganization(page, orgName);

  let companyId = '';
  let agreementPath = '';
  await test.step('the catalogue and the company (made through the API; their own journeys test the forms)', async () => {
    const { adTypes } = await page.evaluate(
      async () => (await fetch('/api/ad-types')).json() as Promise<{ adTypes: { id: string }[] }>,
    );
    const masterTypeId = adTypes[0]?.id;
    const banner = await post<{ id: string }>(page, '/products', {
      name: BANNER,
      masterTypeId,
      recurringPriceCents: 50_000,
      setupFeeCents: 7_500,
    });
    const board = await post<{ id: string }>(page, '/products', {
      name: BOARD,
      masterTypeId,
      recurringPriceCents: 40_000,
    });
    await post(page, '/bundles', {
      name: BUNDLE,
      seasonLabel: new Date().getFullYear().toString(),
      packagePriceCents: 80_000,
      items: [
        { productId: banner.id, qty: 1 },
        { productId: board.id, qty: 1 },
      ],
    });
    const company = await post<{ id: string }>(page, '/companies', { name: COMPANY, status: 'prospect' });
    companyId = company.id;
    await post(page, `/companies/${company.id}/contacts`, CONTACT);
  });

  await test.step('build the quote: a company, a product with its setup fee and a bundle', async () => {
    await page.goto('/dashboard/quotes');
    await expect(page.getByRole('heading', { name: 'Quotes', level: 1 })).toBeVisible();
    await expect(page.getByText('No quotes found')).toBeVisible();
    await page.getByRole('link', { name: 'Create Quote' }).first().click();
    await expect(page.getByRole('heading', { level: 2, name: 'Quote Details' })).toBeVisible();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please select a company')).toBeVisible();

    await page.getByLabel('Company').fill('Harbor');
    await page
      .getByRole('list', { name: 'Matching companies' })
      .getByRole('button', { name: new RegExp(COMPANY) })
      .click();
    await page.getByLabel('Item 1', { exact: true }).selectOption({ label: `${BANNER} — $500 + $75 setup` });
    // The product's setup fee comes as its own line, with the same quantity.
    await expect(page.getByRole('spinbutton', { name: `Setup fee for ${BANNER}` })).toHaveValue('75.00');
    await page.getByRole('button', { name: 'Add Line Item' }).click();
    await page.getByLabel('Item 2', { exact: true }).selectOption({ label: `${BUNDLE} — $800` });
    const totals = page.getByRole('region', { name: 'Quote totals' });
    // Year 1: $500 + $75 + the bundle's $800 + its products' $75 setup fee.
    await expect(totals).toContainText('Year 1 total (includes setup fees)');
    await expect(totals).toContainText('$1,450');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Quote created')).toBeVisible();
  });

  await test.step('the AI writes the e-mail', async () => {
    await expect(page.getByRole('heading', { level: 2, name: 'Email Composition' })).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue(`Sponsorship Proposal from ${orgName}`);
    await page.getByLabel('Message').fill('');
    await page.getByRole('button', { name: 'Generate Message via AI' }).click();
    await expect(page.getByText('Email generated successfully')).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue(/Marisol/);
    await expect(page.getByLabel('Message')).toHaveValue(new RegExp(BANNER));
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('choose the recipient and a copy, review and send', async () => {
    await expect(page.getByRole('heading', { level: 2, name: 'Select Recipients' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(CONTACT.name) })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Send me a copy' }).click();
    await expect(page.getByLabel('Copy email')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Review & Send' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Email preview' })).toContainText('Marisol');
    await page.getByRole('button', { name: 'Send Quote' }).click();
    await expect(page.getByText('Quote sent successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/quotes$/);
  });

  await test.step('the e-mail with its PDF is in the mailbox, and the copy', async () => {
    await expect
      .poll(async () => (await mailbox(page)).filter((m) => m.to.includes(CONTACT.email)).length)
      .toBeGreaterThan(0);
    const messages = await mailbox(page);
    const quote = messages.find((m) => m.to.includes(CONTACT.email));
    expect(quote?.attachments.map((a) => a.name)).toEqual([expect.stringMatching(/\.pdf$/)]);
    const pdf = await page.request.get(`/dev/mailbox/files/${quote?.attachments[0]?.file}`);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // The copy is its own message, delivered by the same queue.
    await expect.poll(async () => (await mailbox(page)).some((m) => m.subject.startsWith('[COPY] '))).toBe(true);
    await page.goto('/dev/mailbox');
    await expect(page.getByText(CONTACT.email).first()).toBeVisible();
  });

  await test.step('the product on the sent quote warns that the quote keeps its price', async () => {
    await page.goto('/dashboard/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: `Edit ${BANNER}`, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(
      drawer.getByText('This product is on active quotes. Changes will not update those quotes automatically.'),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('accept the quote and create the agreement now', async () => {
    await page.goto('/dashboard/quotes');
    const card = page.getByRole('article').filter({ hasText: COMPANY });
    await expect(card).toContainText('Sent');
    await expect(card).toContainText('$1,450');
    await card.getByRole('button', { name: /Actions for Quote #/ }).click();
    await page.getByRole('menuitem', { name: 'Accept Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quote Accepted Successfully!' });
    await dialog.getByRole('button', { name: 'Create Agreement Now' }).click();
    await expect(page.getByText('View Agreements')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/quotes$/);
    await page.getByRole('tab', { name: /Accepted/ }).click();
    await expect(page.getByRole('article').filter({ hasText: COMPANY })).toContainText('Contracted');
    await page
      .getByRole('link', { name: 'View Agreements' })
      .or(page.getByRole('button', { name: 'View Agreements' }))
      .click();
  });

  await test.step('the agreement: details, line items and PDF', async () => {
    await expect(page.getByRole('heading', { name: 'Agreements', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: COMPANY });
    await expect(row).toContainText('Active');
    await row.getByRole('link').first().click();
    await expect(page.getByText(`Agreement with ${COMPANY}`)).toBeVisible();
    agreementPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: /^Agreement #[0-9A-F]{6}$/ })).toBeVisible();
    await expect(page.getByText('12 months')).toBeVisible();
    await page.getByRole('tab', { name: /Line Items/ }).click();
    await expect(page.getByText(BANNER).first()).toBeVisible();
    await expect(page.getByText(BUNDLE).first()).toBeVisible();
    await expect(page.getByText('+ $75.00 setup')).toHaveCount(2);
    // The PDF was made with the agreement: View PDF becomes enabled after its check.
    const viewPdf = page.getByRole('button', { name: 'View PDF' }).first();
    await expect(viewPdf).toBeEnabled();
    const link = await page.evaluate(
      async (path) => (await fetch(path)).json() as Promise<{ url: string }>,
      `/api${new URL(page.url()).pathname.replace('/dashboard', '')}/pdf`,
    );
    const pdf = await page.request.get(link.url);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });

  await test.step('e-mail the agreement', async () => {
    await page.getByRole('tab', { name: 'Agreement Details' }).click();
    await page.getByRole('button', { name: 'Email Agreement' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Recipient Email')).toHaveValue(CONTACT.email);
    await expect(dialog.getByRole('checkbox', { name: 'Attach PDF' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Personalize with AI' }).click();
    await expect(page.getByText('AI has personalized your email content.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByText(`Agreement successfully sent to ${CONTACT.email}`)).toBeVisible();
    await expect
      .poll(async () =>
        (await mailbox(page)).some(
          (m) => m.to.includes(CONTACT.email) && /agreement/i.test(m.subject) && m.attachments.length === 1,
        ),
      )
      .toBe(true);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText(`e-mailed to ${CONTACT.email}`).first()).toBeVisible();
  });

  await test.step("the company page's Create Quote: compose, preview and send in one dialog", async () => {
    await page.goto(`/dashboard/companies/${companyId}`);
    await page.getByRole('button', { name: 'Create Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Quote' });
    await expect(dialog.getByRole('button', { name: 'Send Quote' })).toBeDisabled();
    await dialog.getByLabel('Item 1', { exact: true }).selectOption({ label: `${BOARD} — $400` });
    await dialog.getByLabel('Subject').fill('Next season at the scoreboard, {{company_name}}');
    await dialog.getByLabel('Message').fill('Hi {{contact_name}},\n\nHere is a proposal for next season.');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText(`Next season at the scoreboard, ${COMPANY}`)).toBeVisible();
    await expect(dialog.getByText('Hi Marisol,')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send Quote' }).click();
    await expect(page.getByText('Quote sent successfully').first()).toBeVisible();
    await expect
      .poll(async () => (await mailbox(page)).some((m) => m.subject === `Next season at the scoreboard, ${COMPANY}`))
      .toBe(true);
    await page.goto(`/dashboard/quotes?company=${companyId}`);
    await expect(page.getByRole('article').filter({ hasText: '$400' })).toContainText('Sent');
  });

  await test.step('delete the agreement and restore it from the Deleted tab', async () => {
    await page.goto(agreementPath);
    await page.getByRole('button', { name: 'Delete Agreement' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(
      confirm.getByText(
        'Are you sure you want to delete this agreement? This action can be undone from the Deleted tab.',
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: /Delete/ }).click();
    await expect(page.getByText('Agreement deleted')).toBeVisible();
    await page.goto('/dashboard/agreements');
    await expect(page.getByRole('row').filter({ hasText: COMPANY })).toHaveCount(0);
    await page.getByRole('tab', { name: /Deleted/ }).click();
    const row = page.getByRole('row').filter({ hasText: COMPANY });
    await row.getByRole('button', { name: /Actions for Agreement #/ }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await expect(page.getByText('Agreement restored')).toBeVisible();
    await page.getByRole('tab', { name: /^All/ }).click();
    await expect(page.getByRole('row').filter({ hasText: COMPANY })).toContainText('Active');
  });
});
