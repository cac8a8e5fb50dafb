// Screenshots of every page at phone, tablet and desktop widths, for looking at the layout.
//
//   node scripts/screenshots.mjs [base URL] [output dir]
//   node scripts/screenshots.mjs http://localhost:3242 /tmp/shots
//
// Run it against a local-mode server with a fresh data directory (`npm run build`, then
// `PORT=3242 DATA_DIR=$(mktemp -d) node apps/server/dist/main.js`): it signs in as the demo
// account for the pages with data, and signs up a new organization of its own (through onboarding)
// for the pages it changes (contacts, notes, dialogs, the import wizard). Files are named
// `<width>-<page>.png`. A page wider than the window (horizontal scroll) is reported on stdout,
// and the run exits with 1 when a page failed or scrolled sideways.
//
// Environment: CHROMIUM_PATH (else /usr/bin/chromium or Playwright's own), DEMO_EMAIL and
// DEMO_PASSWORD (else the local demo sign-in), WIDTHS (comma list, else 390,768,1280), ONLY (a
// substring: only shots whose name contains it; one starting with 'admin' runs only the admin console's).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = (process.argv[2] ?? 'http://localhost:3242').replace(/\/$/, '');
const out = process.argv[3] ?? '/tmp/shots';
const widths = (process.env.WIDTHS ?? '390,768,1280').split(',').map(Number);
const only = process.env.ONLY ?? '';
const demo = {
  email: process.env.DEMO_EMAIL ?? 'demo@pennant.app',
  password: process.env.DEMO_PASSWORD ?? 'pennant-demo',
};
/** The demo's platform administrator (the admin console's shots). */
const demoAdmin = {
  email: process.env.ADMIN_EMAIL ?? 'admin@pennant.app',
  password: process.env.ADMIN_PASSWORD ?? 'pennant-admin',
};
const heights = { 390: 844, 768: 1024, 1280: 800 };
const root = new URL('..', import.meta.url).pathname;
const csvFixture = join(root, 'apps/server/src/modules/companies/fixtures/companies.csv');

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  return undefined;
}

mkdirSync(out, { recursive: true });
const problems = [];
let taken = 0;

/** Waits for the page to settle: network idle, no spinner, fonts loaded. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(() => !document.querySelector('[role="status"][aria-busy="true"], .animate-spin'), null, {
      timeout: 5000,
    })
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready).catch(() => {});
  await page.waitForTimeout(250);
}

async function shot(page, width, name, { fullPage = true } = {}) {
  if (only && !name.includes(only)) return;
  await settle(page);
  const overflow = await page.evaluate(() => {
    const doc = document.documentElement;
    return doc.scrollWidth - doc.clientWidth;
  });
  if (overflow > 0) problems.push(`${width}-${name}: scrolls sideways by ${overflow}px`);
  await page.screenshot({ path: join(out, `${width}-${name}.png`), fullPage });
  taken += 1;
  // A very long page shrinks to illegible in an image viewer: its first screen is kept as well.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (fullPage && height > 2.5 * (page.viewportSize()?.height ?? 900)) {
    await page.screenshot({ path: join(out, `${width}-${name}-top.png`) });
    taken += 1;
  }
}

/** Runs one step; a failure is reported and the run goes on with the next. */
async function step(width, name, fn) {
  try {
    await fn();
  } catch (err) {
    problems.push(`${width}-${name}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
}

/** A same-origin JSON call from inside the page (the server checks the Origin of writes). */
function call(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

async function signIn(page, email, password) {
  await page.goto(`${base}/auth?mode=signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/(dashboard|onboarding|admin)/);
}

async function signedOutPages(browser, width) {
  const context = await browser.newContext({ viewport: { width, height: heights[width] ?? 900 } });
  const page = await context.newPage();
  await step(width, 'sign-in', async () => {
    await page.goto(`${base}/auth?mode=signin`);
    await shot(page, width, 'sign-in');
  });
  await step(width, 'sign-up', async () => {
    await page.goto(`${base}/auth?mode=signup`);
    await shot(page, width, 'sign-up');
  });
  await step(width, 'sign-in-error', async () => {
    await page.goto(`${base}/auth?mode=signin`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await shot(page, width, 'sign-in-error');
  });
  await step(width, 'not-found', async () => {
    await page.goto(`${base}/no-such-page`);
    await shot(page, width, 'not-found');
  });
  await context.close();
}

/** A new account walks onboarding (a shot per step), then works on a company of its own. */
async function newOrganizationPages(browser, width) {
  const context = await browser.newContext({ viewport: { width, height: heights[width] ?? 900 } });
  const page = await context.newPage();
  const email = `shots.${width}.${Date.now().toString(36)}@example.com`;
  await step(width, 'onboarding', async () => {
    await page.goto(`${base}/auth?mode=signup`);
    await page.getByLabel('Display Name').fill('Pat Coach');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('pennant-pass');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/onboarding/);
    await shot(page, width, 'onboarding-1-organization');
    await page.getByLabel('Organization Name').fill('Lakeside Little League');
    await page.getByRole('button', { name: 'Create Organization' }).click();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    await shot(page, width, 'onboarding-2-menu');
    await page.getByRole('checkbox', { name: 'Outfield Banner' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await shot(page, width, 'onboarding-3');
    await page.getByRole('button', { name: 'Next' }).click();
    await shot(page, width, 'onboarding-4');
    await page.getByRole('button', { name: 'Finish & Continue' }).click();
    await shot(page, width, 'onboarding-5');
    await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await shot(page, width, 'dashboard-empty');
  });

  let companyId = '';
  await step(width, 'company-empty', async () => {
    const created = await call(page, 'POST', '/api/companies', {
      name: 'Harbor Point Hardware & Supply Company',
      website: 'https://harborpoint-hardware.example',
      industry: 'Retail',
      status: 'negotiating',
    });
    if (created.status !== 201) throw new Error(`company create answered ${created.status}`);
    companyId = created.body.id;
    await page.goto(`${base}/dashboard/companies/${companyId}?tab=contacts`);
    await shot(page, width, 'company-contacts-empty');
  });
  await step(width, 'company-contact-form', async () => {
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await shot(page, width, 'company-contact-form');
    await page.getByLabel('Name').fill('Jordan Alvarez-McAllister');
    await page.getByLabel('Email').fill('jordan.alvarez-mcallister@harborpoint-hardware.example');
    await page.getByLabel('Phone').fill('5554107781');
    await page.getByLabel('Title').fill('Director of Community Partnerships');
    await page.getByRole('button', { name: 'Save Contact' }).click();
    await page.getByText('Contact added').first().waitFor();
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByLabel('Name').fill('Jordan Again');
    await page.getByLabel('Email').fill('JORDAN.ALVAREZ-MCALLISTER@harborpoint-hardware.example');
    await page.getByRole('button', { name: 'Save Contact' }).click();
    await page.getByRole('alert').filter({ hasText: 'already' }).first().waitFor();
    await shot(page, width, 'company-contact-duplicate', { fullPage: false });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await call(page, 'POST', `/api/companies/${companyId}/contacts`, {
      name: 'Sam Lee',
      email: 'sam@harborpoint-hardware.example',
    });
    await page.reload();
    await shot(page, width, 'company-contacts');
  });
  await step(width, 'company-notes', async () => {
    await page.goto(`${base}/dashboard/companies/${companyId}?tab=notes`);
    await page.getByLabel('Add a note').fill('Called Jordan about the outfield banner; follow up next week.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await page.getByText('Note added successfully').first().waitFor();
    await page.getByRole('button', { name: 'Delete note' }).first().click();
    // The toast from adding the note is still up while the dialog is open: neither covers the other.
    await shot(page, width, 'company-note-delete-confirm', { fullPage: false });
    await page.keyboard.press('Escape');
    await shot(page, width, 'company-notes');
  });
  await step(width, 'company-details', async () => {
    await page.goto(`${base}/dashboard/companies/${companyId}`);
    await shot(page, width, 'company-details');
  });
  await step(width, 'import-wizard', async () => {
    await call(page, 'POST', '/dev/api/plan', { planKey: 'premium_year' });
    await page.goto(`${base}/dashboard/companies`);
    await page.getByRole('button', { name: 'Import Companies' }).click();
    await shot(page, width, 'import-1-upload', { fullPage: false });
    if (existsSync(csvFixture)) {
      const input = page.locator('input[type="file"]');
      await input.setInputFiles({ name: 'companies.csv', mimeType: 'text/csv', buffer: readFileSync(csvFixture) });
      await page
        .getByRole('dialog')
        .getByText(/map|column/i)
        .first()
        .waitFor();
      await shot(page, width, 'import-2-mapping', { fullPage: false });
    }
  });
  await step(width, 'settings-users-invite', async () => {
    await page.goto(`${base}/dashboard/settings?tab=users`);
    await page.getByRole('button', { name: 'Invite User' }).click();
    await shot(page, width, 'settings-users-invite-dialog', { fullPage: false });
    await page
      .getByRole('dialog')
      .getByLabel('Email')
      .fill(`invitee.${width}.${Date.now().toString(36)}@example.com`);
    await page.getByRole('dialog').getByRole('button', { name: 'Send Invite' }).click();
    await page.getByText('Invite sent!').first().waitFor();
    await shot(page, width, 'settings-users-invited', { fullPage: false });
  });
  await context.close();
}

/** The demo organization: pages with plenty of data. */
async function demoPages(browser, width) {
  const context = await browser.newContext({ viewport: { width, height: heights[width] ?? 900 } });
  const page = await context.newPage();
  let signedIn = false;
  await step(width, 'demo-sign-in', async () => {
    await signIn(page, demo.email, demo.password);
    signedIn = true;
  });
  if (!signedIn) {
    await context.close();
    return;
  }
  const visit = (name, path) =>
    step(width, name, async () => {
      await page.goto(`${base}${path}`);
      await shot(page, width, name);
    });
  await visit('dashboard', '/dashboard');
  await step(width, 'sidebar', async () => {
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const menu = page.getByRole('button', { name: 'Open navigation' });
    if (!(await menu.isVisible())) return;
    await menu.click();
    await shot(page, width, 'sidebar-open', { fullPage: false });
    await page.keyboard.press('Escape');
  });
  await visit('companies', '/dashboard/companies');
  await step(width, 'companies-bulk', async () => {
    const boxes = page.getByRole('checkbox');
    await boxes.nth(1).click();
    await boxes.nth(2).click();
    await shot(page, width, 'companies-bulk-selected', { fullPage: false });
  });
  await visit('companies-pipeline', '/dashboard/companies?category=pipeline');
  await visit('company-new', '/dashboard/companies/new');
  const list = await call(page, 'GET', '/api/companies?sort=name&dir=asc');
  const first = list.body?.companies?.[0];
  if (first) {
    await visit('demo-company-details', `/dashboard/companies/${first.id}`);
    await visit('demo-company-contacts', `/dashboard/companies/${first.id}?tab=contacts`);
    await visit('demo-company-notes', `/dashboard/companies/${first.id}?tab=notes`);
  }
  await step(width, 'settings', async () => {
    await page.goto(`${base}/dashboard/settings`);
    await settle(page);
    const tabs = await page.getByRole('tab').allTextContents();
    for (const [i, label] of tabs.entries()) {
      await page.getByRole('tab').nth(i).click();
      await shot(
        page,
        width,
        `settings-${i + 1}-${label
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')}`,
      );
    }
  });
  await visit('quotes', '/dashboard/quotes');
  await visit('quotes-accepted', '/dashboard/quotes?statusFilter=accepted');
  await step(width, 'quote-wizard', async () => {
    await page.goto(`${base}/dashboard/quotes`);
    await settle(page);
    const drafts = await call(page, 'GET', '/api/quotes?tab=active&status=draft');
    const draft = drafts.body?.quotes?.[0];
    if (!draft) return;
    await page.goto(`${base}/dashboard/quotes/new?quote_id=${draft.id}`);
    await settle(page);
    await shot(page, width, 'quote-wizard-1');
  });
  await visit('agreements', '/dashboard/agreements');
  await visit('agreements-expiring', '/dashboard/agreements?tab=expiring');
  await visit('agreement-new', '/dashboard/agreements/new');
  const agreements = await call(page, 'GET', '/api/agreements');
  const agreement = agreements.body?.agreements?.[0];
  if (agreement) {
    await visit('agreement-detail', `/dashboard/agreements/${agreement.id}`);
    await step(width, 'agreement-tabs', async () => {
      await page.getByRole('tab', { name: 'Line Items' }).click();
      await shot(page, width, 'agreement-lines');
      await page.getByRole('tab', { name: 'History' }).click();
      await shot(page, width, 'agreement-history');
    });
  }
  await visit('invoices', '/dashboard/invoices');
  await visit('invoices-paid', '/dashboard/invoices?tab=paid');
  await visit('invoice-new', '/dashboard/invoices/new');
  if (agreement)
    await visit(
      'invoice-new-from-agreement',
      `/dashboard/invoices/new?agreementId=${agreement.id}&companyId=${agreement.companyId}&source=agreement`,
    );
  const invoices = await call(page, 'GET', '/api/invoices?tab=all');
  const invoice = invoices.body?.invoices?.find((i) => i.status === 'sent') ?? invoices.body?.invoices?.[0];
  if (invoice) {
    await visit('invoice-detail', `/dashboard/invoices/${invoice.id}`);
    await step(width, 'invoice-email', async () => {
      await page.getByRole('button', { name: 'Send Email' }).click();
      await page.getByRole('dialog', { name: 'Send Invoice Email' }).waitFor();
      await shot(page, width, 'invoice-email-dialog', { fullPage: false });
      await page.keyboard.press('Escape');
    });
  }
  await step(width, 'invoice-chooser', async () => {
    await page.goto(`${base}/dashboard/invoices`);
    await settle(page);
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await page.getByRole('dialog', { name: 'Create Invoice' }).waitFor();
    await shot(page, width, 'invoice-chooser', { fullPage: false });
    await page.keyboard.press('Escape');
  });
  await visit('fundraising', '/dashboard/fundraising');
  const campaigns = await call(page, 'GET', '/api/fundraising/campaigns');
  for (const c of campaigns.body?.campaigns ?? []) {
    const slug = c.campaignType === 'alumni' ? 'alumni' : c.status === 'sent' ? 'player' : 'draft';
    if (c.status === 'sent') await visit(`fundraising-campaign-${slug}`, `/dashboard/fundraising/campaign/${c.id}`);
    await visit(`fundraising-launch-${slug}`, `/dashboard/fundraising/launch/${c.id}`);
    if (slug === 'alumni') {
      await step(width, 'fundraising-alumni-tabs', async () => {
        await page.goto(`${base}/dashboard/fundraising/campaign/${c.id}`);
        await settle(page);
        for (const tab of ['Donation Details', 'Contact Insights']) {
          await page.getByRole('tab', { name: tab }).click();
          await settle(page);
          await shot(page, width, `fundraising-alumni-${tab.toLowerCase().replace(' ', '-')}`);
        }
      });
      await visit('donate', `/donate?campaign_id=${c.id}&amount=50`);
      await visit('donate-success', `/donate/success?campaign_id=${c.id}&session_id=cs_test_a1b2c3d4e5f6g7h8i9`);
      await visit('donate-cancel', `/donate/cancel?campaign_id=${c.id}`);
    }
  }
  await step(width, 'fundraising-wizard', async () => {
    await page.goto(`${base}/dashboard/fundraising`);
    await settle(page);
    await page.getByRole('button', { name: 'New Campaign' }).click();
    await page.getByRole('dialog', { name: 'New Campaign' }).waitFor();
    await shot(page, width, 'fundraising-wizard-details', { fullPage: false });
    await page.keyboard.press('Escape');
  });
  await visit('unsubscribe-success', '/unsubscribe?unsubscribe=success');
  await visit('unsubscribe-error', '/unsubscribe?unsubscribe=error&reason=invalid-link');
  await visit('placeholder-price-lists', '/dashboard/price-lists');
  await step(width, 'user-menu', async () => {
    await page.goto(`${base}/dashboard`);
    const menu = page.getByRole('button', { name: 'User menu' });
    await menu.click();
    await shot(page, width, 'user-menu', { fullPage: false });
    await page.keyboard.press('Escape');
  });
  await visit('mailbox', '/dev/mailbox');
  await visit('api-docs', '/api/docs');
  await context.close();
}

/** An account (and, with `orgName`, its organization) made through the API in a context of its own. */
async function makeAccount(browser, email, name, orgName) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/auth?mode=signup`);
  const signedUp = await call(page, 'POST', '/api/auth/sign-up', { name, email, password: 'pennant-pass' });
  if (signedUp.status !== 200 && signedUp.status !== 409) throw new Error(`sign-up ${email}: ${signedUp.status}`);
  if (orgName) await call(page, 'POST', '/api/onboarding/organization', { name: orgName, fiscalStartMonth: 7 });
  await context.close();
}

/**
 * The platform admin console, as the demo's platform administrator (ADMIN_EMAIL / ADMIN_PASSWORD,
 * else admin@pennant.app, which the local demo seeds): every page, its dialogs, a frozen club's
 * banner as its owner sees it, and the impersonation banner on a club's dashboard.
 */
async function adminPages(browser, width) {
  const suffix = `${width}.${Date.now().toString(36)}`;
  const frozenOwner = `qa+test.${suffix}@club.test`;
  const frozenOrg = `Test Tigers ${suffix}`;
  await step(width, 'admin-data', async () => {
    await makeAccount(browser, frozenOwner, 'QA Bot', frozenOrg);
    await makeAccount(browser, `playwright.${suffix}@example.com`, 'Playwright Run', null);
    await makeAccount(browser, `coach.${suffix}@hillcrest.org`, 'Jordan Hillcrest', 'Hillcrest High Boosters');
  });
  const context = await browser.newContext({ viewport: { width, height: heights[width] ?? 900 } });
  const page = await context.newPage();
  await signIn(page, demoAdmin.email, demoAdmin.password);
  const visit = (name, path, heading) =>
    step(width, name, async () => {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await shot(page, width, name);
    });
  await visit('admin-dashboard', '/admin', 'Admin Dashboard');
  await visit('admin-system-health', '/admin/system-health', 'System Health');
  await visit('admin-users', '/admin/users', 'Users');
  await step(width, 'admin-users-dialogs', async () => {
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill(demo.email);
    await page.getByRole('button', { name: `Actions for ${demo.email}` }).click();
    await shot(page, width, 'admin-users-menu', { fullPage: false });
    await page.getByRole('menuitem', { name: 'Manage Roles' }).click();
    await page.getByRole('dialog', { name: 'Manage Roles' }).getByRole('checkbox').first().waitFor();
    await shot(page, width, 'admin-users-roles', { fullPage: false });
    await page.keyboard.press('Escape');
    await search.fill('');
    await page.getByText(/^Showing 1-/).waitFor();
    await page.getByRole('checkbox', { name: 'Select all users on this page' }).click();
    await page.getByRole('button', { name: /^Delete Selected/ }).click();
    await page.getByRole('dialog', { name: 'Delete Selected Users' }).waitFor();
    await shot(page, width, 'admin-users-bulk-warning', { fullPage: false });
    await page.keyboard.press('Escape');
  });
  await visit('admin-orgs', '/admin/orgs', 'Organizations');
  if (width >= 1050) {
    await step(width, 'admin-orgs-cards', async () => {
      await page.getByRole('button', { name: 'Cards' }).click();
      await shot(page, width, 'admin-orgs-cards');
    });
  }
  await step(width, 'admin-frozen-member', async () => {
    const found = await call(page, 'GET', `/api/admin/orgs?search=${encodeURIComponent(frozenOrg)}`);
    const org = found.body?.organizations?.[0];
    if (!org) throw new Error(`no organization ${frozenOrg}`);
    await call(page, 'PATCH', `/api/admin/orgs/${org.id}`, { frozen: true });
    const memberContext = await browser.newContext({ viewport: { width, height: heights[width] ?? 900 } });
    const member = await memberContext.newPage();
    await signIn(member, frozenOwner, 'pennant-pass');
    await member.goto(`${base}/dashboard`);
    await member.getByText(/This organization is frozen/).waitFor();
    await shot(member, width, 'admin-frozen-member', { fullPage: false });
    await memberContext.close();
    await call(page, 'PATCH', `/api/admin/orgs/${org.id}`, { frozen: false });
  });
  await visit('admin-ai-config', '/admin/ai-config', 'AI Configuration');
  await step(width, 'admin-ai-dialogs', async () => {
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Edit AI Configuration' }).waitFor();
    await page.getByLabel('Token Limit').fill('500');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await shot(page, width, 'admin-ai-edit', { fullPage: false });
    // A valid save, so the history panel has a version to show.
    await page.getByLabel('Token Limit').fill('1500');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('dialog', { name: 'Edit AI Configuration' }).waitFor({ state: 'hidden' });
    await page
      .getByRole('button', { name: /^History of / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Configuration History' }).waitFor();
    await shot(page, width, 'admin-ai-history', { fullPage: false });
    await page.keyboard.press('Escape');
  });
  await visit('admin-metrics', '/admin/metrics', 'Metrics');
  await visit('admin-audit-logs', '/admin/audit-logs', 'Audit Logs');
  await step(width, 'admin-impersonation', async () => {
    await page.goto(`${base}/admin/orgs`);
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill('Hillcrest');
    await page.getByRole('button', { name: 'Impersonate Hillcrest High Boosters' }).first().click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Admin Impersonation Mode').waitFor();
    await shot(page, width, 'admin-impersonation-banner', { fullPage: false });
    await page.getByRole('button', { name: 'Exit Impersonation' }).click();
    await page.waitForURL(/\/admin\/orgs$/);
  });
  await step(width, 'admin-audit-detail', async () => {
    await page.goto(`${base}/admin/audit-logs`);
    await page
      .getByRole('button', { name: /^View / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Audit Log Entry' }).waitFor();
    await shot(page, width, 'admin-audit-detail', { fullPage: false });
  });
  await context.close();
}

// The server may still be starting: wait for it to answer (up to a minute).
for (let i = 0; ; i += 1) {
  const ready = await fetch(`${base}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
  if (ready) break;
  if (i >= 120) {
    console.error(`No server answers at ${base}`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
});
try {
  for (const width of widths) {
    // ONLY=admin… takes the admin console's shots alone (they make their own data).
    if (!only.startsWith('admin')) {
      await signedOutPages(browser, width);
      await newOrganizationPages(browser, width);
      await demoPages(browser, width);
    }
    await adminPages(browser, width);
  }
} finally {
  await browser.close();
}
console.log(`${taken} screenshots in ${out}`);
for (const p of problems) console.log(`problem: ${p}`);
process.exit(problems.length ? 1 : 0);
