import { expect, test } from '@playwright/test';
import { DEMO, onboardNewOrganization, signIn } from './helpers';

const TEAMMATE = { email: 'sam@pennant.app', password: 'pennant-demo' };
const OWNER_ONLY = 'Only the Owner may edit these settings. If you need changes, please contact your Owner.';

test('a member who is not the owner sees the settings read-only', async ({ page }) => {
  await signIn(page, TEAMMATE.email, TEAMMATE.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('tab', { name: 'Organization' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(OWNER_ONLY)).toBeVisible();
  await expect(page.getByLabel('Organization Name')).toBeDisabled();
  await expect(page.getByLabel('EIN')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/tab=users/);
  await expect(page.getByRole('button', { name: 'Invite User' })).toBeDisabled();
  const invites = page.getByRole('table', { name: 'Pending Invites' });
  await expect(invites.getByRole('row').nth(1)).toBeVisible();
  for (const button of await invites.getByRole('button').all()) await expect(button).toBeDisabled();
});

test('the owner saves the organization settings', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/dashboard/settings?tab=organization');
  await expect(page.getByText(OWNER_ONLY)).toHaveCount(0);

  const ein = page.getByLabel('EIN');
  await ein.fill('12a3');
  await expect(ein).toHaveValue('12-3');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('EIN must be in format ##-#######')).toBeVisible();
  await ein.fill('123456789999');
  await expect(ein).toHaveValue('12-3456789');

  await page.getByLabel('Treasurer Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await page.getByLabel('Treasurer Email').fill('treasurer@riverside.example');
  await page.getByLabel('Remit To Address').fill('Riverside Eagles Booster Club\nPO Box 12\nRiverside, CA 92501');
  await page.getByLabel('Default Payment Method').selectOption('manual');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Organization settings updated')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('EIN')).toHaveValue('12-3456789');
  await expect(page.getByLabel('Treasurer Email')).toHaveValue('treasurer@riverside.example');
});

test.describe('timezone', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('switching the timezone changes the times shown', async ({ page }) => {
    await onboardNewOrganization(page, 'Clockwork Boosters');
    await page.goto('/dashboard/settings?tab=timezone');
    const toggle = page.getByRole('switch', { name: 'Detect my timezone automatically' });
    await expect(toggle).toBeChecked();
    // Auto-detect saves the browser's zone over the default (America/New_York).
    await expect(page.getByText('Shown in Pacific (UTC-0')).toBeVisible();
    const clock = page.getByText(/^Current time:/);
    const before = await clock.textContent();

    await toggle.click();
    const select = page.getByRole('combobox', { name: 'Timezone' });
    await expect(select).toBeEnabled();
    await expect(select.locator('option')).toHaveCount(12);
    await expect(select.locator('option', { hasText: 'Japan (UTC+09:00)' })).toHaveCount(1);
    await select.selectOption('Asia/Tokyo');
    await expect(page.getByRole('button', { name: 'Use This Timezone' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Timezone saved')).toBeVisible();
    await expect(page.getByText('Shown in Japan (UTC+09:00)')).toBeVisible();
    await expect(clock).not.toHaveText(before ?? '');
    await expect(page.getByText('Timezone saved')).toBeHidden({ timeout: 6000 });

    // The choice sticks: auto-detect is off, so the browser's zone does not take over again.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Asia/Tokyo');
    await expect(page.getByText('Shown in Japan (UTC+09:00)')).toBeVisible();

    await page.getByRole('button', { name: 'Use This Timezone' }).click();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('America/Los_Angeles');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Asia/Tokyo');
  });
});

test('the account tab checks the password form', async ({ page }) => {
  const { email } = await onboardNewOrganization(page, 'Account Boosters');
  await page.goto('/dashboard/settings?tab=account');
  await expect(page.getByLabel('New Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Both fields required.').first()).toBeVisible();
  await page.getByLabel('Current Password', { exact: true }).fill('wrong-password');
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Failed to update password')).toBeVisible();
  await page.getByLabel('Current Password', { exact: true }).fill('pennant-pass');
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
});
