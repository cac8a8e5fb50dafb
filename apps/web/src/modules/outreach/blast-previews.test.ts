import { fallbackPreview } from '@pennant/shared/outreach/rules';
import { BLAST_MESSAGES, type TBlastPreviewInput } from '@pennant/shared/outreach/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api';
import { generatePreviews } from './blast-previews';
import { previewErrorMessage } from './outreach-api';

const prospects = ['Hometown Hardware', 'Riverside Dental', 'Corner Bakery', 'Summit Insurance', 'Lakeside Auto'].map(
  (companyName, i) => ({ id: `p${i}`, contactName: `Contact ${i}`, companyName, email: `c${i}@x.example` }),
);

describe('generating the previews', () => {
  it('asks once per recipient, three at a time, and keeps the recipients’ order', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    const progress: number[] = [];
    const samples = await generatePreviews({
      recipients: prospects,
      priceListId: 'list',
      subjectSeed: 'Spring - Sponsorship Opportunities',
      bodySeed: 'Thank you.',
      describeError: previewErrorMessage,
      onProgress: (done) => progress.push(done),
      preview: async (input: TBlastPreviewInput) => {
        asked.push(input.prospectId);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        return { subject: `For ${input.prospectId}`, html: '<p>Hi</p>' };
      },
    });
    expect(asked.sort()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    expect(most).toBe(3);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(samples.map((s) => s.subject)).toEqual(['For p0', 'For p1', 'For p2', 'For p3', 'For p4']);
    expect(samples.every((s) => !s.failed)).toBe(true);
  });

  it('gives a failed recipient the fallback, marked failed, and the others their e-mails', async () => {
    const samples = await generatePreviews({
      recipients: prospects.slice(0, 2),
      priceListId: 'list',
      subjectSeed: 'Spring - Sponsorship Opportunities',
      bodySeed: 'Thank you.',
      describeError: previewErrorMessage,
      preview: async (input) => {
        if (input.prospectId === 'p1') throw new ApiError(502, 'ai', 'The AI writer failed');
        return { subject: 'Yours', html: '<p>Hi</p>' };
      },
    });
    expect(samples[0]).toEqual({ prospectId: 'p0', subject: 'Yours', html: '<p>Hi</p>', failed: false });
    const fallback = fallbackPreview(
      'Spring - Sponsorship Opportunities',
      'Thank you.',
      'Riverside Dental',
      'The AI writer failed',
    );
    expect(samples[1]).toEqual({ prospectId: 'p1', ...fallback, failed: true });
    expect(samples[1]?.subject).toBe('Spring - Sponsorship Opportunities - Riverside Dental');
  });
});

describe('what a failed preview call says', () => {
  it('names an HTML page, a reply that is not JSON, and otherwise the server’s message', () => {
    const html = (() => {
      try {
        JSON.parse('<!DOCTYPE html><html></html>');
      } catch (e) {
        return e;
      }
    })();
    const garbage = (() => {
      try {
        JSON.parse('{"subject": ');
      } catch (e) {
        return e;
      }
    })();
    expect(previewErrorMessage(html)).toBe(BLAST_MESSAGES.previewHtml);
    expect(previewErrorMessage(garbage)).toBe(BLAST_MESSAGES.previewInvalidJson);
    expect(previewErrorMessage(z.object({ subject: z.string() }).safeParse({}).error)).toBe(
      BLAST_MESSAGES.previewInvalidJson,
    );
    expect(previewErrorMessage(new ApiError(429, 'limit', 'The AI writer’s limit was reached'))).toBe(
      'The AI writer’s limit was reached',
    );
  });
});
