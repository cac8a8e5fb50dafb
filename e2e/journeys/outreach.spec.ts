import { expect, type Page, test } from '@playwright/test';
import { onboardNewOrganization } from './helpers';

interface TMailboxMessage {
  to: string[];
  cc?: string[];
  subject: string;
  html: string;
  attachments: { name: string; contentType: string }[];
}

const PRICE_LIST = 'Spring Sponsorship Menu';

/** Fifty more prospects, after the seven by contact name: the table's first page is fifty. */
const FILLERS = Array.from({ length: 50 }, (_, i) => {
  const n = String(i).padStart(2, '0');
  return { company: `Filler Supply ${n}`, contact: `Zed Filler ${n}`, email: `zed.filler.${n}@filler.example` };
});

const PROSPECTS = [
  { company: 'Hometown Hardware', contact: 'Alice Park', email: 'alice@hometown-hardware.example' },
  { company: 'Riverside Dental', contact: 'Ben Ortiz', email: 'ben@riverside-dental.example' },
  { company: 'Corner Bakery', contact: 'Cara Lee', email: 'cara@corner-bakery.example' },
  { company: 'Summit Insurance', contact: 'Dev Patel', email: 'dev@summit-insurance.example' },
  { company: 'Lakeside Auto', contact: 'Eve Novak', email: 'eve@lakeside-auto.example' },
  { company: 'Maple Pharmacy', contact: 'Finn Walsh', email: 'finn@maple-pharmacy.example' },
  { company: 'Oak Street Pizza', contact: 'Gia Russo', email: 'gia@oak-street-pizza.example' },
];

/** A call through the API in the page's own session, as its forms would send it. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { method, path, body },
  );
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body as T;
}

async function mailbox(page: Page): Promise<TMailboxMessage[]> {
  const res = await page.request.get('/dev/mailbox/messages.json');
  return ((await res.json()) as { messages: TMailboxMessage[] }).messages;
}

// Seven prospects get a personalised sponsorship offer: picked on the dashboard card from 57 (paged
// by fifty, one found by a search, the rest from the list), a price list chosen, the AI's previews generated and one rewritten in the rich-text editor, sent in the
// background with the price sheet attached and the sender copied, the progress told in toasts.
test('a sponsorship lead e-mails seven prospects a personalised offer with the price sheet attached', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await onboardNewOrganization(page, `Blast Bears ${Date.now().toString(36)}`);

  await test.step('a price list and 57 prospects (and a sponsor, who is not a prospect)', async () => {
    const { products } = await api<{ products: { id: string; recurringPriceCents: number | null }[] }>(
      page,
      'GET',
      '/products',
    );
    const product = products[0];
    if (!product) throw new Error('onboarding made no product');
    await api(page, 'POST', '/price-lists', {
      name: PRICE_LIST,
      seasonLabel: '2026',
      items: [{ kind: 'product', id: product.id, displayPriceCents: 75_000 }],
    });
    for (const p of [...PROSPECTS, ...FILLERS]) {
      await api(page, 'POST', '/companies', {
        name: p.company,
        status: 'prospect',
        primaryContact: { name: p.contact, email: p.email },
      });
    }
    await api(page, 'POST', '/companies', {
      name: 'Already Sponsoring Co',
      status: 'sponsor',
      primaryContact: { name: 'Zed Sponsor', email: 'zed@sponsor.example' },
    });
  });

  const dialog = page.getByRole('dialog', { name: 'Prospect Email Blast' });

  await test.step('Recipients: a page of fifty, Load More, select all and clear it', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Start Email Blast' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Showing 50 of 57 prospects')).toBeVisible();
    for (const p of PROSPECTS) await expect(dialog.getByRole('cell', { name: p.company, exact: true })).toBeVisible();
    await expect(dialog.getByText('Already Sponsoring Co')).toHaveCount(0);
    await expect(dialog.getByRole('cell', { name: 'Filler Supply 49' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Next (0 selected)' })).toBeDisabled();

    await dialog.getByRole('button', { name: 'Load More Prospects' }).click();
    await expect(dialog.getByRole('cell', { name: 'Filler Supply 49' })).toBeVisible();
    await expect(dialog.getByText('Showing 57 of 57 prospects')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Load More Prospects' })).toHaveCount(0);
    const all = dialog.getByRole('checkbox', { name: 'Select all' });
    await all.check();
    await expect(dialog.getByRole('button', { name: 'Next (57 selected)' })).toBeEnabled();
    await all.uncheck();
    await expect(dialog.getByRole('button', { name: 'Next (0 selected)' })).toBeDisabled();
  });

  await test.step('Recipients: one found by a search, six more picked from the list, the selection kept', async () => {
    const search = dialog.getByRole('searchbox', { name: 'Search contact, company or email' });
    await search.fill('riverside');
    await expect(dialog.getByText('Showing 1 of 1 prospect')).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'Hometown Hardware' })).toHaveCount(0);
    await dialog.getByRole('checkbox', { name: 'Select Ben Ortiz' }).check();
    await expect(dialog.getByRole('button', { name: 'Next (1 selected)' })).toBeEnabled();

    // Back to the whole list, as far as it was loaded.
    await search.fill('');
    await expect(dialog.getByText('Showing 57 of 57 prospects')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Select Ben Ortiz' })).toBeChecked();
    for (const p of PROSPECTS.filter((x) => x.contact !== 'Ben Ortiz'))
      await dialog.getByRole('checkbox', { name: `Select ${p.contact}` }).check();
    await expect(dialog.getByText('7 selected', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Next (7 selected)' }).click();
  });

  await test.step('Price List: chosen from the dropdown', async () => {
    const next = dialog.getByRole('button', { name: 'Next', exact: true });
    await expect(next).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Price List' }).click();
    await page.getByRole('option', { name: new RegExp(PRICE_LIST) }).click();
    await next.click();
  });

  await test.step('Preview & Personalize: seven previews, one rewritten', async () => {
    await expect(dialog.getByLabel('Subject Seed')).toHaveValue(`${PRICE_LIST} - Sponsorship Opportunities`);
    await dialog.getByRole('button', { name: 'Generate Previews' }).click();
    for (const p of PROSPECTS) await expect(dialog.getByRole('button', { name: new RegExp(p.company) })).toBeVisible();

    await dialog.getByRole('button', { name: new RegExp(PROSPECTS[0]?.company ?? '') }).click();
    const editor = dialog.getByRole('textbox', { name: `Email body for ${PROSPECTS[0]?.contact}` });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Alice, we saved the outfield banner by the home dugout for Hometown Hardware.');
    await page.keyboard.press('ControlOrMeta+a');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await expect(editor.locator('strong')).toHaveText(/saved the outfield banner/);
    await dialog.getByRole('button', { name: 'Next (7 selected)' }).click();
  });

  await test.step('Schedule & Confirm: copy me, attach the price sheet, send', async () => {
    await expect(dialog.getByText(PRICE_LIST)).toBeVisible();
    await dialog.getByRole('radio', { name: 'Me' }).check();
    await expect(dialog.getByRole('checkbox', { name: 'Attach PDF price sheet' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Email blast is processing in the background')).toBeVisible();
  });

  await test.step('the progress toasts, then the completion', async () => {
    await expect(page.getByText('Email blast progress: 5/7 emails sent')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Email blast completed! All 7 emails sent successfully')).toBeVisible({
      timeout: 40_000,
    });
  });

  await test.step('seven e-mails in the mailbox, each with the price sheet and the copy', async () => {
    const sent = (await mailbox(page)).filter((m) => PROSPECTS.some((p) => m.to.includes(p.email)));
    expect(sent).toHaveLength(7);
    for (const m of sent) {
      expect(m.cc).toContain(owner.email);
      expect(m.attachments.map((a) => a.name)).toEqual([expect.stringMatching(/price-sheet\.pdf$/)]);
      expect(m.html).toContain('Unsubscribe');
    }
    const edited = sent.find((m) => m.to.includes(PROSPECTS[0]?.email ?? ''));
    expect(edited?.html).toMatch(/<strong>[^<]*saved the outfield banner by the home dugout/);
    const other = sent.find((m) => m.to.includes(PROSPECTS[1]?.email ?? ''));
    expect(other?.html).not.toContain('home dugout');
    expect(other?.html).toContain('Riverside Dental');
  });
});
