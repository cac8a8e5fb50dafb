import { describe, expect, it } from 'vitest';
import { allows, isPermission, isRestricted, refusal } from '../session/permissions';
import {
  AUDIT_CSV_HEADER,
  auditCsvFileName,
  auditLogCsv,
  detailsForCsv,
  detailsSummary,
  displayName,
  impersonationElapsed,
  isHighTokenUsage,
  isTestAccount,
  microsToDollars,
  pageButtons,
  pageCount,
  showingOrganizations,
  showingRange,
  truncateDetail,
} from './rules';
import { ADMIN_MESSAGES, type TAuditEntry, ZAdminOrgUpdate, ZAdminUsersQuery, ZAuditLogQuery } from './schemas';

describe('isTestAccount', () => {
  it('finds plus-addressed test forms', () => {
    expect(isTestAccount('jane+test@gmail.com')).toBe(true);
    expect(isTestAccount('jane+e2e123@club.org')).toBe(true);
    expect(isTestAccount('jane+qa@club.org')).toBe(true);
  });
  it('finds test subdomains and test top-level domains', () => {
    expect(isTestAccount('coach@test.riverside.org')).toBe(true);
    expect(isTestAccount('coach@staging.pennant.app')).toBe(true);
    expect(isTestAccount('coach@club.test')).toBe(true);
  });
  it('finds the words of automated suites and the example domain', () => {
    expect(isTestAccount('playwright-owner-17@pennant.app')).toBe(true);
    expect(isTestAccount('cypress.user@club.org')).toBe(true);
    expect(isTestAccount('automated@club.org')).toBe(true);
    expect(isTestAccount('integration.bot@club.org')).toBe(true);
    expect(isTestAccount('someone@example.com')).toBe(true);
    expect(isTestAccount('SOMEONE@Mail.Example.org')).toBe(true);
  });
  it('leaves real people alone', () => {
    expect(isTestAccount('jane.doe@gmail.com')).toBe(false);
    expect(isTestAccount('jane+newsletter@gmail.com')).toBe(false);
    expect(isTestAccount('treasurer@riversideeagles.org')).toBe(false);
    expect(isTestAccount('testa.rossi@club.it')).toBe(false);
    expect(isTestAccount('contest@examples.com')).toBe(false);
    expect(isTestAccount('not an address')).toBe(false);
  });
});

describe('displayName', () => {
  it('takes the first available of full_name, first_name, last_name, name, display_name', () => {
    expect(displayName({ full_name: 'Jane Doe', name: 'JD' }, 'j@x.org')).toBe('Jane Doe');
    expect(displayName({ full_name: '  ', first_name: 'Jane', last_name: 'Doe' }, 'j@x.org')).toBe('Jane');
    expect(displayName({ last_name: 'Doe', display_name: 'Janie' }, 'j@x.org')).toBe('Doe');
    expect(displayName({ name: 'Jane' }, 'j@x.org')).toBe('Jane');
    expect(displayName({ display_name: 'Janie' }, 'j@x.org')).toBe('Janie');
  });
  it('falls back to the e-mail before the @', () => {
    expect(displayName({}, 'jane.doe@club.org')).toBe('jane.doe');
    expect(displayName(null, 'coach@club.org')).toBe('coach');
    expect(displayName({ name: '' }, 'x@y.z')).toBe('x');
  });
});

describe('audit details', () => {
  it('cuts each value to 30 characters', () => {
    expect(truncateDetail('short')).toBe('short');
    expect(truncateDetail('a'.repeat(30))).toBe('a'.repeat(30));
    expect(truncateDetail('b'.repeat(31))).toBe(`${'b'.repeat(30)}...`);
    expect(truncateDetail(12345)).toBe('12345');
    expect(truncateDetail(null)).toBe('');
    expect(detailsSummary({ org: 'Riverside Eagles Booster Club of the Valley', frozen: true })).toEqual([
      'org: Riverside Eagles Booster Club ...',
      'frozen: true',
    ]);
  });
});

const entry = (over: Partial<TAuditEntry> = {}): TAuditEntry => ({
  id: '1',
  createdAt: '2026-03-14T10:00:00.000Z',
  adminEmail: 'admin@pennant.app',
  action: 'freeze_org',
  targetUserEmail: null,
  targetOrgName: 'Riverside Eagles',
  details: { reason: 'unpaid, overdue', frozen: true },
  ipAddress: '127.0.0.1',
  userAgent: 'Mozilla/5.0 (X11, Linux)',
  ...over,
});

describe('audit CSV export', () => {
  it('names the file with the date', () => {
    expect(auditCsvFileName(new Date('2026-03-14T23:00:00Z'))).toBe('audit-logs-2026-03-14.csv');
  });
  it('replaces commas in the details with semicolons', () => {
    expect(detailsForCsv({ reason: 'unpaid, overdue', frozen: true })).toBe(
      '{"reason":"unpaid; overdue";"frozen":true}',
    );
    const csv = auditLogCsv([entry()]);
    const [header, line] = csv.split('\r\n');
    expect(header).toBe(AUDIT_CSV_HEADER.join(','));
    // The details cell has no comma left, but keeps its quotes (doubled inside a quoted cell).
    expect(line).toBe(
      '2026-03-14T10:00:00.000Z,admin@pennant.app,freeze_org,,Riverside Eagles,' +
        '"{""reason"":""unpaid; overdue"";""frozen"":true}",127.0.0.1,"Mozilla/5.0 (X11, Linux)"',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });
  it('defuses a cell a spreadsheet would run as a formula', () => {
    const line = auditLogCsv([entry({ targetOrgName: '=HYPERLINK("x")' })]).split('\r\n')[1];
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
  });
  it('is the header alone without entries', () => {
    expect(auditLogCsv([])).toBe(`${AUDIT_CSV_HEADER.join(',')}\r\n`);
  });
});

describe('pagination', () => {
  it("says 'Showing x-y of n'", () => {
    expect(showingRange(1, 10, 42)).toBe('Showing 1-10 of 42');
    expect(showingRange(5, 10, 42)).toBe('Showing 41-42 of 42');
    expect(showingRange(1, 10, 0)).toBe('Showing 0-0 of 0');
    expect(showingOrganizations(10, 23)).toBe('Showing 10 of 23 organizations');
  });
  it('shows up to 5 page buttons around the current page', () => {
    expect(pageCount(42, 10)).toBe(5);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageButtons(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageButtons(12, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageButtons(1, 0)).toEqual([]);
  });
});

describe('token usage and the banner', () => {
  it('warns above 1,000,000 tokens for a model', () => {
    expect(isHighTokenUsage([{ tokenCount: 1_000_000 }])).toBe(false);
    expect(isHighTokenUsage([{ tokenCount: 5 }, { tokenCount: 1_000_001 }])).toBe(true);
    expect(microsToDollars(1_234_567)).toBe(1.2346);
  });
  it('shows the elapsed minutes or just now', () => {
    const start = '2026-03-14T10:00:00.000Z';
    expect(impersonationElapsed(start, new Date('2026-03-14T10:00:59Z'))).toBe('just now');
    expect(impersonationElapsed(start, new Date('2026-03-14T10:01:00Z'))).toBe('1 minute ago');
    expect(impersonationElapsed(start, new Date('2026-03-14T10:12:30Z'))).toBe('12 minutes ago');
  });
});

describe('admin inputs', () => {
  it('pages users 10 by default and refuses more than 100', () => {
    expect(ZAdminUsersQuery.parse({})).toEqual({ limit: 10, offset: 0 });
    expect(ZAdminUsersQuery.parse({ search: ' jane ', limit: '25', offset: '50' })).toEqual({
      search: 'jane',
      limit: 25,
      offset: 50,
    });
    expect(ZAdminUsersQuery.safeParse({ limit: '500' }).success).toBe(false);
    expect(ZAuditLogQuery.parse({}).limit).toBe(20);
    expect(ZAuditLogQuery.safeParse({ action: 'drop_tables' }).success).toBe(false);
  });
  it('changes one thing of an organization at a time', () => {
    expect(ZAdminOrgUpdate.safeParse({ frozen: true }).success).toBe(true);
    expect(ZAdminOrgUpdate.safeParse({ planKey: 'premium_month' }).success).toBe(true);
    expect(ZAdminOrgUpdate.safeParse({ planKey: 'premium_year' }).success).toBe(false);
    const both = ZAdminOrgUpdate.safeParse({ frozen: true, planKey: 'free' });
    expect(both.error?.issues[0]?.message).toBe(ADMIN_MESSAGES.changeOneThing);
    expect(ZAdminOrgUpdate.safeParse({}).success).toBe(false);
  });
  it('words the toasts as the spec does', () => {
    expect(ADMIN_MESSAGES.userToggled(true)).toBe('User has been disabled');
    expect(ADMIN_MESSAGES.userToggled(false)).toBe('User has been re-enabled');
    expect(ADMIN_MESSAGES.roleChanged('treasurer', true)).toBe('Role treasurer has been added');
    expect(ADMIN_MESSAGES.loadUsersFailed('boom')).toBe('Failed to load users: boom');
  });
});

describe('platform permissions', () => {
  it('are known, restricted, never granted by an organization role, and refused in the spec words', () => {
    const owner = { roles: ['admin'] as const, isOwner: true };
    for (const p of ['platformAdmin', 'endImpersonation'] as const) {
      expect(isPermission(p)).toBe(true);
      expect(isRestricted(p)).toBe(true);
      expect(allows({ ...owner, roles: [...owner.roles] }, p)).toBe(false);
      expect(refusal(p)).toBe('You must be an admin to access this area');
    }
    expect(isPermission('platformAdmin.create')).toBe(false);
  });
});
