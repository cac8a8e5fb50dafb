import { expect, test } from '@playwright/test';
import { makePremium, onboardNewOrganization } from './helpers';

// Upgrading on the payment simulator, in its own organization: the checkout page, the return page,
// the plan badge and menu changing without a reload, the receipt and its PDF, and the portal.
test('a club upgrades to Premium on the simulator, gets its receipt, and cancels in the portal', async ({ page }) => {
  test.setTimeout(90_000);
  await onboardNewOrganization(page, `Billing Bobcats ${Date.now().toString(36)}`);
  await expect(page.getByText('Free Plan', { exact: true })).toBeVisible();

  await test.step('start the monthly checkout from the Billing tab', async () => {
    await page.goto('/dashboard/settings?tab=billing');
    await page
      .getByRole('article', { name: 'Premium' })
      .getByRole('button', { name: /Upgrade Monthly/ })
      .click();
    await expect(page).toHaveURL(/\/dev\/payments\/checkout\//);
    await expect(page.getByText('Simulated payment — no card is charged')).toBeVisible();
  });

  await test.step('a declined card, then a paid one', async () => {
    await page.getByRole('button', { name: 'Decline card' }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await page.getByRole('button', { name: 'Pay $9.99' }).click();
    await expect(page).toHaveURL(/\/stripe-callback\?checkout=success&session_id=/);
    await expect(page.getByText('Your Premium subscription is active. Redirecting to dashboard...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Premium', { exact: true })).toBeVisible();
  });

  await test.step('the Billing tab renews, and the receipt is there with its PDF', async () => {
    await page.goto('/dashboard/settings?tab=billing');
    await expect(page.getByText(/Your Premium plan renews on /)).toBeVisible();
    await page.goto('/dashboard/receipts');
    await expect(page.getByRole('heading', { name: 'Receipts', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: '$9.99' });
    await expect(row).toBeVisible();
    const link = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/receipts\/[^/]+\/pdf$/.test(r.url()),
    );
    await row.getByRole('button', { name: 'Download PDF' }).click();
    const { url } = (await (await link).json()) as { url: string };
    const res = await page.request.get(url);
    expect(res.headers()['content-type']).toContain('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  await test.step('Manage Subscription opens the portal; cancelling now ends Premium', async () => {
    await page.goto('/dashboard/settings?tab=billing');
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await expect(page).toHaveURL(/\/dev\/payments\/portal\//);
    await page.getByRole('button', { name: 'Cancel now' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\?tab=billing/);
    // The portal's webhook reaches the job, the job the plan, and the realtime event this page:
    // the banner changes without a reload.
    await expect(page.getByText(/Premium active until /)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  });
});

// The payment account on the simulator's onboarding pages: set up in a new tab, left with
// requirements (Setup Incomplete), finished (Active), its dashboard, then Reset & Start Over.
test('a premium club connects its payment account, finishes onboarding and starts over', async ({ page, context }) => {
  test.setTimeout(90_000);
  await onboardNewOrganization(page, `Connect Cardinals ${Date.now().toString(36)}`);
  await makePremium(page);
  await page.goto('/dashboard/settings?tab=payments');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Payment Setup', { exact: true })).toBeVisible();
  await expect(panel.getByText('Not Started', { exact: true })).toBeVisible();

  const onboarding = await test.step('Set Up Payments opens onboarding in a new tab', async () => {
    const opened = context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Set Up Payments' }).click();
    const tab = await opened;
    await expect(tab).toHaveURL(/\/dev\/payments\/onboarding\/acct_sim_/);
    await expect(tab.getByRole('heading', { name: 'Set up payments' })).toBeVisible();
    return tab;
  });

  await test.step('leaving onboarding incomplete shows Setup Incomplete with what is missing', async () => {
    await onboarding.getByRole('button', { name: 'Leave incomplete' }).click();
    await expect(onboarding).toHaveURL(/\/dashboard\/settings\?tab=payments$/);
    const back = onboarding.getByRole('tabpanel');
    await expect(back.getByText('Setup Incomplete', { exact: true })).toBeVisible();
    await expect(back.getByText('Information missing')).toBeVisible();
    await expect(back.getByText(/Bank account for payouts/)).toBeVisible();
    await expect(onboarding.getByText('Payment setup is not finished yet.', { exact: false })).toBeVisible();
    await onboarding.close();
    // The first tab heard of it too (the realtime event), without a reload.
    await expect(panel.getByText('Setup Incomplete', { exact: true })).toBeVisible({ timeout: 15_000 });
  });

  await test.step('Continue Setup, then finishing onboarding makes it Active', async () => {
    const opened = context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Continue Setup' }).click();
    const tab = await opened;
    await tab.getByRole('button', { name: 'Complete onboarding' }).click();
    await expect(tab.getByRole('tabpanel').getByText('Active', { exact: true })).toBeVisible();
    await expect(tab.getByText('Your payment account is ready to accept card payments.').first()).toBeVisible();
    await tab.close();
    await expect(panel.getByText('Active', { exact: true })).toBeVisible({ timeout: 15_000 });
  });

  await test.step('the dashboard link opens the account; Reset & Start Over asks first', async () => {
    const opened = context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Open Payment Dashboard' }).click();
    const dashboard = await opened;
    await expect(dashboard).toHaveURL(/\/dev\/payments\/dashboard\/acct_sim_/);
    await dashboard.close();
  });
});

test('Reset & Start Over disconnects a half-finished payment account after a confirmation', async ({ page }) => {
  test.setTimeout(60_000);
  await onboardNewOrganization(page, `Reset Ravens ${Date.now().toString(36)}`);
  await makePremium(page);
  // Onboarding left with requirements, reached as the provider would send the browser back.
  const link = await page.evaluate(async () => {
    const res = await fetch('/api/payments/account/onboarding', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    return ((await res.json()) as { url: string }).url;
  });
  await page.goto(link);
  await page.getByRole('button', { name: 'Leave with requirements' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(panel.getByText('Verification in progress')).toBeVisible();
  await panel.getByRole('button', { name: 'Reset & Start Over' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the payment account?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByText('Disabled', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Reset & Start Over' }).click();
  await dialog.getByRole('button', { name: 'Reset & Start Over' }).click();
  await expect(page.getByText('The payment account was reset. You can set up a new one.')).toBeVisible();
  await expect(panel.getByText('Not Started', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Set Up Payments' })).toBeVisible();
});
