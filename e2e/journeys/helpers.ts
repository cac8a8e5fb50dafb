import { expect, type Page } from '@playwright/test';

let n = 0;
export function uniqueEmail(prefix = 'coach'): string {
  n += 1;
  return `${prefix}.${Date.now().toString(36)}.${n}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

export const DEMO = { email: 'demo@pennant.app', password: 'pennant-demo' };

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth?mode=signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Display Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** Signs up and walks the three onboarding steps with defaults; ends on the dashboard. */
export async function onboardNewOrganization(page: Page, orgName: string, email = uniqueEmail()) {
  await signUp(page, 'Pat Coach', email, 'pennant-pass');
  await expect(page).toHaveURL(/\/onboarding/);
  await page.getByLabel('Organization Name').fill(orgName);
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await page.getByRole('checkbox', { name: 'Outfield Banner' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Finish & Continue' }).click();
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return { email, password: 'pennant-pass' };
}
