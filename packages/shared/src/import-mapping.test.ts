import { describe, expect, it } from 'vitest';
import { ZImportMapping } from './companies.schemas';
import {
  autoMatch,
  fillTone,
  hasCompanyNameColumn,
  matchScore,
  missingRequiredTargets,
  percentFilled,
  readImportTable,
  sampleValues,
  toImportRecords,
} from './import-mapping';

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
