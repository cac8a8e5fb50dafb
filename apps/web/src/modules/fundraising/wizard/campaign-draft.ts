import { CAMPAIGN_TYPES, FUNDRAISING_LIMITS, MESSAGE_PERSPECTIVES } from '@pennant/shared/fundraising/schemas';
import { z } from 'zod';
import { DRAFT_KEY_PREFIX, readKey, removeKey, writeKey } from '@/lib/storage';
import type { TCampaignFormState } from './campaign-form';

/**
 * The new-campaign draft (spec 002 §4.3): the whole form state, kept in the browser per
 * organization and member, and "recent" for 24 hours. Only the new-campaign dialog keeps one; an
 * edit always starts from the saved campaign. The stored text is parsed, never trusted: a draft
 * from an older version, or edited by hand, is simply not restored.
 */

const draftKey = (orgId: string, userId: string) => `${DRAFT_KEY_PREFIX}fundraising.campaign.${orgId}.${userId}`;

const ZId = z.string().max(100);
const ZText = z.string().max(10_000);

/** Mirrors TCampaignFormState; `satisfies` below keeps the two in step. */
const ZDraft = z.object({
  campaign_type: z.enum(CAMPAIGN_TYPES),
  name: ZText,
  goal_dollars: ZText,
  starts_at: ZText,
  ends_at: ZText,
  message_perspective: z.enum(MESSAGE_PERSPECTIVES),
  players: z.array(ZText),
  playerInput: ZText,
  csvContacts: z.array(
    z.object({
      id: ZId,
      'Contact Name': ZText,
      'Contact Email': ZText,
      'Player Name': ZText,
      matchedPlayerIndex: z.number().int(),
    }),
  ),
  manualContacts: z.array(z.object({ id: ZId, playerIndex: z.number().int(), name: ZText, email: ZText })),
  manualAlumniContacts: z.array(z.object({ id: ZId, name: ZText, email: ZText })),
  // A cleared number input is NaN in the form, null in JSON: it comes back as the default.
  min_contacts_per_player: z
    .number()
    .nullable()
    .transform((v) => v ?? FUNDRAISING_LIMITS.defaultMinContactsPerPlayer),
  behalf_of_name: ZText,
  currentStep: z.number().int(),
  lastSaved: z.string().nullable(),
  // Not ZReminderSchedule: a half-set custom schedule (custom on, no day yet) is a fine place to
  // stop; the Details step's checks speak about it when the form is used again.
  reminder_schedule: z.object({
    autoScheduleEnabled: z.boolean(),
    customScheduleEnabled: z.boolean(),
    customIntervalsDays: z.array(z.number().int()).max(FUNDRAISING_LIMITS.customDaysMax),
    maxReminders: z.number().int(),
  }),
}) satisfies z.ZodType<TCampaignFormState, unknown>;

const RECENT_MS = FUNDRAISING_LIMITS.draftRecentHours * 3600_000;

/** The stored draft when it was saved within the last 24 hours; null otherwise (and an old one is dropped). */
export function readCampaignDraft(orgId: string, userId: string, now: Date = new Date()): TCampaignFormState | null {
  const key = draftKey(orgId, userId);
  const raw = readKey(key);
  if (raw === null) return null;
  let json: unknown = null;
  try {
    json = JSON.parse(raw);
  } catch {
    // not JSON: dropped below like any unreadable draft
  }
  const parsed = ZDraft.safeParse(json);
  const saved = parsed.success && parsed.data.lastSaved ? Date.parse(parsed.data.lastSaved) : Number.NaN;
  if (!parsed.success || !(now.getTime() - saved < RECENT_MS)) {
    removeKey(key);
    return null;
  }
  return parsed.data;
}

/** Keeps the form as the draft, stamped with the time it was saved. */
export function writeCampaignDraft(orgId: string, userId: string, form: TCampaignFormState, now: Date = new Date()) {
  writeKey(draftKey(orgId, userId), JSON.stringify({ ...form, lastSaved: now.toISOString() }));
}

export function clearCampaignDraft(orgId: string, userId: string) {
  removeKey(draftKey(orgId, userId));
}

/** True when the form holds anything worth keeping (a fresh form is not a draft). */
export function hasDraftContent(form: TCampaignFormState): boolean {
  return (
    form.name.trim() !== '' ||
    form.goal_dollars.trim() !== '' ||
    form.behalf_of_name.trim() !== '' ||
    form.players.length > 0 ||
    form.csvContacts.length > 0 ||
    form.manualContacts.length > 0 ||
    form.manualAlumniContacts.length > 0
  );
}
