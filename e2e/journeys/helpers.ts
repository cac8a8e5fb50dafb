import { createCampaign } from '@pennant/shared/fundraising/contract';
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

/**
 * Makes the signed-in owner's organization premium through the local-mode developer switch (the
 * stand-in for the payment simulator), as a journey needs before inviting or importing.
 */
export async function makePremium(page: Page, planKey: 'premium_month' | 'premium_year' = 'premium_year') {
  const status = await page.evaluate(async (key) => {
    const res = await fetch('/dev/api/plan', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ planKey: key }),
    });
    return res.status;
  }, planKey);
  expect(status).toBe(200);
}

interface TMailboxMessage {
  to: string[];
  subject: string;
  html: string;
}

/** A link of the newest e-mail to `email` whose path matches, read from the local mailbox as a person would click it. */
export async function mailedLink(page: Page, email: string, path: string): Promise<string> {
  let link = '';
  const pattern = new RegExp(`href="([^"]*${path.replace(/[/?]/g, '\\$&')}[^"]*)"`);
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/dev/mailbox/messages.json');
        const { messages } = (await res.json()) as { messages: TMailboxMessage[] };
        const message = messages.find((m) => m.to.includes(email) && pattern.test(m.html));
        link = message ? (pattern.exec(message.html)?.[1]?.replace(/&amp;/g, '&') ?? '') : '';
        return link;
      },
      { message: `an e-mail to ${email} with a ${path} link` },
    )
    .not.toBe('');
  return link;
}

/** The owner (signed in on `page`) invites `email` with one role from Settings → Users. */
export async function inviteFromSettings(page: Page, email: string, role: string) {
  await page.goto('/dashboard/settings?tab=users');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill(email);
  if (role !== 'Treasurer') {
    await dialog.getByRole('checkbox', { name: 'Treasurer' }).click();
    await dialog.getByRole('checkbox', { name: role }).click();
  }
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText('Invite sent!')).toBeVisible();
}

/**
 * A valid player campaign's body (one player, one family), as the campaign dialog would send it:
 * the create contract's own example, named, starting when asked, one contact a player enough.
 */
export function playerCampaignBody(name: string, startsAt = '2099-03-01') {
  return { ...createCampaign.example, name, startsAt, minContactsPerPlayer: 1 };
}
