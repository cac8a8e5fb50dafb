/**
 * CSV exports (OWASP CSV injection): a cell that starts with = + - @, a tab or a carriage return is
 * run as a formula by spreadsheets, so such a cell is prefixed with an apostrophe and shown as text.
 * Names, notes and e-mail addresses in exports are typed by people outside the club.
 */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: a formula start defused, quoted when it holds a quote, a comma or a line break. */
export function csvCell(value: string | null): string {
  let s = value ?? '';
  if (CSV_FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
