import { DEFAULT_BODY_SEED } from '@pennant/shared/outreach/rules';
import { BLAST_LIMITS, DEFAULT_CC_ROLE, type TBlastDraft, ZBlastDraft } from '@pennant/shared/outreach/schemas';
import { DRAFT_KEY_PREFIX, readKey, removeKey, writeKey } from '@/lib/storage';

/**
 * The blast dialog's draft (spec 002 §3 Blast draft): its step, recipients, price list, seeds,
 * previews, CC and attachment, kept in the browser per organization and member so a reload does
 * not lose the edited e-mails. Closing the dialog clears it. The stored text is parsed, never
 * trusted: an unreadable draft is dropped.
 */

const draftKey = (orgId: string, userId: string) => `${DRAFT_KEY_PREFIX}outreach.blast.${orgId}.${userId}`;

export type TBlastDraftState = Omit<TBlastDraft, 'savedAt'>;

export function newBlastDraft(): TBlastDraftState {
  return {
    step: 0,
    recipients: [],
    priceListId: null,
    subjectSeed: '',
    bodySeed: DEFAULT_BODY_SEED,
    samples: [],
    ccRole: DEFAULT_CC_ROLE,
    attachPdf: true,
  };
}

export function readBlastDraft(orgId: string, userId: string): TBlastDraftState | null {
  const key = draftKey(orgId, userId);
  const raw = readKey(key);
  if (raw === null) return null;
  let json: unknown = null;
  try {
    json = JSON.parse(raw);
  } catch {
    // not JSON: dropped below like any unreadable draft
  }
  const parsed = ZBlastDraft.safeParse(json);
  if (!parsed.success) {
    removeKey(key);
    return null;
  }
  const { savedAt: _savedAt, ...draft } = parsed.data;
  return draft;
}

export function writeBlastDraft(orgId: string, userId: string, draft: TBlastDraftState, now: number = Date.now()) {
  // A draft over the limits would not be read back; keeping it would only waste the storage.
  if (draft.recipients.length > BLAST_LIMITS.recipientsMax) return;
  writeKey(draftKey(orgId, userId), JSON.stringify({ ...draft, savedAt: now }));
}

export function clearBlastDraft(orgId: string, userId: string) {
  removeKey(draftKey(orgId, userId));
}
