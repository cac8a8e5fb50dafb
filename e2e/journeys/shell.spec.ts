import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

test('at 700 px wide the sidebar is a slide-in drawer', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const companies = page.getByRole('link', { name: 'Companies' });
  await expect(companies).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer.getByRole('heading', { name: 'Sales' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Companies' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/companies/);
});

test('between 768 and 1050 px the sidebar is an icon rail; wider it has headings', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 900 });
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Companies' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sales' })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('heading', { name: 'Sales' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Finance' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Setup' })).toBeVisible();
});

test('legacy paths redirect to their new homes', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/sponsors/123');
  await expect(page).toHaveURL(/\/dashboard\/companies$/);
  await page.goto('/prospects/new');
  await expect(page).toHaveURL(/\/dashboard\/companies\/new$/);
  await page.goto('/dashboard/settings/pricelists');
  await expect(page).toHaveURL(/\/dashboard\/price-lists$/);
});

test('the admin console is for platform admins only', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Console' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/metrics');
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
  await expect(page.getByText('You must be an admin to access this area').first()).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});
