import { describe, expect, it } from 'vitest';
import {
  autoMatch,
  checkImportRecord,
  duplicateMatcher,
  fillTone,
  hasCompanyNameColumn,
  ImportTableReader,
  matchScore,
  missingRequiredTargets,
  percentFilled,
  readImportTable,
  sampleValues,
  toImportRecords,
  workbookKindOf,
  workbookNameMismatch,
} from './import-mapping';
import {
  duplicateAction,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  importPercent,
  importResultMessage,
  plural,
  ZCompanyCreate,
  ZImportDecisions,
  ZImportMapping,
  ZImportRow,
} from './schemas';

describe('matchScore', () => {
  it('scores exact 100, partial 50, plus 10 under 15 characters', () => {
    expect(matchScore('Company', 'name')).toBe(110);
    expect(matchScore('Organization Name', 'name')).toBe(100);
    expect(matchScore('Our Company', 'name')).toBe(60);
    expect(matchScore('Sponsor Company', 'name')).toBe(50);
    expect(matchScore('Legal Business Entity', 'name')).toBe(50);
    expect(matchScore('E-mail', 'contact_email')).toBe(110);
    expect(matchScore('Contact Email', 'contact_email')).toBe(110);
    expect(matchScore('Hotel', 'contact_phone')).toBe(0);
    expect(matchScore('', 'name')).toBe(0);
  });
});

describe('autoMatch', () => {
  it('maps each column to at most one field and each field to at most one column', () => {
    const mapping = autoMatch([
      'Company Name',
      'Contact Name',
      'Contact E-mail',
      'Phone',
      'Website',
      'Industry',
      'Notes',
      'Name',
    ]);
    expect(mapping).toEqual({
      'Company Name': 'name',
      'Contact Name': 'contact_name',
      'Contact E-mail': 'contact_email',
      Phone: 'contact_phone',
      Website: 'website',
      Industry: 'industry',
      Notes: 'notes',
    });
  });

  it('leaves unknown columns unmapped and reports the missing name', () => {
    const mapping = autoMatch(['Favourite Colour', 'Email']);
    expect(mapping).toEqual({ Email: 'contact_email' });
    expect(missingRequiredTargets(mapping)).toEqual(['name']);
    expect(hasCompanyNameColumn(['Favourite Colour', 'Email'])).toBe(false);
    expect(hasCompanyNameColumn(['Business'])).toBe(true);
  });
});

describe('ZImportMapping', () => {
  it('needs the name mapped and each field once', () => {
    expect(ZImportMapping.safeParse({ A: 'name', B: 'notes' }).success).toBe(true);
    expect(ZImportMapping.safeParse({ A: 'notes' }).error?.issues[0]?.message).toBe(
      'Company Name must be mapped to a column',
    );
    expect(ZImportMapping.safeParse({ A: 'name', B: 'name' }).error?.issues[0]?.message).toBe(
      'Each field can only be mapped to one column',
    );
  });
});

describe('readImportTable', () => {
  it('keeps text-headed columns, drops blank rows and numbers rows as in the file', () => {
    const result = readImportTable([
      ['Company', '', 'Email', 'Company'],
      ['Acme', 'x', 'a@acme.example', 'dup'],
      ['', '', '', ''],
      ['  Bolt  ', 'y', '', 7],
    ]);
    expect(result).toEqual({
      ok: true,
      table: {
        headers: ['Company', 'Email', 'Company_1'],
        rows: [
          { rowNumber: 2, values: { Company: 'Acme', Email: 'a@acme.example', Company_1: 'dup' } },
          { rowNumber: 4, values: { Company: 'Bolt', Email: '', Company_1: '7' } },
        ],
      },
    });
  });

  it('explains empty files, header-only files and files with only blank rows', () => {
    expect(readImportTable([])).toEqual({ ok: false, message: 'The file appears to be empty or corrupted' });
    expect(readImportTable([['Company']])).toEqual({
      ok: false,
      message: 'The file must contain at least a header row and one data row',
    });
    expect(readImportTable([['Company'], [''], []])).toEqual({
      ok: false,
      message: 'The file must contain at least a header row and one data row',
    });
    expect(readImportTable([['Company', 'Notes'], ['', ' '], ['']])).toEqual({
      ok: false,
      message: 'No data rows found in the file',
    });
  });
});

describe('column fill', () => {
  const rows = [
    { rowNumber: 2, values: { A: 'x', B: '' } },
    { rowNumber: 3, values: { A: 'y', B: 'b' } },
    { rowNumber: 4, values: { A: 'z', B: '' } },
    { rowNumber: 5, values: { A: '', B: '' } },
    { rowNumber: 6, values: { A: 'w', B: 'c' } },
  ];

  it('measures percent filled with its tone', () => {
    expect(percentFilled(rows, 'A')).toBe(80);
    expect(percentFilled(rows, 'B')).toBe(40);
    expect(percentFilled([], 'A')).toBe(0);
    expect(fillTone(80)).toBe('green');
    expect(fillTone(79)).toBe('yellow');
    expect(fillTone(50)).toBe('yellow');
    expect(fillTone(49)).toBe('red');
    expect(sampleValues(rows, 'A')).toEqual(['x', 'y', 'z']);
  });
});

describe('toImportRecords', () => {
  it('drops rows without a name, blanks to undefined, sets US and prospect', () => {
    const records = toImportRecords(
      [
        { rowNumber: 2, values: { Co: 'Acme', Mail: '', Tel: '555 123 4567', Site: 'acme.example' } },
        { rowNumber: 3, values: { Co: '   ', Mail: 'x@y.example', Tel: '', Site: '' } },
        { rowNumber: 4, values: { Co: 'Bolt', Mail: 'b@bolt.example', Tel: '', Site: '' } },
      ],
      { Co: 'name', Mail: 'contact_email', Tel: 'contact_phone', Site: 'website' },
    );
    expect(records).toEqual([
      {
        rowNumber: 2,
        name: 'Acme',
        website: 'acme.example',
        industry: undefined,
        notes: undefined,
        contactName: undefined,
        contactEmail: undefined,
        contactPhone: '(555) 123-4567',
        country: 'US',
        status: 'prospect',
      },
      {
        rowNumber: 4,
        name: 'Bolt',
        website: undefined,
        industry: undefined,
        notes: undefined,
        contactName: undefined,
        contactEmail: 'b@bolt.example',
        contactPhone: undefined,
        country: 'US',
        status: 'prospect',
      },
    ]);
  });
});

describe('import limits and per-row rules', () => {
  it('refuses more than 100,000 data rows with one message, and allows exactly 100,000', () => {
    const rowsOf = (n: number) => [['Company'], ...Array.from({ length: n }, (_, i) => [`Co ${i}`])];
    expect(readImportTable(rowsOf(100_001))).toEqual({ ok: false, message: IMPORT_MESSAGES.tooManyRows });
    expect(IMPORT_MESSAGES.tooManyRows).toBe(
      'The file has more than 100,000 rows. Split it into smaller files and import them one at a time.',
    );
    const ok = readImportTable(rowsOf(IMPORT_MAX_ROWS));
    expect(ok.ok && ok.table.rows.length).toBe(100_000);
  });

  it('reads line by line like the whole-table reader, blank lines not counted as rows', () => {
    const reader = new ImportTableReader();
    const got = [[], ['Name', 'Web'], ['Acme', ''], ['', ''], [''], ['Beta', 'beta.example']]
      .map((line) => reader.push(line))
      .filter((r) => r !== null);
    expect(reader.headers).toEqual(['Name', 'Web']);
    expect(got).toEqual([
      { rowNumber: 3, values: { Name: 'Acme', Web: '' } },
      { rowNumber: 6, values: { Name: 'Beta', Web: 'beta.example' } },
    ]);
    expect(reader.rowCount).toBe(2);
    expect(reader.finish()).toBeNull();
    expect(new ImportTableReader().finish()).toBe(IMPORT_MESSAGES.emptyOrCorrupted);
  });

  it('applies the company form’s field rules to each record, with a reason naming the field', () => {
    const record = (over: Partial<Record<string, string>>) =>
      toImportRecords([{ rowNumber: 7, values: { Name: 'Acme', ...over } }], {
        Name: 'name',
        Web: 'website',
        Mail: 'contact_email',
        Notes: 'notes',
        Phone: 'contact_phone',
      })[0];
    const check = (over: Partial<Record<string, string>>) => {
      const r = record(over);
      if (!r) throw new Error('no record');
      return checkImportRecord(r);
    };
    expect(check({ Web: 'acme.example', Mail: 'Info@Acme.example' })).toMatchObject({
      ok: true,
      row: { name: 'Acme', website: 'acme.example', contactEmail: 'Info@Acme.example' },
    });
    expect(check({ Name: 'x'.repeat(1024 * 1024) })).toEqual({
      ok: false,
      rowNumber: 7,
      reason: 'Company name cannot exceed 200 characters',
    });
    expect(check({ Name: 'Ac\u0000me' })).toMatchObject({ reason: 'Company Name: Text cannot contain NUL characters' });
    expect(check({ Web: 'javascript:alert(1)' })).toMatchObject({ reason: 'Website: Please enter a valid website' });
    expect(check({ Web: 'data:text/html,hi' })).toMatchObject({ ok: false });
    expect(check({ Mail: 'not-an-email' })).toMatchObject({
      reason: 'Contact Email: Please enter a valid email address',
    });
    expect(check({ Notes: 'n'.repeat(5001) })).toMatchObject({ reason: 'Notes cannot exceed 5000 characters' });
    // The very same rules as the new-company form.
    expect(ZCompanyCreate.safeParse({ name: 'Acme', website: 'javascript:alert(1)' }).success).toBe(false);
    expect(ZCompanyCreate.safeParse({ name: 'Ac\u0000me' }).success).toBe(false);
    expect(ZImportRow.safeParse({ name: 'Acme', website: 'https://acme.example/x' }).success).toBe(true);
  });

  it('finds duplicates row by row, by name first and then by website', () => {
    const match = duplicateMatcher([
      { id: 'a', name: 'Lakeside Lumber', website: null },
      { id: 'b', name: 'Pioneer Savings', website: 'http://www.pioneercu.example/' },
    ]);
    expect(match({ name: ' lakeside lumber ', website: 'pioneercu.example' })).toMatchObject({
      existing: { id: 'a' },
      reason: 'Exact name match',
    });
    expect(match({ name: 'Pioneer CU', website: 'https://pioneercu.example' })).toMatchObject({
      existing: { id: 'b' },
      reason: 'Website match',
    });
    expect(match({ name: 'New Co' })).toBeNull();
  });

  it('applies one action to every duplicate with per-row exceptions', () => {
    const decisions = ZImportDecisions.parse({ overrides: { '3': 'create_new' } });
    expect(decisions.defaultAction).toBe('skip');
    expect(duplicateAction(decisions, 3)).toBe('create_new');
    expect(duplicateAction(decisions, 4)).toBe('skip');
    expect(duplicateAction(ZImportDecisions.parse({ defaultAction: 'merge' }), 9)).toBe('merge');
    expect(ZImportDecisions.safeParse({ overrides: { x: 'skip' } }).success).toBe(false);
  });

  it('knows a workbook by its bytes, so a renamed text file is refused', () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    const text = Uint8Array.from('Company\nAcme', (c) => c.charCodeAt(0));
    expect(workbookKindOf(zip)).toBe('xlsx');
    expect(workbookNameMismatch('list.xlsx', text)).toBe(true);
    expect(workbookNameMismatch('list.XLS', text)).toBe(true);
    expect(workbookNameMismatch('list.xlsx', zip)).toBe(false);
    expect(workbookNameMismatch('list.csv', text)).toBe(false);
  });

  it('prints every count in the right number', () => {
    expect(plural(1, 'duplicate')).toBe('1 duplicate');
    expect(plural(2, 'duplicate')).toBe('2 duplicates');
    expect(plural(0, 'company', 'companies')).toBe('0 companies');
    expect(plural(100_000, 'company', 'companies')).toBe('100,000 companies');
    const base = { status: 'done' as const, error: null };
    expect(importResultMessage({ ...base, imported: 1, failed: 0, skipped: 1 })).toEqual({
      tone: 'success',
      title: 'Successfully imported 1 company',
      description: '1 duplicate skipped',
    });
    expect(importResultMessage({ ...base, imported: 4, failed: 2, skipped: 2 })).toEqual({
      tone: 'success',
      title: 'Successfully imported 4 companies (2 failed)',
      description: '2 duplicates skipped',
    });
    expect(importResultMessage({ ...base, imported: 0, failed: 3, skipped: 0 })).toMatchObject({
      tone: 'error',
      title: 'Failed to import 3 companies',
    });
    expect(importResultMessage({ status: 'failed', imported: 0, failed: 0, skipped: 0, error: 'x' })).toEqual({
      tone: 'error',
      title: 'Import failed',
      description: 'x',
    });
  });

  it('turns progress into a whole percent of rows', () => {
    expect(importPercent({ status: 'running', rowsDone: 0, totalRows: null })).toBe(0);
    expect(importPercent({ status: 'running', rowsDone: 333, totalRows: 1000 })).toBe(33);
    expect(importPercent({ status: 'done', rowsDone: 0, totalRows: 0 })).toBe(100);
  });
});
