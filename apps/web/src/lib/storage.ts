/** Browser storage keys, in one place so sign-out can clear exactly what it must. */
export const ONBOARDING_KEYS = {
  step: 'pennant.onboarding.step',
  menuStep: 'pennant.onboarding.menuStep',
  orgId: 'pennant.onboarding.orgId',
  orgName: 'pennant.onboarding.orgName',
  seasonLabel: 'pennant.onboarding.seasonLabel',
  fiscalMonth: 'pennant.onboarding.fiscalMonth',
} as const;

/** The accept-invite link's query (invite_id and its secret), kept while the invitee signs in. */
export const PENDING_INVITE_KEY = 'pennant.pendingInvite';

/**
 * Form drafts kept in the browser (the campaign dialog's): each key starts with this prefix, so
 * sign-out clears every draft, with the contacts' names and addresses in it, at once.
 */
export const DRAFT_KEY_PREFIX = 'pennant.draft.';

/**
 * The platform admin's impersonation record (spec 001 §3: org_id, org_name, admin_id, admin email,
 * impersonated_at), kept while the admin views an organization through its members' eyes; its
 * presence shows the red banner. Sign-out clears it.
 */
export const IMPERSONATION_KEY = 'pennant.impersonation';

export function readKey(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): onboarding simply will not resume after a reload
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}

export function clearOnboardingKeys(): void {
  for (const key of Object.values(ONBOARDING_KEYS)) removeKey(key);
}

export function clearDraftKeys(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(DRAFT_KEY_PREFIX)) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // storage unavailable: there is nothing kept to clear
  }
}
