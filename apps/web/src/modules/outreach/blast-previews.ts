import { fallbackPreview } from '@pennant/shared/outreach/rules';
import type { TBlastPreview, TBlastPreviewInput, TBlastProspect } from '@pennant/shared/outreach/schemas';

/** Preview calls in flight at once (one AI call per recipient). */
export const PREVIEW_CONCURRENCY = 3;

export interface TBlastSample {
  prospectId: string;
  subject: string;
  html: string;
  /** The AI call failed: the sample is the fallback (§8.2) and says so. */
  failed: boolean;
}

interface TGenerateOptions {
  recipients: readonly TBlastProspect[];
  priceListId: string;
  subjectSeed: string;
  bodySeed: string;
  preview: (input: TBlastPreviewInput) => Promise<TBlastPreview>;
  /** What a failed call says (previewErrorMessage). */
  describeError: (err: unknown) => string;
  /** After each recipient: how many are done of how many. */
  onProgress?: (done: number, total: number) => void;
  concurrency?: number;
}

/**
 * One preview per recipient, at most three at a time, in the recipients' order. A failed call does
 * not stop the others: that recipient gets the fallback subject and body (§8.2), marked failed.
 */
export async function generatePreviews(opts: TGenerateOptions): Promise<TBlastSample[]> {
  const { recipients, priceListId, subjectSeed, bodySeed } = opts;
  const out: TBlastSample[] = new Array(recipients.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < recipients.length) {
      const index = next;
      next += 1;
      const r = recipients[index];
      if (!r) continue;
      try {
        const p = await opts.preview({ priceListId, prospectId: r.id, subjectSeed, bodySeed });
        out[index] = { prospectId: r.id, subject: p.subject, html: p.html, failed: false };
      } catch (err) {
        const f = fallbackPreview(subjectSeed, bodySeed, r.companyName, opts.describeError(err));
        out[index] = { prospectId: r.id, subject: f.subject, html: f.html, failed: true };
      }
      done += 1;
      opts.onProgress?.(done, recipients.length);
    }
  };
  const workers = Math.max(1, Math.min(opts.concurrency ?? PREVIEW_CONCURRENCY, recipients.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return out;
}
