import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  addPlayer,
  addPlayers,
  alumniImportOutcome,
  assignPlayer,
  autoMapColumns,
  campaignReadiness,
  contactsCsv,
  emailFlags,
  findDuplicateEmails,
  mappingComplete,
  matchPlayer,
  mergeDuplicateEmails,
  parseAddContactsCsv,
  parsePastedContacts,
  parsePlayerLines,
  playerCoverage,
  playerImportOutcome,
  reindexContacts,
  type TReadinessInput,
  validateAlumniCsvRows,
  validateManualContact,
  validatePlayerCsvRows,
} from './contacts';
import { FUNDRAISING_MESSAGES as M } from './schemas';

describe('addPlayers (§5.2)', () => {
  it('adds new names, sorted case-insensitively', () => {
    const result = addPlayers(['sam Ortiz', 'Alex Kim'], ['  Casey Diaz ', 'bea Moss']);
    expect(result).toEqual({
      players: ['Alex Kim', 'bea Moss', 'Casey Diaz', 'sam Ortiz'],
      added: 2,
      duplicates: 0,
      message: null,
    });
  });

  it('skips duplicates of the list and within the input, whatever the case', () => {
    const result = addPlayers(['Alex Kim'], ['ALEX KIM', 'Jo Park', 'jo park', 'Lee Wu']);
    expect(result.players).toEqual(['Alex Kim', 'Jo Park', 'Lee Wu']);
    expect(result.added).toBe(2);
    expect(result.duplicates).toBe(2);
    expect(result.message).toBe('2 duplicate player(s) skipped');
  });

  it("says 'No new players to add' when everything was a duplicate", () => {
    const result = addPlayers(['Alex Kim'], ['alex kim', 'Alex Kim']);
    expect(result).toMatchObject({ players: ['Alex Kim'], added: 0, duplicates: 2, message: 'No new players to add' });
  });

  it("says 'No valid player names found' for blank input", () => {
    expect(addPlayers(['Alex Kim'], ['', '   ', '\t'])).toMatchObject({
      players: ['Alex Kim'],
      added: 0,
      message: 'No valid player names found',
    });
    expect(addPlayers([], []).message).toBe(M.noValidPlayers);
  });

  it('drops names the save would refuse (over 100 characters, NUL)', () => {
    const result = addPlayers([], ['x'.repeat(101), 'a\u0000b', 'Ok Name']);
    expect(result.players).toEqual(['Ok Name']);
  });

  it("a single duplicate add reads 'Player already exists'", () => {
    expect(addPlayer(['Alex Kim'], 'alex kim').message).toBe('Player already exists');
    expect(addPlayer(['Alex Kim'], 'Jo Park')).toMatchObject({ added: 1, message: null });
  });
});

describe('parsePlayerLines', () => {
  it('reads one name per line and drops blank lines', () => {
    expect(parsePlayerLines('Alex Kim\r\n\n  Jo Park  \n\nSmith, Dana\n')).toEqual([
      'Alex Kim',
      'Jo Park',
      'Smith, Dana',
    ]);
  });

  it("reads a .csv's first column, without its header", () => {
    const csv = 'Player Name,Number\n"Kim, Alex",7\nJo Park,9\n,\n';
    expect(parsePlayerLines(csv, 'roster.CSV')).toEqual(['Kim, Alex', 'Jo Park']);
    expect(parsePlayerLines('Alex Kim,7\nJo Park,9', 'roster.csv')).toEqual(['Alex Kim', 'Jo Park']);
  });
});

describe('reindexContacts', () => {
  it('follows each player to its new place, −1 when removed', () => {
    const before = ['Sam', 'Alex', 'Jo'];
    const after = ['alex', 'Bea', 'Sam'];
    const contacts = [
      { email: 'a@x.com', playerIndex: 0 },
      { email: 'b@x.com', playerIndex: 1 },
      { email: 'c@x.com', playerIndex: 2 },
      { email: 'd@x.com', playerIndex: -1 },
    ];
    expect(reindexContacts(contacts, before, after).map((c) => c.playerIndex)).toEqual([2, 0, -1, -1]);
  });
});

describe('matchPlayer (§5.3)', () => {
  const players = ['Alex Kim', 'Jo Park', 'Samantha Ortiz', 'Sam Ortiz'];

  it('matches exactly and case-insensitively first', () => {
    expect(matchPlayer('  sam ortiz ', players)).toBe(3);
    expect(matchPlayer('ALEX KIM', players)).toBe(0);
  });

  it('matches by containment when the length ratio exceeds 0.5, the closest ratio winning', () => {
    // 'Alex' is 4 of 8 characters: exactly 0.5 is not enough.
    expect(matchPlayer('Alex', players)).toBe(-1);
    expect(matchPlayer('Alex Ki', players)).toBe(0);
    expect(matchPlayer('Jo Park Jr', players)).toBe(1);
    // 'Ortiz' is in both; 'Sam Ortiz' (9) is closer to 'm Ortiz' (7) than 'Samantha Ortiz' (14).
    expect(matchPlayer('m Ortiz', players)).toBe(3);
  });

  it('is −1 for blank or unrelated names', () => {
    expect(matchPlayer('', players)).toBe(-1);
    expect(matchPlayer('Taylor Reed', players)).toBe(-1);
    expect(matchPlayer('Alex Kim', [])).toBe(-1);
  });
});

describe('autoMapColumns (§5.3)', () => {
  it('maps the usual header words', () => {
    expect(autoMapColumns(['Contact Name', 'E-mail', 'Player'])).toEqual({
      name: 'Contact Name',
      email: 'E-mail',
      player: 'Player',
    });
    expect(autoMapColumns(['Athlete Name', 'Parent', 'Email Address'])).toEqual({
      name: 'Parent',
      email: 'Email Address',
      player: 'Athlete Name',
    });
    expect(autoMapColumns(['full_name', 'email', 'Student'])).toEqual({
      name: 'full_name',
      email: 'email',
      player: 'Student',
    });
  });

  it('auto-maps the player from player, athlete, student, child or participant', () => {
    for (const header of ['Player', 'Athlete', 'Student ID', 'Child', 'Participant name']) {
      expect(autoMapColumns(['Name', 'Email', header]).player).toBe(header);
    }
  });

  it('falls back to headers containing name or email, never one column twice', () => {
    expect(autoMapColumns(['Donor Email', 'Supporter Name'])).toEqual({
      name: 'Supporter Name',
      email: 'Donor Email',
      player: null,
    });
    expect(autoMapColumns(['Player Name', 'Player Email'])).toEqual({
      name: null,
      email: 'Player Email',
      player: 'Player Name',
    });
    expect(autoMapColumns(['Amount', 'Date'])).toEqual({ name: null, email: null, player: null });
  });

  it('needs both name and e-mail', () => {
    expect(mappingComplete({ name: 'Name', email: 'Email' })).toBe(true);
    expect(mappingComplete({ name: 'Name', email: null })).toBe(false);
  });
});

describe('validatePlayerCsvRows (§5.3)', () => {
  const players = ['Alex Kim', 'Jo Park'];
  const mapping = { name: 'Name', email: 'Email', player: 'Player' };

  it('reports each row error, duplicates within the file and against the campaign', () => {
    const rows = [
      { Name: 'Pat Lee', Email: ' Pat@Example.com ', Player: 'alex kim' },
      { Name: '', Email: '', Player: 'Jo Park' },
      { Name: 'Dana', Email: 'not-an-email', Player: 'Nobody Here' },
      { Name: 'Pat Again', Email: 'PAT@example.com', Player: 'Jo Park' },
      { Name: 'Old Friend', Email: 'old@example.com', Player: 'Jo Park' },
    ];
    const result = validatePlayerCsvRows(rows, mapping, players, ['OLD@example.com']);
    expect(result.map((r) => r.errors)).toEqual([
      [],
      ['Missing Contact Name', 'Missing Email'],
      ['Invalid Email', 'Unmatched Player'],
      ['Duplicate Email'],
      ['Duplicate Email'],
    ]);
    expect(result[0]).toEqual({
      row: 1,
      contactName: 'Pat Lee',
      contactEmail: 'pat@example.com',
      playerName: 'alex kim',
      matchedPlayerIndex: 0,
      errors: [],
    });
    expect(result[2]?.matchedPlayerIndex).toBe(-1);
  });

  it('marks every row unmatched without a player column, until assigned', () => {
    const [row] = validatePlayerCsvRows(
      [{ Name: 'Pat', Email: 'pat@example.com' }],
      { ...mapping, player: null },
      players,
      [],
    );
    expect(row?.errors).toEqual(['Unmatched Player']);
    const assigned = row ? assignPlayer(row, 1) : null;
    expect(assigned).toMatchObject({ matchedPlayerIndex: 1, errors: [] });
  });

  it('imports only when nothing but duplicates is wrong, skipping those', () => {
    const rows = validatePlayerCsvRows(
      [
        { Name: 'Pat', Email: 'pat@example.com', Player: 'Alex Kim' },
        { Name: 'Dup', Email: 'old@example.com', Player: 'Jo Park' },
      ],
      mapping,
      players,
      ['old@example.com'],
    );
    expect(playerImportOutcome(rows)).toEqual({
      ok: true,
      contacts: [{ name: 'Pat', email: 'pat@example.com', playerIndex: 0 }],
      skipped: 1,
      message: 'Skipped 1 duplicate contacts',
    });
    const unmatched = validatePlayerCsvRows([{ Name: 'X', Email: 'x@example.com', Player: '?' }], mapping, players, []);
    expect(playerImportOutcome(unmatched)).toEqual({ ok: false, message: 'Please fix all errors before importing' });
    const onlyDuplicates = validatePlayerCsvRows(
      [{ Name: 'X', Email: 'old@example.com', Player: 'Jo Park' }],
      mapping,
      players,
      ['old@example.com'],
    );
    expect(playerImportOutcome(onlyDuplicates)).toEqual({ ok: false, message: 'No new contacts to import' });
  });
});

describe('validateAlumniCsvRows (§5.3)', () => {
  const mapping = { name: 'Name', email: 'Email' };

  it('reports the alumni row errors', () => {
    const rows = validateAlumniCsvRows(
      [
        { Name: 'Pat', Email: 'pat@example.com' },
        { Name: '', Email: 'x' },
        { Name: 'Jo', Email: '' },
        { Name: 'Old', Email: 'Old@Example.com' },
        { Name: 'Pat 2', Email: 'PAT@example.com' },
      ],
      mapping,
      ['old@example.com'],
    );
    expect(rows.map((r) => r.errors)).toEqual([
      [],
      ['Missing name', 'Invalid email'],
      ['Missing email'],
      ['Duplicate (already added)'],
      ['Duplicate (already added)'],
    ]);
  });

  it('skips error rows on import', () => {
    const rows = validateAlumniCsvRows(
      [
        { Name: 'Pat', Email: 'pat@example.com' },
        { Name: '', Email: 'jo@example.com' },
        { Name: 'Old', Email: 'old@example.com' },
      ],
      mapping,
      ['old@example.com'],
    );
    expect(alumniImportOutcome(rows)).toEqual({
      ok: true,
      contacts: [{ name: 'Pat', email: 'pat@example.com' }],
      skipped: 2,
      message: 'Skipped 1 duplicate contacts',
    });
  });

  it('says why nothing can be imported', () => {
    const invalid = validateAlumniCsvRows([{ Name: '', Email: 'x' }], mapping, []);
    expect(alumniImportOutcome(invalid)).toEqual({ ok: false, message: 'No valid contacts to import' });
    const dups = validateAlumniCsvRows([{ Name: 'Old', Email: 'old@example.com' }], mapping, ['old@example.com']);
    expect(alumniImportOutcome(dups)).toEqual({ ok: false, message: 'No new contacts to import' });
  });
});

describe('parsePastedContacts (§5.3)', () => {
  const players = ['Alex Kim', 'Jo Park'];

  it('asks for lines when the paste is empty', () => {
    expect(parsePastedContacts('  \n\t\n', players)).toEqual({
      rows: [],
      error: 'Please paste contact lines (Player, Name, Email)',
    });
  });

  it('splits by tab or comma into Player, Name, Email and checks each row', () => {
    const text = [
      'Player\tName\tEmail',
      'Alex Kim\tPat Lee\tpat@example.com',
      'jo park, "Lee, Dana", dana@example.com',
      '',
      'Nobody, Sam, sam@',
      'Jo Park,Pat Twice,PAT@example.com',
    ].join('\n');
    const { rows, error } = parsePastedContacts(text, players, ['other@example.com']);
    expect(error).toBeNull();
    expect(rows.map((r) => [r.playerName, r.contactName, r.contactEmail, r.matchedPlayerIndex, r.errors])).toEqual([
      ['Alex Kim', 'Pat Lee', 'pat@example.com', 0, []],
      ['jo park', 'Lee, Dana', 'dana@example.com', 1, []],
      ['Nobody', 'Sam', 'sam@', -1, ['Invalid Email', 'Unmatched Player']],
      ['Jo Park', 'Pat Twice', 'pat@example.com', 1, ['Duplicate Email']],
    ]);
  });

  it('checks against existing contacts too', () => {
    const { rows } = parsePastedContacts('Alex Kim, Pat, pat@example.com', players, ['Pat@Example.com']);
    expect(rows[0]?.errors).toEqual(['Duplicate Email']);
  });
});

describe('validateManualContact (§5.3)', () => {
  const ok = { playerIndex: 0, name: 'Pat Lee', email: 'pat@example.com' };

  it('returns the first message that applies, in the spec order', () => {
    expect(validateManualContact({ playerIndex: null, name: '', email: '' }, true, [])).toBe('Please select a player');
    expect(validateManualContact({ ...ok, playerIndex: -1 }, true, [])).toBe('Please select a player');
    expect(validateManualContact({ ...ok, name: '  ', email: '' }, true, [])).toBe('Contact name is required');
    expect(validateManualContact({ ...ok, email: ' ' }, true, [])).toBe('Contact email is required');
    expect(validateManualContact({ ...ok, email: 'pat@example' }, true, [])).toBe('Invalid email format');
    expect(validateManualContact({ ...ok, email: 'PAT@example.com ' }, true, ['pat@EXAMPLE.com'])).toBe(
      'This email is already in your contacts list',
    );
    expect(validateManualContact(ok, true, ['other@example.com'])).toBeNull();
  });

  it('needs no player on an alumni campaign', () => {
    expect(validateManualContact({ ...ok, playerIndex: null }, false, [])).toBeNull();
  });
});

describe('emailFlags (§5.3)', () => {
  it('passes an ordinary address', () => {
    expect(emailFlags('pat.lee@example.com')).toEqual([]);
    expect(emailFlags('jo-ann@my-club.org')).toEqual([]);
  });

  it.each([
    'mailinator.com',
    '10minutemail.com',
    'guerrillamail.com',
    'tempmail.com',
    'throwaway.email',
    'yopmail.com',
    'trashmail.com',
  ])('flags the disposable domain %s', (domain) => {
    expect(emailFlags(`pat@${domain}`)).toEqual([`Disposable email domain (${domain})`]);
  });

  it('flags malformed addresses, double dots and hyphen problems', () => {
    expect(emailFlags('not-an-email')).toContain('Malformed email address');
    expect(emailFlags('pat..lee@example.com')).toEqual(['Contains double dots']);
    expect(emailFlags('pat@example..com')).toEqual(['Contains double dots']);
    const hyphen = 'Hyphen at the start or end of a part, or doubled';
    expect(emailFlags('-pat@example.com')).toEqual([hyphen]);
    expect(emailFlags('pat-@example.com')).toEqual([hyphen]);
    expect(emailFlags('pat@-example.com')).toEqual([hyphen]);
    expect(emailFlags('pat@example-.com')).toEqual([hyphen]);
    expect(emailFlags('pat--lee@example.com')).toEqual([hyphen]);
  });

  it('flags a one-character local part and role or test addresses', () => {
    expect(emailFlags('p@example.com')).toEqual(['Part before @ is shorter than 2 characters']);
    expect(emailFlags('Admin@example.com')).toEqual(['Role or test address (admin@)']);
    expect(emailFlags('test@example.com')).toEqual(['Role or test address (test@)']);
    expect(emailFlags('noreply@example.com')).toEqual(['Role or test address (noreply@)']);
    expect(emailFlags('tester@example.com')).toEqual([]);
  });
});

describe('duplicates (Review)', () => {
  const contacts = [
    { id: '1', name: 'Pat', email: 'pat@example.com' },
    { id: '2', name: 'Jo', email: 'jo@example.com' },
    { id: '3', name: 'Pat L', email: 'PAT@example.com ' },
    { id: '4', name: 'Jo P', email: 'jo@example.com' },
    { id: '5', name: 'Pat 3', email: 'pat@example.com' },
    { id: '6', name: 'Sam', email: 'sam@example.com' },
  ];

  it('groups addresses held more than once, case-insensitively, in list order', () => {
    const groups = findDuplicateEmails(contacts);
    expect(groups.map((g) => [g.email, g.contacts.map((c) => c.id)])).toEqual([
      ['pat@example.com', ['1', '3', '5']],
      ['jo@example.com', ['2', '4']],
    ]);
    expect(findDuplicateEmails(contacts.slice(0, 2))).toEqual([]);
  });

  it('Merge keeps the first of one address; Merge All of each', () => {
    expect(mergeDuplicateEmails(contacts, 'Pat@example.com').map((c) => c.id)).toEqual(['1', '2', '4', '6']);
    expect(mergeDuplicateEmails(contacts).map((c) => c.id)).toEqual(['1', '2', '6']);
  });
});

describe('playerCoverage', () => {
  it('counts contacts per player against the minimum', () => {
    const contacts = [
      { playerIndex: 0 },
      { playerIndex: 0 },
      { playerIndex: 1 },
      { playerIndex: -1 },
      { playerIndex: 9 },
    ];
    expect(playerCoverage(['Alex', 'Jo', 'Sam'], contacts, 2)).toEqual({
      players: [
        { name: 'Alex', count: 2, status: 'complete' },
        { name: 'Jo', count: 1, status: 'partial' },
        { name: 'Sam', count: 0, status: 'none' },
      ],
      totals: { players: 3, covered: 2, complete: 1, contacts: 3 },
    });
  });

  it('with a minimum of 0 a player without contacts still reads none', () => {
    expect(playerCoverage(['Alex'], [], 0).players[0]?.status).toBe('none');
  });
});

describe('campaignReadiness (§5.3)', () => {
  const ready: TReadinessInput = {
    type: 'player',
    name: 'Spring Drive',
    startsAt: '2025-03-01',
    endsAt: '2025-03-31',
    contacts: [
      { email: 'pat@example.com', playerIndex: 0 },
      { email: 'jo@example.com', playerIndex: 1 },
    ],
    players: ['Alex', 'Jo'],
  };
  const failing = (input: TReadinessInput) =>
    campaignReadiness(input)
      .checks.filter((c) => !c.ok)
      .map((c) => c.key);

  it('is 100% with all six checks passed', () => {
    const result = campaignReadiness(ready);
    expect(result.checks.map((c) => c.key)).toEqual(['name', 'dates', 'contacts', 'duplicates', 'emails', 'players']);
    expect(result.percent).toBe(100);
  });

  it('counts each failed check as one sixth', () => {
    expect(failing({ ...ready, name: 'ab' })).toEqual(['name']);
    expect(campaignReadiness({ ...ready, name: 'ab' }).percent).toBe(83);
    expect(failing({ ...ready, endsAt: '2025-02-01' })).toEqual(['dates']);
    expect(failing({ ...ready, startsAt: null })).toEqual(['dates']);
    expect(failing({ ...ready, contacts: [{ email: 'pat@example.com', playerIndex: 0 }] })).toEqual(['players']);
    expect(
      failing({
        ...ready,
        contacts: [
          ...ready.contacts,
          { email: 'PAT@example.com', playerIndex: 1 },
          { email: 'x@yopmail.com', playerIndex: 0 },
        ],
      }),
    ).toEqual(['duplicates', 'emails']);
    expect(failing({ ...ready, players: [] })).toEqual(['players']);
    const empty = campaignReadiness({ ...ready, name: '', startsAt: '', endsAt: '', contacts: [] });
    // No contacts: nothing duplicated or invalid, but no player covered.
    expect(empty.checks.filter((c) => !c.ok).map((c) => c.key)).toEqual(['name', 'dates', 'contacts', 'players']);
    expect(empty.percent).toBe(33);
  });

  it('counts the player check as passed on an alumni campaign', () => {
    const alumni = {
      ...ready,
      type: 'alumni' as const,
      players: [],
      contacts: [{ email: 'pat@example.com', playerIndex: -1 }],
    };
    expect(campaignReadiness(alumni).percent).toBe(100);
  });
});

describe('parseAddContactsCsv (§5.4)', () => {
  it("reads 'Name, email' lines with optional quotes, lower-casing e-mails", () => {
    const text = [
      'Pat Lee, Pat@Example.com',
      ' "Lee, Dana" , "dana@example.com"',
      "'Jo', jo@example.com",
      '',
      '  ',
    ].join('\n');
    expect(parseAddContactsCsv(text)).toEqual({
      contacts: [
        { name: 'Pat Lee', email: 'pat@example.com' },
        { name: 'Lee, Dana', email: 'dana@example.com' },
        { name: 'Jo', email: 'jo@example.com' },
      ],
      invalid: 0,
    });
  });

  it("counts lines without both parts or without '@' as invalid", () => {
    expect(parseAddContactsCsv('Name, Email\nonly-name\n, x@example.com\nPat, pat.example.com\nJo, jo@x')).toEqual({
      contacts: [{ name: 'Jo', email: 'jo@x' }],
      invalid: 4,
    });
  });
});

describe('contactsCsv', () => {
  it('exports Player, Name, Email when contacts have players', () => {
    const csv = contactsCsv([
      { player: 'Alex Kim', name: 'Pat Lee', email: 'pat@example.com' },
      { player: 'Jo Park', name: 'Lee, Dana', email: 'dana@example.com' },
    ]);
    expect(csv).toBe('Player,Name,Email\r\nAlex Kim,Pat Lee,pat@example.com\r\nJo Park,"Lee, Dana",dana@example.com');
  });

  it('exports Name, Email for alumni', () => {
    expect(contactsCsv([{ name: 'Pat', email: 'pat@example.com' }])).toBe('Name,Email\r\nPat,pat@example.com');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    const csv = contactsCsv([
      { name: '=HYPERLINK("http://evil.example","x")', email: '+1@example.com' },
      { name: '-2+3', email: '@SUM(A1)' },
      { name: '\tTab', email: '\rcr@example.com' },
      { name: 'Safe = fine', email: 'a-b@example.com' },
    ]);
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows).toEqual([
      ['Name', 'Email'],
      ['\'=HYPERLINK("http://evil.example","x")', "'+1@example.com"],
      ["'-2+3", "'@SUM(A1)"],
      ["'\tTab", "'\rcr@example.com"],
      ['Safe = fine', 'a-b@example.com'],
    ]);
  });
});
