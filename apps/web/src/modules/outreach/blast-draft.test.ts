// @vitest-environment jsdom
import { DEFAULT_BODY_SEED } from '@pennant/shared/outreach/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_KEY_PREFIX } from '@/lib/storage';
import { clearBlastDraft, newBlastDraft, readBlastDraft, writeBlastDraft } from './blast-draft';

const ORG = '5d1e2f3a-0000-4000-8000-000000000002';
const USER = '5d1e2f3a-0000-4000-8000-000000000001';
const KEY = `${DRAFT_KEY_PREFIX}outreach.blast.${ORG}.${USER}`;

afterEach(() => window.localStorage.clear());

describe('the blast draft', () => {
  it('starts on Recipients with the defaults: the standard body seed, the lead copied, the sheet attached', () => {
    expect(newBlastDraft()).toEqual({
      step: 0,
      recipients: [],
      priceListId: null,
      subjectSeed: '',
      bodySeed: DEFAULT_BODY_SEED,
      samples: [],
      ccRole: 'lead',
      attachPdf: true,
    });
  });

  it('is saved and restored with its step, recipients and edited previews', () => {
    const draft = {
      ...newBlastDraft(),
      step: 2,
      recipients: [
        { id: 'a', contactName: 'Alice Park', companyName: 'Hometown Hardware', email: 'alice@hh.example' },
        { id: 'b', contactName: 'Ben Ortiz', companyName: 'Riverside Dental', email: 'ben@rd.example' },
      ],
      priceListId: 'list',
      subjectSeed: 'Spring - Sponsorship Opportunities',
      samples: [{ prospectId: 'a', subject: 'Hi', html: '<p><strong>Hi</strong></p>', failed: true }],
      ccRole: 'me' as const,
    };
    writeBlastDraft(ORG, USER, draft);
    expect(readBlastDraft(ORG, USER)).toEqual(draft);
    // Another member of the organization has their own draft.
    expect(readBlastDraft(ORG, '5d1e2f3a-0000-4000-8000-000000000009')).toBeNull();
  });

  it('is gone once cleared', () => {
    writeBlastDraft(ORG, USER, newBlastDraft());
    clearBlastDraft(ORG, USER);
    expect(readBlastDraft(ORG, USER)).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('ignores (and drops) a draft that is not JSON or not a draft', () => {
    window.localStorage.setItem(KEY, '{not json');
    expect(readBlastDraft(ORG, USER)).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
    window.localStorage.setItem(KEY, JSON.stringify({ step: 9, recipientIds: 'all' }));
    expect(readBlastDraft(ORG, USER)).toBeNull();
    // A draft kept before the recipients were kept whole (ids only) is not read either.
    window.localStorage.setItem(
      KEY,
      JSON.stringify({ ...newBlastDraft(), recipients: undefined, recipientIds: ['a'], savedAt: 1 }),
    );
    expect(readBlastDraft(ORG, USER)).toBeNull();
  });
});
