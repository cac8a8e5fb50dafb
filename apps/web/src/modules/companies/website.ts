import { normalizeWebsite } from '@pennant/shared/companies/rules';

/** A link target for a stored website: http(s) kept, no protocol gets https, anything else is not linked. */
export function websiteHref(raw: string): string | undefined {
  const v = raw.trim();
  if (/^https?:\/\//i.test(v)) return v;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return undefined;
  return `https://${v}`;
}

/** The website as people say it: 'acme.com' for 'https://www.acme.com/'. */
export function websiteText(raw: string): string {
  return normalizeWebsite(raw) || raw;
}
