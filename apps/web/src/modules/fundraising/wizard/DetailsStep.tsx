import { calendarRange, senderLabel } from '@pennant/shared/fundraising/rules';
import {
  CAMPAIGN_TYPES,
  FUNDRAISING_LIMITS,
  FUNDRAISING_MESSAGES,
  type TCampaignType,
} from '@pennant/shared/fundraising/schemas';
import { GraduationCap, Lock, Users } from 'lucide-react';
import { Alert } from '@/components/ui/Alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Field, Input } from '@/components/ui/Field';
import { cn } from '@/lib/cn';
import { type TCampaignFormState, type TDetailsErrors, withStartDate } from './campaign-form';
import { ReminderSchedulePanel } from './ReminderSchedulePanel';

const L = FUNDRAISING_LIMITS;

const TYPE_CHOICES: Record<TCampaignType, { label: string; text: string; icon: typeof Users }> = {
  player: {
    label: 'Player Campaign',
    text: 'Every player has their own contacts and goal; donations are attributed to the player.',
    icon: Users,
  },
  alumni: {
    label: 'Alumni Campaign',
    text: 'One contact list and one goal for the organization, sent under a sender name.',
    icon: GraduationCap,
  },
};

interface TDetailsStepProps {
  form: TCampaignFormState;
  onChange: (patch: Partial<TCampaignFormState>) => void;
  errors: TDetailsErrors;
  /** Edit mode: the type is fixed after creation (§2.2). */
  editing: boolean;
  /** The campaign is sent: the min-contacts field is disabled (§4.1). */
  locked: boolean;
  /** Today on the organization's calendar (YYYY-MM-DD): the calendar's range and defaults. */
  today: string;
  organizationName: string;
  /** Alumni only: false when the payment account cannot take donations (red alert, §2.2); null while unknown. */
  paymentAccountReady: boolean | null;
}

/** Step 1, Details (spec 002 §2.2, §5.1): Campaign Information, Fundraising Details, Reminder Schedule. */
export function DetailsStep({
  form,
  onChange,
  errors,
  editing,
  locked,
  today,
  organizationName,
  paymentAccountReady,
}: TDetailsStepProps) {
  const { from, to } = calendarRange(today);
  const alumni = form.campaign_type === 'alumni';
  const behalf = form.behalf_of_name.trim();
  return (
    <div className="space-y-5">
      {alumni && paymentAccountReady === false ? (
        <Alert tone="error" title="Payment account not ready">
          {FUNDRAISING_MESSAGES.paymentAccountNotConfigured}
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Campaign Information</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <fieldset className="space-y-2" aria-describedby={editing ? 'campaign-type-fixed' : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-slate-700">Campaign Type</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {CAMPAIGN_TYPES.map((type) => {
                const choice = TYPE_CHOICES[type];
                const Icon = choice.icon;
                const checked = form.campaign_type === type;
                return (
                  <label
                    key={type}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                      checked ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                      editing && 'cursor-not-allowed opacity-70',
                    )}
                  >
                    <input
                      type="radio"
                      name="campaign-type"
                      value={type}
                      checked={checked}
                      disabled={editing}
                      onChange={() => onChange({ campaign_type: type, currentStep: 0 })}
                      className="mt-1 h-4 w-4 accent-brand-600"
                    />
                    <span className="min-w-0">
                      <span className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
                        <Icon className="h-4 w-4 text-brand-600" aria-hidden /> {choice.label}
                      </span>
                      <span className="mt-0.5 block text-xs text-slate-600">{choice.text}</span>
                    </span>
                  </label>
                );
              })}
            </div>
            {editing ? (
              <p id="campaign-type-fixed" className="flex items-center gap-1.5 text-xs text-slate-500">
                <Lock className="h-3.5 w-3.5" aria-hidden /> {FUNDRAISING_MESSAGES.typeFixed}
              </p>
            ) : null}
          </fieldset>

          <Field label="Campaign Name" error={errors.name}>
            {(p) => (
              <Input
                {...p}
                value={form.name}
                maxLength={L.nameMax}
                placeholder="Spring Booster Drive"
                onChange={(e) => onChange({ name: e.target.value })}
              />
            )}
          </Field>

          {alumni ? (
            <Field
              label="Sender Name (optional)"
              error={errors.behalf_of_name}
              hint={
                <>
                  Emails will come from{' '}
                  <span className="font-medium">“{senderLabel(behalf || null, organizationName)}”</span>
                  {behalf ? null : '; with a sender name they read "[Sender] via Pennant"'}.
                </>
              }
            >
              {(p) => (
                <Input
                  {...p}
                  value={form.behalf_of_name}
                  maxLength={L.behalfOfMax}
                  placeholder="Coach Taylor"
                  onChange={(e) => onChange({ behalf_of_name: e.target.value })}
                />
              )}
            </Field>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Fundraising Details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field
            label={alumni ? 'Campaign Goal' : 'Goal per Player'}
            error={errors.goal_dollars}
            hint={alumni ? 'Optional, in dollars.' : "Optional, in dollars: each player's own goal."}
            className="sm:col-span-2"
          >
            {(p) => (
              <div className="relative sm:max-w-xs">
                <span
                  aria-hidden
                  className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500"
                >
                  $
                </span>
                <Input
                  {...p}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={1}
                  value={form.goal_dollars}
                  placeholder="500"
                  onChange={(e) => onChange({ goal_dollars: e.target.value })}
                  className="pl-7"
                />
              </div>
            )}
          </Field>
          <Field label="Start Date" error={errors.starts_at}>
            {(p) => (
              <Input
                {...p}
                type="date"
                min={from}
                max={to}
                value={form.starts_at}
                onChange={(e) => onChange(withStartDate(form, e.target.value))}
              />
            )}
          </Field>
          <Field label="End Date" error={errors.ends_at}>
            {(p) => (
              <Input
                {...p}
                type="date"
                min={form.starts_at && form.starts_at > from ? form.starts_at : from}
                max={to}
                value={form.ends_at}
                onChange={(e) => onChange({ ends_at: e.target.value })}
              />
            )}
          </Field>
          {alumni ? null : (
            <Field
              label="Minimum Contacts per Player"
              error={errors.min_contacts_per_player}
              hint={
                locked
                  ? 'The campaign has been sent: this can no longer change.'
                  : 'How many contacts each player should bring; the Review step checks it.'
              }
              className="sm:col-span-2"
            >
              {(p) => (
                <Input
                  {...p}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={L.minContactsPerPlayerMax}
                  step={1}
                  disabled={locked}
                  value={Number.isFinite(form.min_contacts_per_player) ? form.min_contacts_per_player : ''}
                  onChange={(e) =>
                    onChange({ min_contacts_per_player: e.target.value === '' ? Number.NaN : Number(e.target.value) })
                  }
                  className="sm:max-w-32"
                />
              )}
            </Field>
          )}
        </CardContent>
      </Card>

      <ReminderSchedulePanel
        schedule={form.reminder_schedule}
        startsAt={form.starts_at}
        endsAt={form.ends_at}
        onChange={(reminder_schedule) => onChange({ reminder_schedule })}
        errors={{ maxReminders: errors.max_reminders, customDays: errors.custom_days }}
      />
    </div>
  );
}
