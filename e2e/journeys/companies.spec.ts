import { expect, test } from '@playwright/test';
import { onboardNewOrganization } from './helpers';

// The journey makes its own organization, so it runs beside any other in any order.
test('add a company with a contact, find it, change its status and keep notes on it', async ({ page }) => {
  const name = `Cobalt Brewing ${Date.now().toString(36)}`;
  await onboardNewOrganization(page, `Cobalt Boosters ${Date.now().toString(36)}`);

  await page.goto('/dashboard/companies');
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add Company' }).click();
  await expect(page).toHaveURL(/\/dashboard\/companies\/new$/);

  // The name is required once trimmed.
  await page.getByLabel('Company Name').fill('   ');
  await page.getByRole('button', { name: 'Create Company' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();

  await page.getByLabel('Company Name').fill(name);
  await page.getByLabel('Relationship Status').selectOption({ label: 'Contacted' });
  await page.getByLabel('Website').fill('cobaltbrewing.example');
  await page.getByLabel('Industry').fill('Brewery');
  await page.getByLabel('Contact Name').fill('Riley Stone');
  await page.getByLabel('Title').fill('Taproom Manager');
  await page.getByLabel('Email').fill('riley@cobaltbrewing.example');
  const phone = page.getByLabel('Phone');
  await phone.pressSequentially('5553337788');
  await expect(phone).toHaveValue('(555) 333-7788');
  await page.getByRole('button', { name: 'Create Company' }).click();

  await expect(page.getByText('Company created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/companies\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Riley Stone')).toBeVisible();
  await expect(page.getByText('Taproom Manager')).toBeVisible();

  // Find it by search on the list and change its status there.
  await page.getByRole('link', { name: 'Companies' }).first().click();
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  await page.getByLabel('Search companies').fill(name);
  await page.getByLabel('Search companies').press('Enter');
  const rows = page.getByRole('list', { name: 'Companies' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('link', { name })).toBeVisible();
  await expect(rows.first().getByText('Never contacted')).toBeVisible();

  await page.getByLabel(`Status for ${name}`).selectOption('negotiating');
  await expect(page.getByText('Status Updated')).toBeVisible();
  await page.getByRole('tab', { name: /Pipeline/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByLabel(`Status for ${name}`)).toHaveValue('negotiating');

  // Notes on the detail page: the counter, the limit, add and delete.
  await rows.first().getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Notes' }).click();
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes.getByText('Status changed from Contacted to Negotiating')).toBeVisible();
  const box = page.getByLabel('Add a note');
  await expect(page.getByText('0/2000')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Note' })).toBeDisabled();
  await box.fill('x'.repeat(2001));
  await expect(page.getByText('Character limit exceeded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Note' })).toBeDisabled();
  await box.fill('Called Riley; sending the banner price sheet on Friday.');
  await expect(page.getByText('55/2000')).toBeVisible();
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Note added successfully')).toBeVisible();
  const note = notes.getByRole('listitem').filter({ hasText: 'Called Riley' });
  await expect(note).toBeVisible();
  await note.getByRole('button', { name: 'Delete note' }).click();
  await page.getByRole('dialog', { name: 'Delete Note' }).getByRole('button', { name: 'Delete Note' }).click();
  await expect(page.getByText('Note deleted successfully')).toBeVisible();
  await expect(notes.getByText('Called Riley')).toHaveCount(0);

  await test.step('an unknown company id says so', async () => {
    await page.goto('/dashboard/companies/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Company not found' })).toBeVisible();
  });

  await test.step('the Active Sponsors tab by address, the other tabs and the row menu', async () => {
    await page.goto('/dashboard/companies');
    await page.getByLabel(`Status for ${name}`).selectOption('sponsor');
    await expect(page.getByText('Status Updated')).toBeVisible();
    await page.goto('/dashboard/companies?tab=sponsors');
    await expect(page.getByRole('tab', { name: /Active Sponsors/ })).toHaveAttribute('aria-selected', 'true');
    for (const tab of ['All', 'Pipeline', 'Former']) {
      await expect(page.getByRole('tab', { name: new RegExp(tab) })).toBeVisible();
    }
    const first = page.getByRole('list', { name: 'Companies' }).getByRole('listitem').first();
    const sponsor = name;
    await expect(first.getByRole('link', { name })).toBeVisible();
    await first.getByRole('button', { name: `Actions for ${sponsor}` }).click();
    for (const item of ['View Details', 'Add Note', 'Create Quote', 'Delete Company']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: 'Delete Company' }).click();
    await expect(
      page.getByText('Are you sure you want to delete this company? This action cannot be undone.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(first.getByRole('link', { name: sponsor })).toBeVisible();
  });
});
