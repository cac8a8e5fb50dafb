import { expect, test } from '@playwright/test';
import { inviteFromSettings, mailedLink, makePremium, onboardNewOrganization, uniqueEmail } from './helpers';

const OWNER_ONLY = 'Only the Owner may edit these settings. If you need changes, please contact your Owner.';

test('a read-only member sees the settings read-only and no pending invitations', async ({
  page,
  browser,
}, testInfo) => {
  await onboardNewOrganization(page, 'Read Only Boosters');
  await makePremium(page);
  const readerEmail = uniqueEmail('reader');
  await inviteFromSettings(page, readerEmail, 'Read-Only');
  await inviteFromSettings(page, uniqueEmail('future.admin'), 'Org Admin');
  const link = await mailedLink(page, readerEmail, '/auth/accept-invite?invite_id=');

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const reader = await context.newPage();
  await reader.goto(link);
  await reader.getByLabel('Full Name').fill('Reed Only');
  await reader.getByLabel('Password', { exact: true }).fill('reader-pass');
  await reader.getByRole('button', { name: 'Create Account & Join' }).click();
  await expect(reader.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await checkReadOnlySettings(reader);
  await context.close();
});

async function checkReadOnlySettings(page: import('@playwright/test').Page) {
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('tab', { name: 'Organization' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(OWNER_ONLY)).toBeVisible();
  await expect(page.getByLabel('Organization Name')).toBeDisabled();
  await expect(page.getByLabel('EIN')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/tab=users/);
  await expect(page.getByRole('button', { name: 'Invite User' })).toBeDisabled();
  // Who is about to join, with which roles, is for those who manage the team.
  const invites = page.getByRole('table', { name: 'Pending Invites' });
  await expect(invites.getByText('You must be an Org Admin or Owner to manage team invitations.')).toBeVisible();
  await expect(invites.getByText(/future\.admin/)).toHaveCount(0);
}

test('the owner saves the organization settings', async ({ page }) => {
  await onboardNewOrganization(page, 'Riverside Settings Club');
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

test('changing the e-mail waits for the new address to confirm it', async ({ page, browser }, testInfo) => {
  const { email, password } = await onboardNewOrganization(page, 'Moving Boosters');
  await page.goto('/dashboard/settings?tab=account');
  const newEmail = uniqueEmail('moved');
  await page.getByLabel('New Email').fill(newEmail);
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByText('Check your email!')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: `until then you keep signing in with ${email}` }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByText(`You sign in with ${email}.`)).toBeVisible();

  // The link from the new inbox, opened in another browser, makes the change.
  const link = await mailedLink(page, newEmail, '/auth/confirm-email?token=');
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const inbox = await context.newPage();
  await inbox.goto(link);
  await expect(inbox.getByRole('heading', { name: 'Email updated' })).toBeVisible();
  await expect(inbox.getByText(`You now sign in with ${newEmail}.`)).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByText(`You sign in with ${newEmail}.`)).toBeVisible();
  // The new address signs in with the same password.
  const check = await page.request.post('/api/auth/sign-in', {
    data: { email: newEmail, password },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(check.status()).toBe(200);
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
