import { type TImpersonation, ZImpersonation } from '@pennant/shared/admin/schemas';
import { useMemo, useSyncExternalStore } from 'react';
import { IMPERSONATION_KEY, readKey, removeKey, writeKey } from '@/lib/storage';

/**
 * The impersonation record kept in the browser (spec 000 §3: organization id and name, the admin's
 * id and e-mail, when it started), in the shape the start call replies with.
 */

/** Same-tab writes tell the subscribers through this event; other tabs through 'storage'. */
const CHANGE_EVENT = 'pennant:impersonation';

function parse(raw: string | null): TImpersonation | null {
  if (!raw) return null;
  try {
    const parsed = ZImpersonation.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readImpersonation(): TImpersonation | null {
  return parse(readKey(IMPERSONATION_KEY));
}

export function storeImpersonation(record: TImpersonation): void {
  writeKey(IMPERSONATION_KEY, JSON.stringify(record));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearImpersonation(): void {
  removeKey(IMPERSONATION_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === IMPERSONATION_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored record as its raw string, so React compares snapshots by value. */
const snapshot = () => readKey(IMPERSONATION_KEY);

/** The stored impersonation record, or null; follows this tab's and other tabs' changes. */
export function useStoredImpersonation(): TImpersonation | null {
  const raw = useSyncExternalStore(subscribe, snapshot, () => null);
  return useMemo(() => parse(raw), [raw]);
}
