import { expect, test } from '@playwright/test';
import { onboardNewOrganization } from './helpers';

const DUPLICATE = "This email is already in this company's contacts list";

// The journey makes its own organization, so it runs beside any other in any order.
test('a contact cannot be added twice; deleting a note asks first', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const company = `Juniper Hardware ${stamp}`;
  await onboardNewOrganization(page, `Juniper Boosters ${stamp}`);

  await page.goto('/dashboard/companies/new');
  await page.getByLabel('Company Name').fill(company);
  await page.getByRole('button', { name: 'Create Company' }).click();
  await expect(page.getByRole('heading', { name: company, level: 1 })).toBeVisible();

  await test.step('add a contact', async () => {
    await page.getByRole('tab', { name: /Contacts/ }).click();
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const form = page.getByRole('form', { name: 'New Contact' });
    await form.getByLabel('Name').fill('Morgan Reyes');
    await form.getByLabel('Email').fill('morgan@juniper.example');
    await form.getByRole('button', { name: 'Save Contact' }).click();
    await expect(page.getByText('Contact added')).toBeVisible();
    const contacts = page.getByRole('list', { name: 'Contacts' });
    await expect(contacts.getByText('Morgan Reyes')).toBeVisible();
    await expect(contacts.getByText('Primary')).toBeVisible();
  });

  await test.step('the same e-mail again (in capitals) is refused on the email field', async () => {
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const form = page.getByRole('form', { name: 'New Contact' });
    await form.getByLabel('Name').fill('Morgan R.');
    await form.getByLabel('Email').fill('MORGAN@Juniper.example');
    await form.getByRole('button', { name: 'Save Contact' }).click();
    const email = form.getByLabel('Email');
    await expect(form.getByRole('alert')).toHaveText(DUPLICATE);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(DUPLICATE);
    // The form stays open with what was typed; nothing was added.
    await expect(email).toHaveValue('MORGAN@Juniper.example');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('list', { name: 'Contacts' }).getByRole('listitem')).toHaveCount(1);
  });

  await test.step('add a note, then delete it: cancel keeps it, confirm removes it', async () => {
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByLabel('Add a note').fill('Morgan wants a dugout sign quote by Friday.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expect(page.getByText('Note added successfully')).toBeVisible();
    const notes = page.getByRole('region', { name: 'Notes' });
    const note = notes.getByRole('listitem').filter({ hasText: 'Morgan wants a dugout sign' });
    await expect(note).toBeVisible();

    await note.getByRole('button', { name: 'Delete note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Note' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('Are you sure you want to delete this note? This action cannot be undone.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(note).toBeVisible();

    await note.getByRole('button', { name: 'Delete note' }).click();
    await dialog.getByRole('button', { name: 'Delete Note' }).click();
    await expect(page.getByText('Note deleted successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(notes.getByText('Morgan wants a dugout sign')).toHaveCount(0);
  });
});
