import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '@pennant/shared/ai/schemas';
import { QUOTE_MESSAGES } from '@pennant/shared/quotes/schemas';
import { Settings2, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Textarea } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';

/** The instructions the AI starts from (spec §9: a warm, professional, concise e-mail with a call to action). */
export const DEFAULT_AI_PROMPT =
  'Write a warm, professional and concise email presenting this sponsorship proposal. Thank the company for ' +
  'considering a partnership, mention the items in the quote, and end with a clear call to action to review ' +
  'the attached proposal and reply with any questions.';
/** The most a custom prompt may hold (the contract's customPrompt). */
export const AI_PROMPT_MAX = 1000;

export type TAiSource = 'button' | 'dialog';

interface TEmailStepProps {
  subject: string;
  body: string;
  onSubject: (subject: string) => void;
  onBody: (body: string) => void;
  errors: { subject?: string; body?: string };
  prompt: string;
  onPrompt: (prompt: string) => void;
  generating: boolean;
  /** Asks the AI for a subject and body with these instructions; resolves true when it wrote them. */
  onGenerate: (prompt: string, source: TAiSource) => Promise<boolean>;
  disabled?: boolean;
}

/** Step 2, Email Composition: the subject and body (merge tags allowed), or a draft from the AI. */
export function EmailStep({
  subject,
  body,
  onSubject,
  onBody,
  errors,
  prompt,
  onPrompt,
  generating,
  onGenerate,
  disabled,
}: TEmailStepProps) {
  const [customizing, setCustomizing] = useState(false);
  const promptEmpty = prompt.trim() === '';
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          onClick={() => void onGenerate(prompt, 'button')}
          disabled={disabled || generating || promptEmpty}
        >
          {generating ? <Spinner size="sm" /> : <Sparkles className="h-4 w-4" aria-hidden />}
          {generating ? 'Generating...' : 'Generate Message via AI'}
        </Button>
        <Button variant="ghost" onClick={() => setCustomizing(true)} disabled={disabled || generating}>
          <Settings2 className="h-4 w-4" aria-hidden /> Customize AI
        </Button>
        {promptEmpty ? <p className="text-sm text-amber-800">{QUOTE_MESSAGES.promptEmpty}</p> : null}
      </div>

      <Field label="Subject" error={errors.subject}>
        {(p) => (
          <Input
            {...p}
            value={subject}
            maxLength={EMAIL_SUBJECT_MAX}
            disabled={disabled}
            onChange={(e) => onSubject(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Message"
        error={errors.body}
        hint={
          <>
            Merge tags: <code className="rounded bg-slate-100 px-1 text-slate-700">{'{{company_name}}'}</code> and{' '}
            <code className="rounded bg-slate-100 px-1 text-slate-700">{'{{contact_name}}'}</code> are replaced for each
            recipient.
          </>
        }
      >
        {(p) => (
          <Textarea
            {...p}
            value={body}
            rows={12}
            maxLength={EMAIL_BODY_MAX}
            disabled={disabled}
            onChange={(e) => onBody(e.target.value)}
            className="min-h-64"
          />
        )}
      </Field>

      <AiPromptDialog
        open={customizing}
        onOpenChange={setCustomizing}
        prompt={prompt}
        onSave={onPrompt}
        generating={generating}
        onGenerate={async (next) => {
          onPrompt(next);
          if (await onGenerate(next, 'dialog')) setCustomizing(false);
        }}
      />
    </div>
  );
}

interface TPromptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prompt: string;
  onSave: (prompt: string) => void;
  generating: boolean;
  onGenerate: (prompt: string) => Promise<void>;
}

/** 'Customize AI Email Generation': the instructions the AI follows, with Reset to Default. */
function AiPromptDialog({ open, onOpenChange, prompt, onSave, generating, onGenerate }: TPromptDialogProps) {
  const [draft, setDraft] = useState(prompt);
  useEffect(() => {
    if (open) setDraft(prompt);
  }, [open, prompt]);
  const empty = draft.trim() === '';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !generating && onOpenChange(next)}
      title="Customize AI Email Generation"
      description="Tell the AI how to write this quote's email."
      className="max-w-xl"
      footer={
        <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="ghost" onClick={() => setDraft(DEFAULT_AI_PROMPT)} disabled={generating}>
            Reset to Default
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button
              variant="outline"
              disabled={generating || empty}
              onClick={() => {
                onSave(draft);
                onOpenChange(false);
              }}
            >
              Save Instructions
            </Button>
            <Button disabled={generating || empty} onClick={() => void onGenerate(draft)}>
              {generating ? <Spinner size="sm" /> : <Sparkles className="h-4 w-4" aria-hidden />}
              {generating ? 'Generating...' : 'Generate Email'}
            </Button>
          </div>
        </div>
      }
    >
      <Field label="AI instructions" error={empty ? QUOTE_MESSAGES.promptEmpty : undefined}>
        {(p) => (
          <Textarea
            {...p}
            value={draft}
            rows={7}
            maxLength={AI_PROMPT_MAX}
            onChange={(e) => setDraft(e.target.value)}
          />
        )}
      </Field>
    </Dialog>
  );
}
