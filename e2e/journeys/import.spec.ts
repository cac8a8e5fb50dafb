import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { onboardNewOrganization } from './helpers';

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
  await expect(page.getByText('Successfully imported 4 companies')).toBeVisible();
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

test('the wizard refuses files of another type', async ({ page }) => {
  await onboardNewOrganization(page, 'Picky Boosters');
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
  // Clicking outside does not close the wizard.
  await page.mouse.click(5, 5);
  await expect(wizard).toBeVisible();
});
