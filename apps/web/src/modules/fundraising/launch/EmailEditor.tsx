import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '@pennant/shared/ai/schemas';
import { fillHtmlPlaceholders, markdownToHtml } from '@pennant/shared/fundraising/markdown';
import {
  fillTextPlaceholders,
  PLACEHOLDERS,
  type TPlaceholder,
  type TPlaceholderValues,
} from '@pennant/shared/fundraising/rules';
import type { TCampaignDetail } from '@pennant/shared/fundraising/schemas';
import { Eye } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Field, Input, Textarea } from '@/components/ui/Field';
import { cn } from '@/lib/cn';

/**
 * Stand-ins for the two blocks the server renders per contact (§5.5): the donate buttons with
 * their quick amounts and the unsubscribe link. Fixed markup, so the preview can hold them.
 */
const DONATE_SAMPLE =
  '<span class="my-2 flex flex-wrap gap-2" data-sample="donate-buttons">' +
  ['$25', '$50', '$100', '$250', 'Other amount']
    .map((a) => `<span class="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white">${a}</span>`)
    .join('') +
  '</span>';
const UNSUBSCRIBE_SAMPLE =
  '<span class="block text-xs text-slate-500" data-sample="unsubscribe">Don\'t want these e-mails? <u>Unsubscribe</u></span>';

/** Sample values for the preview: the first player stands in for each contact's player. */
export function sampleValues(
  campaign: Pick<TCampaignDetail, 'name' | 'organizationName' | 'goalCents' | 'players'>,
): TPlaceholderValues {
  return {
    recipient: 'Jordan Smith',
    playerName: campaign.players[0]?.name ?? 'Alex Rivera',
    campaignName: campaign.name,
    organizationName: campaign.organizationName,
    goalCents: campaign.goalCents,
  };
}

/**
 * The body as the e-mail shows it: markdownToHtml escapes any HTML typed in the body and keeps
 * only safe links, the sample values are escaped as they are filled, and the two blocks are our
 * own markup, so the result is safe to place in the page.
 */
export function previewHtml(body: string, values: TPlaceholderValues): string {
  return fillHtmlPlaceholders(markdownToHtml(body), values)
    .replaceAll('[Donate Buttons]', DONATE_SAMPLE)
    .replaceAll('[Unsubscribe]', UNSUBSCRIBE_SAMPLE);
}

/** The placeholders a campaign offers: [Player Name] only where there are players. */
export const placeholdersFor = (campaignType: TCampaignDetail['campaignType']): TPlaceholder[] =>
  PLACEHOLDERS.filter((p) => campaignType === 'player' || p !== '[Player Name]');

/** The body with the token put in place of the selection (or at the cursor). */
export function insertAt(body: string, token: string, start: number, end: number): { text: string; cursor: number } {
  const s = Math.max(0, Math.min(start, body.length));
  const e = Math.max(s, Math.min(end, body.length));
  return { text: body.slice(0, s) + token + body.slice(e), cursor: s + token.length };
}

interface TEmailEditorProps {
  campaign: Pick<TCampaignDetail, 'name' | 'organizationName' | 'goalCents' | 'players' | 'campaignType'>;
  subject: string;
  body: string;
  onSubjectChange?: (subject: string) => void;
  onBodyChange?: (body: string) => void;
  /** The incremental and all-contacted modes show the first send's content, unchangeable. */
  readOnly: boolean;
  /** Body rows: fewer on a short window. */
  rows: number;
}

/** Subject and body with the placeholder toolbar and a preview (§5.5). */
export function EmailEditor({
  campaign,
  subject,
  body,
  onSubjectChange,
  onBodyChange,
  readOnly,
  rows,
}: TEmailEditorProps) {
  const [preview, setPreview] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const bodyId = useId();
  const values = sampleValues(campaign);

  const insert = (token: string) => {
    const el = bodyRef.current;
    const { text, cursor } = insertAt(body, token, el?.selectionStart ?? body.length, el?.selectionEnd ?? body.length);
    onBodyChange?.(text);
    // After React has written the new text: the cursor goes just past the placeholder.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(cursor, cursor);
    });
  };

  return (
    <section aria-label="Email content" className="space-y-3">
      <Field label="Subject">
        {(p) => (
          <Input
            {...p}
            value={subject}
            readOnly={readOnly}
            maxLength={EMAIL_SUBJECT_MAX}
            onChange={(e) => onSubjectChange?.(e.target.value)}
            className={cn(readOnly && 'bg-slate-50')}
          />
        )}
      </Field>

      <div className="space-y-1.5">
        <div className="flex flex-wrap items-end justify-between gap-2">
          {preview ? (
            <span className="text-sm font-medium text-slate-700">Email Body</span>
          ) : (
            <label htmlFor={bodyId} className="text-sm font-medium text-slate-700">
              Email Body
            </label>
          )}
          <Button variant="ghost" size="sm" aria-pressed={preview} onClick={() => setPreview((v) => !v)}>
            <Eye className="h-4 w-4" aria-hidden /> Preview
          </Button>
        </div>
        {readOnly || preview ? null : (
          <div role="toolbar" aria-label="Insert placeholder" className="flex flex-wrap gap-1">
            {placeholdersFor(campaign.campaignType).map((token) => (
              <Button
                key={token}
                variant="outline"
                size="sm"
                className="h-7 px-2 font-mono text-xs"
                aria-label={`Insert ${token}`}
                onClick={() => insert(token)}
              >
                {token}
              </Button>
            ))}
          </div>
        )}
        {preview ? (
          <div className="rounded-lg border border-slate-200 bg-white">
            <p className="border-b border-slate-100 px-4 py-2 text-sm">
              <span className="text-slate-500">Subject: </span>
              <span className="font-medium text-slate-900" data-testid="preview-subject">
                {fillTextPlaceholders(subject, values)}
              </span>
            </p>
            <div
              data-testid="email-preview"
              className="space-y-3 px-4 py-3 text-sm text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped markdown output and our own sample blocks (previewHtml)
              dangerouslySetInnerHTML={{ __html: previewHtml(body, values) }}
            />
            <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
              Preview with sample values; each contact gets their own name, player and donate buttons.
            </p>
          </div>
        ) : (
          <Textarea
            id={bodyId}
            ref={bodyRef}
            value={body}
            readOnly={readOnly}
            rows={rows}
            maxLength={EMAIL_BODY_MAX}
            onChange={(e) => onBodyChange?.(e.target.value)}
            className={cn('font-mono text-[13px] leading-relaxed', readOnly && 'bg-slate-50')}
          />
        )}
      </div>
    </section>
  );
}
