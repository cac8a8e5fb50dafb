import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SITE_PATHS } from '@pennant/shared/public-routes';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../axe';
import { makePremium, onboardNewOrganization, playerCampaignBody, signIn, signUp, uniqueEmail } from './helpers';

// Issue 18 ("Proof at scale", accessibility): every page of the product, scanned by axe for WCAG
// 2.0/2.1 A and AA, with no serious or critical violation; every dialog kind traps focus, closes
// with Escape and gives focus back to what opened it.

const root = fileURLToPath(new URL('../..', import.meta.url));
const ROUTER = `${root}apps/web/src/app/router.tsx`;

/**
 * Every path of the web router (apps/web/src/app/router.tsx), read from its source: `path:`
 * literals, a nested one joined to its parent's, `index: true` as its parent's path, and a
 * template's placeholder written `{name}` (the legacy paths, made under two bases). The router
 * cannot be imported here (JSX, lazy page modules), so its text is the list.
 */
function routerPaths(source: string): string[] {
  const paths: string[] = [];
  const open: { depth: number; path: string }[] = [];
  let depth = 0;
  for (const m of source.matchAll(/[{}]|\bpath:\s*(['`])([^'`]*)\1|\bindex:\s*true\b/g)) {
    if (m[0] === '{') depth += 1;
    else if (m[0] === '}') {
      depth -= 1;
      // The objects that closed take their paths with them.
      while ((open.at(-1)?.depth ?? -1) > depth) open.pop();
    } else {
      while ((open.at(-1)?.depth ?? -1) >= depth) open.pop();
      const parent = open.at(-1)?.path ?? '';
      const own = (m[2] ?? '').replace(/\$\{(\w+)\}/g, '{$1}');
      const absolute = own.startsWith('/') || own.startsWith('{') || !parent;
      const path = m[0].startsWith('index') ? parent : absolute ? own : `${parent}/${own}`;
      open.push({ depth, path });
      paths.push(path);
    }
  }
  return paths;
}

/** A write through the API in the page's own session, as its forms would send it; the reply. */
async function post(page: Page, path: string, body: unknown): Promise<unknown> {
  const reply = await page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json: unknown = await res.json();
      return { status: res.status, body: json };
    },
    { path, body },
  );
  expect(reply.status, `POST ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

/** The `id` of a reply (what the API made). */
function idOf(reply: unknown): string {
  if (typeof reply === 'object' && reply !== null && 'id' in reply && typeof reply.id === 'string') return reply.id;
  throw new Error(`No id in ${JSON.stringify(reply)}`);
}

/** The first ad type of the organization's menu (the one onboarding chose). */
async function firstAdTypeId(page: Page): Promise<string> {
  const reply: unknown = await page.evaluate(async () => (await fetch('/api/ad-types')).json());
  const list = typeof reply === 'object' && reply !== null && 'adTypes' in reply ? reply.adTypes : null;
  return idOf(Array.isArray(list) ? list[0] : null);
}

interface TSeed {
  companyId: string;
  agreementId: string;
  invoiceId: string;
  campaignId: string;
}

/** A company with a contact, a product, a quote, an agreement, an invoice and a draft campaign. */
async function seed(page: Page): Promise<TSeed> {
  const banner = idOf(
    await post(page, '/products', {
      name: 'Left Field Banner',
      masterTypeId: await firstAdTypeId(page),
      recurringPriceCents: 125_000,
    }),
  );
  const companyId = idOf(await post(page, '/companies', { name: 'Lakeside Lumber Co.', status: 'negotiating' }));
  await post(page, `/companies/${companyId}/contacts`, { name: 'Priya Shah', email: 'priya@lakeside-lumber.example' });
  await post(page, '/quotes', {
    companyId,
    lines: [{ productId: banner, qty: 1, unitPriceCents: 125_000, isSetupFee: false }],
  });
  const today = new Date().toISOString().slice(0, 10);
  const agreementId = idOf(
    await post(page, '/agreements', {
      companyId,
      termMonths: 12,
      startDate: today,
      lines: [{ productId: banner, qty: 1, unitPriceCents: 125_000 }],
    }),
  );
  const invoiceId = idOf(
    await post(page, '/invoices', {
      companyId,
      agreementId,
      source: 'agreement',
      dueDate: today,
      lines: [{ description: 'Left Field Banner', amountCents: 125_000, quantity: 1 }],
    }),
  );
  const campaignId = idOf(
    await post(page, '/fundraising/campaigns', playerCampaignBody('Spring Booster Drive', today)),
  );
  return { companyId, agreementId, invoiceId, campaignId };
}

/** The page has drawn its content: no "Loading..." status and no skeleton left. */
async function settled(page: Page) {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
}

/** Opens the page, waits for its content and scans it. */
async function scan(page: Page, url: string, label = url) {
  await page.goto(url);
  await settled(page);
  await expectNoSeriousViolations(page, label);
}

/**
 * Every tab of the page's first tab list but the one shown (scanned with the page): its panel
 * scanned once shown (the rest of the page is what the page's own scan saw).
 */
async function scanTabs(page: Page, label: string) {
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    if ((await tab.getAttribute('aria-selected')) === 'true') continue;
    await tab.click();
    await settled(page);
    const panel = `[id="${await tab.getAttribute('aria-controls')}"]`;
    await expectNoSeriousViolations(page, `${label}, tab ${(await tab.textContent())?.trim()}`, { include: panel });
  }
}

/** Opens a dialog with its button, scans the page with it open, and closes it with Escape. */
async function scanDialog(page: Page, button: string | RegExp, dialog: string) {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const open = page.getByRole('dialog', { name: dialog });
  await expect(open).toBeVisible();
  await settled(page);
  // The dialog only: the page behind it is hidden from screen readers and was scanned already.
  const where = new URL(page.url()).pathname;
  await expectNoSeriousViolations(page, `${where} with the ${dialog} dialog open`, { include: '[role="dialog"]' });
  await page.keyboard.press('Escape');
  await expect(open).toBeHidden();
}

/**
 * The dialog keeps focus: Tab and Shift+Tab, pressed more times than it has stops, never leave
 * it; Escape closes it and focus is back on the control that opened it.
 */
async function expectFocusTrapped(page: Page, dialog: Locator, opener: Locator) {
  await expect(dialog).toBeVisible();
  const stops = await dialog
    .locator('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]')
    .count();
  const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
  await expect.poll(inside, { message: 'focus moves into the dialog when it opens' }).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < Math.min(stops + 2, 40); i += 1) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} #${i + 1} keeps focus in the dialog`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

// ---------------------------------------------------------------------------------------------
// Which test visits each router path. The first test fails when the router gains a path that
// none of these names (or loses one they still name).
// ---------------------------------------------------------------------------------------------

/** Pages outside the app shell, before or without an organization. */
const ENTRY_ROUTES = ['/', '/auth', '/auth/accept-invite', '/auth/confirm-email', '/onboarding', '*'];
/** Paths that only send the browser elsewhere (shell.spec.ts follows them). */
const REDIRECT_ROUTES = [
  '{base}/sponsors',
  '{base}/sponsors/:id',
  '{base}/prospects',
  '{base}/prospects/new',
  '{base}/prospects/:id',
  '{base}/contacts',
  '{base}/contacts/new',
  '{base}/contacts/:id',
  '/dashboard/settings/pricelists',
];

interface TAppPage {
  route: string;
  /** The sales pages and the club's other pages are scanned by two tests, side by side. */
  group: 'sales' | 'club';
  urls: (s: TSeed) => string[];
  /** Scan every tab of the page's first tab list too. */
  tabs?: boolean;
  /** Dialogs opened from the page (button, dialog), each scanned while open. */
  dialogs?: [string | RegExp, string][];
}

/** The app's pages (in the shell), with the addresses that show them. */
const APP_PAGES: TAppPage[] = [
  {
    route: '/dashboard',
    group: 'club',
    urls: () => ['/dashboard'],
    dialogs: [['Start Email Blast', 'Prospect Email Blast']],
  },
  { route: '/dashboard/reports', group: 'club', urls: () => ['/dashboard/reports'] },
  {
    route: '/dashboard/companies',
    group: 'sales',
    urls: () => ['/dashboard/companies'],
    dialogs: [['Import Companies', 'Import Companies']],
  },
  { route: '/dashboard/companies/new', group: 'sales', urls: () => ['/dashboard/companies/new'] },
  {
    route: '/dashboard/companies/:id',
    group: 'sales',
    urls: (s) => [`/dashboard/companies/${s.companyId}`],
    tabs: true,
  },
  { route: '/dashboard/quotes', group: 'sales', urls: () => ['/dashboard/quotes'] },
  { route: '/dashboard/quotes/new', group: 'sales', urls: () => ['/dashboard/quotes/new'] },
  {
    route: '/dashboard/agreements',
    group: 'sales',
    urls: () => ['/dashboard/agreements'],
    dialogs: [['Create Agreement', 'Create Agreement']],
  },
  { route: '/dashboard/contracts', group: 'sales', urls: () => ['/dashboard/contracts'] },
  { route: '/dashboard/agreements/new', group: 'sales', urls: () => ['/dashboard/agreements/new'] },
  {
    route: '/dashboard/agreements/:id',
    group: 'sales',
    urls: (s) => [`/dashboard/agreements/${s.agreementId}`],
    tabs: true,
    dialogs: [['Email Agreement', 'Email Agreement']],
  },
  {
    route: '/dashboard/fundraising',
    group: 'club',
    urls: () => ['/dashboard/fundraising'],
    dialogs: [['New Campaign', 'New Campaign']],
  },
  {
    route: '/dashboard/fundraising/campaign/:campaignId',
    group: 'club',
    urls: (s) => [`/dashboard/fundraising/campaign/${s.campaignId}`],
    tabs: true,
  },
  {
    route: '/dashboard/fundraising/launch/:campaignId?',
    group: 'club',
    urls: (s) => [`/dashboard/fundraising/launch/${s.campaignId}`],
  },
  {
    route: '/dashboard/invoices',
    group: 'sales',
    urls: () => ['/dashboard/invoices'],
    dialogs: [['Create Invoice', 'Create Invoice']],
  },
  { route: '/dashboard/invoices/new', group: 'sales', urls: () => ['/dashboard/invoices/new'] },
  {
    route: '/dashboard/invoices/:id',
    group: 'sales',
    urls: (s) => [`/dashboard/invoices/${s.invoiceId}`],
    dialogs: [['Send Email', 'Send Invoice Email']],
  },
  { route: '/dashboard/receipts', group: 'sales', urls: () => ['/dashboard/receipts'] },
  {
    route: '/dashboard/products/new?',
    group: 'club',
    urls: () => ['/dashboard/products', '/dashboard/products/new'],
  },
  {
    route: '/dashboard/bundles',
    group: 'club',
    urls: () => ['/dashboard/bundles'],
    dialogs: [['New Bundle', 'Add New Bundle']],
  },
  {
    route: '/dashboard/price-lists',
    group: 'club',
    urls: () => ['/dashboard/price-lists'],
    dialogs: [['Create Price List', 'Create Price List']],
  },
  { route: '/dashboard/settings', group: 'club', urls: () => ['/dashboard/settings'], tabs: true },
  { route: '/stripe-callback', group: 'club', urls: () => ['/stripe-callback'] },
];

/** The admin console's pages. */
const ADMIN_PAGES: { route: string; url: string; dialogs?: [string | RegExp, string][] }[] = [
  { route: '/admin', url: '/admin' },
  { route: '/admin/system-health', url: '/admin/system-health' },
  { route: '/admin/users', url: '/admin/users' },
  { route: '/admin/orgs', url: '/admin/orgs' },
  {
    route: '/admin/ai-config',
    url: '/admin/ai-config',
    dialogs: [
      [/^Edit /, 'Edit AI Configuration'],
      [/^History of /, 'Configuration History'],
    ],
  },
  { route: '/admin/metrics', url: '/admin/metrics' },
  { route: '/admin/audit-logs', url: '/admin/audit-logs' },
  { route: '/admin/*', url: '/admin/no-such-page' },
];

test('every path of the web router is visited by this journey', () => {
  const router = routerPaths(readFileSync(ROUTER, 'utf8'));
  const visited = [
    ...ENTRY_ROUTES,
    ...REDIRECT_ROUTES,
    ...APP_PAGES.map((p) => p.route),
    ...ADMIN_PAGES.map((p) => p.route),
  ];
  expect(router.length).toBeGreaterThan(30);
  expect([...new Set(router)].sort()).toEqual([...new Set(visited)].sort());
});

/**
 * Every HTML page — each path of the router (its ids and placeholders filled, `*` as an unknown
 * path) and every public page — is served with the content security policy and the security
 * headers, as a browser loading it would receive them.
 */
test('every HTML page is served with the content security policy and the security headers', async ({ request }) => {
  const fill = (path: string) =>
    path
      .replace(/:\w+|\{\w+\}/g, '00000000-0000-4000-8000-000000000000')
      .replace(/\*$/, 'no-such-page')
      .replace(/^$/, '/');
  const paths = [...new Set([...routerPaths(readFileSync(ROUTER, 'utf8')).map(fill), ...SITE_PATHS])];
  expect(paths.length).toBeGreaterThan(30);
  for (const path of paths) {
    const res = await request.get(path, { maxRedirects: 0 });
    const headers = res.headers();
    expect(headers['content-type'], path).toContain('text/html');
    expect(headers['content-security-policy'], path).toContain("default-src 'self'");
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('SAMEORIGIN');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
  }
});

/** A new premium organization with its seed data, and every page of the group scanned. */
async function scanGroup(page: Page, group: TAppPage['group']): Promise<TSeed> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await onboardNewOrganization(page, `Axe ${group} ${Date.now().toString(36)}`);
  await makePremium(page);
  const ids = await seed(page);
  for (const p of APP_PAGES.filter((x) => x.group === group)) {
    for (const url of p.urls(ids)) {
      await scan(page, url);
      for (const [button, dialog] of p.dialogs ?? []) await scanDialog(page, button, dialog);
      if (p.tabs) await scanTabs(page, url);
    }
  }
  return ids;
}

const inDialog = { include: '[role="dialog"]' };

test('the club’s other pages at 1280 px, the campaign wizard and the donation page have no serious violations', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ids = await scanGroup(page, 'club');

  await test.step('the campaign wizard, step by step', async () => {
    await page.goto('/dashboard/fundraising');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const wizard = page.getByRole('dialog', { name: 'New Campaign' });
    await wizard.getByLabel('Campaign Name').fill('Axe Spring Drive');
    await wizard.getByLabel('Goal per Player').fill('200');
    await wizard.getByRole('button', { name: 'Next' }).click();
    const player = wizard.getByRole('textbox', { name: 'Player Name', exact: true });
    await player.fill('Ava Brooks');
    await player.press('Enter');
    await expectNoSeriousViolations(page, 'campaign wizard, Players', inDialog);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByRole('radio', { name: /Team\/Organization/ })).toBeVisible();
    await expectNoSeriousViolations(page, 'campaign wizard, Perspective', inDialog);
    await wizard.getByRole('radio', { name: /Team\/Organization/ }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('tab', { name: 'Paste Data' }).click();
    await expectNoSeriousViolations(page, 'campaign wizard, Contacts (paste)', inDialog);
    await wizard.getByLabel('Contact lines').fill('Ava Brooks, Nina Brooks, nina.brooks@families.example');
    await wizard.getByRole('button', { name: 'Preview Contacts' }).click();
    await wizard.getByRole('button', { name: 'Import', exact: true }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Campaign Readiness')).toBeVisible();
    await expectNoSeriousViolations(page, 'campaign wizard, Review', inDialog);
  });

  await scan(page, `/donate?campaign_id=${ids.campaignId}&amount=50`, 'donate');
  await scan(page, `/donate/cancel?campaign_id=${ids.campaignId}`, 'donation cancelled');
});

test('the sales pages at 1280 px, and their forms step by step, have no serious violations', async ({ page }) => {
  test.setTimeout(120_000);
  const ids = await scanGroup(page, 'sales');

  await test.step('a company’s New Contact form', async () => {
    await page.goto(`/dashboard/companies/${ids.companyId}`);
    await page.getByRole('tab', { name: /^Contacts/ }).click();
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await expect(page.getByRole('form', { name: 'New Contact' })).toBeVisible();
    await expectNoSeriousViolations(page, 'company detail, New Contact form');
  });

  await test.step('the quote wizard’s four steps', async () => {
    await page.goto('/dashboard/quotes/new');
    await page.getByLabel('Company').fill('Lakeside');
    await page
      .getByRole('list', { name: 'Matching companies' })
      .getByRole('button', { name: /Lakeside/ })
      .click();
    const item = page.getByLabel('Item 1', { exact: true });
    const banner = await item.locator('option', { hasText: 'Left Field Banner' }).first().getAttribute('value');
    await item.selectOption(banner ?? '');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const [name, next] of [
      ['Email Composition', true],
      ['Select Recipients', true],
      ['Review & Send', false],
    ] as const) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      if (name === 'Email Composition') await page.getByLabel('Message').fill('Hi {{contact_name}}, thank you!');
      await settled(page);
      await expectNoSeriousViolations(page, `quote wizard, ${name}`);
      if (next) await page.getByRole('button', { name: 'Next' }).click();
    }
  });

  await test.step('the import wizard’s mapping and review', async () => {
    await page.goto('/dashboard/companies');
    await page.getByRole('button', { name: 'Import Companies' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import Companies' });
    await wizard.getByLabel('Upload file').setInputFiles(`${root}e2e/fixtures/companies-import.csv`);
    await expect(wizard.getByLabel('Field for column Company Name')).toHaveValue('name');
    await expectNoSeriousViolations(page, 'import wizard, mapping', inDialog);
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await expect(wizard.getByText(/^Review (Duplicates|Import)$/).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'import wizard, review', inDialog);
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard this import?' });
    await expect(discard).toBeVisible();
    await expectNoSeriousViolations(page, 'import wizard, Discard this import?', inDialog);
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(wizard).toBeHidden();
  });
});

test('onboarding and the admin console at 1280 px have no serious violations', async ({ page }) => {
  // Onboarding's four steps and every console page, each scanned: as long a walk as the sales pages'.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('axe.staff');
  await signUp(page, 'Alex Staff', email, 'pennant-pass');
  await expect(page).toHaveURL(/\/onboarding/);
  await settled(page);
  await expectNoSeriousViolations(page, 'onboarding, Organization Setup');
  const orgName = `Axe Admins ${Date.now().toString(36)}`;
  await page.getByLabel('Organization Name').fill(orgName);
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByRole('checkbox', { name: 'Outfield Banner' })).toBeVisible();
  await expectNoSeriousViolations(page, 'onboarding, Products Menu');
  await page.getByRole('checkbox', { name: 'Outfield Banner' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await settled(page);
  await expectNoSeriousViolations(page, 'onboarding, Products Menu (prices)');
  await page.getByRole('button', { name: 'Next' }).click();
  await settled(page);
  await expectNoSeriousViolations(page, 'onboarding, Products Menu (review)');
  await page.getByRole('button', { name: 'Finish & Continue' }).click();
  await expect(page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' })).toBeVisible();
  await expectNoSeriousViolations(page, 'onboarding, Choose Your Roles');

  await grantPlatformAdmin(page, email);
  for (const { url, dialogs } of ADMIN_PAGES) {
    await scan(page, url);
    for (const [button, dialog] of dialogs ?? []) await scanDialog(page, button, dialog);
  }

  await test.step('the impersonation banner over the club’s pages, and an audit entry', async () => {
    await page.goto('/admin/orgs');
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill(orgName);
    await expect(page.getByText('Showing 1 of 1 organizations')).toBeVisible();
    await page
      .getByRole('button', { name: `Impersonate ${orgName}` })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Admin Impersonation Mode' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, '/dashboard while impersonating');
    await page.getByRole('button', { name: 'Exit Impersonation' }).click();
    await expect(page).toHaveURL(/\/admin\/orgs$/);
    await page.goto('/admin/audit-logs');
    await scanDialog(page, /^View start_impersonation/, 'Audit Log Entry');
  });
});

test('at 390 px the shell, its drawer and the lists; every dialog kind keeps focus and closes with Escape', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await onboardNewOrganization(page, `Axe Phones ${Date.now().toString(36)}`);
  await makePremium(page);
  const ids = await seed(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // The lists are cards on a phone, and the detail pages stack.
  for (const url of ['/dashboard/companies', `/dashboard/companies/${ids.companyId}`, '/dashboard/agreements']) {
    await scan(page, url, `${url} at 390 px`);
  }
  await scan(page, '/dashboard', '/dashboard at 390 px');

  await test.step('the navigation drawer', async () => {
    const opener = page.getByRole('button', { name: 'Open navigation' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await expectNoSeriousViolations(page, '/dashboard at 390 px with the drawer open');
    await expectFocusTrapped(page, drawer, opener);
  });

  await test.step('the user menu closes with Escape and gives focus back', async () => {
    const opener = page.getByRole('button', { name: 'User menu' });
    await opener.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // While the menu is open nothing behind it can take focus: Tab stays in the menu (Radix's
    // modal menu also turns pointer events off outside it), which is what makes the one rule
    // below a false positive.
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await expectNoSeriousViolations(page, '/dashboard at 390 px with the user menu open', {
      falsePositives: {
        'aria-hidden-focus':
          'a modal menu hides the page behind it (aria-hidden) while keeping Tab and the pointer in the menu; ' +
          'axe sees the hidden links but not the trap (it allows the same for role="dialog")',
      },
    });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
  });

  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step('Dialog: Invite User', async () => {
    await page.goto('/dashboard/settings?tab=users');
    const opener = page.getByRole('button', { name: 'Invite User' });
    await opener.click();
    await expectFocusTrapped(page, page.getByRole('dialog', { name: 'Invite User' }), opener);
  });

  await test.step('Sheet: New Product', async () => {
    await page.goto('/dashboard/products');
    const opener = page.getByRole('button', { name: 'New Product' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Add New Product' });
    await expect(drawer).toBeVisible();
    await expectNoSeriousViolations(page, '/dashboard/products with the New Product drawer open');
    await expectFocusTrapped(page, drawer, opener);
  });

  await test.step('the campaign wizard (its own Radix dialog): New Campaign', async () => {
    await page.goto('/dashboard/fundraising');
    const opener = page.getByRole('button', { name: 'New Campaign' });
    await opener.click();
    await expectFocusTrapped(page, page.getByRole('dialog', { name: 'New Campaign' }), opener);
  });

  await test.step('a success toast: Logout', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expectNoSeriousViolations(page, 'sign-in with the Logged out successfully toast');
  });
});

test('the public site, sign-in, sign-up and the pages without an organization have no serious violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // SITE_PATHS is the public bundle's own list; the donation page with a real campaign is scanned
  // by the club's test, here its "Campaign ID is required" state.
  for (const path of SITE_PATHS) await scan(page, path);
  // The unsubscribe link's two outcomes, as the server's redirect writes them.
  await scan(page, '/unsubscribe?unsubscribe=success', 'unsubscribed');
  await scan(page, '/unsubscribe?unsubscribe=error&reason=invalid-link', 'unsubscribe error');
  await scan(page, '/auth?mode=signin', 'sign-in');
  await scan(page, '/auth?mode=signup', 'sign-up');
  await scan(page, '/auth/accept-invite', 'accept invite (no invitation)');
  await scan(page, '/auth/confirm-email', 'confirm e-mail (no token)');
  await scan(page, '/no-such-page', 'not found');

  // An error toast (the Toaster's rich colours), over the sign-in page.
  await signIn(page, uniqueEmail('axe.nobody'), 'not-the-password');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-in with the Login failed toast');
});

/** As admin.spec.ts: `npm run admin -- grant <email>` against the journeys' running server. */
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
