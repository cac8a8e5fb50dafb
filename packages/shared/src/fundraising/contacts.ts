import Papa from 'papaparse';
import { EMAIL_MAX, EMAIL_PATTERN, hasNul } from '../fields';
import { FUNDRAISING_LIMITS, FUNDRAISING_MESSAGES, type TCampaignType } from './schemas';

/**
 * The campaign dialog's player and contact rules (spec 002 §5.2, §5.3, §5.4), shared by the web
 * wizard and the campaign page: adding players, matching a file's player column, mapping and
 * checking CSV rows, pasted lines and manual entries, the Review step's flags, duplicates and
 * readiness, and the CSV export. Pure: text in, values out.
 */

const M = FUNDRAISING_MESSAGES;
const L = FUNDRAISING_LIMITS;

const key = (s: string) => s.trim().toLowerCase();

/** An address the save accepts: the shared pattern and the field's length limit. */
export function isValidEmail(email: string): boolean {
  const e = email.trim();
  return e.length > 0 && e.length <= EMAIL_MAX && EMAIL_PATTERN.test(e);
}

/** A lower-cased set of the addresses a campaign already holds (duplicates are case-insensitive). */
function emailSet(emails: Iterable<string>): Set<string> {
  const set = new Set<string>();
  for (const e of emails) set.add(key(e));
  return set;
}

// ---------------------------------------------------------------------------------------------
// Players (§5.2)
// ---------------------------------------------------------------------------------------------

/** Case-insensitive alphabetical order; ties (same letters, other case) in plain code-point order. */
export function sortPlayers(players: readonly string[]): string[] {
  return [...players].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0));
}

export interface TAddPlayersResult {
  /** The whole list after the add, sorted case-insensitively. */
  players: string[];
  added: number;
  duplicates: number;
  /** The spec's message for what happened, or null when every name was new. */
  message: string | null;
}

/** A name the save accepts: not blank, no NUL, at most 100 characters. */
function isValidPlayerName(name: string): boolean {
  return name.length > 0 && name.length <= L.playerNameMax && !hasNul(name);
}

/**
 * Bulk add (§5.2): blank (and unusable) names are dropped; names already on the list or repeated
 * in the input are skipped as duplicates (case-insensitive); the first spelling wins.
 */
export function addPlayers(existing: readonly string[], incoming: readonly string[]): TAddPlayersResult {
  const valid = incoming.map((n) => n.trim()).filter(isValidPlayerName);
  if (valid.length === 0) {
    return { players: sortPlayers(existing), added: 0, duplicates: 0, message: M.noValidPlayers };
  }
  const seen = new Set(existing.map(key));
  const fresh: string[] = [];
  let duplicates = 0;
  for (const name of valid) {
    if (seen.has(key(name))) {
      duplicates += 1;
      continue;
    }
    seen.add(key(name));
    fresh.push(name);
  }
  const players = sortPlayers([...existing, ...fresh]);
  const message = fresh.length === 0 ? M.noNewPlayers : duplicates > 0 ? M.duplicatePlayersSkipped(duplicates) : null;
  return { players, added: fresh.length, duplicates, message };
}

/** The single add (Enter or Add): a duplicate reads 'Player already exists' (§5.2). */
export function addPlayer(existing: readonly string[], name: string): TAddPlayersResult {
  const result = addPlayers(existing, [name]);
  return result.duplicates > 0 ? { ...result, message: M.playerExists } : result;
}

/** Header words a player file's first row may carry; that row is not a player. */
const PLAYER_HEADER = /^(players?|athletes?|students?|child(ren)?|participants?|(player|full|first)\s*name|name)$/i;

/**
 * The names of a bulk import (§5.2): one per line, blank lines dropped. A .csv file gives its first
 * column (quotes understood), without a header row such as 'Name' or 'Player'. Pasted text and
 * .txt files are read one whole line per name, so 'Smith, Jo' stays one name.
 */
export function parsePlayerLines(text: string, fileName?: string): string[] {
  if (fileName && /\.csv$/i.test(fileName.trim())) {
    const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy', dynamicTyping: false });
    const first = parsed.data.map((row) => (row[0] ?? '').trim()).filter((n) => n !== '');
    return first.length > 0 && PLAYER_HEADER.test(first[0] ?? '') ? first.slice(1) : first;
  }
  return text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/**
 * After the player list changes (sorted add, removal) contacts keep their player by name: each
 * playerIndex is moved to that player's new place, or −1 when the player is gone.
 */
export function reindexContacts<T extends { playerIndex: number }>(
  contacts: readonly T[],
  before: readonly string[],
  after: readonly string[],
): T[] {
  const where = new Map(after.map((p, i) => [key(p), i] as const));
  return contacts.map((c) => {
    const name = before[c.playerIndex];
    const next = name === undefined ? -1 : (where.get(key(name)) ?? -1);
    return next === c.playerIndex ? c : { ...c, playerIndex: next };
  });
}

/**
 * The player a file's player cell means (§5.3): the exact name (case-insensitive) first; else a
 * player whose name contains the cell or is contained in it, when the shorter is more than half
 * the longer; the closest length ratio wins (the first on a tie). −1 when none.
 */
export function matchPlayer(name: string, players: readonly string[]): number {
  const wanted = key(name);
  if (wanted === '') return -1;
  const exact = players.findIndex((p) => key(p) === wanted);
  if (exact >= 0) return exact;
  let best = -1;
  let bestRatio = 0.5;
  players.forEach((p, i) => {
    const candidate = key(p);
    if (candidate === '' || !(candidate.includes(wanted) || wanted.includes(candidate))) return;
    const ratio = Math.min(candidate.length, wanted.length) / Math.max(candidate.length, wanted.length);
    if (ratio > bestRatio) {
      bestRatio = ratio;
      best = i;
    }
  });
  return best;
}

// ---------------------------------------------------------------------------------------------
// Column mapping (§5.3)
// ---------------------------------------------------------------------------------------------

export interface TContactColumnMapping {
  name: string | null;
  email: string | null;
  /** Player campaigns only; optional even there. */
  player: string | null;
}

const normalizeHeader = (h: string) =>
  h
    .toLowerCase()
    .replace(/[-_.]/g, '')
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Headers that are the contact's e-mail, after normalising ('E-mail' → 'email'). */
const EMAIL_HEADERS = ['email', 'email address', 'contact email', 'contact email address', 'parent email', 'mail'];
/** Headers that are the contact's name. */
const NAME_HEADERS = [
  'name',
  'contact name',
  'contact',
  'full name',
  'fullname',
  'parent',
  'parent name',
  'guardian',
  'guardian name',
  'donor name',
  'supporter name',
];
const PLAYER_WORDS = ['player', 'athlete', 'student', 'child', 'participant'];
const hasPlayerWord = (n: string) => PLAYER_WORDS.some((w) => n.includes(w));

/**
 * The mapping dialog's first guess (§5.3): name and e-mail from the usual header words (an exact
 * match first, then any header containing 'email' / 'name'), the player column from headers
 * containing player, athlete, student, child or participant. One column serves one field.
 */
export function autoMapColumns(headers: readonly string[]): TContactColumnMapping {
  const columns = headers.map((h) => ({ header: h, n: normalizeHeader(h) }));
  const taken = new Set<string>();
  const pick = (test: (n: string) => boolean): string | null => {
    const found = columns.find((c) => !taken.has(c.header) && test(c.n));
    if (!found) return null;
    taken.add(found.header);
    return found.header;
  };
  const email = pick((n) => EMAIL_HEADERS.includes(n)) ?? pick((n) => n.includes('email'));
  const name =
    pick((n) => NAME_HEADERS.includes(n)) ??
    pick((n) => n.includes('name') && !hasPlayerWord(n) && !n.includes('email'));
  const player = pick((n) => hasPlayerWord(n) && !n.includes('email'));
  return { name, email, player };
}

/** The mapping is usable when both required columns are chosen (§5.3). */
export function mappingComplete(mapping: Pick<TContactColumnMapping, 'name' | 'email'>): boolean {
  return Boolean(mapping.name && mapping.email);
}

// ---------------------------------------------------------------------------------------------
// Checking rows (§5.3)
// ---------------------------------------------------------------------------------------------

export const PLAYER_ROW_ERRORS = [
  'Missing Contact Name',
  'Missing Email',
  'Invalid Email',
  'Duplicate Email',
  'Unmatched Player',
] as const;
export type TPlayerRowError = (typeof PLAYER_ROW_ERRORS)[number];

export interface TPlayerCsvRow {
  /** The row's place among the data rows, from 1. */
  row: number;
  contactName: string;
  /** Trimmed and lower-cased. */
  contactEmail: string;
  /** The file's player cell as written. */
  playerName: string;
  /** Index into the campaign's players; −1 when unmatched. */
  matchedPlayerIndex: number;
  errors: TPlayerRowError[];
}

const cell = (row: Readonly<Record<string, string | undefined>>, column: string | null) =>
  column ? (row[column] ?? '').trim() : '';

/** Name and e-mail errors shared by the two checks; `seen` collects this file's addresses. */
function checkEmail(
  email: string,
  existing: Set<string>,
  seen: Set<string>,
): 'missing' | 'invalid' | 'duplicate' | null {
  if (email === '') return 'missing';
  if (!isValidEmail(email)) return 'invalid';
  if (existing.has(email) || seen.has(email)) return 'duplicate';
  seen.add(email);
  return null;
}

/**
 * The player campaign's preview (§5.3): per row the name, e-mail, player cell, matched player and
 * errors. An address already in the campaign, or earlier in the file, is a Duplicate Email (the
 * first row with it is not). Without a mapped player column every row is Unmatched Player, to be
 * assigned one (assignPlayer).
 */
export function validatePlayerCsvRows(
  rows: readonly Readonly<Record<string, string | undefined>>[],
  mapping: TContactColumnMapping,
  players: readonly string[],
  existingEmails: Iterable<string>,
): TPlayerCsvRow[] {
  const existing = emailSet(existingEmails);
  const seen = new Set<string>();
  return rows.map((r, i) => {
    const contactName = cell(r, mapping.name);
    const contactEmail = cell(r, mapping.email).toLowerCase();
    const playerName = cell(r, mapping.player);
    const matchedPlayerIndex = matchPlayer(playerName, players);
    const errors: TPlayerRowError[] = [];
    if (contactName === '') errors.push('Missing Contact Name');
    const emailError = checkEmail(contactEmail, existing, seen);
    if (emailError === 'missing') errors.push('Missing Email');
    if (emailError === 'invalid') errors.push('Invalid Email');
    if (emailError === 'duplicate') errors.push('Duplicate Email');
    if (matchedPlayerIndex < 0) errors.push('Unmatched Player');
    return { row: i + 1, contactName, contactEmail, playerName, matchedPlayerIndex, errors };
  });
}

/** Assigns an unmatched (or any) row to a player: the Unmatched Player error goes. */
export function assignPlayer(row: TPlayerCsvRow, playerIndex: number): TPlayerCsvRow {
  if (playerIndex < 0) return row;
  return {
    ...row,
    matchedPlayerIndex: playerIndex,
    errors: row.errors.filter((e) => e !== 'Unmatched Player'),
  };
}

export type TImportOutcome<C> =
  | { ok: false; message: string }
  | { ok: true; contacts: C[]; skipped: number; message: string | null };

/**
 * Confirming a player campaign's import (§5.3). Any error but a duplicate blocks it ('Please fix
 * all errors before importing'); duplicate rows are skipped ('Skipped N duplicate contacts'), and
 * when nothing is left: 'No new contacts to import'.
 */
export function playerImportOutcome(
  rows: readonly TPlayerCsvRow[],
): TImportOutcome<{ name: string; email: string; playerIndex: number }> {
  if (rows.some((r) => r.errors.some((e) => e !== 'Duplicate Email'))) return { ok: false, message: M.fixAllErrors };
  const contacts = rows
    .filter((r) => r.errors.length === 0)
    .map((r) => ({ name: r.contactName, email: r.contactEmail, playerIndex: r.matchedPlayerIndex }));
  const skipped = rows.length - contacts.length;
  if (contacts.length === 0) return { ok: false, message: M.noNewContacts };
  return { ok: true, contacts, skipped, message: skipped > 0 ? M.skippedDuplicates(skipped) : null };
}

export const ALUMNI_ROW_ERRORS = [
  'Missing name',
  'Missing email',
  'Invalid email',
  'Duplicate (already added)',
] as const;
export type TAlumniRowError = (typeof ALUMNI_ROW_ERRORS)[number];

export interface TAlumniCsvRow {
  row: number;
  contactName: string;
  contactEmail: string;
  errors: TAlumniRowError[];
}

/** The alumni preview (§5.3): an address already added, or earlier in the file, is a duplicate. */
export function validateAlumniCsvRows(
  rows: readonly Readonly<Record<string, string | undefined>>[],
  mapping: Pick<TContactColumnMapping, 'name' | 'email'>,
  existingEmails: Iterable<string>,
): TAlumniCsvRow[] {
  const existing = emailSet(existingEmails);
  const seen = new Set<string>();
  return rows.map((r, i) => {
    const contactName = cell(r, mapping.name);
    const contactEmail = cell(r, mapping.email).toLowerCase();
    const errors: TAlumniRowError[] = [];
    if (contactName === '') errors.push('Missing name');
    const emailError = checkEmail(contactEmail, existing, seen);
    if (emailError === 'missing') errors.push('Missing email');
    if (emailError === 'invalid') errors.push('Invalid email');
    if (emailError === 'duplicate') errors.push('Duplicate (already added)');
    return { row: i + 1, contactName, contactEmail, errors };
  });
}

/**
 * Confirming an alumni import (§5.3): rows with errors are skipped. With no valid row the message
 * is 'No new contacts to import' when duplicates were all there was, else 'No valid contacts to
 * import'; skipped duplicates are reported as 'Skipped N duplicate contacts'.
 */
export function alumniImportOutcome(rows: readonly TAlumniCsvRow[]): TImportOutcome<{ name: string; email: string }> {
  const contacts = rows
    .filter((r) => r.errors.length === 0)
    .map((r) => ({ name: r.contactName, email: r.contactEmail }));
  const duplicates = rows.filter((r) => r.errors.includes('Duplicate (already added)')).length;
  if (contacts.length === 0) {
    const onlyDuplicates = duplicates > 0 && rows.every((r) => r.errors.includes('Duplicate (already added)'));
    return { ok: false, message: onlyDuplicates ? M.noNewContacts : M.noValidContacts };
  }
  return {
    ok: true,
    contacts,
    skipped: rows.length - contacts.length,
    message: duplicates > 0 ? M.skippedDuplicates(duplicates) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Paste and manual entry (§5.3)
// ---------------------------------------------------------------------------------------------

const PASTE_MAPPING: TContactColumnMapping = { player: 'player', name: 'name', email: 'email' };

/**
 * One typed line's cells (quotes understood). People put a space after the comma, which would
 * hide the quote that follows from the CSV reader: spaces around a delimiter are dropped first.
 */
function splitCsvLine(line: string, delimiter: ',' | '\t'): string[] {
  const tidy =
    delimiter === ','
      ? line
          .trim()
          .replace(/\s*,\s*(?=")/g, ',')
          .replace(/(?<=")\s*,\s*/g, ',')
      : line;
  const parsed = Papa.parse<string[]>(tidy, { header: false, delimiter, skipEmptyLines: false });
  return (parsed.data[0] ?? []).map((c) => c.trim());
}

/** A pasted line: split by tab when it has one, else by comma. */
const splitLine = (line: string) => splitCsvLine(line, line.includes('\t') ? '\t' : ',');

/**
 * The Paste Data tab (§5.3): each line is Player, Name, Email, split by tab or comma, then checked
 * like a file's rows. A first line that reads like a header ('…, Email') is not a contact.
 */
export function parsePastedContacts(
  text: string,
  players: readonly string[],
  existingEmails: Iterable<string> = [],
): { rows: TPlayerCsvRow[]; error: string | null } {
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return { rows: [], error: M.pasteEmpty };
  const records = lines.map((line) => {
    const [player = '', name = '', email = ''] = splitLine(line);
    return { player, name, email };
  });
  const first = records[0];
  if (first && key(first.email).replace(/[-_ ]/g, '') === 'email') records.shift();
  return { rows: validatePlayerCsvRows(records, PASTE_MAPPING, players, existingEmails), error: null };
}

export interface TManualContactInput {
  playerIndex: number | null;
  name: string;
  email: string;
}

/** The Manual Entry form (§5.3): the first message that applies, or null when the contact may be added. */
export function validateManualContact(
  input: TManualContactInput,
  isPlayerCampaign: boolean,
  existingEmails: Iterable<string>,
): string | null {
  if (isPlayerCampaign && (input.playerIndex === null || input.playerIndex < 0)) return M.selectPlayer;
  if (input.name.trim() === '') return M.contactNameRequired;
  const email = key(input.email);
  if (email === '') return M.contactEmailRequired;
  if (!isValidEmail(email)) return M.invalidEmailFormat;
  if (emailSet(existingEmails).has(email)) return M.emailInList;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Review (§5.3)
// ---------------------------------------------------------------------------------------------

/** The seven throwaway-mail domains the Review step flags (§5.3: "a list of seven domains"). */
export const DISPOSABLE_EMAIL_DOMAINS = [
  'mailinator.com',
  '10minutemail.com',
  'guerrillamail.com',
  'tempmail.com',
  'throwaway.email',
  'yopmail.com',
  'trashmail.com',
] as const;

const ROLE_PREFIXES = ['admin', 'test', 'noreply'] as const;

/** Hyphens a person's address rarely has: at the start or end of a part, or doubled. */
const badHyphens = (part: string) => part.startsWith('-') || part.endsWith('-') || part.includes('--');

/**
 * Why the Review step calls an address potentially invalid (§5.3), in words a person reads; empty
 * when nothing looks wrong. The wording is ours: the spec lists the checks, not their text.
 */
export function emailFlags(email: string): string[] {
  const e = key(email);
  const flags: string[] = [];
  if (!isValidEmail(e)) flags.push('Malformed email address');
  const at = e.lastIndexOf('@');
  const local = at >= 0 ? e.slice(0, at) : e;
  const domain = at >= 0 ? e.slice(at + 1) : '';
  const disposable = DISPOSABLE_EMAIL_DOMAINS.find((d) => domain === d || domain.endsWith(`.${d}`));
  if (disposable) flags.push(`Disposable email domain (${disposable})`);
  if (e.includes('..')) flags.push('Contains double dots');
  if (badHyphens(local) || (domain !== '' && domain.split('.').some(badHyphens))) {
    flags.push('Hyphen at the start or end of a part, or doubled');
  }
  if (at >= 0 && local.length < 2) flags.push('Part before @ is shorter than 2 characters');
  const role = ROLE_PREFIXES.find((p) => e.startsWith(`${p}@`));
  if (role) flags.push(`Role or test address (${role}@)`);
  return flags;
}

export interface TDuplicateGroup<C> {
  /** The lower-cased address. */
  email: string;
  /** Every contact with it, in list order; Merge keeps the first. */
  contacts: C[];
}

/** The Review step's duplicate cards: addresses held by more than one contact (case-insensitive). */
export function findDuplicateEmails<C extends { email: string }>(contacts: readonly C[]): TDuplicateGroup<C>[] {
  const groups = new Map<string, C[]>();
  for (const c of contacts) {
    const k = key(c.email);
    if (k === '') continue;
    const list = groups.get(k);
    if (list) list.push(c);
    else groups.set(k, [c]);
  }
  return [...groups].filter(([, list]) => list.length > 1).map(([email, list]) => ({ email, contacts: list }));
}

/**
 * Merge (one address) or Merge All (no address): the first contact with each duplicated address
 * stays, the later ones go. Order is kept.
 */
export function mergeDuplicateEmails<C extends { email: string }>(contacts: readonly C[], email?: string): C[] {
  const only = email === undefined ? null : key(email);
  const seen = new Set<string>();
  return contacts.filter((c) => {
    const k = key(c.email);
    if (k === '' || (only !== null && k !== only)) return true;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export type TCoverageStatus = 'complete' | 'partial' | 'none';

export interface TPlayerCoverage {
  players: { name: string; count: number; status: TCoverageStatus }[];
  totals: {
    players: number;
    /** Players with at least one contact. */
    covered: number;
    /** Players with at least the minimum. */
    complete: number;
    /** Contacts assigned to a player. */
    contacts: number;
  };
}

/**
 * The coverage panel and summary table: per player its contacts and a status — none without
 * contacts, complete at the minimum or more, partial between.
 */
export function playerCoverage(
  players: readonly string[],
  contacts: readonly { playerIndex: number }[],
  minContacts: number,
): TPlayerCoverage {
  const counts = players.map(() => 0);
  for (const c of contacts) {
    if (c.playerIndex >= 0 && c.playerIndex < counts.length) counts[c.playerIndex] = (counts[c.playerIndex] ?? 0) + 1;
  }
  const rows = players.map((name, i) => {
    const count = counts[i] ?? 0;
    const status: TCoverageStatus = count === 0 ? 'none' : count >= minContacts ? 'complete' : 'partial';
    return { name, count, status };
  });
  return {
    players: rows,
    totals: {
      players: rows.length,
      covered: rows.filter((r) => r.count > 0).length,
      complete: rows.filter((r) => r.status === 'complete').length,
      contacts: rows.reduce((sum, r) => sum + r.count, 0),
    },
  };
}

export interface TReadinessInput {
  type: TCampaignType;
  name: string;
  startsAt: string | null | undefined;
  endsAt: string | null | undefined;
  contacts: readonly { email: string; playerIndex: number }[];
  players: readonly string[];
}

export interface TReadiness {
  percent: number;
  checks: { key: string; label: string; ok: boolean }[];
}

/**
 * Campaign Readiness (§5.3): the share of 6 checks passed. "All players covered" means every
 * player has at least one contact (the minimum per player is the coverage panel's warning, not a
 * blocker). An alumni campaign has no players, so that check counts as passed: the spec keeps the
 * count at 6, and an alumni campaign with everything else right should read 100%.
 */
export function campaignReadiness(input: TReadinessInput): TReadiness {
  const coverage = playerCoverage(input.players, input.contacts, 1);
  const playersOk =
    input.type === 'alumni' || (coverage.totals.players > 0 && coverage.totals.covered === coverage.totals.players);
  const checks = [
    { key: 'name', label: 'Campaign name', ok: input.name.trim().length >= L.nameMin },
    {
      key: 'dates',
      label: 'Start and end dates',
      ok: Boolean(input.startsAt && input.endsAt && input.endsAt >= input.startsAt),
    },
    { key: 'contacts', label: 'Contacts added', ok: input.contacts.length > 0 },
    { key: 'duplicates', label: 'No duplicate emails', ok: findDuplicateEmails(input.contacts).length === 0 },
    { key: 'emails', label: 'All emails valid', ok: input.contacts.every((c) => emailFlags(c.email).length === 0) },
    {
      key: 'players',
      label: input.type === 'alumni' ? 'Players covered (not needed for alumni)' : 'All players have contacts',
      ok: playersOk,
    },
  ];
  const passed = checks.filter((c) => c.ok).length;
  return { percent: Math.round((passed / checks.length) * 100), checks };
}

// ---------------------------------------------------------------------------------------------
// Adding contacts to a sent campaign (§5.4) and the export
// ---------------------------------------------------------------------------------------------

const unquote = (s: string) =>
  s
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .trim();

/**
 * The Add Contacts dialog's CSV box (§5.4): one 'Name, email' per line, quotes optional. A line
 * counts when it has both parts and the e-mail contains '@'; e-mails are lower-cased. Blank lines
 * are ignored; every other line that fails is counted as invalid.
 */
export function parseAddContactsCsv(text: string): { contacts: { name: string; email: string }[]; invalid: number } {
  const contacts: { name: string; email: string }[] = [];
  let invalid = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === '') continue;
    const [rawName = '', rawEmail = ''] = splitCsvLine(line, ',');
    const name = unquote(rawName);
    const email = unquote(rawEmail).toLowerCase();
    if (name !== '' && email.includes('@')) contacts.push({ name, email });
    else invalid += 1;
  }
  return { contacts, invalid };
}

/**
 * The Review step's export. Cells a spreadsheet would run as a formula (starting with = + - @, a
 * tab or a carriage return) are prefixed with ' (OWASP CSV injection); the Player column appears
 * when any contact has one.
 */
export function contactsCsv(contacts: readonly { player?: string | null; name: string; email: string }[]): string {
  const withPlayer = contacts.some((c) => c.player !== undefined && c.player !== null);
  const fields = withPlayer ? ['Player', 'Name', 'Email'] : ['Name', 'Email'];
  const data = contacts.map((c) => (withPlayer ? [c.player ?? '', c.name, c.email] : [c.name, c.email]));
  return Papa.unparse({ fields, data }, { escapeFormulae: true, newline: '\r\n' });
}
