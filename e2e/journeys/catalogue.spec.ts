import { expect, type Page, test } from '@playwright/test';
import { inviteFromSettings, mailedLink, makePremium, onboardNewOrganization, uniqueEmail } from './helpers';

const PRODUCT = 'Scoreboard Panel';
const COPY = `${PRODUCT} (Copy)`;
const BUNDLE = 'Game Day Package';
const PRICE_LIST = 'Spring Sponsorship Menu';

// The journey makes its own organization, so it runs beside any other in any order.
test('products, a bundle and a price list with its PDF; a read-only member only looks', async ({
  page,
  browser,
}, testInfo) => {
  // A long journey (two browsers, a PDF): 36 s on a quiet machine, near the default 60 s under CI load.
  test.setTimeout(120_000);
  await onboardNewOrganization(page, `Catalogue Boosters ${Date.now().toString(36)}`);

  await test.step('create a product with a setup fee and a custom ad type', async () => {
    await page.goto('/dashboard/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New Product' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products\/new$/);
    const drawer = page.getByRole('dialog', { name: 'Add New Product' });

    // The form's own rules before anything is sent.
    await drawer.getByRole('button', { name: 'Add Product' }).click();
    await expect(drawer.getByText('Name must be at least 2 characters.')).toBeVisible();
    await expect(drawer.getByText('Must select an ad type.')).toBeVisible();

    await drawer.getByLabel('Product Name').fill(PRODUCT);
    await drawer.getByRole('button', { name: 'Create a custom type' }).click();
    await drawer.getByRole('button', { name: 'Add Type' }).click();
    await expect(drawer.getByText('Label required')).toBeVisible();
    await drawer.getByLabel('Custom Type Label').fill('Scoreboard Sign');
    await expect(drawer.getByText('scoreboard-sign')).toBeVisible();
    await drawer.getByRole('button', { name: 'Add Type' }).click();
    await expect(drawer.getByLabel('Ad Type')).toHaveValue(/[0-9a-f-]{36}/);
    await expect(drawer.getByText('Custom', { exact: true })).toBeVisible();

    await drawer.getByLabel('Recurring Price').fill('500');
    await drawer.getByLabel('Setup Fee').fill('75');
    await drawer.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product created')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/products$/);

    const row = page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: PRODUCT });
    await expect(row).toContainText('$500.00');
    await expect(row).toContainText('$75.00');
    await expect(row).toContainText('Scoreboard Sign');
  });

  await test.step('duplicate it and filter to products with a setup fee', async () => {
    await page.getByRole('button', { name: `Duplicate ${PRODUCT}`, exact: true }).click();
    await expect(page.getByText('Product duplicated')).toBeVisible();
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row').filter({ hasText: COPY })).toContainText('$75.00');

    // The onboarding product has no setup fee: 'With Setup Fee' leaves only the two.
    await expect(table.getByRole('row').filter({ hasText: 'Outfield Banner' }).first()).toBeVisible();
    await page.getByRole('button', { name: /^Show:/ }).click();
    await page.getByRole('menuitemradio', { name: 'With Setup Fee' }).click();
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.getByRole('button', { name: /^Show:/ }).click();
    await page.getByRole('menuitemradio', { name: 'All Products' }).click();
  });

  await test.step('build a bundle: the minimum, the discount and the high-discount warning', async () => {
    await page.getByRole('link', { name: 'Bundles' }).click();
    await expect(page.getByRole('heading', { name: 'Bundles', level: 1 })).toBeVisible();
    await expect(page.getByText('No bundles available. Create some bundles first.')).toBeVisible();
    await page.getByRole('button', { name: 'New Bundle' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add New Bundle' });
    const create = drawer.getByRole('button', { name: 'Create Bundle' });

    await drawer.getByLabel('Bundle Name').fill(BUNDLE);
    await expect(drawer.getByText('Total quantity must be at least 2 to create a bundle (0/2 selected)')).toBeVisible();
    await expect(create).toBeDisabled();
    await drawer.getByLabel('Product 1', { exact: true }).selectOption({ label: `${PRODUCT} — $500.00` });
    await expect(drawer.getByText('Total quantity must be at least 2 to create a bundle (1/2 selected)')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Remove product 1' })).toBeDisabled();
    await drawer.getByRole('button', { name: 'Add Product' }).click();
    await drawer.getByLabel('Product 2', { exact: true }).selectOption({ label: `${COPY} — $500.00` });
    await expect(create).toBeEnabled();

    const totals = drawer.getByRole('region', { name: 'Bundle totals' });
    await expect(totals).toContainText('$1,000.00');
    await expect(totals).toContainText('$150.00');
    await drawer.getByLabel('Package Price').fill('900');
    await expect(totals).toContainText('10% ($100.00 off)');
    await expect(drawer.getByText('High Discount Warning')).toHaveCount(0);
    await drawer.getByLabel('Package Price').fill('650');
    await expect(totals).toContainText('35% ($350.00 off)');
    await expect(drawer.getByText('High Discount Warning')).toBeVisible();

    await create.click();
    await expect(page.getByText('Bundle created')).toBeVisible();
    const row = page.getByRole('table', { name: 'Bundles' }).getByRole('row').filter({ hasText: BUNDLE });
    await expect(row).toContainText(`${PRODUCT} × 1, ${COPY} × 1`);
    await expect(row).toContainText('$650.00');
  });

  await test.step('make a price list from the product and the bundle', async () => {
    await page.getByRole('link', { name: 'Price Lists' }).click();
    await expect(page.getByRole('heading', { name: 'Price Lists', level: 1 })).toBeVisible();
    await expect(page.getByText('No price lists yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create Price List' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Create Price List' });
    await drawer.getByLabel('Name', { exact: true }).fill(PRICE_LIST);
    await drawer.getByRole('button', { name: 'Create Price List' }).click();
    await expect(drawer.getByText('Select at least one item')).toBeVisible();

    await drawer.getByRole('checkbox', { name: `Include ${PRODUCT}`, exact: true }).click();
    await expect(drawer.getByLabel(`Display price for ${PRODUCT}`, { exact: true })).toHaveValue('500.00');
    await drawer.getByLabel(`Display price for ${PRODUCT}`, { exact: true }).fill('450');
    await drawer.getByRole('checkbox', { name: `Include ${BUNDLE}` }).click();
    await expect(drawer.getByLabel(`Display price for ${BUNDLE}`)).toHaveValue('650.00');
    await drawer.getByRole('button', { name: 'Create Price List' }).click();
    await expect(page.getByText('Price list created')).toBeVisible();
    const row = page.getByRole('table', { name: 'Price Lists' }).getByRole('row').filter({ hasText: PRICE_LIST });
    await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  });

  await test.step('a read-only member sees the catalogue and changes nothing', async () => {
    await makePremium(page);
    const readerEmail = uniqueEmail('reader');
    await inviteFromSettings(page, readerEmail, 'Read-Only');
    const link = await mailedLink(page, readerEmail, '/auth/accept-invite?invite_id=');
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const reader = await context.newPage();
    await reader.goto(link);
    await reader.getByLabel('Full Name').fill('Reed Only');
    await reader.getByLabel('Password', { exact: true }).fill('reader-pass');
    await reader.getByRole('button', { name: 'Create Account & Join' }).click();
    await expect(reader.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await checkReadOnlyCatalogue(reader);
    await context.close();
  });

  await test.step('download its PDF price sheet', async () => {
    await page.goto('/dashboard/price-lists');
    const sheet = page.waitForResponse((r) => r.request().method() === 'POST' && /\/sheet$/.test(r.url()));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${PRICE_LIST}` }).click();
    expect((await sheet).status()).toBe(200);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const res = await page.request.get(file.url());
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

async function checkReadOnlyCatalogue(page: Page) {
  await page.goto('/dashboard/products');
  const products = page.getByRole('table', { name: 'Products' });
  await expect(products.getByRole('row').filter({ hasText: COPY })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Product' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^(Duplicate|Edit|Delete) / })).toHaveCount(0);

  // The new-product address opens the drawer, closed to change: the price fields are disabled.
  await page.goto('/dashboard/products/new');
  const drawer = page.getByRole('dialog', { name: 'Add New Product' });
  await expect(drawer.getByText('You do not have permission to add products')).toBeVisible();
  await expect(drawer.getByLabel('Recurring Price')).toBeDisabled();
  await expect(drawer.getByLabel('Setup Fee')).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Add Product' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/products$/);

  await page.goto('/dashboard/bundles');
  await expect(page.getByRole('table', { name: 'Bundles' }).getByText(BUNDLE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Bundle' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  await page.goto('/dashboard/price-lists');
  await expect(page.getByRole('button', { name: `Download ${PRICE_LIST}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Price List' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
}
