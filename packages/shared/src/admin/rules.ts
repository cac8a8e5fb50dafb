import { csvCell } from '../csv';
import { ADMIN_LIMITS, type TAuditDetails, type TAuditEntry, type TTokenUsageRow } from './schemas';

// ---------------------------------------------------------------------------------------------
// Test accounts (§5.8)
// ---------------------------------------------------------------------------------------------

/** Plus-addressed test forms: name+test@, name+e2e@, name+qa1@ … */
const PLUS_TEST = /\+(test|e2e|qa|spec|auto|demo-test)[^@]*@/i;
/** A test subdomain or top-level domain: @test.club.org, @qa.example.io, @staging.app.com, @x.test. */
const TEST_DOMAIN = /@(?:[^@]*\.)?(test|testing|qa|staging|sandbox)\.[^@]+$|@[^@]+\.(test|invalid|localhost)$/i;
/** Words of automated suites anywhere in the address. */
const TEST_WORDS = /playwright|cypress|automated|integration|selenium|e2e-/i;
/** The example domains reserved for documentation (RFC 2606) and the bare `example` host. */
const EXAMPLE_DOMAIN = /@(?:[^@]*\.)?example(?:\.(com|org|net))?$/i;

/**
 * True for an address that looks like a test account: plus-addressed test forms, test
 * subdomains, the words of automated suites (playwright, cypress, automated, integration) and the
 * example domains. Used for 'Quick Delete n Test Users' and the real-user warning.
 */
export function isTestAccount(emailAddress: string): boolean {
  const e = emailAddress.trim().toLowerCase();
  if (!e.includes('@')) return false;
  return PLUS_TEST.test(e) || TEST_DOMAIN.test(e) || TEST_WORDS.test(e) || EXAMPLE_DOMAIN.test(e);
}

// ---------------------------------------------------------------------------------------------
// Display name (§3 Admin user row)
// ---------------------------------------------------------------------------------------------

export interface TUserMeta {
  full_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  name?: string | null;
  display_name?: string | null;
}

const META_ORDER = ['full_name', 'first_name', 'last_name', 'name', 'display_name'] as const;

/** The first non-blank of full_name, first_name, last_name, name, display_name; else the e-mail before the @. */
export function displayName(meta: TUserMeta | null | undefined, emailAddress: string): string {
  for (const key of META_ORDER) {
    const value = meta?.[key]?.trim();
    if (value) return value;
  }
  const at = emailAddress.indexOf('@');
  return at > 0 ? emailAddress.slice(0, at) : emailAddress;
}

// ---------------------------------------------------------------------------------------------
// Audit details and the CSV export (§9)
// ---------------------------------------------------------------------------------------------

/** A value cut to 30 characters with an ellipsis when longer (the table shows details this way). */
export function truncateDetail(value: unknown, max: number = ADMIN_LIMITS.auditDetailChars): string {
  const s = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return s.length > max ? `${s.slice(0, max)}...` : s;
}

/** The details as the table shows them: 'key: value' per entry, each value truncated. */
export function detailsSummary(details: TAuditDetails): string[] {
  return Object.entries(details).map(([k, v]) => `${k}: ${truncateDetail(v)}`);
}

/** The export's file name, with the day it was made: audit-logs-2026-03-14.csv. */
export function auditCsvFileName(now: Date): string {
  return `audit-logs-${now.toISOString().slice(0, 10)}.csv`;
}

export const AUDIT_CSV_HEADER = [
  'Date',
  'Admin',
  'Action',
  'Target User',
  'Target Organization',
  'Details',
  'IP Address',
  'User Agent',
] as const;

/** The details column: the JSON object with every comma replaced by a semicolon (§9). */
export function detailsForCsv(details: TAuditDetails): string {
  return JSON.stringify(details).replace(/,/g, ';');
}

/** The audit entries as CSV (a header row, then one line per entry, CRLF line ends). */
export function auditLogCsv(entries: readonly TAuditEntry[]): string {
  const lines = [AUDIT_CSV_HEADER.join(',')];
  for (const e of entries) {
    lines.push(
      [
        e.createdAt,
        e.adminEmail,
        e.action,
        e.targetUserEmail,
        e.targetOrgName,
        detailsForCsv(e.details),
        e.ipAddress,
        e.userAgent,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// Pagination (§2.10, §9)
// ---------------------------------------------------------------------------------------------

/** 'Showing x-y of n' for a page (1-based) of `pageSize`; 'Showing 0-0 of 0' when empty. */
export function showingRange(page: number, pageSize: number, total: number): string {
  if (total <= 0) return 'Showing 0-0 of 0';
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return `Showing ${from}-${to} of ${total}`;
}

/** 'Showing x of y organizations' (/admin/orgs). */
export function showingOrganizations(shown: number, total: number): string {
  return `Showing ${shown} of ${total} organizations`;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page buttons: at most 5 page numbers, a window around the current page that stays inside
 * 1…pages (1 2 3 4 5, then 3 4 5 6 7 for page 5 of 9, then 5 6 7 8 9 at the end).
 */
export function pageButtons(current: number, pages: number, max: number = ADMIN_LIMITS.maxPageButtons): number[] {
  const count = Math.min(max, Math.max(pages, 0));
  if (count === 0) return [];
  const page = Math.min(Math.max(current, 1), pages);
  const start = Math.min(Math.max(page - Math.floor(count / 2), 1), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

// ---------------------------------------------------------------------------------------------
// Token usage (§9) and the impersonation banner (000 §2)
// ---------------------------------------------------------------------------------------------

/** True when any model's tokens exceed 1,000,000 ('High token usage detected…'). */
export function isHighTokenUsage(usage: readonly Pick<TTokenUsageRow, 'tokenCount'>[]): boolean {
  return usage.some((u) => u.tokenCount > ADMIN_LIMITS.highTokenUsage);
}

/** Micro-dollars as dollars, rounded to the cent's hundredth (estimates, never invoices). */
export function microsToDollars(micros: number): number {
  return Math.round(micros / 100) / 10_000;
}

/** The banner's elapsed time: 'just now' under a minute, then '1 minute ago', 'n minutes ago'. */
export function impersonationElapsed(startedAt: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(startedAt).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'just now';
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
}
