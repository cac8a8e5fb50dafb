import { describe, expect, it } from 'vitest';
import { findDuplicates, formatUsPhone, lastContactLabel, normalizeImportedPhone, normalizeWebsite } from './rules';
import { companyListQueryString, ZCompanyCreate, ZCompanyListQuery, ZContact, ZNote } from './schemas';

describe('normalizeWebsite', () => {
  it('drops protocol, www, trailing slashes and case', () => {
    expect(normalizeWebsite('https://www.Acme.com/')).toBe('acme.com');
    expect(normalizeWebsite('HTTP://acme.com//')).toBe('acme.com');
    expect(normalizeWebsite('  acme.com/shop/ ')).toBe('acme.com/shop');
    expect(normalizeWebsite('')).toBe('');
    expect(normalizeWebsite(null)).toBe('');
  });
});

describe('findDuplicates', () => {
  const existing = [
    { id: 'a', name: 'Blue Line Pizza', website: 'https://bluelinepizza.example/' },
    { id: 'b', name: 'Summit Auto', website: null },
  ];

  it('matches an exact name regardless of case and spacing', () => {
    const found = findDuplicates([{ name: '  blue line PIZZA ' }], existing);
    expect(found).toEqual([
      { rowIndex: 0, existingCompany: existing[0], matchReason: 'Exact name match', action: 'skip' },
    ]);
  });

  it('matches a website without protocol or trailing slash when the name differs', () => {
    const found = findDuplicates(
      [{ name: 'New Co' }, { name: 'Blue Line Pizzeria', website: 'bluelinepizza.example' }],
      existing,
    );
    expect(found).toEqual([
      { rowIndex: 1, existingCompany: existing[0], matchReason: 'Website match', action: 'skip' },
    ]);
  });

  it('prefers the name reason when both match, and ignores partial names and blank websites', () => {
    expect(findDuplicates([{ name: 'Summit Auto', website: 'bluelinepizza.example' }], existing)[0]?.matchReason).toBe(
      'Exact name match',
    );
    expect(
      findDuplicates(
        [
          { name: 'Summit', website: '' },
          { name: 'Other', website: null },
        ],
        existing,
      ),
    ).toEqual([]);
  });
});

describe('lastContactLabel', () => {
  const now = new Date(2025, 5, 30, 15, 0, 0);
  const daysAgo = (n: number, hour = 12) => new Date(2025, 5, 30 - n, hour, 0, 0);

  it('uses the §9 words', () => {
    expect(lastContactLabel(null, now)).toBe('Never contacted');
    expect(lastContactLabel(daysAgo(0, 1), now)).toBe('Today');
    expect(lastContactLabel(daysAgo(1, 23), now)).toBe('Yesterday');
    expect(lastContactLabel(daysAgo(2), now)).toBe('2 days ago');
    expect(lastContactLabel(daysAgo(6), now)).toBe('6 days ago');
    expect(lastContactLabel(daysAgo(7), now)).toBe('1 week ago');
    expect(lastContactLabel(daysAgo(29), now)).toBe('4 weeks ago');
    expect(lastContactLabel(daysAgo(30), now)).toBe('1 month ago');
    expect(lastContactLabel(daysAgo(364), now)).toBe('12 months ago');
    expect(lastContactLabel(daysAgo(365), now)).toBe('1 year ago');
    expect(lastContactLabel(daysAgo(800), now)).toBe('2 years ago');
  });

  it('reads ISO strings and treats a future instant as today', () => {
    expect(lastContactLabel(daysAgo(3).toISOString(), now)).toBe('3 days ago');
    expect(lastContactLabel(new Date(2025, 6, 2), now)).toBe('Today');
  });
});

describe('formatUsPhone', () => {
  it('formats as the user types, never past 14 characters', () => {
    expect(formatUsPhone('')).toBe('');
    expect(formatUsPhone('5')).toBe('(5');
    expect(formatUsPhone('555')).toBe('(555');
    expect(formatUsPhone('5551')).toBe('(555) 1');
    expect(formatUsPhone('555123')).toBe('(555) 123');
    expect(formatUsPhone('5551234')).toBe('(555) 123-4');
    expect(formatUsPhone('555.123.4567')).toBe('(555) 123-4567');
    expect(formatUsPhone('555123456789')).toBe('(555) 123-4567');
    expect(formatUsPhone('+1 555 123 4567')).toBe('(555) 123-4567');
    expect(formatUsPhone('555123456789').length).toBe(14);
  });

  it('formats imported 10-digit numbers and keeps others as written', () => {
    expect(normalizeImportedPhone('555-123-4567')).toBe('(555) 123-4567');
    expect(normalizeImportedPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});

describe('company schemas', () => {
  it('requires a trimmed company name and blanks optional fields', () => {
    const bad = ZCompanyCreate.safeParse({ name: '   ' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Company name is required');
    const ok = ZCompanyCreate.parse({ name: ' Acme ', website: '', industry: ' Retail ' });
    expect(ok).toMatchObject({ name: 'Acme', status: 'prospect', website: null, industry: 'Retail' });
  });

  it('checks contact name and email, and note length', () => {
    expect(ZContact.safeParse({ name: 'Dana', email: '' }).error?.issues[0]?.message).toBe('Contact email is required');
    expect(ZContact.safeParse({ name: 'Dana', email: 'nope' }).error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
    expect(ZNote.safeParse({ description: '  ' }).error?.issues[0]?.message).toBe('Note description is required');
    expect(ZNote.safeParse({ description: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe(
      'Note cannot exceed 2000 characters',
    );
    expect(ZNote.safeParse({ description: 'x'.repeat(2000) }).success).toBe(true);
  });

  it('reads a status filter from a comma list or repeated values', () => {
    expect(ZCompanyListQuery.parse({ status: 'prospect,sponsor' }).status).toEqual(['prospect', 'sponsor']);
    expect(ZCompanyListQuery.parse({ status: ['contacted', 'declined,contacted'] }).status).toEqual([
      'contacted',
      'declined',
    ]);
    expect(ZCompanyListQuery.parse({})).toMatchObject({ page: 1, status: [], category: 'all', sort: 'created_at' });
    expect(ZCompanyListQuery.safeParse({ status: 'prospect,unknown' }).success).toBe(false);
  });

  it('writes the list query string the endpoint reads', () => {
    expect(companyListQueryString({})).toBe('');
    const q = companyListQueryString({
      page: 2,
      search: ' 100% juice ',
      status: ['prospect', 'sponsor'],
      category: 'all',
    });
    expect(q).toBe('page=2&search=100%25%20juice&status=prospect%2Csponsor');
    const parsed = Object.fromEntries(
      q.split('&').map((pair) => pair.split('=').map((part) => decodeURIComponent(part)) as [string, string]),
    );
    expect(ZCompanyListQuery.parse(parsed)).toMatchObject({
      page: 2,
      search: '100% juice',
      status: ['prospect', 'sponsor'],
    });
  });
});
