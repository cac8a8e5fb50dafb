import { describe, expect, it } from 'vitest';
import { normalizeContactLines } from './AddContactsDialog';
import { pageButtons } from './parts';

describe('pageButtons', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 6, [1, 2, 3, 4, 5, 6]],
    [1, 12, [1, 2, 3, 4, 5, 12]],
    [3, 12, [1, 2, 3, 4, 5, 12]],
    [4, 12, [2, 3, 4, 5, 6, 12]],
    [7, 12, [5, 6, 7, 8, 9, 12]],
    [10, 12, [8, 9, 10, 11, 12]],
    [12, 12, [8, 9, 10, 11, 12]],
  ])('page %i of %i → %j: at most 5 numbered pages plus the last', (page, total, expected) => {
    expect(pageButtons(page, total)).toEqual(expected);
  });
});

describe('normalizeContactLines', () => {
  it('reads "Name <email>" and a bare address as "Name, email" and leaves the comma form alone', () => {
    expect(
      normalizeContactLines('Pat Kim <pat@example.org>\n"Lee, Jo" <jo@example.org>\nriley@example.org\nSam, sam@x.org'),
    ).toBe('"Pat Kim",pat@example.org\n"Lee, Jo",jo@example.org\nriley,riley@example.org\nSam, sam@x.org');
  });
});
