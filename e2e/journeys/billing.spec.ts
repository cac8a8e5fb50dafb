import { expect, test } from '@playwright/test';
import { onboardNewOrganization } from './helpers';

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
