export const SEASON_LABELS = ['2025', '2025-26', '2026', '2026-27'] as const;
export const DEFAULT_SEASON_LABEL = '2025';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function monthName(month: number): string {
  const name = MONTH_NAMES[month - 1];
  if (!name) throw new RangeError(`month ${month} is not between 1 and 12`);
  return name;
}

/** Next season is the numeric season label plus one ("2025-26" becomes "2026-27"). */
export function nextSeasonLabel(label: string): string {
  const m = /^(\d{4})(?:-(\d{2}))?$/.exec(label.trim());
  if (!m) return label;
  const start = Number(m[1]) + 1;
  if (m[2] === undefined) return String(start);
  const end = (Number(m[2]) + 1) % 100;
  return `${start}-${String(end).padStart(2, '0')}`;
}
