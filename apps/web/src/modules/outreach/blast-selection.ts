import { BLAST_LIMITS, type TBlastProspect } from '@pennant/shared/outreach/schemas';

/**
 * The Recipients step's selection (spec 002 §2.6; decisions.md, "Prospect e-mail blast at scale").
 * The table pages and searches, so the selection is kept whole (each prospect's name, company and
 * e-mail) apart from the rows on screen: it survives Load More, a new search and going back.
 * 'Select all' acts on the rows shown (the pages loaded for the current search), never on rows the
 * member has not seen, and stops at the blast's cap.
 */

export const RECIPIENTS_MAX = BLAST_LIMITS.recipientsMax;

/** What the header checkbox shows for the rows on screen. */
export type TShownState = 'none' | 'some' | 'all';

export function shownState(selected: readonly TBlastProspect[], shown: readonly TBlastProspect[]): TShownState {
  if (shown.length === 0) return 'none';
  const ids = new Set(selected.map((p) => p.id));
  const n = shown.filter((p) => ids.has(p.id)).length;
  return n === 0 ? 'none' : n === shown.length ? 'all' : 'some';
}

/** One row checked or cleared; a row past the cap is not added. */
export function toggleOne(selected: readonly TBlastProspect[], p: TBlastProspect, on: boolean): TBlastProspect[] {
  const rest = selected.filter((x) => x.id !== p.id);
  if (!on) return rest;
  if (rest.length >= RECIPIENTS_MAX) return [...selected];
  return [...rest, p];
}

/**
 * Every row shown added, in the table's order, until the selection holds the cap. `capped` says
 * that some shown rows were left out because of it.
 */
export function selectShown(
  selected: readonly TBlastProspect[],
  shown: readonly TBlastProspect[],
): { selected: TBlastProspect[]; capped: boolean } {
  const ids = new Set(selected.map((p) => p.id));
  const next = [...selected];
  let capped = false;
  for (const p of shown) {
    if (ids.has(p.id)) continue;
    if (next.length >= RECIPIENTS_MAX) {
      capped = true;
      break;
    }
    ids.add(p.id);
    next.push(p);
  }
  return { selected: next, capped };
}

/** The rows shown taken out of the selection; rows chosen under another search stay. */
export function clearShown(selected: readonly TBlastProspect[], shown: readonly TBlastProspect[]): TBlastProspect[] {
  const ids = new Set(shown.map((p) => p.id));
  return selected.filter((p) => !ids.has(p.id));
}

/** The recipients as the later steps list them: by contact name, as the table does. */
export function byContactName(selected: readonly TBlastProspect[]): TBlastProspect[] {
  return [...selected].sort((a, b) => {
    const x = a.contactName.toLowerCase();
    const y = b.contactName.toLowerCase();
    if (x !== y) return x < y ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
