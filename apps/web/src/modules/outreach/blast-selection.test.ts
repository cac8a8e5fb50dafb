import type { TBlastProspect } from '@pennant/shared/outreach/schemas';
import { describe, expect, it } from 'vitest';
import { byContactName, clearShown, RECIPIENTS_MAX, selectShown, shownState, toggleOne } from './blast-selection';

const p = (n: number, name = `Person ${n}`): TBlastProspect => ({
  id: `c3000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  contactName: name,
  companyName: `Company ${n}`,
  email: `p${n}@x.example`,
});
const ids = (list: readonly TBlastProspect[]) => list.map((x) => x.id);

describe('the Recipients selection', () => {
  it('selects the rows shown, keeping rows picked under another search', () => {
    const elsewhere = p(100);
    const shown = [p(1), p(2), p(3)];
    const { selected, capped } = selectShown([elsewhere, p(2)], shown);
    expect(ids(selected)).toEqual(ids([elsewhere, p(2), p(1), p(3)]));
    expect(capped).toBe(false);
    expect(shownState(selected, shown)).toBe('all');
    expect(ids(clearShown(selected, shown))).toEqual(ids([elsewhere]));
    expect(shownState([p(1)], shown)).toBe('some');
    expect(shownState([elsewhere], shown)).toBe('none');
    expect(shownState([elsewhere], [])).toBe('none');
  });

  it('stops at the cap, in the table’s order, and says it did', () => {
    const shown = Array.from({ length: RECIPIENTS_MAX + 5 }, (_, i) => p(i));
    const first = selectShown([p(9_999)], shown);
    expect(first.selected).toHaveLength(RECIPIENTS_MAX);
    expect(first.capped).toBe(true);
    expect(first.selected.at(-1)?.id).toBe(p(RECIPIENTS_MAX - 2).id);
    // A full selection takes no more rows one at a time either, but gives one up.
    expect(toggleOne(first.selected, p(RECIPIENTS_MAX + 1), true)).toHaveLength(RECIPIENTS_MAX);
    const less = toggleOne(first.selected, p(0), false);
    expect(less).toHaveLength(RECIPIENTS_MAX - 1);
    expect(toggleOne(less, p(RECIPIENTS_MAX + 1), true).at(-1)?.id).toBe(p(RECIPIENTS_MAX + 1).id);
    // Exactly the cap is not capped.
    expect(selectShown([], shown.slice(0, RECIPIENTS_MAX)).capped).toBe(false);
  });

  it('lists the recipients by contact name, case aside', () => {
    expect(byContactName([p(1, 'zoe'), p(2, 'Adam'), p(3, 'ben')]).map((x) => x.contactName)).toEqual([
      'Adam',
      'ben',
      'zoe',
    ]);
  });
});
