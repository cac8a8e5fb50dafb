import {
  MESSAGE_PERSPECTIVE_LABELS,
  MESSAGE_PERSPECTIVES,
  type TMessagePerspective,
} from '@pennant/shared/fundraising/schemas';
import { Info, User, Users } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { TCampaignFormState } from './campaign-form';

const CHOICES: Record<TMessagePerspective, { text: string; example: string; icon: typeof User }> = {
  player: {
    text: "Messages come from each player in the first person, with the player's name in the subject.",
    example: '“Hi Aunt Maria, I’m raising money for our season…” — Subject: Support Alex’s season',
    icon: User,
  },
  team: {
    text: "Messages are written by the team: they use 'we' and 'our team'.",
    example: '“Our team is raising money for the season, and we would love your support…”',
    icon: Users,
  },
};

interface TPerspectiveStepProps {
  form: TCampaignFormState;
  onChange: (patch: Partial<TCampaignFormState>) => void;
}

/** Step 3 of a player campaign (spec 002 §2.2 Perspective): who the e-mails are written as. */
export function PerspectiveStep({ form, onChange }: TPerspectiveStepProps) {
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Message Perspective</legend>
        <p className="mt-1 text-sm text-slate-600">Who should the campaign's e-mails sound like they come from?</p>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {MESSAGE_PERSPECTIVES.map((p) => {
            const choice = CHOICES[p];
            const Icon = choice.icon;
            const checked = form.message_perspective === p;
            return (
              <label
                key={p}
                className={cn(
                  'flex cursor-pointer flex-col gap-3 rounded-xl border-2 p-5 transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                  checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-300',
                )}
              >
                <span className="flex items-center gap-3">
                  <input
                    type="radio"
                    name="message-perspective"
                    value={p}
                    checked={checked}
                    onChange={() => onChange({ message_perspective: p })}
                    className="h-4 w-4 accent-brand-600"
                  />
                  <span
                    aria-hidden
                    className={cn(
                      'flex h-10 w-10 items-center justify-center rounded-full',
                      checked ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-600',
                    )}
                  >
                    <Icon className="h-5 w-5" />
                  </span>
                  <span className="text-base font-semibold text-slate-900">{MESSAGE_PERSPECTIVE_LABELS[p]}</span>
                </span>
                <span className="text-sm text-slate-700">{choice.text}</span>
                <span className="rounded-md bg-white/70 p-2 text-xs italic text-slate-500">{choice.example}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <p className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          The choice shapes the AI-written e-mails and their previews. The content stays editable before launch, and
          donations are still attributed to players either way.
        </span>
      </p>
    </div>
  );
}
