import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { onboardNewOrganization, signUp, uniqueEmail } from './helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm run admin -- grant <email>` against the journeys' running server: on the embedded database
 * the command reaches the server that holds the data directory (the same DATA_DIR and PUBLIC_URL
 * the Playwright config gives it).
 */
async function grantPlatformAdmin(page: Page, email: string) {
  const baseURL = test.info().project.use.baseURL ?? '';
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by the Playwright config');
  const { stdout } = await promisify(execFile)(process.execPath, ['apps/server/dist/admin.js', 'grant', email], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' },
  });
  expect(stdout).toContain(`${email} is now a platform administrator`);
  await page.reload();
}

/** The organization's row in the console's table (a wide window shows the table). */
function orgRow(page: Page, orgName: string) {
  return page.getByRole('table', { name: 'Organizations' }).getByRole('row').filter({ hasText: orgName });
}

// A platform administrator (granted from the command line while the server runs) finds a club,
// freezes it (its members see the banner, Impersonate is off), unfreezes it, looks at it through
// its members' eyes and comes back; the audit log has the four actions and exports them.
test('a platform admin freezes, unfreezes and impersonates a club, and the audit log exports it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const orgName = `Admin Aardvarks ${Date.now().toString(36)}`;

  // The club, with its owner signed in on a page of their own.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await onboardNewOrganization(owner, orgName);

  await test.step('a new account becomes a platform administrator', async () => {
    const email = uniqueEmail('staff');
    await signUp(page, 'Alex Staff', email, 'pennant-pass');
    await expect(page).toHaveURL(/\/onboarding/);
    await grantPlatformAdmin(page, email);
    await page.goto('/admin/orgs');
    await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
  });

  await test.step('finds the club and freezes it: Impersonate is disabled, its members see the banner', async () => {
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill(orgName);
    await expect(page.getByText('Showing 1 of 1 organizations')).toBeVisible();
    const row = orgRow(page, orgName);
    await expect(row.getByText('Active')).toBeVisible();
    await row.getByRole('switch', { name: `Freeze ${orgName}` }).click();
    await expect(page.getByText('Organization frozen')).toBeVisible();
    await expect(row.getByText('Frozen')).toBeVisible();
    await expect(row.getByRole('button', { name: `Impersonate ${orgName}` })).toBeDisabled();

    await owner.reload();
    await expect(
      owner.getByText('This organization is frozen. You can view its data, but changes are disabled. Contact support.'),
    ).toBeVisible();
  });

  await test.step('unfreezes it', async () => {
    const row = orgRow(page, orgName);
    await row.getByRole('switch', { name: `Freeze ${orgName}` }).click();
    await expect(page.getByText('Organization unfrozen')).toBeVisible();
    await expect(row.getByText('Active')).toBeVisible();
    await expect(row.getByRole('button', { name: `Impersonate ${orgName}` })).toBeEnabled();
  });

  await test.step("impersonates it: the red banner over the club's own dashboard", async () => {
    await orgRow(page, orgName)
      .getByRole('button', { name: `Impersonate ${orgName}` })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const banner = page.getByRole('region', { name: 'Admin Impersonation Mode' });
    await expect(banner.getByText('Admin Impersonation Mode')).toBeVisible();
    await expect(banner.getByText(`Viewing as ${orgName}`)).toBeVisible();
    await expect(banner.getByText('just now')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // The banner stays on every page of the app, and the app acts for the club.
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByText(orgName, { exact: true })).toBeVisible();
    await expect(banner.getByText(`Viewing as ${orgName}`)).toBeVisible();
  });

  await test.step('exits back to /admin/orgs', async () => {
    await page.getByRole('button', { name: 'Exit Impersonation' }).click();
    await expect(page).toHaveURL(/\/admin\/orgs$/);
    await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
    await expect(page.getByText('Admin Impersonation Mode')).toHaveCount(0);
  });

  await test.step('the audit log shows the four actions and exports them as CSV', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Logs' }).click();
    await page.getByRole('searchbox', { name: 'Search audit logs' }).fill(orgName);
    await expect(page.getByText('Showing 1-4 of 4')).toBeVisible();
    const log = page.getByRole('table', { name: 'Audit log' });
    for (const action of ['freeze_org', 'unfreeze_org', 'start_impersonation', 'end_impersonation']) {
      await expect(log.getByText(action, { exact: true })).toBeVisible();
    }

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Admin,Action,Target User,Target Organization,Details,IP Address,User Agent');
    expect(lines).toHaveLength(5);
    for (const action of ['freeze_org', 'unfreeze_org', 'start_impersonation', 'end_impersonation']) {
      expect(lines.some((l) => l.includes(`,${action},`) && l.includes(orgName))).toBe(true);
    }
  });

  await ownerContext.close();
});

test("a club member at /admin is told 'Not authorized' and sent home", async ({ page }) => {
  await onboardNewOrganization(page, `Not Admins ${Date.now().toString(36)}`);
  await page.goto('/admin');
  await expect(page.getByText('Not authorized').first()).toBeVisible();
  await expect(page.getByText('You must be an admin to access this area', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Organizations' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
});
