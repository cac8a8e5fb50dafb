// @vitest-environment jsdom
import { FUNDRAISING_MESSAGES as M } from '@pennant/shared/fundraising/schemas';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../catalogue/test-helpers';
import { AlumniContactsStep } from './AlumniContactsStep';
import { chooseFile, renderStep, typeInto } from './test-harness';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const alumni = {
  campaign_type: 'alumni' as const,
  manualAlumniContacts: [{ id: 'a1', name: 'Eve Stone', email: 'eve@example.org' }],
};
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const listRows = () =>
  within(screen.getByRole('table', { name: 'Alumni contacts' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('AlumniContactsStep', () => {
  it('adds a contact by name and email with the spec messages', () => {
    const state = renderStep(AlumniContactsStep, alumni);
    const add = () => fireEvent.click(button('Add Contact'));
    const message = () => screen.getByRole('alert').textContent;

    typeInto('Name', 'Ray Park');
    add();
    expect(message()).toBe(M.enterNameAndEmail);
    typeInto('Email', 'ray@');
    add();
    expect(message()).toBe(M.invalidEmailFormat);
    typeInto('Email', 'EVE@example.org');
    add();
    expect(message()).toBe(M.emailInList);
    typeInto('Email', 'Ray@Example.org');
    add();
    expect(state.form.manualAlumniContacts.at(-1)).toMatchObject({ name: 'Ray Park', email: 'ray@example.org' });
    expect(listRows()).toEqual([expect.stringContaining('Eve Stone'), expect.stringContaining('Ray Park')]);
    expect(screen.getByLabelText('2 contacts')).toBeTruthy();
  });

  it('imports a CSV through the mapping and the preview, skipping rows with errors', async () => {
    const state = renderStep(AlumniContactsStep, alumni);
    chooseFile('Upload an alumni CSV file', 'notes.txt', 'Name,Email\n', 'text/plain');
    expect(await screen.findByText(M.csvOnly)).toBeTruthy();

    chooseFile(
      'Upload an alumni CSV file',
      'class-of-2010.csv',
      [
        'Full Name,Email Address,Year',
        'Gus Hale,gus@example.org,2010',
        ',nameless@example.org,2010',
        'No Mail,,2010',
        'Bad Mail,bad@mail,2010',
        'Eve Again,Eve@Example.org,2010',
      ].join('\n'),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Map CSV Columns' });
    expect(within(dialog).queryByLabelText(/Player/)).toBeNull();
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/Contact Name/).value).toBe('Full Name');
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/Contact Email/).value).toBe('Email Address');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Mapping' }));

    const table = screen.getByRole('table', { name: 'Import Preview' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Row', 'Name', 'Email', 'Status']);
    const status = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.lastElementChild?.textContent);
    expect(status).toEqual(['Valid', 'Missing name', 'Missing email', 'Invalid email', 'Duplicate (already added)']);

    fireEvent.click(button('Import 1 contact'));
    expect(state.form.manualAlumniContacts.map((c) => c.email)).toEqual(['eve@example.org', 'gus@example.org']);
    expect(toast.info).toHaveBeenCalledWith(M.skippedDuplicates(1));
    expect(toast.success).toHaveBeenCalledWith(M.importedFromCsv(1));
    expect(screen.queryByRole('table', { name: 'Import Preview' })).toBeNull();
  });

  it('says when a file has no valid contact', async () => {
    const state = renderStep(AlumniContactsStep, alumni);
    chooseFile('Upload an alumni CSV file', 'bad.csv', 'Name,Email\nNo Mail,\n,x@example.org\n');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Mapping' }));
    fireEvent.click(button('Import 0 contacts'));
    expect(screen.getByText(M.noValidContacts)).toBeTruthy();
    expect(state.form.manualAlumniContacts).toHaveLength(1);
  });

  it('removes a contact, but not one already e-mailed on a sent campaign', () => {
    const state = renderStep(
      AlumniContactsStep,
      {
        ...alumni,
        manualAlumniContacts: [
          ...alumni.manualAlumniContacts,
          { id: 'a2', name: 'Gus Hale', email: 'gus@example.org' },
        ],
      },
      { locked: true, sent: ['eve@example.org'] },
    );
    expect(screen.getByText(M.contactsLocked)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Upload an alumni CSV file').disabled).toBe(true);
    expect(listRows()[0]).toContain('Email Sent');
    expect(listRows()[1]).not.toContain('Email Sent');

    fireEvent.click(button('Remove Eve Stone'));
    expect(toast.error).toHaveBeenCalledWith(M.cannotRemoveSent);
    expect(button('Remove Eve Stone').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button('Remove Gus Hale'));
    expect(state.form.manualAlumniContacts.map((c) => c.name)).toEqual(['Eve Stone']);
  });
});
