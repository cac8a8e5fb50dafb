import { AI_TONES } from '@pennant/shared/fundraising/schemas';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { DRAFT_KEY_PREFIX, readKey, removeKey, writeKey } from '@/lib/storage';

/**
 * What the launch page keeps in the browser (spec 002 §3): the e-mail draft per campaign and the
 * AI prompt form. Both live under the draft prefix, so signing out clears them. What is read back
 * is parsed: storage is text anyone with the browser could have changed.
 */

const ZEmailDraft = z.object({ subject: z.string().max(10_000), body: z.string().max(200_000) });
export type TEmailDraft = z.output<typeof ZEmailDraft>;

const emailDraftKey = (campaignId: string) => `${DRAFT_KEY_PREFIX}fundraising.email.${campaignId}`;

function readJson<S extends z.ZodType>(key: string, schema: S): z.output<S> | null {
  const raw = readKey(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readEmailDraft(campaignId: string): TEmailDraft | null {
  return readJson(emailDraftKey(campaignId), ZEmailDraft);
}

export function writeEmailDraft(campaignId: string, draft: TEmailDraft): void {
  writeKey(emailDraftKey(campaignId), JSON.stringify(draft));
}

export function clearEmailDraft(campaignId: string): void {
  removeKey(emailDraftKey(campaignId));
}

const ZAiPrompt = z.object({
  tone: z.enum(AI_TONES).catch('friendly'),
  focusAreas: z.string().max(2_000).catch(''),
  callToAction: z.string().max(2_000).catch(''),
  teamOrGroup: z.string().max(2_000).catch(''),
});
export type TAiPrompt = z.output<typeof ZAiPrompt>;

export const AI_PROMPT_KEY = `${DRAFT_KEY_PREFIX}fundraising.ai-prompt`;
export const EMPTY_AI_PROMPT: TAiPrompt = { tone: 'friendly', focusAreas: '', callToAction: '', teamOrGroup: '' };

export function readAiPrompt(): TAiPrompt {
  return readJson(AI_PROMPT_KEY, ZAiPrompt) ?? EMPTY_AI_PROMPT;
}

export function writeAiPrompt(prompt: TAiPrompt): void {
  writeKey(AI_PROMPT_KEY, JSON.stringify(prompt));
}

// ---------------------------------------------------------------------------------------------
// The window's height: the launch dialog tightens below 800, 650 and 550 px (§2.3)
// ---------------------------------------------------------------------------------------------

export type TDensity = 'regular' | 'snug' | 'compact' | 'tight';

export function densityFor(height: number): TDensity {
  if (height < 550) return 'tight';
  if (height < 650) return 'compact';
  if (height < 800) return 'snug';
  return 'regular';
}

/** The campaign details section folds into a disclosure below 650 px. */
export const detailsCollapse = (density: TDensity) => density === 'compact' || density === 'tight';

export function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}
