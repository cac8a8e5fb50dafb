import { BLAST_LIMITS, BLAST_MESSAGES, type TBlastStatusReply } from './schemas';

/** §5.7: '{price list name} - Sponsorship Opportunities'. */
export function defaultSubjectSeed(priceListName: string): string {
  return `${priceListName.trim()} - Sponsorship Opportunities`;
}

/** §5.7: 'a standard sponsorship thank-you paragraph' (its wording is ours; decisions.md). */
export const DEFAULT_BODY_SEED =
  'Thank you for supporting youth sports in our community. Local businesses like yours make our season ' +
  'possible, and we would love to have you with us as a sponsor this year. Our sponsorship options are ' +
  'on the attached price sheet, with something for every budget, and we would be glad to put together ' +
  'a package that fits your goals.';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text (paragraphs split by blank lines, lines by newlines) as the editor's HTML. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * §8.2: when one recipient's preview fails, its subject is '{subject seed} - {company or Your
 * Business}' and its body states the error, followed by the seed text.
 */
export function fallbackPreview(
  subjectSeed: string,
  bodySeed: string,
  companyName: string | null,
  error: string,
): { subject: string; html: string } {
  const company = companyName?.trim() || 'Your Business';
  return {
    subject: `${subjectSeed.trim()} - ${company}`,
    html: `<p><em>${escapeHtml(`The personalized e-mail could not be written (${error}). Edit this e-mail before sending.`)}</em></p>${textToHtml(bodySeed)}`,
  };
}

/**
 * The toasts one status poll earns (§8.2), given what the previous poll saw: a progress toast for
 * every fifth e-mail sent since, and at the end the completed toast (or the warning with the failures).
 */
export function blastToasts(
  previous: Pick<TBlastStatusReply, 'sent' | 'status'> | null,
  current: TBlastStatusReply,
): { kind: 'info' | 'success' | 'warning'; text: string }[] {
  const out: { kind: 'info' | 'success' | 'warning'; text: string }[] = [];
  if (previous?.status === 'completed') return out;
  const every = BLAST_LIMITS.progressToastEvery;
  const before = previous?.sent ?? 0;
  if (current.status !== 'completed') {
    const lastMark = Math.floor(current.sent / every) * every;
    if (lastMark > 0 && lastMark > before)
      out.push({ kind: 'info', text: BLAST_MESSAGES.progress(lastMark, current.total) });
    return out;
  }
  if (current.failed > 0)
    out.push({ kind: 'warning', text: BLAST_MESSAGES.completedWithFailures(current.failed, current.total) });
  else out.push({ kind: 'success', text: BLAST_MESSAGES.completed(current.sent) });
  return out;
}
