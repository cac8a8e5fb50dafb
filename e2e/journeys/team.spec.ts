import { expect, type Page, test } from '@playwright/test';
import { mailedLink, makePremium, onboardNewOrganization, signUp, uniqueEmail } from './helpers';

/** The accept link of the newest invitation e-mailed to `email`, read from the local mailbox. */
const inviteLinkFor = (page: Page, email: string) => mailedLink(page, email, '/auth/accept-invite?invite_id=');

test('the owner invites a teammate who joins from the e-mailed link while the owner watches', async ({
  page,
  browser,
}, testInfo) => {
  const owner = await onboardNewOrganization(page, 'Teamwork Boosters');
  await makePremium(page);
  await page.goto('/dashboard/settings?tab=users');
  await expect(page.getByRole('heading', { name: 'Team Members' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Active Users' });
  const pending = page.getByRole('table', { name: 'Pending Invites' });
  await expect(members.getByRole('row').filter({ hasText: owner.email }).getByText('Owner')).toBeVisible();

  const email = uniqueEmail('teammate');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await expect(dialog.getByRole('checkbox', { name: 'Treasurer' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Treasurer' }).click();
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('At least one role is required')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('checkbox', { name: 'Sponsorship Lead' }).click();
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText('Invite sent!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = pending.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText('Sponsorship Lead')).toBeVisible();

  // The same address again is refused with the spec's message.
  await page.getByRole('button', { name: 'Invite User' }).click();
  await dialog.getByLabel('Email').fill(email.toUpperCase());
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText('Invitation already exists')).toBeVisible();
  await expect(page.getByText('That email already has a pending invite for this organization.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The teammate opens the e-mailed link in another browser.
  const baseURL = testInfo.project.use.baseURL;
  const context = await browser.newContext({ baseURL });
  const guest = await context.newPage();
  const link = await inviteLinkFor(guest, email);
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expect(guest.getByLabel('Email')).toHaveValue(email);
  await expect(guest.getByLabel('Email')).toHaveAttribute('readonly', '');
  await guest.getByLabel('Full Name').fill('Taylor Teammate');
  await guest.getByLabel('Password', { exact: true }).fill('short');
  await guest.getByRole('button', { name: 'Create Account & Join' }).click();
  await expect(guest.getByText('Password must be at least 8 characters')).toBeVisible();
  await guest.getByLabel('Password', { exact: true }).fill('teammate-pass');
  await guest.getByRole('button', { name: 'Create Account & Join' }).click();
  await expect(guest.getByText('Welcome to your new team! Redirecting you to the dashboard...')).toBeVisible();
  await expect(guest.getByText('Invitation accepted!')).toBeVisible();
  await expect(guest).toHaveURL(/\/dashboard$/);
  await expect(guest.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The owner's page follows without a reload.
  await expect(row).toHaveCount(0);
  const joined = members.getByRole('row').filter({ hasText: email });
  await expect(joined).toBeVisible();
  await expect(joined.getByText('Taylor Teammate')).toBeVisible();
  await expect(joined.getByText('Sponsorship Lead')).toBeVisible();

  // The used link now says so.
  await guest.goto(link);
  await expect(guest.getByText('This invite has already been used or cancelled')).toBeVisible();
  await context.close();
});

test('the owner re-sends and cancels an invitation, and a cancelled link stops working', async ({ page }) => {
  await onboardNewOrganization(page, 'Resend Boosters');
  await makePremium(page);
  await page.goto('/dashboard/settings?tab=users');
  const email = uniqueEmail('cancelled');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText('Invite sent!')).toBeVisible();
  const row = page.getByRole('table', { name: 'Pending Invites' }).getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Treasurer')).toBeVisible();
  const first = await inviteLinkFor(page, email);

  // Re-sending at once is refused (once a minute); the e-mail already on its way stays valid.
  await row.getByRole('button', { name: /^Resend invite/ }).click();
  await expect(page.getByText('Failed to resend invite')).toBeVisible();
  await expect(page.getByText('Please wait a minute before resending it.')).toBeVisible();
  const link = first;
  await row.getByRole('button', { name: /^Cancel invite/ }).click();
  await expect(page.getByText('Invite cancelled')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto(link);
  await expect(page.getByText('This invite has already been used or cancelled')).toBeVisible();
  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/(auth|dashboard)/);
});

test('someone who already has an account signs in from the invitation and joins', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail('existing');
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const invitee = await context.newPage();
  await signUp(invitee, 'Casey Existing', email, 'existing-pass');
  await expect(invitee).toHaveURL(/\/onboarding/);
  await context.clearCookies();

  await onboardNewOrganization(page, 'Returning Boosters');
  await makePremium(page);
  await page.goto('/dashboard/settings?tab=users');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText('Invite sent!')).toBeVisible();
  const link = await inviteLinkFor(page, email);

  // The owner, signed in with another address, cannot use it.
  await page.goto(link);
  await expect(page.getByText('Please sign out and use the email address this invite was sent to')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to login' })).toBeVisible();

  await invitee.goto(link);
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(/\/auth\?mode=signin/);
  await invitee.getByLabel('Email').fill(email);
  await invitee.getByLabel('Password', { exact: true }).fill('existing-pass');
  await invitee.getByRole('button', { name: 'Sign In' }).click();
  await expect(invitee.getByText('Invitation accepted!')).toBeVisible();
  await expect(invitee.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(await invitee.evaluate(() => window.localStorage.getItem('pennant.pendingInvite'))).toBeNull();
  await context.close();
});

test('the accept-invite page explains a missing or unknown invitation', async ({ page }) => {
  await page.goto('/auth/accept-invite');
  await expect(page.getByText('No invitation ID provided')).toBeVisible();
  await page.goto('/auth/accept-invite?invite_id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This invitation was not found or has expired')).toBeVisible();
  // The id alone (which lists show) opens nothing; a made-up secret neither.
  await page.goto(`/auth/accept-invite?invite_id=00000000-0000-4000-8000-000000000000&token=${'x'.repeat(43)}`);
  await expect(page.getByText('This invitation was not found or has expired')).toBeVisible();
  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('on the free plan, inviting a second member opens the upgrade dialog', async ({ page }) => {
  await onboardNewOrganization(page, 'Solo Boosters');
  await page.goto('/dashboard/settings?tab=users');
  await expect(page.getByRole('heading', { name: 'Team Members' })).toBeVisible();
  await expect(page.getByText('No pending invites.')).toBeVisible();
  await page.getByRole('button', { name: 'Invite User' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Plan' });
  await expect(upgrade.getByText('Billing system upgrade in progress')).toBeVisible();
  await expect(upgrade.getByRole('link', { name: 'View Plans & Billing' })).toHaveAttribute(
    'href',
    '/dashboard/settings?tab=billing',
  );
});
