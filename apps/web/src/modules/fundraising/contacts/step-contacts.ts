import type { TPlayerCsvRow } from '@pennant/shared/fundraising/contacts';
import { FUNDRAISING_LIMITS, FUNDRAISING_MESSAGES } from '@pennant/shared/fundraising/schemas';
import Papa from 'papaparse';
import type { TCampaignFormState, TCsvContact, TManualContact } from '../wizard/campaign-form';
import { reviewContacts, type TReviewContact } from '../wizard/ReviewStep';

/**
 * The Contacts step's form-state helpers (spec 002 §2.2, §4.3, §5.3): reading an uploaded file,
 * one view of the CSV and manual contacts, and the edits the summary and detail views make.
 */

const L = FUNDRAISING_LIMITS;
const M = FUNDRAISING_MESSAGES;

/** One contact of a player campaign, whichever list holds it (the Review step's view). */
export type TStepContact = TReviewContact;
export const stepContacts = reviewContacts;

/**
 * A draft-local id. Not crypto.randomUUID: that exists only in secure contexts, and a club may
 * open the app over plain http on its own network.
 */
let counter = 0;
export function newContactId(): string {
  counter += 1;
  return `c-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Every address the form holds (CSV, manual and alumni lists), for the duplicate checks. */
export function formEmails(form: TCampaignFormState): string[] {
  return [
    ...form.csvContacts.map((c) => c['Contact Email']),
    ...form.manualContacts.map((c) => c.email),
    ...form.manualAlumniContacts.map((c) => c.email),
  ];
}

/** A .csv file, by name or type (the alumni drop zone takes nothing else, §5.3). */
export function isCsvFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv';
}

export type TParsedCsv =
  | { ok: true; headers: string[]; rows: Record<string, string>[] }
  | { ok: false; title: string; message?: string };

/**
 * An uploaded file's text as its header row and data rows. A broken quote is a parse failure
 * ('CSV parsing failed' with the first message); rows with too few or too many cells are kept,
 * their missing cells read as blank and become the preview's row errors, so one short line does
 * not throw the whole file away.
 */
export function parseCsvText(text: string): TParsedCsv {
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const failure = parsed.errors.find((e) => e.type === 'Quotes');
  if (failure) return { ok: false, title: M.csvParseFailed, message: failure.message };
  const headers = (parsed.meta.fields ?? []).filter((h) => h !== '');
  if (headers.length === 0 || parsed.data.length === 0) return { ok: false, title: M.noValidContacts };
  if (parsed.data.length > L.contactsPerSaveMax) {
    return { ok: false, title: `At most ${L.contactsPerSaveMax} contacts at a time` };
  }
  return { ok: true, headers, rows: parsed.data };
}

/**
 * The preview's accepted contacts as the form's CSV contacts: their matched player, and the
 * file's player cell as written ('Player Name'), so the draft remembers what the file said.
 */
export function toCsvContacts(
  contacts: readonly { name: string; email: string; playerIndex: number }[],
  rows: readonly TPlayerCsvRow[],
): TCsvContact[] {
  const cellByEmail = new Map(rows.map((r) => [r.contactEmail, r.playerName] as const));
  return contacts.map((c) => ({
    id: newContactId(),
    'Contact Name': c.name,
    'Contact Email': c.email,
    'Player Name': cellByEmail.get(c.email) ?? '',
    matchedPlayerIndex: c.playerIndex,
  }));
}

/** The CSV and manual lists without the given contacts. */
export function withoutContacts(
  form: Pick<TCampaignFormState, 'csvContacts' | 'manualContacts'>,
  ids: ReadonlySet<string>,
): Pick<TCampaignFormState, 'csvContacts' | 'manualContacts'> {
  return {
    csvContacts: form.csvContacts.filter((c) => !ids.has(c.id)),
    manualContacts: form.manualContacts.filter((c) => !ids.has(c.id)),
  };
}

/** The CSV and manual lists with the given contacts moved to another player. */
export function reassignContacts(
  form: Pick<TCampaignFormState, 'csvContacts' | 'manualContacts'>,
  ids: ReadonlySet<string>,
  playerIndex: number,
): Pick<TCampaignFormState, 'csvContacts' | 'manualContacts'> {
  return {
    csvContacts: form.csvContacts.map((c) => (ids.has(c.id) ? { ...c, matchedPlayerIndex: playerIndex } : c)),
    manualContacts: form.manualContacts.map((c): TManualContact => (ids.has(c.id) ? { ...c, playerIndex } : c)),
  };
}

/** A contact belongs to the player at `index`; −1 (Unassigned) also takes indexes no player has. */
export function belongsTo(contact: Pick<TStepContact, 'playerIndex'>, index: number, playerCount: number): boolean {
  if (index >= 0) return contact.playerIndex === index;
  return contact.playerIndex < 0 || contact.playerIndex >= playerCount;
}

/** A name for files: 'alex-rivera'. */
export function fileSlug(name: string, fallback: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .slice(0, 60) || fallback
  );
}
