import { expect, test } from '@playwright/test';
import { DEMO, onboardNewOrganization, signIn } from './helpers';

const KPIS = ['Total Companies', 'Sponsoring Companies', 'Outstanding Invoices', 'Paid Year-to-Date'];

test('the demo owner sees the KPI figures, the revenue trends and the quick actions', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: '+ New Quote' })).toBeVisible();
  const kpis = page.getByRole('region', { name: 'Key figures' });
  for (const label of KPIS) await expect(kpis.getByRole('heading', { name: label })).toBeVisible();
  await expect(kpis.getByRole('group', { name: 'Total Companies' }).getByText(/^[1-9][\d,]*$/)).toBeVisible();
  await expect(kpis.getByRole('group', { name: 'Sponsoring Companies' }).getByText(/^\d[\d,]*$/)).toBeVisible();
  await expect(kpis.getByRole('group', { name: 'Outstanding Invoices' }).getByText(/^\d[\d,]*$/)).toBeVisible();
  await expect(kpis.getByRole('group', { name: 'Paid Year-to-Date' }).getByText(/^\$[\d,]+\.\d\d$/)).toBeVisible();
  await expect(page.getByText('Upgrade to Premium')).toHaveCount(0);

  const period = page.getByRole('group', { name: 'Revenue period' });
  await expect(period.getByRole('button', { name: '12M' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel(/Monthly revenue for the last 12 months/)).toBeVisible();
  await period.getByRole('button', { name: '6M' }).click();
  await expect(period.getByRole('button', { name: '6M' })).toHaveAttribute('aria-pressed', 'true');
  await expect(period.getByRole('button', { name: '12M' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByLabel(/Monthly revenue for the last 6 months/)).toBeVisible();
  await period.getByRole('button', { name: '24M' }).click();
  await expect(page.getByLabel(/Monthly revenue for the last 24 months/)).toBeVisible();
  for (const tile of ['Total Revenue', 'Sponsorships', 'Donations', 'Growth %']) {
    await expect(page.getByText(tile, { exact: true }).first()).toBeVisible();
  }

  const steps = page.getByRole('region', { name: 'Quick Steps' });
  await expect(steps.getByRole('link', { name: /Launch Campaign/ })).toHaveAttribute('href', '/dashboard/fundraising');
  // View Invoices opens what is owed (the list's outstanding filter), with its count as a badge.
  const viewInvoices = steps.getByRole('link', { name: /View Invoices/ });
  await expect(viewInvoices).toHaveAttribute('href', '/dashboard/invoices?status=outstanding');
  await expect(viewInvoices.getByLabel(/^[1-9]\d* outstanding$/)).toBeVisible();
  await expect(steps.getByRole('link', { name: /Add Product/ })).toHaveAttribute('href', '/dashboard/products');

  await expect(page.getByRole('link', { name: 'Add New Product' })).toHaveAttribute('href', '/dashboard/products');
  await expect(page.getByRole('link', { name: 'Create Quote' })).toHaveAttribute('href', '/dashboard/quotes/new');
  await page.getByRole('link', { name: 'Add Company' }).click();
  await expect(page).toHaveURL(/\/dashboard\/companies\/new$/);
});

test('a free organization sees the upgrade banner and the locked finance KPI', async ({ page }) => {
  await onboardNewOrganization(page, 'Free Plan Falcons');
  await expect(page.getByRole('heading', { name: 'Upgrade to Premium' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Sponsors used' })).toBeVisible();
  await expect(page.getByText('0 of 10')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Team members used' })).toBeVisible();
  const kpis = page.getByRole('region', { name: 'Key figures' });
  await expect(kpis.getByRole('heading', { name: 'Total Companies' })).toBeVisible();
  await expect(kpis.getByRole('heading', { name: 'Paid Year-to-Date' })).toHaveCount(0);
  await kpis.getByRole('button', { name: /Upgrade for Finance KPIs/ }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Plan' });
  await expect(upgrade.getByText('Billing system upgrade in progress')).toBeVisible();
});

test('when the metrics cannot be loaded the dashboard says so and shows zeros', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.route('**/api/dashboard/metrics**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":{"code":"internal","message":"x"}}',
    }),
  );
  await page.reload();
  await expect(page.getByText('Some dashboard metrics could not be loaded. Data may be incomplete.')).toBeVisible();
  await expect(page.getByText('Could not load dashboard metrics')).toBeVisible();
  await expect(page.getByText('Some metrics may be unavailable; zeros are shown')).toBeVisible();
  await expect(page.getByText('$0.00').first()).toBeVisible();
});
