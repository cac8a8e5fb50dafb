import { normalizeReminderDays, reminderDays } from '@pennant/shared/fundraising/rules';
import { FUNDRAISING_LIMITS, FUNDRAISING_MESSAGES, type TReminderSchedule } from '@pennant/shared/fundraising/schemas';
import { BellRing, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { InlineError } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Input, Select } from '@/components/ui/Field';
import { Switch } from '@/components/ui/Switch';

const L = FUNDRAISING_LIMITS;
const MAX_REMINDER_OPTIONS = Array.from({ length: L.maxRemindersMax + 1 }, (_, n) => n);

/** 'day 7', 'day 7 and day 23', 'day 7, day 21 and day 38'. */
export function dayList(days: readonly number[]): string {
  const words = days.map((d) => `day ${d}`);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** What the schedule will do, in one sentence: the days after the start at 9:00 AM. */
export function reminderSummary(schedule: TReminderSchedule, startsAt: string, endsAt: string): string {
  if (!schedule.autoScheduleEnabled && !schedule.customScheduleEnabled) return 'No reminders will be sent.';
  if (schedule.maxReminders === 0) return 'No reminders will be sent (max reminders is 0).';
  const days = reminderDays(schedule, startsAt || null, endsAt || null);
  if (days.length === 0) return 'No reminders will be sent until you add a reminder day.';
  return `Reminders on ${dayList(days)} at 9:00 AM.`;
}

interface TReminderPanelProps {
  schedule: TReminderSchedule;
  startsAt: string;
  endsAt: string;
  onChange: (schedule: TReminderSchedule) => void;
  /** The Details step's messages for the panel (after Next). */
  errors: { maxReminders?: string; customDays?: string };
}

/**
 * The Reminder Schedule panel (spec 002 §4.4, §5.1): automatic (the table by campaign length) or
 * custom days — switching one on turns the other off —, at most max_reminders of them, at 9:00 AM
 * in the organization's time zone, skipping donors and opted-out contacts.
 */
export function ReminderSchedulePanel({ schedule, startsAt, endsAt, onChange, errors }: TReminderPanelProps) {
  const ids = useId();
  const [day, setDay] = useState('');
  const [dayError, setDayError] = useState<string | null>(null);
  const days = normalizeReminderDays(schedule.customIntervalsDays);
  const set = (patch: Partial<TReminderSchedule>) => onChange({ ...schedule, ...patch });

  const addDay = () => {
    const n = Number(day);
    if (day.trim() === '' || !Number.isInteger(n) || n < L.reminderDayMin || n > L.reminderDayMax) {
      setDayError(FUNDRAISING_MESSAGES.reminderDayRange);
      return;
    }
    if (!days.includes(n) && days.length >= L.customDaysMax) {
      setDayError(`At most ${L.customDaysMax} reminder days`);
      return;
    }
    setDayError(null);
    setDay('');
    // Duplicates are ignored and the list is kept sorted (§4.4).
    set({ customIntervalsDays: normalizeReminderDays([...days, n]) });
  };

  const customWithoutDays = schedule.customScheduleEnabled && days.length === 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="h-4 w-4 text-brand-600" aria-hidden /> Reminder Schedule
        </CardTitle>
        <p className="text-sm text-slate-600">
          Reminders go out at 9:00 AM, at least 2 days apart, and skip contacts who donated or opted out.
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
          <div>
            <label htmlFor={`${ids}-auto`} className="text-sm font-medium text-slate-900">
              Automatic schedule
            </label>
            <p id={`${ids}-auto-hint`} className="text-xs text-slate-500">
              Reminder days chosen from the campaign's length.
            </p>
          </div>
          <Switch
            id={`${ids}-auto`}
            aria-describedby={`${ids}-auto-hint`}
            checked={schedule.autoScheduleEnabled}
            onCheckedChange={(on) =>
              set(on ? { autoScheduleEnabled: true, customScheduleEnabled: false } : { autoScheduleEnabled: false })
            }
          />
        </div>
        <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
          <div>
            <label htmlFor={`${ids}-custom`} className="text-sm font-medium text-slate-900">
              Custom schedule
            </label>
            <p id={`${ids}-custom-hint`} className="text-xs text-slate-500">
              Choose the days after the start yourself.
            </p>
          </div>
          <Switch
            id={`${ids}-custom`}
            aria-describedby={`${ids}-custom-hint`}
            checked={schedule.customScheduleEnabled}
            onCheckedChange={(on) =>
              set(on ? { customScheduleEnabled: true, autoScheduleEnabled: false } : { customScheduleEnabled: false })
            }
          />
        </div>

        {schedule.customScheduleEnabled ? (
          <div className="space-y-2 rounded-lg bg-slate-50 p-3">
            <label htmlFor={`${ids}-day`} className="block text-sm font-medium text-slate-700">
              Reminder day (days after the start)
            </label>
            <div className="flex gap-2">
              <Input
                id={`${ids}-day`}
                type="number"
                inputMode="numeric"
                min={L.reminderDayMin}
                max={L.reminderDayMax}
                step={1}
                value={day}
                aria-invalid={dayError !== null}
                onChange={(e) => {
                  setDay(e.target.value);
                  setDayError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addDay();
                  }
                }}
                className="w-32"
              />
              <Button variant="outline" onClick={addDay} disabled={day.trim() === ''}>
                <Plus className="h-4 w-4" aria-hidden /> Add Day
              </Button>
            </div>
            {dayError ? <InlineError>{dayError}</InlineError> : null}
            {days.length > 0 ? (
              <ul aria-label="Custom reminder days" className="flex flex-wrap gap-2">
                {days.map((d) => (
                  <li
                    key={d}
                    className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-0.5 pl-2.5 pr-1 text-sm text-brand-800"
                  >
                    Day {d}
                    <button
                      type="button"
                      aria-label={`Remove day ${d}`}
                      className="rounded-full p-0.5 hover:bg-brand-200"
                      onClick={() => set({ customIntervalsDays: days.filter((x) => x !== d) })}
                    >
                      <X className="h-3.5 w-3.5" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {customWithoutDays ? (
              <p
                role={errors.customDays ? 'alert' : 'status'}
                className={errors.customDays ? 'text-sm text-red-600' : 'text-sm text-amber-800'}
              >
                {FUNDRAISING_MESSAGES.customDaysNeeded}
              </p>
            ) : null}
          </div>
        ) : null}

        <div className="space-y-1.5">
          <label htmlFor={`${ids}-max`} className="block text-sm font-medium text-slate-700">
            Max Reminders
          </label>
          <Select
            id={`${ids}-max`}
            value={String(schedule.maxReminders)}
            aria-describedby={`${ids}-max-hint`}
            aria-invalid={Boolean(errors.maxReminders)}
            onChange={(e) => set({ maxReminders: Number(e.target.value) })}
            className="w-32"
          >
            {MAX_REMINDER_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
          <p id={`${ids}-max-hint`} className="text-xs text-slate-500">
            0 to {L.maxRemindersMax}; recommended 2-3.
          </p>
          {errors.maxReminders ? <InlineError>{errors.maxReminders}</InlineError> : null}
        </div>

        <p role="status" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {reminderSummary(schedule, startsAt, endsAt)}
        </p>
      </CardContent>
    </Card>
  );
}
