import { htmlToMarkdown } from '@pennant/shared/fundraising/markdown';
import {
  AI_TONES,
  FUNDRAISING_LIMITS,
  FUNDRAISING_MESSAGES,
  MESSAGE_PERSPECTIVE_LABELS,
  type TAiTone,
  type TCampaignDetail,
  ZGenerateEmailInput,
} from '@pennant/shared/fundraising/schemas';
import { Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useGenerateCampaignEmail } from '../fundraising-api';
import { readAiPrompt, type TAiPrompt, writeAiPrompt } from './launch-storage';

export const TONE_LABELS: Record<TAiTone, string> = {
  friendly: 'Friendly',
  professional: 'Professional',
  enthusiastic: 'Enthusiastic',
  urgent: 'Urgent',
};

/** The six quick suggestions for the focus area (§5.5). */
export const FOCUS_SUGGESTIONS = [
  'New uniforms and equipment',
  'Travel to tournaments',
  'Facility improvements',
  'Scholarships for players',
  'Season registration fees',
  'Coaching and training',
] as const;

const focusParts = (focus: string) =>
  focus
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A suggestion chip adds its words to the focus area, or takes them out again. */
export function toggleFocus(focus: string, suggestion: string): string {
  const parts = focusParts(focus);
  return (parts.includes(suggestion) ? parts.filter((p) => p !== suggestion) : [...parts, suggestion]).join(', ');
}

export interface TGeneratedContent {
  subject: string;
  body: string;
}

interface TGenerateWithAiDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaign: Pick<TCampaignDetail, 'id' | 'campaignType' | 'messagePerspective'>;
  onGenerated: (content: TGeneratedContent) => void;
}

type TFieldErrors = Partial<Record<'focusArea' | 'callToAction' | 'teamOrGroup', string>>;

/**
 * Generate Email Content with AI (§2.3, §5.5, §7.4): tone, focus area (required), call to action
 * and team or group name. The server writes in the campaign's perspective and saves the result
 * as the campaign's template; the form itself is kept in the browser for next time.
 */
export function GenerateWithAiDialog(props: TGenerateWithAiDialogProps) {
  return props.open ? <GenerateBody {...props} /> : null;
}

function GenerateBody({ onOpenChange, campaign, onGenerated }: TGenerateWithAiDialogProps) {
  const [form, setForm] = useState<TAiPrompt>(readAiPrompt);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => writeAiPrompt(form), [form]);
  const set = (patch: Partial<TAiPrompt>) => setForm((f) => ({ ...f, ...patch }));

  const generate = useGenerateCampaignEmail(campaign.id, {
    onSuccess: (data) => {
      // The reply carries the editor's text; an HTML-only draft is turned back into it.
      const body = data.body.trim() !== '' ? data.body : htmlToMarkdown(data.html);
      onGenerated({ subject: data.subject, body });
      toast.success(FUNDRAISING_MESSAGES.aiReady);
      onOpenChange(false);
    },
    onError: (err) => {
      const text = FUNDRAISING_MESSAGES.aiFailed(errorMessage(err, 'Unknown error'));
      setFailure(text);
      toast.error(text);
    },
  });

  const submit = () => {
    const parsed = ZGenerateEmailInput.safeParse({
      tone: form.tone,
      focusArea: form.focusAreas,
      callToAction: form.callToAction.trim() || undefined,
      teamOrGroup: form.teamOrGroup.trim() || undefined,
    });
    if (!parsed.success) {
      const next: TFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'focusArea' || key === 'callToAction' || key === 'teamOrGroup') && !next[key]) {
          next[key] = issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    generate.mutate(parsed.data);
  };

  const chosen = focusParts(form.focusAreas);
  return (
    <Dialog
      open
      onOpenChange={(open) => !generate.isPending && onOpenChange(open)}
      title="Generate Email Content with AI"
      description={
        campaign.campaignType === 'player'
          ? `Written from the ${MESSAGE_PERSPECTIVE_LABELS[campaign.messagePerspective]} perspective. The result is saved as the campaign's e-mail and stays editable.`
          : "The result is saved as the campaign's e-mail and stays editable."
      }
      dismissOnOutsideClick={false}
      className="max-w-xl"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={generate.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={generate.isPending}>
            <Sparkles className="h-4 w-4" aria-hidden /> {generate.isPending ? 'Generating...' : 'Generate'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {failure ? <Alert className="break-words">{failure}</Alert> : null}
        <Field label="Tone">
          {(p) => (
            <Select
              {...p}
              value={form.tone}
              onChange={(e) => set({ tone: AI_TONES.find((t) => t === e.target.value) ?? 'friendly' })}
            >
              {AI_TONES.map((t) => (
                <option key={t} value={t}>
                  {TONE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="space-y-2">
          <Field
            label="Focus area (required)"
            error={errors.focusArea}
            hint="What the money is for. Pick a suggestion or write your own."
          >
            {(p) => (
              <Textarea
                {...p}
                rows={3}
                required
                maxLength={FUNDRAISING_LIMITS.focusAreaMax}
                value={form.focusAreas}
                onChange={(e) => set({ focusAreas: e.target.value })}
              />
            )}
          </Field>
          <fieldset aria-label="Focus suggestions" className="flex flex-wrap gap-1.5">
            {FOCUS_SUGGESTIONS.map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={chosen.includes(s)}
                onClick={() => set({ focusAreas: toggleFocus(form.focusAreas, s) })}
                className={cn(
                  'rounded-full border px-2.5 py-1 text-xs font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  chosen.includes(s)
                    ? 'border-brand-600 bg-brand-50 text-brand-800'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {s}
              </button>
            ))}
          </fieldset>
        </div>
        <Field label="Call to action (optional)" error={errors.callToAction}>
          {(p) => (
            <Input
              {...p}
              maxLength={FUNDRAISING_LIMITS.callToActionMax}
              placeholder="e.g. Give by Friday to help us reach our goal"
              value={form.callToAction}
              onChange={(e) => set({ callToAction: e.target.value })}
            />
          )}
        </Field>
        <Field label="Team or group name (optional)" error={errors.teamOrGroup}>
          {(p) => (
            <Input
              {...p}
              maxLength={FUNDRAISING_LIMITS.teamOrGroupMax}
              placeholder="e.g. Varsity Soccer"
              value={form.teamOrGroup}
              onChange={(e) => set({ teamOrGroup: e.target.value })}
            />
          )}
        </Field>
      </div>
    </Dialog>
  );
}
