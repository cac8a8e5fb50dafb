import { DEFAULT_DUPLICATE_ACTION, PHONE_MAX_LENGTH, type TDuplicateAction, type TDuplicateReason } from './schemas';

/**
 * A website reduced for comparison: lower case, without the protocol, a leading 'www.' or
 * trailing slashes. 'https://www.Acme.com/' and 'acme.com' are the same site.
 * (The spec names protocol and trailing slash; 'www.' is dropped too, since it never names a
 * different business.)
 */
export function normalizeWebsite(raw: string | null | undefined): string {
  if (!raw) return '';
  return raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

export interface TDuplicateCandidate {
  name: string;
  website?: string | null;
}

export interface TDuplicateFound<T> {
  /** Position of the row in the rows given. */
  rowIndex: number;
  existingCompany: T;
  matchReason: TDuplicateReason;
  action: TDuplicateAction;
}

/**
 * Rows that match a company the organization already has: case-insensitive exact name first
 * ('Exact name match'), else the same website ('Website match'). Default action skip.
 */
export function findDuplicates<T extends TDuplicateCandidate>(
  rows: readonly TDuplicateCandidate[],
  existing: readonly T[],
): TDuplicateFound<T>[] {
  const byName = new Map<string, T>();
  const bySite = new Map<string, T>();
  for (const company of existing) {
    const name = company.name.trim().toLowerCase();
    if (name && !byName.has(name)) byName.set(name, company);
    const site = normalizeWebsite(company.website);
    if (site && !bySite.has(site)) bySite.set(site, company);
  }
  const found: TDuplicateFound<T>[] = [];
  rows.forEach((row, rowIndex) => {
    const nameMatch = byName.get(row.name.trim().toLowerCase());
    if (nameMatch) {
      found.push({
        rowIndex,
        existingCompany: nameMatch,
        matchReason: 'Exact name match',
        action: DEFAULT_DUPLICATE_ACTION,
      });
      return;
    }
    const site = normalizeWebsite(row.website);
    const siteMatch = site ? bySite.get(site) : undefined;
    if (siteMatch) {
      found.push({
        rowIndex,
        existingCompany: siteMatch,
        matchReason: 'Website match',
        action: DEFAULT_DUPLICATE_ACTION,
      });
    }
  });
  return found;
}

const DAY_MS = 86_400_000;

/** Whole calendar days between two instants, in the local time zone of the runtime. */
function calendarDaysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const b = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((b - a) / DAY_MS);
}

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * The list's 'Last contact' words: Never contacted, Today, Yesterday, n days ago (under 7),
 * n weeks ago (under 30 days), n months ago (under 365 days), otherwise n years ago.
 * A count of one reads in the singular ('1 week ago').
 */
export function lastContactLabel(value: Date | string | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return 'Never contacted';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Never contacted';
  const days = Math.max(0, calendarDaysBetween(date, now));
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return ago(days, 'day');
  if (days < 30) return ago(Math.floor(days / 7), 'week');
  if (days < 365) return ago(Math.floor(days / 30), 'month');
  return ago(Math.floor(days / 365), 'year');
}

/**
 * As-you-type US phone formatting: digits only, at most 10, shown as (XXX) XXX-XXXX, so the
 * input never exceeds 14 characters. An 11-digit number with the country code 1 drops the 1.
 */
export function formatUsPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`.slice(0, PHONE_MAX_LENGTH);
}

/** An imported phone: a US number with 10 digits is formatted, anything else is kept as written. */
export function normalizeImportedPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? formatUsPhone(national) : raw.trim();
}
