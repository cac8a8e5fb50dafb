/** Roles an organization member can hold; `owner` is a flag on the role row, not a role. */
export const ROLES = ['admin', 'treasurer', 'sponsorship_lead', 'read_only'] as const;
export type TRole = (typeof ROLES)[number];

/** Other spellings seen in stored data, normalised when read. */
const ROLE_ALIASES: Record<string, TRole> = {
  admin: 'admin',
  treasurer: 'treasurer',
  sponsorship_lead: 'sponsorship_lead',
  lead: 'sponsorship_lead',
  fundraising_manager: 'sponsorship_lead',
  read_only: 'read_only',
  readonly: 'read_only',
};

export function normalizeRole(raw: string): TRole | null {
  return ROLE_ALIASES[raw.trim().toLowerCase()] ?? null;
}

export function normalizeRoles(raw: readonly string[]): TRole[] {
  const out: TRole[] = [];
  for (const r of raw) {
    const role = normalizeRole(r);
    if (role && !out.includes(role)) out.push(role);
  }
  return out;
}

const ROLE_LABELS: Record<TRole, string> = {
  admin: 'Org Admin',
  treasurer: 'Treasurer',
  sponsorship_lead: 'Sponsorship Lead',
  read_only: 'Read-Only',
};

export function roleLabel(role: TRole): string {
  return ROLE_LABELS[role];
}

/** The user menu's wording: underscores become spaces, each word capitalised. */
export function roleMenuLabel(raw: string): string {
  return raw
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export const ROLE_DESCRIPTIONS: Record<TRole, string> = {
  admin: 'Add or remove users, manage the plan',
  treasurer: 'Invoices, payouts, payables',
  sponsorship_lead: 'Products, bundles, quotes, contracts, outreach',
  read_only: 'View only',
};

/** Roles offered when an owner sets up an organization; admin is always kept. */
export const ONBOARDING_ROLES: readonly TRole[] = ['admin', 'sponsorship_lead', 'treasurer'];
export const INVITE_ROLES: readonly TRole[] = ['treasurer', 'sponsorship_lead', 'admin', 'read_only'];
