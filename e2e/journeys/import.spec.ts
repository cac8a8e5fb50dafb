import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { makePremium, onboardNewOrganization } from './helpers';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** The demo organization's companies that the fixtures repeat (by name or by website). */
const EXISTING = [
  { name: 'Hometown Hardware', website: 'https://hometownhardware.example', status: 'sponsor' },
  { name: 'Blue Line Pizza', website: 'https://bluelinepizza.example', status: 'contacted' },
  { name: 'Summit Auto Group', website: 'https://summitauto.example', status: 'prospect' },
];

async function allCount(page: Page): Promise<number> {
  const tab = page.getByRole('tab', { name: /^All/ });
  await expect(tab).toHaveText(/\d/);
  return Number((await tab.textContent())?.replace(/\D/g, ''));
}

// A fresh organization, so the counts move only with this journey's imports.
test('import a CSV and the second sheet of a workbook, skipping duplicates of existing companies', async ({ page }) => {
  await onboardNewOrganization(page, 'Import Boosters');
  // Bulk import is a premium feature.
  await makePremium(page);
  for (const company of EXISTING) {
    const status = await page.evaluate(async (body) => {
      const res = await fetch('/api/companies', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.status;
    }, company);
    expect(status).toBe(201);
  }

  await page.goto('/dashboard/companies');
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  await expect.poll(() => allCount(page)).toBe(3);

  // CSV: 8 lines, one blank and one without a name; 2 of the other 6 are duplicates.
  await page.getByRole('button', { name: 'Import Companies' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import Companies' });
  await expect(wizard.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await wizard.getByLabel('Upload file').setInputFiles(fixture('companies-import.csv'));
  await expect(page.getByText('Successfully processed 7 rows from companies-import.csv')).toBeVisible();
  await expect(wizard.getByLabel('Field for column Company Name')).toHaveValue('name');
  await expect(wizard.getByLabel('Field for column Email')).toHaveValue('contact_email');
  await expect(wizard.getByLabel('Field for column Phone')).toHaveValue('contact_phone');
  await expect(wizard.getByText('86% filled')).toHaveCount(3);
  await expect(wizard.getByText('43% filled')).toBeVisible();
  // One field per column: Company Name is taken, so another column cannot take it.
  await expect(wizard.getByLabel('Field for column Contact Name').locator('option[value="name"]')).toBeDisabled();
  await wizard.getByRole('button', { name: 'Continue' }).click();

  await expect(wizard.getByText('Review Duplicates')).toBeVisible();
  const dupes = wizard.getByRole('region', { name: 'Duplicates' });
  await expect(dupes.getByText('Exact name match')).toBeVisible();
  await expect(dupes.getByText('Website match')).toBeVisible();
  await expect(wizard.getByLabel('Action for hometown hardware')).toHaveValue('skip');
  await expect(wizard.getByLabel('Action for Blue Line Pizza & Pasta')).toHaveValue('skip');
  await wizard.getByRole('button', { name: 'Continue' }).click();

  await expect(wizard.getByText('Review Import')).toBeVisible();
  const review = wizard.getByRole('region', { name: 'Companies to import' });
  await expect(review.getByText('Lakeside Coffee Roasters')).toBeVisible();
  await expect(review.getByText('hometown hardware')).toHaveCount(0);
  await wizard.getByRole('button', { name: 'Import 4 Companies' }).click();
  // The server imports in the background and the bar follows its rows; four rows can be done
  // before the bar is looked at, so either the bar or the result will do here (the 1,200-row
  // import below shows the bar).
  await expect(wizard.getByText('Importing', { exact: true })).toBeVisible();
  const done = page.getByText('Successfully imported 4 companies');
  await expect(wizard.getByRole('progressbar', { name: 'Import progress' }).or(done)).toBeVisible();
  await expect(done).toBeVisible();
  await expect(page.getByText('2 duplicates skipped')).toBeVisible();
  await expect(wizard).toBeHidden();
  await expect.poll(() => allCount(page)).toBe(7);

  // Workbook: two sheets; the second has 5 rows, 2 of them duplicates (one of the CSV's rows).
  await page.getByRole('button', { name: 'Import Companies' }).click();
  await wizard.getByLabel('Upload file').setInputFiles(fixture('companies-two-sheets.xlsx'));
  await expect(wizard.getByText('Choose Sheet')).toBeVisible();
  await wizard.getByRole('radio', { name: 'Prospects 2025' }).check();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Successfully loaded data from sheet Prospects 2025')).toBeVisible();
  await expect(wizard.getByLabel('Field for column Business')).toHaveValue('name');
  await expect(wizard.getByLabel('Field for column Web Site')).toHaveValue('website');
  await expect(wizard.getByLabel('Field for column Region')).toHaveValue('');
  // Back returns to the sheet choice, and forward again.
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(wizard.getByRole('radio', { name: 'Prospects 2025' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByLabel('Field for column Business')).toHaveValue('name');
  await wizard.getByRole('button', { name: 'Continue' }).click();

  await expect(wizard.getByLabel('Action for Summit Auto Group')).toHaveValue('skip');
  await expect(wizard.getByLabel('Action for Lakeside Coffee Roasters')).toHaveValue('skip');
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await wizard.getByRole('button', { name: 'Import 3 Companies' }).click();
  await expect(page.getByText('Successfully imported 3 companies')).toBeVisible();
  await expect(wizard).toBeHidden();
  await expect.poll(() => allCount(page)).toBe(10);
  await expect(page.getByRole('tab', { name: /Pipeline/ })).toHaveText(/9/);

  // An imported company starts as a prospect with its contact.
  await page.getByLabel('Search companies').fill('Harbor Insurance');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: 'Harbor Insurance Agency' }).click();
  await expect(page.getByRole('heading', { name: 'Harbor Insurance Agency', level: 1 })).toBeVisible();
  await expect(page.getByText('Maya Chen')).toBeVisible();
  await expect(page.getByText('(555) 720-1100')).toBeVisible();
});

test('rows the company form would refuse are rejected one by one and named in the result', async ({ page }) => {
  await onboardNewOrganization(page, 'Careful Boosters');
  await makePremium(page);
  await page.goto('/dashboard/companies');
  const lines = ['Company,Email,Website'];
  for (let i = 1; i <= 1200; i++) lines.push(`Careful Co ${i},c${i}@example.com,careful${i}.example`);
  lines[5] = 'Script Co,script@example.com,javascript:alert(1)';
  lines[700] = 'Mail Co,not-an-email,mail.example';
  await page.getByRole('button', { name: 'Import Companies' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import Companies' });
  await wizard.getByLabel('Upload file').setInputFiles({
    name: 'careful.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  });
  await expect(page.getByText('Successfully processed 1200 rows from careful.csv')).toBeVisible();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByText('Review Import')).toBeVisible();
  await expect(wizard.getByText(/2 rows have a value the company form would not accept/)).toBeVisible();
  await wizard.getByRole('button', { name: 'Import 1200 Companies' }).click();
  await expect(wizard.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByText('Successfully imported 1,198 companies (2 failed)')).toBeVisible();
  await expect(page.getByText('Row 6: Website: Please enter a valid website')).toBeVisible();
  await expect(page.getByText('Row 701: Contact Email: Please enter a valid email address')).toBeVisible();
  await expect(wizard).toBeHidden();
});

test('a free organization is offered the upgrade instead of the import', async ({ page }) => {
  await onboardNewOrganization(page, 'Thrifty Boosters');
  await page.goto('/dashboard/companies');
  await page.getByRole('button', { name: 'Import Companies' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Plan' });
  await expect(upgrade).toBeVisible();
  await expect(
    upgrade.getByText('Bulk import is a Premium feature. Upgrade to Premium to import companies from a file.'),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Import Companies' })).toHaveCount(0);
});

test('the wizard refuses files of another type or over the limits, and asks before discarding', async ({ page }) => {
  await onboardNewOrganization(page, 'Picky Boosters');
  await makePremium(page);
  await page.goto('/dashboard/companies');
  await page.getByRole('button', { name: 'Import Companies' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import Companies' });
  await wizard.getByLabel('Upload file').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  });
  await expect(wizard.getByText('Please upload a CSV or Excel file (.csv, .xlsx, .xls)')).toBeVisible();
  await wizard.getByLabel('Upload file').setInputFiles({
    name: 'empty.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Company Name,Website\n'),
  });
  await expect(wizard.getByText('The file must contain at least a header row and one data row')).toBeVisible();
  // A text file renamed .xlsx is not a workbook.
  await wizard.getByLabel('Upload file').setInputFiles({
    name: 'companies.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('Company Name\nAcme\n'),
  });
  await expect(wizard.getByText('Please upload a CSV or Excel file (.csv, .xlsx, .xls)')).toBeVisible();
  // More than 100,000 rows is refused before anything is uploaded.
  await wizard.getByLabel('Upload file').setInputFiles({
    name: 'huge.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Company Name\n${'Acme\n'.repeat(100_001)}`),
  });
  await expect(
    wizard.getByText('The file has more than 100,000 rows. Split it into smaller files and import them one at a time.'),
  ).toBeVisible();
  // Clicking outside does not close the wizard.
  await page.mouse.click(5, 5);
  await expect(wizard).toBeVisible();

  // Past the upload, Escape asks before discarding the work.
  await wizard.getByLabel('Upload file').setInputFiles(fixture('companies-import.csv'));
  await expect(wizard.getByLabel('Field for column Company Name')).toHaveValue('name');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard this import?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(wizard.getByLabel('Field for column Company Name')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Discard this import?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(wizard).toBeHidden();
});
