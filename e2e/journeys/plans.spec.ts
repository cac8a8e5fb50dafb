import { PLAN_FEATURES } from '@pennant/shared/organization/plans';
import { expect, type Page, test } from '@playwright/test';
import { makePremium, onboardNewOrganization } from './helpers';

const LIMIT_WORDING = /reached a limit/i;

/** Sets the signed-in owner's plan and subscription status through the local-mode plan switch. */
async function setPlan(page: Page, planKey: 'free' | 'premium_month' | 'premium_year', status: string) {
  const code = await page.evaluate(
    async (body) => {
      const res = await fetch('/dev/api/plan', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { planKey, status },
  );
  expect(code).toBe(200);
}

async function openSettingsTab(page: Page, tab: string) {
  await page.goto(`/dashboard/settings?tab=${tab}`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test('a free organization sees the plan matrix on Billing and upgrades without being told of a limit', async ({
  page,
}) => {
  await onboardNewOrganization(page, 'Pricing Pelicans');
  await openSettingsTab(page, 'billing');
  await expect(page.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are on the Free plan' })).toBeVisible();

  const free = page.getByRole('list', { name: 'Free plan features' });
  const premium = page.getByRole('list', { name: 'Premium plan features' });
  await expect(free.getByRole('listitem')).toHaveText([...PLAN_FEATURES.free]);
  await expect(premium.getByRole('listitem')).toHaveText([...PLAN_FEATURES.premium]);
  await expect(page.getByRole('article', { name: 'Free' }).getByText('Current plan')).toBeVisible();

  // The Premium card starts checkout, monthly or yearly (the payments journey follows it through).
  const premiumCard = page.getByRole('article', { name: 'Premium' });
  await expect(premiumCard.getByRole('button', { name: /Upgrade Monthly/ })).toBeEnabled();
  await expect(premiumCard.getByRole('button', { name: /Upgrade Yearly/ })).toBeEnabled();
  await expect(premiumCard.getByText('save 2 months')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Upgrade Your Plan' });

  // From the dashboard's free-plan banner too: asking to see Premium is not hitting a limit.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'See Premium' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Premium features' }).getByRole('listitem')).toHaveText([
    ...PLAN_FEATURES.premium,
  ]);
  await expect(dialog.getByText(LIMIT_WORDING)).toHaveCount(0);
  await dialog.getByRole('link', { name: 'View Plans & Billing' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=billing$/);
  await expect(page.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();

  // A limit actually hit (the free plan's one team member) names that limit.
  await openSettingsTab(page, 'users');
  await page.getByRole('button', { name: 'Invite User' }).click();
  await expect(dialog.getByText('Your plan allows 1 team member. Upgrade to Premium to invite more.')).toBeVisible();
});

test('billing, receipts and payments each open their own settings tab', async ({ page }) => {
  await onboardNewOrganization(page, 'Tabbed Terns');
  const expected = [
    ['billing', 'Billing', 'Plans'],
    ['receipts', 'Receipts', 'No receipts found'],
    ['payments', 'Payments', 'Payment Setup is a Premium feature'],
  ] as const;
  for (const [tab, label, text] of expected) {
    await openSettingsTab(page, tab);
    await expect(page.getByRole('tab', { name: label, selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Organization', selected: true })).toHaveCount(0);
    await expect(page.getByRole('tabpanel').getByText(text, { exact: true })).toBeVisible();
  }
  await openSettingsTab(page, 'nonsense');
  await expect(page.getByRole('tab', { name: 'Organization', selected: true })).toBeVisible();
});

test('a past-due premium organization sees the past-due banner, not the free-plan banner', async ({ page }) => {
  await onboardNewOrganization(page, 'Past Due Plovers');
  await setPlan(page, 'premium_year', 'past_due');
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Subscription payment past due' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await banner.getByRole('link', { name: 'Resolve Now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=billing$/);
  await expect(page.getByRole('region', { name: 'Subscription payment past due' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Premium' }).getByText('Current plan')).toBeVisible();
  // Resolve Now opens the provider's portal; a plan set by the local switch has no customer there.
  await page.getByRole('button', { name: 'Resolve Now' }).click();
  await expect(page.getByText('Failed to open billing portal')).toBeVisible();
});

test('an active premium organization sees its renewal and no upgrade prompt', async ({ page }) => {
  await onboardNewOrganization(page, 'Premium Puffins');
  await makePremium(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Subscription payment past due' })).toHaveCount(0);
  await openSettingsTab(page, 'billing');
  await expect(page.getByText(/Your Premium plan renews on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
});
