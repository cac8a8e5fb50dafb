import {
  DEFAULT_TIMEZONE,
  type TTimezonePreference,
  timezoneOptionLabel,
  ZTimezonePreference,
} from '@pennant/shared/profile/timezones';
import { Clock, MapPin } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Select } from '@/components/ui/Field';
import { PageLoading } from '@/components/ui/Spinner';
import { Switch } from '@/components/ui/Switch';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { browserTimezone, timezoneOptions } from '@/lib/timezone';
import { useSaveTimezone, useTimezonePreference } from './settings-api';

/** Spec §4: the 'saved' message disappears after 3 s. */
const SAVED_MESSAGE_MS = 3000;
const INVALID = 'Invalid timezone selected';

/** The current time in the zone every date uses, ticking each minute. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Settings → Timezone: auto-detect, the twelve zones with their offsets, Save and Reset. */
export function TimezoneTab() {
  const session = useSession();
  const saveTimezone = useSaveTimezone();
  const now = useNow();
  const switchId = useId();
  const selectId = useId();
  const browser = useMemo(() => browserTimezone(), []);
  const pref = useTimezonePreference();
  // The saved preference; on a load failure the browser's zone stands in (spec §4).
  const fallback: TTimezonePreference = { timezone: browser ?? DEFAULT_TIMEZONE, autoDetect: true };
  const saved = pref.data ?? (pref.isError ? fallback : null);
  const [draft, setDraft] = useState<TTimezonePreference | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const autoChecked = useRef(false);

  useEffect(() => {
    if (!browser) toast.error('Failed to detect timezone');
  }, [browser]);

  useEffect(() => {
    if (pref.isError) toast.error('Failed to load timezone preference');
  }, [pref.isError]);

  useEffect(() => {
    if (savedAt === null) return;
    const timer = window.setTimeout(() => setSavedAt(null), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [savedAt]);

  async function persist(next: TTimezonePreference): Promise<boolean> {
    const parsed = ZTimezonePreference.safeParse(next);
    if (!parsed.success) {
      setError(INVALID);
      toast.error(INVALID);
      return false;
    }
    setSaving(true);
    setError(null);
    try {
      // Every date in the app reads the zone from the session; the hook refreshes it.
      const stored = await saveTimezone.mutateAsync(parsed.data);
      setDraft(stored);
      setSavedAt(Date.now());
      return true;
    } catch (err) {
      const message = err instanceof ApiError && err.status === 400 ? INVALID : 'Failed to update timezone preference';
      setError(message);
      toast.error('Failed to update timezone preference', {
        description: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : undefined,
      });
      return false;
    } finally {
      setSaving(false);
    }
  }

  // Spec §4: with auto-detect on and the browser in another zone, the saved zone follows the browser.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per loaded preference
  useEffect(() => {
    if (!pref.data || autoChecked.current) return;
    autoChecked.current = true;
    if (pref.data.autoDetect && browser && browser !== pref.data.timezone) {
      void persist({ timezone: browser, autoDetect: true });
    }
  }, [pref.data, browser]);

  if (!saved) return <PageLoading label="Loading timezone preference..." />;

  const current = draft ?? saved;
  const dirty = current.timezone !== saved.timezone || current.autoDetect !== saved.autoDetect;
  const options = timezoneOptions([saved.timezone, current.timezone, browser], now);
  const browserDiffers = Boolean(browser && browser !== current.timezone);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Timezone</CardTitle>
          <p className="text-sm text-slate-600">Every date and time in Pennant is shown in this zone.</p>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
            <div>
              <label htmlFor={switchId} className="text-sm font-medium text-slate-900">
                Detect my timezone automatically
              </label>
              <p className="text-xs text-slate-600">
                Follows this browser's zone{browser ? `: ${timezoneOptionLabel(browser, now)}` : ''}.
              </p>
            </div>
            <Switch
              id={switchId}
              checked={current.autoDetect}
              disabled={saving}
              onCheckedChange={(on) =>
                setDraft({ timezone: on && browser ? browser : current.timezone, autoDetect: on })
              }
            />
          </div>

          <div className="space-y-1.5">
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
              Timezone
            </label>
            <Select
              id={selectId}
              value={current.timezone}
              disabled={saving || current.autoDetect}
              aria-describedby={`${selectId}-hint`}
              aria-invalid={error === INVALID}
              onChange={(e) => setDraft({ timezone: e.target.value, autoDetect: current.autoDetect })}
            >
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </Select>
            <p id={`${selectId}-hint`} className="text-xs text-slate-500">
              {current.autoDetect
                ? 'Turn off automatic detection to choose a zone yourself.'
                : 'Offsets are shown for today, daylight saving included.'}
            </p>
          </div>

          {browserDiffers && browser ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800">
              <span className="flex items-center gap-2">
                <MapPin className="h-4 w-4 text-brand-700" aria-hidden />
                Your browser is in {timezoneOptionLabel(browser, now)}.
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={saving}
                onClick={() => setDraft({ timezone: browser, autoDetect: current.autoDetect })}
              >
                Use This Timezone
              </Button>
            </div>
          ) : null}

          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}

          <div className="flex flex-wrap items-center gap-3">
            <Button disabled={saving || !dirty} onClick={() => void persist(current)}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
            <Button
              variant="outline"
              disabled={saving || !dirty}
              onClick={() => {
                setDraft(null);
                setError(null);
              }}
            >
              Reset
            </Button>
            <span role="status" className="text-sm font-medium text-green-700">
              {savedAt !== null ? 'Timezone saved' : ''}
            </span>
          </div>
        </CardContent>
      </Card>

      <Card className="h-fit">
        <CardHeader>
          <CardTitle>Your clock</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm text-slate-700">
          <p className="flex items-center gap-2">
            <Clock className="h-4 w-4 text-slate-500" aria-hidden />
            <span>
              Current time: <time dateTime={now.toISOString()}>{formatDateTime(now, session.timezone)}</time>
            </span>
          </p>
          <p className="text-slate-600">Shown in {timezoneOptionLabel(session.timezone, now)}.</p>
        </CardContent>
      </Card>
    </div>
  );
}
