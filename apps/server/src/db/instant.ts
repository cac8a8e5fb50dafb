// PostgreSQL's text form of a UTC timestamptz: '2026-11-23 10:00:00.123456+00'.
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamp as an ISO string ('2026-11-23T10:00:00.123Z'), the API's form. The common case, a
 * UTC value in PostgreSQL's text form, is rewritten without building a Date (that showed in the
 * list's profile); anything else goes through Date. Both truncate to milliseconds alike.
 */
export function isoInstant(v: Date | string): string {
  if (v instanceof Date) return v.toISOString();
  const m = UTC_TEXT.exec(v);
  if (!m) return new Date(v).toISOString();
  return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}
