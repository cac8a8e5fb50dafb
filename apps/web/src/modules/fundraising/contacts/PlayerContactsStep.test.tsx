// @vitest-environment jsdom
import { FUNDRAISING_MESSAGES as M } from '@pennant/shared/fundraising/schemas';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../catalogue/test-helpers';
import { PlayerContactsStep } from './PlayerContactsStep';
import { chooseFile, renderStep, typeInto } from './test-harness';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const PLAYERS = ['Alex Rivera', 'Jordan Lee', 'Sam Patel'];
const existing = {
  players: PLAYERS,
  manualContacts: [{ id: 'm1', playerIndex: 1, name: 'Pat Lee', email: 'pat@example.com' }],
};
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const preview = (name = 'CSV Preview') => screen.getByRole('table', { name });
const rowOf = (table: HTMLElement, text: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`No row with ${text}`);
  return row;
};

const CSV = [
  'Parent Name,E-mail,Athlete',
  'Maria Rivera,Maria@Example.com,alex rivera',
  ',nobody@example.com,Jordan Lee',
  'Bad Address,not-an-email,Jordan Lee',
  'Pat Again,PAT@example.com,Jordan Lee',
  'Kim Unknown,kim@example.com,Taylor Swift',
].join('\n');

describe('PlayerContactsStep: CSV import', () => {
  it('auto-maps the columns, shows per-row errors, blocks the import until fixed, and imports', async () => {
    const state = renderStep(PlayerContactsStep, existing);
    chooseFile('Upload a contacts CSV file', 'families.csv', CSV);

    const dialog = await screen.findByRole('dialog', { name: 'Map CSV Columns' });
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/Contact Name/).value).toBe('Parent Name');
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/Contact Email/).value).toBe('E-mail');
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/Player/).value).toBe('Athlete');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Mapping' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const table = preview();
    expect(rowOf(table, 'maria@example.com').textContent).toContain('Valid');
    expect(rowOf(table, 'maria@example.com').textContent).toContain('Alex Rivera');
    expect(rowOf(table, 'nobody@example.com').textContent).toContain('Missing Contact Name');
    expect(rowOf(table, 'Bad Address').textContent).toContain('Invalid Email');
    expect(rowOf(table, 'Pat Again').textContent).toContain('Duplicate Email');
    expect(rowOf(table, 'Kim Unknown').textContent).toContain('Unmatched Player');

    fireEvent.click(button('Import'));
    expect(screen.getByText(M.fixAllErrors)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(M.fixAllErrors);
    expect(state.form.csvContacts).toHaveLength(0);

    fireEvent.click(button('Remove row 2'));
    fireEvent.click(button('Remove row 3'));
    // Assigning the unmatched row a player clears its error and unblocks the import.
    fireEvent.change(screen.getByLabelText('Player for row 5'), { target: { value: '2' } });
    expect(rowOf(preview(), 'Kim Unknown').textContent).not.toContain('Unmatched Player');
    expect(rowOf(preview(), 'Kim Unknown').textContent).toContain('Sam Patel');

    fireEvent.click(button('Import'));
    expect(state.form.csvContacts.map((c) => [c['Contact Name'], c['Contact Email'], c.matchedPlayerIndex])).toEqual([
      ['Maria Rivera', 'maria@example.com', 0],
      ['Kim Unknown', 'kim@example.com', 2],
    ]);
    expect(state.form.csvContacts[1]?.['Player Name']).toBe('Taylor Swift');
    expect(toast.info).toHaveBeenCalledWith(M.skippedDuplicates(1));
    expect(toast.success).toHaveBeenCalledWith(M.importedFromCsv(2));
    expect(screen.queryByRole('table', { name: 'CSV Preview' })).toBeNull();

    const summary = screen.getByRole('table', { name: 'Contacts per player' });
    expect(rowOf(summary, 'Alex Rivera').textContent).toContain('1 / 10');
    expect(rowOf(summary, 'Jordan Lee').textContent).toContain('1 / 10');
    expect(rowOf(summary, 'Sam Patel').textContent).toContain('1 / 10');
  });

  it('asks for the required columns when the headers are not recognised', async () => {
    renderStep(PlayerContactsStep, existing);
    chooseFile('Upload a contacts CSV file', 'odd.csv', 'Col A,Col B\nZoe,zoe@example.com\n');
    const dialog = await screen.findByRole('dialog', { name: 'Map CSV Columns' });
    expect(screen.getByText(M.mapRequiredColumns)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Mapping' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(M.mapAllRequired);

    fireEvent.change(within(dialog).getByLabelText(/Contact Name/), { target: { value: 'Col A' } });
    fireEvent.change(within(dialog).getByLabelText(/Contact Email/), { target: { value: 'Col B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Mapping' }));
    // No player column: the row waits for a player.
    expect(rowOf(preview(), 'zoe@example.com').textContent).toContain('Unmatched Player');
    expect(screen.queryByText(M.mapRequiredColumns)).toBeNull();
  });

  it('refuses other files and reports a file it cannot parse', async () => {
    renderStep(PlayerContactsStep, existing);
    chooseFile('Upload a contacts CSV file', 'photo.png', 'x', 'image/png');
    expect(await screen.findByText(M.textOrCsvOnly)).toBeTruthy();

    chooseFile('Upload a contacts CSV file', 'broken.csv', 'Name,Email\n"Unclosed,a@example.com\n');
    expect(await screen.findByText(M.csvParseFailed)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(M.csvParseFailed, { description: expect.stringMatching(/quote/i) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('PlayerContactsStep: paste and manual entry', () => {
  it('splits pasted lines by tab or comma into the same preview and imports them', async () => {
    const user = userEvent.setup();
    const state = renderStep(PlayerContactsStep, existing);
    await user.click(screen.getByRole('tab', { name: 'Paste Data' }));
    fireEvent.click(button(/Preview Contacts/));
    expect(screen.getByRole('alert').textContent).toBe(M.pasteEmpty);

    typeInto(
      'Contact lines',
      'Alex Rivera\tAna Rivera\tana@example.com\nSam, Sid Patel, sid@example.com\nNobody, Ned, ned@example.com',
    );
    fireEvent.click(button(/Preview Contacts/));
    const table = preview('Pasted Contacts Preview');
    expect(rowOf(table, 'ana@example.com').textContent).toContain('Alex Rivera');
    // 'Sam' is contained in 'Sam Patel' but less than half its length: not a match.
    expect(rowOf(table, 'sid@example.com').textContent).toContain('Unmatched Player');
    fireEvent.change(screen.getByLabelText('Player for row 2'), { target: { value: '2' } });
    fireEvent.click(button('Remove row 3'));
    fireEvent.click(button('Import'));
    expect(state.form.csvContacts.map((c) => [c['Contact Email'], c.matchedPlayerIndex])).toEqual([
      ['ana@example.com', 0],
      ['sid@example.com', 2],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Imported 2 contacts');
  });

  it('gives the manual entry messages in order and adds the contact', async () => {
    const user = userEvent.setup();
    const state = renderStep(PlayerContactsStep, existing);
    await user.click(screen.getByRole('tab', { name: 'Manual Entry' }));
    const add = () => fireEvent.click(button('Add Contact'));
    const message = () => screen.getByRole('alert').textContent;

    add();
    expect(message()).toBe(M.selectPlayer);
    fireEvent.change(screen.getByLabelText('Player'), { target: { value: '2' } });
    add();
    expect(message()).toBe(M.contactNameRequired);
    typeInto('Contact Name', 'Sid Patel');
    add();
    expect(message()).toBe(M.contactEmailRequired);
    typeInto('Contact Email', 'sid@');
    add();
    expect(message()).toBe(M.invalidEmailFormat);
    typeInto('Contact Email', 'PAT@example.com');
    add();
    expect(message()).toBe(M.emailInList);
    typeInto('Contact Email', ' Sid@Example.com ');
    add();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(state.form.manualContacts.at(-1)).toMatchObject({
      playerIndex: 2,
      name: 'Sid Patel',
      email: 'sid@example.com',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Contact Name').value).toBe('');
  });
});

describe('PlayerContactsStep: summary table', () => {
  it('counts contacts per player against the minimum, with status and an Unassigned row', () => {
    renderStep(PlayerContactsStep, {
      players: PLAYERS,
      min_contacts_per_player: 2,
      manualContacts: [
        { id: 'a', playerIndex: 0, name: 'A1', email: 'a1@example.com' },
        { id: 'b', playerIndex: 0, name: 'A2', email: 'a2@example.com' },
        { id: 'c', playerIndex: 1, name: 'J1', email: 'j1@example.com' },
        { id: 'd', playerIndex: -1, name: 'U1', email: 'u1@example.com' },
      ],
    });
    const summary = screen.getByRole('table', { name: 'Contacts per player' });
    expect(rowOf(summary, 'Alex Rivera').textContent).toContain('2 / 2');
    expect(rowOf(summary, 'Alex Rivera').textContent).toContain('Complete');
    expect(rowOf(summary, 'Jordan Lee').textContent).toContain('1 / 2');
    expect(rowOf(summary, 'Jordan Lee').textContent).toContain('Partial');
    expect(rowOf(summary, 'Sam Patel').textContent).toContain('0 / 2');
    expect(rowOf(summary, 'Sam Patel').textContent).toContain('No contacts');
    expect(rowOf(summary, 'Unassigned').textContent).toContain('1');
    expect(within(summary).getAllByRole('row')).toHaveLength(5);
  });

  it('draws every row below 20 players and only some from 20 on', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `Player ${String(i + 1).padStart(2, '0')}`);
    renderStep(PlayerContactsStep, { players: names(19) });
    const small = screen.getByRole('table', { name: 'Contacts per player' });
    expect(within(small).getAllByRole('button', { name: /^Edit / })).toHaveLength(19);
    cleanup();

    renderStep(PlayerContactsStep, { players: names(30) });
    const big = screen.getByRole('table', { name: 'Contacts per player' });
    const drawn = within(big).getAllByRole('button', { name: /^Edit / });
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(30);
    expect(big.getAttribute('aria-rowcount')).toBe('31');
    expect(screen.queryByRole('button', { name: 'Edit Player 30' })).toBeNull();
  });
});

describe('PlayerContactsStep: one player', () => {
  const family = {
    players: PLAYERS,
    csvContacts: [
      {
        id: 'c1',
        'Contact Name': 'Ana Rivera',
        'Contact Email': 'ana@example.com',
        'Player Name': 'Alex',
        matchedPlayerIndex: 0,
      },
    ],
    manualContacts: [
      { id: 'm1', playerIndex: 0, name: 'Bo Rivera', email: 'bo@example.com' },
      { id: 'm2', playerIndex: 0, name: 'Cy Rivera', email: 'cy@example.com' },
      { id: 'm3', playerIndex: 1, name: 'Pat Lee', email: 'pat@example.com' },
    ],
  };
  const detailRows = () =>
    within(screen.getByRole('table', { name: 'Contacts of Alex Rivera' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);

  it('searches, selects all, assigns, deletes and goes back', () => {
    const state = renderStep(PlayerContactsStep, family);
    fireEvent.click(button('Edit Alex Rivera'));
    expect(detailRows()).toHaveLength(3);

    typeInto('Search contacts', 'BO@');
    expect(detailRows()).toEqual([expect.stringContaining('Bo Rivera')]);
    typeInto('Search contacts', '');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all contacts' }));
    expect(screen.getByText(/3 selected/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ana Rivera' }));
    expect(screen.getByText(/2 selected/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Assign selected contacts to'), { target: { value: '2' } });
    fireEvent.click(button('Assign'));
    expect(state.form.manualContacts.filter((c) => c.playerIndex === 2).map((c) => c.name)).toEqual([
      'Bo Rivera',
      'Cy Rivera',
    ]);
    expect(toast.success).toHaveBeenCalledWith('Moved 2 contacts to Sam Patel');
    expect(detailRows()).toEqual([expect.stringContaining('Ana Rivera')]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ana Rivera' }));
    fireEvent.click(button('Delete'));
    expect(state.form.csvContacts).toHaveLength(0);
    expect(screen.getByText('No contacts for Alex Rivera yet.')).toBeTruthy();

    fireEvent.click(button('Back to summary'));
    const summary = screen.getByRole('table', { name: 'Contacts per player' });
    expect(rowOf(summary, 'Sam Patel').textContent).toContain('2 / 10');
  });

  it('clears a player after a confirm, exports, and adds a contact for that player', () => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:x' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const state = renderStep(PlayerContactsStep, family);
    fireEvent.click(button('Edit Alex Rivera'));

    fireEvent.click(button('Export'));
    expect(names).toEqual(['alex-rivera-contacts.csv']);
    click.mockRestore();

    typeInto('Contact Name', 'Dee Rivera');
    typeInto('Contact Email', 'dee@example.com');
    fireEvent.click(button('Add Contact'));
    expect(state.form.manualContacts.at(-1)).toMatchObject({ playerIndex: 0, email: 'dee@example.com' });
    expect(detailRows()).toHaveLength(4);

    fireEvent.click(button('Clear'));
    const confirm = screen.getByRole('dialog', { name: "Clear Alex Rivera's contacts?" });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Clear Contacts' }));
    expect(state.form.csvContacts).toHaveLength(0);
    expect(state.form.manualContacts.map((c) => c.name)).toEqual(['Pat Lee']);
  });
});

describe('PlayerContactsStep: a sent campaign', () => {
  it('shows the banner, disables the tabs, marks e-mailed contacts and refuses to remove them', () => {
    const state = renderStep(
      PlayerContactsStep,
      {
        players: PLAYERS,
        manualContacts: [
          { id: 'm1', playerIndex: 0, name: 'Ana Rivera', email: 'Ana@example.com' },
          { id: 'm2', playerIndex: 0, name: 'Bo Rivera', email: 'bo@example.com' },
          { id: 'm3', playerIndex: 0, name: 'Cy Rivera', email: 'cy@example.com' },
        ],
      },
      { locked: true, sent: ['ana@example.com', 'bo@example.com'] },
    );
    expect(screen.getByText(M.contactsLocked)).toBeTruthy();
    for (const name of ['CSV Import', 'Paste Data', 'Manual Entry']) {
      expect(screen.getByRole('tab', { name }).hasAttribute('disabled')).toBe(true);
    }
    expect(screen.getByLabelText<HTMLInputElement>('Upload a contacts CSV file').disabled).toBe(true);

    fireEvent.click(button('Edit Alex Rivera'));
    const table = screen.getByRole('table', { name: 'Contacts of Alex Rivera' });
    expect(rowOf(table, 'Ana Rivera').textContent).toContain('Email Sent');
    expect(rowOf(table, 'Cy Rivera').textContent).not.toContain('Email Sent');

    const remove = button('Remove Ana Rivera');
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(remove);
    expect(toast.error).toHaveBeenCalledWith(M.cannotRemoveSent);
    expect(state.form.manualContacts).toHaveLength(3);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all contacts' }));
    fireEvent.click(button('Delete'));
    expect(toast.error).toHaveBeenCalledWith(M.cannotDeleteSent(2));
    expect(state.form.manualContacts).toHaveLength(3);
    expect(button('Assign').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add Contact' })).toBeNull();

    // A contact not yet e-mailed may still go.
    fireEvent.click(button('Remove Cy Rivera'));
    expect(state.form.manualContacts.map((c) => c.name)).toEqual(['Ana Rivera', 'Bo Rivera']);
  });
});
