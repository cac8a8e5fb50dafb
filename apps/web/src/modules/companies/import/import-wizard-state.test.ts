import type { TImportTable } from '@pennant/shared/companies/import-mapping';
import type { TImportDuplicate } from '@pennant/shared/companies/schemas';
import { describe, expect, it } from 'vitest';
import {
  canContinue,
  closeConfirmation,
  INITIAL_IMPORT_WIZARD,
  importIdOf,
  importWizardReducer,
  NO_DECISIONS,
  previousStep,
  skippedRows,
  type TImportWizardAction,
  type TImportWizardState,
} from './import-wizard-state';

const file = new File(['Company Name,Email\nAcme,a@acme.example\n'], 'companies.csv', { type: 'text/csv' });

const table: TImportTable = {
  headers: ['Company Name', 'Email', 'Region'],
  rows: [
    { rowNumber: 2, values: { 'Company Name': 'Acme', Email: 'a@acme.example', Region: 'North' } },
    { rowNumber: 3, values: { 'Company Name': 'Globex', Email: '', Region: 'South' } },
  ],
};

const duplicate: TImportDuplicate = {
  rowIndex: 1,
  rowNumber: 3,
  importRow: { name: 'Globex', website: null },
  existingCompany: {
    id: 'c1',
    name: 'Globex',
    website: null,
    status: 'prospect',
    createdAt: '2026-01-05T10:00:00.000Z',
  },
  matchReason: 'Exact name match',
  action: 'skip',
};

const run = (actions: TImportWizardAction[], from: TImportWizardState = INITIAL_IMPORT_WIZARD) =>
  actions.reduce(importWizardReducer, from);

const csvUploaded: TImportWizardAction = { type: 'fileUploaded', file, importId: 'imp1', sheets: [], table };
const workbookUploaded: TImportWizardAction = {
  type: 'workbookUploaded',
  file,
  importId: 'imp2',
  sheets: ['Sponsors 2024', 'Prospects 2025'],
};
const oneDuplicate: TImportWizardAction = { type: 'duplicatesChecked', duplicates: [duplicate], duplicateRows: [1] };
const noDuplicates: TImportWizardAction = { type: 'duplicatesChecked', duplicates: [], duplicateRows: [] };

describe('importWizardReducer', () => {
  it('starts on the upload, with nothing uploaded', () => {
    expect(INITIAL_IMPORT_WIZARD).toEqual({ step: 'upload', busy: null, error: null, confirm: null });
    expect(importIdOf(INITIAL_IMPORT_WIZARD)).toBeNull();
  });

  it('goes from a CSV to its mapping, with the columns matched automatically', () => {
    const state = run([csvUploaded]);
    expect(state.step).toBe('mapping');
    if (state.step !== 'mapping') return;
    expect(state.mapping).toEqual({ 'Company Name': 'name', Email: 'contact_email' });
    expect(state.table).toBe(table);
    expect(state.sheet).toBeNull();
    expect(importIdOf(state)).toBe('imp1');
  });

  it('asks for a sheet of a workbook with several, the first chosen, then maps the loaded one', () => {
    const sheet = run([workbookUploaded]);
    expect(sheet).toMatchObject({ step: 'sheet', sheet: 'Sponsors 2024', importId: 'imp2' });
    const chosen = run([{ type: 'sheetChosen', sheet: 'Prospects 2025' }], sheet);
    expect(chosen).toMatchObject({ step: 'sheet', sheet: 'Prospects 2025' });
    const mapped = run([{ type: 'sheetLoaded', table }], chosen);
    expect(mapped).toMatchObject({ step: 'mapping', sheet: 'Prospects 2025', mapping: { 'Company Name': 'name' } });
  });

  it('goes to the duplicates when the server found some, else straight to the review', () => {
    expect(run([csvUploaded, oneDuplicate])).toMatchObject({
      step: 'duplicates',
      duplicates: [duplicate],
      duplicateRows: [1],
      decisions: NO_DECISIONS,
    });
    expect(run([csvUploaded, noDuplicates]).step).toBe('review');
  });

  it('records a decision for one duplicate, and one for all that clears the single ones', () => {
    const one = run([csvUploaded, oneDuplicate, { type: 'duplicateDecided', rowIndex: 1, action: 'create_new' }]);
    expect(one).toMatchObject({ decisions: { defaultAction: 'skip', overrides: { '1': 'create_new' } } });
    const all = run([{ type: 'allDuplicatesDecided', action: 'merge' }], one);
    expect(all).toMatchObject({ decisions: { defaultAction: 'merge', overrides: {} } });
  });

  it('runs the import from the review, and returns to the review when it could not start', () => {
    const review = run([csvUploaded, oneDuplicate, { type: 'duplicatesReviewed' }]);
    expect(review.step).toBe('review');
    const importing = run([{ type: 'importStarted' }], { ...review, error: 'Old message' });
    expect(importing).toMatchObject({ step: 'importing', error: null, importId: 'imp1' });
    expect(run([{ type: 'importFailed' }], importing)).toMatchObject({ step: 'review', duplicateRows: [1] });
  });

  it('goes back step by step, keeping what was chosen and clearing the error', () => {
    const review = run([csvUploaded, oneDuplicate, { type: 'duplicateDecided', rowIndex: 1, action: 'merge' }]);
    const reviewed = run([{ type: 'duplicatesReviewed' }, { type: 'error', message: 'Oops' }], review);
    const duplicates = run([{ type: 'back' }], reviewed);
    expect(duplicates).toMatchObject({ step: 'duplicates', error: null, decisions: { overrides: { '1': 'merge' } } });
    const mapping = run([{ type: 'back' }], duplicates);
    expect(mapping).toEqual({ ...run([csvUploaded]), error: null });
    expect(run([{ type: 'back' }], mapping)).toEqual(INITIAL_IMPORT_WIZARD);
    // Without duplicates the review goes back to the mapping.
    expect(run([csvUploaded, noDuplicates, { type: 'back' }]).step).toBe('mapping');
  });

  it('goes back from the mapping of a workbook to its sheet choice, the sheet kept', () => {
    const mapping = run([
      workbookUploaded,
      { type: 'sheetChosen', sheet: 'Prospects 2025' },
      { type: 'sheetLoaded', table },
    ]);
    const sheet = run([{ type: 'back' }], mapping);
    expect(sheet).toEqual({
      step: 'sheet',
      file,
      importId: 'imp2',
      sheets: ['Sponsors 2024', 'Prospects 2025'],
      sheet: 'Prospects 2025',
      busy: null,
      error: null,
      confirm: null,
    });
    expect(run([{ type: 'back' }], sheet).step).toBe('upload');
  });

  it('resets to the upload from any step', () => {
    const busy = run([
      csvUploaded,
      oneDuplicate,
      { type: 'busy', label: 'Loading...' },
      { type: 'confirm', confirm: 'discard' },
    ]);
    expect(run([{ type: 'reset' }], busy)).toBe(INITIAL_IMPORT_WIZARD);
  });

  it('ignores actions that do not fit the step', () => {
    const mapping = run([csvUploaded]);
    const review = run([noDuplicates], mapping);
    const importing = run([{ type: 'importStarted' }], review);
    const ignored: [TImportWizardState, TImportWizardAction][] = [
      [INITIAL_IMPORT_WIZARD, { type: 'back' }],
      [INITIAL_IMPORT_WIZARD, { type: 'sheetLoaded', table }],
      [INITIAL_IMPORT_WIZARD, oneDuplicate],
      [INITIAL_IMPORT_WIZARD, { type: 'importStarted' }],
      [mapping, csvUploaded],
      [mapping, workbookUploaded],
      [mapping, { type: 'sheetChosen', sheet: 'Sponsors 2024' }],
      [mapping, { type: 'duplicatesReviewed' }],
      [mapping, { type: 'importStarted' }],
      [review, { type: 'mappingChanged', mapping: {} }],
      [review, { type: 'duplicateDecided', rowIndex: 1, action: 'merge' }],
      [review, { type: 'importFailed' }],
      [importing, { type: 'back' }],
      [importing, { type: 'importStarted' }],
      [run([workbookUploaded]), { type: 'sheetChosen', sheet: 'Not a sheet' }],
    ];
    for (const [state, action] of ignored) expect(importWizardReducer(state, action)).toBe(state);
  });
});

describe('the wizard rules', () => {
  it('continues from the mapping only once Company Name is mapped, and not while busy', () => {
    const mapping = run([csvUploaded]);
    expect(canContinue(mapping, 0)).toBe(true);
    expect(canContinue(run([{ type: 'mappingChanged', mapping: { Email: 'contact_email' } }], mapping), 0)).toBe(false);
    expect(canContinue(run([{ type: 'mappingChanged', mapping: { Region: 'name' } }], mapping), 0)).toBe(true);
    expect(canContinue(run([{ type: 'busy', label: 'Checking for duplicates...' }], mapping), 0)).toBe(false);
  });

  it('continues from the sheet choice unless busy, from the duplicates always, and imports only something', () => {
    const sheet = run([workbookUploaded]);
    expect(canContinue(sheet, 0)).toBe(true);
    expect(canContinue(run([{ type: 'busy', label: 'Loading...' }], sheet), 0)).toBe(false);
    expect(canContinue(run([csvUploaded, oneDuplicate]), 0)).toBe(true);
    const review = run([csvUploaded, noDuplicates]);
    expect(canContinue(review, 0)).toBe(false);
    expect(canContinue(review, 2)).toBe(true);
    expect(canContinue(INITIAL_IMPORT_WIZARD, 2)).toBe(false);
    expect(canContinue(run([{ type: 'importStarted' }], review), 2)).toBe(false);
  });

  it('knows where Back goes', () => {
    expect(previousStep(INITIAL_IMPORT_WIZARD)).toBeNull();
    expect(previousStep(run([csvUploaded]))).toBe('upload');
    expect(previousStep(run([workbookUploaded, { type: 'sheetLoaded', table }]))).toBe('sheet');
    expect(previousStep(run([csvUploaded, oneDuplicate, { type: 'duplicatesReviewed' }]))).toBe('duplicates');
    expect(previousStep(run([csvUploaded, noDuplicates]))).toBe('mapping');
    expect(previousStep(run([csvUploaded, noDuplicates, { type: 'importStarted' }]))).toBeNull();
  });

  it('asks before closing past the upload, and while importing asks about leaving', () => {
    expect(closeConfirmation('upload')).toBeNull();
    expect(closeConfirmation('mapping')).toBe('discard');
    expect(closeConfirmation('review')).toBe('discard');
    expect(closeConfirmation('importing')).toBe('leave');
  });

  it('skips the duplicates whose action is skip', () => {
    expect(skippedRows([1, 4, 7], { defaultAction: 'skip', overrides: { '4': 'create_new' } })).toEqual(
      new Set([1, 7]),
    );
    expect(skippedRows([1, 4], { defaultAction: 'merge', overrides: { '1': 'skip' } })).toEqual(new Set([1]));
  });
});
