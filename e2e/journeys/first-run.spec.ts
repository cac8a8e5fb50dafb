import { expect, test } from '@playwright/test';
import { signIn, signUp, uniqueEmail } from './helpers';

test('a new organization goes from the landing page through onboarding to the dashboard', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/');
  await expect(page.locator('#pricing')).toBeAttached();
  await page.getByRole('link', { name: 'Get Started Free' }).first().click();
  await expect(page).toHaveURL(/\/auth\?mode=signup/);

  await page.getByLabel('Display Name').fill('Riley Morgan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('goEagles1');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // Step 1: Organization Setup
  await expect(page.getByRole('heading', { name: 'Organization Setup' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByText('Organization name is required')).toBeVisible();
  await page.getByLabel('Organization Name').fill('Northside Hawks Boosters');
  await page.getByLabel('Season Label').selectOption('2026-27');
  await page.getByLabel('Fiscal Year Starts In').selectOption({ label: 'August' });
  await page.getByRole('button', { name: 'Create Organization' }).click();

  // Step 2: Products Menu
  await expect(page.getByRole('heading', { name: 'Choose Ad Types' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Scoreboard Sign' }).click();
  await page.getByRole('checkbox', { name: 'Website Ad' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Add Custom Types' })).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Label required')).toBeVisible();
  await page.getByLabel('Custom type label').fill('Dugout Sign');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Dugout Sign')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  const review = page.getByRole('region', { name: 'Review & Confirm' });
  await expect(review.getByText('Scoreboard Sign')).toBeVisible();
  await expect(review.getByRole('listitem').filter({ hasText: 'Dugout Sign' }).getByText('Custom')).toBeVisible();
  await page.getByRole('button', { name: 'Finish & Continue' }).click();

  // Step 3: Choose Your Roles
  await expect(page.getByRole('heading', { name: 'Choose Your Roles' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Org Admin' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Sponsorship Lead' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Treasurer' }).click();
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page.getByText('Roles assigned!')).toBeVisible();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: '+ New Quote' })).toBeVisible();
  await expect(page.getByText('Free Plan')).toBeVisible();

  // The user menu shows the roles; sign out and back in lands on the dashboard.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText('Admin, Sponsorship Lead, Treasurer')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  await signIn(page, email, 'goEagles1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('a reload in the middle of onboarding resumes the same step', async ({ page }) => {
  await signUp(page, 'Jamie Lee', uniqueEmail(), 'pennant-pass');
  await page.getByLabel('Organization Name').fill('Reload Rangers');
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Ad Types' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Jersey Patch' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Add Custom Types' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Products Menu' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Products Menu' }).first()).toHaveAttribute(
    'aria-current',
    'step',
  );
});

test('signed-out visitors are sent to sign in, and unknown paths show the 404', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
});

test('wrong credentials show the login error', async ({ page }) => {
  await signIn(page, uniqueEmail('nobody'), 'not-a-password');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});
